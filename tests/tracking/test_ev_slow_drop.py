"""A slow ball followed through a pocket's opening drops where it comes closest to the pocket (real 2019 clip 1:
the 5 creeping into foot-left at 0.19 m/s, last seen 3 cm short of the foot nose line)."""

from __future__ import annotations

import numpy as np

from tracking.events import EventConfig, ShotContext, _follow_to_exit
from vision.geometry import TableGeometry

G = TableGeometry()


def test_a_slow_ball_through_a_corner_opening_drops_at_its_closest_approach() -> None:
    ctx = ShotContext(G, 1 / 25, 1.3, 9.0)
    p0, v0, t0 = np.array([2.51, 0.034]), np.array([0.175, 0.083]), 2.28
    ev = _follow_to_exit(5, p0, v0, t0, t0, ctx, EventConfig())
    assert ev is not None and (ev.type, ev.ball, ev.pocket) == ("pocket", 5, "foot-left")
    pk = np.asarray(next(p for p in G.pockets if p.name == "foot-left").centre)
    # timed at the closest approach of the straight follow (the per-step growth there is far below 0.1 mm)
    s = np.linspace(0.0, 0.5, 5001)
    d = np.hypot(*(p0[:, None] + v0[:, None] * s - 0.1 * s ** 2 * v0[:, None] / np.hypot(*v0) - pk[:, None]))
    assert abs(ev.t - (t0 + s[int(np.argmin(d))])) < 0.03


def test_a_fast_ball_through_the_opening_still_drops_at_once() -> None:
    ctx = ShotContext(G, 1 / 30, 0.0, 5.0)
    p0, v0 = np.array([2.45, 0.06]), np.array([1.5, -0.5])
    ev = _follow_to_exit(3, p0, v0, 1.0, 1.0, ctx, EventConfig())
    assert ev is not None and (ev.type, ev.pocket) == ("pocket", "foot-left") and ev.t - 1.0 < 0.1
