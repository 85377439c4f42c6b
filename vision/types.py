"""Plain data that crosses the vision → tracking seam. numpy only (no cv2), so tracking can import it."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

N_IDS = 16  # 0 = cue ball, 1-15


@dataclass(frozen=True)
class Frame:
    """One decoded frame; ``t`` comes from the container's timestamps (seconds), not index / fps."""

    index: int
    t: float
    image: np.ndarray  # H x W x 3, BGR uint8


@dataclass(frozen=True)
class BallObservations:
    """The balls seen in one frame, as parallel arrays (one row per observation).

    Attributes:
        t: frame time, seconds.
        frame_index: the frame's index in the source.
        xy: (N, 2) centres in the table frame, metres.
        xy_px: (N, 2) sub-pixel centres in the image.
        radius_px: (N,) apparent radius in pixels.
        confidence: (N,) detection confidence 0-1.
        id_scores: (N, 16) identity evidence per ball id (rows sum to 1; uniform when unknown).
        streak: (N, 2) for a ball smeared into a long motion-blur streak (the detector's kind 6), half its path
            during the exposure, table metres: the ball ran from ``xy - streak`` to ``xy + streak`` (or back; the
            sign is arbitrary) and ``xy`` is its place at mid-exposure. Zeros for a ball seen round. The tracker
            takes a streak as a fast ball, uncertain along it (``tracking/tracker.py``).
    """

    t: float
    frame_index: int
    xy: np.ndarray
    xy_px: np.ndarray = field(default_factory=lambda: np.zeros((0, 2)))
    radius_px: np.ndarray = field(default_factory=lambda: np.zeros((0,)))
    confidence: np.ndarray = field(default_factory=lambda: np.zeros((0,)))
    id_scores: np.ndarray = field(default_factory=lambda: np.zeros((0, N_IDS)))
    streak: np.ndarray = field(default_factory=lambda: np.zeros((0, 2)))

    def __post_init__(self) -> None:
        n = len(self.xy)
        xy = np.asarray(self.xy, dtype=float).reshape(-1, 2) if n else np.zeros((0, 2))
        object.__setattr__(self, "xy", xy)
        defaults = {
            "xy_px": np.full((n, 2), np.nan), "radius_px": np.full((n,), np.nan),
            "confidence": np.ones((n,)), "id_scores": np.full((n, N_IDS), 1.0 / N_IDS),
            "streak": np.zeros((n, 2)),
        }
        shapes = {"xy_px": (n, 2), "radius_px": (n,), "confidence": (n,), "id_scores": (n, N_IDS),
                  "streak": (n, 2)}
        for name, shape in shapes.items():
            value = np.asarray(getattr(self, name), dtype=float)
            if value.size == 0 and n > 0:
                value = defaults[name]
            if value.shape != shape:
                raise ValueError(f"BallObservations.{name}: expected shape {shape} for {n} observations, "
                                 f"got {value.shape}")
            object.__setattr__(self, name, value)

    def __len__(self) -> int:
        return len(self.xy)

    def is_streak(self) -> np.ndarray:
        """(N,) True where the ball was seen as a long motion-blur streak (``streak`` not zero)."""
        return np.asarray(np.any(self.streak != 0, axis=1))

    @classmethod
    def empty(cls, t: float, frame_index: int) -> BallObservations:
        return cls(t=t, frame_index=frame_index, xy=np.zeros((0, 2)))
