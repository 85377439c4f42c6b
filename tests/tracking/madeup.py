"""Shared by the made-up-track event tests: sightings with Gaussian noise, fitted straight (no tracker), so a
test exercises tracking.paths and tracking.events alone."""

from __future__ import annotations

import numpy as np

from adjudicator.records import ShotEvent
from tracking.events import EventConfig, ShotContext, infer_events
from tracking.paths import BallPath, fit_path
from vision.geometry import TableGeometry

G = TableGeometry()
FPS = 30.0
PIPE_TOLERANCE = 4.5 * 0.002  # tracking.shots' noise_sigma is 2 mm; the pipeline's piece tolerance is 4.5 of it


def run(tracks: dict[int, np.ndarray], t: np.ndarray, seen_at_end: set[int], seed: int = 0,
        sigma: float = 0.0015, fps: float = FPS, tolerance: float | None = None,
        t_start: float | None = None) -> list[ShotEvent]:
    """Events of made-up tracks ((F, 2) centres, NaN = unseen) observed with Gaussian noise at ``fps``.

    ``tolerance``: the pieces' fit tolerance (default 4.5 ``sigma``, at least 3 mm); a test with little noise passes
    the pipeline's (``PIPE_TOLERANCE``) so its pieces split as the pipeline's would. ``t_start``: the shot's start
    (default the first sighting)."""
    paths = fit(tracks, t, seed, sigma, tolerance)
    ctx = ShotContext(G, 1.0 / fps, float(t[0]) if t_start is None else t_start, float(t[-1]), set(tracks),
                      seen_at_end)
    return infer_events(paths, ctx)[0]


def fit(tracks: dict[int, np.ndarray], t: np.ndarray, seed: int = 0, sigma: float = 0.0015,
        tolerance: float | None = None) -> dict[int, BallPath]:
    """``run``'s paths: each track with its own draw of noise, in the dict's order (one generator for all, so a
    test's noise follows from its seed and its tracks), fitted at ``tolerance`` (as ``run``)."""
    rng = np.random.default_rng(seed)
    paths = {}
    for b, xy in tracks.items():
        p = fit_path(b, t, xy + rng.normal(0.0, sigma, xy.shape),
                     tolerance=max(0.003, 4.5 * sigma) if tolerance is None else tolerance)
        assert p is not None
        paths[b] = p
    return paths


def sighted_cushions(ball: int, t: np.ndarray, xy: np.ndarray, fps: float = FPS, tolerance: float = PIPE_TOLERANCE,
                     cfg: EventConfig | None = None) -> list[tuple[float, str]]:
    """One ball's cushion contacts (time, rail) from sightings taken as they are (a dev clip's real detections: no
    noise added), fitted at the pipeline's tolerance and inferred alone."""
    p = fit_path(ball, t, xy, tolerance=tolerance)
    assert p is not None
    ctx = ShotContext(G, 1.0 / fps, float(t[0]), float(t[-1]), {ball}, {ball})
    est, _ = infer_events({ball: p}, ctx, cfg)
    return [(e.t, e.rail) for e in est if e.type == "cushion" and e.rail is not None]
