"""Which end is the head: from the rack, from the head string drawn on the cloth, or from an earlier calibration.

The table is symmetric end to end, so the head can only be told from what is *on* it:

* **The rack.** A rack (9-ball diamond, 10-ball or 15-ball triangle) sits on the foot spot, so a tight group of
  six or more balls near one end marks the foot and the head is the other end. Only before a break.
* **The head string.** Tournament cloths (and most league tables) carry a thin chalk or ink line across the
  table through the second diamonds, one quarter of the length from the head rail: the kitchen line. It is
  there on every clip of a match, break or not. The table is rectified from the calibration and each column's
  brightness ridge (the line is lighter than the cloth next to it) is averaged down the table; a line across the
  whole width at one quarter from one end, and not at the other, marks the head. Its strength is measured in
  noise units of the same profile, so a cloth without a line, a cue or an arm lying across, or a line at both
  ends gives no answer rather than a guess.
* **An earlier calibration of the same camera** (``reuse``): a match is a sequence of clips from one fixed
  camera, so the head found on the break clip holds for the others.

Each finder returns a ``HeadEvidence`` with the image side of the head (None when undecided), where it came
from and how sure it is (0-1), so the caller can record it and tell the user when the head was not found.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision.calibration import TableCalibration
from vision.types import BallObservations

MIN_RACK = 6  # balls
OPPOSITE = {"left": "right", "right": "left", "top": "bottom", "bottom": "top"}

# Head-string line search (all lengths in metres on the table).
LINE_PX_PER_M = 400.0  # rectified resolution: 2.5 mm per pixel, a drawn line (3-6 mm) is 1-3 pixels wide
LINE_RIDGE_OFFSET = 0.01  # the line is compared with the cloth this far either side of it
LINE_SEARCH = 0.04  # the line may sit this far from L/4 (calibration error, line drawn off the diamonds)
LINE_END_MARGIN = 0.10  # the noise is measured on columns this far from the short cushions...
LINE_SIDE_MARGIN = 0.08  # ...and rows this far from the long ones (cushion shadows, diamonds)
LINE_BANDS = 8  # the width is cut into this many bands; a line across the table shows in most of them
LINE_BAND_Z = 3.0  # a band "sees" the line when its own ridge there is this many of its noise units
LINE_MIN_BANDS = 0.6  # share of the bands that must see it (a cue or an arm covers one or two)
LINE_MIN_Z = 20.0  # line strength (noise units of the whole-width profile) needed at all
LINE_MIN_CONFIDENCE = 0.5  # and its lead over the strongest rival ridge, as a share of its strength
CLOTH_MAX_DIFF = 40.0  # BGR distance from the median cloth colour under which a pixel is cloth


@dataclass(frozen=True)
class HeadEvidence:
    """One finder's answer: the image side of the head rail (None: undecided), its source and confidence."""

    head: str | None
    source: str  # "rack", "head string", "reuse" or "none"
    confidence: float  # 0 (no evidence) .. 1 (certain)
    detail: str = ""


NO_EVIDENCE = HeadEvidence(None, "none", 0.0, "no rack and no head-string line")


def find_rack(xy: np.ndarray, ball_diameter: float) -> np.ndarray | None:
    """Centroid (table metres) of the largest tight group of >= MIN_RACK balls, or None."""
    members = _largest_group(xy, ball_diameter)
    return None if members is None else np.asarray(xy, dtype=float).reshape(-1, 2)[members].mean(axis=0)


def _largest_group(xy: np.ndarray, ball_diameter: float) -> np.ndarray | None:
    xy = np.asarray(xy, dtype=float).reshape(-1, 2)
    if len(xy) < MIN_RACK:
        return None
    d = np.linalg.norm(xy[:, None] - xy[None], axis=-1)
    near = d < 1.25 * ball_diameter
    # grow groups through touching neighbours (connected components of the "touching" graph)
    label = -np.ones(len(xy), int)
    best: np.ndarray | None = None
    for i in range(len(xy)):
        if label[i] >= 0:
            continue
        stack, members = [i], []
        label[i] = i
        while stack:
            j = stack.pop()
            members.append(j)
            for k in np.flatnonzero(near[j] & (label < 0)):
                label[k] = i
                stack.append(int(k))
        if len(members) >= MIN_RACK and (best is None or len(members) > len(best)):
            best = np.array(members)
    return best


def rack_evidence(cal: TableCalibration, obs: BallObservations) -> HeadEvidence:
    """The head judged from a rack in ``obs``. Confidence grows with the rack's size (6 balls 0.8, 9+ 0.95)."""
    g = cal.geometry
    members = _largest_group(obs.xy, 2 * g.ball_radius)
    if members is None:
        return NO_EVIDENCE
    centre = np.asarray(obs.xy, dtype=float).reshape(-1, 2)[members].mean(axis=0)
    if abs(centre[0] - g.length / 2) < g.length / 8:
        return HeadEvidence(None, "none", 0.0, "a group of balls in the middle of the table, not a rack")
    head = cal.head if centre[0] > g.length / 2 else OPPOSITE[cal.head]
    conf = 0.8 + 0.05 * min(len(members) - MIN_RACK, 3)
    return HeadEvidence(head, "rack", conf, f"rack of {len(members)} balls at the foot")


def head_from_rack(cal: TableCalibration, obs: BallObservations) -> str | None:
    """The image side of the head rail, judged from a rack in ``obs``; None when there is no rack."""
    return rack_evidence(cal, obs).head


def rectify(cal: TableCalibration, image_bgr: np.ndarray, px_per_m: float = LINE_PX_PER_M) -> np.ndarray:
    """Top-down view of the playing surface: row = y, column = x of the calibration's table frame."""
    g = cal.geometry
    nx, ny = int(round(g.length * px_per_m)), int(round(g.width * px_per_m))
    xs = (np.arange(nx) + 0.5) / px_per_m
    ys = (np.arange(ny) + 0.5) / px_per_m
    grid = np.stack(np.meshgrid(xs, ys), axis=-1)
    px = cal.table_to_image(grid).astype(np.float32)
    return cv2.remap(image_bgr, px[..., 0], px[..., 1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def ridge_profiles(cal: TableCalibration, image_bgr: np.ndarray) -> np.ndarray:
    """(LINE_BANDS, columns) mean brightness ridge per column in each band across the width (NaN: no cloth).

    The ridge is a pixel's grey level minus the mean of the cloth ``LINE_RIDGE_OFFSET`` before and after it along
    the table, so a thin light line across the table stands out and smooth lamp fall-off does not. Pixels that
    are not cloth (balls, hands, cues) are left out, as is any ridge next to them.
    """
    top = rectify(cal, image_bgr).astype(np.float32)
    gray = cv2.GaussianBlur(top.mean(axis=2), (0, 0), 1.0)
    med = np.median(top.reshape(-1, 3), axis=0)
    cloth = np.linalg.norm(top - med, axis=2) < CLOTH_MAX_DIFF
    d = max(1, int(round(LINE_RIDGE_OFFSET * LINE_PX_PER_M)))
    ridge = np.full_like(gray, np.nan)
    ridge[:, d:-d] = gray[:, d:-d] - 0.5 * (gray[:, :-2 * d] + gray[:, 2 * d:])
    ok = np.zeros_like(cloth)
    ok[:, d:-d] = cloth[:, d:-d] & cloth[:, :-2 * d] & cloth[:, 2 * d:]
    ridge[~ok] = np.nan
    m = int(round(LINE_SIDE_MARGIN * LINE_PX_PER_M))
    ridge = np.clip(ridge[m:len(ridge) - m], -8.0, 8.0)  # one odd pixel cannot carry a column
    bands = np.array_split(ridge, LINE_BANDS, axis=0)
    return np.stack([_nan(np.nanmean, b, 0) for b in bands])


def _nan(fn: Callable[..., np.ndarray], a: np.ndarray, axis: int) -> np.ndarray:
    """``fn`` (np.nanmean / np.nanmax) without the "empty slice" warning: an all-NaN column is NaN, as meant."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        return fn(a, axis=axis)


def _robust_sigma(v: np.ndarray) -> float:
    v = v[np.isfinite(v)]
    if len(v) < 10:
        return float("nan")
    return float(1.4826 * np.median(np.abs(v - np.median(v)))) + 1e-6


def head_string_evidence(cal: TableCalibration, images: Sequence[np.ndarray]) -> HeadEvidence:
    """The head judged from a line drawn across the cloth one quarter of the length from one end.

    ``images``: a few frames of the same camera (averaged: a player over the line in one frame is not in all).
    Confidence = how far the line's strength leads the strongest other ridge anywhere on the table (the other
    end's quarter line included), as a share of the line's strength.
    """
    if not len(images):
        return NO_EVIDENCE
    bands = _nan(np.nanmean, np.stack([ridge_profiles(cal, im) for im in images]), 0)
    whole = _nan(np.nanmean, bands, 0)
    g = cal.geometry
    x = (np.arange(whole.size) + 0.5) / LINE_PX_PER_M
    inner = (x > LINE_END_MARGIN) & (x < g.length - LINE_END_MARGIN)
    sigma = _robust_sigma(whole[inner])
    if not np.isfinite(sigma):
        return HeadEvidence(None, "none", 0.0, "too little cloth visible to look for the head string")
    z = np.where(np.isfinite(whole), whole / sigma, -np.inf)
    band_sig = np.array([_robust_sigma(b[inner]) for b in bands])

    def at(x0: float) -> tuple[float, int, float]:
        sel = np.flatnonzero(np.abs(x - x0) <= LINE_SEARCH)
        i = int(sel[np.argmax(z[sel])])
        cols = bands[:, max(i - 1, 0):i + 2]
        seen = _nan(np.nanmax, cols, 1) / band_sig
        return float(z[i]), i, float(np.mean(np.nan_to_num(seen, nan=0.0) >= LINE_BAND_Z))

    near, far = at(g.length / 4), at(3 * g.length / 4)
    (z_line, i_line, cover), z_other = (near, far[0]) if near[0] >= far[0] else (far, near[0])
    elsewhere = inner & (np.abs(x - g.length / 4) > 2 * LINE_SEARCH) & (np.abs(x - 3 * g.length / 4) > 2 * LINE_SEARCH)
    rival = max(z_other, float(np.max(z[elsewhere])) if elsewhere.any() else 0.0, 0.0)
    conf = float(np.clip((z_line - rival) / max(z_line, 1e-6), 0.0, 1.0))
    at_head_end = x[i_line] < g.length / 2  # the line is at the current head end of the table frame
    where = f"strength {z_line:.0f} (strongest rival {rival:.0f}), across {100 * cover:.0f} % of the width"
    if z_line < LINE_MIN_Z or cover < LINE_MIN_BANDS or conf < LINE_MIN_CONFIDENCE:
        return HeadEvidence(None, "none", conf if z_line >= LINE_MIN_Z else 0.0, f"no clear head-string line: {where}")
    head = cal.head if at_head_end else OPPOSITE[cal.head]
    return HeadEvidence(head, "head string", conf, f"head-string line at {head}: {where}")


def reused_evidence(cal: TableCalibration, earlier: TableCalibration, max_shift: float = 0.05) -> HeadEvidence:
    """The head of an earlier calibration of the same fixed camera (e.g. the match's break clip).

    Its head rail is mapped through the image: the side of ``cal`` whose short rail lies nearest to it is the head.
    Not the same camera (image size differs, or the tables' corners are more than ``max_shift`` of the image
    diagonal apart) -> no evidence.
    """
    if tuple(earlier.image_size) != tuple(cal.image_size):
        return HeadEvidence(None, "none", 0.0, "the reused calibration is for another image size")
    diag = float(np.hypot(*cal.image_size))
    shift = float(np.max(np.linalg.norm(_match(cal.corners_px(), earlier.corners_px()), axis=-1)))
    if shift > max_shift * diag:
        return HeadEvidence(None, "none", 0.0, f"the reused calibration's table is {shift:.0f} px away: "
                                               "another camera position")
    g, ge = cal.geometry, earlier.geometry
    head_px = earlier.table_to_image(np.array([0.0, ge.width / 2]))
    ends = cal.table_to_image(np.array([[0.0, g.width / 2], [g.length, g.width / 2]]))
    at_head_end = np.linalg.norm(ends[0] - head_px) <= np.linalg.norm(ends[1] - head_px)
    head = cal.head if at_head_end else OPPOSITE[cal.head]
    prior = float(earlier.extra.get("head_confidence", 1.0 if earlier.extra.get("head_from") == "user" else 0.5)) \
        if earlier.extra.get("head_from") not in (None, "default", "none") else 0.0
    if prior <= 0.0:
        return HeadEvidence(None, "none", 0.0, "the reused calibration did not know the head either")
    return HeadEvidence(head, "reuse", prior, f"head of the reused calibration ({earlier.extra.get('head_from')})")


def _match(c1: np.ndarray, c2: np.ndarray) -> np.ndarray:
    """Differences between two sets of 4 corners, each corner of c1 paired with the nearest of c2."""
    d = np.linalg.norm(c1[:, None] - c2[None], axis=-1)
    return c1 - c2[np.argmin(d, axis=1)]


def decide(evidence: Sequence[HeadEvidence]) -> HeadEvidence:
    """The most confident answer; two confident answers that disagree cancel (the head is then not found)."""
    found = [e for e in evidence if e.head is not None]
    if not found:
        return max(evidence, key=lambda e: e.confidence, default=NO_EVIDENCE) if evidence else NO_EVIDENCE
    best = max(found, key=lambda e: e.confidence)
    against = [e for e in found if e.head != best.head]
    if against:
        worst = max(against, key=lambda e: e.confidence)
        if worst.confidence >= 0.5 * best.confidence:
            return HeadEvidence(None, "none", 0.0, f"conflict: {best.source} says {best.head}, "
                                                   f"{worst.source} says {worst.head}")
    return best


__all__ = ["HeadEvidence", "NO_EVIDENCE", "find_rack", "head_from_rack", "rack_evidence", "head_string_evidence",
           "reused_evidence", "decide", "rectify", "ridge_profiles"]
