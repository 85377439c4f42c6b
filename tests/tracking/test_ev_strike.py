"""The strike is the cue ball's first kink out of rest, even when the resting piece before it was fitted with a
slope (a short stretch of noise can extrapolate to a few cm/s at its end)."""

from __future__ import annotations

from tracking.events import ShotContext, infer_events
from tracking.paths import BallPath, Piece
from vision.geometry import TableGeometry

G = TableGeometry()


def piece(t0: float, t1: float, cx: tuple[float, float, float], cy: tuple[float, float, float]) -> Piece:
    return Piece(0, 0, t0, t1, t0, cx, cy, max(2, round((t1 - t0) * 30) + 1), 0.002)


def test_strike_out_of_a_sloped_resting_piece() -> None:
    # at rest at (1.0, 0.6) for a quarter second, fitted as a flat parabola whose end slope is 6 cm/s; struck at
    # 0.25 s to 1 m/s along x, at rest at 1.0 s; much later set moving again (hit by a ball the record lacks)
    rest = piece(0.0, 0.2333, (1.0, -0.06, 0.24), (0.6, 0.0, 0.0))
    run = piece(0.2667, 0.9667, (1.0167, 1.0, 0.0), (0.6, 0.0, 0.0))
    stop = piece(1.0, 2.0, (1.75, 0.0, 0.0), (0.6, 0.0, 0.0))
    again = piece(2.0333, 2.5, (1.75, 0.0, 0.0), (0.6167, 0.5, 0.0))
    path = BallPath(0, (rest, run, stop, again), (0.25, 0.98, 2.0))
    # the shot window starts late, as the segmenter sees the motion only a few frames in
    ctx = ShotContext(G, 1 / 30, 0.4, 2.5, {0}, {0})
    events, _ = infer_events({0: path}, ctx)
    strike = [e for e in events if e.type == "strike"]
    assert len(strike) == 1 and abs(strike[0].t - 0.25) < 1e-6


def test_a_slow_drifting_piece_is_not_rest() -> None:
    # a ball rolling 30 cm at 0.5 m/s before a kink: never a strike out of rest there
    roll = piece(0.0, 0.6, (0.5, 0.5, 0.0), (0.6, 0.0, 0.0))
    on = piece(0.6333, 1.0, (0.8, 0.8, 0.0), (0.6, 0.0, 0.0))
    path = BallPath(0, (roll, on), (0.6,))
    events, _ = infer_events({0: path}, ShotContext(G, 1 / 30, 0.0, 1.0, {0}, {0}))
    assert [e.t for e in events if e.type == "strike"] == [0.0]


def test_hidden_first_contact_with_a_sloped_resting_object_ball() -> None:
    # an arm hides both balls from 0.27 s to 0.73 s; the cue ball is struck at 0.4 s (1.8 m/s along x) and cuts
    # ball 11 at 0.45 s. Ball 11's resting piece was fitted with a slope that extrapolates 4 cm off by then.
    import numpy as np

    R = G.ball_radius
    obj = np.array([0.642, 0.470])
    off = 0.02
    contact = obj - np.array([np.sqrt((2 * R) ** 2 - off ** 2), off])  # cue-ball centre at contact
    n = (obj - contact) / (2 * R)
    v = np.array([1.8, 0.0])
    v_obj = (v @ n) * n
    v_cue = v - v_obj
    t_hit, t_strike = 0.45, 0.40
    start = contact - v * (t_hit - t_strike)
    cue = (piece(0.0, 0.2667, (start[0], 0.0, 0.0), (start[1], 0.0, 0.0)),
           piece(0.7333, 1.2, (contact[0] + v_cue[0] * (0.7333 - t_hit), v_cue[0], 0.0),
                 (contact[1] + v_cue[1] * (0.7333 - t_hit), v_cue[1], 0.0)))
    ball = (piece(0.0, 0.25, (obj[0], -0.06, 0.24), (obj[1], 0.0, 0.0)),
            piece(0.6, 1.2, (obj[0] + v_obj[0] * (0.6 - t_hit), v_obj[0], 0.0),
                  (obj[1] + v_obj[1] * (0.6 - t_hit), v_obj[1], 0.0)))
    paths = {0: BallPath(0, cue, (0.5,)), 11: BallPath(11, ball, (0.55,))}
    events, _ = infer_events(paths, ShotContext(G, 1 / 30, 0.3, 1.2, {0, 11}, {0, 11}))
    hits = [e for e in events if e.type == "collision"]
    assert hits and hits[0].balls == (0, 11)
