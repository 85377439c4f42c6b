"""A ball that hits another nearly full and stops short at the contact keeps its own track (issue 5,
``BallTracker._seen_in_place`` with the collision hypotheses as places).

ho102 straight-pool-run-189, shot 4, the detector's detections at 30/720p (held out, scored on the frozen f3fa842;
now dev; fixture ``stun_hit_sp189_30.json``, 27.0-35.5 s). The cue ball, rolling at 3.3 m/s, hit the resting 15
nearly full at 28.0776 s and all but stopped there (4 cm on in the next frame), while the 15 ran on toward
side-left. On that frame the 15's blur scored cue ball 0.52, 15 under 0.01: it was claimed for the cue ball's
track, which was still unmatched, because the cue ball was not seen "in place", its straight prediction lying 7 cm
past where it stopped. The 15's track took the stopped cue ball and the cue ball's track the 15: the 15's drop into
side-left was lost (in this fixture, read as the cue ball's scratch). The collision hypotheses had put both balls
within 8 mm of their detections; the cue ball's hypothesis is now one of its places."""

from __future__ import annotations

from pathlib import Path

import pytest
from madeobs import fixture_shots

import tracking.tracker as tracker_mod

FIX = Path(__file__).parent / "fixtures" / "stun_hit_sp189_30.json"


def _shot() -> tuple[tuple[int, int] | None, dict[int, str], set[str]]:
    shots = fixture_shots(FIX, "straight-pool", {11, 15})
    assert len(shots) == 1
    events = shots[0].events
    first = next((e.balls for e in events if e.type == "collision"), None)
    pockets = {e.ball: e.pocket for e in events if e.type == "pocket" and e.ball is not None and e.pocket}
    rails = {e.rail for e in events if e.type == "cushion" and e.ball == 15 and e.rail}
    return first, pockets, rails


def test_the_struck_15_keeps_its_track_into_side_left() -> None:
    first, pockets, rails = _shot()
    assert first == (0, 15)
    assert pockets == {15: "side-left"}
    assert rails == {"left"}


def test_without_the_hypothesis_as_a_place_the_tracks_swap(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = tracker_mod.BallTracker._seen_in_place

    def plain(self: tracker_mod.BallTracker, tr: tracker_mod.Track, obs: object, d: int, lost: float = 0.0,
              also: object = None) -> bool:
        return seen(self, tr, obs, d, lost)  # type: ignore[arg-type]

    monkeypatch.setattr(tracker_mod.BallTracker, "_seen_in_place", plain)
    first, pockets, _ = _shot()
    assert first == (0, 15)
    assert pockets == {0: "side-left"}  # the 15's drop read as a scratch (in the whole clip, no pocket at all)
