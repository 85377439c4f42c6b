"""Optional compiled kernels (numba) for the detector's search, part 1: the
distance-map peaks, the blob statistics, the greedy suppression, a blob's voted centres, the ridge test and the
clutter test (``BallDetector._isolated``). On when numba imports, unless ``CUEREF_NUMBA=0`` (``vision._jit``'s
switch); ``ENABLED`` turns these alone off (tests and timings compare the two paths in one process).

Why: ``_search`` makes ~1,200 small numpy/OpenCV calls a whole-table frame at 2-10 us each; a kernel replaces tens
of them. Each kernel repeats the numpy path's arithmetic in the same dtypes and order (float32 products where numpy
keeps float32, the float64 distances and squared distances, the same rounding), so the output is the same to the
bit; OpenCV's float passes (distance transform, Gaussian blur, Sobel) stay OpenCV calls around them."""
from __future__ import annotations

import math

import numpy as np

from vision import _jit

AVAILABLE = _jit.AVAILABLE
ENABLED = AVAILABLE

if AVAILABLE:  # pragma: no cover - compiled on first call, only when asked for
    from vision._jit import _jit as _njit

    @_njit
    def _pix(v, n):  # type: ignore[no-untyped-def]
        """``_pixels``' rounding of one coordinate: np.rint, then clipped into 0..n-1."""
        return min(max(np.int64(np.rint(v)), 0), n - 1)

    @_njit
    def isolated_core(fg, ext, cush, table, band, rmap, rings, cands, others, max_clutter):  # type: ignore[no-untyped-def]
        """``BallDetector._isolated`` (the clutter test) for float64 ``cands`` (N, 2) and ``others`` (M, 2): ``ext``
        (the over-cushion mask) and ``band`` (the rail lines) are empty (0, 0) when absent or of another shape.
        Returns ok (N,) bool."""
        n = cands.shape[0]
        h, w = fg.shape
        k2 = rings.shape[0]
        m = n + others.shape[0]
        use_ext = ext.shape[0] > 0
        use_band = band.shape[0] > 0
        every = np.empty((m, 2))
        for i in range(n):
            every[i, 0] = cands[i, 0]
            every[i, 1] = cands[i, 1]
        for i in range(others.shape[0]):
            every[n + i, 0] = others[i, 0]
            every[n + i, 1] = others[i, 1]
        r = np.empty(n, np.float32)
        for i in range(n):
            r[i] = rmap[_pix(cands[i, 1], h), _pix(cands[i, 0], w)]
        px = np.empty((n, k2))
        py = np.empty((n, k2))
        on = np.zeros((n, k2), np.bool_)
        n_inside = np.zeros(n, np.int64)
        for i in range(n):
            rf = np.float64(r[i])
            for k in range(k2):
                x = cands[i, 0] + rings[k, 0] * rf
                y = cands[i, 1] + rings[k, 1] * rf
                px[i, k] = x
                py[i, k] = y
                xi = _pix(x, w)
                yi = _pix(y, h)
                if use_ext:
                    o = fg[yi, xi] > 0 or ext[yi, xi] > 0
                    ins = cush[yi, xi] > 0
                else:
                    o = fg[yi, xi] > 0
                    ins = table[yi, xi] > 0
                if use_band and band[yi, xi] > 0:
                    o = False
                    ins = False
                on[i, k] = o
                if ins:
                    n_inside[i] += 1
        # the neighbours each candidate's ring samples can fall on (a voucher's disc), and who is packed
        reach = np.zeros((n, m), np.bool_)
        packed = np.zeros(n, np.bool_)
        for i in range(n):
            t15 = np.float64(np.float32(1.5) * r[i])
            t30 = np.float64(np.float32(3.0) * r[i])
            t24 = np.float64(np.float32(2.4) * r[i])
            cnt = 0
            for j in range(m):
                dx = cands[i, 0] - every[j, 0]
                dy = cands[i, 1] - every[j, 1]
                gap = math.sqrt(dx * dx + dy * dy)
                can = gap >= t15
                reach[i, j] = can and gap < t30
                if can and gap < t24:
                    cnt += 1
            packed[i] = cnt >= 3
        # near[i, k, j]: sample k of candidate i lies on neighbour j's disc (only reachable j)
        near = np.zeros((n, k2, m), np.bool_)
        for i in range(n):
            t115 = np.float64(np.float32(1.15) * r[i])
            for j in range(m):
                if not reach[i, j]:
                    continue
                for k in range(k2):
                    dx = px[i, k] - every[j, 0]
                    dy = py[i, k] - every[j, 1]
                    near[i, k, j] = math.sqrt(dx * dx + dy * dy) < t115
        ok = np.ones(n, np.bool_)
        voucher = np.ones(m, np.bool_)
        new_ok = np.empty(n, np.bool_)
        for _ in range(4):
            for j in range(n):
                voucher[j] = ok[j] or packed[j]
            same = True
            for i in range(n):
                bad = 0
                for k in range(k2):
                    if not on[i, k]:
                        continue
                    explained = False
                    for j in range(m):
                        if near[i, k, j] and voucher[j]:
                            explained = True
                            break
                    if not explained:
                        bad += 1
                new_ok[i] = bad / max(n_inside[i], 1) <= max_clutter
                if new_ok[i] != ok[i]:
                    same = False
            if same:
                break
            ok[:] = new_ok
        return ok

    @_njit
    def component_stats(labels, f, n, h, w):  # type: ignore[no-untyped-def]
        """``_components``' statistics from the labelled image and its set pixels ``f`` (flat, raster order):
        OpenCV's (n, 5) int32 stats (x, y, width, height, area), background row included."""
        x0 = np.full(n, w, np.int64)
        y0 = np.full(n, h, np.int64)
        x1 = np.full(n, -1, np.int64)
        y1 = np.full(n, -1, np.int64)
        area = np.zeros(n, np.int64)
        rowc = np.zeros(h, np.int64)
        colc = np.zeros(w, np.int64)
        flat = labels.reshape(-1)
        for t in range(f.shape[0]):
            p = f[t]
            y = p // w
            x = p - y * w
            lab = np.int64(flat[p])
            if x < x0[lab]:
                x0[lab] = x
            if x > x1[lab]:
                x1[lab] = x
            if y < y0[lab]:
                y0[lab] = y
            if y > y1[lab]:
                y1[lab] = y
            area[lab] += 1
            rowc[y] += 1
            colc[x] += 1
        area[0] = h * w - f.shape[0]
        stats = np.empty((n, 5), np.int32)
        have = False
        for y in range(h):
            if rowc[y] < w:
                if not have:
                    y0[0] = y
                    have = True
                y1[0] = y
        if have:
            first = True
            for x in range(w):
                if colc[x] < h:
                    if first:
                        x0[0] = x
                        first = False
                    x1[0] = x
        for i in range(n):
            stats[i, 0] = x0[i]
            stats[i, 1] = y0[i]
            stats[i, 2] = x1[i] - x0[i] + 1
            stats[i, 3] = y1[i] - y0[i] + 1
            stats[i, 4] = area[i]
        if not have:
            stats[0, 0] = -1
            stats[0, 1] = 2147483647
            stats[0, 2] = 0
            stats[0, 3] = 0
        return stats

    @_njit
    def _is_max(flat, p, v, h, w):  # type: ignore[no-untyped-def]
        """``v = flat[p]`` at or above its 3x3 neighbours (the window cut by the image, as cv2.dilate's)."""
        y = p // w
        x = p - y * w
        for yy in (max(y - 1, 0), y, min(y + 1, h - 1)):
            for xx in (max(x - 1, 0), x, min(x + 1, w - 1)):
                if not v >= flat[yy * w + xx]:
                    return False
        return True

    @_njit
    def maxima_at(a, at, threshold):  # type: ignore[no-untyped-def]
        """``_local_maxima(a, threshold, at=at)`` for a float32 ``a`` (C order) and a float32 ``threshold``:
        flat indices."""
        h, w = a.shape
        flat = a.reshape(-1)
        out = np.empty(at.shape[0], np.int64)
        m = 0
        for t in range(at.shape[0]):
            p = at[t]
            v = flat[p]
            if v >= threshold and _is_max(flat, p, v, h, w):
                out[m] = p
                m += 1
        return out[:m]

    @_njit
    def maxima_all(a, threshold):  # type: ignore[no-untyped-def]
        """``_local_maxima(a, threshold)`` for a float32 ``a`` (C order), every pixel compared with the float32
        ``threshold`` (cv2.compare's): flat indices."""
        h, w = a.shape
        flat = a.reshape(-1)
        out = np.empty(16, np.int64)
        m = 0
        for p in range(h * w):
            v = flat[p]
            if v >= threshold and _is_max(flat, p, v, h, w):
                if m == out.shape[0]:
                    grown = np.empty(2 * m, np.int64)
                    grown[:m] = out
                    out = grown
                out[m] = p
                m += 1
        return out[:m]

    @_njit
    def greedy_nms_core(xs, ys, vals, d2, allowed):  # type: ignore[no-untyped-def]
        """``_greedy_nms``: a stable sort, strongest first (``allowed`` empty: all allowed), and a point dropped
        when within its own squared distance ``d2`` (float64, one per point or one for all) of one kept before
        it. Returns the kept indices."""
        n = vals.shape[0]
        order = np.argsort(-vals, kind="mergesort")
        kept = np.empty(n, np.int64)
        m = 0
        one = d2.shape[0] == 1
        use = allowed.shape[0] > 0
        for t in range(n):
            i = order[t]
            if use and not allowed[i]:
                continue
            xi = xs[i]
            yi = ys[i]
            di = d2[0] if one else d2[i]
            free = True
            for s in range(m):
                j = kept[s]
                dx = xi - xs[j]
                dy = yi - ys[j]
                if dx * dx + dy * dy < di:
                    free = False
                    break
            if free:
                kept[m] = i
                m += 1
        return kept[:m]


    @_njit
    def _pct80(a):  # type: ignore[no-untyped-def]
        """``np.percentile(a, 80)`` (linear) of a 1-D array, as float64: numpy's virtual index (n - 1) * 0.8, its
        floor and fraction, and its ``_lerp`` (from the upper value when the fraction is at least a half)."""
        n = a.shape[0]
        g = (n - 1) * 0.8
        lo = int(math.floor(g))
        if g >= n - 1:
            return np.float64(a.max())
        s = np.sort(a)
        t = g - lo
        x = np.float64(s[lo])
        y = np.float64(s[lo + 1])
        return y - (y - x) * (1.0 - t) if t >= 0.5 else x + (y - x) * t

    @_njit
    def scallop_core(contour, centres, r, one):  # type: ignore[no-untyped-def]
        """``_scallop`` for ``contour`` and ``centres`` of one dtype (numpy's promotion done by the caller), ``r``
        and ``one`` (1.0) in that dtype: the squared distance's minimum, its root over ``r``, |d - 1|, the 80th
        percentile."""
        p = contour.shape[0]
        dev = np.empty(p, contour.dtype)
        for i in range(p):
            best = np.inf
            for k in range(centres.shape[0]):
                dx = contour[i, 0] - centres[k, 0]
                dy = contour[i, 1] - centres[k, 1]
                d2 = dx * dx + dy * dy
                if d2 < best:
                    best = d2
            dev[i] = math.sqrt(best)  # (a float32 square root, correctly rounded either way)
            dev[i] = dev[i] / r
            dev[i] = abs(dev[i] - one)
        return _pct80(dev)

    @_njit
    def lattice_offsets_core(nodes, fill, x, y, pad, thr, c0, c1, cx, cy, r):  # type: ignore[no-untyped-def]
        """``_snap_to_lattice``'s every-offset search for one angle: which of each offset's ``nodes`` (64, M, 2)
        have a disc ``thr`` not cloth (``fill``), and the offset holding ``c0 <= count < c1`` of them whose
        outline deviation (80th percentile, radii) is least (-1: none). Returns (j, on)."""
        no, nm = nodes.shape[0], nodes.shape[1]
        fh, fw = fill.shape
        on = np.zeros((no, nm), np.bool_)
        cnt = np.zeros(no, np.int64)
        for o in range(no):
            for m in range(nm):
                px = np.int64(np.rint((nodes[o, m, 0] - x) + pad))
                py = np.int64(np.rint((nodes[o, m, 1] - y) + pad))
                if px >= 0 and px < fw and py >= 0 and py < fh and fill[py, px] >= thr:
                    on[o, m] = True
                    cnt[o] += 1
        best_j = -1
        best = np.inf
        dev = np.empty(cx.shape[0])
        for o in range(no):
            if cnt[o] < c0 or cnt[o] >= c1:
                continue
            for i in range(cx.shape[0]):
                d2 = np.inf
                for m in range(nm):
                    if on[o, m]:
                        dx = cx[i] - nodes[o, m, 0]
                        dy = cy[i] - nodes[o, m, 1]
                        v = dx * dx + dy * dy
                        if v < d2:
                            d2 = v
                dev[i] = abs(math.sqrt(d2) / r - 1.0)
            q = _pct80(dev)
            if best_j < 0 or q < best:
                best, best_j = q, o
        return best_j, on


    @_njit
    def peaks_core(dist, at, threshold, rmap, min_peak):  # type: ignore[no-untyped-def]
        """``_candidates``' distance peaks: the local maxima at or above ``threshold`` among the set pixels ``at``
        (``_local_maxima``), kept where at least ``min_peak`` local radii high (a float32 product and compare).
        Returns (ys, xs, rloc, vals = height / rloc, float32)."""
        f = maxima_at(dist, at, threshold)
        h, w = dist.shape
        ys = np.empty(f.shape[0], np.int64)
        xs = np.empty(f.shape[0], np.int64)
        rl = np.empty(f.shape[0], np.float32)
        vals = np.empty(f.shape[0], np.float32)
        m = 0
        for t in range(f.shape[0]):
            y = f[t] // w
            x = f[t] - y * w
            r = rmap[y, x]
            d = dist[y, x]
            if d >= min_peak * r:
                ys[m] = y
                xs[m] = x
                rl[m] = r
                vals[m] = d / r
                m += 1
        return ys[:m], xs[:m], rl[:m], vals[:m]

    @_njit
    def blobs_core(labels, ys, xs, vals, stats, rmap, max_peak, cluster_fill):  # type: ignore[no-untyped-def]
        """``_candidates``' per-blob numbers: each peak's label, each blob's highest peak (radii), the peaks not
        higher than ``max_peak`` in a blob whose peaks are not, each blob's radius at its box's centre and its
        ball count by area (numpy's float64 over a float32 pi r r), and the blobs to split (wide, or 3+ balls by
        area; 2-17 balls; not the background). Returns (lab, comp_max, sized, rc, guess, wide, todo)."""
        n = stats.shape[0]
        hh, ww = labels.shape
        k = ys.shape[0]
        lab = np.empty(k, np.int64)
        comp_max = np.zeros(n, np.float32)
        for t in range(k):
            lab[t] = labels[ys[t], xs[t]]
            if vals[t] > comp_max[lab[t]]:
                comp_max[lab[t]] = vals[t]
        sized = np.empty(k, np.bool_)
        for t in range(k):
            sized[t] = vals[t] <= max_peak and comp_max[lab[t]] <= max_peak
        rc = np.empty(n, np.float32)
        guess = np.empty(n, np.int64)
        wide = np.empty(n, np.bool_)
        todo = np.empty(n, np.int64)
        m = 0
        pi32 = np.float32(np.pi)
        for i in range(n):
            cy = min(stats[i, 1] + stats[i, 3] // 2, hh - 1)
            cx = min(stats[i, 0] + stats[i, 2] // 2, ww - 1)
            r = rmap[cy, cx]
            rc[i] = r
            den = np.float64((pi32 * r) * r)
            guess[i] = np.int64(np.rint(np.float64(stats[i, 4]) * cluster_fill / den))
            wide[i] = comp_max[i] > max_peak
            if i > 0 and (wide[i] or guess[i] >= 3) and guess[i] >= 2 and guess[i] <= 17:
                todo[m] = i
                m += 1
        return lab, comp_max, sized, rc, guess, wide, todo[:m]


    @_njit
    def ridge_core(fg, xs, ys, vals, rloc, thin_peak, elongation, half):  # type: ignore[no-untyped-def]
        """``BallDetector._ridge``: for each peak lower than ``thin_peak`` (float32), the raw moments of the set
        pixels of ``fg`` within 1.5 radii (the float32 1.5 r, squared in float32; the window clipped to the image
        as the numpy path's gather) in a (2 half + 1)^2 window (integer sums: exact in any order), then numpy's
        float64 covariance and eigenvalue arithmetic. Returns the flags (K,)."""
        h, w = fg.shape
        out = np.zeros(xs.shape[0], np.bool_)
        for i in range(xs.shape[0]):
            if not vals[i] < thin_peak:
                continue
            r15 = np.float32(1.5) * rloc[i]
            lim = np.float64(r15 * r15)
            s0 = 0.0
            sx = 0.0
            sy = 0.0
            sxx = 0.0
            syy = 0.0
            sxy = 0.0
            for gy in range(-half, half + 1):
                wy = min(max(ys[i] + gy, 0), h - 1)
                for gx in range(-half, half + 1):
                    if np.float64(gx * gx + gy * gy) > lim:
                        continue
                    wx = min(max(xs[i] + gx, 0), w - 1)
                    if fg[wy, wx] > 0:
                        s0 += 1.0
                        sx += gx
                        sy += gy
                        sxx += gx * gx
                        syy += gy * gy
                        sxy += gx * gy
            n = max(s0, 1.0)
            mx = sx / n
            my = sy / n
            cxx = sxx / n - mx * mx
            cyy = syy / n - my * my
            cxy = sxy / n - mx * my
            tr = cxx + cyy
            det = cxx * cyy - cxy * cxy
            disc = math.sqrt(max(tr * tr / 4 - det, 0.0))
            big = tr / 2 + disc
            small = max(tr / 2 - disc, 1e-6)
            out[i] = big > elongation * small
        return out

    @_njit
    def nearest_labels(pts, centers):  # type: ignore[no-untyped-def]
        """``_lloyd``'s starting labels: each point's nearest centre by float64 squared distance (the first of
        equals, as argmin). Returns int32 (N, 1)."""
        out = np.empty((pts.shape[0], 1), np.int32)
        for i in range(pts.shape[0]):
            best = np.inf
            k = 0
            for j in range(centers.shape[0]):
                dx = pts[i, 0] - centers[j, 0]
                dy = pts[i, 1] - centers[j, 1]
                d = dx * dx + dy * dy
                if d < best:
                    best = d
                    k = j
            out[i, 0] = k
        return out

    @_njit
    def min_gap(c):  # type: ignore[no-untyped-def]
        """``_best_count``'s closest two centres: the least float64 distance between two of ``c`` (1e9 for one)."""
        best = 1e9
        for i in range(c.shape[0]):
            for j in range(c.shape[0]):
                if i != j:
                    dx = c[i, 0] - c[j, 0]
                    dy = c[i, 1] - c[j, 1]
                    best = min(best, math.sqrt(dx * dx + dy * dy))
        return best

    @_njit
    def farthest_core(pts, start, count):  # type: ignore[no-untyped-def]
        """``_farthest_init`` after its first centres ``start`` (float64 (k, 2)): the farthest-point picks, each
        the first point of greatest float64 distance to every centre so far. Returns (count, 2)."""
        k0 = start.shape[0]
        out = np.empty((max(count, k0), 2))
        out[:k0] = start
        n = pts.shape[0]
        d = np.empty(n)
        for i in range(n):
            best = np.inf
            for j in range(k0):
                dx = pts[i, 0] - start[j, 0]
                dy = pts[i, 1] - start[j, 1]
                best = min(best, math.sqrt(dx * dx + dy * dy))
            d[i] = best
        m = k0
        while m < count:
            j = 0
            for i in range(1, n):
                if d[i] > d[j]:
                    j = i
            out[m, 0] = pts[j, 0]
            out[m, 1] = pts[j, 1]
            m += 1
            px = pts[j, 0]
            py = pts[j, 1]
            for i in range(n):
                dx = pts[i, 0] - px
                dy = pts[i, 1] - py
                d[i] = min(d[i], math.sqrt(dx * dx + dy * dy))
        return out[:max(count, k0)]


    @_njit
    def lattice_consensus(uv, gu, gv, tol2):  # type: ignore[no-untyped-def]
        """``_snap_to_lattice``'s consensus for one angle: each centre's place in its cell (``uv`` less its
        rounding), its offset from each of the 64 trial offsets (``gu``, ``gv``) wrapped into a cell, the offset
        most centres lie within ``tol2`` of (the first of equals) and the mean offset of those (numpy's pairwise
        sum from 0, over the count). Returns (j, mean u, mean v)."""
        n = uv.shape[0]
        g = gu.shape[0]
        du = np.empty((n, g))
        dv = np.empty((n, g))
        close = np.zeros((n, g), np.bool_)
        cnt = np.zeros(g, np.int64)
        for i in range(n):
            fu = uv[i, 0] - np.rint(uv[i, 0])
            fv = uv[i, 1] - np.rint(uv[i, 1])
            for k in range(g):
                a = fu - gu[k]
                a = a - np.rint(a)
                b = fv - gv[k]
                b = b - np.rint(b)
                du[i, k] = a
                dv[i, k] = b
                if (a * a + b * b) + a * b < tol2:
                    close[i, k] = True
                    cnt[k] += 1
        j = 0
        for k in range(1, g):
            if cnt[k] > cnt[j]:
                j = k
        su = np.empty(cnt[j])
        sv = np.empty(cnt[j])
        m = 0
        for i in range(n):
            if close[i, j]:
                su[m] = du[i, j]
                sv[m] = dv[i, j]
                m += 1
        return j, _jit.pairwise_add(su, 0, m) / m, _jit.pairwise_add(sv, 0, m) / m

    @_njit
    def lattice_filled(nodes, fill, x, y, pad, thr):  # type: ignore[no-untyped-def]
        """``_snap_to_lattice``'s ``filled`` for nodes (M, 2): the disc share at each node's pixel (float64 place,
        rounded half to even) at least ``thr`` (float32)."""
        fh, fw = fill.shape
        out = np.zeros(nodes.shape[0], np.bool_)
        for m in range(nodes.shape[0]):
            px = np.int64(np.rint((nodes[m, 0] - x) + pad))
            py = np.int64(np.rint((nodes[m, 1] - y) + pad))
            out[m] = px >= 0 and px < fw and py >= 0 and py < fh and fill[py, px] >= thr
        return out


_NO_U8 = np.zeros((0, 0), np.uint8)
_NO_B = np.zeros(0, np.bool_)


def isolated(det: object, fg: np.ndarray, cands: np.ndarray, others: np.ndarray | None) -> np.ndarray | None:
    """``BallDetector._isolated`` by the kernel, or None where the numpy path must run (points not float64)."""
    if cands.dtype != np.float64 or (others is not None and len(others) and others.dtype != np.float64):
        return None
    ext = getattr(det, "_fg_rails", None)
    band = getattr(det, "_rail_band", None)
    use_ext = ext is not None and ext.shape == fg.shape
    use_band = band is not None and band.shape == fg.shape
    oth = others if others is not None and len(others) else np.zeros((0, 2))
    return isolated_core(fg, ext if use_ext else _NO_U8, det.cushion_mask if use_ext else _NO_U8,  # type: ignore[attr-defined]
                         _NO_U8 if use_ext else det.table_mask, band if use_band else _NO_U8,  # type: ignore[attr-defined]
                         det.rmap, det._rings, cands, oth.reshape(-1, 2), float(det.p.max_clutter))  # type: ignore[attr-defined]


def greedy_nms(xs: np.ndarray, ys: np.ndarray, vals: np.ndarray, min_dist: np.ndarray | float,
               allowed: np.ndarray | None) -> list[int]:
    """``_greedy_nms`` by the kernel (the same indices, in the same order)."""
    # float64 throughout (one compiled signature): the numpy path measures in float64, and a float32 strength
    # widened keeps its order and its ties
    v = np.asarray(vals, np.float64)
    md = np.asarray(min_dist, dtype=np.float64)
    d2 = (md * md).reshape(-1) if md.ndim else np.array([float(md) ** 2])
    return greedy_nms_core(np.asarray(xs, np.float64), np.asarray(ys, np.float64), v, d2,
                           _NO_B if allowed is None else np.asarray(allowed, np.bool_)).tolist()


def scallop(contour: np.ndarray, centres: np.ndarray, r: float) -> float:
    """``_scallop`` by the kernel (the caller handles no centres)."""
    dt = np.result_type(contour, centres)
    return float(scallop_core(contour.astype(dt, copy=False), centres.astype(dt, copy=False), dt.type(r),
                              dt.type(1.0)))
