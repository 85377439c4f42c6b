"""Shared by the angled-camera vision tests: a pinhole image of table points, to draw what an end-on or oblique
camera sees without a renderer."""

from __future__ import annotations

import numpy as np


def project(points: np.ndarray, eye: np.ndarray, target: np.ndarray, f: float, size: tuple[int, int]) -> np.ndarray:
    """Pinhole image (principal point at the centre, square pixels) of table points (z = 0) seen from ``eye``."""
    fwd = (target - eye) / np.linalg.norm(target - eye)
    right = np.cross(fwd, [0.0, 0.0, 1.0])
    right /= np.linalg.norm(right)
    down = np.cross(fwd, right)
    rel = np.c_[points, np.zeros(len(points))] - eye
    cam = np.c_[rel @ right, rel @ down, rel @ fwd]
    return cam[:, :2] / cam[:, 2:3] * f + np.array(size) / 2
