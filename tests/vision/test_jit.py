"""The compiled kernels (vision._jit, ``CUEREF_NUMBA=1`` with numba installed) give the numpy path's answers bit
for bit: whole detections (refinement, fill tests, identification) on a rack and scattered balls, and the
identifier's features on random pixels with and without a white and a cloth. Skipped where numba is not there."""

from __future__ import annotations

import numpy as np
import pytest
from vision_scenes import render

from vision import _jit
from vision import identify as ident
from vision.detect import BallDetector
from vision.types import Frame

pytestmark = pytest.mark.skipif(not _jit.AVAILABLE, reason="numba not installed or CUEREF_NUMBA != 1")

FIELDS = ("xy", "xy_px", "radius_px", "confidence", "id_scores", "streak")


@pytest.fixture(autouse=True)
def _restore() -> object:
    was = _jit.ENABLED
    yield
    _jit.ENABLED = was


@pytest.mark.parametrize("name", ["rack15", "scattered"])
def test_detect_same_with_kernels(name: str) -> None:
    """Three frames (noise changes) through two detectors, one per path: the same observations to the bit."""
    out = {}
    for on in (False, True):
        _jit.ENABLED = on
        img0, _, sc = render(name, resolution=(1920, 1080), seed=0)
        det = BallDetector(sc.camera.calibration())
        det.region_pass = False
        out[on] = [det.detect(Frame(index=i, t=i / 25, image=render(name, resolution=(1920, 1080), seed=i)[0]))
                   for i in range(3)]
    assert sum(len(o) for o in out[False]) > 0
    for a, b in zip(out[False], out[True], strict=True):
        for f in FIELDS:
            np.testing.assert_array_equal(np.asarray(getattr(a, f)), np.asarray(getattr(b, f)), err_msg=f)


def test_features_same_with_kernel() -> None:
    """Random (N, 85, 3) pixels (0-255), with and without a white reference and a cloth colour."""
    rng = np.random.default_rng(3)
    for t in range(30):
        pix = rng.integers(0, 256, (int(rng.integers(1, 17)), ident.N_SAMPLES + ident.N_RIM, 3)).astype(np.float32)
        white = rng.uniform(150, 255, 3).astype(np.float32) if t % 2 else None
        cloth = rng.uniform(0, 255, 3).astype(np.float32) if t % 3 else None
        _jit.ENABLED = False
        a = ident.features_from_pixels(pix, white, cloth)
        _jit.ENABLED = True
        b = ident.features_from_pixels(pix, white, cloth)
        assert a.keys() == b.keys()
        for k in a:
            np.testing.assert_array_equal(np.asarray(a[k], float), np.asarray(b[k], float), err_msg=k)


@pytest.mark.parametrize("paint_set", [None, 0, 1])
def test_scores_same_with_kernel(paint_set: int | None) -> None:
    """``score_features`` then ``one_of_each`` (and without it) on the features of random pixels: the kernels'
    scores are numpy's to the bit (a lone ball, no coloured pixels, balls claiming the same id)."""
    rng = np.random.default_rng(5)
    for t in range(30):
        n = int(rng.integers(1, 17))
        pix = rng.integers(0, 256, (n, ident.N_SAMPLES + ident.N_RIM, 3)).astype(np.float32)
        if t % 4 == 0:
            pix[:] = pix[:1]  # every ball alike: one_of_each has ids claimed many times over
        _jit.ENABLED = False
        feats = ident.features_from_pixels(pix, None, rng.uniform(0, 255, 3).astype(np.float32))
        s = ident.score_features(feats, paint_set=paint_set)
        for exclusive in (False, True):
            want = ident.one_of_each(s) if exclusive else s
            got = ident._scores_jit(feats, paint_set, exclusive)
            np.testing.assert_array_equal(want, got)
