"""A nameless track where a ball rested before it was picked up, whose ball is in plain view elsewhere, is not found
again far away (issue 5, ``BallTracker._within_reach`` with ``_former_holder``).

ho101 nine-ball-rack-188, the review's own detections at 30/720p (held out, scored on the frozen 00ec510; now dev;
fixture ``former_holder_nb188_30.json``, 12.0-26.5 s: shot 2, the cue ball in hand, shot 3). After shot 2's foul the
cue ball, resting at (2.25, 0.77), was taken in hand at 22.1 s and put down at (0.87, 0.44); a new track followed it
there and won its name. The old track, nameless, kept the full reach of an unnamed track: at 23.57 s it took a blob
1.56 m away (scored cue ball 0.69) and, seen, won the cue ball's name back by its votes. At 24.43 s, as the cue ball
was struck, it took the cue's butt by head-right: shot 3 was read as the cue ball running into head-right with no
contact (truth: the cue ball hits the 1 into side-left), and three later rulings went wrong with it."""

from __future__ import annotations

from pathlib import Path

import pytest
from madeobs import fixture_shots

import tracking.tracker as tracker_mod

FIX = Path(__file__).parent / "fixtures" / "former_holder_nb188_30.json"


def _shot_3() -> tuple[tuple[int, int] | None, dict[int, str]]:
    shots = fixture_shots(FIX, "nine-ball", {1, 2, 3, 4, 5, 6, 7, 9})
    assert len(shots) == 2
    shot = shots[1]
    first = next((e.balls for e in shot.events if e.type == "collision"), None)
    return first, {e.ball: e.pocket for e in shot.events if e.type == "pocket"}


def test_the_placed_cue_ball_keeps_its_name_and_hits_the_1() -> None:
    first, pockets = _shot_3()
    assert first == (0, 1)
    assert pockets == {1: "side-left"}


def test_with_the_full_reach_the_old_track_took_the_cue_ball_s_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tracker_mod.BallTracker, "_former_holder", lambda self, tr: False)
    first, pockets = _shot_3()
    assert first is None
    assert pockets == {0: "head-right"}
