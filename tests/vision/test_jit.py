"""The compiled kernels (vision._jit, numba installed, ``CUEREF_NUMBA`` not 0) give the numpy path's answers bit
for bit: whole detections (refinement, fill tests, identification) on a rack and scattered balls, and the
identifier's features on random pixels with and without a white and a cloth. Skipped where numba is not there."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from vision_scenes import assert_same_both_ways, render

from vision import _jit, _jit_search
from vision import detect as det_mod
from vision import identify as ident
from vision.detect import BallDetector
from vision.types import Frame

pytestmark = pytest.mark.skipif(not _jit.AVAILABLE, reason="numba not installed or CUEREF_NUMBA=0")


@pytest.fixture(autouse=True)
def _restore() -> object:
    was = _jit.ENABLED, _jit.REFINE_CHECKED, _jit.REFINE_OK
    yield
    _jit.ENABLED, _jit.REFINE_CHECKED, _jit.REFINE_OK = was


@pytest.mark.parametrize("name", ["rack15", "scattered"])
def test_detect_same_with_kernels(name: str) -> None:
    """Three frames (noise changes) through two detectors, one per path: the same observations to the bit."""
    assert_same_both_ways(name, lambda on: setattr(_jit, "ENABLED", on))


def test_projection_is_opencvs() -> None:
    """The refine kernel's own projection on the cloth basis (``project_core``) is cv2.transform's to the bit on
    random pixels and bases: what the once-a-process check finds on this machine."""
    rng = np.random.default_rng(11)
    for _ in range(20):
        img = rng.integers(0, 256, (60, 80, 3)).astype(np.uint8)
        basis = rng.normal(0, 1, (3, 3)).astype(np.float32)
        size = int(rng.integers(5, 30))
        corner = np.stack([rng.integers(0, 80 - size, 4), rng.integers(0, 60 - size, 4)], axis=1)
        f = np.stack([img[b:b + size, a:a + size] for a, b in corner.tolist()]).astype(np.float32)
        f = f.reshape(-1, size, 3)
        want = np.stack([cv2.transform(f, np.ascontiguousarray(basis[k:k + 1])).reshape(4, size, size)
                         for k in range(3)])
        np.testing.assert_array_equal(_jit.project_core(img, corner, basis, size), want)


def _refine_calls(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Record, per ``refine_core`` call, whether OpenCV's planes were passed in."""
    calls: list[bool] = []
    core = _jit.refine_core

    def spy(*args: object) -> object:
        calls.append(args[-1].shape[0] == 3)  # type: ignore[attr-defined]
        return core(*args)

    monkeypatch.setattr(_jit, "refine_core", spy)
    return calls


@pytest.mark.parametrize("differs", [False, True])
def test_refine_projection_checked_against_opencv(monkeypatch: pytest.MonkeyPatch, differs: bool) -> None:
    """The first refinement of a process compares the kernel's projection with cv2.transform's: equal (this
    machine), later frames project in the kernel; one float32 step off (as an OpenCV without FMA, or another CPU,
    would round), every refinement gets OpenCV's planes and the detections stay the numpy path's."""
    sc = render("scattered", resolution=(1920, 1080), seed=0)[2]
    imgs = [render("scattered", resolution=(1920, 1080), seed=i)[0] for i in range(3)]

    def run() -> list[object]:  # a fresh detector a frame: every ball refined (none kept from the last frame)
        return [BallDetector(sc.camera.calibration()).detect(Frame(index=0, t=0.0, image=img)) for img in imgs]

    _jit.ENABLED = False
    want = run()
    if differs:
        project = _jit.project_core

        def off(*args: object) -> np.ndarray:
            q = project(*args)
            q[0, 0, 0, 0] = np.nextafter(q[0, 0, 0, 0], np.float32(np.inf))
            return q

        monkeypatch.setattr(_jit, "project_core", off)
    calls = _refine_calls(monkeypatch)
    _jit.ENABLED, _jit.REFINE_CHECKED, _jit.REFINE_OK = True, False, True
    got = run()
    assert _jit.REFINE_CHECKED and _jit.REFINE_OK is not differs
    assert len(calls) == 3 and calls[0] and calls[1:] == [differs, differs]
    for a, b in zip(want, got, strict=True):
        for f in ("xy", "xy_px", "radius_px", "confidence", "id_scores"):
            np.testing.assert_array_equal(np.asarray(getattr(a, f)), np.asarray(getattr(b, f)), err_msg=f)


def test_sample_pixels_same_with_kernel() -> None:
    """``sample_pixels``: random balls on a random image (a cropped view too), points off every edge (clipped),
    coordinates at exact halves (np.rint's ties to even), both patterns; a NaN centre falls back to numpy."""
    rng = np.random.default_rng(13)
    img = rng.integers(0, 256, (90, 120, 3)).astype(np.uint8)
    for t in range(40):
        image = img[5:80, 7:110] if t % 3 == 0 else img
        n = int(rng.integers(0, 9))
        centres = rng.uniform(-20, 140, (n, 2))
        if t % 4 == 1:
            centres = np.round(centres * 2) / 2  # exact halves
        radii = rng.uniform(0.5, 20, n)
        pattern = ident._CLOTH_RING if t % 2 else ident._PATTERN
        _jit.ENABLED = False
        want = ident.sample_pixels(image, centres, radii, pattern)
        _jit.ENABLED = True
        got = ident.sample_pixels(image, centres, radii, pattern)
        assert got.dtype == want.dtype == np.float32
        np.testing.assert_array_equal(got, want)
    bad = np.array([[10.0, 10.0], [np.nan, 3.0]])
    assert not _jit.sample_core(img, bad, np.ones(2), ident._PATTERN)[1]


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


# --- the search kernels (vision._jit_search) ---------------------------------------------------------------------


@pytest.fixture()
def _search_switch() -> object:
    was = _jit_search.ENABLED
    yield
    _jit_search.ENABLED = was


def _both(f: object, *args: object) -> tuple[object, object]:
    """``f(*args)`` by the numpy path, then by the kernels."""
    _jit_search.ENABLED = False
    a = f(*args)  # type: ignore[operator]
    _jit_search.ENABLED = True
    return a, f(*args)  # type: ignore[operator]


@pytest.mark.parametrize("name", ["rack15", "rack9", "scattered", "touching_pair", "near_pockets"])
def test_search_same_with_kernels(name: str, _search_switch: object) -> None:
    """Three frames through two detectors, the numpy search and the kernels' (a rack is split by k-means and
    snapped to its lattice; scattered balls take the peaks, the clutter test and the vote helpers): the same
    observations to the bit."""
    assert_same_both_ways(name, lambda on: setattr(_jit_search, "ENABLED", on))


def _masks(rng: np.random.Generator, n: int) -> list[np.ndarray]:
    """Random 0/255 masks of blobs (dilated specks: touching, holed, at the edges) of assorted sizes."""
    out = []
    for _ in range(n):
        h, w = (int(v) for v in rng.integers(3, 90, 2))
        m = (rng.random((h, w)) < rng.uniform(0.02, 0.3)).astype(np.uint8) * 255
        out.append(cv2.dilate(m, np.ones((int(rng.integers(1, 6)),) * 2, np.uint8)))
    return out


def test_components_maxima_same_with_kernels(_search_switch: object) -> None:
    """``_components`` (stats, background row included, and the all-set mask) and ``_local_maxima`` (with the
    set pixels or without, plateaus of equal heights, a threshold between two float32 values)."""
    rng = np.random.default_rng(7)
    masks = _masks(rng, 60) + [np.full((5, 7), 255, np.uint8), np.zeros((4, 4), np.uint8)]
    for m in masks:
        for lt in (cv2.CV_16U, cv2.CV_32S):
            (na, la, sa), (nb, lb, sb) = _both(det_mod._components, m, lt)
            assert na == nb
            np.testing.assert_array_equal(sa, sb)
        dist = cv2.distanceTransform(m, cv2.DIST_L2, 3)
        at = det_mod._fg_flat(m)
        for thr in (0.7, 1.0, 2.3):
            for kw in ({"at": at}, {}):
                a, b = _both(det_mod._local_maxima, dist, thr, None, kw.get("at"))
                np.testing.assert_array_equal(a[0], b[0])
                np.testing.assert_array_equal(a[1], b[1])
        flat = np.round(rng.random(m.shape) * 4).astype(np.float32)  # plateaus
        a, b = _both(det_mod._local_maxima, flat, 2.0)
        np.testing.assert_array_equal(np.stack(a), np.stack(b))


def test_greedy_nms_same_with_kernel(_search_switch: object) -> None:
    """``_greedy_nms`` (both numpy paths: up to 64 points and more), ties in strength, an ``allowed`` mask, one
    distance for all or one per point (float32, as the callers pass them)."""
    rng = np.random.default_rng(11)
    for t in range(80):
        n = int(rng.integers(0, 150))
        xs, ys = rng.integers(0, 60, n), rng.integers(0, 60, n)
        vals = np.round(rng.random(n) * 5).astype(np.float32)
        md: float | np.ndarray = float(rng.uniform(1, 9)) if t % 2 else rng.uniform(1, 9, n).astype(np.float32)
        allowed = rng.random(n) < 0.8 if t % 3 else None
        a, b = _both(det_mod._greedy_nms, xs, ys, vals, md, allowed)
        assert list(a) == list(b)  # type: ignore[call-overload]


def test_isolated_and_ridge_same_with_kernels(_search_switch: object) -> None:
    """The clutter test on random candidates (with and without others, some packed together) over a random
    not-cloth mask, with and without the over-cushion mask and rail band; ``_ridge`` on the mask's peaks."""
    rng = np.random.default_rng(13)
    img, _, sc = render("scattered", resolution=(1280, 720), seed=0)
    det = BallDetector(sc.camera.calibration())
    det.region_pass = False
    det.detect(Frame(index=0, t=0.0, image=img))
    h, w = det.rmap.shape
    for t in range(12):
        fg = ((rng.random((h, w)) < 0.01) * 255).astype(np.uint8)
        fg = cv2.dilate(fg, np.ones((int(rng.integers(3, 15)),) * 2, np.uint8)) & det.table_mask
        cands = np.c_[rng.uniform(0, w, 40), rng.uniform(0, h, 40)]
        cands[20:30] = cands[20] + rng.normal(0, 8, (10, 2))  # a packed group
        others = np.c_[rng.uniform(0, w, 10), rng.uniform(0, h, 10)] if t % 2 else None
        if t % 3 == 0:
            det._fg_rails = None  # type: ignore[assignment]
        elif t % 3 == 1:
            det._fg_rails = cv2.bitwise_and(fg, det.cushion_mask)
        a, b = _both(det._isolated, fg, cands, others)
        np.testing.assert_array_equal(a, b)
        dist = cv2.distanceTransform(fg, cv2.DIST_L2, 3)
        ys, xs = det_mod._local_maxima(dist, 0.5)
        rloc = det.rmap[ys, xs]
        vals = dist[ys, xs] / rloc
        a, b = _both(det._ridge, fg, xs, ys, vals, rloc)
        np.testing.assert_array_equal(a, b)


def test_split_helpers_same_with_kernels(_search_switch: object) -> None:
    """``_scallop`` (float32 and float64 outlines and centres: numpy promotes, and divides in float32 when both
    are), ``_farthest_init`` (with and without seeds), ``_lloyd`` (its starting labels) and ``_split_cluster``."""
    rng = np.random.default_rng(17)
    for _ in range(40):
        contour = rng.uniform(0, 50, (int(rng.integers(5, 300)), 2))
        centres = rng.uniform(0, 50, (int(rng.integers(1, 16)), 2))
        for ct, cc in ((np.float64, np.float64), (np.float32, np.float32), (np.float32, np.float64)):
            a, b = _both(det_mod._scallop, contour.astype(ct), centres.astype(cc), float(rng.uniform(3, 12)))
            assert a == b
        pts = rng.uniform(0, 40, (int(rng.integers(20, 260)), 2))
        seeds = centres[: int(rng.integers(0, 5))]
        count = int(rng.integers(2, 12))
        a, b = _both(det_mod._farthest_init, pts, seeds, count)
        np.testing.assert_array_equal(a, b)
        a, b = _both(det_mod._lloyd, pts, a[:count])
        np.testing.assert_array_equal(a, b)
        guess = int(rng.integers(2, 9))
        a, b = _both(det_mod._split_cluster, pts.astype(np.float32), guess, 6.0, contour, seeds)
        np.testing.assert_array_equal(a, b)
