"""A ball frozen to a cushion and driven into it barely moves: it creeps off the cushion so slowly that one
polynomial takes its rest and its creep together, with no kink of its own. The hit is still a collision (the
cue ball's first contact) and the ball touched the cushion then."""

from __future__ import annotations

import numpy as np
import pytest

from tracking.events import ShotContext, infer_events
from tracking.paths import fit_path
from vision.geometry import TableGeometry

G = TableGeometry()
R = G.ball_radius


def legs(t: np.ndarray, knots: list[tuple[float, tuple[float, float]]]) -> np.ndarray:
    kt = np.array([k[0] for k in knots])
    kp = np.array([k[1] for k in knots])
    return np.stack([np.interp(t, kt, kp[:, 0]), np.interp(t, kt, kp[:, 1])], axis=1)


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_frozen_ball_driven_into_its_cushion_creeps_off(seed: int) -> None:
    fps, sigma, t_hit = 30.0, 0.0022, 1.2
    t = np.arange(0.0, 2.0, 1 / fps)
    frozen = (0.8, R)
    # the cue ball comes down onto it at 3 m/s and bounces back; the frozen ball creeps off at 4 cm/s
    cue_at_hit = (frozen[0] - 0.3 * 2 * R, frozen[1] + np.sqrt(1 - 0.09) * 2 * R)
    cue = legs(t, [(0.0, (cue_at_hit[0] - 0.3, cue_at_hit[1] + 3.0 * (t_hit - 0.9))), (0.9, (cue_at_hit[0] - 0.3,
               cue_at_hit[1] + 3.0 * (t_hit - 0.9))), (t_hit, cue_at_hit), (2.0, (cue_at_hit[0] - 0.5, 0.9))])
    cue[t < 0.9] = cue[0]
    obj = legs(t, [(0.0, frozen), (t_hit, frozen), (2.0, (frozen[0] + 0.012, frozen[1] + 0.03))])
    rng = np.random.default_rng(seed)
    paths = {}
    for b, xy in ((0, cue), (2, obj)):
        p = fit_path(b, t, xy + rng.normal(0, sigma, xy.shape), tolerance=4.5 * sigma)
        assert p is not None
        paths[b] = p
    events, _ = infer_events(paths, ShotContext(G, 1 / fps, 0.9, 2.0, {0, 2}, {0, 2}))
    hits = [e for e in events if e.type == "collision"]
    assert hits and hits[0].balls == (0, 2) and abs(hits[0].t - t_hit) < 0.5 / fps
    touch = [e for e in events if e.type == "cushion" and e.ball == 2]
    assert [e.rail for e in touch] == ["left"] and abs(touch[0].t - t_hit) < 0.5 / fps
