"""Seeded shot families on the toy simulator (breaks, mid-game shots, kicks, banks, scratches, misses, soft
touches, jumped balls, occluding arms) for the tracking tests and ``bench/events.py``'s fallback source."""

from __future__ import annotations

import math

import numpy as np

from tracking.toysim import Occluder, Scenario
from vision.geometry import TableGeometry

FAMILIES = ("break", "mid", "kick", "bank", "scratch", "miss", "soft", "jump", "occluded")


def _free_spot(rng: np.random.Generator, g: TableGeometry, taken: list[tuple[float, float]],
               margin: float = 0.08) -> tuple[float, float]:
    for _ in range(500):
        p = (float(rng.uniform(margin, g.length - margin)), float(rng.uniform(margin, g.width - margin)))
        if all(math.hypot(p[0] - q[0], p[1] - q[1]) > 3.2 * g.ball_radius for q in taken):
            return p
    raise RuntimeError("no free spot")


def _aim(src: tuple[float, float], dst: tuple[float, float], speed: float, offset: float = 0.0) -> tuple[float, float]:
    dx, dy = dst[0] - src[0], dst[1] - src[1]
    a = math.atan2(dy, dx) + offset
    return speed * math.cos(a), speed * math.sin(a)


def _cut_aim(cue: tuple[float, float], obj: tuple[float, float], frac: float, R: float) -> float:
    """Angle offset that makes the cue ball's line pass ``frac`` * 2R beside the object ball's centre."""
    d = math.hypot(obj[0] - cue[0], obj[1] - cue[1])
    return math.asin(max(-0.99, min(0.99, frac * 2 * R / d)))


def make_scenario(family: str, seed: int, geometry: TableGeometry | None = None) -> Scenario:
    """One reproducible scenario of ``family`` for ``seed``."""
    if family not in FAMILIES:
        raise ValueError(f"unknown family {family!r}; expected one of {', '.join(FAMILIES)}")
    g = geometry or TableGeometry()
    R = g.ball_radius
    rng = np.random.default_rng([FAMILIES.index(family), seed])
    if family == "break":
        n = 9 if rng.random() < 0.3 else 15
        ids = list(range(1, n + 1))
        rng.shuffle(ids)
        pos = {b: p for b, p in zip(ids, g.rack_positions(n), strict=True)}
        cue = (float(rng.uniform(0.3, g.head_string_x - 0.02)), float(rng.uniform(0.3, g.width - 0.3)))
        pos[0] = cue
        apex = g.foot_spot
        v = _aim(cue, apex, float(rng.uniform(6.0, 11.0)), float(rng.normal(0, 0.004)))
        return Scenario(pos, v, family=family, geometry=g)
    k = int(rng.integers(2, 9))
    taken: list[tuple[float, float]] = []
    pos = {}
    balls = [0] + [int(b) for b in rng.choice(np.arange(1, 16), size=k, replace=False)]
    for b in balls:
        pos[b] = _free_spot(rng, g, taken)
        taken.append(pos[b])
    cue = pos[0]
    target = balls[1]
    speed = float(rng.uniform(1.0, 4.0))
    frac = float(rng.uniform(-0.85, 0.85))
    jumpers: tuple[int, ...] = ()
    occluders: list[Occluder] = []
    if family in ("mid", "jump", "occluded", "soft"):
        if family == "soft":
            speed = float(rng.uniform(0.25, 0.6))
            near = _free_spot(rng, g, taken[1:])
            d = rng.uniform(0.1, 0.3)
            ang = rng.uniform(0, 2 * math.pi)
            cue = (min(max(pos[target][0] + d * math.cos(ang), 0.05), g.length - 0.05),
                   min(max(pos[target][1] + d * math.sin(ang), 0.05), g.width - 0.05))
            if any(math.hypot(cue[0] - q[0], cue[1] - q[1]) < 3 * R for b, q in pos.items() if b != 0):
                cue = near
            pos[0] = cue
        v = _aim(cue, pos[target], speed, _cut_aim(cue, pos[target], frac, R))
        if family == "jump":
            jumpers = (target,)
            v = _aim(cue, pos[target], max(speed, 3.0), _cut_aim(cue, pos[target], frac * 0.3, R))
        if family == "occluded":
            c = pos[balls[-1]] if len(balls) > 2 else _free_spot(rng, g, taken)
            w, h = rng.uniform(0.12, 0.3), rng.uniform(0.12, 0.3)
            t0 = float(rng.uniform(0.2, 1.0))
            occluders.append(Occluder(c[0] - w / 2, c[1] - h / 2, c[0] + w / 2, c[1] + h / 2, t0,
                                      t0 + float(rng.uniform(0.5, 2.5))))
            mid = ((cue[0] + pos[target][0]) / 2, (cue[1] + pos[target][1]) / 2)
            if rng.random() < 0.5:  # an arm over the cue ball's path for a moment
                occluders.append(Occluder(mid[0] - 0.1, mid[1] - 0.1, mid[0] + 0.1, mid[1] + 0.1, 0.3, 0.9))
    elif family == "kick":
        rail = str(rng.choice(["head", "foot", "left", "right"]))
        t = pos[target]
        mirror = {"head": (-t[0] + 2 * R, t[1]), "foot": (2 * (g.length - R) - t[0], t[1]),
                  "left": (t[0], -t[1] + 2 * R), "right": (t[0], 2 * (g.width - R) - t[1])}[rail]
        v = _aim(cue, mirror, speed, float(rng.normal(0, 0.01)))
    elif family == "bank":
        t = pos[target]
        rail, _ = g.nearest_rail(*t)
        v = _aim(cue, t, speed, _cut_aim(cue, t, float(rng.uniform(-0.3, 0.3)), R))
    elif family == "scratch":
        pk = g.pockets[int(rng.integers(0, 6))]
        aim_pt = (min(max(pk.centre[0], 0.0), g.length), min(max(pk.centre[1], 0.0), g.width))
        # an object ball just beside the line from the cue ball to the pocket: a thin cut, then in
        s = float(rng.uniform(0.3, 0.7))
        line = (cue[0] + s * (aim_pt[0] - cue[0]), cue[1] + s * (aim_pt[1] - cue[1]))
        dx, dy = aim_pt[0] - cue[0], aim_pt[1] - cue[1]
        nrm = math.hypot(dx, dy)
        side = float(rng.choice([-1.0, 1.0])) * float(rng.uniform(1.85, 1.97)) * R
        obj = (line[0] - dy / nrm * side, line[1] + dx / nrm * side)
        pos = {b: p for b, p in pos.items() if b == 0 or math.hypot(p[0] - line[0], p[1] - line[1]) > 0.2}
        if g.on_table(*obj, margin=-R):
            pos[target] = obj
        v = _aim(cue, aim_pt, max(speed, 2.0))
    else:  # miss: aim at a rail point away from every ball
        ang = float(rng.uniform(0, 2 * math.pi))
        v = (speed * math.cos(ang), speed * math.sin(ang))
    return Scenario(pos, v, jumpers=jumpers, occluders=occluders, family=family, geometry=g)
