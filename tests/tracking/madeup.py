"""Shared by the made-up-track event tests: sightings with Gaussian noise, fitted straight (no tracker), so a
test exercises tracking.paths and tracking.events alone."""

from __future__ import annotations

import numpy as np

from adjudicator.records import ShotEvent
from tracking.events import ShotContext, infer_events
from tracking.paths import fit_path
from vision.geometry import TableGeometry

G = TableGeometry()
FPS = 30.0


def run(tracks: dict[int, np.ndarray], t: np.ndarray, seen_at_end: set[int], seed: int = 0,
        sigma: float = 0.0015, fps: float = FPS) -> list[ShotEvent]:
    """Events of made-up tracks ((F, 2) centres, NaN = unseen) observed with Gaussian noise at ``fps``."""
    rng = np.random.default_rng(seed)
    paths = {}
    for b, xy in tracks.items():
        p = fit_path(b, t, xy + rng.normal(0.0, sigma, xy.shape), tolerance=max(0.003, 4.5 * sigma))
        assert p is not None
        paths[b] = p
    ctx = ShotContext(G, 1.0 / fps, float(t[0]), float(t[-1]), set(tracks), seen_at_end)
    return infer_events(paths, ctx)[0]
