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


def _creep(t: np.ndarray, kick: float, span: float) -> tuple[dict[int, np.ndarray], float]:
    """The cue ball rolls (0.2 m/s^2) into ball 5 at 6 cm/s and sends it ``kick`` (m) on along +x over ``span`` (s),
    slowing evenly to rest, the cue ball following it 1 mm short of touching (no kink in either path: a rolling
    cue ball's follow). Returns the tracks and the touch's time."""
    p5, a, t0 = np.array([1.4, 0.55]), 0.2, 0.5
    v_c = 0.06
    v0 = np.sqrt(v_c ** 2 + 2 * a * 0.30)
    t_c = t0 + (v0 - v_c) / a
    start = p5 - np.array([2 * R + 0.30, 0.0])
    s = np.clip(t - t0, 0.0, v0 / a)
    cue = start[None] + np.stack([v0 * s - 0.5 * a * s ** 2, np.zeros_like(s)], axis=1)
    five = np.tile(p5, (len(t), 1))
    u = np.clip(t - t_c, 0.0, span)
    five[:, 0] += kick * (2 * u / span - (u / span) ** 2)
    cue[:, 0] = np.minimum(cue[:, 0], five[:, 0] - 2 * R - 0.001 * (t > t_c))
    return {0: cue, 5: five}, float(t_c)


def test_a_kissed_ball_creeping_off_at_a_few_cm_per_second_was_kissed() -> None:
    # the kissed ball rolls 16 mm off at up to 6.4 cm/s, a piece of it faster than ``moving_speed`` ("seen
    # rolling") but no faster than the cue ball came in (ho15 kick-250, 60/720p: the cue ball in at 6 cm/s, the
    # 11 creeping 16 mm, a piece ending at 4.8 cm/s; the shot's first contact was missed). Seed 5 is the draw where
    # only ``_kisses`` finds it, its piece after the touch ending at 7.6 cm/s
    t = np.arange(0.0, 3.5, 1.0 / 60)
    tracks, t_c = _creep(t, 0.016, 0.5)
    found = []
    for seed in range(6):
        hits = [e for e in run(tracks, t, {0, 5}, seed, sigma=0.0015, fps=60) if e.type == "collision"]
        assert all(e.balls == (0, 5) and abs(e.t - t_c) < 0.06 for e in hits) and len(hits) <= 1, (seed, hits)
        found += [seed] * len(hits)
    assert 5 in found and len(found) >= 5, found
