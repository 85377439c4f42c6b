"""The scenario families: single shots of each kind the rules care about, and stretches of real games.

Every scenario is a function of a seeded ``numpy.random.Generator``: the same name and seed give the same clip.
A single-shot family draws layouts and strikes until the physics gives a shot of its kind (a bank that banks,
a scratch that scratches), so its truth always shows what its name says. Single shots are logged as 14.1
(straight pool, where any ball may be hit first) from a ``state`` record, so ``cueref judge`` rules on them.

Seeds: use 0-99 for development and 100 and up for evaluation (``--suite eval --seeds 100-119``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from adjudicator.errors import ConfigError
from cueref.synth.game import GameDriver, play
from cueref.synth.physics import ShotSim, Strike, on_cloth, simulate_shot
from cueref.synth.player import ShotPlan, aim_point, angle_to, choose_shot, ghost_ball, potted
from cueref.synth.timeline import Timeline
from vision.geometry import TableGeometry

Position = tuple[float, float]
Layout = dict[int, Position]
MakeFn = Callable[[np.random.Generator, TableGeometry], tuple[Layout, ShotPlan, int | None]]
AcceptFn = Callable[[ShotSim, Layout, ShotPlan], bool]


@dataclass(frozen=True)
class Scenario:
    """A named, seeded recipe for a clip. ``run(rng, geometry, occlusion)`` plays it and returns the driver."""

    name: str
    game: str
    description: str
    run: Callable[[np.random.Generator, TableGeometry, bool], GameDriver]
    kind: str = "single"  # "single" shot or "sequence"


# ----- helpers ----------------------------------------------------------------------------------------------
def random_layout(rng: np.random.Generator, geo: TableGeometry, balls: list[int], *,
                  fixed: Mapping[int, Position] | None = None, margin: float = 0.06) -> Layout:
    """Balls at random free spots (not overlapping, ``margin`` from the cushions and clear of the pockets)."""
    r = geo.ball_radius
    out: Layout = dict(fixed or {})
    for b in balls:
        for _ in range(500):
            p = (float(rng.uniform(margin + r, geo.length - margin - r)),
                 float(rng.uniform(margin + r, geo.width - margin - r)))
            if all((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 > (2 * r + 0.02) ** 2 for q in out.values()) and \
                    all(np.hypot(p[0] - k.centre[0], p[1] - k.centre[1]) > 0.15 for k in geo.pockets):
                out[b] = p
                break
        else:
            raise ConfigError("random_layout: no room left on the table")
    return out


def valid_layout(layout: Mapping[int, Position], geo: TableGeometry) -> bool:
    """Every ball on the cloth (a frozen ball may touch the cushion) and no two overlapping."""
    r = geo.ball_radius
    pts = list(layout.values())
    if any(not (r - 1e-9 <= x <= geo.length - r + 1e-9 and r - 1e-9 <= y <= geo.width - r + 1e-9) for x, y in pts):
        return False
    return all((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 >= (2 * r) ** 2 for i, a in enumerate(pts) for b in pts[i + 1:])


def _objects(rng: np.random.Generator, n: int, exclude: tuple[int, ...] = ()) -> list[int]:
    return [int(b) for b in rng.choice([b for b in range(1, 16) if b not in exclude], size=n, replace=False)]


def _first_contact(sim: ShotSim) -> int | None:
    e = next((e for e in sim.events if e.type == "collision" and 0 in (e.balls or ())), None)
    return None if e is None else [b for b in (e.balls or ()) if b != 0][0]


def _pocketed(sim: ShotSim) -> set[int]:
    return {e.ball for e in sim.events if e.type == "pocket" and e.ball is not None}


def _single(make: MakeFn, accept: AcceptFn, tries: int = 120) -> Callable[[np.random.Generator, TableGeometry, bool],
                                                                      GameDriver]:
    """A single-shot scenario: draw (layout, plan) until ``accept`` holds, then play it as a 14.1 shot."""

    def run(rng: np.random.Generator, geo: TableGeometry, occlusion: bool) -> GameDriver:
        for _ in range(tries):
            layout, plan, jump = make(rng, geo)
            if not valid_layout(layout, geo):
                continue
            sim = simulate_shot(layout, plan.strike, geometry=geo, jump_ball=jump, sample=False)
            if on_cloth(sim, geo) and accept(sim, layout, plan):
                break
        else:
            raise ConfigError(f"no shot of this kind found in {tries} tries (seed too unlucky?)")
        tl = Timeline(layout={}, geometry=geo, rng=rng, occlusion=occlusion)
        tl.set_up(layout)
        drv = GameDriver(game="straight-pool", geometry=geo, rng=rng, timeline=tl)
        score = int(rng.integers(0, 60))
        drv.set_state({"shooter": "Ann", "scores": {"Ann": score, "Bob": int(rng.integers(0, 60))},
                       "balls": sorted(b for b in layout if b != 0), "cue_ball": "in_place", "break": False})
        drv.play_shot(plan, jump_ball=jump)
        tl.idle(0.8)
        return drv

    return run


def _sequence(game: str, shots: int, *, skill: float = 0.85,
              start: Callable[[np.random.Generator, TableGeometry], tuple[dict[str, Any], Layout]] | None = None
              ) -> Callable[[np.random.Generator, TableGeometry, bool], GameDriver]:
    def run(rng: np.random.Generator, geo: TableGeometry, occlusion: bool) -> GameDriver:
        state, layout = start(rng, geo) if start else (None, None)
        return play(game, geo, rng, shots=shots, occlusion=occlusion, skill=skill, start=state, layout=layout)

    return run


# ----- single-shot families ---------------------------------------------------------------------------------
def _break(game: str) -> Callable[[np.random.Generator, TableGeometry, bool], GameDriver]:
    return _sequence(game, 1)


def _make_cut(rng: np.random.Generator, geo: TableGeometry) -> tuple[Layout, ShotPlan, int | None]:
    layout = random_layout(rng, geo, [0, *_objects(rng, int(rng.integers(2, 8)))])
    plan = choose_shot(layout, [b for b in layout if b != 0], geo, rng, skill=1.0, tries=4)
    return layout, plan, None


def _make_miss(rng: np.random.Generator, geo: TableGeometry) -> tuple[Layout, ShotPlan, int | None]:
    layout, plan, _ = _make_cut(rng, geo)
    if plan.ball is None:
        return layout, plan, None
    err = float(rng.uniform(1.5, 4.0)) * (1 if rng.random() < 0.5 else -1)
    s = plan.strike
    return layout, ShotPlan(strike=Strike(s.speed, s.angle + err, s.side, s.height), ball=plan.ball,
                            pocket=plan.pocket), None


def _accept_cut(sim: ShotSim, layout: Layout, plan: ShotPlan) -> bool:
    return plan.ball is not None and plan.pocket is not None and potted(sim, plan.ball, plan.pocket)


def _accept_miss(sim: ShotSim, layout: Layout, plan: ShotPlan) -> bool:
    return plan.ball is not None and _first_contact(sim) == plan.ball and plan.ball not in _pocketed(sim) \
        and 0 not in _pocketed(sim)


def _make_scratch(rng: np.random.Generator, geo: TableGeometry) -> tuple[Layout, ShotPlan, int | None]:
    pocket = str(rng.choice([p.name for p in geo.pockets if not p.name.startswith("side")]))
    tgt = aim_point(geo, pocket)
    inward = np.array(geo.centre_spot) - tgt
    inward = inward / np.linalg.norm(inward)
    turn = np.radians(rng.uniform(-12, 12))
    d = np.array([inward[0] * np.cos(turn) - inward[1] * np.sin(turn), inward[0] * np.sin(turn) + inward[1] * np.cos(turn)])
    obj = tgt + d * rng.uniform(0.2, 0.45)
    cue = obj + d * rng.uniform(0.25, 0.6)
    b = _objects(rng, 1)[0]
    layout = random_layout(rng, geo, _objects(rng, int(rng.integers(0, 4)), (b,)),
                           fixed={0: (float(cue[0]), float(cue[1])), b: (float(obj[0]), float(obj[1]))})
    ghost = ghost_ball(obj, tgt, geo.ball_radius)
    strike = Strike(speed=float(rng.uniform(2.0, 4.0)), angle=angle_to(cue, ghost) + float(rng.normal(0, 0.3)),
                    height=float(rng.uniform(0.3, 0.7)))
    return layout, ShotPlan(strike=strike, ball=b, pocket=pocket), None


def _accept_scratch(sim: ShotSim, layout: Layout, plan: ShotPlan) -> bool:
    return 0 in _pocketed(sim) and _first_contact(sim) is not None


def _make_soft(rng: np.random.Generator, geo: TableGeometry) -> tuple[Layout, ShotPlan, int | None]:
    layout = random_layout(rng, geo, [0, *_objects(rng, int(rng.integers(2, 7)))])
    cue = layout[0]
    b = min((k for k in layout if k != 0), key=lambda k: np.hypot(layout[k][0] - cue[0], layout[k][1] - cue[1]))
    strike = Strike(speed=float(rng.uniform(0.35, 0.9)), angle=angle_to(cue, layout[b]) + float(rng.uniform(-4, 4)),
                    height=float(rng.uniform(-0.2, 0.2)))
    return layout, ShotPlan(strike=strike, safety=True), None


def _accept_soft(sim: ShotSim, layout: Layout, plan: ShotPlan) -> bool:
    first = next((e.t for e in sim.events if e.type == "collision" and 0 in (e.balls or ())), None)
    return first is not None and not any(e.type in ("cushion", "pocket") and e.t > first for e in sim.events)


def _make_kick(rng: np.random.Generator, geo: TableGeometry) -> tuple[Layout, ShotPlan, int | None]:
    r = geo.ball_radius
    layout = random_layout(rng, geo, [0, *_objects(rng, 2)])
    cue, (b, blocker) = layout[0], [k for k in layout if k != 0]
    mid = (np.asarray(cue) + np.asarray(layout[b])) / 2 + rng.normal(0, 0.01, 2)
    layout[blocker] = (float(mid[0]), float(mid[1]))  # hide the target behind a ball
    tx, ty = layout[b]
    rail = str(rng.choice(["left", "right", "head", "foot"]))
    mirror = {"left": (tx, 2 * r - ty), "right": (tx, 2 * (geo.width - r) - ty),
              "head": (2 * r - tx, ty), "foot": (2 * (geo.length - r) - tx, ty)}[rail]
    strike = Strike(speed=float(rng.uniform(1.8, 3.5)), angle=angle_to(cue, mirror) + float(rng.normal(0, 0.4)),
                    height=float(rng.uniform(-0.1, 0.3)))
    return layout, ShotPlan(strike=strike, safety=True), None


def _accept_kick(sim: ShotSim, layout: Layout, plan: ShotPlan) -> bool:
    cue_events = [e for e in sim.events if e.ball == 0 or (e.balls and 0 in e.balls)]
    return len(cue_events) >= 2 and cue_events[0].type == "cushion" and _first_contact(sim) is not None \
        and 0 not in _pocketed(sim)


def _make_bank(rng: np.random.Generator, geo: TableGeometry) -> tuple[Layout, ShotPlan, int | None]:
    r = geo.ball_radius
    layout = random_layout(rng, geo, [0, *_objects(rng, int(rng.integers(1, 4)))], margin=0.15)
    b = [k for k in layout if k != 0][0]
    pocket = str(rng.choice([p.name for p in geo.pockets]))
    tgt = aim_point(geo, pocket)
    side = "left" if layout[b][1] < geo.width / 2 else "right"
    if tgt[1] < geo.width / 2 and side == "left" or tgt[1] >= geo.width / 2 and side == "right":
        side = "right" if side == "left" else "left"  # bank off the rail across from the pocket
    line = r if side == "left" else geo.width - r
    mirror = (float(tgt[0]), float(2 * line - tgt[1]))
    ghost = ghost_ball(layout[b], mirror, r)
    strike = Strike(speed=float(rng.uniform(2.5, 4.5)), angle=angle_to(layout[0], ghost) + float(rng.normal(0, 0.3)),
                    height=float(rng.uniform(-0.2, 0.2)))
    return layout, ShotPlan(strike=strike, ball=b, pocket=pocket), None


def _accept_bank(sim: ShotSim, layout: Layout, plan: ShotPlan) -> bool:
    if plan.ball is None or not potted(sim, plan.ball, plan.pocket or ""):
        return False
    t_pocket = next(e.t for e in sim.events if e.type == "pocket" and e.ball == plan.ball)
    return any(e.type == "cushion" and e.ball == plan.ball and e.t < t_pocket for e in sim.events)


def _make_rails(rng: np.random.Generator, geo: TableGeometry) -> tuple[Layout, ShotPlan, int | None]:
    layout = random_layout(rng, geo, [0, *_objects(rng, int(rng.integers(1, 5)))])
    b = [k for k in layout if k != 0][0]
    cue = layout[0]
    strike = Strike(speed=float(rng.uniform(3.5, 6.0)),
                    angle=angle_to(cue, layout[b]) + float(rng.uniform(-25, 25)) * (1 if rng.random() < 0.5 else -1) / 2,
                    side=float(rng.uniform(-0.4, 0.4)), height=float(rng.uniform(-0.1, 0.4)))
    return layout, ShotPlan(strike=strike, safety=True), None


def _accept_rails(sim: ShotSim, layout: Layout, plan: ShotPlan) -> bool:
    return _first_contact(sim) is not None and 0 not in _pocketed(sim) and \
        sum(1 for e in sim.events if e.type == "cushion" and e.ball == 0) >= 3


def _make_combo(rng: np.random.Generator, geo: TableGeometry) -> tuple[Layout, ShotPlan, int | None]:
    r = geo.ball_radius
    pocket = str(rng.choice([p.name for p in geo.pockets]))
    tgt = aim_point(geo, pocket)
    inward = np.array(geo.centre_spot) - tgt
    inward = inward / np.linalg.norm(inward)
    turn = np.radians(rng.uniform(-25, 25))
    d = np.array([inward[0] * np.cos(turn) - inward[1] * np.sin(turn), inward[0] * np.sin(turn) + inward[1] * np.cos(turn)])
    pb = tgt + d * rng.uniform(0.25, 0.6)
    pa = pb + d * rng.uniform(0.15, 0.4)
    a, b = _objects(rng, 2)
    ghost_b = ghost_ball(pb, tgt, r)  # A must arrive here
    ghost_a = ghost_ball(pa, ghost_b, r)  # so the cue ball arrives here
    back = (ghost_a - pa) / np.linalg.norm(ghost_a - pa)
    cue = ghost_a + back * rng.uniform(0.3, 0.7) + rng.normal(0, 0.05, 2)
    layout = random_layout(rng, geo, _objects(rng, int(rng.integers(0, 3)), (a, b)),
                           fixed={0: (float(cue[0]), float(cue[1])), a: (float(pa[0]), float(pa[1])),
                                  b: (float(pb[0]), float(pb[1]))})
    strike = Strike(speed=float(rng.uniform(2.0, 4.0)), angle=angle_to(cue, ghost_a), height=float(rng.uniform(-0.2, 0.3)))
    return layout, ShotPlan(strike=strike, ball=b, pocket=pocket), None


def _accept_combo(sim: ShotSim, layout: Layout, plan: ShotPlan) -> bool:
    if plan.ball is None:
        return False
    first = _first_contact(sim)
    went = any(e.type == "pocket" and e.ball == plan.ball and e.pocket == plan.pocket for e in sim.events)
    return first is not None and first != plan.ball and went and 0 not in _pocketed(sim)


def _make_frozen(rng: np.random.Generator, geo: TableGeometry, gap: tuple[float, float] = (0.0, 0.0)
                 ) -> tuple[Layout, ShotPlan, int | None]:
    r = geo.ball_radius
    b = _objects(rng, 1)[0]
    rail = str(rng.choice(["left", "right", "head", "foot"]))
    g = max(float(rng.uniform(*gap)), 0.0001)
    if rail in ("left", "right"):
        x = float(rng.uniform(0.3, geo.length - 0.3))
        if abs(x - geo.length / 2) < 0.15:
            x += 0.3
        y = r + g if rail == "left" else geo.width - r - g
    else:
        y = float(rng.uniform(0.25, geo.width - 0.25))
        x = r + g if rail == "head" else geo.length - r - g
    # "frozen" (gap 0) sits 0.1 mm off the nose: pooltool misses a cushion a ball already touches
    layout = random_layout(rng, geo, [0, *_objects(rng, int(rng.integers(0, 4)), (b,))], fixed={b: (x, y)})
    cue = layout[0]
    strike = Strike(speed=float(rng.uniform(1.0, 3.0)), angle=angle_to(cue, (x, y)) + float(rng.uniform(-3, 3)),
                    height=float(rng.uniform(-0.2, 0.3)))
    return layout, ShotPlan(strike=strike, safety=True), None


def _make_near_rail(rng: np.random.Generator, geo: TableGeometry) -> tuple[Layout, ShotPlan, int | None]:
    return _make_frozen(rng, geo, gap=(0.004, 0.05))


def _accept_contact(sim: ShotSim, layout: Layout, plan: ShotPlan) -> bool:
    return _first_contact(sim) is not None and 0 not in _pocketed(sim)


def _make_jump(rng: np.random.Generator, geo: TableGeometry) -> tuple[Layout, ShotPlan, int | None]:
    b = _objects(rng, 1)[0]
    layout = random_layout(rng, geo, [b, *_objects(rng, int(rng.integers(0, 4)), (b,))], margin=0.25)
    obj = np.asarray(layout[b])
    rail_y = 0.0 if obj[1] < geo.width / 2 else geo.width
    d = np.array([float(rng.uniform(-0.35, 0.35)), 1.0 if rail_y > 0 else -1.0])
    d /= np.linalg.norm(d)
    cue = obj - d * float(rng.uniform(0.2, 0.35))
    if not all(np.hypot(*(cue - np.asarray(p))) > 2.2 * geo.ball_radius for k, p in layout.items() if k != b):
        cue = obj - d * 0.2
    layout[0] = (float(cue[0]), float(cue[1]))
    strike = Strike(speed=float(rng.uniform(5.0, 7.5)), angle=angle_to(cue, obj), elevation=float(rng.uniform(5, 15)))
    return layout, ShotPlan(strike=strike, safety=True), b


def _accept_jump(sim: ShotSim, layout: Layout, plan: ShotPlan) -> bool:
    return sim.jumped is not None


# ----- sequences --------------------------------------------------------------------------------------------
def _straight_pool_start(rng: np.random.Generator, geo: TableGeometry) -> tuple[dict[str, Any], Layout]:
    """Late in a rack of 14.1: a few balls left (the re-rack comes after all but one are pocketed)."""
    left = _objects(rng, int(rng.integers(3, 5)))
    layout = random_layout(rng, geo, [0, *left], margin=0.1)
    ann = int(rng.integers(20, 80))
    state = {"shooter": "Ann", "scores": {"Ann": ann, "Bob": int(rng.integers(0, 60))}, "balls": sorted(left),
             "cue_ball": "in_place", "break": False, "fouls_in_a_row": {"Ann": 0, "Bob": 0}}
    return state, layout


SCENARIOS: dict[str, Scenario] = {s.name: s for s in [
    Scenario("break-14.1", "straight-pool", "14.1 opening break: a safety break clipping a back corner ball.",
             _break("straight-pool")),
    Scenario("break-8", "eight-ball", "8-ball break: a full 15-ball rack hit hard from the kitchen.", _break("eight-ball")),
    Scenario("break-9", "nine-ball", "9-ball break: the diamond rack hit hard from the kitchen.", _break("nine-ball")),
    Scenario("cut", "straight-pool", "A called cut shot that goes in (mid-game, a few balls).", _single(_make_cut, _accept_cut)),
    Scenario("miss", "straight-pool", "A called shot that hits the ball but misses the pocket.",
             _single(_make_miss, _accept_miss)),
    Scenario("scratch", "straight-pool", "The cue ball follows the object ball into a corner pocket.",
             _single(_make_scratch, _accept_scratch)),
    Scenario("soft", "straight-pool", "A soft touch: no ball reaches a rail after contact.", _single(_make_soft, _accept_soft)),
    Scenario("kick", "straight-pool", "A kick: the cue ball goes to a rail before it hits a ball.",
             _single(_make_kick, _accept_kick)),
    Scenario("bank", "straight-pool", "A called bank: the object ball goes to a rail, then in.",
             _single(_make_bank, _accept_bank, tries=400)),
    Scenario("rails", "straight-pool", "The cue ball travels round three or more cushions after contact.",
             _single(_make_rails, _accept_rails)),
    Scenario("combination", "straight-pool", "A called combination: the cue ball hits one ball into the called one.",
             _single(_make_combo, _accept_combo)),
    Scenario("frozen", "straight-pool", "A safety on a ball frozen to a cushion.", _single(_make_frozen, _accept_contact)),
    Scenario("near-rail", "straight-pool", "A safety on a ball within a ball's width of a cushion.",
             _single(_make_near_rail, _accept_contact)),
    Scenario("jump", "straight-pool", "An object ball driven over the rail and off the table (synthetic jump).",
             _single(_make_jump, _accept_jump, tries=200)),
    Scenario("straight-pool-run", "straight-pool",
             "14.1 late in a rack: a run through the re-rack of 14 balls and the break shot, with calls.",
             _sequence("straight-pool", 7, skill=0.97, start=_straight_pool_start), kind="sequence"),
    Scenario("eight-ball-rack", "eight-ball", "8-ball: the break and the shots after it, with calls.",
             _sequence("eight-ball", 8, skill=0.85), kind="sequence"),
    Scenario("nine-ball-rack", "nine-ball", "9-ball: the break and the shots after it, lowest ball first.",
             _sequence("nine-ball", 8, skill=0.85), kind="sequence"),
]}

SUITES: dict[str, tuple[str, ...]] = {
    "eval": tuple(SCENARIOS),
    "singles": tuple(n for n, s in SCENARIOS.items() if s.kind == "single"),
    "sequences": tuple(n for n, s in SCENARIOS.items() if s.kind == "sequence"),
}


def get_scenario(name: str) -> Scenario:
    if name not in SCENARIOS:
        raise ConfigError(f"unknown scenario {name!r}; `cueref synth --list` shows them ({', '.join(SCENARIOS)})")
    return SCENARIOS[name]
