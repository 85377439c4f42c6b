"""A clip's clock: idle time, balls placed by hand, shots, and the arms and cue that cover the table meanwhile.

The game driver calls ``place`` (ball in hand, spotted balls, a re-rack) and ``shot`` in order; the timeline
lays them on the clip's clock (t = 0 is the first frame), joins the balls' ``Motion`` and records when a cue
stick or an arm is over the table (``Window``). A placed ball jumps to its new spot half-way through the reach
that puts it there, while the hand covers it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from cueref.synth.motion import N_BALLS, Motion
from cueref.synth.physics import ShotSim
from cueref.synth.render import Occluder
from vision.geometry import TableGeometry

Position = tuple[float, float]
CUE_LENGTH = 1.47  # m


def layout_array(layout: Mapping[int, Position]) -> np.ndarray:
    arr = np.full((N_BALLS, 2), np.nan)
    for b, p in layout.items():
        arr[b] = p
    return arr


@dataclass(frozen=True)
class Window:
    """A stretch of time when something is over the table.

    ``kind``: "stroke" (the shooter's cue and bridge arm behind the cue ball at ``point``, aimed at ``angle``
    degrees, striking at ``t_strike``), "reach" (an arm from the nearest side out to ``point`` and back) or
    "pass" (a cue carried across the table from ``point`` along ``angle``).
    """

    t0: float
    t1: float
    kind: str
    point: Position
    angle: float = 0.0
    t_strike: float = 0.0
    side: float = 1.0  # which side of the cue the bridge arm comes from

    def occluders(self, t: float, geo: TableGeometry) -> list[Occluder]:
        if not self.t0 <= t <= self.t1:
            return []
        p = np.asarray(self.point, float)
        if self.kind == "stroke":
            d = np.array([np.cos(np.radians(self.angle)), np.sin(np.radians(self.angle))])
            nrm = np.array([-d[1], d[0]]) * self.side
            if t < self.t_strike:  # practice strokes (0.9 s each), the last one reaching the ball at the strike
                u = self.t_strike - t
                gap = (0.02 + 0.05 * (1 - np.cos(2 * np.pi * u / 0.9))) * min(1.0, u / 0.1)
            else:  # follow-through, then the cue drifts back
                dt = t - self.t_strike
                gap = -min(0.12, dt * 1.2) + max(0.0, dt - 0.25) * 0.6
            r = geo.ball_radius
            tip = p - d * (r + gap)
            butt = tip - d * CUE_LENGTH
            bridge = tip - d * 0.22
            elbow = bridge - d * 0.25 - nrm * 0.28
            grip = tip - d * 1.05
            return [
                Occluder(tuple(butt), tuple(tip), 0.0145, 0.0065, 0.09, "cue"),
                Occluder(tuple(elbow), tuple(bridge - d * 0.03), 0.05, 0.04, 0.12, "sleeve"),
                Occluder(tuple(bridge - d * 0.03), tuple(bridge + nrm * 0.01), 0.037, 0.03, 0.10, "skin"),
                Occluder(tuple(grip), tuple(grip - nrm * 0.05), 0.035, 0.03, 0.20, "skin"),
            ]
        if self.kind == "reach":
            edge = _nearest_outside(geo, p)
            ext = float(np.sin(np.pi * (t - self.t0) / max(self.t1 - self.t0, 1e-6)))
            hand = edge + (p - edge) * ext
            shoulder = edge + (edge - p) / max(np.linalg.norm(edge - p), 1e-6) * 0.35
            return [Occluder(tuple(shoulder), tuple(hand), 0.06, 0.045, 0.25, "sleeve"),
                    Occluder(tuple(hand), tuple(hand + (p - edge) / max(np.linalg.norm(p - edge), 1e-6) * 0.06),
                             0.045, 0.035, 0.15, "skin")]
        if self.kind == "pass":
            d = np.array([np.cos(np.radians(self.angle)), np.sin(np.radians(self.angle))])
            f = (t - self.t0) / max(self.t1 - self.t0, 1e-6)
            centre = p + d * f * (geo.width + 0.6)
            along = np.array([d[1], -d[0]])
            return [Occluder(tuple(centre - along * 0.75), tuple(centre + along * 0.7), 0.015, 0.007, 0.6, "cue")]
        return []


def _nearest_outside(geo: TableGeometry, p: np.ndarray) -> np.ndarray:
    """The point just outside the rail nearest ``p`` (where a player's shoulder is)."""
    d = geo.rail_distance(float(p[0]), float(p[1]))
    rail = min(d, key=lambda k: d[k])
    out = geo.rail_width + 0.25
    return {"head": np.array([-out, p[1]]), "foot": np.array([geo.length + out, p[1]]),
            "left": np.array([p[0], -out]), "right": np.array([p[0], geo.width + out])}[rail]


@dataclass
class Timeline:
    """Builds a clip's motion and occlusion windows in order; see the module doc."""

    layout: dict[int, Position]
    geometry: TableGeometry
    rng: np.random.Generator
    occlusion: bool = True
    t: float = 0.0
    parts: list[Motion] = field(default_factory=list)
    windows: list[Window] = field(default_factory=list)

    def idle(self, dt: float) -> None:
        if dt <= 0:
            return
        self.parts.append(Motion.at_rest(layout_array(self.layout), self.t, self.t + dt))
        self.t += dt

    def place(self, changes: Mapping[int, Position | None], *, reach: float = 0.9, together: bool = False) -> None:
        """Move balls by hand (None removes one): each in turn under a reaching arm, or ``together`` (a rack:
        arms over the rack for a while, every ball changing at once)."""
        if together:
            pts = np.array([p for p in changes.values() if p is not None] or [self.geometry.foot_spot])
            centre = pts.mean(axis=0)
            dur = 2.5 * reach
            if self.occlusion:
                for side in (-1, 1):
                    tgt = (float(centre[0]), float(centre[1] + side * 0.12))
                    self.windows.append(Window(self.t, self.t + dur, "reach", tgt))
            self.idle(dur / 2)
            for ball, pos in changes.items():
                if pos is None:
                    self.layout.pop(ball, None)
                else:
                    self.layout[ball] = (float(pos[0]), float(pos[1]))
            self.idle(dur / 2)
            return
        for ball, pos in changes.items():
            target = pos if pos is not None else self.layout.get(ball)
            if target is None:
                continue
            if self.occlusion:
                self.windows.append(Window(self.t, self.t + reach, "reach", (float(target[0]), float(target[1]))))
            self.idle(reach / 2)
            if pos is None:
                self.layout.pop(ball, None)
            else:
                self.layout[ball] = (float(pos[0]), float(pos[1]))
            self.idle(reach / 2)

    def set_up(self, layout: Mapping[int, Position]) -> None:
        """Balls already standing there when the clip starts (no hand, no time)."""
        if self.parts:
            raise ValueError("Timeline.set_up: only before anything else happens")
        self.layout = {b: (float(p[0]), float(p[1])) for b, p in layout.items()}

    def pass_over(self, duration: float = 1.2) -> None:
        """Someone carries a cue across the table (no ball moves)."""
        if self.occlusion:
            x = float(self.rng.uniform(0.2, self.geometry.length - 0.2))
            self.windows.append(Window(self.t, self.t + duration, "pass", (x, -0.3),
                                       angle=90.0 + float(self.rng.uniform(-15, 15))))
        self.idle(duration)

    def shot(self, sim: ShotSim, *, lead: float | None = None, tail: float | None = None) -> float:
        """Lay a simulated shot on the clock after a lead-in with the cue over the table; returns the strike time."""
        if sim.motion is None:
            raise ValueError("Timeline.shot needs a sampled ShotSim (simulate_shot(..., sample=True))")
        lead = float(self.rng.uniform(1.4, 2.2)) if lead is None else lead
        tail = float(self.rng.uniform(0.5, 0.9)) if tail is None else tail
        cue = sim.before[0]
        self.layout = dict(sim.before)
        t_strike = self.t + lead
        if self.occlusion:
            self.windows.append(Window(self.t + max(0.0, lead - 1.3), t_strike + 0.7, "stroke",
                                       (float(cue[0]), float(cue[1])), angle=sim.strike.angle,
                                       t_strike=t_strike, side=float(self.rng.choice([-1.0, 1.0]))))
        self.idle(lead)
        self.parts.append(sim.motion.shifted(t_strike))
        self.t = t_strike + sim.duration
        self.layout = dict(sim.after)
        self.idle(tail)
        return t_strike

    def motion(self) -> Motion:
        if not self.parts:
            self.idle(1.0)
        return Motion.concat(self.parts)

    def occluders_at(self, t: float) -> list[Occluder]:
        out: list[Occluder] = []
        for w in self.windows:
            out += w.occluders(t, self.geometry)
        return out
