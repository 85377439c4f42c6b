"""A ball resting a few cm from a rail, hit into it just before a frame: the collision is timed within a fifth
of a frame of the ball's first sighting, so no speed from the hit to that sighting times its way in, and the
V lies in the next frame gap (ho12 near-rail-220's 1, 2.7 cm off the head cushion, hit 1 ms before its first
sighting, both grids at 30 fps). Its move out, carried back, leaves the nose in that gap, on a straight line
from its rest through its first sighting. Made-up tracks, fitted straight (tracking.paths + tracking.events)."""

from __future__ import annotations

import numpy as np
import pytest
from madeup import run
from test_ev_bounce_after_hit import _hit_into_right_rail

from vision.geometry import TableGeometry

G = TableGeometry()
FPS = 30.0


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("gap,speed,phase", [(0.027, 1.7, 0.95), (0.02, 1.3, 0.9), (0.035, 2.0, 0.97)])
def test_a_ball_hit_into_a_rail_just_before_a_frame_touches_it(gap: float, speed: float, phase: float,
                                                                  seed: int) -> None:
    t = np.arange(0.0, 3.0, 1.0 / FPS)
    t_hit = (45 + phase) / FPS
    cue, one, t_c = _hit_into_right_rail(gap, speed, t_hit, t)
    k1 = int(np.searchsorted(t, t_hit))
    assert t[k1] < t_c < t[k1 + 1]  # the V lies in the first frame gap after the first sighting
    ev = run({0: cue, 1: one}, t, {0, 1}, seed)
    hits = [e for e in ev if e.type == "cushion" and e.ball == 1]
    assert [e.rail for e in hits] == ["right"], (gap, speed, seed, ev)
    assert abs(hits[0].t - t_c) < 0.3 / FPS


@pytest.mark.parametrize("seed", range(3))
def test_a_ball_hit_away_from_a_rail_just_before_a_frame_touches_nothing(seed: int) -> None:
    # resting 2.7 cm off the right cushion, hit away from it at 60 degrees 1.7 ms before a frame
    t = np.arange(0.0, 3.0, 1.0 / FPS)
    t_hit = 45.95 / FPS
    p0 = np.array([1.0, G.width - G.ball_radius - 0.027])
    u = np.array([-0.5, -np.sqrt(3) / 2])
    tau = np.clip(t - t_hit, 0.0, None)
    s = 1.7 * tau - 0.15 * tau * tau
    one = p0[None] + s[:, None] * u[None]
    cue_stop = p0 - 2 * G.ball_radius * u
    cue = np.where((t < t_hit)[:, None], cue_stop[None] - (t_hit - t)[:, None] * 1.5 * u[None], cue_stop[None])
    ev = run({0: cue, 1: one}, t, {0, 1}, seed)
    assert not [e for e in ev if e.type == "cushion"], (seed, ev)
