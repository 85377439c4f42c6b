"""A small event-driven table simulator: the synthetic sensor behind the tracking tests and the bench fallback.

Balls slide in straight lines with constant deceleration, collide elastically (equal masses), reflect off the
cushion noses with restitution, drop when they meet a cushion where a pocket opening is, and leave the table when
flagged to jump at the first cushion they meet fast enough (``jump_min_speed``, as ``cueref.synth`` does) where a
cushion stands (not in a pocket's opening: there is nothing there to climb, the ball drops like any other). Every event time is solved to better than 10 microseconds, so a tracker's
sub-frame timing can be scored against it. It is deliberately simpler than pooltool (no spin, no throw): it tests
the tracker's geometry, not its physics. numpy only.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field

import numpy as np

from vision.geometry import TableGeometry
from vision.types import BallObservations

N = 16


@dataclass
class Occluder:
    """An arm over the table: balls whose centres are inside the rectangle are hidden from t0 to t1."""

    x0: float
    y0: float
    x1: float
    y1: float
    t0: float
    t1: float

    def hides(self, t: float, p: np.ndarray) -> bool:
        return bool(self.t0 <= t <= self.t1 and self.x0 <= p[0] <= self.x1 and self.y0 <= p[1] <= self.y1)


@dataclass
class Scenario:
    """Initial balls (id -> (x, y)), the strike on the cue ball, and what else the clip shows."""

    positions: dict[int, tuple[float, float]]
    cue_velocity: tuple[float, float]
    t_strike: float = 0.5
    jumpers: tuple[int, ...] = ()  # balls that fly off the table at their first fast cushion contact (ToySim)
    occluders: list[Occluder] = field(default_factory=list)
    family: str = "shot"
    geometry: TableGeometry = field(default_factory=TableGeometry)


@dataclass
class Truth:
    """Exact outcome: events (SCHEMA.md dicts) and positions sampled at the requested times."""

    events: list[dict]
    t: np.ndarray  # (T,)
    xy: np.ndarray  # (T, 16, 2), NaN when not on the table
    visible: np.ndarray  # (T, 16)
    before: dict[int, tuple[float, float]]
    after: dict[int, tuple[float, float]]
    t_rest: float


class ToySim:
    """Event-driven integration of one shot.

    Args:
        decel: rolling deceleration, m/s^2.
        cushion_restitution: fraction of the normal speed kept by a cushion.
        step: longest integration step, s (events inside a step are located by bisection).
        jump_min_speed: a jumper flies off a cushion it meets at this speed (m/s) or faster, and bounces off a
            slower one (``cueref.synth.physics``' ``jump_min_speed``: a ball that meets a cushion slowly does not
            climb it).
    """

    def __init__(self, decel: float = 0.25, cushion_restitution: float = 0.8, step: float = 0.002,
                 jump_min_speed: float = 1.2) -> None:
        self.decel = decel
        self.e = cushion_restitution
        self.step = step
        self.jump_min_speed = jump_min_speed

    def _advance(self, p: np.ndarray, v: np.ndarray, tau: float) -> tuple[np.ndarray, np.ndarray]:
        speed = np.linalg.norm(v, axis=1)
        moving = speed > 0
        u = np.zeros_like(v)
        u[moving] = v[moving] / speed[moving, None]
        t_stop = speed / self.decel
        tt = np.minimum(tau, t_stop)
        s = speed * tt - 0.5 * self.decel * tt ** 2
        p2 = p + u * s[:, None]
        sp2 = np.maximum(speed - self.decel * tau, 0.0)
        return p2, u * sp2[:, None]

    def run(self, sc: Scenario, times: np.ndarray, t_max: float = 20.0) -> Truth:
        g = sc.geometry
        R = g.ball_radius
        p = np.full((N, 2), np.nan)
        for b, xy in sc.positions.items():
            p[b] = xy
        v = np.zeros((N, 2))
        on = ~np.isnan(p[:, 0])
        falling = np.zeros(N, bool)
        events: list[dict] = [{"t": sc.t_strike, "type": "strike"}]
        log_t = [0.0, sc.t_strike]
        log_p = [p.copy(), p.copy()]
        t = sc.t_strike
        v[0] = sc.cue_velocity
        corner_gap = g.corner_mouth / math.sqrt(2) + 0.01
        side_gap = g.side_mouth / 2

        def in_mouth(rail: str, q: np.ndarray) -> bool:
            along = q[1] if rail in ("head", "foot") else q[0]
            span = g.width if rail in ("head", "foot") else g.length
            if along < corner_gap or along > span - corner_gap:
                return True
            return rail in ("left", "right") and abs(q[0] - g.length / 2) < side_gap

        def hazards(pp: np.ndarray, vv: np.ndarray) -> list[tuple[str, int, int | str]]:
            out: list[tuple[str, int, int | str]] = []
            idx = np.flatnonzero(on)
            if len(idx) > 1:
                q = pp[idx]
                d = q[None, :, :] - q[:, None, :]
                dv = vv[idx][None, :, :] - vv[idx][:, None, :]
                close = ((d ** 2).sum(-1) < (2 * R) ** 2) & ((dv * d).sum(-1) < 0)
                for i, j in zip(*np.nonzero(np.triu(close, 1)), strict=True):
                    out.append(("ball", int(idx[i]), int(idx[j])))
            for a in idx:
                if falling[a]:
                    pk = g.nearest_pocket(*pp[a])
                    if (np.hypot(*(pp[a] - pk.centre)) < pk.capture_radius
                            or not g.on_table(*pp[a], margin=2 * R)):
                        out.append(("pocket", int(a), pk.name))
                    continue
                x, y = pp[a]
                for rail, dist, vn in (("head", x, -vv[a, 0]), ("foot", g.length - x, vv[a, 0]),
                                       ("left", y, -vv[a, 1]), ("right", g.width - y, vv[a, 1])):
                    if dist < R and vn > 0:
                        out.append(("rail", int(a), rail))
            return out

        while t < t_max:
            if not np.any(np.linalg.norm(v[on], axis=1) > 0):
                break
            p1, v1 = self._advance(np.where(on[:, None], p, 0), v, self.step)
            hz = hazards(p1, v1)
            if not hz:
                p, v, t = np.where(on[:, None], p1, np.nan), v1, t + self.step
                log_t.append(t)
                log_p.append(p.copy())
                continue
            lo, hi = 0.0, self.step
            for _ in range(40):
                mid = 0.5 * (lo + hi)
                pm, vm = self._advance(np.where(on[:, None], p, 0), v, mid)
                if hazards(pm, vm):
                    hi = mid
                else:
                    lo = mid
            pm, vm = self._advance(np.where(on[:, None], p, 0), v, hi)
            first = hazards(pm, vm)[0]
            p, v, t = np.where(on[:, None], pm, np.nan), vm, t + hi
            kind, a, other = first
            if kind == "ball":
                b = int(other)
                n = (p[b] - p[a]) / np.linalg.norm(p[b] - p[a])
                ja = v[a] @ n
                jb = v[b] @ n
                v[a] += (jb - ja) * n
                v[b] += (ja - jb) * n
                events.append({"t": t, "type": "collision", "balls": [a, b]})
            elif kind == "rail":
                rail = str(other)
                if (a in sc.jumpers and not in_mouth(rail, p[a])
                        and float(np.linalg.norm(v[a])) >= self.jump_min_speed):
                    # it climbs the cushion it meets and flies off (as cueref.synth logs it). Not in a pocket's
                    # opening, where no cushion stands (it drops there: jumpers flown off "the cushion" inside a
                    # corner's mouth were truth no footage can show, toy dev jump-52/-56/-60), and not slowly (a
                    # ball that meets a cushion slowly rebounds from it)
                    events.append({"t": t, "type": "cushion", "ball": a, "rail": rail})
                    events.append({"t": t, "type": "off_table", "ball": a})
                    on[a] = False
                    p[a] = np.nan
                    v[a] = 0
                elif in_mouth(rail, p[a]):
                    falling[a] = True
                    # keep rolling into the pocket: a ball in the jaws does not slow down to a stop
                    if np.linalg.norm(v[a]) < 0.3:
                        v[a] *= 0.3 / max(np.linalg.norm(v[a]), 1e-9)
                else:
                    axis = 0 if rail in ("head", "foot") else 1
                    v[a, axis] = -self.e * v[a, axis]
                    events.append({"t": t, "type": "cushion", "ball": a, "rail": rail})
            else:
                events.append({"t": t, "type": "pocket", "ball": a, "pocket": str(other)})
                on[a] = False
                p[a] = np.nan
                v[a] = 0
            log_t.append(t)
            log_p.append(p.copy())
        t_rest = t
        events.append({"t": t_rest, "type": "rest"})
        lt = np.array(log_t)
        lp = np.array(log_p)
        xy = np.full((len(times), N, 2), np.nan)
        for i, tq in enumerate(times):
            k = int(np.searchsorted(lt, tq, side="right")) - 1
            if k >= len(lt) - 1:
                xy[i] = lp[-1]
                continue
            k = max(k, 0)
            f = (tq - lt[k]) / max(lt[k + 1] - lt[k], 1e-12)
            a_, b_ = lp[k], lp[k + 1]
            # a ball that vanishes inside this step is gone at the later sample only
            xy[i] = np.where(np.isnan(b_), np.where(f < 1, a_, np.nan), a_ + f * (b_ - a_))
            gone = np.isnan(b_[:, 0]) & ~np.isnan(a_[:, 0])
            xy[i][gone] = a_[gone] if f < 1 else np.nan
        visible = ~np.isnan(xy[:, :, 0])
        for oc in sc.occluders:
            for i, tq in enumerate(times):
                for b in range(N):
                    if visible[i, b] and oc.hides(float(tq), xy[i, b]):
                        visible[i, b] = False
        before = {b: (float(x), float(y)) for b, (x, y) in sc.positions.items()}
        after = {b: (float(p[b, 0]), float(p[b, 1])) for b in range(N) if on[b]}
        return Truth(events=events, t=np.asarray(times, float), xy=xy, visible=visible, before=before,
                     after=after, t_rest=t_rest)


def oracle_observations(t: np.ndarray, xy: np.ndarray, visible: np.ndarray, *, sigma: float = 0.0015,
                        drop: float = 0.02, id_p: float = 0.6, seed: int = 0) -> Iterator[BallObservations]:
    """A synthetic sensor from truth: positions (T, 16, 2) plus Gaussian noise, random dropouts, the truth
    visibility mask, identity evidence ``id_p`` on the right ball, in shuffled order (as a detector gives them)."""
    rng = np.random.default_rng(seed)
    for i, ti in enumerate(t):
        bs = [b for b in range(xy.shape[1]) if visible[i, b] and not np.isnan(xy[i, b, 0]) and rng.random() >= drop]
        pts = np.array([xy[i, b] for b in bs]).reshape(-1, 2) + rng.normal(0, sigma, (len(bs), 2))
        ids = np.full((len(bs), 16), (1 - id_p) / 15)
        for k, b in enumerate(bs):
            ids[k, b] = id_p
        order = rng.permutation(len(bs))
        yield BallObservations(t=float(ti), frame_index=i, xy=pts[order], id_scores=ids[order])
