"""A ball off a cushion beside a pocket's mouth that meets the other rail's jaw a frame later and drops has touched
both: the jaw touch found on its way into the pocket is not the same contact as the cushion found at the kink
(pooltool dev bank-4, 30/720p: the 4 off the foot cushion at 2.790 s, the left jaw of foot-left at 2.844 s, in the
pocket at 2.850 s; the jaw touch was dropped as a repeat of the foot contact 54 ms earlier). Made-up track, fitted
with the detector's noise (tracking.paths + tracking.events)."""

from __future__ import annotations

import numpy as np
import pytest

from tracking.events import EventConfig, ShotContext, infer_events
from tracking.paths import fit_path
from vision.geometry import TableGeometry

G = TableGeometry()
R = G.ball_radius
FPS = 30.0


@pytest.mark.parametrize("seed", range(4))
def test_a_jaw_a_frame_after_the_other_rail_is_a_contact_of_its_own(seed: int) -> None:
    rng = np.random.default_rng(seed)
    t = np.arange(0.0, 4.0, 1.0 / FPS)
    t_hit = 2.79
    p_hit = np.array([G.length - R, 0.07])  # the foot cushion 7 cm from the corner, beside foot-left's mouth
    v_in, v_out = np.array([1.5, -0.85]), np.array([-0.1, -1.45])  # spin sends it on along the foot rail
    xy = np.where((t < t_hit)[:, None], p_hit + (t - t_hit)[:, None] * v_in, p_hit + (t - t_hit)[:, None] * v_out)
    xy[t < 2.3] = p_hit + (2.3 - t_hit) * v_in  # at rest until struck
    xy[t > t_hit + 1.6 / FPS] = np.nan  # seen twice off the cushion, then over the hole
    cue = np.tile([0.6, 0.6], (len(t), 1))
    paths = {}
    for b, track in ((0, cue), (1, xy)):
        p = fit_path(b, t, track + rng.normal(0.0, 0.0022, track.shape), tolerance=4.5 * 0.0022)
        assert p is not None
        paths[b] = p
    ev = infer_events(paths, ShotContext(G, 1.0 / FPS, 0.0, 4.0, {0, 1}, {0}), EventConfig())[0]
    assert [(e.ball, e.pocket) for e in ev if e.type == "pocket"] == [(1, "foot-left")]
    cushions = [(e.rail, e.t) for e in ev if e.type == "cushion"]
    assert [r for r, _ in cushions] == ["foot", "left"], cushions
    assert abs(cushions[0][1] - t_hit) < 0.5 / FPS
