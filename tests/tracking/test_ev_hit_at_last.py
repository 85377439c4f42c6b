"""A ball hit at its last sighting goes on at the speed the hit gives it, not at its fitted piece's (issue 5,
pockets; ``_hit_at_last``).

Held-out ho33 break-9-361 (30/720p, now dev): the 5 rolled at 0.2 m/s along the right cushion towards foot-right;
the 8, at 1.2 m/s, hit it there 9 ms before its last sighting and it dropped 1.6 frames later, lost at the lip.
Its last piece (5 sightings) is all before the hit, so followed on that piece's line it stopped short of the pocket
and was left on the table; followed on the hit, the line before it (along the cushion into the right jaw) must not
be judged for a jaw touch either. Made-up tracks in that geometry, fitted (tracking.paths + tracking.events)."""

from __future__ import annotations

import numpy as np
import pytest
from madeup import PIPE_TOLERANCE, run

from adjudicator.facts import derive
from adjudicator.records import Shot, ShotEvent
from vision.geometry import TableGeometry

G = TableGeometry()
R = G.ball_radius
FPS = 30.0
T_HIT = 4.024


def facts(events: list[ShotEvent]):
    return derive(Shot(shot=1, t_start=0.0, t_end=6.0, before={}, after={}, events=events))


def _break_9_361(speed: float) -> tuple[np.ndarray, dict[int, np.ndarray]]:
    """The 5 rolling at (0.2, -0.03) m/s 4 cm off the right cushion; the 8 runs into it at ``speed`` along (0.64,
    0.77) with line of centres (0.5, 0.866), towards foot-right, at ``T_HIT``. The 5 is seen once more, 9 ms after, then lost; the 8 stays in
    view (it rolls on across the line of centres)."""
    t = np.arange(3.9, 5.0, 1.0 / FPS)
    n = np.array([0.5, 0.866])
    v5, v8 = np.array([0.2, -0.03]), speed * np.array([0.64, 0.77]) / np.hypot(0.64, 0.77)
    p5c = np.array([2.472, 1.2285])
    p8c = p5c - 2 * R * n
    v5a = v5 - (v5 @ n) * n + (v8 @ n) * n
    v8a = v8 - (v8 @ n) * n
    s = (t - T_HIT)[:, None]
    five = np.where(s < 0, p5c + s * v5, p5c + s * v5a)
    eight = np.where(s < 0, p8c + s * v8, p8c + s * v8a)
    five[t > T_HIT + 0.02] = np.nan
    cue = np.tile([0.8, 0.5], (len(t), 1))
    return t, {0: cue, 5: five, 8: eight}


@pytest.mark.parametrize("seed", range(3))
def test_a_ball_knocked_into_the_corner_at_its_last_sighting_drops(seed: int) -> None:
    t, tracks = _break_9_361(1.2)
    ev = run(tracks, t, {0, 8}, seed, sigma=0.001, fps=FPS, tolerance=PIPE_TOLERANCE)
    f = facts(ev)
    assert f.pocket_of.get(5) == "foot-right", ev
    drop = next(e.t for e in ev if e.type == "pocket" and e.ball == 5)
    assert T_HIT < drop < T_HIT + 0.2  # 12-15 cm to the capture circle at about 1.2 m/s
    # its line after the hit was never seen: no jaw touch judged on the line it rolled along before it
    assert not [e for e in ev if e.type == "cushion" and e.ball == 5 and e.t > T_HIT], ev


@pytest.mark.parametrize("seed", range(3))
def test_a_ball_nudged_at_its_last_sighting_stops_short_and_stays(seed: int) -> None:
    # the same hit at 0.15 m/s: it stops 5 cm on, short of the pocket (hidden at the lip, not pocketed)
    t, tracks = _break_9_361(0.15)
    f = facts(run(tracks, t, {0, 8}, seed, sigma=0.001, fps=FPS, tolerance=PIPE_TOLERANCE))
    assert 5 not in f.pocket_of and 5 not in f.off_table
