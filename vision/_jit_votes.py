"""Optional compiled kernels (numba) for the detector's symmetry votes and the search steps that read them (beside
``vision/_jit.py``): on when numba imports, unless ``CUEREF_NUMBA=0``. Each kernel gives the numpy
path's output bit for bit: the gradients, the vote targets and the counts are integer arithmetic (or float32/float64
steps repeated in numpy's order and dtypes); OpenCV's float filters (``GaussianBlur``, ``dilate``) stay OpenCV calls
between the kernels.

Why: ``_search`` makes ~1,200 small numpy/OpenCV calls a frame at 2-10 us each; one kernel call per step replaces
tens of them."""
from __future__ import annotations

import os

import numpy as np

from vision import _jit

AVAILABLE = _jit.AVAILABLE
ENABLED = AVAILABLE and os.environ.get("CUEREF_NUMBA_VOTES", "1") == "1"  # the detector's switch (tests flip it)
# ``not_cloth_fg`` copies the rounding of OpenCV's AVX2 build of cv2.transform (fused multiply-adds): the detector
# checks its first kernel foreground against OpenCV's once a process and keeps to OpenCV where they differ
FG_CHECKED = False
FG_OK = True

if AVAILABLE:  # pragma: no cover - compiled on first call, only when asked for
    import numba

    from vision._jit import project  # cv2.transform's rounding of a basis row (the refine kernel's too)
    from vision._jit_search import greedy_nms_core, maxima_all  # the distance map's kernels, shared

    _k = _jit._jit

    @numba.njit(inline="always")
    def _sobel(ra, rb, rc, xm, x, xp):  # type: ignore[no-untyped-def]
        """``cv2.spatialGradient``'s 3x3 Sobel (gx, gy) at column ``x`` of row ``rb`` (``ra`` above, ``rc`` below;
        ``xm``/``xp`` the columns beside it, reflected at the ends by the caller), in int32."""
        gx = (np.int32(ra[xp]) - np.int32(ra[xm])) + 2 * (np.int32(rb[xp]) - np.int32(rb[xm])) \
            + (np.int32(rc[xp]) - np.int32(rc[xm]))
        gy = (np.int32(rc[xm]) - np.int32(ra[xm])) + 2 * (np.int32(rc[x]) - np.int32(ra[x])) \
            + (np.int32(rc[xp]) - np.int32(ra[xp]))
        return gx, gy

    @_k
    def edge_votes(grey, mask, rmap, edge_min, ox, oy):  # type: ignore[no-untyped-def]
        """The edge pixels of ``grey`` (uint8, h x w) where ``mask`` is set (bit 0, as ``_fg_flat``) and the 3x3
        Sobel magnitude (``cv2.spatialGradient``: int16, border reflected 101; ``cv2.magnitude`` of the float32
        gradients, exact for whole numbers) exceeds ``edge_min`` (float32), in raster order, and the two pixels
        each votes for, one local radius (``rmap`` at ``oy + y, ox + x``, float32) along its gradient both ways:
        ``round(x +- gx / m * r)`` in float64 (float32 ``gx / m * r``), clipped to the image, as flat indices.
        ``mask`` may be None (every pixel). Returns (f, plus, minus) int64."""
        h, w = grey.shape
        cap = h * w
        f = np.empty(cap, np.int64)
        tp = np.empty(cap, np.int64)
        tm = np.empty(cap, np.int64)
        # the smallest squared magnitude (a whole number) whose float32 square root exceeds edge_min: a cheap
        # integer test first, the exact one (sqrt, > edge_min) after it
        s_lo = max(int(np.float64(edge_min) * np.float64(edge_min)) - 2, 0)
        sq = np.empty(w, np.int32)
        n = 0
        for y in range(h):
            ym = y - 1 if y > 0 else 1
            yp = y + 1 if y < h - 1 else h - 2
            ra = grey[ym]
            rb = grey[y]
            rc = grey[yp]
            for x in range(1, w - 1):  # (branch-free: vectorised)
                gx, gy = _sobel(ra, rb, rc, x - 1, x, x + 1)
                sq[x] = gx * gx + gy * gy
            for x in (0, w - 1):  # reflected 101 at the ends
                xm = x - 1 if x > 0 else 1
                xp = x + 1 if x < w - 1 else w - 2
                gx, gy = _sobel(ra, rb, rc, xm, x, xp)
                sq[x] = gx * gx + gy * gy
            for x in range(w):
                if sq[x] <= s_lo:
                    continue
                if mask is not None and (mask[y, x] & 1) == 0:
                    continue
                m = np.sqrt(np.float32(sq[x]))
                if not m > edge_min:
                    continue
                xm = x - 1 if x > 0 else 1
                xp = x + 1 if x < w - 1 else w - 2
                gx, gy = _sobel(ra, rb, rc, xm, x, xp)
                r = rmap[oy + y, ox + x]
                ux = np.float32(np.float32(gx) / m) * r
                uy = np.float32(np.float32(gy) / m) * r
                xf = np.float64(x)
                yf = np.float64(y)
                vx = min(max(np.rint(xf + np.float64(ux)), 0.0), np.float64(w - 1))
                vy = min(max(np.rint(yf + np.float64(uy)), 0.0), np.float64(h - 1))
                tp[n] = np.int64(vy) * w + np.int64(vx)
                vx = min(max(np.rint(xf - np.float64(ux)), 0.0), np.float64(w - 1))
                vy = min(max(np.rint(yf - np.float64(uy)), 0.0), np.float64(h - 1))
                tm[n] = np.int64(vy) * w + np.int64(vx)
                f[n] = y * w + x
                n += 1
        return f[:n].copy(), tp[:n].copy(), tm[:n].copy()

    @_k
    def vote_counts(size, f, tp, tm, discs):  # type: ignore[no-untyped-def]
        """``np.bincount`` of both targets of every edge pixel not on ``discs`` (flat uint8, 0 = free; None:
        all vote), as float32 of ``size`` (whole numbers: exact). Returns (counts, voters)."""
        acc = np.zeros(size, np.float32)
        nv = 0
        for e in range(f.shape[0]):
            if discs is not None and discs[f[e]] != 0:
                continue
            acc[tp[e]] += np.float32(1.0)
            acc[tm[e]] += np.float32(1.0)
            nv += 1
        return acc, nv

    @_k
    def greedy_nms(xs, ys, vals, d2):  # type: ignore[no-untyped-def]
        """``detect._greedy_nms`` (no ``allowed``) on pixel coordinates: ``_jit_search.greedy_nms_core``, the
        distance map's kernel (the same stable order, strongest first, and squared distances ``d2``, float64)."""
        return greedy_nms_core(xs, ys, vals, d2, np.zeros(0, np.bool_))

    @_k
    def blob_peaks(acc, thr, comp, ox, oy, min_dist):  # type: ignore[no-untyped-def]
        """The rest of ``BallDetector._blob_vote_peaks`` after the blur: the vote map's local maxima at or above
        ``thr`` (float32) on the blob's pixels (``comp`` at ``(py + oy, px + ox)``), thinned by ``_greedy_nms`` at
        ``min_dist``; (K, 2) float32 box coordinates (the caller adds the box's origin)."""
        f = maxima_all(acc, thr)  # (``acc`` a fresh blur: C order)
        py = f // acc.shape[1]
        px = f - py * acc.shape[1]
        hc, wc = comp.shape
        keep = np.zeros(py.shape[0], np.bool_)
        for i in range(py.shape[0]):
            cy = py[i] + oy
            cx = px[i] + ox
            keep[i] = cy >= 0 and cy < hc and cx >= 0 and cx < wc and comp[cy, cx] > 0
        py = py[keep]
        px = px[keep]
        vals = np.empty(py.shape[0], np.float32)
        for i in range(py.shape[0]):
            vals[i] = acc[py[i], px[i]]
        d2 = np.full(py.shape[0], np.float64(min_dist) ** 2)
        kept = greedy_nms(px, py, vals, d2)
        out = np.empty((kept.shape[0], 2), np.float32)
        for t in range(kept.shape[0]):
            out[t, 0] = np.float32(px[kept[t]])
            out[t, 1] = np.float32(py[kept[t]])
        return out

    @_k
    def maxima_dil(acc, dil, thr):  # type: ignore[no-untyped-def]
        """``detect._local_maxima(acc, threshold, dilated)``: pixels at or above ``thr`` (float32) and at least
        their 3x3 maximum ``dil``, raster order. Returns (ys, xs, values)."""
        h, w = acc.shape
        ys = np.empty(h * w, np.int64)
        xs = np.empty(h * w, np.int64)
        n = 0
        for y in range(h):
            for x in range(w):
                v = acc[y, x]
                if v >= thr and v >= dil[y, x]:
                    ys[n] = y
                    xs[n] = x
                    n += 1
        vals = np.empty(n, np.float32)
        for i in range(n):
            vals[i] = acc[ys[i], xs[i]]
        return ys[:n].copy(), xs[:n].copy(), vals

    @_k
    def far_from(px, py, known, lim):  # type: ignore[no-untyped-def]
        """True where point (px, py) lies farther than ``lim`` (float32, widened) from every ``known`` centre (float64
        distances as np.linalg.norm sums them); all True without known centres."""
        out = np.ones(px.shape[0], np.bool_)
        if known.shape[0] == 0:
            return out
        for i in range(px.shape[0]):
            best = np.inf
            for j in range(known.shape[0]):
                dx = np.float64(px[i]) - known[j, 0]
                dy = np.float64(py[i]) - known[j, 1]
                d = np.sqrt(dx * dx + dy * dy)
                if d < best:
                    best = d
            out[i] = best > np.float64(lim[i])
        return out

    @_k
    def symmetric_spots(acc, rmap, py, px, k, min_sep, known):  # type: ignore[no-untyped-def]
        """``BallDetector._symmetric_spots`` after the vote map's maxima (py, px): those reaching ``k`` x the local
        radius (float32, as numpy's float32 arrays take a Python float), thinned by ``_greedy_nms`` at
        ``min_sep`` radii, away from ``known``. (K, 2) float64."""
        k32 = np.float32(k)
        s32 = np.float32(min_sep)
        n = py.shape[0]
        sel = np.zeros(n, np.bool_)
        for i in range(n):
            sel[i] = acc[py[i], px[i]] >= k32 * rmap[py[i], px[i]]
        py = py[sel]
        px = px[sel]
        m = py.shape[0]
        vals = np.empty(m, np.float32)
        lim = np.empty(m, np.float32)
        d2 = np.empty(m, np.float64)
        for i in range(m):
            vals[i] = acc[py[i], px[i]]
            lim[i] = s32 * rmap[py[i], px[i]]
            d2[i] = np.float64(lim[i]) ** 2
        kept = greedy_nms(px, py, vals, d2)
        kx = px[kept]
        ky = py[kept]
        ok = far_from(kx, ky, known, lim[kept])
        out = np.empty((int(ok.sum()), 2))
        t = 0
        for i in range(kx.shape[0]):
            if ok[i]:
                out[t, 0] = np.float64(kx[i])
                out[t, 1] = np.float64(ky[i])
                t += 1
        return out

    @_k
    def recentre(acc, rmap, pts, k):  # type: ignore[no-untyped-def]
        """``BallDetector._recentre``: each point moved to the strongest vote within one local radius (raster order's
        first on ties) when it reaches ``k`` x that radius (compared in float32, as numpy compares a float32 value
        with a Python float); Python's slice bounds and rounding (half to even). Returns (moved, found)."""
        h, w = acc.shape
        hr, wr = rmap.shape
        n = pts.shape[0]
        out = pts.copy()
        found = np.zeros(n, np.bool_)
        for i in range(n):
            x = pts[i, 0]
            y = pts[i, 1]
            xi = np.int64(np.rint(x))
            yi = np.int64(np.rint(y))
            r = np.float64(rmap[min(max(yi, 0), hr - 1), min(max(xi, 0), wr - 1)])
            half = np.int64(np.ceil(r))
            ya = max(yi - half, 0)
            xa = max(xi - half, 0)
            yb = yi + half + 1
            xb = xi + half + 1
            if yb < 0:  # a negative slice end counts from the end
                yb = max(yb + h, 0)
            if xb < 0:
                xb = max(xb + w, 0)
            yb = min(yb, h)
            xb = min(xb, w)
            if ya >= yb or xa >= xb:
                continue
            r2 = r * r
            best = np.float32(-1.0)
            bx = 0
            by = 0
            for yy in range(ya, yb):
                dy = np.float64(yy) - y
                for xx in range(xa, xb):
                    dx = np.float64(xx) - x
                    v = acc[yy, xx] if dx * dx + dy * dy <= r2 else np.float32(0.0)
                    if v > best:
                        best = v
                        bx = xx
                        by = yy
            if best >= np.float32(k * r):
                out[i, 0] = np.float64(bx)
                out[i, 1] = np.float64(by)
                found[i] = True
        return out, found

    @_k
    def hole_spots(cands, rmap):  # type: ignore[no-untyped-def]
        """``BallDetector._rack_holes`` up to its vote test: the third corners of equilateral triangles on pairs
        of found centres two radii apart (pairs in ``np.nonzero``'s order, the + corners then the - ones) that
        have 3+ found centres about two radii away and none within 1.5 radii. Returns (spots (K, 2) float64,
        their radii float32, their support int64)."""
        n = cands.shape[0]
        h, w = rmap.shape
        r = np.empty(n, np.float32)
        for a in range(n):
            yi = min(max(np.int64(np.rint(cands[a, 1])), 0), h - 1)
            xi = min(max(np.int64(np.rint(cands[a, 0])), 0), w - 1)
            r[a] = rmap[yi, xi]
        pi = np.empty(n * n, np.int64)
        pj = np.empty(n * n, np.int64)
        m = 0
        for a in range(n):
            lo = np.float64(np.float32(1.7) * r[a])
            hi = np.float64(np.float32(2.3) * r[a])
            for b in range(a + 1, n):
                dx = cands[a, 0] - cands[b, 0]
                dy = cands[a, 1] - cands[b, 1]
                d = np.sqrt(dx * dx + dy * dy)
                if d > lo and d < hi:
                    pi[m] = a
                    pj[m] = b
                    m += 1
        s3 = np.sqrt(3.0) / 2
        spots = np.empty((2 * m, 2))
        for t in range(m):
            a = pi[t]
            b = pj[t]
            mx = (cands[a, 0] + cands[b, 0]) / 2
            my = (cands[a, 1] + cands[b, 1]) / 2
            qx = (cands[b, 1] - cands[a, 1]) * 1.0 * s3
            qy = (cands[b, 0] - cands[a, 0]) * -1.0 * s3
            spots[t, 0] = mx + qx
            spots[t, 1] = my + qy
            spots[m + t, 0] = mx - qx
            spots[m + t, 1] = my - qy
        keep = np.zeros(2 * m, np.bool_)
        rs = np.empty(2 * m, np.float32)
        sup = np.zeros(2 * m, np.int64)
        for t in range(2 * m):
            yi = min(max(np.int64(np.rint(spots[t, 1])), 0), h - 1)
            xi = min(max(np.int64(np.rint(spots[t, 0])), 0), w - 1)
            rr = rmap[yi, xi]
            rs[t] = rr
            lo = np.float64(np.float32(1.6) * rr)
            hi = np.float64(np.float32(2.4) * rr)
            near = np.float64(np.float32(1.5) * rr)
            best = np.inf
            c = 0
            for a in range(n):
                dx = spots[t, 0] - cands[a, 0]
                dy = spots[t, 1] - cands[a, 1]
                d = np.sqrt(dx * dx + dy * dy)
                if d > lo and d < hi:
                    c += 1
                if d < best:
                    best = d
            sup[t] = c
            keep[t] = c >= 3 and best > near
        return spots[keep], rs[keep], sup[keep]

    @_k
    def not_cloth_fg(small, m0, m1, m2, bg0, bg1, dark, bright, thr, pocket_hi, static, cushion, table):  # type: ignore[no-untyped-def]
        """``BallDetector.foreground`` in one pass over the working image (``_not_cloth255``, the pocket zones,
        the cushion and table masks): (fg, fg & cushion, ambiguous). ``cv2.transform``'s 1 x 3 rows as OpenCV's
        AVX2 build computes them: fma(m2, r, fma(m0, b, m1 g)) in float32. The hue test needs ``cv2.magnitude``
        of the two off-cloth components, which OpenCV computes within 1.6e-7 relative but not correctly rounded:
        the kernel decides it from the float64 squared magnitude, and counts the pixels within 1e-6 relative of
        the threshold (``ambiguous``: the caller then takes the numpy path). Row buffers and split loops keep
        the arithmetic vectorised (the pass is bound by memory: ~2.6 MB read at 1080p)."""
        h, w = small.shape[:2]
        fg = np.empty((h, w), np.uint8)
        rails = np.empty((h, w), np.uint8)
        hi = np.float64(thr) * (1.0 + 1e-6)
        lo = np.float64(thr) * (1.0 - 1e-6)
        hi2 = hi * hi  # (squares: no square root per pixel)
        lo2 = lo * lo
        a0, a1, a2 = m0[0], m0[1], m0[2]
        b0, b1, b2 = m1[0], m1[1], m1[2]
        c0, c1, c2 = m2[0], m2[1], m2[2]
        bb = np.empty(w, np.float32)
        gg = np.empty(w, np.float32)
        rr = np.empty(w, np.float32)
        top = np.empty(w, np.uint8)
        on = np.empty(w, np.uint8)
        near = np.empty(w, np.uint8)
        amb = 0
        for y in range(h):
            for x in range(w):
                p0 = small[y, x, 0]
                p1 = small[y, x, 1]
                p2 = small[y, x, 2]
                bb[x] = np.float32(p0)
                gg[x] = np.float32(p1)
                rr[x] = np.float32(p2)
                top[x] = max(p0, max(p1, p2))
            g0 = bg0[y]
            g1 = bg1[y]
            dk = dark[y]
            br = bright[y]
            for x in range(w):
                b = bb[x]
                g = gg[x]
                r = rr[x]
                x1 = np.float64(project(a0, a1, a2, b, g, r) - g0[x])
                x2 = np.float64(project(b0, b1, b2, b, g, r) - g1[x])
                q3 = project(c0, c1, c2, b, g, r)
                e2 = x1 * x1 + x2 * x2
                on[x] = np.uint8((e2 > hi2) | (q3 < dk[x]) | (q3 > br[x]))
                near[x] = np.uint8((e2 >= lo2) & (e2 <= hi2))
            st = static[y]
            cu = cushion[y]
            ta = table[y]
            fr = fg[y]
            rl = rails[y]
            for x in range(w):  # dark now and static in a pocket zone: pocket, not ball
                v = np.uint8(255) * (on[x] & np.uint8((st[x] == 0) | (top[x] > pocket_hi)))
                rl[x] = v & cu[x]
                fr[x] = v & ta[x]
            for x in range(w):
                amb += near[x]
        return fg, rails, amb

    @_k
    def _pick(v, u, take_max):  # type: ignore[no-untyped-def]
        return max(v, u) if take_max else min(v, u)

    @_k
    def _pass2x2(a, take_max):  # type: ignore[no-untyped-def]
        """A 2 x 2 minimum (or maximum) over each pixel and its neighbours up and left (anchor (1, 1)), pixels
        outside the image ignored."""
        h, w = a.shape
        out = np.empty((h, w), np.uint8)
        for y in range(h):
            for x in range(w):
                v = a[y, x]
                if y > 0:
                    v = _pick(v, a[y - 1, x], take_max)
                    if x > 0:
                        v = _pick(v, a[y - 1, x - 1], take_max)
                if x > 0:
                    v = _pick(v, a[y, x - 1], take_max)
                out[y, x] = v
        return out

    @_k
    def open2x2(fg):  # type: ignore[no-untyped-def]
        """``cv2.morphologyEx(fg, MORPH_OPEN, ones((2, 2)))``: the 2 x 2 minimum, then the 2 x 2 maximum of that."""
        return _pass2x2(_pass2x2(fg, False), True)
