"""One typed factory around filterpy's KalmanFilter for a ball on the cloth.

State ``[x, vx, y, vy]`` in table metres and m/s; the transition uses the real time step between frames (never
``dt = 1``), and the process noise comes from ``filterpy.common.Q_discrete_white_noise`` so a ball that is struck
or bounces between frames is followed by widening the uncertainty instead of by a hand-made matrix.
"""

from __future__ import annotations

import numpy as np
from filterpy.common import Q_discrete_white_noise
from filterpy.kalman import KalmanFilter

H = np.array([[1.0, 0.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0]])


def make_ball_filter(x: float, y: float, *, position_sigma: float = 0.003, velocity_sigma: float = 1.0,
                     measurement_sigma: float = 0.003) -> KalmanFilter:
    """A constant-velocity filter started at rest-or-unknown at (x, y).

    Args:
        x, y: first observed centre, metres.
        position_sigma: standard deviation of that first position, metres.
        velocity_sigma: prior standard deviation of the velocity, m/s (large: a new track may already be moving).
        measurement_sigma: detector noise on a centre, metres.
    """
    kf = KalmanFilter(dim_x=4, dim_z=2)
    kf.x = np.array([x, 0.0, y, 0.0])
    kf.H = H.copy()
    kf.P = np.diag([position_sigma ** 2, velocity_sigma ** 2, position_sigma ** 2, velocity_sigma ** 2])
    kf.R = np.eye(2) * measurement_sigma ** 2
    return kf


def transition(dt: float) -> np.ndarray:
    """Constant-velocity transition for the state order [x, vx, y, vy]."""
    block = np.array([[1.0, dt], [0.0, 1.0]])
    f = np.zeros((4, 4))
    f[:2, :2] = block
    f[2:, 2:] = block
    return f


def predict(kf: KalmanFilter, dt: float, accel_var: float) -> None:
    """Advance ``kf`` by ``dt`` seconds with white-noise acceleration of variance ``accel_var`` (m/s^2)^2."""
    if dt <= 0:
        return
    kf.F = transition(dt)
    kf.Q = Q_discrete_white_noise(dim=2, dt=dt, var=accel_var, block_size=2, order_by_dim=True)
    kf.predict()


def position(kf: KalmanFilter) -> np.ndarray:
    return np.array([kf.x[0], kf.x[2]], dtype=float)


def velocity(kf: KalmanFilter) -> np.ndarray:
    return np.array([kf.x[1], kf.x[3]], dtype=float)


def streak_noise(measurement_sigma: float, half_path: np.ndarray) -> np.ndarray:
    """Measurement noise of a ball seen as a motion-blur streak whose half path is ``half_path`` (m): the detector's
    noise across it, and along it that of a point anywhere on the path (uniform over 2 |half_path|: variance
    |half_path|^2 / 3), since where along the streak mid-exposure lies depends on the ball's slowing and on how
    the exposure sits in the frame interval."""
    s = np.asarray(half_path, dtype=float).reshape(2)
    r: np.ndarray = np.eye(2) * measurement_sigma ** 2 + np.outer(s, s) / 3.0
    return r


def innovation_cov(kf: KalmanFilter) -> np.ndarray:
    """S = H P H^T + R: the spread of the next observation around the prediction."""
    s: np.ndarray = kf.H @ kf.P @ kf.H.T + kf.R
    return s
