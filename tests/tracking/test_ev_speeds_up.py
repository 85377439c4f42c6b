"""A hitter that speeds up is not hitting anything (post-freeze, ninth round): 2019 clip 16's cue ball, struck,
is fitted slow over the strike frame (2.2 m/s) and fast after (3.5 m/s); the kink between falls as it passes the
resting 3 about a diameter away, and two noise kinks on the 3's resting path made that a first contact (0.74),
though the 3 never moves and the real first contact is the 2's. A resting ball that stays at rest gains nothing from
a blow, so the hitter cannot have gained speed there. Made-up sightings fitted straight (no tracker)."""

from __future__ import annotations

import numpy as np
from madeup import run

from adjudicator.facts import derive
from adjudicator.records import Shot, ShotEvent
from vision.geometry import TableGeometry

G = TableGeometry()
R = G.ball_radius


def facts(events: list[ShotEvent]):
    return derive(Shot(shot=1, t_start=events[0].t, t_end=events[-1].t, before={}, after={}, events=events))


def passing(gap: float, v1: float = 2.2, v2: float = 3.5, t_fast: float = 0.6, jolt: float = 0.012
            ) -> tuple[np.ndarray, dict[int, np.ndarray]]:
    """Cue ball at (0.3, 1.1) struck at 0.5 s straight down the table's width (-y) at ``v1``, at ``v2`` from
    ``t_fast``; the 3 rests at ``gap`` beyond one diameter to its side, level with where it turns fast, and its
    sightings step by ``jolt`` on two frames there (the noise that gave clip 16's 3 its kinks). The cue ball stops
    on the 2 far down the table (not modelled: it leaves the view at y < R)."""
    t = np.arange(0.0, 1.5, 1.0 / 30.0)
    c0 = np.array([0.3, 1.1])
    y = np.where(t < 0.5, 0.0, np.where(t < t_fast, v1 * (t - 0.5), v1 * (t_fast - 0.5) + v2 * (t - t_fast)))
    cue = c0[None] + np.c_[np.zeros_like(t), -y]
    y_at = c0[1] - v1 * (t_fast - 0.5) - 0.02
    three = np.tile([c0[0] + 2 * R + gap, y_at], (len(t), 1))
    k = int(np.searchsorted(t, t_fast))
    three[k:k + 2, 0] += jolt
    cue[(cue[:, 1] < R)] = np.nan
    return t, {0: cue, 3: three}


def test_a_hitter_speeding_up_past_a_ball_that_stays_at_rest_has_not_hit_it() -> None:
    t, tracks = passing(0.002)
    for seed in range(12):
        events = run(tracks, t, {3}, seed, sigma=0.0015)
        assert not any(e.type == "collision" and 3 in (e.balls or ()) for e in events), seed


def test_a_hitter_slowing_on_a_ball_that_moves_still_hits_it() -> None:
    # the same pass, but the cue ball is fast first and slows as the 3 is driven off: a real contact stays
    t, tracks = passing(-0.004, v1=3.5, v2=2.2)
    k = int(np.searchsorted(t, 0.62))
    three = tracks[3].copy()
    s = np.clip(t - t[k], 0.0, None)
    three[:, 0] += 1.4 * s - 0.2 * s ** 2
    three[k:k + 2, 0] -= 0.012  # undo the jolt, the 3 moves for real
    tracks[3] = three
    hits = 0
    for seed in range(12):
        events = run(tracks, t, {3}, seed, sigma=0.0015)
        hits += facts(events).first_contact == 3
    assert hits >= 10
