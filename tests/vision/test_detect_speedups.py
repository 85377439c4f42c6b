"""The fourth round's speed-ups give the same answers as the simple code they replaced (compared here with that
code, written out again, on random inputs)."""

from __future__ import annotations

import cv2
import numpy as np
from vision_scenes import render, scene

from vision import region
from vision.detect import (
    BallDetector,
    _boundary,
    _clip,
    _components,
    _farthest_init,
    _fg_flat,
    _gather,
    _greedy_nms,
    _greedy_nms_small,
    _local_maxima,
    _nonzero_yx,
    _pixels,
)
from vision.types import Frame


def _greedy_nms_loop(xs: np.ndarray, ys: np.ndarray, vals: np.ndarray, min_dist: np.ndarray | float,
                     allowed: np.ndarray | None = None) -> list[int]:
    """The third round's loop: a point is kept when no kept point before it is too near it."""
    idx = np.argsort(-np.asarray(vals), kind="stable")
    if allowed is not None:
        idx = idx[np.asarray(allowed)[idx]]
    x = np.asarray(xs, np.float64)[idx]
    y = np.asarray(ys, np.float64)[idx]
    d2 = np.broadcast_to(np.asarray(min_dist, dtype=np.float64) ** 2, np.shape(vals))[idx]
    close = ((x[:, None] - x[None]) ** 2 + (y[:, None] - y[None]) ** 2) < d2[:, None]
    kept = np.zeros(len(idx), bool)
    for i in range(len(idx)):
        kept[i] = not (close[i, :i] & kept[:i]).any()
    return [int(i) for i in idx[kept]]


def test_greedy_nms_keeps_what_the_loop_keeps() -> None:
    rng = np.random.default_rng(4)
    for t in range(400):
        n = int(rng.integers(0, 90))  # past 64 points: the bit sets span several bytes
        xs, ys = rng.integers(0, 80, n), rng.integers(0, 50, n)
        vals = rng.random(n).round(1)  # ties: the stable order decides
        dist = rng.random(n) * 12 if t % 2 else 6.0  # per point (not symmetric) or one for all
        allowed = rng.random(n) > 0.3 if t % 3 == 0 else None
        assert _greedy_nms(xs, ys, vals, dist, allowed) == _greedy_nms_loop(xs, ys, vals, dist, allowed)


def test_small_greedy_nms_keeps_what_the_loop_keeps() -> None:
    """The thirteenth round's plain-Python NMS for a few points (most calls) keeps what the loop keeps, ties,
    one distance for all, per-point distances and the allowed mask included."""
    rng = np.random.default_rng(14)
    for t in range(600):
        n = int(rng.integers(0, 70))
        xs, ys = rng.integers(0, 40, n), rng.integers(0, 30, n)
        vals = (rng.random(n).round(1) if t % 2 else rng.integers(0, 4, n)).astype(np.float32)
        dist = rng.random(n) * 10 if t % 3 else 5.0
        allowed = rng.random(n) > 0.3 if t % 5 == 0 else None
        assert _greedy_nms_small(xs, ys, vals, dist, allowed) == _greedy_nms_loop(xs, ys, vals, dist, allowed)


def test_ball_windows_match_one_at_a_time() -> None:
    det = BallDetector(scene("blue").camera.calibration(), identifier=False)
    h, w = det.table_mask.shape
    rng = np.random.default_rng(5)
    at = np.c_[rng.uniform(-4, w + 4, 3000), rng.uniform(-4, h + 4, 3000)]
    at[::3] = np.round(at[::3] * 2) / 2  # halves: rounded to even either way
    assert det._ball_windows(at) == [det._ball_window(p) for p in at]


def _plan_areas(changed: np.ndarray, r: float, params: region.RegionParams) -> int | None:
    """The windows' boxes' area the full plan computes (None: more regions than allowed, or none)."""
    k = lambda px: 2 * int(np.ceil(px / region.BLOCK)) + 1  # noqa: E731
    h, w = changed.shape
    gh, gw = -(-h // region.BLOCK), -(-w // region.BLOCK)
    padded = cv2.copyMakeBorder(changed, 0, gh * region.BLOCK - h, 0, gw * region.BLOCK - w, cv2.BORDER_CONSTANT,
                                value=0)
    m = cv2.compare(cv2.resize(padded, (gw, gh), interpolation=cv2.INTER_AREA), 0, cv2.CMP_GT)
    for px in (params.accept_radii * r + 1, r, params.margin_radii * r):
        m = cv2.dilate(m, cv2.getStructuringElement(cv2.MORPH_RECT, (k(px), k(px))))
    n, _, stats, _ = cv2.connectedComponentsWithStats(m, 8, cv2.CV_32S)
    if n - 1 > params.max_regions or n < 2:
        return None
    return int((stats[1:, cv2.CC_STAT_WIDTH] * stats[1:, cv2.CC_STAT_HEIGHT]).sum()) * region.BLOCK ** 2


def test_plan_early_whole_table_only_when_the_windows_are_too_large() -> None:
    """``plan`` answers "whole table" early from a lower bound of the windows' area; whenever it says so for a
    plan that the full computation would accept (few enough regions), the windows are indeed too large, and
    whenever it returns windows, they are within the share."""
    rng = np.random.default_rng(6)
    params = region.RegionParams(min_speck=1)
    too_large = 0
    for _ in range(300):
        h, w = (int(v) for v in rng.integers(60, 260, 2))
        changed = np.zeros((h, w), np.uint8)
        for _ in range(int(rng.integers(1, 8))):
            x, y = int(rng.integers(0, w)), int(rng.integers(0, h))
            changed[y:y + int(rng.integers(1, 12)), x:x + int(rng.integers(1, 12))] = 255
        r = float(rng.uniform(2.0, 7.0))
        got = region.plan(changed, r, params)
        area = _plan_areas(changed, r, params)
        if area is None:
            continue
        limit = params.max_share * h * w
        if got is None:
            assert area > limit
            too_large += 1
        else:
            assert area <= limit
    assert too_large > 20  # the early answer was exercised


def test_spaghetti_labels_as_bbdt() -> None:
    """The candidates' labelling (Spaghetti) gives BBDT's labels and statistics, on which the third round was
    checked."""
    rng = np.random.default_rng(7)
    for _ in range(200):
        h, w = (int(v) for v in rng.integers(1, 120, 2))
        m = ((rng.random((h, w)) < rng.random() ** 2) * 255).astype(np.uint8)
        for lt in (cv2.CV_16U, cv2.CV_32S):
            a = cv2.connectedComponentsWithStatsWithAlgorithm(m, 8, lt, cv2.CCL_BBDT)
            b = cv2.connectedComponentsWithStatsWithAlgorithm(m, 8, lt, cv2.CCL_SPAGHETTI)
            assert a[0] == b[0]
            assert np.array_equal(a[1], b[1]) and np.array_equal(a[2], b[2])


def test_nonzero_points_as_findnonzero() -> None:
    rng = np.random.default_rng(8)
    for _ in range(200):
        h, w = (int(v) for v in rng.integers(1, 90, 2))
        m = ((rng.random((h, w)) < rng.random() ** 3) * 255).astype(np.uint8)
        ys, xs = _nonzero_yx(m)
        pts = cv2.findNonZero(m)
        want = np.zeros((0, 2), np.intp) if pts is None else pts.reshape(-1, 2)
        assert np.array_equal(xs, want[:, 0]) and np.array_equal(ys, want[:, 1])


def test_components_give_opencvs_statistics() -> None:
    """The candidates' labelling takes its statistics from the labelled pixels (fifth round): the same count,
    labels and statistics as OpenCV's stats pass, background row included (a mask with no background too)."""
    rng = np.random.default_rng(9)
    for t in range(300):
        h, w = (int(v) for v in rng.integers(1, 100, 2))
        m = ((rng.random((h, w)) < rng.random() ** 2) * 255).astype(np.uint8)
        if t % 10 == 0:
            m[:] = 255 if t % 20 == 0 else 0
        elif t % 10 == 1:
            m[: h // 2] = 255  # the background's box does not start at the top
        for lt in (cv2.CV_16U, cv2.CV_32S):
            want = cv2.connectedComponentsWithStatsWithAlgorithm(m, 8, lt, cv2.CCL_SPAGHETTI)
            for n, labels, stats in (_components(m, lt), _components(m, lt, _fg_flat(m))):
                assert n == want[0]
                assert np.array_equal(labels, want[1]) and np.array_equal(stats, want[2])


def _boundary_shifts(fg: np.ndarray) -> np.ndarray:
    """The fourth round's boundary: set pixels whose four neighbours (inside the window) are not all set."""
    inner = fg.copy()
    inner[:, 1:, :] &= fg[:, :-1, :]
    inner[:, :-1, :] &= fg[:, 1:, :]
    inner[:, :, 1:] &= fg[:, :, :-1]
    inner[:, :, :-1] &= fg[:, :, 1:]
    edge = fg & ~inner
    edge[:, [0, -1], :] = False
    edge[:, :, [0, -1]] = False
    return edge


def test_boundary_of_stacked_windows_as_numpy_shifts() -> None:
    rng = np.random.default_rng(10)
    for _ in range(200):
        k, s = int(rng.integers(1, 8)), int(rng.integers(3, 30))
        fg = rng.random((k, s, s)) < rng.random()
        assert np.array_equal(_boundary(fg), _boundary_shifts(fg))


def test_local_maxima_with_a_given_dilation() -> None:
    rng = np.random.default_rng(11)
    a = cv2.GaussianBlur(rng.random((60, 90)).astype(np.float32), (0, 0), 1.0)
    for thr in (0.0, 0.4, 0.5, 0.6):
        want = _local_maxima(a, thr)
        got = _local_maxima(a, thr, cv2.dilate(a, np.ones((3, 3), np.uint8)))
        assert all(np.array_equal(x, y) for x, y in zip(want, got, strict=True))


def _local_maxima_whole(a: np.ndarray, threshold: float) -> tuple[np.ndarray, np.ndarray]:
    """The twelfth round's local maxima: two whole-image compares with the 3x3 dilation, ANDed."""
    m = cv2.compare(a, float(threshold), cv2.CMP_GE) & cv2.compare(a, cv2.dilate(a, np.ones((3, 3), np.uint8)),
                                                                   cv2.CMP_GE)
    return _nonzero_yx(m)


def test_local_maxima_at_the_few_pixels_as_whole_image_compares() -> None:
    """The thirteenth round's ``_local_maxima`` compares only the pixels at or above the threshold with their
    3x3 neighbours (the image's edge cutting the window as ``cv2.dilate`` does; plateaus, a given dilation, and
    the distance map read at the not-cloth pixels only): the same maxima, in the same raster order."""
    rng = np.random.default_rng(15)
    k3 = np.ones((3, 3), np.uint8)
    for t in range(400):
        h, w = (int(v) for v in rng.integers(2, 40, 2))
        m = ((rng.random((h, w)) < rng.random()) * 255).astype(np.uint8)
        if t % 3 == 0:
            a = rng.integers(0, 4, (h, w)).astype(np.float32)  # plateaus
        else:
            a = cv2.distanceTransform(m, cv2.DIST_L2, 3)
        for thr in (0.0, 0.3, 1.0, 1.3, float(a.max()), float(a.max()) + 1):
            want = _local_maxima_whole(a, thr)
            for got in (_local_maxima(a, thr), _local_maxima(a, thr, cv2.dilate(a, k3))):
                assert all(np.array_equal(x, y) for x, y in zip(want, got, strict=True))
            if t % 3 and thr > 0:
                got = _local_maxima(a, thr, at=_fg_flat(m))
                assert all(np.array_equal(x, y) for x, y in zip(want, got, strict=True))


def test_pixels_as_rounded_clipped_coordinates() -> None:
    """``_pixels`` is the per-coordinate ``_clip(np.round(p).astype(int), 0, size - 1)`` it replaced (halves
    rounded to even, points off the image clipped, NaN as astype makes it)."""
    rng = np.random.default_rng(12)
    for t in range(100):
        w, h = (int(v) for v in rng.integers(1, 60, 2))
        pts = np.c_[rng.uniform(-5, w + 5, 40), rng.uniform(-5, h + 5, 40)]
        pts[::4] = np.round(pts[::4] * 2) / 2
        if t % 2:
            pts = pts.reshape(4, 10, 2).astype(np.float32)
        xi, yi = _pixels(pts, w, h)
        assert np.array_equal(xi, _clip(np.round(pts[..., 0]).astype(int), 0, w - 1))
        assert np.array_equal(yi, _clip(np.round(pts[..., 1]).astype(int), 0, h - 1))


def _plausible_loop(det: BallDetector, xy: np.ndarray) -> np.ndarray:
    """The fourth round's ``_plausible``: one pocket at a time."""
    g = det.geometry
    m = g.ball_radius * (1.0 - det.p.edge_margin)
    inx = (xy[:, 0] > m) & (xy[:, 0] < g.length - m)
    iny = (xy[:, 1] > m) & (xy[:, 1] < g.width - m)
    ok = inx & iny
    for p in g.pockets:
        if 2 * g.ball_radius < p.centre[0] < g.length - 2 * g.ball_radius:
            ok |= inx & (np.abs(xy[:, 0] - p.centre[0]) < p.mouth / 2) & (xy[:, 1] > 0) & (xy[:, 1] < g.width)
    for p in g.pockets:
        side = 2 * g.ball_radius < p.centre[0] < g.length - 2 * g.ball_radius
        ok &= np.hypot(xy[:, 0] - p.centre[0], xy[:, 1] - p.centre[1]) > (
            det.p.side_clearance if side else det.p.pocket_clearance)
    return ok


def test_plausible_as_one_pocket_at_a_time() -> None:
    det = BallDetector(scene("blue").camera.calibration(), identifier=False)
    g = det.geometry
    rng = np.random.default_rng(13)
    xy = np.c_[rng.uniform(-0.1, g.length + 0.1, 20000), rng.uniform(-0.1, g.width + 0.1, 20000)]
    got = det._plausible(xy)
    assert np.array_equal(got, _plausible_loop(det, xy))
    assert 0 < got.sum() < len(got)


def test_farthest_starts_are_prefixes() -> None:
    """The rack split takes each count's k-means start as a prefix of the largest count's: the seeds, then
    farthest-point picks, which do not depend on how many are wanted."""
    rng = np.random.default_rng(14)
    for t in range(200):
        pts = rng.uniform(0, 40, (int(rng.integers(3, 80)), 2))
        seeds = rng.uniform(0, 40, (int(rng.integers(0, 6)), 2)) if t % 3 else np.zeros((0, 2))
        big = _farthest_init(pts, seeds, len(pts))
        for k in range(1, len(pts) + 1):
            assert np.array_equal(_farthest_init(pts, seeds, k), big[:k])


def test_runs_summed_as_bincount_sums() -> None:
    """The refinement sums each ball's run of float32 terms with ``np.add.reduceat`` in float64: the same values as
    the ``np.bincount`` it replaced (both add in order; a pairwise sum would differ in the last bits)."""
    rng = np.random.default_rng(15)
    for _ in range(100):
        n = int(rng.integers(1, 20))
        bi = np.sort(rng.integers(0, n, int(rng.integers(1, 3000))))
        terms = rng.normal(0, 1, (6, len(bi))).astype(np.float32)
        runs = np.flatnonzero(np.r_[True, bi[1:] != bi[:-1]])
        sums = np.zeros((6, n))
        sums[:, bi[runs]] = np.add.reduceat(terms.astype(np.float64), runs, axis=1)
        bins = (bi[None, :] + n * np.arange(6)[:, None]).ravel()
        assert np.array_equal(sums, np.bincount(bins, weights=terms.ravel(), minlength=6 * n).reshape(6, n))


def test_gather_as_fancy_index() -> None:
    """``_gather`` (take on the flat index) gives ``a[yi, xi]``: one and three channels, whole images and the
    cropped views a region pass indexes."""
    rng = np.random.default_rng(16)
    for t in range(60):
        h, w = (int(v) for v in rng.integers(2, 50, 2))
        a = rng.integers(0, 255, (h, w, 3) if t % 2 else (h, w)).astype(np.uint8 if t % 3 else np.float32)
        if t % 4 == 0:
            a = a[1:, 1:]  # a view
        yi = rng.integers(0, a.shape[0], (5, 7))
        xi = rng.integers(0, a.shape[1], (5, 7))
        got = _gather(a, yi, xi)
        assert got.dtype == a.dtype and np.array_equal(got, a[yi, xi])
        assert np.array_equal(_gather(a, yi, xi, yi * a.shape[1] + xi), a[yi, xi])


def test_vote_maxima_found_once_match_each_threshold() -> None:
    """``_acc_maxima`` (the vote map's maxima found once at the lower threshold, then kept at or above each one)
    gives what ``_local_maxima`` gives at every threshold, down to a single maximum and none."""
    img, _, sc = render("scattered", k1=-0.05)
    det = BallDetector(sc.camera.calibration(), identifier=False)
    det.detect(Frame(index=0, t=0.0, image=img))
    acc, dil = det._acc, det._acc_dil
    k = det._vote_threshold() * det._rmin()
    top = float(acc.max())
    for thr in (det.p.faint_votes * k, k, 0.8 * k, 1.7 * k, 0.3 * k, np.nextafter(np.float32(top), 0), top, top + 1):
        want = _local_maxima(acc, float(thr), dil)
        got = det._acc_maxima(float(thr))
        assert all(np.array_equal(x, y) for x, y in zip(want, got, strict=True)), thr


def test_leave_place_map_is_image_to_table() -> None:
    """``_leave_maps``' per-pixel table places are ``image_to_table`` of the working pixels' centres to well within
    the 1e-9 m that ``_leaving``'s tests allow before they map a box's pixels again (lens distortion included)."""
    cal = scene("blue", (1920, 1080), k1=-0.05).camera.calibration()
    det = BallDetector(cal, identifier=False)
    txy, area = det._leave_maps()
    h, w = det.table_mask.shape
    assert txy.shape == (h, w, 2) and area.shape == (h, w)
    rng = np.random.default_rng(13)
    ys, xs = rng.integers(0, h, 500), rng.integers(0, w, 500)
    full = np.stack([xs, ys], axis=1) / det.scale + list(det.roi[:2]) + (0.5 / det.scale - 0.5)
    assert np.abs(txy[ys, xs] - cal.image_to_table(full)).max() < 1e-12
    assert np.array_equal(area > 0, (det.table_mask | det.cushion_mask) > 0)


def _isolated_every_pair(det: BallDetector, fg: np.ndarray, cands: np.ndarray,
                         others: np.ndarray | None = None) -> np.ndarray:
    """The twelfth round's clutter test: each ring sample's distance to every candidate and other."""
    if len(cands) == 0:
        return np.zeros(0, bool)
    h, w = fg.shape
    r = det.rmap[_pixels(cands, w, h)[::-1]][:, None]
    pts = cands[:, None, :] + det._rings[None] * r[:, :, None]
    xi, yi = _pixels(pts, w, h)
    on = (fg[yi, xi] > 0) | (det._fg_rails[yi, xi] > 0)
    inside = det.cushion_mask[yi, xi] > 0
    table = det._rail_band[yi, xi] > 0
    on &= ~table
    inside &= ~table
    every = cands if others is None or len(others) == 0 else np.concatenate([cands, others])
    dx = pts[:, :, None, 0] - every[None, None, :, 0]
    dy = pts[:, :, None, 1] - every[None, None, :, 1]
    d = np.sqrt(dx * dx + dy * dy)
    d[np.arange(len(cands)), :, np.arange(len(cands))] = np.inf
    gap = np.linalg.norm(cands[:, None, :] - every[None, :, :], axis=-1)
    near = (d < 1.15 * r[:, :, None]) & (gap >= 1.5 * r)[:, None, :]
    packed = ((gap < 2.4 * r) & (gap >= 1.5 * r)).sum(axis=1) >= 3
    ok = np.ones(len(cands), bool)
    for _ in range(4):
        voucher = np.concatenate([ok | packed, np.ones(len(every) - len(cands), bool)])
        explained = (near & voucher[None, None, :]).any(axis=-1)
        new_ok = (on & ~explained).sum(axis=1) / np.maximum(inside.sum(axis=1), 1) <= det.p.max_clutter
        if (new_ok == ok).all():
            break
        ok = new_ok
    return ok


def test_clutter_test_near_neighbours_only_as_every_pair() -> None:
    """The thirteenth round's clutter test takes the ring samples' distances to the neighbours within 3 radii
    only: the same answers as to every candidate, on scattered balls, a rack and random points (packed groups,
    points closer than 1.5 radii, duplicates, others given or not)."""
    rng = np.random.default_rng(16)
    rejected = 0
    for name in ("scattered", "rack15"):
        img, _, sc = render(name)
        det = BallDetector(sc.camera.calibration(), identifier=False)
        det.detect(Frame(index=0, t=0.0, image=img))
        fg = det._fg
        h, w = fg.shape
        r = float(det.r_small)
        found = det._candidates(fg)[0]
        for t in range(300):
            n = int(rng.integers(1, 18))
            if t % 3 == 0:  # a packed group round a random spot
                pts = rng.random(2) * [w, h] + rng.integers(-3, 4, (n, 2)) * [2 * r, 1.75 * r] + rng.normal(0, 0.3, (n, 2))
            else:
                pts = found[rng.integers(0, len(found), n)] + rng.normal(0, r if t % 2 else 3 * r, (n, 2))
            if t % 7 == 0:
                pts[-1] = pts[0]  # a duplicate
            pts = np.clip(pts, 0, [w - 1, h - 1])
            others = None if t % 4 == 0 else pts[:0] if t % 4 == 1 else \
                np.clip(found[rng.integers(0, len(found), 4)] + rng.normal(0, 2 * r, (4, 2)), 0, [w - 1, h - 1])
            want = _isolated_every_pair(det, fg, pts, others)
            assert np.array_equal(det._isolated(fg, pts, others), want)
            rejected += int((~want).sum())
    assert rejected > 100  # both answers exercised


def test_votes_without_known_discs_as_drawn_out_of_the_edges() -> None:
    """``_votes`` reads the known balls' discs off an empty mask at the edge pixels (thirteenth round): the same
    vote map as drawing the discs out of a copy of the edge mask (the twelfth round's)."""
    img, _, sc = render("scattered")
    det = BallDetector(sc.camera.calibration(), identifier=False)
    det.detect(Frame(index=0, t=0.0, image=img))
    small = det._last_small
    grey = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
    h, w = grey.shape
    gx16, gy16 = cv2.spatialGradient(grey)
    gx, gy = gx16.astype(np.float32), gy16.astype(np.float32)
    mag = cv2.magnitude(gx, gy)
    found = det._candidates(det._fg)[0]
    rng = np.random.default_rng(17)
    for known in (found, found[:3], found[:0], np.r_[found, [[0.2, 0.4], [w - 0.6, h - 0.5]]],
                  rng.random((12, 2)) * [w, h]):
        det._votes(small, known, grey)
        voters = cv2.compare(mag, det.p.edge_min, cv2.CMP_GT) & det.table_mask
        for x, y in known:
            rr = 0.9 * float(det.rmap[min(round(y), h - 1), min(round(x), w - 1)])
            cv2.circle(voters, (round(x * 16), round(y * 16)), round(rr * 16), 0, -1, cv2.LINE_8, 4)
        ys, xs = _nonzero_yx(voters)
        m, rv = mag[ys, xs], det.rmap[ys, xs]
        ux, uy = gx[ys, xs] / m * rv, gy[ys, xs] / m * rv
        vx = _clip(np.round(np.concatenate([xs + ux, xs - ux])), 0, w - 1)
        vy = _clip(np.round(np.concatenate([ys + uy, ys - uy])), 0, h - 1)
        acc = np.bincount((vy * w + vx).astype(np.intp), minlength=h * w).astype(np.float32).reshape(h, w)
        assert np.array_equal(det._acc, cv2.GaussianBlur(acc, (0, 0), 0.8))


def test_radii_px_as_ball_radius_px() -> None:
    """``_radii_px`` (three projections in one call, the norms written out) is ``ball_radius_px`` at the
    centres' table places, to the bit (lens distortion included)."""
    cal = scene("blue", (1920, 1080), k1=-0.05).camera.calibration()
    det = BallDetector(cal, identifier=False)
    rng = np.random.default_rng(18)
    c = np.c_[rng.uniform(0, 1920, 500), rng.uniform(0, 1080, 500)]
    assert np.array_equal(det._radii_px(c), cal.ball_radius_px(cal.image_to_table(c), det.geometry.ball_radius))


def _recentre_grids(det: BallDetector, pts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The twelfth round's ``_recentre``: each window's full index grids."""
    acc = det._acc
    k = det._vote_threshold()
    out, found = pts.copy(), np.zeros(len(pts), bool)
    for i, (x, y) in enumerate(pts):
        xi, yi, r = det._pixel_radius(x, y)
        half = int(np.ceil(r))
        ya, xa = max(yi - half, 0), max(xi - half, 0)
        win = acc[ya:yi + half + 1, xa:xi + half + 1]
        if win.size == 0:
            continue
        gy, gx = np.mgrid[ya:ya + win.shape[0], xa:xa + win.shape[1]]
        win = np.where((gx - x) ** 2 + (gy - y) ** 2 <= r * r, win, 0.0)
        j = int(np.argmax(win))
        if win.flat[j] >= k * r:
            out[i] = (gx.flat[j], gy.flat[j])
            found[i] = True
    return out, found


def test_recentre_with_broadcast_rows_and_columns_as_full_grids() -> None:
    """``_recentre``'s windows with broadcast rows and columns (thirteenth round) move the same points to the
    same places as with full index grids, at the image's edges and off it too."""
    img, _, sc = render("scattered")
    det = BallDetector(sc.camera.calibration(), identifier=False)
    det.detect(Frame(index=0, t=0.0, image=img))
    h, w = det._acc.shape
    rng = np.random.default_rng(18)
    found = det._candidates(det._fg)[0]
    pts = np.r_[found + rng.normal(0, 2, found.shape), rng.uniform(-3, 1, (20, 2)) * [w, h] / [-1, -1],
                rng.random((200, 2)) * [w, h], [[0, 0], [w - 1, h - 1], [w + 2, -2]]]
    want = _recentre_grids(det, pts)
    got = det._recentre(pts)
    assert np.array_equal(got[0], want[0]) and np.array_equal(got[1], want[1])
    assert want[1].sum() >= len(found) // 2  # points moved to votes
