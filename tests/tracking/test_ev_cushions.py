"""Cushion contacts that the frame-by-frame kinks miss: shallow Vs hidden inside one piece, balls that roll into a
cushion and stop against it, and no contact for a ball that only rolls near a cushion. Paths are fitted straight
from noisy toy-simulator positions (no tracker), so each test exercises tracking.paths and tracking.events alone."""

from __future__ import annotations

import numpy as np
import pytest

from adjudicator.records import ShotEvent
from tracking.events import ShotContext, infer_events
from tracking.paths import fit_path
from tracking.toysim import Scenario, ToySim
from vision.geometry import TableGeometry

G = TableGeometry()
R = G.ball_radius


def shot_events(sc: Scenario, fps: float, sigma: float, seed: int = 0,
                decel: float = 0.25) -> tuple[list[dict], list[ShotEvent]]:
    """Truth events and inferred events of one toy shot observed with Gaussian noise at every frame."""
    t = np.arange(0.0, 8.0, 1.0 / fps)
    truth = ToySim(decel=decel).run(sc, t)
    keep = t <= truth.t_rest + 1.0
    t, xy = t[keep], truth.xy[keep]
    rng = np.random.default_rng(seed)
    paths = {}
    for b in sc.positions:
        obs = xy[:, b] + rng.normal(0.0, sigma, xy[:, b].shape)
        p = fit_path(b, t, obs, tolerance=max(0.003, 4.5 * sigma))
        assert p is not None
        paths[b] = p
    ctx = ShotContext(G, 1.0 / fps, sc.t_strike, float(t[-1]), set(sc.positions), set(sc.positions))
    events, _ = infer_events(paths, ctx)
    return truth.events, events


def cushions(events: list) -> list[tuple[float, int, str]]:
    out = []
    for e in events:
        if isinstance(e, dict):
            if e["type"] == "cushion":
                out.append((e["t"], e["ball"], e["rail"]))
        elif e.type == "cushion":
            assert e.ball is not None and e.rail is not None
            out.append((e.t, e.ball, e.rail))
    return out


@pytest.mark.parametrize("velocity", [(-0.3, -0.4), (0.5, -0.3)])
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_slow_shallow_bounce_inside_one_piece_is_a_cushion(velocity: tuple[float, float], seed: int) -> None:
    # struck 5 cm from the left cushion, 0.3-0.4 m/s into it: at 30 fps the V spans a few frames before the
    # contact, and one quadratic explains the whole of it within the 10 mm tolerance of 720p noise
    sc = Scenario({0: (1.0, R + 0.05)}, velocity)
    fps = 30.0
    truth, est = shot_events(sc, fps, sigma=0.0022, seed=seed)
    tc = cushions(truth)
    assert [(b, r) for _, b, r in tc] == [(0, "left")], "scenario no longer makes one left-rail contact"
    found = [c for c in cushions(est) if c[1] == 0 and c[2] == "left"]
    assert len(found) == 1
    assert abs(found[0][0] - tc[0][0]) < 0.5 / fps
    assert len(cushions(est)) == 1


@pytest.mark.parametrize("seed", [0, 1])
def test_glancing_contact_with_small_deflection_is_a_cushion(seed: int) -> None:
    # along the right rail, 1.5 m/s, just 0.12 m/s into it: the path bends by a few millimetres only
    sc = Scenario({0: (0.6, G.width - R - 0.08)}, (1.5, 0.12))
    truth, est = shot_events(sc, 30.0, sigma=0.0016, seed=seed)
    tc = cushions(truth)
    assert [(b, r) for _, b, r in tc] == [(0, "right")]
    found = [c for c in cushions(est) if c[2] == "right"]
    assert len(found) == 1 and abs(found[0][0] - tc[0][0]) < 2.0 / 30


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_ball_rolling_parallel_near_a_rail_touches_nothing(seed: int) -> None:
    # 20 mm off the cushion, parallel to it, slowing to rest: no kink has a cushion cause, no V at the nose
    sc = Scenario({0: (0.5, R + 0.020)}, (1.4, 0.0))
    truth, est = shot_events(sc, 30.0, sigma=0.0022, seed=seed)
    assert cushions(truth) == []
    assert cushions(est) == []


@pytest.mark.parametrize("seed", [0, 1])
def test_ball_that_rolls_into_a_cushion_and_stops_there_touched_it(seed: int) -> None:
    # a hard-cloth table: the ball reaches the foot cushion at a few cm/s and the rebound dies within a frame
    x0 = G.length - R - 0.10
    sc = Scenario({0: (x0, 0.6)}, (float(np.sqrt(2 * 2.0 * 0.1 + 0.05 ** 2)), 0.0))
    truth, est = shot_events(sc, 30.0, sigma=0.0015, seed=seed, decel=2.0)
    tc = cushions(truth)
    assert [(b, r) for _, b, r in tc] == [(0, "foot")]
    found = [c for c in cushions(est) if c[2] == "foot"]
    assert len(found) == 1 and abs(found[0][0] - tc[0][0]) < 2.0 / 30


def test_noise_alone_does_not_split_a_smooth_piece() -> None:
    rng = np.random.default_rng(3)
    t = np.arange(0.0, 3.0, 1 / 30)
    xy = np.stack([0.3 + 0.8 * t - 0.12 * t * t, 0.4 + 0.3 * t - 0.05 * t * t], axis=1)
    for _ in range(20):
        p = fit_path(0, t, xy + rng.normal(0, 0.002, xy.shape), tolerance=0.009)
        assert p is not None and len(p.pieces) == 1


def test_a_v_within_the_tolerance_is_split_at_its_apex() -> None:
    rng = np.random.default_rng(4)
    t = np.arange(0.0, 1.0, 1 / 30)
    apex = 0.51
    y = 0.05 + np.where(t < apex, 0.08 * (apex - t), 0.06 * (t - apex))
    xy = np.stack([0.3 + 0.5 * t, y], axis=1) + rng.normal(0, 0.0015, (len(t), 2))
    p = fit_path(0, t, xy, tolerance=0.009)
    assert p is not None and len(p.pieces) == 2
    assert abs(p.breaks[0] - apex) < 2 / 30
    assert fit_path(0, t, xy, tolerance=0.009, split_gain=None).pieces.__len__() == 1


def polyline_events(knots: list[tuple[float, tuple[float, float]]], fps: float, sigma: float,
                    seed: int) -> list[ShotEvent]:
    """Events of one ball observed (with noise) along straight legs through ``knots`` (time, position), at rest
    before the first knot and after the last."""
    kt = np.array([k[0] for k in knots])
    kp = np.array([k[1] for k in knots])
    t = np.arange(0.0, kt[-1] + 1.0, 1.0 / fps)
    xy = np.stack([np.interp(t, kt, kp[:, 0]), np.interp(t, kt, kp[:, 1])], axis=1)
    xy += np.random.default_rng(seed).normal(0.0, sigma, xy.shape)
    p = fit_path(0, t, xy, tolerance=max(0.003, 4.5 * sigma))
    assert p is not None
    ctx = ShotContext(G, 1.0 / fps, float(kt[0]), float(t[-1]), {0}, {0})
    return infer_events({0: p}, ctx)[0]


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_rattle_off_a_corner_jaw_is_one_contact_with_the_jaws_rail(seed: int) -> None:
    # into the foot-left corner pocket's mouth, off the foot-side jaw (12 mm past the foot nose line, 20 mm clear
    # of the left one) and back out without dropping: one foot cushion contact, never a left one
    apex = (G.length - R + 0.012, R + 0.020)
    t_hit = 0.80
    knots = [(0.5, (apex[0] - 0.12, apex[1] + 0.10)), (t_hit, apex), (1.15, (apex[0] - 0.11, apex[1] + 0.03))]
    est = polyline_events(knots, 30.0, 0.0022, seed)
    found = cushions(est)
    assert [(b, r) for _, b, r in found] == [(0, "foot")]
    assert abs(found[0][0] - t_hit) < 0.5 / 30
    assert not [e for e in est if e.type in ("pocket", "off_table")]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_rebound_killed_by_spin_is_still_a_cushion(seed: int) -> None:
    # 0.25 m/s into the right rail, and it leaves along the cushion with no speed away from it
    y_touch = G.width - R
    knots = [(0.5, (1.2, y_touch - 0.25)), (1.5, (0.8, y_touch)), (2.2, (0.55, y_touch - 0.002))]
    est = polyline_events(knots, 30.0, 0.0022, seed)
    found = cushions(est)
    assert [(b, r) for _, b, r in found] == [(0, "right")]
    assert abs(found[0][0] - 1.5) < 1.0 / 30


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_turning_short_of_a_rail_is_no_cushion(seed: int) -> None:
    # the same approach, but the turn is 25 mm short of the nose: whatever turned it, it was not the cushion
    y_turn = G.width - R - 0.025
    knots = [(0.5, (1.2, y_turn - 0.25)), (1.5, (0.8, y_turn)), (2.2, (0.55, y_turn - 0.15))]
    assert cushions(polyline_events(knots, 30.0, 0.0022, seed)) == []
