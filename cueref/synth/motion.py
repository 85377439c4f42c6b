"""Where every ball is at any time: dense truth samples with exact kinks, independent of the physics engine.

``Motion`` holds samples of all 16 balls (position, velocity, angular velocity) at a dense grid plus a pre- and
post-event sample at every event time. Between events pooltool's ball motion is a quadratic in time, so linear
interpolation on a 1 kHz grid is off by well under a micrometre (a/8 dt^2) and the kinks at collisions fall on
samples: ``sample(t)`` is the truth at any t. Absent balls (pocketed, off the table, not in the game) are NaN.

World frame for angular velocity: (x, y, down), the right-handed completion of the table frame (camera.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

N_BALLS = 16


@dataclass
class Motion:
    """Truth samples of the 16 balls. ``t`` (K,) is non-decreasing (equal pairs mark an event's before/after)."""

    t: np.ndarray
    xy: np.ndarray  # (K, 16, 2) m, NaN when absent
    v: np.ndarray  # (K, 16, 2) m/s
    w: np.ndarray  # (K, 16, 3) rad/s in (x, y, down)

    def __post_init__(self) -> None:
        k = len(self.t)
        for name, arr, tail in (("xy", self.xy, (2,)), ("v", self.v, (2,)), ("w", self.w, (3,))):
            if arr.shape != (k, N_BALLS, *tail):
                raise ValueError(f"Motion.{name} must have shape ({k}, 16, {tail[0]}), got {arr.shape}")
        if k == 0 or np.any(np.diff(self.t) < 0):
            raise ValueError("Motion.t must be non-empty and non-decreasing")

    @property
    def t_start(self) -> float:
        return float(self.t[0])

    @property
    def t_end(self) -> float:
        return float(self.t[-1])

    @classmethod
    def at_rest(cls, positions: np.ndarray, t0: float, t1: float) -> Motion:
        """Balls standing still at ``positions`` (16, 2) from t0 to t1."""
        p = np.asarray(positions, float).reshape(N_BALLS, 2)
        xy = np.stack([p, p])
        return cls(t=np.array([t0, max(t0, t1)]), xy=xy, v=np.zeros_like(xy), w=np.zeros((2, N_BALLS, 3)))

    def shifted(self, dt: float) -> Motion:
        return Motion(t=self.t + dt, xy=self.xy, v=self.v, w=self.w)

    @staticmethod
    def concat(parts: Sequence[Motion]) -> Motion:
        """Join motions in time order (each part may start where the previous ends: a jump in between is kept)."""
        for a, b in zip(parts, parts[1:], strict=False):
            if b.t_start < a.t_end - 1e-9:
                raise ValueError("Motion.concat: parts overlap in time")
        return Motion(t=np.concatenate([p.t for p in parts]), xy=np.concatenate([p.xy for p in parts]),
                      v=np.concatenate([p.v for p in parts]), w=np.concatenate([p.w for p in parts]))

    def _bracket(self, times: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        q = np.clip(np.asarray(times, float), self.t[0], self.t[-1])
        i = np.clip(np.searchsorted(self.t, q, side="right") - 1, 0, len(self.t) - 1)
        j = np.minimum(i + 1, len(self.t) - 1)
        span = self.t[j] - self.t[i]
        with np.errstate(invalid="ignore", divide="ignore"):
            f = np.where(span > 0, (q - self.t[i]) / np.where(span > 0, span, 1.0), 0.0)
        return i, j, f

    def sample(self, times: np.ndarray | float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(xy (T,16,2), v (T,16,2), w (T,16,3)) at ``times`` (clamped to the covered span).

        A ball is NaN from the instant it leaves (its pocket or off-table time) onward.
        """
        ts = np.atleast_1d(np.asarray(times, float))
        i, j, f = self._bracket(ts)
        fb = f[:, None, None]
        xy = self.xy[i] * (1 - fb) + self.xy[j] * fb
        gone = ~np.isfinite(self.xy[i]).all(axis=2)  # absent at the left sample: absent now
        xy[gone] = np.nan
        exact = f == 0
        xy[exact] = self.xy[i[exact]]
        v = self.v[i] * (1 - fb) + self.v[j] * fb
        w = self.w[i] * (1 - fb) + self.w[j] * fb
        return xy, v, w

    def positions(self, t: float) -> np.ndarray:
        """(16, 2) positions at one time."""
        return self.sample(np.array([t]))[0][0]
