"""Calibrate from a video or image the way a user expects: several frames, the head found or given, or corners.

Why several frames: a player leaning over a rail or a cue across a pocket can spoil one frame; the median of
the corners found in a few frames spread over the first seconds is steady. The head (``vision.head``): the user's
``--head``, else the rack (the detector finds it) or the head-string line on the cloth, else the head of an
earlier calibration of the same camera (``reuse``). When none is sure enough the calibration keeps the default
end and says so: ``head_from`` is "none" and the caller must tell the user to pass ``--head``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

import numpy as np

from adjudicator.errors import CalibrationError, CuerefError
from vision.calibration import HEADS, TableCalibration, order_corners
from vision.head import (
    NO_EVIDENCE,
    HeadEvidence,
    decide,
    head_string_evidence,
    rack_evidence,
    reused_evidence,
)
from vision.io import iter_frames
from vision.table_finder import HINT, calibrate_image, fit_table
from vision.types import Frame

SAMPLE_FRAMES = (0, 12, 25, 50, 75)


@dataclass
class CalibrationResult:
    """The calibration, the frame it was drawn on, and how the head was decided.

    ``head_from``: "user", "rack", "head string", "reuse", or "none" (not found: the default end was kept and the
    user should pass ``--head``); ``head``: the evidence behind it (confidence, detail).
    """

    calibration: TableCalibration
    frame: Frame
    head_from: str
    frames_used: int
    head: HeadEvidence = NO_EVIDENCE

    @property
    def head_found(self) -> bool:
        return self.head_from != "none"


def parse_corners(text: str) -> np.ndarray:
    """"x1,y1,x2,y2,x3,y3,x4,y4" -> (4, 2) pixels, or a CalibrationError saying what is wrong."""
    try:
        vals = [float(v) for v in text.replace(";", ",").replace(" ", ",").split(",") if v.strip()]
    except ValueError as exc:
        raise CalibrationError(f"--corners must be 8 numbers x1,y1,...,x4,y4 (got {text!r})") from exc
    if len(vals) != 8:
        raise CalibrationError(f"--corners needs 8 numbers (four x,y cushion-nose corners), got {len(vals)}")
    return np.array(vals).reshape(4, 2)


def calibrate_source(source: str | int | os.PathLike[str], *, head: str | None = None,
                     corners: np.ndarray | None = None, table: str = "9ft",
                     reuse: TableCalibration | None = None) -> CalibrationResult:
    """Calibrate a camera from its footage (see the module docstring).

    ``reuse``: an earlier calibration of the same camera (e.g. made on the match's break clip); its head is taken
    when this footage does not show the head itself.
    """
    if head is not None and head not in HEADS:
        raise CalibrationError(f"--head must be one of {', '.join(HEADS)}, got {head!r}")
    frames = [f for f in iter_frames(source, stop=max(SAMPLE_FRAMES) + 1) if f.index in SAMPLE_FRAMES]
    if not frames:
        raise CalibrationError(f"{source}: no frame to calibrate from")
    first = frames[0]
    h, w = first.image.shape[:2]
    if corners is not None:
        cal = TableCalibration.from_corners(corners, (w, h), head=head, table=table, source="manual")
        cal, ev = _decide_head(cal, frames, head, reuse)
        return CalibrationResult(cal, first, ev.source, 1, ev)
    quads, errors, extras, across = [], [], [], []
    first_error: CuerefError | None = None
    for f in frames:
        try:
            cal_f = calibrate_image(f.image, table=table)
        except CalibrationError as exc:
            first_error = first_error or exc
            continue
        quads.append(order_corners(cal_f.corners_px()))  # image order, whatever each frame made of the head
        across.append(cal_f.head in ("left", "right"))
        errors.append(cal_f.reprojection_error_mm or 0.0)
        extras.append(cal_f.extra)
    if not quads:
        assert first_error is not None
        raise first_error
    quad = np.median(np.array(quads), axis=0)
    spread_px = float(np.max(np.linalg.norm(np.array(quads) - quad, axis=-1))) if len(quads) > 1 else 0.0
    cal = TableCalibration.from_corners(quad, (w, h), head=None, table=table, source="auto",
                                        long_horizontal=2 * sum(across) >= len(across))
    cal.reprojection_error_mm = float(np.median(errors))
    cal.extra = dict(extras[0])
    cal.extra["frames_used"] = len(quads)
    cal.extra["corner_spread_px"] = round(spread_px, 2)
    cal, ev = _decide_head(cal, frames, head, reuse)
    return CalibrationResult(cal, first, ev.source, len(quads), ev)


def _decide_head(cal: TableCalibration, frames: list[Frame], head: str | None,
                 reuse: TableCalibration | None) -> tuple[TableCalibration, HeadEvidence]:
    """The user's --head wins; else the footage's evidence; the calibration records which it was."""
    if head is not None:
        cal = cal.with_head(head)
        ev = HeadEvidence(head, "user", 1.0, "given with --head")
    else:
        ev = _find_head(cal, frames, reuse)
        if ev.head is not None:
            cal = cal.with_head(ev.head)
    _record_head(cal, ev)
    return cal, ev


def _find_head(cal: TableCalibration, frames: list[Frame], reuse: TableCalibration | None) -> HeadEvidence:
    """The evidence on this footage (rack, head string), falling back to the reused calibration's head."""
    from vision.detect import BallDetector

    detector = BallDetector(cal, identifier=False)
    evidence = [rack_evidence(cal, detector.detect(f)) for f in frames[:2]]
    evidence.append(head_string_evidence(cal, [f.image for f in frames]))
    found = decide(evidence)
    if found.head is None and reuse is not None:
        return decide([found, reused_evidence(cal, reuse)])
    return found


def _record_head(cal: TableCalibration, ev: HeadEvidence) -> None:
    cal.extra["head_from"] = ev.source
    cal.extra["head_confidence"] = round(ev.confidence, 3)
    cal.extra["head_detail"] = ev.detail


__all__ = ["CalibrationResult", "calibrate_source", "parse_corners", "HINT", "fit_table"]
