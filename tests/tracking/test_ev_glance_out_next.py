"""A glancing contact whose slow way out lies mostly in the next piece (ho16 miss-260's 10, 60/1080p: in at 5 cm/s
toward the right cushion while running along it at 0.25 m/s, out at 1.2 cm/s). The polynomial through the V's
apex ends leaving the cushion at under 2 cm/s (half ``moving_speed``) and the piece after it, a frame on, leaves at
3-4 cm/s: ``events._bounce_inside`` reads the turn from how fast the next piece leaves, where it read only the
piece's own end and found nothing (the contact was then timed 0.6 s late by a kink of the creep along the
cushion). Made-up sightings modelled on the clip (leaving at 3 cm/s), split where the clip's pieces split (tracking.paths'
``_piece``) and fitted with the detector's noise."""

from __future__ import annotations

import numpy as np
import pytest

from tracking.events import EventConfig, ShotContext, infer_events
from tracking.paths import BallPath, _piece, kink_time
from vision.geometry import TableGeometry

G = TableGeometry()
R = G.ball_radius
T_C = 8.18


def _track(t: np.ndarray, v_out: float) -> np.ndarray:
    """Along the right cushion at 0.25 m/s (slowing at 0.2 m/s^2), curving in (10 cm/s into it 0.38 s before the
    contact, 4 cm/s at it: the clip's pieces), out at ``v_out`` m/s."""
    x = 2.13 - 0.25 * (t - T_C) + 0.1 * (t - T_C) ** 2
    y_nose = G.width - R
    s = T_C - t
    y = np.where(t < T_C, y_nose - 0.04 * s - 0.079 * s * s, y_nose - v_out * (t - T_C))
    return np.stack([x, y], axis=1)


def _path(t: np.ndarray, xy: np.ndarray, cut: float) -> BallPath:
    idx = np.arange(len(t))
    a, b = idx[t <= cut], idx[t > cut]
    pre, post = _piece(t[a], xy[a], a), _piece(t[b], xy[b], b)
    return BallPath(10, (pre, post), (kink_time(pre, post),), t, xy)


@pytest.mark.parametrize("seed", range(4))
def test_a_glance_whose_way_out_the_next_piece_holds_touched_the_cushion(seed: int) -> None:
    fps = 60.0
    t = np.arange(int(7.8 * fps), int(8.77 * fps)) / fps
    xy = _track(t, 0.03) + np.random.default_rng(seed).normal(0.0, 0.0005, (len(t), 2))
    path = _path(t, xy, 8.285)
    pre, post = path.pieces
    inward = np.array([0.0, -1.0])
    assert 0.0 < float(pre.vel(pre.t1) @ inward) < 0.02 < float(post.vel(post.t0) @ inward)  # the case
    ev, _ = infer_events({10: path}, ShotContext(G, 1.0 / fps, 7.7, 8.9, {10}, {10}), EventConfig())
    rights = [e.t for e in ev if e.type == "cushion" and e.rail == "right"]
    assert len(rights) == 1, ev
    assert abs(rights[0] - T_C) < 0.05, rights
