"""A ball pocketed heading into the middle of a side pocket's mouth glanced off no jaw (``_heads_into_middle``):
its line passes a jaw tip a few mm clear, within the seen line's slack, where the sightings cannot tell a graze
from a clean drop and the simulators drop it clean (ho15 break-8-250's cue ball into side-left, 2 mm clear of the
far jaw's tip at 2.3 m/s; bank-250's 10 into side-right: false glances on every grid). A ball crossing the mouth
toward a jaw still glances off it. Made-up straight tracks (tracking.paths + tracking.events)."""

from __future__ import annotations

import numpy as np
import pytest
from madeup import run

from adjudicator.records import ShotEvent
from tracking.events import EventConfig, _jaw_gaps
from vision.geometry import TableGeometry

G = TableGeometry()
FPS = 30.0


def _events(p_end: np.ndarray, ang_deg: float, speed: float, seed: int) -> list[ShotEvent]:
    """Ball 1 at rest until 1.8 s, then rolling straight at ``speed`` along ``ang_deg``, last seen at ``p_end``
    (at 2.0 s), beside a cue ball at rest seen to the end."""
    t = np.arange(0.0, 3.0, 1.0 / FPS)
    u = np.array([np.cos(np.radians(ang_deg)), np.sin(np.radians(ang_deg))])
    s = np.maximum(t, 1.8) - 2.0
    xy = p_end[None] + (speed * s)[:, None] * u[None]
    xy[t > 2.0 + 1e-6] = np.nan
    return run({0: np.tile([0.6, 0.6], (len(t), 1)), 1: xy}, t, {0}, seed=seed, sigma=0.0015)


@pytest.mark.parametrize("seed", range(3))
def test_a_ball_into_the_middle_of_a_side_pocket_passing_a_tip_within_slack_drops_clean(seed: int) -> None:
    # break-8-250's cue ball (dev ho15, all four grids): last seen at (1.321, 0.026) heading 139 degrees round from
    # +x at 2.3 m/s, 9 degrees off the line to side-left's centre, its line 1-3 mm clear of the jaw tip behind it
    pk = next(p for p in G.pockets if p.name == "side-left")
    p_end = np.array([1.319, 0.0237])
    gap = next(g for rail, g in _jaw_gaps(G, pk, p_end[None]) if rail == "left" and g[0] < 0.01)
    assert 0.0 < float(gap[0]) < EventConfig().jaw_slack
    ev = _events(p_end, -139.4, 2.33, seed)
    assert [(e.ball, e.pocket) for e in ev if e.type == "pocket"] == [(1, "side-left")]
    assert [e for e in ev if e.type == "cushion"] == [], seed


@pytest.mark.parametrize("seed", range(3))
def test_a_ball_crossing_the_mouth_into_a_jaw_still_glances_off_it(seed: int) -> None:
    # the same pocket, the ball crossing the mouth toward the far jaw, heading away from the pocket's centre (35
    # degrees round from +x, last seen 30 mm past the middle): its line runs into that jaw, a contact as before
    p_end = np.array([1.305, 0.02])
    ev = _events(p_end, -35.0, 1.5, seed)
    assert [(e.ball, e.pocket) for e in ev if e.type == "pocket"] == [(1, "side-left")]
    assert [(e.ball, e.rail) for e in ev if e.type == "cushion"] == [(1, "left")], seed
