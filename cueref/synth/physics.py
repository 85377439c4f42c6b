"""One shot through pooltool (the ``sim`` extra), mapped onto SCHEMA.md's table frame, pockets, rails and events.

pooltool's frame has x across the table (0..w) and y along it (0..l), the head at y = 0 and the left rail at
x = 0, seen from above; ours (SCHEMA.md) has x along the table toward the foot rail and y toward the right rail.
So ours = (pooltool y, pooltool x). Pockets: lb head-left, rb head-right, lc side-left, rc side-right, lt foot-left,
rt foot-right. Every cushion segment (the long straight ones, the short straight jaws and the round jaw tips near
the pockets) is given the rail whose nose line is nearest its middle. Events keep pooltool's exact times.

pooltool has no airborne balls. ``jump_ball`` adds one, *synthetically*: at that ball's first fast cushion
contact it flies on over the rail instead of rebounding (drawn in the plane), the rest of the table is
re-simulated from that instant without it, and the shot keeps that cushion contact and gains an ``off_table``
event and a ``synthetic_jump`` note. Nothing else in the physics is changed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np

from adjudicator.errors import ConfigError
from adjudicator.records import ShotEvent
from cueref.synth.motion import N_BALLS, Motion
from vision.geometry import TableGeometry

Position = tuple[float, float]
SAMPLE_HZ = 1000.0
_EPS = 1e-7  # the pre-event sample sits this far before the event
PT_POCKETS = {"lb": "head-left", "rb": "head-right", "lc": "side-left", "rc": "side-right", "lt": "foot-left",
              "rt": "foot-right"}


def _pt() -> Any:
    try:
        import pooltool
    except ImportError as exc:  # pragma: no cover - depends on the install
        raise ConfigError("the physics needs the sim extra: run scripts/install_sim.sh (pooltool 0.6.0)") from exc
    return pooltool


def pt_id(ball: int) -> str:
    return "cue" if ball == 0 else str(ball)


def our_id(pid: str) -> int:
    return 0 if pid == "cue" else int(pid)


@dataclass(frozen=True)
class Strike:
    """How the cue ball is hit.

    Attributes:
        speed: cue-ball launch speed, m/s (soft ~0.5, medium ~2, hard ~5, break ~8-10).
        angle: direction in the table frame, degrees: 0 toward the foot rail (+x), 90 toward the right rail (+y).
        side: english, -1..1 of the ball radius (pooltool ``a``; positive = right as seen from behind the cue).
        height: follow (+) or draw (-), -1..1 (pooltool ``b``).
        elevation: cue elevation, degrees (pooltool ``theta``).
    """

    speed: float
    angle: float
    side: float = 0.0
    height: float = 0.0
    elevation: float = 0.0


@dataclass
class ShotSim:
    """A simulated shot, times from the strike (t = 0)."""

    before: dict[int, Position]
    after: dict[int, Position]
    events: list[ShotEvent]
    motion: Motion | None
    duration: float
    strike: Strike
    jumped: dict[str, Any] | None = None
    extra: dict[str, Any] = field(default_factory=dict)


@lru_cache(maxsize=8)
def _table(length: float, width: float, corner_mouth: float, side_mouth: float) -> Any:
    pt = _pt()
    from pooltool.objects.table.specs import PocketTableSpecs

    specs = PocketTableSpecs(l=length, w=width, corner_pocket_width=corner_mouth, side_pocket_width=side_mouth)
    return pt.Table.from_table_specs(specs)


def pt_table(geometry: TableGeometry) -> Any:
    return _table(geometry.length, geometry.width, geometry.corner_mouth, geometry.side_mouth)


@lru_cache(maxsize=8)
def _rail_map(length: float, width: float, corner_mouth: float, side_mouth: float) -> dict[str, str]:
    """Cushion segment id -> our rail name (nearest nose line to the segment's middle, in our frame)."""
    table = _table(length, width, corner_mouth, side_mouth)
    out: dict[str, str] = {}
    geo = TableGeometry(length=length, width=width)
    for sid, seg in table.cushion_segments.linear.items():
        mid = (np.asarray(seg.p1) + np.asarray(seg.p2)) / 2
        out[sid] = _nearest_rail(geo, float(mid[1]), float(mid[0]))
    for sid, seg in table.cushion_segments.circular.items():
        c = np.asarray(seg.center)
        out[sid] = _nearest_rail(geo, float(c[1]), float(c[0]))
    return out


def _nearest_rail(geo: TableGeometry, x: float, y: float) -> str:
    d = {"head": abs(x), "foot": abs(geo.length - x), "left": abs(y), "right": abs(geo.width - y)}
    return min(d, key=lambda k: d[k])


def rail_of_segment(geometry: TableGeometry, segment_id: str) -> str:
    return _rail_map(geometry.length, geometry.width, geometry.corner_mouth, geometry.side_mouth)[segment_id]


def _system(balls: Mapping[int, Position], geometry: TableGeometry) -> Any:
    pt = _pt()
    table = pt_table(geometry)
    pballs = {pt_id(b): pt.Ball.create(pt_id(b), xy=(float(y), float(x))) for b, (x, y) in balls.items()}
    return pt.System(cue=pt.Cue(cue_ball_id="cue"), table=table, balls=pballs)


def _world_w(w_pt: np.ndarray) -> np.ndarray:
    """pooltool angular velocity (X, Y, Z up) -> ours (x=Y, y=X, down=-Z)."""
    return np.stack([w_pt[..., 1], w_pt[..., 0], -w_pt[..., 2]], axis=-1)


def _sample_system(system: Any, times: np.ndarray, only: set[int] | None = None) -> tuple[np.ndarray, ...]:
    """Exact states of every ball of a simulated system at ``times`` (pooltool's own evolution)."""
    pt = _pt()
    k = len(times)
    xy = np.full((k, N_BALLS, 2), np.nan)
    v = np.zeros((k, N_BALLS, 2))
    w = np.zeros((k, N_BALLS, 3))
    for pid, ball in system.balls.items():
        b = our_id(pid)
        if only is not None and b not in only:
            continue
        hist = ball.history.states
        codes = {int(h.s) for h in hist}
        if codes <= {0}:  # never moves: no need to evolve it at every sample
            xy[:, b] = (hist[0].rvw[0][1], hist[0].rvw[0][0])
            continue
        if codes == {4}:
            continue
        states = pt.interpolate_ball_states(ball, times, extrapolate=True)
        rvw = np.array([s.rvw for s in states])
        s = np.array([s.s for s in states])
        on = s != 4  # 4 = pocketed
        xy[on, b] = rvw[on][:, 0, [1, 0]]
        v[on, b] = rvw[on][:, 1, [1, 0]]
        w[on, b] = _world_w(rvw[on][:, 2])
    return xy, v, w


def _grid(t_end: float, event_times: np.ndarray, t0: float = 0.0) -> np.ndarray:
    base = np.arange(t0, t_end, 1.0 / SAMPLE_HZ)
    ev = event_times[(event_times > t0) & (event_times <= t_end)]
    t = np.concatenate([base, ev - _EPS, ev, [t_end]])
    return np.sort(t)


def _convert_events(system: Any, geometry: TableGeometry, t_offset: float = 0.0,
                    skip_ball: int | None = None, t_min: float = -1.0, t_max: float = np.inf) -> list[ShotEvent]:
    """pooltool events -> ShotEvents (strike, collision, cushion, pocket), with positions where useful."""
    pt = _pt()
    et = pt.EventType
    out: list[ShotEvent] = []
    for e in system.events:
        t = float(e.time)
        if t < t_min or t > t_max:
            continue
        kind = e.event_type
        agents = [(a.id, a.agent_type.value) for a in e.agents]
        if kind == et.STICK_BALL:
            out.append(ShotEvent(t=t + t_offset, type="strike"))
        elif kind == et.BALL_BALL:
            a, b = sorted(our_id(i) for i, _ in agents)
            if skip_ball in (a, b):
                continue
            out.append(ShotEvent(t=t + t_offset, type="collision", balls=(a, b)))
        elif kind in (et.BALL_LINEAR_CUSHION, et.BALL_CIRCULAR_CUSHION):
            ball = our_id(next(i for i, typ in agents if typ == "ball"))
            seg = next(i for i, typ in agents if typ != "ball")
            if ball == skip_ball:
                continue
            pos = _ball_xy(system, ball, t)
            out.append(ShotEvent(t=t + t_offset, type="cushion", ball=ball, rail=rail_of_segment(geometry, seg),
                                 position=pos))
        elif kind == et.BALL_POCKET:
            ball = our_id(next(i for i, typ in agents if typ == "ball"))
            pocket = next(i for i, typ in agents if typ == "pocket")
            if ball == skip_ball:
                continue
            out.append(ShotEvent(t=t + t_offset, type="pocket", ball=ball, pocket=PT_POCKETS[pocket],
                                 position=_ball_xy(system, ball, t - _EPS)))
    return out


def _ball_xy(system: Any, ball: int, t: float) -> Position:
    pt = _pt()
    st = pt.interpolate_ball_states(system.balls[pt_id(ball)], [max(t, 0.0)], extrapolate=True)[0]
    return (round(float(st.rvw[0][1]), 5), round(float(st.rvw[0][0]), 5))


def _strike(system: Any, s: Strike) -> None:
    phi = (90.0 - s.angle) % 360.0
    system.cue.set_state(V0=float(s.speed), phi=phi, theta=float(s.elevation), a=float(s.side), b=float(s.height))


def simulate_shot(balls: Mapping[int, Position], strike: Strike, *, geometry: TableGeometry | None = None,
                  jump_ball: int | None = None, jump_min_speed: float = 1.2, sample: bool = True) -> ShotSim:
    """Simulate one shot from balls at rest; times are seconds from the strike.

    Args:
        balls: ball id -> (x, y) table metres; must include the cue ball 0.
        strike: how the cue ball is hit.
        geometry: the table (default 9 ft).
        jump_ball: make this ball leave the table over the rail at its first cushion contact faster than
            ``jump_min_speed`` m/s (synthetic, see the module doc); ignored when it never gets there.
        sample: False skips the dense truth samples (``motion`` is then None): a quick look at the events,
            for a player weighing shots.
    """
    pt = _pt()
    geo = geometry or TableGeometry()
    if 0 not in balls:
        raise ConfigError("simulate_shot: the cue ball (0) must be on the table")
    system = _system(balls, geo)
    _strike(system, strike)
    pt.simulate(system, inplace=True)
    t_end = float(system.t)
    events = _convert_events(system, geo)
    jumped: dict[str, Any] | None = None
    if jump_ball is not None:
        jumped = _find_jump(system, geo, jump_ball, jump_min_speed)
    if not sample:
        events.append(ShotEvent(t=t_end, type="rest"))
        gone = {e.ball for e in events if e.type in ("pocket", "off_table")}
        if jumped is not None:
            gone.add(int(jumped["ball"]))
        after = {our_id(pid): (float(b.state.rvw[0][1]), float(b.state.rvw[0][0]))
                 for pid, b in system.balls.items() if b.state.s != 4 and our_id(pid) not in gone}
        return ShotSim(before=dict(balls), after=after, events=events, motion=None, duration=t_end, strike=strike,
                       jumped=jumped)
    if jumped is None:
        times = _grid(t_end, np.array([float(e.time) for e in system.events]))
        xy, v, w = _sample_system(system, times)
        motion = Motion(t=times, xy=xy, v=v, w=w)
    else:
        motion, events, t_end = _apply_jump(system, geo, jumped)
    events.append(ShotEvent(t=t_end, type="rest"))
    events.sort(key=lambda e: (e.t, e.type != "strike"))
    before = {b: (float(x), float(y)) for b, (x, y) in balls.items()}
    assert motion is not None
    final = motion.positions(t_end)
    after = {b: (float(final[b, 0]), float(final[b, 1])) for b in balls if np.isfinite(final[b]).all()}
    return ShotSim(before=before, after=after, events=events, motion=motion, duration=t_end, strike=strike,
                   jumped=jumped)


def on_cloth(sim: ShotSim, geometry: TableGeometry, tol: float = 0.002) -> bool:
    """Every ball that stayed up came to rest on the cloth (guards against a ball tunnelling through a cushion,
    which pooltool can do with a ball placed exactly against one)."""
    r = geometry.ball_radius
    return all(r - tol <= x <= geometry.length - r + tol and r - tol <= y <= geometry.width - r + tol
               for x, y in sim.after.values())


def _find_jump(system: Any, geo: TableGeometry, ball: int, min_speed: float) -> dict[str, Any] | None:
    pt = _pt()
    et = pt.EventType
    for e in system.events:
        if e.event_type not in (et.BALL_LINEAR_CUSHION, et.BALL_CIRCULAR_CUSHION):
            continue
        ids = [(a.id, a.agent_type.value) for a in e.agents]
        if (pt_id(ball), "ball") not in ids:
            continue
        t = float(e.time)
        st = pt.interpolate_ball_states(system.balls[pt_id(ball)], [t - _EPS], extrapolate=True)[0]
        vel = np.array([st.rvw[1][1], st.rvw[1][0]])
        if np.hypot(*vel) < min_speed:
            continue
        seg = next(i for i, typ in ids if typ != "ball")
        return {"ball": ball, "t": t, "rail": rail_of_segment(geo, seg),
                "position": [float(st.rvw[0][1]), float(st.rvw[0][0])], "velocity": vel.tolist()}
    return None


def _apply_jump(system: Any, geo: TableGeometry, jump: dict[str, Any]) -> tuple[Motion, list[ShotEvent], float]:
    """Cut the shot at the jump, fly the ball off, and re-simulate the others from that instant."""
    pt = _pt()
    ball, tj = int(jump["ball"]), float(jump["t"])
    # states of the others just after tj (their own events at tj resolved), and the first part of the motion
    times1 = _grid(tj, np.array([float(e.time) for e in system.events]))
    xy1, v1, w1 = _sample_system(system, times1)
    events = _convert_events(system, geo, t_max=tj - 1e-12)
    # the rest of the table, without the jumped ball
    rest = {}
    for pid, b in system.balls.items():
        if our_id(pid) == ball:
            continue
        st = pt.interpolate_ball_states(b, [tj], extrapolate=True)[0]
        nb = pt.Ball.create(pid, xy=(0.0, 0.0))
        nb.state = pt.objects.BallState(rvw=np.array(st.rvw, dtype=float), s=int(st.s), t=0.0)
        rest[pid] = nb
    cue_id = "cue" if "cue" in rest else next(iter(rest))
    sys2 = pt.System(cue=pt.Cue(cue_ball_id=cue_id), table=system.table, balls=rest)
    include = set(pt.EventType) - {pt.EventType.STICK_BALL}
    pt.simulate(sys2, inplace=True, include=include)
    t2 = float(sys2.t)
    times2 = _grid(t2, np.array([float(e.time) for e in sys2.events]))
    xy2, v2, w2 = _sample_system(sys2, times2)
    events += [e for e in _convert_events(sys2, geo, t_offset=tj) if e.type != "strike"]
    # the flight: straight on at the impact velocity until the centre clears the outer edge of the rail
    p0 = np.array(jump["position"])
    vel = np.array(jump["velocity"])
    speed = float(np.hypot(*vel))
    rail = jump["rail"]
    dist = {"head": p0[0], "foot": geo.length - p0[0], "left": p0[1], "right": geo.width - p0[1]}[rail]
    normal_speed = abs(vel[0]) if rail in ("head", "foot") else abs(vel[1])
    t_fly = (dist + geo.rail_width + 2 * geo.ball_radius) / max(normal_speed, 0.2 * speed, 0.3)
    t_off = tj + t_fly
    fly_t = np.linspace(tj, t_off, max(2, int(t_fly * SAMPLE_HZ)))
    # assemble: part 2 (shifted) for everyone else, flight then NaN for the jumped ball
    times2 = times2 + tj
    xy2[:, ball] = np.nan
    fly_xy = p0 + (fly_t - tj)[:, None] * vel
    fx, fy = (np.interp(times2, fly_t, fly_xy[:, k], right=np.nan) for k in (0, 1))
    in_flight = times2 < t_off
    xy2[in_flight, ball, 0] = fx[in_flight]
    xy2[in_flight, ball, 1] = fy[in_flight]
    v2[in_flight, ball] = vel
    t_all_end = max(t2 + tj, t_off)
    if t_off > t2 + tj:  # the flight outlasts the rest: hold the others still
        last = len(times2) - 1
        extra_t = np.linspace(t2 + tj, t_off, max(2, int((t_off - t2 - tj) * SAMPLE_HZ)))[1:]
        ex_xy = np.repeat(xy2[last:last + 1], len(extra_t), axis=0)
        ex_xy[:, ball] = p0 + (extra_t - tj)[:, None] * vel
        times2 = np.concatenate([times2, extra_t])
        xy2 = np.concatenate([xy2, ex_xy])
        v2 = np.concatenate([v2, np.zeros_like(ex_xy)])
        w2 = np.concatenate([w2, np.zeros((len(extra_t), N_BALLS, 3))])
    end = np.array([t_all_end])
    end_xy = xy2[-1:].copy()
    end_xy[:, ball] = np.nan
    motion = Motion(t=np.concatenate([times1, times2, end]), xy=np.concatenate([xy1, xy2, end_xy]),
                    v=np.concatenate([v1, v2, np.zeros_like(end_xy)]),
                    w=np.concatenate([w1, w2, np.zeros((1, N_BALLS, 3))]))
    # it does reach the cushion (climbing its nose is what launches it), then leaves the table
    events.append(ShotEvent(t=tj, type="cushion", ball=ball, rail=str(jump["rail"]),
                            position=(round(float(p0[0]), 5), round(float(p0[1]), 5))))
    events.append(ShotEvent(t=t_off, type="off_table", ball=ball))
    jump["t_off_table"] = t_off
    return motion, events, t_all_end
