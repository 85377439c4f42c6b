"""A ball resting a centimetre off a cushion, struck into it (seventh round; modelled on toy dev scratch-35 at
30/720p): it bounces back off the cushion before its first moving sighting, so its resting piece and the piece
after it meet past the bounce, at a kink the cushion rules do not take (no speed into the cushion before it). The
later piece, carried back to the collision that set it off, runs through the cushion: a bounce in that frame gap,
the shot's rail after contact. Made-up sightings fitted straight (no tracker)."""

from __future__ import annotations

import numpy as np
from madeup import FPS, G, run

from adjudicator.facts import derive
from adjudicator.records import Shot

R = G.ball_radius


def _tracks(t: np.ndarray, t_hit: float, gap: float) -> dict[int, np.ndarray]:
    """The 7 rests ``gap`` (m) off the foot cushion until the cue ball hits it into that cushion at ``t_hit``; the
    cue ball rolls on slowly along the tangent line and stops."""
    p7 = np.array([G.length - R - gap, 0.1593])
    v_in = np.array([0.85, 0.23])
    u = v_in / np.linalg.norm(v_in)
    tang = np.array([-u[1], u[0]])
    t_bounce = t_hit + gap / v_in[0]
    v_out = np.array([-0.8 * v_in[0], v_in[1]])
    seven = np.tile(p7, (len(t), 1))
    go = (t > t_hit) & (t <= t_bounce)
    seven[go] = p7 + (t[go] - t_hit)[:, None] * v_in
    back = t > t_bounce
    s = t[back] - t_bounce
    sp = float(np.linalg.norm(v_out))
    run_s = np.minimum(s, sp / 0.2)
    dist = sp * run_s - 0.1 * run_s ** 2
    seven[back] = p7 + gap / v_in[0] * v_in + (v_out / sp)[None] * dist[:, None]
    v0 = float(np.linalg.norm(v_in)) * u + 0.3 * tang
    contact = p7 - 2 * R * u
    cue = np.tile(contact - v0 * (t_hit - 0.3), (len(t), 1))
    moving = (t > 0.3) & (t <= t_hit)
    cue[moving] = contact - v0 * (t_hit - t[moving])[:, None]
    after = t > t_hit
    s = np.minimum(t[after] - t_hit, 0.3 / 0.2)
    cue[after] = contact + (tang[None] * (0.3 * s - 0.1 * s ** 2)[:, None])
    return {0: cue, 7: seven}


def test_a_ball_struck_into_a_cushion_a_centimetre_away_touches_it() -> None:
    t = np.arange(0.0, 3.0, 1.0 / FPS)
    for seed, (k_hit, gap) in enumerate(((16.84, 0.0108), (16.7, 0.011), (16.9, 0.0125), (17.05, 0.012))):
        t_hit = k_hit / FPS
        ev = run(_tracks(t, t_hit, gap), t, {0, 7}, seed, sigma=0.0022)
        touch = [e for e in ev if e.type == "cushion" and e.ball == 7 and e.rail == "foot"]
        assert len(touch) == 1, (seed, ev)
        assert abs(touch[0].t - (t_hit + gap / 0.85)) < 1.0 / FPS, (seed, touch)
        f = derive(Shot(shot=1, t_start=0.0, t_end=3.0, before={}, after={}, events=ev))
        assert f.first_contact == 7 and f.rail_after_contact, seed
