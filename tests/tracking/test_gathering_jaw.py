"""A ball gathering speed into a pocket touches the jaw its straight line heads for (issue 5,
``events._straight_meets_jaw`` with ``_gathering_meets_jaw``).

ho101 scratch-982 at 30/720p (held out, scored on the frozen 00ec510; now dev; fixture
``gathering_jaw_s982_30.json``, the whole clip: the cue ball, the 8 and the 9). After pocketing the 8 the cue ball
ran into head-right, its follow taking hold (0.65 to 0.9 m/s), touched the head jaw at 2.6710 s and dropped at
2.7177 s: the shot's only rail after contact. ``_jaw_kink`` found the glance, but the straight line through the
last sightings, carried on at their mean speed, stopped 3.95 mm short of the jaw, beyond ``jaw_slack``: the touch
was refused and the shot read as a foul with no rail."""

from __future__ import annotations

from pathlib import Path

import pytest
from madeobs import fixture_shots

import tracking.events as events_mod

FIX = Path(__file__).parent / "fixtures" / "gathering_jaw_s982_30.json"


def _shot() -> tuple[tuple[int, int] | None, dict[int, str], list[tuple[float, int, str]]]:
    (shot,) = fixture_shots(FIX, "straight-pool", {8, 9})
    first = next((e.balls for e in shot.events if e.type == "collision"), None)
    pockets = {e.ball: e.pocket for e in shot.events if e.type == "pocket" and e.ball is not None and e.pocket}
    cushions = [(e.t, e.ball, e.rail) for e in shot.events if e.type == "cushion" and e.ball is not None and e.rail]
    return first, pockets, cushions


def test_the_cue_ball_touches_the_head_jaw_before_it_drops() -> None:
    first, pockets, cushions = _shot()
    assert first == (0, 8)
    assert pockets == {8: "head-right", 0: "head-right"}
    assert [(b, r) for _, b, r in cushions] == [(0, "head")]
    assert abs(cushions[0][0] - 2.6710) < 1 / 30


def test_at_the_mean_speed_the_touch_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(events_mod, "_gathering_meets_jaw", lambda *a: False)
    first, pockets, cushions = _shot()
    assert first == (0, 8)
    assert pockets == {8: "head-right", 0: "head-right"}
    assert cushions == []
