"""The compiled vote and whole-image kernels (vision._jit_votes, numba installed, ``CUEREF_NUMBA`` not 0) give the
numpy path's answers bit for bit: whole detections, the vote maps and every step that reads them on noise and
on rendered tables, the foreground mask (with pocket zones, and a hue distance on the threshold, where the kernel
must hand over to OpenCV), the 2 x 2 opening. Skipped where numba is not there. (A file of its own beside
test_jit.py so that the two kernel branches merge cleanly.)"""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from vision_scenes import assert_same_both_ways, render

from vision import _jit, _jit_votes
from vision.detect import BallDetector
from vision.types import Frame

pytestmark = pytest.mark.skipif(not _jit_votes.AVAILABLE, reason="numba not installed or CUEREF_NUMBA=0")


@pytest.fixture(autouse=True)
def _restore() -> object:
    was = _jit.ENABLED, _jit_votes.ENABLED, _jit_votes.FG_CHECKED, _jit_votes.FG_OK
    yield
    _jit.ENABLED, _jit_votes.ENABLED, _jit_votes.FG_CHECKED, _jit_votes.FG_OK = was


def _detector(name: str = "rack15") -> tuple[BallDetector, np.ndarray]:
    img, _, sc = render(name, resolution=(1920, 1080), seed=0)
    det = BallDetector(sc.camera.calibration())
    det.region_pass = False
    det.detect(Frame(index=0, t=0.0, image=img))
    return det, img


@pytest.mark.parametrize("name", ["rack15", "scattered"])
def test_detect_same_with_vote_kernels(name: str) -> None:
    """Three frames through two detectors, numpy path and the vote kernels only (vnumba13's off): the same
    observations to the bit."""

    def switch(on: bool) -> None:
        _jit.ENABLED, _jit_votes.ENABLED = False, on

    assert_same_both_ways(name, switch)


def _noisy(det: BallDetector, img: np.ndarray, rng: np.random.Generator, amp: int) -> np.ndarray:
    small = det._small(img).astype(np.int16)
    small += rng.integers(-amp, amp + 1, small.shape, dtype=np.int16)
    return np.clip(small, 0, 255).astype(np.uint8)


def test_votes_and_spots_same_on_noise() -> None:
    """The vote map (with and without known balls, cached edges reused), its maxima at two thresholds, the
    symmetric and faint spots, recentred points (some off the image: Python's slice bounds), rack holes and a
    blob's vote peaks, on a rendered rack with noise added: the same arrays from both paths."""
    det, img = _detector()
    rng = np.random.default_rng(7)
    k = det._vote_threshold()
    for amp in (0, 20, 60):
        small = _noisy(det, img, rng, amp)
        grey = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
        fg = det._open(det.foreground(img, small))
        det._fg = fg
        h, w = grey.shape
        known = rng.uniform([0, 0], [w, h], (int(rng.integers(0, 12)), 2))
        pts = np.concatenate([rng.uniform([-8, -8], [w + 8, h + 8], (40, 2)), known])
        comp = (rng.random((30, 40)) < 0.8).astype(np.uint8)
        res = {}
        for on in (False, True):
            _jit_votes.ENABLED = on
            det._edges = None
            det._acc_peaks = None
            out = []
            for kn in (known, known[:0], known):  # (the third reuses the cached edges)
                det._votes(small, kn, grey)
                out += [det._acc, det._acc_dil]
            out += list(det._acc_maxima(0.65 * k * det._rmin())) + list(det._acc_maxima(k * det._rmin()))
            out += list(det._acc_maxima(0.1 * k * det._rmin()))
            out.append(det._symmetric_spots(known))
            out.append(det._faint_spots(known, fg))
            out += list(det._recentre(pts))
            out.append(det._rack_holes(np.concatenate([det._symmetric_spots(known[:0]), known])))
            out.append(det._blob_vote_peaks(comp, int(w / 2), int(h / 2), float(det.r_small)))
            out.append(det._blob_vote_peaks(comp, 0, 0, float(det.r_small), 0.3))
            res[on] = out
        for i, (a, b) in enumerate(zip(res[False], res[True], strict=True)):
            assert a.dtype == b.dtype, i
            np.testing.assert_array_equal(a, b, err_msg=str(i))


def test_rack_holes_same_in_a_rack() -> None:
    """The rendered rack's balls with one inner ball left out: both paths find the same hole (there is one)."""
    img, _, sc = render("rack15", resolution=(1920, 1080), seed=0)
    det = BallDetector(sc.camera.calibration())
    det.region_pass = False
    obs = det.detect(Frame(index=0, t=0.0, image=img))
    at = (np.asarray(obs.xy_px, np.float64) - det.roi[:2]) * det.scale
    d = np.linalg.norm(at[:, None] - at[None], axis=-1)
    middle = int(np.argmax((d < 2.3 * det.r_small).sum(axis=1)))  # an inner ball (most neighbours)
    cands = np.delete(at, middle, axis=0)
    small = det._small(img)
    det._last_small = small
    det._fg = det._open(det.foreground(img, small))
    det._votes(small, cands[:0], cv2.cvtColor(small, cv2.COLOR_BGR2GRAY))
    det._last_acc = det._acc
    got = {}
    for on in (False, True):
        _jit_votes.ENABLED = on
        got[on] = det._rack_holes(cands)
    assert len(got[False]) >= 1
    np.testing.assert_array_equal(got[False], got[True])


def test_foreground_same_with_kernel() -> None:
    """The not-cloth mask and its cushion part, on noisy frames and on pure noise (every branch of the colour
    test, pocket zones dark now and when learnt): the same masks; and the opening on random masks."""
    det, img = _detector()
    rng = np.random.default_rng(11)
    h, w = det.table_mask.shape
    for t in range(4):
        small = _noisy(det, img, rng, 40) if t < 2 else rng.integers(0, 256, (h, w, 3), dtype=np.uint8)
        if t == 3:
            small //= 4  # dark: the pocket zones' test bites
        res = {}
        for on in (False, True):
            _jit_votes.ENABLED = on
            fg = det.foreground(img, small)
            res[on] = (fg, det._fg_rails.copy(), det._open(fg))
        for a, b in zip(res[False], res[True], strict=True):
            np.testing.assert_array_equal(a, b)
    for _ in range(100):
        hh, ww = rng.integers(1, 25, 2)
        m = (rng.random((hh, ww)) < rng.random()).astype(np.uint8) * 255
        np.testing.assert_array_equal(_jit_votes.open2x2(m),
                                      cv2.morphologyEx(m, cv2.MORPH_OPEN, np.ones((2, 2), np.uint8)))


def test_foreground_hands_over_on_the_threshold() -> None:
    """A pixel whose hue distance lies on the threshold (within the kernel's 1e-6 margin): the kernel does not
    decide it (``_foreground_jit`` gives None) and ``foreground`` still gives the numpy path's mask."""
    det, img = _detector()
    small = det._small(img)
    y, x = np.argwhere(det.table_mask > 0)[len(np.argwhere(det.table_mask > 0)) // 2]
    q = [cv2.transform(small[y:y + 1, x:x + 1].astype(np.float32), row)[0, 0] for row in det._basis_rows]
    det._bg_planes[0][y, x] = np.float32(q[0] - np.float32(det.p.fg_threshold))
    det._bg_planes[1][y, x] = np.float32(q[1])
    _jit_votes.ENABLED = True
    assert det._foreground_jit(small) is None
    got = det.foreground(img, small)
    _jit_votes.ENABLED = False
    np.testing.assert_array_equal(got, det.foreground(img, small))


def test_foreground_kernel_checked_against_opencv(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first kernel foreground of a process is compared with OpenCV's: a kernel that rounds otherwise (here
    one pixel flipped, as an OpenCV without fused multiply-adds would give) is dropped for OpenCV's answer, then
    and after."""
    det, img = _detector()
    small = det._small(img)
    _jit_votes.ENABLED = False
    want = det.foreground(img, small)
    real = _jit_votes.not_cloth_fg

    def off_by_one(*a: object) -> tuple[np.ndarray, np.ndarray, int]:
        fg, rails, amb = real(*a)
        fg[fg.shape[0] // 2, fg.shape[1] // 2] ^= 255
        return fg, rails, amb
    monkeypatch.setattr(_jit_votes, "not_cloth_fg", off_by_one)
    _jit_votes.ENABLED, _jit_votes.FG_CHECKED, _jit_votes.FG_OK = True, False, True
    np.testing.assert_array_equal(det.foreground(img, small), want)
    assert _jit_votes.FG_CHECKED and not _jit_votes.FG_OK
    np.testing.assert_array_equal(det.foreground(img, small), want)
