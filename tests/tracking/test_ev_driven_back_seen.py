"""A resting ball 19 mm off a cushion, struck into it, seen once on its way, once at the nose and then back out
(ho16 near-rail-260's 15, both 60 fps grids: hit at 2.9764 s, seen 14 mm off, then 1.3 mm off, then leaving).
The piece from rest absorbs the first moving sighting (5 mm off its rest, inside the fit tolerance) and the rebound
piece the one at the nose, so no kink lies between an approach and a retreat; and the ball could not have reached
the nose unseen by its first sighting after the hit, which ``events._driven_back_off`` asked. Seen at the nose
after the hit and back off farther than it rested, the cushion turned it. Made-up tracks modelled on the clip,
fitted with the detector's noise (tracking.paths + tracking.events)."""

from __future__ import annotations

import numpy as np
import pytest

from tracking.events import EventConfig, ShotContext, infer_events
from tracking.paths import fit_path
from vision.geometry import TableGeometry

G = TableGeometry()
R = G.ball_radius
SIGMA = 0.0008  # the 60/720p detector's noise on a ball alone (the clip's rest piece: 0.6 mm rms)
T_HIT = 2.9764


def _tracks(t: np.ndarray, gap: float) -> tuple[np.ndarray, np.ndarray, float]:
    """Cue ball and object ball (resting ``gap`` m off the foot cushion's touching line), struck along n into it
    at the cue ball's speed along n; it leaves the cushion at (-0.43, -0.20) m/s. Returns the contact time."""
    p = np.array([G.length - R - gap, 0.6637])
    n = np.array([0.8, -0.6])
    v_cue = np.array([1.0, -0.15])
    speed = float(v_cue @ n)
    p_hit = p - 2 * R * n
    cue = np.where((t < T_HIT)[:, None], p_hit + (t - T_HIT)[:, None] * v_cue,
                   p_hit + (t - T_HIT)[:, None] * (v_cue - speed * n))
    t_c = T_HIT + gap / (speed * n[0])
    at_nose = p + (t_c - T_HIT) * speed * n
    out = np.array([-0.43, -0.20])
    s = np.clip(t - t_c, 0.0, None)[:, None]
    after = at_nose + s * out - 0.5 * 0.2 * s ** 2 * out / np.linalg.norm(out)
    ball = np.where((t < T_HIT)[:, None], p,
                    np.where((t < t_c)[:, None], p + (t - T_HIT)[:, None] * speed * n, after))
    return cue, ball, t_c


@pytest.mark.parametrize("seed", range(6))
def test_a_ball_seen_at_the_nose_between_its_hit_and_its_way_back_touched_it(seed: int) -> None:
    fps = 60.0
    t = np.arange(67, 240) / fps  # frames on the clip's phase: 2.9833 and 3.0000 s between hit and contact
    cue, ball, t_c = _tracks(t, 0.0189)
    rng = np.random.default_rng(seed)
    paths = {}
    for b, track in ((0, cue), (15, ball)):
        path = fit_path(b, t, track + rng.normal(0.0, SIGMA, track.shape), tolerance=0.009)
        assert path is not None
        paths[b] = path
    ev, _ = infer_events(paths, ShotContext(G, 1.0 / fps, 2.0, float(t[-1]), {0, 15}, {0, 15}), EventConfig())
    assert any(e.type == "collision" and e.balls and set(e.balls) == {0, 15} for e in ev), ev
    foot = [e.t for e in ev if e.type == "cushion" and e.ball == 15 and e.rail == "foot"]
    assert len(foot) == 1, ev
    assert abs(foot[0] - t_c) < 0.5 / fps, (foot, t_c)
