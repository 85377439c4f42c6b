"""Play a stretch of a real game: racks, breaks, calls, ball in hand, spotting and re-racks, judged as it goes.

``GameDriver`` keeps the physical table (``Timeline.layout``) and the game state side by side. The game state
comes from the project's own referee (``adjudicator.match.Match``), fed the same truth records that go in the
log, so the log is one that ``cueref judge`` accepts and the player always knows whose turn it is, which balls
it may hit and whether the cue ball is in hand. What the ruling says happens on the table (a spotted ball, a
re-rack, a choice) is done by hand on the timeline before the next shot.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from adjudicator.match import Match
from adjudicator.records import CalledShot, Choice, MatchRecord, Shot, ShotEvent, StateRecord
from adjudicator.state import Ruling
from cueref.synth.physics import ShotSim, Strike, on_cloth, simulate_shot
from cueref.synth.player import ShotPlan, angle_to, candidates, choose_shot
from cueref.synth.timeline import Timeline, Window
from vision.geometry import TableGeometry

Position = tuple[float, float]
SOLIDS = tuple(range(1, 8))
STRIPES = tuple(range(9, 16))
FROZEN_GAP = 0.0005  # m: a ball this close to a cushion nose touches it


def frozen_and_near_rail(layout: Mapping[int, Position], geo: TableGeometry) -> tuple[list[int], list[int]]:
    """SCHEMA.md: ``frozen`` touch a cushion; ``near_rail`` are within one ball diameter of one but not touching."""
    frozen, near = [], []
    for b, (x, y) in sorted(layout.items()):
        _, d = geo.nearest_rail(x, y)
        gap = d - geo.ball_radius
        if gap <= FROZEN_GAP:
            frozen.append(b)
        elif gap <= 2 * geo.ball_radius:
            near.append(b)
    return frozen, near


def shot_record(number: int, sim: ShotSim, t_strike: float, geo: TableGeometry,
                extra: Mapping[str, Any] | None = None) -> Shot:
    """The truth shot record: exact event times on the clip's clock, positions before and after."""
    events = tuple(ShotEvent(t=e.t + t_strike, type=e.type, balls=e.balls, ball=e.ball, rail=e.rail,
                             pocket=e.pocket, position=e.position) for e in sim.events)
    frozen, near = frozen_and_near_rail(sim.before, geo)
    more: dict[str, Any] = {"synthetic": True, "strike": {
        "speed": round(sim.strike.speed, 4), "angle": round(sim.strike.angle, 4), "side": round(sim.strike.side, 4),
        "height": round(sim.strike.height, 4), "elevation": round(sim.strike.elevation, 4)}}
    if sim.jumped is not None:
        j = sim.jumped
        more["synthetic_jump"] = {"ball": j["ball"], "rail": j["rail"], "t_leaves_cushion": round(j["t"] + t_strike, 6),
                                  "t_off_table": round(j["t_off_table"] + t_strike, 6)}
    more.update(extra or {})
    return Shot(shot=number, t_start=t_strike, t_end=t_strike + sim.duration, before=dict(sim.before),
                after=dict(sim.after), events=events, frozen=tuple(frozen), near_rail=tuple(near), extra=more)


def rack_layout(game: str, geo: TableGeometry, rng: np.random.Generator, *,
                balls: Sequence[int] | None = None, skip_apex: bool = False) -> dict[int, Position]:
    """Balls racked with the apex on the foot spot: the 15-ball triangle (8-ball: 8 in the middle, a solid and a
    stripe in the back corners), the 9-ball diamond (1 at the apex, 9 in the middle), or 14.1's 14-ball re-rack."""
    if game == "nine-ball":
        spots = geo.rack_positions(9)
        rest = [int(b) for b in rng.permutation([2, 3, 4, 5, 6, 7, 8])]
        order = [1, rest[0], rest[1], rest[2], 9, *rest[3:]]
        return {b: spots[i] for i, b in enumerate(order)}
    if game == "ten-ball":
        spots = geo.rack_positions(10)
        rest = [int(b) for b in rng.permutation([2, 3, 4, 5, 6, 7, 8, 9])]
        order = [1, rest[0], rest[1], rest[2], 10, *rest[3:]]
        return {b: spots[i] for i, b in enumerate(order)}
    spots = geo.rack_positions(15)
    if game == "eight-ball":
        corner_s = int(rng.choice(SOLIDS))
        corner_t = int(rng.choice(STRIPES))
        others = [int(b) for b in rng.permutation([b for b in range(1, 16) if b not in (8, corner_s, corner_t)])]
        order: list[int | None] = [None] * 15
        order[4] = 8
        order[10], order[14] = (corner_s, corner_t) if rng.random() < 0.5 else (corner_t, corner_s)
        it = iter(others)
        order = [b if b is not None else next(it) for b in order]
        return {int(b): spots[i] for i, b in enumerate(order) if b is not None}
    pool = [int(b) for b in rng.permutation(list(balls) if balls is not None else list(range(1, 16)))]
    slots = list(range(1, 15)) if skip_apex else list(range(15))
    return {b: spots[s] for b, s in zip(pool, slots, strict=False)}


def free_spot(layout: Mapping[int, Position], geo: TableGeometry, start: Position, *,
              toward: float = 1.0) -> Position:
    """``start`` (a spot) or, when a ball is in the way, the nearest free point on the long string toward the
    foot rail (then back toward the head), as balls are spotted."""
    r = geo.ball_radius
    x, y = start
    for step in list(np.arange(0, geo.length, 2 * r + 0.0004) * toward) + list(-np.arange(0, geo.length, 2 * r)):
        px = x + step
        if not r <= px <= geo.length - r:
            continue
        if all((px - bx) ** 2 + (y - by) ** 2 >= (2 * r + 0.0003) ** 2 for bx, by in layout.values()):
            return (float(px), float(y))
    return (float(x), float(y))


@dataclass
class GameDriver:
    """One match being played and logged; see the module doc."""

    game: str
    geometry: TableGeometry
    rng: np.random.Generator
    timeline: Timeline
    players: tuple[str, str] = ("Ann", "Bob")
    target: int = 0
    table: str = "9ft"
    skill: float = 0.85
    records: list[dict[str, Any]] = field(default_factory=list)
    shots: list[tuple[float, ShotSim]] = field(default_factory=list)
    rulings: list[Ruling] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.match = Match(file="<synth>")
        target = self.target or (150 if self.game == "straight-pool" else 3)
        self._feed(MatchRecord(game=self.game, players=self.players, breaker=self.players[0], target=target,
                               table=self.table))

    # -- log ------------------------------------------------------------------------------------------------
    def _feed(self, record: Any) -> list[Ruling]:
        self.records.append(record.to_dict())
        out = self.match.feed(record, line=len(self.records))
        self.rulings += out
        return out

    def set_state(self, fields: Mapping[str, Any]) -> None:
        """A ``state`` record: start mid-game (scores, balls on the table, whose turn)."""
        self._feed(StateRecord(fields=dict(fields)))

    @property
    def state(self) -> Any:
        assert self.match.state is not None
        return self.match.state

    @property
    def over(self) -> bool:
        s = self.state
        return s.match_winner is not None or any(r.result for r in self.rulings[-1:])

    # -- the table ------------------------------------------------------------------------------------------
    def targets(self) -> list[int]:
        s = self.state
        balls = [b for b in s.balls if b in self.timeline.layout]
        if self.game in ("nine-ball", "ten-ball"):
            return [min(balls)] if balls else []
        if self.game == "eight-ball":
            if s.break_shot:
                return balls
            groups = s.groups
            if groups is None:
                return [b for b in balls if b != 8] or [8]
            mine = SOLIDS if groups.get(s.shooter) == "solids" else STRIPES
            left = [b for b in balls if b in mine]
            return left or [8]
        return balls

    def _place_cue(self, kitchen: bool) -> Position:
        """Ball in hand: the spot (of 40 random ones) that leaves the easiest pot."""
        geo, layout = self.geometry, self.timeline.layout
        r = geo.ball_radius
        best, best_score = None, np.inf
        others = {b: p for b, p in layout.items() if b != 0}
        for _ in range(40):
            x = float(self.rng.uniform(2 * r, (geo.head_string_x - r) if kitchen else geo.length - 2 * r))
            y = float(self.rng.uniform(2 * r, geo.width - 2 * r))
            if any((x - bx) ** 2 + (y - by) ** 2 < (2 * r + 0.01) ** 2 for bx, by in others.values()):
                continue
            cands = candidates({**others, 0: (x, y)}, self.targets(), geo)
            score = cands[0].difficulty if cands else 10.0
            if score < best_score:
                best, best_score = (x, y), score
        return best or free_spot(others, geo, (geo.head_spot[0] - 0.1, geo.width / 2))

    def _apply_ruling(self, ruling: Ruling) -> None:
        """Do on the table what the ruling says: spot balls, re-rack (the cue ball in hand is placed later)."""
        s = self.state
        layout = self.timeline.layout
        changes: dict[int, Position | None] = {}
        if ruling.rerack:
            keep = {b: p for b, p in (s.positions or {}).items() if b == 0 or b in layout}
            racked = [b for b in s.balls if b not in keep]
            if self.game == "straight-pool":
                rack = rack_layout("straight-pool", self.geometry, self.rng, balls=racked,
                                   skip_apex=len(racked) == 14)
            else:
                rack = rack_layout(self.game, self.geometry, self.rng)
            for b in list(layout):
                if b not in keep and (b != 0 or ruling.cue_ball != "in_place"):
                    changes[b] = None  # (a cue ball in hand is lifted now and placed before the next shot)
            for b, p in rack.items():
                changes[b] = p
            for b, p in keep.items():
                if layout.get(b) != p:
                    changes[b] = p
            self.timeline.place(changes, together=True)
            changes = {}
        for b in ruling.spot:
            if b in layout and b not in ruling.pocketed and b not in ruling.balls_off_table:
                continue
            pos = (s.positions or {}).get(b)
            occupied = {k: v for k, v in layout.items() if k != b}
            changes[b] = free_spot(occupied, self.geometry, tuple(pos) if pos else self.geometry.foot_spot)
        if changes:
            self.timeline.place(changes)

    # -- one turn -------------------------------------------------------------------------------------------
    def play_shot(self, plan: ShotPlan | None = None, *, jump_ball: int | None = None) -> Shot:
        """Settle any open choice, set up the table, pick (or take) a shot, simulate it, log it and judge it."""
        s = self.state
        if s.pending is not None:
            pick = "accept" if "accept" in s.pending.choices else s.pending.choices[0]
            rulings = self._feed(Choice(player=s.pending.player, choice=pick))
            for r in rulings:
                self._apply_ruling(r)
            s = self.state
        layout = self.timeline.layout
        set_up = False
        if s.break_shot and not any(b in layout for b in s.balls if b != 0):
            rack = rack_layout(self.game, self.geometry, self.rng)
            if self.timeline.parts:
                self.timeline.place(dict(rack), together=True)
            else:
                self.timeline.set_up({**layout, **rack, 0: self._break_cue_position()})
                set_up = True
            layout = self.timeline.layout
        in_hand = s.cue_ball in ("in_hand", "in_hand_kitchen") and plan is None and not set_up
        if 0 not in layout or in_hand:
            if s.break_shot:
                pos = self._break_cue_position()
            else:
                pos = self._place_cue(kitchen=s.cue_ball == "in_hand_kitchen")
            if layout.get(0) != pos:
                self.timeline.place({0: pos})
        layout = dict(self.timeline.layout)
        if plan is None:
            plan = self._break_plan(layout) if s.break_shot else choose_shot(layout, self.targets(), self.geometry,
                                                                            self.rng, skill=self.skill)
        if plan.safety and self.game in ("straight-pool", "eight-ball"):
            self._feed(CalledShot(safety=True))
        elif plan.ball is not None and self.game in ("straight-pool", "eight-ball") and not s.break_shot:
            self._feed(CalledShot(ball=plan.ball, pocket=plan.pocket))
        sim = simulate_shot(layout, plan.strike, geometry=self.geometry, jump_ball=jump_ball)
        for _ in range(5):  # a physics glitch (a ball through a cushion): the player shoots it a touch softer
            if on_cloth(sim, self.geometry):
                break
            st = plan.strike
            plan = ShotPlan(strike=Strike(st.speed * 0.93, st.angle, st.side, st.height, st.elevation), ball=plan.ball,
                            pocket=plan.pocket, safety=plan.safety)
            sim = simulate_shot(layout, plan.strike, geometry=self.geometry, jump_ball=jump_ball)
        t_strike = self.timeline.shot(sim)
        self.shots.append((t_strike, sim))
        record = shot_record(len(self.shots), sim, t_strike, self.geometry,
                             {"shooter": s.shooter} if plan.ball is None else
                             {"shooter": s.shooter, "aim": {"ball": plan.ball, "pocket": plan.pocket}})
        rulings = self._feed(record)
        for r in rulings:
            self._apply_ruling(r)
        return record

    def _break_cue_position(self) -> Position:
        geo = self.geometry
        x = geo.head_string_x - float(self.rng.uniform(0.03, 0.12))
        off = float(self.rng.uniform(0.05, 0.3)) * (1 if self.rng.random() < 0.5 else -1)
        if self.game == "straight-pool":
            off = float(self.rng.uniform(0.15, 0.3)) * (1 if self.rng.random() < 0.5 else -1)
        return (x, geo.width / 2 + off)

    def _break_plan(self, layout: Mapping[int, Position]) -> ShotPlan:
        geo, cue = self.geometry, layout[0]
        if self.game == "straight-pool":  # the safety break: clip a back corner ball, two balls to a rail
            back = geo.rack_positions(15)
            corner = back[10] if cue[1] < geo.width / 2 else back[14]
            aim = (corner[0] - geo.ball_radius * 1.2, corner[1] + np.sign(corner[1] - geo.width / 2) * geo.ball_radius * 1.55)
            strike = Strike(speed=float(self.rng.uniform(2.6, 3.4)), angle=angle_to(cue, aim),
                            height=float(self.rng.uniform(-0.1, 0.2)), side=float(self.rng.uniform(-0.2, 0.2)))
            return ShotPlan(strike=strike, safety=True)
        apex = geo.foot_spot
        strike = Strike(speed=float(self.rng.uniform(7.5, 9.5)), angle=angle_to(cue, apex) + float(self.rng.normal(0, 0.25)),
                        height=float(self.rng.uniform(-0.25, 0.05)))
        return ShotPlan(strike=strike)


def play(game: str, geo: TableGeometry, rng: np.random.Generator, *, shots: int, occlusion: bool = True,
         skill: float = 0.85, start: Mapping[str, Any] | None = None, layout: Mapping[int, Position] | None = None,
         stop_at_rack_end: bool = True) -> GameDriver:
    """Play ``shots`` shots of ``game`` from the break (or from ``start``/``layout`` mid-game)."""
    tl = Timeline(layout=dict(layout or {}), geometry=geo, rng=rng, occlusion=occlusion)
    drv = GameDriver(game=game, geometry=geo, rng=rng, timeline=tl, skill=skill)
    if start:
        drv.set_state(start)
    for i in range(shots):
        drv.play_shot()
        if stop_at_rack_end and drv.rulings and drv.rulings[-1].result:
            break
        if occlusion and i % 3 == 1 and rng.random() < 0.5:
            tl.pass_over()
    tl.idle(0.8)
    return drv


__all__ = ["GameDriver", "Window", "frozen_and_near_rail", "play", "rack_layout", "shot_record"]
