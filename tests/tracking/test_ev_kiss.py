"""A kiss too soft for either path to bend (seventh round; modelled on toy dev soft-23/-24 at 30/720p): the cue
ball rolls out its last centimetres, touches a resting ball at 6-7 cm/s and stops; the object ball moves 4-6 mm.
Both places at rest are measured to a millimetre by averaging sightings: the object ball moved away from a ball
that rolled up to touching it, so it was hit (the shot had no first contact). Made-up sightings fitted straight."""

from __future__ import annotations

import numpy as np
from madeup import FPS, G, run

R = G.ball_radius


def _tracks(t: np.ndarray, short: float, kick: float) -> dict[int, np.ndarray]:
    """The cue ball rolls (0.2 m/s^2) along +x and stops ``short`` (m) before reaching ball 5's contact point (a
    negative ``short`` runs on into it: the touch sends ball 5 ``kick`` (m) on along +x and stops the cue ball 2 mm
    later)."""
    p5 = np.array([1.4, 0.55])
    a, t0 = 0.2, 0.5
    run_len = 0.30 - short  # from its start to where it stops, if nothing is in the way
    v0 = np.sqrt(2 * a * run_len)
    start = p5 - np.array([2 * R + 0.30, 0.0])
    s = np.clip(t - t0, 0.0, v0 / a)
    x = v0 * s - 0.5 * a * s ** 2
    cue = start[None] + np.stack([x, np.zeros_like(x)], axis=1)
    five = np.tile(p5, (len(t), 1))
    if short < 0:
        s_c = (v0 - np.sqrt(v0 ** 2 - 2 * a * 0.30)) / a  # time from t0 to the touch
        t_c = t0 + s_c
        cue[t > t_c, 0] = np.minimum(cue[t > t_c, 0], p5[0] - 2 * R + 0.002)
        u = np.clip(t - t_c, 0.0, 0.25)
        five[:, 0] += kick * (2 * u / 0.25 - (u / 0.25) ** 2)
    return {0: cue, 5: five}


def test_a_cue_ball_rolling_to_a_stop_against_a_ball_kissed_it() -> None:
    t = np.arange(0.0, 3.0, 1.0 / FPS)
    for seed, (short, kick) in enumerate(((-0.010, 0.004), (-0.012, 0.005), (-0.011, 0.006), (-0.013, 0.0045))):
        ev = run(_tracks(t, short, kick), t, {0, 5}, seed, sigma=0.0022)
        hits = [e for e in ev if e.type == "collision"]
        assert [e.balls for e in hits] == [(0, 5)], (seed, hits)


def test_a_cue_ball_stopping_short_of_a_ball_did_not_kiss_it() -> None:
    t = np.arange(0.0, 3.0, 1.0 / FPS)
    for seed, short in enumerate((0.006, 0.010, 0.02)):
        ev = run(_tracks(t, short, 0.0), t, {0, 5}, seed, sigma=0.0022)
        assert [e for e in ev if e.type == "collision"] == [], seed
