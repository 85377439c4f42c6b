"""A cue ball lifted and put down elsewhere (ball in hand) leaves its old track behind, and that track takes nothing
far from where the ball lay (issue 5, ``BallTracker._name_seen_elsewhere`` in ``_held_under``).

ho105 nine-ball-rack-192, the review's detections at 30/720p (held out, scored on the frozen f560ba7; now dev;
fixture ``lifted_cue_nb192_30.json``, 40.0-48.5 s). After a foul the cue ball, resting since 43.3 s, was picked
up at 44.93 s and put down 1.5 m away at 45.1 s, where a new track took it and, at 45.6 s, its name. The old
track, hidden 0.97 s, took the shooter's stroking hand 50 cm from its spot (scored cue ball 0.37-0.57) and won the
name back on alternate frames. On a frame where the real cue ball's track was nameless, the 2's track, lost into
foot-left a frame before, took the cue ball: the 2's drop was lost, the 2 "hit" the 7, and the review's next
three rulings went wrong."""

from __future__ import annotations

from pathlib import Path

import pytest
from madeobs import fixture_shots

import tracking.tracker as tracker_mod

FIX = Path(__file__).parent / "fixtures" / "lifted_cue_nb192_30.json"


def _last_shot() -> tuple[tuple[int, int] | None, dict[int, str], list[tuple[int, int]]]:
    shots = fixture_shots(FIX, "nine-ball", {2, 4, 5, 6, 7, 8, 9})
    assert len(shots) == 2
    events = shots[-1].events
    assert abs(shots[-1].t_start - 47.18) < 0.02
    hits = [e.balls for e in events if e.type == "collision" and e.balls is not None]
    pockets = {e.ball: e.pocket for e in events if e.type == "pocket" and e.ball is not None and e.pocket}
    return (hits[0] if hits else None), pockets, hits


def test_the_2_drops_into_foot_left_after_the_cue_ball_was_put_down() -> None:
    first, pockets, hits = _last_shot()
    assert first == (0, 2)
    assert pockets == {2: "foot-left"}
    assert hits == [(0, 2), (0, 7)]


def test_without_the_rule_the_old_track_takes_the_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tracker_mod.BallTracker, "_name_seen_elsewhere", lambda self, tr: False)
    first, pockets, hits = _last_shot()
    assert first == (0, 2)
    assert pockets == {}
    assert (2, 7) in hits
