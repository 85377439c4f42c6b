"""The stages wired together: source → calibration → observations → shot records. Streaming over frames."""

from __future__ import annotations

import os
import tempfile
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TypeVar

import numpy as np

from adjudicator.records import Shot
from tracking.tracker import BallTracker
from vision.calibration import TableCalibration
from vision.types import BallObservations

T = TypeVar("T")


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
    """Ball observations for every frame of the source, one frame in memory at a time (plus the few held back
    while the table's view is judged, ``TableInView.margin``)."""
    from vision.detect import BallDetector
    from vision.identify import CombinedIdentifier
    from vision.io import iter_frames

    # fast colour scores on every frame, the CNN only for new or unsure balls (vision/identify.py)
    detector = BallDetector(cal, identifier=CombinedIdentifier())
    table = TableInView(cal)
    frames = ((f, table.in_view(f.image)) for f in iter_frames(source))
    for frame, seen in table.with_margin(frames):
        if not seen:
            # the camera cut away (crowd, players, a replay graphic) or a light show floods the table: nothing
            # seen, so the tracker holds every ball where it was instead of tracking the crowd (real 2019 clip 11
            # made a second "shot" there) or the light's patches (clip 12 called a pocket at 8.34 s)
            yield BallObservations(t=frame.t, frame_index=frame.index, xy=np.zeros((0, 2)))
            continue
        yield detector.detect(frame)


class TableInView:
    """Is the calibrated table still in the picture? The share of a sparse grid of points on its surface within a
    colour distance of the cloth as first seen. A table with players over it keeps most of it (0.9 on the 2019
    clips and the synthetic ones); a camera cut to the crowd leaves a few per cent (clip 11: 0.005-0.04). A grid of
    about 2000 points read straight from the frame costs a few hundredths of a millisecond, so the check can run
    on every frame of a live feed."""

    def __init__(self, cal: TableCalibration, min_share: float = 0.35, colour_distance: float = 40.0,
                 points: int = 2000, max_shift: float = 10.0, margin: int = 1) -> None:
        self.corners = np.asarray(cal.corners_px(), np.float64)
        self.min_share = min_share
        self.colour_distance = colour_distance
        self.points = points
        self.max_shift = max_shift
        self.margin = margin
        self.last_shift = 0.0
        self.cloth: np.ndarray | None = None
        self._grid: tuple[np.ndarray, np.ndarray] | None = None
        self._shape: tuple[int, int] | None = None

    def _sample_grid(self, h: int, w: int) -> tuple[np.ndarray, np.ndarray]:
        import cv2

        x0, y0 = np.floor(self.corners.min(axis=0)).astype(int)
        x1, y1 = np.ceil(self.corners.max(axis=0)).astype(int)
        x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, w - 1), min(y1, h - 1)
        step = max(1, int(np.sqrt(max((x1 - x0) * (y1 - y0), 1) / self.points)))
        ys, xs = np.mgrid[y0:y1 + 1:step, x0:x1 + 1:step]
        contour = self.corners.astype(np.float32).reshape(-1, 1, 2)
        inside = np.array([cv2.pointPolygonTest(contour, (float(x), float(y)), False) >= 0
                           for x, y in zip(xs.ravel(), ys.ravel(), strict=True)], dtype=bool)
        return ys.ravel()[inside], xs.ravel()[inside]

    def share(self, image: np.ndarray) -> float:
        """Share of the table's surface that looks like its cloth (the first frame sets the cloth colour)."""
        h, w = image.shape[:2]
        if self._grid is None or self._shape != (h, w):
            self._grid, self._shape = self._sample_grid(h, w), (h, w)
        ys, xs = self._grid
        if len(ys) == 0:
            return 1.0
        px = image[ys, xs].reshape(len(ys), -1).astype(np.float32)
        median = np.median(px, axis=0)
        if self.cloth is None:
            self.cloth = median
        self.last_shift = float(np.linalg.norm(median - self.cloth))
        d2 = np.sum((px - self.cloth) ** 2, axis=1)
        return float(np.mean(d2 < self.colour_distance ** 2))

    def in_view(self, image: np.ndarray) -> bool:
        """The table is in view, unflooded. A light show sweeping over the table (2019 clip 12 at 8.2-8.8 s) keeps
        most of the cloth within the colour distance on its first frames but moves the median colour of the surface
        (18-125 units; the 18 clips otherwise stay within 6, with players over the table too); the detector then
        finds the light's patches as balls."""
        share = self.share(image)
        return share >= self.min_share and self.last_shift <= self.max_shift

    def with_margin(self, frames: Iterable[tuple[T, bool]]) -> Iterator[tuple[T, bool]]:
        """(item, in view) pairs with the ``margin`` frames on either side of a frame out of view also out of
        view: a flood's or a cut's first and last frames are already partly lit or blended (clip 12's first flood
        frame, median shift 7, gave 15 detections for 8 balls). Holds back ``margin`` frames."""
        buf: deque[tuple[T, bool]] = deque()
        since_out = self.margin + 1
        for item, ok in frames:
            since_out = 0 if not ok else since_out + 1
            if not ok:
                buf = deque((x, False) for x, _ in buf)
            buf.append((item, ok and since_out > self.margin))
            while len(buf) > self.margin:
                yield buf.popleft()
        yield from buf


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


RACK_BACK = 5  # balls the rules bring back at once that make a rack set by hand (a 14.1 re-rack, a new game)


def _sync(tracker: BallTracker, on_table: set[int]) -> None:
    """Make the tracker's allowed identities the balls the rules have on the table. Where a rack comes back
    (``RACK_BACK`` balls or more at once; spotting brings back one or a few), the object balls' identities are
    read afresh (``BallTracker.forget_identities``)."""
    back = on_table - tracker.allowed
    if len(back) >= RACK_BACK:
        tracker.forget_identities(keep={0})
    for ball in back:
        tracker.spot_ball(ball)
    for ball in tracker.allowed - on_table:
        tracker.remove_ball(ball)
