"""A moving ball's piece holds only up to the first ball it meets (sixth round; pooltool dev breaks at 30/720p and
60/1080p): carried on, a break's cue ball runs through the whole rack inside the frame after its hit, and every
rack ball it passes kinks there too (the rack breaks up), so each was taken as a cue-ball contact: eight to ten
within 16 ms, all but the apex false. Made-up sightings fitted straight (no tracker)."""

from __future__ import annotations

import numpy as np
from madeup import FPS, G, run

R = G.ball_radius


def break_shot(t: np.ndarray, t_hit: float = 1.517) -> dict[int, np.ndarray]:
    """The cue ball at 9 m/s into a 10-ball rack's apex at ``t_hit``; it then rolls on at 0.4 m/s, and every rack
    ball leaves the rack's centre at 1.5-2.5 m/s."""
    apex = np.array([1.9, G.width / 2])
    u = np.array([1.0, 0.0])
    rows = [apex + k * 2 * R * np.array([np.cos(np.pi / 6), 0.0]) + (j - k / 2) * 2 * R * np.array([0.0, 1.0])
            for k in range(4) for j in range(k + 1)]
    centre = np.mean(rows, axis=0)
    hit = apex - 2 * R * u
    s = np.clip(t - t_hit, 0.0, None)[:, None]
    tracks = {0: np.where(t[:, None] < t_hit, hit + 9.0 * (t - t_hit)[:, None] * u, hit + 0.4 * s * u)}
    for i, p in enumerate(rows):
        away = p - centre + 0.5 * R * u
        away /= np.linalg.norm(away)
        tracks[i + 1] = p + (1.5 + 0.1 * i) * s * away
    return tracks


def test_the_break_cue_ball_meets_only_the_apex() -> None:
    t = np.arange(0.0, 2.5, 1.0 / FPS)
    tracks = break_shot(t)
    for seed in range(6):
        ev = run(tracks, t, set(tracks), seed)
        cue = [e.balls for e in ev if e.type == "collision" and e.balls is not None and 0 in e.balls]
        assert cue == [(0, 1)], (seed, cue)
