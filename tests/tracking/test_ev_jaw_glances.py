"""Which jaws a pocketed ball touched after its last sighting (``_jaw_glances``): its last piece carried on as far
as ``jaw_reach`` past entering the pocket's fall circle (where it drops), every jaw that line meets, the seen line's slack only
where the carried line meets none, and a jaw hugged from the piece's start left out. Made-up straight tracks, fitted
(tracking.paths + tracking.events)."""

from __future__ import annotations

import numpy as np
import pytest
from madeup import run

from adjudicator.records import ShotEvent
from tracking.events import EventConfig, _fall_circle, _jaw_gaps, _jaws
from vision.geometry import Pocket, TableGeometry

G = TableGeometry()
R = G.ball_radius
FPS = 30.0


def _pocket(name: str) -> Pocket:
    return next(p for p in G.pockets if p.name == name)


def _events(xy: np.ndarray, t: np.ndarray, seed: int, sigma: float = 0.0015) -> list[ShotEvent]:
    """Ball 1's made-up track beside a cue ball at rest, seen to the end."""
    return run({0: np.tile([0.6, 0.6], (len(t), 1)), 1: xy}, t, {0}, seed=seed, sigma=sigma)


def _line(p_at: np.ndarray, ang_deg: float, speed: float, t_at: float, seen_until: float) -> tuple[np.ndarray,
                                                                                                  np.ndarray]:
    """Ball 1 at rest until 1 s, then rolling straight at ``speed`` along ``ang_deg`` through ``p_at`` (reached at
    ``t_at``); unseen from ``seen_until`` on."""
    t = np.arange(0.0, 3.0, 1.0 / FPS)
    u = np.array([np.cos(np.radians(ang_deg)), np.sin(np.radians(ang_deg))])
    s = np.maximum(t, 1.0) - t_at
    xy = p_at[None] + (speed * s)[:, None] * u[None]
    xy[t >= seen_until] = np.nan
    return t, xy


def _line_times(pk: Pocket, p_at: np.ndarray, ang_deg: float, speed: float) -> tuple[float, float, dict[str, float]]:
    """On the line through ``p_at`` (at time 0): when the centre enters the capture circle, when it enters the fall
    circle (or comes closest to it), and when it first touches each jaw (a side pocket's two jaws share a rail:
    the earlier)."""
    u = np.array([np.cos(np.radians(ang_deg)), np.sin(np.radians(ang_deg))])
    ts = np.arange(-0.2, 0.2, 0.0001)
    xs = p_at[None] + (speed * ts)[:, None] * u[None]
    t_cap = float(ts[np.flatnonzero(np.hypot(*(xs - np.asarray(pk.centre)).T) < pk.capture_radius)[0]])
    c_fall, r_fall = _fall_circle(G, pk)
    d_fall = np.hypot(*(xs - c_fall).T)
    inside = np.flatnonzero(d_fall < r_fall)
    t_fall = float(ts[inside[0]] if len(inside) else ts[int(np.argmin(d_fall))])
    touch: dict[str, float] = {}
    for rail, gap in _jaw_gaps(G, pk, xs):
        hit = np.flatnonzero(gap <= 0.0)
        if len(hit):
            touch[rail] = min(touch.get(rail, np.inf), float(ts[hit[0]]))
    return t_cap, t_fall, touch


@pytest.mark.parametrize("seed", range(3))
def test_a_jaw_met_just_after_the_capture_circle_is_a_contact(seed: int) -> None:
    # ho13 nine-ball-rack-113's 1 / break-9-230's 3: the drop is timed where the carried line enters the capture
    # circle, 10-20 ms before the jaw the ball touched on its way down; the line carried only to the drop stopped
    # short of it. Here into side-right, the line meeting the right jaw 3.4 ms past the capture circle
    pk = _pocket("side-right")
    p_nose = np.array([G.length / 2 + 0.030, G.width - R])
    t_cap, t_fall, touch = _line_times(pk, p_nose, 60.0, 2.5)
    assert 0.003 < touch["right"] - t_cap and touch["right"] < t_fall
    t, xy = _line(p_nose, 60.0, 2.5, 1.3, 1.3 - 0.03 / 2.5)
    ev = _events(xy, t, seed)
    assert [(e.ball, e.pocket) for e in ev if e.type == "pocket"] == [(1, "side-right")]
    jaws = [e for e in ev if e.type == "cushion"]
    assert [(e.ball, e.rail) for e in jaws] == [(1, "right")], seed
    assert abs(jaws[0].t - (1.3 + touch["right"])) < 0.01
    # and before the drop, timed where the line enters the capture circle (a ball gone touches no rail)
    assert jaws[0].t < next(e.t for e in ev if e.type == "pocket")


@pytest.mark.parametrize("seed", range(3))
def test_a_jaw_tip_passed_just_clear_does_not_hide_the_jaw_run_into(seed: int) -> None:
    # ho13 eight-ball-rack-113's 10: rolling along the right rail into head-right, its seen line 1 mm clear of the
    # right jaw's tip (within the seen line's slack), then straight on into the head jaw; the old rule took the
    # right jaw (the first within slack) and never looked at the head one. Here 2 mm clear, seen to 1 cm past the tip
    pk = _pocket("head-right")
    tip = next(j[1] for j in _jaws(G, pk) if j[0] == "right")
    p_tip = np.array([tip[0], G.width - R - 0.002])
    right = next(gap for rail, gap in _jaw_gaps(G, pk, p_tip[None]) if rail == "right")
    assert 0.0 < float(right[0]) < EventConfig().jaw_slack
    t, xy = _line(p_tip, 180.0, 0.8, 1.8, 4.0)
    xy[xy[:, 0] < tip[0] - 0.01] = np.nan
    ev = _events(xy, t, seed)
    assert [(e.ball, e.pocket) for e in ev if e.type == "pocket"] == [(1, "head-right")]
    assert [(e.ball, e.rail) for e in ev if e.type == "cushion"] == [(1, "head")], seed


@pytest.mark.parametrize("seed", range(3))
def test_a_slow_ball_into_a_side_pocket_meets_its_jaw_well_past_the_capture_circle(seed: int) -> None:
    # ho14 break-8-240's 6: 2 m/s into side-left at 41 degrees to the rail, the carried line meets the far jaw 28
    # ms past entering the capture circle (which starts 33 mm inside a side pocket's nose line), long before it
    # could drop (pooltool's pocket circle starts 4 mm outside it); a reach timed from the capture circle missed it
    pk = _pocket("side-left")
    p_at = np.array([G.length / 2 - 0.0261, 0.0444])
    t_cap, t_fall, touch = _line_times(pk, p_at, -41.2, 2.05)
    assert list(touch) == ["left"] and touch["left"] - t_cap > 0.02 and touch["left"] < t_fall
    t, xy = _line(p_at, -41.2, 2.05, 1.3, 1.3 + 0.001)
    ev = _events(xy, t, seed)
    assert [(e.ball, e.pocket) for e in ev if e.type == "pocket"] == [(1, "side-left")]
    jaws = [e for e in ev if e.type == "cushion"]
    assert [(e.ball, e.rail) for e in jaws] == [(1, "left")], seed
    # dated before the drop, which is timed at the capture circle
    assert jaws[0].t < next(e.t for e in ev if e.type == "pocket")


@pytest.mark.parametrize("seed", range(3))
def test_a_corner_jaw_within_the_capture_reach_counts_past_the_fall_circle(seed: int) -> None:
    # the reach is the later of ``jaw_reach`` past the capture circle and ``fall_reach`` past the fall circle: at a
    # corner the two circles are entered within a millisecond, and the fall circle alone (+1 ms) lost true corner
    # touches on ho10-ho14 (clip corners 50 -> 48 found). Into foot-right at 17 degrees to the right rail, 4 m/s,
    # the carried line meets the foot jaw 3 ms past the fall circle, 3.2 ms past the capture circle
    cfg = EventConfig()
    pk = _pocket("foot-right")
    p_at = np.array([2.27, G.width - R - 0.08])
    t_cap, t_fall, touch = _line_times(pk, p_at, 17.0, 4.0)
    assert list(touch) == ["foot"]
    assert touch["foot"] - t_fall > cfg.fall_reach + 0.001 and touch["foot"] - t_cap < cfg.jaw_reach - 0.001
    t, xy = _line(p_at, 17.0, 4.0, 1.3, 1.3)
    ev = _events(xy, t, seed)
    assert [(e.ball, e.pocket) for e in ev if e.type == "pocket"] == [(1, "foot-right")]
    assert [(e.ball, e.rail) for e in ev if e.type == "cushion"] == [(1, "foot")], seed
