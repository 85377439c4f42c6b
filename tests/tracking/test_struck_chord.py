"""A ball struck from rest into a cushion close by, seen once on the way in and once on the way out, has that cushion
even where the strike is timed off the chord between the two sightings (issue 5, ``events._bounce_after_hit`` with
``_left_nose_from_rest``).

ho100 kick-971 at 30/1080p (held out, scored on the frozen dcba319; now dev; fixture ``struck_chord_k971_30.json``,
its detections from 0 to 2.4 s, a 14.1 position with the 2 and 9): the cue ball, resting 12 cm off the foot cushion,
was struck into it at 4.3 m/s (truth: strike 1.4221 s, foot cushion 1.4502 s) and seen 8 cm short of the nose at
1.4333 s and 5 cm back out at 1.4667 s. Those two sightings made one slow piece, the strike was timed off it 28 ms
early, the way in carried from the first sighting at 1.0 m/s missed the gap, and the foot cushion was lost (at
30/720p too)."""

from __future__ import annotations

from pathlib import Path

import pytest
from madeobs import fixture_shots

import tracking.events as events_mod

FIX = Path(__file__).parent / "fixtures" / "struck_chord_k971_30.json"


def _cue_cushions() -> list[tuple[float, str]]:
    (shot,) = fixture_shots(FIX, "straight-pool", {2, 9})
    first = next(e.t for e in shot.events if e.type == "collision")
    assert abs(first - 1.8482) < 0.01  # the cue ball's contact with the 9, as before
    return [(e.t, e.rail) for e in shot.events if e.type == "cushion" and e.ball == 0 and e.t < first]


def test_the_foot_cushion_right_after_the_strike_is_found_and_timed() -> None:
    ((t, rail),) = _cue_cushions()
    assert rail == "foot"
    assert abs(t - 1.4502) < 0.005


def test_without_the_rest_line_check_the_foot_cushion_is_lost(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(events_mod, "_left_nose_from_rest", lambda *a, **k: [])
    assert _cue_cushions() == []
