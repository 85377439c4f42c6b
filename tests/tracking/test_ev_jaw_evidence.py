"""The glance-off-a-jaw rule needs the ball's sightings to agree with jaws being where the model puts them: a ball
seen inside a jaw model went through a mouth without jaws there (another table, the toy simulator, a calibration
off at that corner) and touched nothing. Made-up tracks, fitted straight (tracking.paths + tracking.events)."""

from __future__ import annotations

import numpy as np
import pytest

from adjudicator.records import ShotEvent
from tracking.events import EventConfig, ShotContext, _jaw_gaps, _jaws, infer_events
from tracking.paths import fit_path
from vision.geometry import TableGeometry

G = TableGeometry()
R = G.ball_radius
FPS = 30.0


def _events(xy: np.ndarray, t: np.ndarray, seed: int, sigma: float = 0.0022) -> list[ShotEvent]:
    rng = np.random.default_rng(seed)
    cue = np.tile([0.6, 0.6], (len(t), 1))
    paths = {}
    for b, track in ((0, cue), (1, xy)):
        p = fit_path(b, t, track + rng.normal(0.0, sigma, track.shape), tolerance=max(0.003, 4.5 * sigma))
        assert p is not None
        paths[b] = p
    ctx = ShotContext(G, 1.0 / FPS, float(t[0]), float(t[-1]), {0, 1}, {0})
    return infer_events(paths, ctx, EventConfig())[0]


def _straight_in(p_cross: np.ndarray, u: np.ndarray, speed: float, pocket: str) -> tuple[np.ndarray, np.ndarray]:
    """Ball 1 rolling straight along ``u`` through ``p_cross`` (reached at 2 s), seen until its centre is within
    the pocket's capture radius or 2R past a nose line (where a jaw-less mouth drops it)."""
    t = np.arange(0.0, 3.0, 1.0 / FPS)
    s = np.clip(t - 1.0, 0.0, None) - 1.0
    xy = p_cross[None] + (speed * s)[:, None] * u[None]
    pk = next(p for p in G.pockets if p.name == pocket)
    gone = (np.linalg.norm(xy - np.asarray(pk.centre), axis=1) < pk.capture_radius) | \
        (xy[:, 0] > G.length + 2 * R) | (xy[:, 1] > G.width + 2 * R)
    xy[np.flatnonzero(gone)[0]:] = np.nan
    return t, xy


@pytest.mark.parametrize("seed", range(4))
def test_a_ball_seen_through_where_a_jaw_would_be_touched_no_jaw(seed: int) -> None:
    # toy dev kick-10 / occluded-0: into foot-right at a shallow angle, crossing the foot nose line inside the mouth
    # and running on straight over the place of pooltool's foot jaw tip (no jaw on that table); the old rule
    # reported a foot cushion a moment before the drop
    u = np.array([1.0, 0.5]) / np.hypot(1.0, 0.5)
    t, xy = _straight_in(np.array([G.length - R, 1.19]), u, 1.5, "foot-right")
    seen = xy[~np.isnan(xy[:, 0])]
    pk = next(p for p in G.pockets if p.name == "foot-right")
    assert min(float(g.min()) for _, g in _jaw_gaps(G, pk, seen)) < -0.012  # seen well inside the jaw model
    ev = _events(xy, t, seed)
    assert [(e.ball, e.pocket) for e in ev if e.type == "pocket"] == [(1, "foot-right")]
    assert not [e for e in ev if e.type == "cushion"], seed


@pytest.mark.parametrize("seed", range(4))
def test_a_ball_seen_clear_of_the_jaws_that_then_runs_into_one_touched_it(seed: int) -> None:
    # pooltool dev bank-10: seen on the table up to the mouth, its straight path then runs into the left jaw
    # (it cannot pass there): a glance off the jaw before the drop, the left rail's cushion
    pk = next(p for p in G.pockets if p.name == "foot-left")
    rail, tip, tr, _, _ = next(j for j in _jaws(G, pk) if j[0] == "left")
    u = np.array([1.0, -0.62]) / np.hypot(1.0, -0.62)
    normal = np.array([-u[1], u[0]])  # to the table's side of the line
    normal = normal if normal[1] > 0 else -normal
    p_touch = tip + normal * (R + tr - 0.006)  # its centre line runs 6 mm inside touching the tip
    t = np.arange(0.0, 3.0, 1.0 / FPS)
    xy = p_touch[None] + (1.7 * (np.clip(t - 1.0, 0.0, None) - 1.0))[:, None] * u[None]
    # the last sighting a few cm before the touch; nothing after
    along = (xy - p_touch) @ u
    xy[along > -0.03] = np.nan
    ev = _events(xy, t, seed)
    assert [(e.ball, e.pocket) for e in ev if e.type == "pocket"] == [(1, "foot-left")]
    assert [(e.ball, e.rail) for e in ev if e.type == "cushion"] == [(1, "left")], seed


@pytest.mark.parametrize("seed", range(4))
def test_a_ball_seen_rolling_on_straight_past_a_jaw_tip_was_not_deflected_by_it(seed: int) -> None:
    # toy dev mid-11: the 4 rolls along the right rail, its centre half a millimetre off touching the nose line,
    # into head-right; it passes the right jaw's tip within the fit's slack and is seen for 4-5 more frames on the
    # same straight line (a glance there would have bent it and split its piece): no right-rail contact (its
    # straight path on runs into the head jaw at the back of the mouth, a touch this test leaves alone)
    t = np.arange(0.0, 4.0, 1.0 / FPS)
    y = G.width - R - 0.0005
    xy = np.stack([0.6 - 0.6 * np.clip(t - 1.0, 0.0, None), np.full_like(t, y)], axis=1)
    pk = next(p for p in G.pockets if p.name == "head-right")
    gone = np.flatnonzero(np.linalg.norm(xy - np.asarray(pk.centre), axis=1) < pk.capture_radius)
    xy[gone[0]:] = np.nan
    tip_x = next(j[1][0] for j in _jaws(G, pk) if j[0] == "right")
    assert int(np.sum(xy[:, 0] < tip_x)) >= 4  # seen 4+ frames past the tip
    ev = _events(xy, t, seed, sigma=0.0015)
    assert [(e.ball, e.pocket) for e in ev if e.type == "pocket"] == [(1, "head-right")]
    assert not [e for e in ev if e.type == "cushion" and e.rail == "right"], seed
