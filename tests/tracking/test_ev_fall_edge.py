"""A ball lost for good at a corner's lip, last seen within ``fall_edge`` of the fall circle after creeping toward
it, dropped (issue 5, pockets; ``tracking.events._at_fall_edge``). Round 28's held-out ho39x break-9-392 at 60/720p
(now dev; fixture ``fall_edge_b9392.json``, the tracker's sightings of the 3 from 6.5 s to the end of the shot):
the 3 crept along the foot rail into foot-left at 3 cm/s and dropped at 7.793 s. The drawn hole hid the part of
it that overhung the hole, so its last sightings fell 4-7 mm short and nearly still, ending at 6 mm/s, under
``creep_speed``, 5 mm from the fall circle: it was counted hidden, and its pocket was lost. A ball that rests at
that edge before it is lost, or is lost farther out (``test_ev_mouth_rest.py``: 20 mm short), stays on the table.
The sightings are taken as they are (no noise added), fitted at the pipeline's tolerance."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from madeup import PIPE_TOLERANCE, G

from tracking.events import ShotContext, infer_events
from tracking.paths import fit_path

FIX = json.loads((Path(__file__).parent / "fixtures" / "fall_edge_b9392.json").read_text())
T = np.array(FIX["t"])
XY = np.array([[np.nan, np.nan] if p is None else p for p in FIX["xy"]], dtype=float)
DROP = 7.7929  # the truth's drop


def pockets(xy: np.ndarray) -> list[tuple[int, str | None, float, float | None]]:
    path = fit_path(3, T, xy, tolerance=PIPE_TOLERANCE)
    assert path is not None
    ctx = ShotContext(G, 1.0 / FIX["fps"], float(T[0]), float(T[-1]), {3}, set())
    return [(e.ball, e.pocket, e.t, e.confidence) for e in infer_events({3: path}, ctx)[0] if e.type == "pocket"]


def test_a_ball_lost_creeping_in_at_the_fall_circles_edge_dropped() -> None:
    pk = pockets(XY)
    assert [(b, p) for b, p, _, _ in pk] == [(3, "foot-left")], pk
    assert abs(pk[0][2] - DROP) < 1.0 / FIX["fps"], "timed within a frame of the drop"
    assert pk[0][3] is not None and pk[0][3] <= 0.45, "a call for review: the sightings cannot tell a drop for sure"


def test_one_seen_resting_at_that_edge_before_it_is_lost_stays_on_the_table() -> None:
    # (a guard: the rule asks for an approach; this passes before the rule too)
    last = int(np.flatnonzero(~np.isnan(XY[:, 0]))[-1])
    xy = np.full_like(XY, np.nan)
    xy[(T >= 7.2) & (T <= T[last])] = XY[last]  # seen still where it was last seen for 0.6 s, then lost
    assert pockets(xy) == []


def test_one_lost_a_centimetre_farther_out_stays_on_the_table() -> None:
    xy = XY + np.array([0.0, 0.010])  # along the foot rail, away from foot-left
    assert pockets(xy) == []


def test_one_resting_at_that_edge_with_the_detectors_wander_stays_on_the_table() -> None:
    # ``fall_approach`` must stay above what a resting ball's sightings show: over the last half second of the dev
    # shot windows, balls lying still came up to 1.4 mm closer to the nearest fall circle (99th percentile). Seen
    # still where it was last seen for 0.6 s, each sighting up to 1.4 mm off in x and y, then lost: no drop.
    last = int(np.flatnonzero(~np.isnan(XY[:, 0]))[-1])
    on = (T >= 7.2) & (T <= T[last])
    for seed in range(8):
        rng = np.random.default_rng(seed)
        xy = np.full_like(XY, np.nan)
        xy[on] = XY[last] + rng.uniform(-0.0014, 0.0014, size=(int(on.sum()), 2))
        assert pockets(xy) == [], f"seed {seed}"
