"""A ball's motion as pieces of smooth motion between the moments something hit it.

Between two events a ball on the cloth moves with (nearly) constant acceleration, so each coordinate is a
polynomial of degree <= 2 in time. A piece grows frame by frame while one polynomial explains the observations
to within the detector noise; the frame that breaks it starts the next piece. Where two pieces meet, the moment of
the kink is found *between* frames: the time at which the earlier piece, carried forward, and the later piece,
carried back, are closest (the ball's path is continuous even where its velocity is not).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np


@dataclass(frozen=True)
class Piece:
    """One smooth stretch: ``x(t) = cx[0] + cx[1] s + cx[2] s^2`` with ``s = t - tref`` (same for y)."""

    i0: int  # first frame index (into the series) of this piece
    i1: int  # last frame index, inclusive
    t0: float  # time of the first observation
    t1: float  # time of the last observation
    tref: float
    cx: tuple[float, float, float]
    cy: tuple[float, float, float]
    n: int  # observations used
    rms: float  # residual, metres

    def pos(self, t: np.ndarray | float) -> np.ndarray:
        s = np.asarray(t, float) - self.tref
        x = self.cx[0] + self.cx[1] * s + self.cx[2] * s * s
        y = self.cy[0] + self.cy[1] * s + self.cy[2] * s * s
        return np.stack([x, y], axis=-1)

    def vel(self, t: np.ndarray | float) -> np.ndarray:
        s = np.asarray(t, float) - self.tref
        return np.stack([self.cx[1] + 2 * self.cx[2] * s, self.cy[1] + 2 * self.cy[2] * s], axis=-1)

    def speed(self, t: float) -> float:
        return float(np.hypot(*self.vel(t)))


@dataclass(frozen=True)
class BallPath:
    """A ball's pieces in time order and the sub-frame times where one hands over to the next."""

    ball: int
    pieces: tuple[Piece, ...]
    breaks: tuple[float, ...]  # len(pieces) - 1
    # the observations the pieces were fitted to (frame times and centres, NaN = unseen), for refits
    t_obs: np.ndarray | None = field(default=None, repr=False, compare=False)
    xy_obs: np.ndarray | None = field(default=None, repr=False, compare=False)

    def index_at(self, t: float) -> int:
        return int(np.searchsorted(np.asarray(self.breaks), t, side="right"))

    def pos(self, t: np.ndarray | float) -> np.ndarray:
        tt = np.atleast_1d(np.asarray(t, float))
        out = np.empty((len(tt), 2))
        idx = np.searchsorted(np.asarray(self.breaks), tt, side="right")
        for k in np.unique(idx):
            sel = idx == k
            out[sel] = self.pieces[k].pos(tt[sel])
        return out if np.ndim(t) else out[0]

    def piece_at(self, t: float) -> Piece:
        return self.pieces[self.index_at(t)]

    @property
    def t_first(self) -> float:
        return self.pieces[0].t0

    @property
    def t_last(self) -> float:
        return self.pieces[-1].t1


def _fit(t: np.ndarray, xy: np.ndarray, tref: float) -> tuple[np.ndarray, np.ndarray, float]:
    """Least-squares polynomial per axis; degree from how many points there are. Returns coeffs and max residual."""
    n = len(t)
    deg = 2 if n >= 6 else 1 if n >= 2 else 0
    s = t - tref
    a = np.vander(s, deg + 1, increasing=True)
    coef, *_ = np.linalg.lstsq(a, xy, rcond=None)
    res = np.linalg.norm(a @ coef - xy, axis=1)
    full = np.zeros((3, 2))
    full[: deg + 1] = coef
    return full[:, 0], full[:, 1], float(res.max()) if n else 0.0


def _piece(t: np.ndarray, xy: np.ndarray, idx: np.ndarray, rest_speed: float = 0.0) -> Piece:
    tref = float(t[0])
    cx, cy, _ = _fit(t, xy, tref)
    s_end = float(t[-1] - tref)
    v_max = max(np.hypot(cx[1], cy[1]), np.hypot(cx[1] + 2 * cx[2] * s_end, cy[1] + 2 * cy[2] * s_end))
    if len(t) >= 3 and v_max < rest_speed:  # a ball at rest: its position is the mean, not a noisy drift
        m = xy.mean(axis=0)
        cx, cy = np.array([m[0], 0.0, 0.0]), np.array([m[1], 0.0, 0.0])
    pred = np.stack([cx[0] + cx[1] * (t - tref) + cx[2] * (t - tref) ** 2,
                     cy[0] + cy[1] * (t - tref) + cy[2] * (t - tref) ** 2], axis=1)
    rms = float(np.sqrt(np.mean(np.sum((pred - xy) ** 2, axis=1)))) if len(t) else 0.0
    return Piece(int(idx[0]), int(idx[-1]), float(t[0]), float(t[-1]), tref, tuple(cx), tuple(cy), len(t), rms)


def _sse(t: np.ndarray, xy: np.ndarray) -> float:
    if len(t) < 2:
        return 0.0
    cx, cy, _ = _fit(t, xy, float(t[0]))
    s = t - t[0]
    px = cx[0] + cx[1] * s + cx[2] * s * s
    py = cy[0] + cy[1] * s + cy[2] * s * s
    return float(np.sum((px - xy[:, 0]) ** 2 + (py - xy[:, 1]) ** 2))


def _run_sse(t: np.ndarray, xy: np.ndarray) -> np.ndarray:
    """SSE of the fit (``_fit``'s degree rule) to every prefix ``[:k]``, k = 1..n, from running moment sums."""
    n = len(t)
    s = (t - t.mean()) / max(float(np.ptp(t)), 1e-9)  # scaled time keeps the normal equations well conditioned
    c = xy - xy.mean(axis=0)
    pw = np.stack([np.ones(n), s, s * s, s ** 3, s ** 4], axis=1)
    m = np.cumsum(pw, axis=0)  # running sums of s^0..s^4
    bx = np.cumsum(pw[:, :3, None] * c[:, None, :], axis=0)  # (n, 3, 2): running sums of s^j * x
    xx = np.cumsum(np.sum(c * c, axis=1))
    out = np.zeros(n)
    for deg, lo, hi in ((1, 2, 6), (2, 6, n + 1)):
        ks = np.arange(lo, min(hi, n + 1))
        if not len(ks):
            continue
        d = deg + 1
        a = np.stack([m[ks - 1, i:i + d] for i in range(d)], axis=1)  # (K, d, d) Hankel of moments
        b = bx[ks - 1, :d, :]
        try:
            coef = np.linalg.solve(a, b)
        except np.linalg.LinAlgError:
            coef = np.stack([np.linalg.lstsq(ai, bi, rcond=None)[0] for ai, bi in zip(a, b, strict=True)])
        out[ks - 1] = xx[ks - 1] - np.einsum("kdj,kdj->k", coef, b)
    return np.maximum(out, 0.0)


def _hidden_kink(t: np.ndarray, xy: np.ndarray, sigma: float, min_gain: float, min_side: int = 3) -> int | None:
    """Where one smooth piece is much better explained as two: the last index of the first part, or None.

    A shallow cushion bounce (a slow ball, a glancing angle) bends the path by less than the tolerance, so the
    greedy growth runs straight through it; the V it leaves still costs one polynomial far more than two. The
    gain in squared residual, in units of the detector variance, must exceed ``min_gain`` (about a chi-square
    with six degrees of freedom under no kink, so noise alone does not split a piece)."""
    n = len(t)
    if n < 2 * min_side:
        return None
    left = _run_sse(t, xy)
    total = float(left[-1])
    if total < min_gain * sigma * sigma:
        return None
    right = _run_sse(-t[::-1], xy[::-1])[::-1]  # right[k]: SSE of [k:]
    ms = np.arange(min_side - 1, n - min_side)
    cost = left[ms] + right[ms + 1]
    i = int(np.argmin(cost))
    if total - float(cost[i]) < min_gain * sigma * sigma:
        return None
    return int(ms[i])


def _n_params(n: int) -> int:
    """Coefficients ``_fit`` spends on ``n`` points (both axes)."""
    return 2 * (3 if n >= 6 else 2 if n >= 2 else 1) if n else 0


def fit_path(ball: int, t: np.ndarray, xy: np.ndarray, *, tolerance: float,
             rest_speed: float = 0.03, split_gain: float | None = 40.0, split_toll: float = 2.0) -> BallPath | None:
    """Split one ball's observations (NaN = unseen) into smooth pieces.

    Args:
        ball: the ball id, carried along.
        t: (F,) frame times, seconds.
        xy: (F, 2) observed centres, metres; NaN rows are frames where the ball was not seen.
        tolerance: largest distance (m) an observation may lie from its piece; about 4-5 detector sigmas.
        rest_speed: a piece slower than this (m/s) throughout is a ball at rest and is fitted as a point.
        split_gain: a grown piece is split in two where that lowers its squared residual by more than this many
            detector variances (sigma = tolerance / 4.5); None keeps the greedy pieces as they are.
        split_toll: where a growing piece breaks within three sightings of the ball's last, or breaks after three
            sightings or fewer with the next kink close behind, its split pays this many detector variances per
            coefficient fitted on either side (an information criterion, AIC's 2).
    """
    ok = ~np.isnan(xy[:, 0])
    idx = np.flatnonzero(ok)
    if len(idx) == 0:
        return None
    tv, pv = t[idx], xy[idx]
    pieces: list[Piece] = []
    s = 0
    n = len(idx)
    while s < n:
        e = s + 1
        while e < n:
            _, _, worst = _fit(tv[s:e + 1], pv[s:e + 1], float(tv[s]))
            if worst > tolerance:
                break
            e += 1
        if e >= n:
            pieces.append(_piece(tv[s:n], pv[s:n], idx[s:n], rest_speed))
            break
        # valid[s:e] fit, valid[e] does not: the kink lies between s and e; pick the split that explains best.
        # Where the ball's sightings end within that window, each side pays for its coefficients too: a line
        # through the only two sightings after a kink fits them exactly, so a ball's last resting sighting would
        # otherwise join its flight (pooltool dev jump-30, the sample jump's 7: the flight then starts before the
        # hit). Elsewhere at least three sightings follow every candidate split and the plain residual decides,
        # except after a piece of three sightings or fewer (below).
        best_m, best = e - 1, np.inf
        right_end = min(n, e + 3)
        window = right_end
        toll = split_toll * (tolerance / 4.5) ** 2 if right_end == n else 0.0
        cands = range(max(s, e - 3), e)
        if e - s <= 3:
            # a piece of three sightings or fewer (a fast ball at 30 fps meets a cushion every few frames): each
            # candidate's right side is judged only up to where one of them still fits one piece, and each side
            # pays for its coefficients, as at the end of the sightings. A window running on past the next kink
            # charges the later candidates less only for having fewer sightings across it, and a two-sighting
            # chord fits exactly whatever it spans (ho64 break-8-611's 12 at 30/1080p: the sighting just after the
            # foot cushion, chorded with the one before it, hid the turn)
            window = max(_fits_until(tv, pv, m + 1, right_end, tolerance) for m in cands)  # e + 1 at least
            if window < e + 3:
                toll = split_toll * (tolerance / 4.5) ** 2
        for m in cands:
            cost = _sse(tv[s:m + 1], pv[s:m + 1]) + _sse(tv[m + 1:window], pv[m + 1:window]) + \
                toll * (_n_params(m + 1 - s) + _n_params(window - m - 1))
            if cost < best - 1e-12:
                best, best_m = cost, m
        pieces.append(_piece(tv[s:best_m + 1], pv[s:best_m + 1], idx[s:best_m + 1], rest_speed))
        s = best_m + 1
    if split_gain is not None:
        pieces = _split_hidden(tv, pv, idx, pieces, tolerance / 4.5, split_gain, rest_speed)
    breaks = []
    for a, b in zip(pieces[:-1], pieces[1:], strict=True):
        breaks.append(kink_time(a, b))
    return BallPath(ball, tuple(pieces), tuple(breaks), t, xy)


def lone_outliers(t: np.ndarray, xy: np.ndarray, tolerance: float, side: int = 3) -> list[tuple[int, np.ndarray]]:
    """Sightings (index, where the run around it puts the ball then) that lie more than ``tolerance`` off a smooth
    run: ``side`` sightings on each side, on consecutive frames, fit one piece (``_fit``'s quadratic) to within half
    the tolerance without it. The ball's motion went on unchanged across the frame, so nothing can have moved it
    there and back; what may still have (another ball, a cushion) is the caller's to rule out. NaN rows are
    unseen."""
    n = len(t)
    if n < 2 * side + 1 or 2 * side < 6:
        return []
    ok = ~np.isnan(xy[:, 0])
    win = np.lib.stride_tricks.sliding_window_view(ok, 2 * side + 1).all(axis=1)
    ks = np.flatnonzero(win) + side
    if not len(ks):
        return []
    offs = np.r_[-side:0, 1:side + 1]
    s = t[ks[:, None] + offs] - t[ks][:, None]  # (K, 2 side): neighbours' times from the middle one
    a = np.stack([np.ones_like(s), s, s * s], axis=2)  # (K, 2 side, 3)
    b = xy[ks[:, None] + offs]  # (K, 2 side, 2)
    coef = np.linalg.solve(np.einsum("kij,kil->kjl", a, a), np.einsum("kij,kil->kjl", a, b))  # (K, 3, 2)
    worst = np.linalg.norm(np.einsum("kij,kjl->kil", a, coef) - b, axis=2).max(axis=1)
    at = coef[:, 0, :]  # the fit at the middle frame (s = 0)
    off = np.linalg.norm(xy[ks] - at, axis=1)
    hit = (worst <= 0.5 * tolerance) & (off > tolerance)
    return [(int(k), at[i]) for i, k in zip(np.flatnonzero(hit), ks[hit], strict=True)]


def _fits_until(t: np.ndarray, xy: np.ndarray, a: int, b: int, tolerance: float) -> int:
    """The end (exclusive, at most ``b``) of the longest run from ``a`` that one piece fits within ``tolerance``."""
    k = a + 1
    while k < b and _fit(t[a:k + 1], xy[a:k + 1], float(t[a]))[2] <= tolerance:
        k += 1
    return k


def split_piece(path: BallPath, piece: Piece, min_side: int = 2) -> tuple[Piece, Piece, float] | None:
    """The best split of one piece into two (least total squared residual) and the kink time between them, for a
    piece that something else says holds a kink (e.g. a turn at a cushion). None without the observations."""
    if path.t_obs is None or path.xy_obs is None:
        return None
    ii = np.arange(piece.i0, piece.i1 + 1)
    ii = ii[~np.isnan(path.xy_obs[ii, 0])]
    t, xy = path.t_obs[ii], path.xy_obs[ii]
    n = len(ii)
    if n < 2 * min_side:
        return None
    left = _run_sse(t, xy)
    right = _run_sse(-t[::-1], xy[::-1])[::-1]
    ms = np.arange(min_side - 1, n - min_side)
    m = int(ms[int(np.argmin(left[ms] + right[ms + 1]))])
    a = _piece(t[:m + 1], xy[:m + 1], ii[:m + 1])
    b = _piece(t[m + 1:], xy[m + 1:], ii[m + 1:])
    return a, b, kink_time(a, b)


def without_first(path: BallPath, piece: Piece) -> Piece | None:
    """The piece refitted to its sightings after its first, to ask whether that first sighting belongs to it.
    None without the observations or with fewer than two left."""
    if path.t_obs is None or path.xy_obs is None:
        return None
    ii = np.arange(piece.i0, piece.i1 + 1)
    ii = ii[~np.isnan(path.xy_obs[ii, 0])][1:]
    if len(ii) < 2:
        return None
    return _piece(path.t_obs[ii], path.xy_obs[ii], ii)


def _split_hidden(tv: np.ndarray, pv: np.ndarray, idx: np.ndarray, pieces: list[Piece], sigma: float,
                  gain: float, rest_speed: float) -> list[Piece]:
    """Split every piece that hides a kink (``_hidden_kink``), recursively."""
    pos = {int(i): k for k, i in enumerate(idx)}
    out: list[Piece] = []
    todo = [(pos[p.i0], pos[p.i1]) for p in pieces]
    todo.reverse()
    while todo:
        a, b = todo.pop()
        m = _hidden_kink(tv[a:b + 1], pv[a:b + 1], sigma, gain)
        if m is None:
            out.append(_piece(tv[a:b + 1], pv[a:b + 1], idx[a:b + 1], rest_speed))
            continue
        todo.append((a + m + 1, b))
        todo.append((a, a + m))
    return out


def kink_time(pre: Piece, post: Piece, samples: int = 241) -> float:
    """When the earlier piece carried forward and the later piece carried back are closest."""
    gap = max(post.t0 - pre.t1, 1e-4)
    lo, hi = pre.t1 - 0.25 * gap, post.t0 + 0.25 * gap
    if pre.n <= 1:
        lo = pre.t1
    if post.n <= 1:
        hi = post.t0
    ts = np.linspace(lo, hi, samples)
    d = np.linalg.norm(pre.pos(ts) - post.pos(ts), axis=1)
    # (two pieces without velocity, a ball at rest and one single later sighting, are equally far apart all
    # along: the kink is then taken halfway between the sightings, not before the earlier piece's last one)
    mid = 0.5 * (pre.t1 + post.t0)
    return float(ts[int(np.argmin(d + 1e-9 * np.abs(ts - mid)))])


def truncate(path: BallPath, t_cut: float) -> BallPath | None:
    """The path as if the ball had not been seen after ``t_cut``: later pieces dropped, the piece across it refitted
    to its earlier observations. None when nothing is left."""
    keep: list[Piece] = []
    for pc in path.pieces:
        if pc.t1 <= t_cut:
            keep.append(pc)
            continue
        if pc.t0 <= t_cut and path.t_obs is not None and path.xy_obs is not None:
            ii = np.arange(pc.i0, pc.i1 + 1)
            ii = ii[(path.t_obs[ii] <= t_cut) & ~np.isnan(path.xy_obs[ii, 0])]
            if len(ii):
                keep.append(_piece(path.t_obs[ii], path.xy_obs[ii], ii))
        break
    if not keep:
        return None
    breaks = tuple(kink_time(a, b) for a, b in zip(keep[:-1], keep[1:], strict=True))
    return BallPath(path.ball, tuple(keep), breaks, path.t_obs, path.xy_obs)
