"""Shared by the tracker tests that feed made-up detections or a clip's detections from a fixture: an identity-score row,
a frame of detections, a fixture's frames and events fitted to sightings."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from adjudicator.records import Shot
from tracking.events import EventConfig, ShotContext, ShotEvent, infer_events
from tracking.paths import fit_path
from tracking.shots import ShotBuildConfig, track_shots
from tracking.tracker import BallTracker, Track
from vision.geometry import TableGeometry
from vision.types import N_IDS, BallObservations

SIGMA = 0.002  # tracking.shots' noise_sigma


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


def fitted_events(balls: dict[int, tuple[np.ndarray, np.ndarray]], fps: float, t_start: float, t_end: float,
                  gone: frozenset[int] = frozenset()) -> list[ShotEvent]:
    """A shot's events from each ball's sightings (times, centres), its paths fitted as the pipeline fits them;
    ``gone``: the balls not seen at the shot's end."""
    return fitted_shot(balls, fps, t_start, t_end, gone)[0]


def fitted_shot(balls: dict[int, tuple[np.ndarray, np.ndarray]], fps: float, t_start: float, t_end: float,
                gone: frozenset[int] = frozenset()) -> tuple[list[ShotEvent], dict[str, object]]:
    """``fitted_events`` with the record's notes (close calls, hidden balls)."""
    paths = {}
    for b, (t, xy) in balls.items():
        p = fit_path(b, t, xy, tolerance=max(0.003, 4.5 * SIGMA))
        assert p is not None
        paths[b] = p
    ctx = ShotContext(TableGeometry(), 1.0 / fps, t_start, t_end, set(paths), set(paths) - gone)
    return infer_events(paths, ctx, EventConfig())


def fixture_balls(data: dict, drop: frozenset[int] = frozenset()) -> dict[int, tuple[np.ndarray, np.ndarray]]:
    """A shot fixture's (``data``: fps, t_start and each ball's sightings) sightings by ball (``drop``: left out)."""
    return {int(b): (np.array(seen["t"]), np.array(seen["xy"])) for b, seen in data["balls"].items()
            if int(b) not in drop}


def fixture_events(path: Path, drop: frozenset[int] = frozenset()) -> list[ShotEvent]:
    """A shot fixture's events (``drop``: balls left out), its ``gone`` balls not seen at the end."""
    data = json.loads(path.read_text())
    return fitted_events(fixture_balls(data, drop), data["fps"], data["t_start"], data["t_end"],
                         gone=frozenset(data["gone"]))


def cue_hits(data: dict, t_end: float, drop: frozenset[int] = frozenset()) -> list[ShotEvent]:
    """The cue ball's collisions in a shot fixture, every ball seen at its end (``drop``: balls left out)."""
    ev = fitted_events(fixture_balls(data, drop), data["fps"], data["t_start"], t_end)
    return [e for e in ev if e.type == "collision" and 0 in (e.balls or ())]


def fixture_frames(path: Path) -> list[BallObservations]:
    """A detections fixture's frames (``frames``: each its time, index and detections with centre, confidence, the
    identity scores kept and any streak), the scores left out spread thin so that each row sums to 1."""
    out = []
    for f in json.loads(path.read_text())["frames"]:
        ids = np.full((len(f["balls"]), N_IDS), 1e-4)
        for i, b in enumerate(f["balls"]):
            for k, v in b["ids"].items():
                ids[i, int(k)] = v
        ids /= ids.sum(axis=1, keepdims=True)
        streak = np.array([b.get("streak", [0.0, 0.0]) for b in f["balls"]], dtype=float).reshape(-1, 2)
        out.append(BallObservations(t=f["t"], frame_index=f["frame"], xy=np.array([b["xy"] for b in f["balls"]]),
                                    confidence=np.array([b["conf"] for b in f["balls"]]), id_scores=ids,
                                    streak=streak))
    return out


def tracked_fixture(path: Path, game: str, balls: set[int] | None = None) -> BallTracker:
    """A tracker on the standard table, run over a detections fixture's frames; ``balls``: the balls the rules have on
    the table (the pipeline's ``_sync``), where not the whole game's."""
    tracker = BallTracker(TableGeometry(), game)
    for ball in tracker.allowed - (tracker.allowed if balls is None else balls):
        tracker.remove_ball(ball)
    for obs in fixture_frames(path):
        tracker.update(obs)
    return tracker


def fixture_shots(path: Path, game: str, balls: set[int], events: EventConfig | None = None) -> list[Shot]:
    """The shots ``track_shots`` finds over a detections fixture (at ``SIGMA``, the pipeline's noise), with only
    ``balls`` (and the cue ball) on the table."""
    tracker = BallTracker(TableGeometry(), game)
    for ball in tracker.allowed - balls - {0}:
        tracker.remove_ball(ball)
    cfg = ShotBuildConfig(noise_sigma=SIGMA) if events is None else ShotBuildConfig(noise_sigma=SIGMA, events=events)
    return list(track_shots(fixture_frames(path), TableGeometry(), game, tracker=tracker, cfg=cfg))


def track_from(tracker: BallTracker, p: tuple[float, float], within: float = 0.01) -> Track:
    """The track whose first sighting lies within ``within`` (m) of ``p``."""
    return next(tr for tr in tracker.tracks if np.linalg.norm(np.subtract(tr.xy[0], p)) < within)


def lone_cue_shots(xy: np.ndarray, fps: float, cfg: ShotBuildConfig) -> list[Shot]:
    """The shots ``track_shots`` finds when the cue ball alone is on the table, seen at ``xy`` (one row a frame,
    scored as the cue ball at 0.95)."""
    tracker = BallTracker(TableGeometry(), "straight-pool")
    for ball in tracker.allowed - {0}:
        tracker.remove_ball(ball)
    frames = [frame(k, fps, [((float(p[0]), float(p[1])), {0: 0.95})]) for k, p in enumerate(xy)]
    return list(track_shots(frames, TableGeometry(), "straight-pool", tracker=tracker, cfg=cfg))
