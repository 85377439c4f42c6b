"""A ball frozen to a cushion struck nearly along it: a collision sends a resting ball along the line of centres,
so a ball that leaves the cushion more steeply than that line allows was pushed into it by the hit (ho12
frozen-220's 1, struck 4 degrees into the foot cushion, left it at 7 degrees; the existing frozen rule needs the
line of centres 6 degrees into the cushion). Made-up tracks, fitted straight (tracking.paths + tracking.events)."""

from __future__ import annotations

import numpy as np
import pytest
from madeup import run

from vision.geometry import TableGeometry

G = TableGeometry()
R = G.ball_radius
FPS = 30.0


def _struck_along_right_rail(into_deg: float, out_deg: float, phase: float,
                             t: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
    """Ball 1 frozen to the right cushion (0.5 mm off), struck by the cue ball coming in at 25 degrees to the rail
    with the line of centres ``into_deg`` into the cushion; it leaves at ``out_deg`` off the cushion at 2.2 m/s
    (slowing at 0.3 m/s^2); the cue ball stops dead. Returns the cue ball's and the 1's tracks and the hit time."""
    t_hit = (45 + phase) / FPS
    p0 = np.array([1.0, G.width - R - 0.0005])
    a = np.radians(into_deg)
    n = np.array([np.cos(a), np.sin(a)])  # +y heads into the right cushion
    c = p0 - 2 * R * n
    w = np.array([np.cos(np.radians(25.0)), np.sin(np.radians(25.0))])
    cue = np.where((t < t_hit)[:, None], c[None] - (t_hit - t)[:, None] * 2.8 * w[None], c[None])
    d = np.array([np.cos(np.radians(out_deg)), -np.sin(np.radians(out_deg))])
    tau = np.clip(t - t_hit, 0.0, None)
    s = 2.2 * tau - 0.15 * tau * tau
    one = p0[None] + s[:, None] * d[None]
    return cue, one, t_hit


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("into_deg,out_deg,phase", [(4.0, 7.0, 0.3), (2.0, 8.0, 0.6), (4.0, 9.0, 0.8)])
def test_a_frozen_ball_struck_along_its_cushion_and_leaving_it_steeply_touched_it(
        into_deg: float, out_deg: float, phase: float, seed: int) -> None:
    t = np.arange(0.0, 3.0, 1.0 / FPS)
    cue, one, t_hit = _struck_along_right_rail(into_deg, out_deg, phase, t)
    ev = run({0: cue, 1: one}, t, {0, 1}, seed)
    hits = [e for e in ev if e.type == "cushion" and e.ball == 1 and e.t < t_hit + 0.2]
    assert [e.rail for e in hits] == ["right"], (into_deg, out_deg, seed, ev)
    assert abs(hits[0].t - t_hit) < 1.0 / FPS


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("away_deg", [2.0, 6.0])
def test_a_frozen_ball_struck_off_its_cushion_along_the_line_of_centres_touched_nothing(away_deg: float,
                                                                                        seed: int) -> None:
    t = np.arange(0.0, 3.0, 1.0 / FPS)
    cue, one, t_hit = _struck_along_right_rail(-away_deg, away_deg, 0.5, t)
    ev = run({0: cue, 1: one}, t, {0, 1}, seed)
    assert not [e for e in ev if e.type == "cushion" and e.ball == 1 and e.t < t_hit + 0.2], (away_deg, seed, ev)
