"""Shared by the tracker tests that feed made-up detections: an identity-score row and a frame of detections."""

from __future__ import annotations

import numpy as np

from vision.types import N_IDS, BallObservations


def id_row(top: dict[int, float]) -> np.ndarray:
    """Identity scores with ``top``'s probabilities and a small floor elsewhere, normalised."""
    row = np.full(N_IDS, 0.01)
    for b, p in top.items():
        row[b] = p
    return row / row.sum()


def frame(k: int, fps: float, balls: list[tuple[tuple[float, float], dict[int, float]]]) -> BallObservations:
    """Frame ``k`` at ``fps``: one detection per (position, identity scores) pair."""
    return BallObservations(t=k / fps, frame_index=k, xy=np.array([xy for xy, _ in balls]),
                            id_scores=np.array([id_row(s) for _, s in balls]))
