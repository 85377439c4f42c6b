"""The change test sees colour: a red ball leaving blue cloth changes the frame though the grey levels are close."""

from __future__ import annotations

import cv2
import numpy as np
from vision_scenes import layout, scene

from cueref.synth import render_frame
from vision import region
from vision.detect import BallDetector
from vision.types import BallObservations, Frame

SPOT = np.array([2.2, 0.12])  # near a rail, clear of the layout's balls (where ho7 jump-171's red 3 stopped)


def _frame(pos: np.ndarray, red: bool) -> np.ndarray:
    """The scene (the same noise every frame), with a flat red disc of a ball's size at ``SPOT`` whose grey level
    is the cloth's there (a red ball blurred on blue cloth: its colour leaves the cloth's, its grey does not)."""
    sc = scene("blue")
    img = render_frame(sc, pos, rng=np.random.default_rng(5))
    if red:
        (c,), (r,) = sc.ball_pixels(SPOT[None])
        x, y = int(round(c[0])), int(round(c[1]))
        cloth = float(cv2.cvtColor(img[y - 40:y - 30, x - 5:x + 5], cv2.COLOR_BGR2GRAY).mean())
        b = g = 30.0
        red_level = (cloth - 0.114 * b - 0.587 * g) / 0.299
        cv2.circle(img, (x, y), int(round(float(r))), (b, g, red_level), -1, cv2.LINE_AA)
    return img


class _Counting(BallDetector):
    """Counts region passes."""

    passes = 0

    def _detect_regions(self, frame, small, grey, todo):  # type: ignore[no-untyped-def]
        self.passes += 1
        return super()._detect_regions(frame, small, grey, todo)


def _near(obs: BallObservations, p: np.ndarray) -> int:
    return int((np.linalg.norm(obs.xy - p, axis=1) < 0.01).sum()) if len(obs) else 0


def test_change_sees_colour_that_grey_misses() -> None:
    blue = np.full((4, 4, 3), (150, 60, 30), np.uint8)
    red = np.full((4, 4, 3), (30, 30, 200), np.uint8)
    grey = cv2.absdiff(cv2.cvtColor(blue, cv2.COLOR_BGR2GRAY), cv2.cvtColor(red, cv2.COLOR_BGR2GRAY))
    assert grey.max() < 24  # the grey change alone would call it unchanged
    assert region.change(red, blue).min() > 60
    mask = np.full((4, 4), 255, np.uint8)
    assert cv2.countNonZero(region.changed_mask(red, blue, 24, mask)) == 16
    # never below the grey change: everything that tripped the old test still does
    rng = np.random.default_rng(0)
    a, b = rng.integers(0, 256, (2, 64, 64, 3), dtype=np.uint8)
    g = cv2.absdiff(cv2.cvtColor(a, cv2.COLOR_BGR2GRAY), cv2.cvtColor(b, cv2.COLOR_BGR2GRAY))
    assert (region.change(a, b).astype(int) >= g.astype(int) - 1).all()  # -1: the conversions' rounding


def test_red_ball_gone_from_blue_cloth_is_not_kept() -> None:
    """The red disc is found, then removed: in a frame where nothing else changed (the reuse of the last
    detection) and in one where another ball moved too (a region pass elsewhere) it is no longer reported."""
    pos = layout("scattered")
    cal = scene("blue").camera.calibration()
    for moved in (False, True):
        det = _Counting(cal, identifier=False)
        first = det.detect(Frame(index=0, t=0.0, image=_frame(pos, red=True)))
        assert _near(first, SPOT) == 1
        after = pos.copy()
        if moved:
            k = int(np.flatnonzero(np.isfinite(pos[:, 0]))[0])
            after[k] = pos[k] + [0.0, 0.03]
        for i in (1, 2):
            obs = det.detect(Frame(index=i, t=i / 25, image=_frame(after, red=False)))
            assert _near(obs, SPOT) == 0, f"moved={moved} frame {i}: the red ball was kept"
            assert len(obs) == len(first) - 1
        assert det.passes  # the disc leaving is a change: the spot is searched again (a region pass), not reused
