"""A simple shot-picking player: ghost-ball aiming, random speed and spin, a look ahead through the physics.

It lists every (object ball, pocket) it could cut in with a clear path, tries the easiest few with random
speed and spin, and (with probability ``skill``) shoots one that the physics says goes in without a scratch;
otherwise it shoots its first choice as it comes (a miss or a scratch, as real players do). With nothing on it
plays a safety: a soft hit on a ball it can legally see.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from cueref.synth.physics import ShotSim, Strike, simulate_shot
from vision.geometry import TableGeometry

Position = tuple[float, float]


@dataclass(frozen=True)
class ShotPlan:
    """What the player will do: the strike and the call (``ball``/``pocket``, or ``safety``)."""

    strike: Strike
    ball: int | None = None
    pocket: str | None = None
    safety: bool = False
    preview: ShotSim | None = None  # the look-ahead result (events only) that made the player choose it


def aim_point(geo: TableGeometry, pocket: str) -> np.ndarray:
    """Where to send an object ball into ``pocket``: a little inside the pocket centre."""
    p = geo.pocket(pocket)
    c = np.array(p.centre)
    inward = np.array(geo.centre_spot) - c
    return c + inward / np.linalg.norm(inward) * 0.02


def ghost_ball(obj: Sequence[float], target: Sequence[float], radius: float) -> np.ndarray:
    """Where the cue ball's centre must be at contact to send ``obj`` toward ``target``."""
    o, t = np.asarray(obj, float), np.asarray(target, float)
    d = (t - o) / np.linalg.norm(t - o)
    return o - 2 * radius * d


def path_clear(a: Sequence[float], b: Sequence[float], balls: Mapping[int, Position], skip: set[int],
               radius: float) -> bool:
    """No ball (other than ``skip``) lies within two radii of the segment a-b (a moving ball's swept path)."""
    pa, pb = np.asarray(a, float), np.asarray(b, float)
    d = pb - pa
    ll = float(d @ d)
    if ll == 0:
        return True
    for k, p in balls.items():
        if k in skip:
            continue
        q = np.asarray(p, float)
        s = np.clip((q - pa) @ d / ll, 0.0, 1.0)
        if np.linalg.norm(pa + s * d - q) < 2 * radius - 1e-9:
            return False
    return True


def angle_to(a: Sequence[float], b: Sequence[float]) -> float:
    """Direction a -> b in degrees, as ``Strike.angle`` measures it."""
    return float(np.degrees(np.arctan2(b[1] - a[1], b[0] - a[0])))


@dataclass(frozen=True)
class Candidate:
    ball: int
    pocket: str
    angle: float  # cue direction, degrees
    cut: float  # cut angle, degrees
    distance: float  # cue to ghost + object to pocket, m

    @property
    def difficulty(self) -> float:
        return self.cut / 30.0 + self.distance


def candidates(balls: Mapping[int, Position], targets: Sequence[int], geo: TableGeometry,
               max_cut: float = 65.0) -> list[Candidate]:
    """Every pot on: clear paths, a cut no thinner than ``max_cut``; easiest first."""
    r = geo.ball_radius
    cue = np.asarray(balls[0], float)
    out: list[Candidate] = []
    for b in targets:
        if b not in balls:
            continue
        obj = np.asarray(balls[b], float)
        for p in geo.pockets:
            tgt = aim_point(geo, p.name)
            ghost = ghost_ball(obj, tgt, r)
            v1, v2 = ghost - cue, tgt - obj
            if np.linalg.norm(v1) < 1e-6:
                continue
            cut = float(np.degrees(np.arccos(np.clip(v1 @ v2 / np.linalg.norm(v1) / np.linalg.norm(v2), -1, 1))))
            if cut > max_cut:
                continue
            if not path_clear(cue, ghost, balls, {0, b}, r) or not path_clear(obj, tgt, balls, {0, b}, r):
                continue
            if p.name.startswith("side") and abs(v2[1]) < 0.5 * abs(v2[0]):
                continue  # too shallow an angle into a side pocket
            out.append(Candidate(b, p.name, angle_to(cue, ghost), cut,
                                 float(np.linalg.norm(v1) + np.linalg.norm(v2))))
    return sorted(out, key=lambda c: c.difficulty)


def potted(sim: ShotSim, ball: int, pocket: str) -> bool:
    """The called ball went in the called pocket, the cue ball stayed up, and the cue ball hit it first."""
    first = next((e for e in sim.events if e.type == "collision" and 0 in (e.balls or ())), None)
    if first is None or ball not in (first.balls or ()):
        return False
    went = any(e.type == "pocket" and e.ball == ball and e.pocket == pocket for e in sim.events)
    scratch = any(e.type in ("pocket", "off_table") and e.ball == 0 for e in sim.events)
    return went and not scratch


def random_strike(rng: np.random.Generator, angle: float, distance: float, *, aim_error: float = 0.0) -> Strike:
    speed = float(np.clip(rng.uniform(1.2, 2.4) + 0.9 * distance, 1.0, 5.5))
    return Strike(speed=speed, angle=angle + float(rng.normal(0, aim_error)) if aim_error else angle,
                  side=float(np.clip(rng.normal(0, 0.15), -0.4, 0.4)),
                  height=float(np.clip(rng.normal(0.05, 0.25), -0.5, 0.5)))


def choose_shot(balls: Mapping[int, Position], targets: Sequence[int], geo: TableGeometry,
                rng: np.random.Generator, *, skill: float = 0.85, tries: int = 8,
                aim_error: float = 0.4) -> ShotPlan:
    """Pick the shot a decent player would: see the module doc. ``targets`` are the balls it may hit first."""
    cands = candidates(balls, targets, geo)
    if not cands:
        return safety_shot(balls, targets, geo, rng)
    wants_success = rng.random() < skill
    first: ShotPlan | None = None
    for c in cands[:tries]:
        for _ in range(2):
            strike = random_strike(rng, c.angle, c.distance, aim_error=aim_error)
            sim = simulate_shot(balls, strike, geometry=geo, sample=False)
            plan = ShotPlan(strike=strike, ball=c.ball, pocket=c.pocket, preview=sim)
            if first is None:
                first = plan
            if not wants_success or potted(sim, c.ball, c.pocket):
                return plan
    assert first is not None
    return first


def safety_shot(balls: Mapping[int, Position], targets: Sequence[int], geo: TableGeometry,
                rng: np.random.Generator) -> ShotPlan:
    """A soft hit on the nearest legal ball the cue ball can see (or straight at the nearest one)."""
    cue = np.asarray(balls[0], float)
    seen = [b for b in targets if b in balls and path_clear(cue, balls[b], balls, {0, b}, geo.ball_radius)]
    pool = seen or [b for b in targets if b in balls]
    b = min(pool, key=lambda k: float(np.linalg.norm(np.asarray(balls[k]) - cue)))
    angle = angle_to(cue, balls[b]) + float(rng.uniform(-3, 3))
    strike = Strike(speed=float(rng.uniform(1.3, 2.2)), angle=angle, height=float(rng.uniform(-0.3, 0.1)))
    return ShotPlan(strike=strike, safety=True)
