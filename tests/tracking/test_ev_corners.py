"""Two cushions a frame or so apart near a corner: the piece between the two kinks holds one or two sightings, so
neither kink lies where its cushion was touched. Toy-simulator paths observed with noise and fitted directly (no
tracker): tracking.paths and tracking.events alone."""

from __future__ import annotations

import numpy as np
import pytest

from tracking.events import ShotContext, infer_events
from tracking.paths import fit_path
from tracking.toysim import Scenario, ToySim
from vision.geometry import TableGeometry

G = TableGeometry()
R = G.ball_radius


def cushion_events(sc: Scenario, fps: float, sigma: float, seed: int) -> tuple[list, list]:
    t = np.arange(0.0, 6.0, 1.0 / fps)
    truth = ToySim().run(sc, t)
    keep = t <= truth.t_rest + 1.0
    t, xy = t[keep], truth.xy[keep]
    rng = np.random.default_rng(seed)
    paths = {}
    for b in sc.positions:
        p = fit_path(b, t, xy[:, b] + rng.normal(0.0, sigma, xy[:, b].shape), tolerance=max(0.003, 4.5 * sigma))
        assert p is not None
        paths[b] = p
    ctx = ShotContext(G, 1.0 / fps, sc.t_strike, float(t[-1]), set(sc.positions), set(sc.positions))
    est, _ = infer_events(paths, ctx)
    tc = [(e["t"], e["rail"]) for e in truth.events if e["type"] == "cushion"]
    ec = [(e.t, e.rail) for e in est if e.type == "cushion"]
    return tc, ec


@pytest.mark.parametrize("seed", range(4))
def test_foot_then_right_rail_a_frame_apart_are_both_found(seed: int) -> None:
    # 3.9 m/s into the foot rail 14 cm short of the right rail's nose line, then on into the right rail 1.4
    # frames later (30 fps), well clear of the corner pocket's mouth
    sc = Scenario({0: (2.261 - 0.2 * 2.5, 0.80 - 0.2 * 3.0)}, (2.5, 3.0))
    tc, ec = cushion_events(sc, 30.0, 0.0022, seed)
    assert [r for _, r in tc][:2] == ["foot", "right"], "scenario no longer makes a foot-then-right double"
    for t_true, rail in tc[:2]:
        assert any(r == rail and abs(t - t_true) < 2 / 30 for t, r in ec), (rail, tc, ec)
    assert len([1 for t, _ in ec if t < tc[1][0] + 0.2]) == 2  # no extra contact around the corner


@pytest.mark.parametrize("seed", range(3))
def test_a_single_bounce_near_a_corner_is_one_cushion(seed: int) -> None:
    # into the foot rail 20 cm from the corner, away from the right rail after: one contact only
    sc = Scenario({0: (1.9, 0.60)}, (2.5, 1.2))
    tc, ec = cushion_events(sc, 30.0, 0.0022, seed)
    assert [r for _, r in tc][:1] == ["foot"]
    first = [r for t, r in ec if t < tc[0][0] + 0.15]
    assert first == ["foot"], ec
