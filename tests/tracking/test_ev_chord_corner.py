"""A hitter seen on only two frames about its contact with a resting ball (round 22, ho23x jump-312 at 60/1080p):
the chord between its sighting before the contact and its sighting after cuts the corner of the V it ran, and
passes wider of the struck ball than contact distance; the corner of the lines in and out shows the contact. Made-up
tracks, fitted (tracking.paths + tracking.events)."""

from __future__ import annotations

import numpy as np
from madeup import PIPE_TOLERANCE, run

from adjudicator.facts import derive
from adjudicator.records import Shot, ShotEvent
from vision.geometry import TableGeometry

G = TableGeometry()
R = G.ball_radius
FPS = 60.0


def facts(events: list[ShotEvent]):
    return derive(Shot(shot=1, t_start=0.0, t_end=3.0, before={}, after={}, events=events))


def _jump_312(t_hit: float) -> tuple[np.ndarray, dict[int, np.ndarray]]:
    """ho23x jump-312 at 60 fps: the cue ball strikes the 14 at 1.9817 s; the 14 runs at 9.8 m/s into the resting
    2, hits it at ``t_hit`` (the clip: 2.0035 s, 3.5 ms after frame 120) and leaves at 3.4 m/s along (0.83, 0.55);
    the 2 flies off over the right rail and is never seen moving."""
    t = np.arange(0.0, 3.0, 1.0 / FPS)
    t_s = 1.9825
    p0, p14 = np.array([1.8159, 0.6397]), np.array([1.8047, 0.7112])
    u_in = np.array([-1.47, 9.73]) / np.hypot(-1.47, 9.73)
    u_out = np.array([0.834, 0.552])
    n = np.array([-0.484, 0.875])
    c = p14 + 9.84 * (t_hit - t_s) * u_in
    p2 = c + 0.062 * n  # (the clip's centres 6.2 cm apart on the cloth at the contact: the 14 in the air)
    fourteen = np.tile(p14, (len(t), 1))
    run_in = (t > t_s) & (t <= t_hit)
    fourteen[run_in] = p14 + (9.84 * (t[run_in] - t_s))[:, None] * u_in
    out = t > t_hit
    fourteen[out] = c + (3.4 * np.exp(-0.3 * (t[out] - t_hit)) * (t[out] - t_hit))[:, None] * u_out
    u0 = (p14 - p0) / np.linalg.norm(p14 - p0)
    c0 = p14 - 2 * R * u0
    cue = np.tile(p0, (len(t), 1))
    drift = t > t_s
    cue[drift] = c0 + (np.array([-0.55, 0.15]) * np.exp(-0.5 * (t[drift] - t_s))[:, None]
                       * (t[drift] - t_s)[:, None])
    two = np.tile(p2, (len(t), 1))
    two[t > t_hit] = np.nan
    return t, {0: cue, 14: fourteen, 2: two}


def test_a_ball_struck_by_a_hitter_seen_either_side_of_the_contact_flies_off() -> None:
    # jump-312, 60/1080p: the 14's two-frame chord across the contact passed 6.9 cm from the 2 (contact 5.7 cm plus
    # the 8 mm tolerance is 6.5 cm): no collision was found, and the 2, never seen moving, was left on the table
    t_hit = 2.0035
    for seed in range(3):
        t, tracks = _jump_312(t_hit)
        f = facts(run(tracks, t, {0, 14}, seed, sigma=0.0003, fps=FPS, tolerance=PIPE_TOLERANCE))
        assert f.first_contact == 14, (t_hit, seed)
        assert f.off_table == (2,), (t_hit, seed, f.off_table, f.pocket_of)
        assert f.pocket_of == {}
