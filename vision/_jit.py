"""Compiled kernels (numba, a runtime dependency) for the detector's per-ball hot spots: used when numba imports,
unless ``CUEREF_NUMBA=0``. ``CUEREF_NUMBA`` unset: the kernels if numba imports, else the numpy
path; ``0``: the numpy path; ``1``: the kernels, and a ``CuerefError`` when a detector is made without numba. Each
kernel repeats the numpy path's float32/float64 arithmetic step for step (same dtypes, same order of operations), so
the two paths give the same detections bit for bit (tests/vision/test_jit*.py compare them).

Why: a whole-table frame makes ~2,000 small numpy/OpenCV calls at 2-10 us each whatever their size; one kernel
call per step replaces tens of them. The first use compiles the kernels (~80 s of CPU) into numba's cache
(``vision/__pycache__`` beside these files, else the user cache ``~/.cache/numba`` when that folder is read-only,
or ``NUMBA_CACHE_DIR`` when set); later processes load them (~1 s)."""
from __future__ import annotations

import math
import os
import sys

import numpy as np

MODE = os.environ.get("CUEREF_NUMBA", "")  # "" (unset): kernels when numba imports; "0": never; "1": required
AVAILABLE = False  # numba imports (and CUEREF_NUMBA is not 0)
MISSING = ""  # why CUEREF_NUMBA=1 cannot be honoured ("" when it can or was not asked for)
if MODE != "0":  # pragma: no cover - depends on the environment
    try:
        import numba

        AVAILABLE = True
    except ImportError as exc:
        if MODE == "1":
            MISSING = (f"CUEREF_NUMBA=1 but numba does not import ({exc}): install numba "
                       "(pip install numba; cueref's own install brings it) or unset CUEREF_NUMBA for the numpy path")
ENABLED = AVAILABLE  # the detector's switch (tests flip it to compare the two paths)

_CACHE = os.environ.get("CUEREF_NUMBA_CACHE", "1") == "1"
_ANNOUNCED = False  # the compile line printed (once a process)


def require() -> None:
    """Raise the one-line ``CuerefError`` when ``CUEREF_NUMBA=1`` asks for kernels numba cannot give."""
    if MISSING:
        from adjudicator.errors import CuerefError

        raise CuerefError(MISSING)


def announce_compiles() -> None:
    """Print one line to stderr when this process first compiles a kernel (not when it loads them from numba's
    cache): the first run after installing or changing vision/ takes ~1-2 min more, and says why."""
    global _ANNOUNCED
    if not AVAILABLE or _ANNOUNCED:
        return
    _ANNOUNCED = True
    from numba.core import event

    class _Once(event.Listener):  # type: ignore[misc]
        done = False

        def on_start(self, ev: event.Event) -> None:
            disp = ev.data.get("dispatcher")
            module = getattr(getattr(disp, "py_func", None), "__module__", "") or ""
            if self.done or not module.startswith("vision."):  # (pooltool's own numba functions compile too)
                return
            self.done = True
            where = getattr(getattr(disp, "_cache", None), "cache_path", None)
            print("cueref: compiling the detector's numba kernels (first use after an install or update, ~1-2 min "
                  f"of CPU; cached in {where or 'numba cache'}; CUEREF_NUMBA=0 for the numpy path)",
                  file=sys.stderr, flush=True)

        def on_end(self, ev: event.Event) -> None:
            pass

    event.register("numba:compile", _Once())


def _jit(f):  # type: ignore[no-untyped-def]
    return numba.njit(cache=_CACHE, nogil=True, error_model="numpy")(f)


# ``refine_core`` projects the window pixels on the cloth basis as OpenCV's AVX2 cv2.transform rounds (fused
# multiply-adds, ``project``) where the numpy path calls cv2.transform: the detector compares the two on its first
# refinement once a process and passes OpenCV's planes to the kernel if they differ anywhere (another build or CPU)
REFINE_CHECKED = False
REFINE_OK = True

if AVAILABLE:  # pragma: no cover - compiled on first call, only when asked for
    from llvmlite import ir
    from numba import types
    from numba.core import cgutils
    from numba.extending import intrinsic

    @intrinsic
    def fma32(typingctx, a, b, c):  # type: ignore[no-untyped-def]
        """float32 a * b + c rounded once (``llvm.fma.f32``: one instruction where the CPU has FMA)."""
        sig = types.float32(types.float32, types.float32, types.float32)

        def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
            f = ir.FloatType()
            fn = cgutils.get_or_insert_function(builder.module, ir.FunctionType(f, [f, f, f]), "llvm.fma.f32")
            return builder.call(fn, args)
        return sig, codegen

    @numba.njit(inline="always")
    def project(m0, m1, m2, p0, p1, p2):  # type: ignore[no-untyped-def]
        """One row (m0, m1, m2) of the cloth basis applied to one float32 pixel (b, g, r) as OpenCV's AVX2 build of
        cv2.transform computes a 1 x 3 row: fma(m2, r, fma(m0, b, m1 g)) in float32. The one place that rounding
        order is written (the refine kernel, ``project_core`` and ``_jit_votes.not_cloth_fg`` call it)."""
        return fma32(m2, p2, fma32(m0, p0, m1 * p1))

    @_jit
    def project_core(image, corner, basis, size):  # type: ignore[no-untyped-def]
        """``refine_core``'s projection of each ball's window as planes (3, n, size, size) float32: what the
        detector compares with cv2.transform's once a process."""
        n = corner.shape[0]
        q = np.empty((3, n, size, size), np.float32)
        for b in range(n):
            x0 = corner[b, 0]
            y0 = corner[b, 1]
            for yy in range(size):
                for xx in range(size):
                    p0 = np.float32(image[y0 + yy, x0 + xx, 0])
                    p1 = np.float32(image[y0 + yy, x0 + xx, 1])
                    p2 = np.float32(image[y0 + yy, x0 + xx, 2])
                    for k in range(3):
                        q[k, b, yy, xx] = project(basis[k, 0], basis[k, 1], basis[k, 2], p0, p1, p2)
        return q

    @_jit
    def sample_core(image, centres, radii, pattern):  # type: ignore[no-untyped-def]
        """``identify.sample_pixels`` for a uint8 BGR image: each ball's pattern points (centre + radius x
        offset, float64), the nearest pixel (np.rint, clipped into the image), its colour as float32. Returns
        (pixels (N, P, 3) float32, ok): not ok where a point is not finite or too far out to round to an int."""
        n = centres.shape[0]
        k = pattern.shape[0]
        h = image.shape[0]
        w = image.shape[1]
        out = np.empty((n, k, 3), np.float32)
        for i in range(n):
            r = radii[i]
            for j in range(k):
                x = centres[i, 0] + r * pattern[j, 0]
                y = centres[i, 1] + r * pattern[j, 1]
                if not (abs(x) < 1e15 and abs(y) < 1e15):
                    return out, False
                xi = min(max(np.int64(np.rint(x)), 0), w - 1)
                yi = min(max(np.int64(np.rint(y)), 0), h - 1)
                out[i, j, 0] = np.float32(image[yi, xi, 0])
                out[i, j, 1] = np.float32(image[yi, xi, 1])
                out[i, j, 2] = np.float32(image[yi, xi, 2])
        return out, True

    @_jit
    def refine_core(image, corner, centres, radii, bg, basis, thr2, kdark, kbright, size, qin):  # type: ignore[no-untyped-def]
        """``BallDetector._refine`` from the windows to the fit: cloth test, boundary, Gauss-Newton (4 steps, all
        balls together, as the numpy path), sector count. ``qin``: the three cv2.transform planes (n, S, S) each,
        stacked (3, n, S, S), or an empty array to compute them here (``project``: cv2.transform's rounding).
        Returns (est (n, 2) float32, span (n,) float64)."""
        n = centres.shape[0]
        h, w = size, size
        fg = np.empty((n, h, w), np.bool_)
        use_q = qin.shape[0] == 3
        a0, a1, a2 = basis[0, 0], basis[0, 1], basis[0, 2]  # (the coefficients held in registers, and two
        b0, b1, b2 = basis[1, 0], basis[1, 1], basis[1, 2]  # loops without branches in them: the pixel loop
        c0, c1, c2 = basis[2, 0], basis[2, 1], basis[2, 2]  # vectorises; the same operations per pixel)
        for b in range(n):
            x0 = corner[b, 0]
            y0 = corner[b, 1]
            bg0 = bg[b, 0]
            bg1 = bg[b, 1]
            lo = kdark * bg[b, 2]
            hi = kbright * bg[b, 2]
            for yy in range(h):
                row = image[y0 + yy, x0:x0 + w]  # (indices from 0: no wrap-around test per pixel)
                out = fg[b, yy]
                if use_q:
                    for xx in range(w):
                        d1 = qin[0, b, yy, xx] - bg0
                        d1 = d1 * d1
                        d2 = qin[1, b, yy, xx] - bg1
                        d2 = d2 * d2
                        d1 = d1 + d2
                        q3 = qin[2, b, yy, xx]
                        out[xx] = (d1 > thr2) | (q3 < lo) | (q3 > hi)
                else:
                    for xx in range(w):
                        p0 = np.float32(row[xx, 0])
                        p1 = np.float32(row[xx, 1])
                        p2 = np.float32(row[xx, 2])
                        d1 = project(a0, a1, a2, p0, p1, p2) - bg0
                        d1 = d1 * d1
                        d2 = project(b0, b1, b2, p0, p1, p2) - bg1
                        d2 = d2 * d2
                        d1 = d1 + d2
                        q3 = project(c0, c1, c2, p0, p1, p2)
                        out[xx] = (d1 > thr2) | (q3 < lo) | (q3 > hi)
        # boundary pixels in raster order per ball (np.nonzero's order)
        cap = n * (h - 2) * (w - 2)
        bi = np.empty(cap, np.int64)
        pt0 = np.empty(cap, np.float32)
        pt1 = np.empty(cap, np.float32)
        m = 0
        for b in range(n):
            cx = centres[b, 0]
            cy = centres[b, 1]
            for yy in range(1, h - 1):
                for xx in range(1, w - 1):
                    if fg[b, yy, xx] and not (fg[b, yy - 1, xx] and fg[b, yy + 1, xx] and fg[b, yy, xx - 1]
                                              and fg[b, yy, xx + 1]):
                        bi[m] = b
                        pt0[m] = np.float32((corner[b, 0] + xx) - cx)
                        pt1[m] = np.float32((corner[b, 1] + yy) - cy)
                        m += 1
        est = np.zeros((n, 2), np.float32)
        span = np.zeros(n)
        if m == 0:
            return est, span, False
        rbs = np.empty(n, np.float32)
        nears = np.empty(n, np.float32)
        for b in range(n):
            rbs[b] = np.float32(radii[b])
            nears[b] = np.float32(0.3) * rbs[b]
        sums = np.zeros((n, 6))
        tiny = np.float32(1e-6)
        for _ in range(4):
            for b in range(n):
                for k in range(6):
                    sums[b, k] = 0.0
            for i in range(m):
                b = bi[i]
                rb = rbs[b]
                d0 = pt0[i] - est[b, 0]
                d1 = pt1[i] - est[b, 1]
                rho = d0 * d0
                rho = rho + d1 * d1
                rho = np.float32(math.sqrt(rho))
                rho = rho + tiny
                off = rho - rb
                sel = np.float32(1.0) if abs(off) < nears[b] else np.float32(0.0)
                ux = (d0 / rho) * sel
                uy = (d1 / rho) * sel
                off = off * sel
                sums[b, 0] += np.float64(ux * ux)
                sums[b, 1] += np.float64(uy * ux)
                sums[b, 2] += np.float64(uy * uy)
                sums[b, 3] += np.float64(ux * off)
                sums[b, 4] += np.float64(uy * off)
                sums[b, 5] += np.float64(sel)
            big = np.float32(0.0)
            for b in range(n):
                a_ = sums[b, 0]
                b_ = sums[b, 1]
                c_ = sums[b, 2]
                gx = sums[b, 3]
                gy = sums[b, 4]
                det = a_ * c_
                det = det - b_ * b_
                s0 = np.float32(0.0)
                s1 = np.float32(0.0)
                if sums[b, 5] >= 8 and det > 1e-6:
                    n0 = c_ * gx
                    n0 = n0 - b_ * gy
                    n1 = a_ * gy
                    n1 = n1 - b_ * gx
                    s0 = np.float32(n0 / det)
                    s1 = np.float32(n1 / det)
                est[b, 0] = est[b, 0] + s0
                est[b, 1] = est[b, 1] + s1
                big = max(big, abs(s0), abs(s1))
            if np.float64(big) < 0.02:
                break
        hits = np.zeros((n, 16), np.bool_)
        pi32 = np.float32(np.pi)
        twopi32 = np.float32(2 * np.pi)
        for i in range(m):
            b = bi[i]
            rb = rbs[b]
            d0 = pt0[i] - est[b, 0]
            d1 = pt1[i] - est[b, 1]
            r2 = d0 * d0
            r2 = r2 + d1 * d1
            if abs(np.float32(math.sqrt(r2)) - rb) < np.float32(0.25) * rb:
                a = np.float32(math.atan2(d1, d0))
                s = int(((a + pi32) / twopi32) * np.float32(16)) % 16
                hits[b, s] = True
        for b in range(n):
            c = 0
            for k in range(16):
                if hits[b, k]:
                    c += 1
            span[b] = c / 16.0
        return est, span, True

    @_jit
    def fill_core(fg, small, bgimg, basis, rmap, pts, disc, half_thr, need_weak):  # type: ignore[no-untyped-def]
        """``_disc_samples`` + ``_filled`` + ``_weak_filled`` in one pass: for each point, the share of its 0.7-radius
        disc's sample pixels that are not cloth (fg > 0) and, when ``need_weak``, the share mildly off the cloth.
        All images of the same (working) size. Returns (filled, weak)."""
        n = pts.shape[0]
        h, w = fg.shape
        s = disc.shape[0]
        filled = np.zeros(n)
        weak = np.zeros(n)
        for i in range(n):
            px = min(max(np.int64(np.rint(pts[i, 0])), 0), w - 1)
            py = min(max(np.int64(np.rint(pts[i, 1])), 0), h - 1)
            r = np.float64(np.float32(0.7) * rmap[py, px])
            cf = 0
            cw = 0
            for k in range(s):
                qx = pts[i, 0] + disc[k, 0] * r
                qy = pts[i, 1] + disc[k, 1] * r
                xi = min(max(np.int64(np.rint(qx)), 0), w - 1)
                yi = min(max(np.int64(np.rint(qy)), 0), h - 1)
                if fg[yi, xi] > 0:
                    cf += 1
                if need_weak:
                    p0 = np.float32(small[yi, xi, 0])
                    p1 = np.float32(small[yi, xi, 1])
                    p2 = np.float32(small[yi, xi, 2])
                    c0 = basis[0, 0] * p0 + basis[0, 1] * p1 + basis[0, 2] * p2
                    c1 = basis[1, 0] * p0 + basis[1, 1] * p1 + basis[1, 2] * p2
                    c2 = basis[2, 0] * p0 + basis[2, 1] * p1 + basis[2, 2] * p2
                    e0 = c0 - bgimg[yi, xi, 0]
                    e1 = c1 - bgimg[yi, xi, 1]
                    perp = np.float32(math.hypot(e0, e1))
                    ratio = c2 / max(bgimg[yi, xi, 2], np.float32(1.0))
                    if perp > half_thr or ratio < np.float32(0.85) or ratio > np.float32(1.25):
                        cw += 1
            filled[i] = cf / s
            weak[i] = cw / s
        return filled, weak

    @_jit
    def pairwise_add(a, lo, n):  # type: ignore[no-untyped-def]
        """numpy's pairwise_sum of a[lo:lo + n] (n <= 128 here: 8 accumulators, then the tail)."""
        if n < 8:
            res = -np.zeros(1, a.dtype)[0]  # -0.0: numpy's start for short sums
            for i in range(n):
                res += a[lo + i]
            return res
        r0 = a[lo]
        r1 = a[lo + 1]
        r2 = a[lo + 2]
        r3 = a[lo + 3]
        r4 = a[lo + 4]
        r5 = a[lo + 5]
        r6 = a[lo + 6]
        r7 = a[lo + 7]
        m = n - n % 8
        for i in range(8, m, 8):
            r0 += a[lo + i]
            r1 += a[lo + i + 1]
            r2 += a[lo + i + 2]
            r3 += a[lo + i + 3]
            r4 += a[lo + i + 4]
            r5 += a[lo + i + 5]
            r6 += a[lo + i + 6]
            r7 += a[lo + i + 7]
        res = ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7))
        for i in range(m, n):
            res += a[lo + i]
        return res

    @_jit
    def row_sum(a, lo, n, first):  # type: ignore[no-untyped-def]
        """``a[lo:lo + n].sum()`` as numpy's reduce adds a contiguous row: ``first``: the first element is the
        start value and the rest is summed pairwise (else pairwise from 0)."""
        if first:
            return a[lo] + pairwise_add(a, lo + 1, n - 1)
        return pairwise_add(a, lo, n)

    @_jit
    def bright_core(pix, gains, n_samples):  # type: ignore[no-untyped-def]
        """The disc samples' brightness (N, n_samples) float32 as ``_chroma`` gives it (for numpy's float32 log,
        which is not glibc's logf in the last bit for ~4 % of values)."""
        n = pix.shape[0]
        out = np.empty((n, n_samples), np.float32)
        eps = np.float32(1e-3)
        three = np.float32(3.0)
        for i in range(n):
            for j in range(n_samples):
                t = pix[i, j, 0] * gains[0] + pix[i, j, 1] * gains[1] + pix[i, j, 2] * gains[2] + eps
                out[i, j] = t / three
        return out

    @_jit
    def features_core(pix, gains, cloth, n_samples, n_rim, inner, first, logb):  # type: ignore[no-untyped-def]
        """``identify.features_from_pixels`` (all balls): returns (N, 25) float64, columns as ``FEATURE_COLUMNS``,
        and valid (N,) int64."""
        n, p = pix.shape[0], pix.shape[1]
        out = np.zeros((n, 25))
        valid = np.zeros(n, np.int64)
        eps = np.float32(1e-3)
        three = np.float32(3.0)
        one = np.float32(1.0)
        cc = np.zeros((cloth.shape[0], 2), np.float32)
        for k in range(cloth.shape[0]):
            b = cloth[k, 0] * gains[0]
            g = cloth[k, 1] * gains[1]
            r = cloth[k, 2] * gains[2]
            t = b + g + r + eps
            cc[k, 0] = b / t
            cc[k, 1] = r / t
        has_cloth = cloth.shape[0] > 0
        per_ball = cloth.shape[0] > 1
        ch0 = np.empty(p, np.float32)
        ch1 = np.empty(p, np.float32)
        br = np.empty(p, np.float32)
        keep = np.empty(p, np.bool_)
        white = np.empty(p, np.bool_)
        dark = np.empty(p, np.bool_)
        col = np.empty(p, np.bool_)
        grey = np.empty(p, np.bool_)
        prod = np.empty(n_samples)
        prodf = np.empty(n_samples, np.float32)
        whitish = np.empty(n_rim, np.float32)
        for i in range(n):
            k = i if per_ball else 0
            for j in range(p):
                b = pix[i, j, 0] * gains[0]
                g = pix[i, j, 1] * gains[1]
                r = pix[i, j, 2] * gains[2]
                t = b + g + r + eps
                c0 = b / t
                c1 = r / t
                sat = one - three * min(min(b, g), r) / t
                bright = t / three
                ch0[j] = c0
                ch1[j] = c1
                br[j] = bright
                if has_cloth:
                    d0 = c0 - cc[k, 0]
                    d1 = c1 - cc[k, 1]
                    kp = np.float32(math.sqrt(d0 * d0 + d1 * d1)) > np.float32(0.035)
                else:
                    kp = True
                wh = (bright >= np.float32(95.0)) and (sat <= np.float32(0.25)) and kp
                dk = ((bright <= np.float32(35.0)) or ((bright <= np.float32(65.0)) and (sat <= np.float32(0.4))))
                dk = dk and (not wh) and kp
                rest = (not (wh or dk)) and kp
                keep[j] = kp
                white[j] = wh
                dark[j] = dk
                col[j] = rest and (sat >= np.float32(0.2))
                grey[j] = rest and (sat <= np.float32(0.2))
            # counts per class and zone (inner, ring, whole)
            cnt = np.zeros((5, 3))
            for j in range(n_samples):
                z = 0 if inner[j] else 1
                flags = (keep[j], white[j], dark[j], col[j], grey[j])
                for c in range(5):
                    if flags[c]:
                        cnt[c, z] += 1
                        cnt[c, 2] += 1
            for z in range(2):
                dz = max(cnt[0, z], 1.0)
                for c in range(4):
                    out[i, z * 4 + c] = cnt[c + 1, z] / dz  # white/dark/coloured/grey _in, then _ring
            nv = 0
            for j in range(n_samples):
                if keep[j]:
                    nv += 1
            valid[i] = nv
            denom = max(cnt[0, 2], 1.0)
            n_col = cnt[3, 2]
            wc = 1.0 / max(n_col, 1.0)
            # mean chroma: sequential over samples (a middle-axis reduction), float64 products
            m0 = 0.0
            m1 = 0.0
            for j in range(n_samples):
                w = wc if col[j] else 0.0
                m0 += np.float64(ch0[j]) * w
                m1 += np.float64(ch1[j]) * w
            for j in range(n_samples):
                prod[j] = np.float64(logb[i, j]) * (wc if col[j] else 0.0)
            lb = row_sum(prod, 0, n_samples, first)
            if n_col == 0:
                m0 = np.nan
                m1 = np.nan
                lb = np.nan
            nw = 0
            anyw = False
            for j in range(n_samples):
                nonw = keep[j] and not white[j]
                prodf[j] = logb[i, j] if nonw else np.float32(0.0)
                if nonw:
                    nw += 1
                if white[j]:
                    anyw = True
            lbnw = np.float64(row_sum(prodf, 0, n_samples, first)) / np.float64(max(nw, 1))
            if nw == 0:
                lbnw = math.log(255.0)
            ow = np.float32(-np.inf)
            if anyw:
                ow = np.float32(0.0)
                for j in range(n_samples):
                    v = br[j] if white[j] else np.float32(0.0)
                    ow = max(ow, v)
            else:
                ow = np.float32(np.inf)
            thr = np.float32(0.55) * ow
            ink = 0.0
            for j in range(n_samples):
                if inner[j] and br[j] < thr and keep[j] and not col[j]:
                    ink += 1.0
            nr = 0
            rc = 0
            ws = np.float32(0.0)
            for j in range(n_rim):
                q = n_samples + j
                whitish[j] = np.float32(1.0) if (white[q] or grey[q]) else np.float32(0.0)
                ws += whitish[j]
                if keep[q]:
                    nr += 1
                if col[q]:
                    rc += 1
            nr = max(nr, 1)
            half = n_rim // 2
            opp = np.float32(0.0)
            chg = 0
            for j in range(n_rim):
                opp += whitish[j] * whitish[(j + half) % n_rim]
                if whitish[j] != whitish[(j - 1) % n_rim]:
                    chg += 1
            out[i, 8] = cnt[1, 2] / denom
            out[i, 9] = cnt[2, 2] / denom
            out[i, 10] = n_col / denom
            out[i, 11] = cnt[4, 2] / denom
            out[i, 12] = ink / max(cnt[0, 0], 1.0)
            out[i, 13] = np.float64(ws) / np.float64(nr)
            out[i, 14] = rc / nr
            out[i, 15] = np.float64(opp) / np.float64(nr)
            out[i, 16] = chg / 2.0
            out[i, 17] = m0
            out[i, 18] = m1
            out[i, 19] = lb
            out[i, 20] = lbnw
        return out, valid

    @_jit
    def pattern_core(f, vchroma, vlogb, paint_set, sc2, slb, max_d2, solid_max_white):  # type: ignore[no-untyped-def]
        """``identify.pattern_matrix`` and ``colour_distances`` from the stacked features ``f`` (19, N), rows as
        ``identify._SCORE_ROWS``: returns (N, 23) and (N, 7) float64."""
        n = f.shape[1]
        pat = np.empty((n, 23))
        dist = np.zeros((n, 7))
        ns = vchroma.shape[1]
        for i in range(n):
            wi, wr, ci, cr, di, dr = f[0, i], f[1, i], f[2, i], f[3, i], f[4, i], f[5, i]
            rw, rc = f[11, i], f[12, i]
            wh = f[15, i]
            pat[i, 0] = 1.0
            pat[i, 1] = wi
            pat[i, 2] = wr
            pat[i, 3] = ci
            pat[i, 4] = cr
            pat[i, 5] = di
            pat[i, 6] = dr
            pat[i, 7] = wi * wi
            pat[i, 8] = wr * wr
            pat[i, 9] = wi * cr
            pat[i, 10] = ci * wr
            pat[i, 11] = f[6, i] - 4.0
            pat[i, 12] = f[7, i]
            pat[i, 13] = f[8, i]
            pat[i, 14] = f[9, i]
            pat[i, 15] = f[10, i]
            pat[i, 16] = rw
            pat[i, 17] = rc
            pat[i, 18] = f[13, i]
            pat[i, 19] = f[14, i] / 4.0
            pat[i, 20] = rw * rc
            pat[i, 21] = wh
            pat[i, 22] = max(wh - solid_max_white, 0.0)
            c0, c1, lb = f[16, i], f[17, i], f[18, i]
            if not np.isfinite(c0):
                continue
            rel = min(max(f[7, i] / 0.12, 0.0), 1.0)
            for k in range(7):
                best = np.inf
                for s in range(ns):
                    if paint_set >= 0 and s != paint_set:
                        continue
                    e0 = c0 - np.float64(vchroma[k, s, 0])
                    e1 = c1 - np.float64(vchroma[k, s, 1])
                    t = (lb - np.float64(vlogb[k, s])) / slb
                    v = (e0 * e0 + e1 * e1) / sc2 + t * t
                    if paint_set >= 0 or v < best or np.isnan(v):
                        best = v
                dist[i, k] = min(best, max_d2) * rel
        return pat, dist

    @_jit
    def logits_core(pat, dist, scale, bias, cat_of_id, colour_of_id, temperature):  # type: ignore[no-untyped-def]
        """``identify.id_logits`` after its product, over the temperature, less each row's top: (N, 16) float64,
        the softmax's exponent. numpy takes the exp between this and ``finish_core``: on a CPU with AVX-512 numpy's
        exp differs from libm's by an ulp, so a kernel's exp would not give the numpy path's scores bit for bit."""
        n = pat.shape[0]
        m = cat_of_id.shape[0]
        out = np.empty((n, m))
        half_scale = -0.5 * scale
        for i in range(n):
            for k in range(m):
                v = pat[i, cat_of_id[k]]
                c = colour_of_id[k]
                if c >= 0:
                    v += half_scale * dist[i, c] + bias[c]
                out[i, k] = v / temperature
            top = out[i, 0]
            for k in range(1, m):
                top = max(top, out[i, k])
            for k in range(m):
                out[i, k] = out[i, k] - top
        return out

    @_jit
    def finish_core(e, floor, exclusive, iterations):  # type: ignore[no-untyped-def]
        """``score_features``' softmax after numpy's exp (``e``: exp of ``logits_core``), and its floor, then
        ``one_of_each`` when ``exclusive``: (N, 16) float64."""
        n = e.shape[0]
        m = e.shape[1]
        p = np.empty((n, m))
        row = np.empty(m)
        keep = 1.0 - floor
        add = floor / m
        for i in range(n):
            for k in range(m):
                row[k] = e[i, k]
            if n == 1:  # one ball: numpy's row is contiguous and summed pairwise
                s = pairwise_add(row, 0, m)
            else:  # more: numpy's logits are column-major (a fancy index by column), so its row sums run in order
                s = row[0]
                for k in range(1, m):
                    s += row[k]
            for k in range(m):
                p[i, k] = keep * (row[k] / s) + add
        if not exclusive or n < 2:
            return p
        col = np.empty(m)
        tmp = np.empty(n)
        for _ in range(iterations):
            for k in range(m):  # numpy's column sums run down contiguous columns: pairwise
                for i in range(n):
                    tmp[i] = p[i, k]
                col[k] = pairwise_add(tmp, 0, n)
            big = col[0]
            for k in range(1, m):
                big = max(big, col[k])
            if big <= 1.0 + 1e-3:
                break
            for k in range(m):
                col[k] = max(col[k], 1.0)
            for i in range(n):
                for k in range(m):
                    p[i, k] /= col[k]
                s = p[i, 0]
                for k in range(1, m):
                    s += p[i, k]
                for k in range(m):
                    p[i, k] /= s
        for i in range(n):
            for k in range(m):
                p[i, k] *= keep
                p[i, k] += add
        return p
