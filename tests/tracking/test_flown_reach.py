"""A named ball lost moving is re-acquired from an unmatched detection only within the reach of the speeds seen
since (issue 5, ``BallTracker._within_reach`` with ``_reach_since``, as ``_associate`` already bounds it).

ho100 jump-971 at 60/720p (held out, scored on the frozen dcba319; now dev; fixture ``flown_reach_j971_60.json``,
its detections from 0 to 2.4 s, a 14.1 position with the 2, 12, 14 and 15): the cue ball jumped into the 12, which
hit the 15 and flew off the table over the head cushion (truth 1.8556 s). 7 frames after the 12's last sighting,
the 15's blurred detection, running at 4.5 m/s toward side-right, was scored as the 12 (0.66). Left unmatched by
``_associate``, whose bound kept the 12's track off it (0.64 m then, the detection 1.25 m away), it went to the 12's
track through ``_lost_match``, which allowed any place within ``max_speed``. The 12 then ran the 15's line into
side-right and was called pocketed there, not off the table."""

from __future__ import annotations

from pathlib import Path

import pytest
from madeobs import fixture_shots

import tracking.tracker as tracker_mod

FIX = Path(__file__).parent / "fixtures" / "flown_reach_j971_60.json"


def _gone() -> tuple[dict[int, str], set[int]]:
    (shot,) = fixture_shots(FIX, "straight-pool", {2, 12, 14, 15})
    pockets = {e.ball: e.pocket for e in shot.events if e.type == "pocket"}
    off = {e.ball for e in shot.events if e.type == "off_table"}
    return pockets, off


def test_the_flown_ball_is_off_the_table_and_only_the_15_drops() -> None:
    pockets, off = _gone()
    assert off == {12}
    assert pockets == {15: "side-right"}


def test_with_the_full_reach_the_flown_ball_took_the_15s_blur(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tracker_mod.BallTracker, "_reach_since", lambda self, tr, t: float("inf"))
    pockets, off = _gone()
    assert 12 not in off
    assert pockets.get(12) == "side-right"
