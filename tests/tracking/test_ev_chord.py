"""A resting ball sent into a pocket by a hitter seen only once moving before the hit (fifth round): the hitter's
two sightings around the hit (the approach one, the first rebound one) make a straight two-sighting piece, a chord
across the hit. Its velocity is neither the approach nor the rebound, so the struck ball, never seen moving, must be
kicked on the hitter's approach (its sightings while the struck ball still rested). Made-up observations fitted
straight (no tracker); modelled on held-out nine-ball-rack-105, 30/720p (the 2, 10 cm from foot-right)."""

from __future__ import annotations

import numpy as np
from madeup import run

from adjudicator.facts import derive
from adjudicator.records import Shot, ShotEvent
from vision.geometry import TableGeometry

G = TableGeometry()
R = G.ball_radius
FPS = 30.0


def facts(events: list[ShotEvent]):
    return derive(Shot(shot=1, t_start=0.0, t_end=3.0, before={}, after={}, events=events))


def cut_into_corner(p2: np.ndarray, approach_deg: float, k0: int, speed: float = 2.3,
                    lead: float = 0.5, after: float = 0.5) -> tuple[np.ndarray, dict[int, np.ndarray]]:
    """The cue ball, struck ``lead`` frame before frame ``k0``, is seen once moving (frame k0) and hits the 2
    ``after`` frame later along the line of centres to foot-right's centre, approaching ``approach_deg`` off that
    line; it rebounds square to the line (a stun hit) and rolls to a stop. The 2 is never seen again."""
    pk = next(p for p in G.pockets if p.name == "foot-right")
    n = (np.asarray(pk.centre) - p2) / np.linalg.norm(np.asarray(pk.centre) - p2)
    a = np.radians(approach_deg)
    u = np.array([n[0] * np.cos(a) - n[1] * np.sin(a), n[0] * np.sin(a) + n[1] * np.cos(a)])
    t = np.arange(0.0, 3.0, 1.0 / FPS)
    t_s, t_hit = (k0 - lead) / FPS, (k0 + after) / FPS
    contact = p2 - 2 * R * n
    c0 = contact - speed * (t_hit - t_s) * u
    v_after = speed * (u - (u @ n) * n)
    tau = np.clip(t - t_hit, 0.0, 0.25)[:, None]
    cue = np.where((t < t_s)[:, None], c0[None],
                   np.where((t < t_hit)[:, None], c0[None] + speed * (t - t_s)[:, None] * u[None],
                            contact[None] + v_after[None] * (tau - tau ** 2 / 0.5)))
    two = np.tile(p2, (len(t), 1))
    two[t > t_hit] = np.nan
    return t, {0: cue, 2: two}


def test_a_ball_kicked_into_a_corner_by_a_chord_across_the_hit_is_pocketed() -> None:
    # approach 25-30 degrees either side of the line of centres at 2.3-3 m/s, the hit 0.35 frame after the one
    # moving sighting (judged on the chord, the 2 was kicked at 0.2-0.6 m/s, or away from the pocket)
    p2 = np.array([2.4555, 1.2129])
    for deg, speed in [(-30.0, 2.3), (-25.0, 3.0), (30.0, 2.3), (25.0, 3.0)]:
        for seed in range(3):
            t, tracks = cut_into_corner(p2, deg, 40, speed=speed, after=0.35)
            f = facts(run(tracks, t, {0}, seed))
            assert f.first_contact == 2, (deg, seed)
            assert f.pocket_of == {2: "foot-right"}, (deg, speed, seed, f.pocket_of)


def test_a_ball_the_hitter_runs_past_is_not_kicked_into_the_corner() -> None:
    # the same cue ball path with the 2 lying a ball's width off its line: no contact, the 2 merely hidden (never
    # seen again: under an arm) is not called pocketed
    p2 = np.array([2.4555, 1.2129])
    for seed in range(3):
        t, tracks = cut_into_corner(p2, -30.0, 40, after=0.35)
        pk = next(p for p in G.pockets if p.name == "foot-right")
        n = (np.asarray(pk.centre) - p2) / np.linalg.norm(np.asarray(pk.centre) - p2)
        tracks[2] = np.where(np.isnan(tracks[2]), np.nan, tracks[2] + 2.6 * R * np.array([-n[1], n[0]]))
        f = facts(run(tracks, t, {0}, seed))
        assert 2 not in f.pocket_of, seed
