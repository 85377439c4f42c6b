"""The stages wired together: source → calibration → observations → shot records. Streaming over frames."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from adjudicator.records import Shot
from tracking.tracker import BallTracker
from vision.calibration import TableCalibration
from vision.types import BallObservations


def write_atomically(path: str | os.PathLike[str], data: str | bytes) -> None:
    """All or nothing: write beside the target, then rename over it (a crash never leaves half a file)."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=target.name + ".", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data.encode("utf-8") if isinstance(data, str) else data)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def calibrate(source: str, calibration: str | os.PathLike[str] | None = None,
              head: str | None = None) -> TableCalibration:
    """A saved calibration (with ``head`` overriding its head end) or an automatic one from the footage."""
    if calibration is not None:
        cal = TableCalibration.load(calibration)
        return cal.with_head(head) if head is not None else cal
    from vision.autocalibrate import calibrate_source

    res = calibrate_source(source, head=head)
    if not res.head_found:
        import sys

        print(f"cueref: warning: the head was not found ({res.head.detail}); assuming {res.calibration.head}. "
              "Pass --head or a --calibration made on the break clip if that is wrong.", file=sys.stderr)
    return res.calibration


def observe(source: str, cal: TableCalibration) -> Iterator[BallObservations]:
    """Ball observations for every frame of the source, one frame in memory at a time."""
    from vision.detect import BallDetector
    from vision.identify import CombinedIdentifier
    from vision.io import iter_frames

    # fast colour scores on every frame, the CNN only for new or unsure balls (vision/identify.py)
    detector = BallDetector(cal, identifier=CombinedIdentifier())
    for frame in iter_frames(source):
        yield detector.detect(frame)


def track(observations: Iterable[BallObservations], cal: TableCalibration, game: str,
          noise_mm: float = 2.0, first_shot: int = 1, balls: set[int] | None = None,
          after_shot: Callable[[Shot], set[int] | None] | None = None) -> list[Shot]:
    """Shot records from observations.

    ``balls`` are the ids the rules have on the table (cue ball included; None = the game's full set).
    ``after_shot`` hears about each shot as soon as it ends and may answer with the balls the rules leave on the
    table after it (spotted balls come back, a re-rack brings them all back), which the tracker then uses.
    """
    from tracking.shots import ShotBuildConfig, track_shots

    tracker = BallTracker(cal.geometry, game)
    if balls is not None:
        _sync(tracker, balls)
    cfg = ShotBuildConfig(noise_sigma=noise_mm / 1000)
    shots = []
    for shot in track_shots(observations, cal.geometry, game, first_shot=first_shot, tracker=tracker, cfg=cfg):
        shots.append(shot)
        if after_shot is not None:
            on_table = after_shot(shot)
            if on_table is not None:
                _sync(tracker, on_table)
    return shots


def _sync(tracker: BallTracker, on_table: set[int]) -> None:
    """Make the tracker's allowed identities the balls the rules have on the table."""
    for ball in on_table - tracker.allowed:
        tracker.spot_ball(ball)
    for ball in tracker.allowed - on_table:
        tracker.remove_ball(ball)
