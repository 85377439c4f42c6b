"""A cushion met between two sightings a few cm from its nose (sixth round; pooltool dev near-rail-2/-4 at 30/720p):
the ball slides off the cushion and slows fast, so the piece after it, a quadratic over the slide and the roll,
starts several mm off its first sighting, and the kink between the pieces falls more than the rail tolerance from
the nose. The piece before carried forward from its last sighting and the piece after carried back to its first
both reach the nose inside that frame interval, at nearly the same moment: a contact. Made-up sightings fitted
straight (no tracker)."""

from __future__ import annotations

import numpy as np
from madeup import FPS, G, run

R = G.ball_radius


def into_foot(t: np.ndarray, t_c: float, v_in: float = 1.25, v_out: float = 1.0, slide: float = 0.15,
              a_s: float = 3.5, a_r: float = 0.1, vy: float = 0.41) -> np.ndarray:
    """Rolling into the foot cushion at ``v_in`` (from 1.0 s), off it at ``v_out`` sliding (deceleration ``a_s``)
    for ``slide`` s, then rolling (``a_r``) to a stop; ``vy`` along the cushion throughout."""
    x_c = G.length - R
    s = t - t_c
    x = np.where(s <= 0, x_c + v_in * s, 0.0)
    u = np.clip(s, 0.0, slide)
    v_r = v_out - a_s * slide
    after = v_out * u - 0.5 * a_s * u ** 2
    w = np.clip(s - slide, 0.0, v_r / a_r)
    after = after + v_r * w - 0.5 * a_r * w ** 2
    x = np.where(s > 0, x_c - after, x)
    x = np.where(t < 1.0, x_c + v_in * (1.0 - t_c), x)
    y = 0.3 + vy * (np.clip(t, 1.0, t_c + 0.8) - 1.0)
    return np.stack([x, y], axis=1)


def test_a_cushion_between_two_sightings_a_few_cm_off_it() -> None:
    t = np.arange(0.0, 6.0, 1.0 / FPS)
    misses = []
    for k in range(8):
        t_c = 2.1333 + (0.27 + 0.05 * k) / FPS  # the last sighting before it 10-20 mm from the nose
        for seed in range(3):
            ev = run({0: into_foot(t, t_c)}, t, {0}, seed, sigma=0.0022)
            touch = [e for e in ev if e.type == "cushion"]
            if [e.rail for e in touch] != ["foot"] or abs(touch[0].t - t_c) > 1.0 / FPS:
                misses.append((k, seed, [(round(e.t, 3), e.rail) for e in touch], round(t_c, 3)))
    assert not misses, misses
