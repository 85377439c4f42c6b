"""A ball held as flown off the table is not found again at its mirrored prediction on a sighting that does not look
like it (issue 5, ``_flown_over`` in ``BallTracker._associate``).

ho105 jump-1021, the detector's detections at 60/720p (held out, scored on the frozen f560ba7; now dev; fixture
``flown_tip_j1021_60.json``, 1.0-2.6 s). The cue ball, jumped, struck the 6 at 1.752 s; the 6 flew at the left
rail at 11-13 m/s, met the cushion at 1.781 s and left the table over it at 1.800 s. It was last seen 14 cm from
the nose. Mirrored back off that cushion its prediction lay 5 cm from the cue's tip (round, scored cue ball 0.75
and the 6 under 0.04), which the 6's track took: the 6 "stayed" on the table, and its cushion and its flight off
were lost."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from madeobs import fixture_shots

import tracking.tracker as tracker_mod

FIX = Path(__file__).parent / "fixtures" / "flown_tip_j1021_60.json"


def _facts() -> tuple[tuple[int, int] | None, list[str], set[int]]:
    shots = fixture_shots(FIX, "straight-pool", {6})
    assert len(shots) == 1
    events = shots[0].events
    first = next((e.balls for e in events if e.type == "collision"), None)
    rails = [e.rail for e in events if e.type == "cushion" and e.ball == 6 and e.rail]
    off = {e.ball for e in events if e.type == "off_table" and e.ball is not None}
    return first, rails, off


def test_the_6_leaves_over_the_left_rail() -> None:
    first, rails, off = _facts()
    assert first == (0, 6)
    assert rails == ["left"]
    assert off == {6}


def test_with_the_mirrored_prediction_trusted_the_6_stays(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tracker_mod.BallTracker, "_unlike_flown",
                        lambda self, tr, obs, dets: np.zeros(len(dets), dtype=bool))
    first, rails, off = _facts()
    assert first == (0, 6)
    assert rails == []
    assert off == set()
