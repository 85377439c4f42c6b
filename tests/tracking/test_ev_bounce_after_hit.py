"""A cushion in the first frame gap after a ball was set off: a ball resting a few cm from a rail, hit into it, is
seen once on its way in and next seen coming back out, so its first piece is a chord across the V and no kink
lies at the cushion nose (dev vision near-rail-7 and eight-ball-rack-5 at 30 fps; toy dev miss-0, the cue ball
struck 4 cm from a rail). Made-up tracks, fitted straight (tracking.paths + tracking.events)."""

from __future__ import annotations

import numpy as np
import pytest
from madeup import run

from adjudicator.records import ShotEvent
from vision.geometry import TableGeometry

G = TableGeometry()
R = G.ball_radius
FPS = 30.0


def _run(tracks: dict[int, np.ndarray], t: np.ndarray, seed: int, sigma: float = 0.0015) -> list[ShotEvent]:
    return run(tracks, t, set(tracks), seed, sigma)


def _hit_into_right_rail(gap: float, speed: float, t_hit: float, t: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
    """Ball 1 resting ``gap`` (m) from touching the right cushion, hit at ``t_hit`` at ``speed`` toward it at 60
    degrees to the rail, rebounding with 0.8 of its normal speed and slowing at 0.3 m/s^2; the cue ball comes in
    along the line of centres and stops dead (a stun shot). Returns the two tracks and the contact time."""
    p0 = np.array([1.0, G.width - R - gap])
    u = np.array([-0.5, np.sqrt(3) / 2])
    s_hit = gap / u[1]  # path length to the nose
    xy = np.tile(p0, (len(t), 1))
    for k, tk in enumerate(t):
        tau = tk - t_hit
        if tau <= 0:
            continue
        s = speed * tau - 0.15 * tau * tau
        if s <= s_hit:
            xy[k] = p0 + s * u
        else:
            rest = s - s_hit
            xy[k] = p0 + s_hit * u + rest * np.array([u[0], -0.8 * u[1]]) / np.hypot(u[0], 0.8 * u[1])
    tau_c = (speed - np.sqrt(speed * speed - 4 * 0.15 * s_hit)) / 0.3
    cue_stop = p0 - 2 * R * u
    cue = np.where((t < t_hit)[:, None], cue_stop[None] - (t_hit - t)[:, None] * 1.5 * u[None], cue_stop[None])
    return cue, xy, t_hit + float(tau_c)


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("gap,speed,phase", [(0.02, 1.3, 0.6), (0.045, 1.6, 0.15), (0.03, 2.0, 0.7)])
def test_a_ball_hit_into_a_rail_a_few_cm_away_touches_it(gap: float, speed: float, phase: float, seed: int) -> None:
    t = np.arange(0.0, 3.0, 1.0 / FPS)
    t_hit = (45 + phase) / FPS
    cue, one, t_c = _hit_into_right_rail(gap, speed, t_hit, t)
    k1 = int(np.searchsorted(t, t_hit))
    assert t[k1] < t_c < t[k1 + 1]  # the V lies in the first frame gap after the hit: one sighting before it
    ev = _run({0: cue, 1: one}, t, seed)
    hits = [e for e in ev if e.type == "cushion" and e.ball == 1]
    assert [e.rail for e in hits] == ["right"], (gap, speed, seed)
    assert abs(hits[0].t - t_c) < 0.25 / FPS


@pytest.mark.parametrize("seed", range(3))
def test_a_ball_hit_toward_a_rail_that_stops_short_touches_nothing(seed: int) -> None:
    # the same layout, but hit softly: it runs 3 cm toward the rail and stops 2 cm short of it
    t = np.arange(0.0, 3.0, 1.0 / FPS)
    t_hit = 45.3 / FPS
    p0 = np.array([1.0, G.width - R - 0.05])
    u = np.array([-0.5, np.sqrt(3) / 2])
    tau = np.clip(t - t_hit, 0.0, None)
    s = np.minimum(0.6 * tau - 3.0 * tau * tau, 0.03)  # 0.6 m/s, stopping at 3 cm (heavy skid)
    one = p0[None] + s[:, None] * u[None]
    cue = np.where((t < t_hit)[:, None], (p0 - 2 * R * u)[None] - (t_hit - t)[:, None] * 1.0 * u[None],
                   (p0 - 2 * R * u)[None])
    ev = _run({0: cue, 1: one}, t, seed)
    assert not [e for e in ev if e.type == "cushion"], seed
