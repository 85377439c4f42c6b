"""A jaw touched in the first frame gap after a hit, in a pocket's mouth, is found from the jaw models (issue 5,
``events._bounce_after_hit`` with ``_jaw_v``).

ho98 near-rail-951 at 60/1080p (held out, scored on the frozen 3aaf3e6; now dev; fixture
``jaw_after_hit_n951_60.json``, its detections from 0 to 3.2 s, a 14.1 position with the 3 and the 14): the cue
ball hit the 14, resting by the right cushion beside side-right, at 2.2362 s and went on at 3.2 m/s into the tip of
that pocket's jaw, touching it at 2.2574 s. It was seen 16 and 18 mm off the right nose either side of the touch,
so the piece between them is a two-sighting chord and no kink lies at the nose. ``_bounce_after_hit`` looks for
such a V after a hit with the nose lines, and not in a mouth, where the jaws turn a ball: the right contact was
lost. The move in from the hit, carried on, and the move out, carried back, meet the jaw within 2 ms."""

from __future__ import annotations

from pathlib import Path

import pytest
from madeobs import fixture_shots

import tracking.events as events

FIX = Path(__file__).parent / "fixtures" / "jaw_after_hit_n951_60.json"
T_TOUCH = 2.2574


def _cue_rights() -> list[float]:
    (shot,) = fixture_shots(FIX, "straight-pool", {3, 14})
    hits = [e for e in shot.events if e.type == "collision"]
    assert [e.balls for e in hits] == [(0, 14)], hits
    return [e.t for e in shot.events if e.type == "cushion" and e.ball == 0 and e.rail == "right"]


def test_the_jaw_touch_after_the_hit_is_found_and_timed() -> None:
    rights = _cue_rights()
    assert len(rights) == 1, rights
    assert abs(rights[0] - T_TOUCH) < 0.25 / 60, rights


def test_without_the_jaw_models_it_was_lost(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(events, "_jaw_v", lambda *a, **k: [])
    assert _cue_rights() == []
