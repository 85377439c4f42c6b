"""A hitter's blur at the contact taken for the ball it struck (round 23, s30_720 jump-331 at 30/720p): the cue
ball, struck from rest, met the resting 3 a frame later and stopped nearly dead; the 3 flew off the right rail,
never seen moving. The detector found the cue ball's streak beside the 3 (and not the 3 itself) on that frame; the
tracker gave the streak to the 3, whose "move" back towards the cue ball ended its story: it was left on the table,
hidden, with no off-table event and no rail after contact. The clip's own sightings (tracking.paths +
tracking.events, no noise added)."""

from __future__ import annotations

import numpy as np
from madeup import PIPE_TOLERANCE, fit, run

from adjudicator.facts import derive
from adjudicator.records import Shot, ShotEvent
from tracking.events import _hitters_blur

FPS = 30.0
T = np.round(1.3333 + np.arange(86) / FPS, 4)
T_BLUR = 1.8333
CUE_REST = (1.5050, 0.7903)
THREE_REST = (1.44745, 0.98285)
BLUR = (1.46844, 0.92658)  # the cue ball's streak (conf 0.4, no identity), 6 cm from the 3 towards the cue ball
# the cue ball from 1.8667 s on: stopped nearly dead at the contact, then rolling on at 0.2 m/s
CUE_X = [1.46162, 1.45975, 1.45736, 1.45547, 1.45305, 1.45163, 1.4504, 1.44814, 1.44658, 1.44453, 1.44233, 1.44092,
         1.43961, 1.4374, 1.43631, 1.43463, 1.43287, 1.43153, 1.42959, 1.42806, 1.42661, 1.42497, 1.42343, 1.4226,
         1.42159, 1.42017, 1.41869, 1.41759, 1.4168, 1.41557, 1.41375, 1.41297, 1.41227, 1.41103, 1.40999, 1.40883,
         1.4081, 1.40723, 1.40659, 1.40512, 1.40414, 1.40376, 1.40302, 1.40268, 1.40175, 1.40107, 1.40011, 1.39954,
         1.39878, 1.39845, 1.39817, 1.39817, 1.39769, 1.39769, 1.39657, 1.39657, 1.39604, 1.39604, 1.39495, 1.39495,
         1.39495] + [1.39467] * 9
CUE_Y = [0.935, 0.94189, 0.94891, 0.95493, 0.96208, 0.96849, 0.97509, 0.98143, 0.9876, 0.99299, 0.9994, 1.00499,
         1.01101, 1.01613, 1.02199, 1.02671, 1.03249, 1.03726, 1.0429, 1.04757, 1.05225, 1.05747, 1.06192, 1.06649,
         1.07099, 1.07573, 1.0792, 1.08262, 1.08704, 1.09115, 1.09502, 1.09848, 1.10216, 1.10584, 1.10943, 1.11217,
         1.11576, 1.11951, 1.12189, 1.12419, 1.12774, 1.13044, 1.13313, 1.13585, 1.13798, 1.14026, 1.14271, 1.14408,
         1.14634, 1.14783, 1.1499, 1.1499, 1.15283, 1.15283, 1.15595, 1.15595, 1.15767, 1.15767, 1.15991, 1.15991,
         1.15991] + [1.16159] * 9


def _tracks(slide: float = 0.0) -> dict[int, np.ndarray]:
    """The clip's sightings, the streak named the 3's (as the tracker named it). ``slide``: a made-up cut instead:
    the cue ball rolls off at this speed (m/s) across the line after the contact (the clip: it stopped dead)."""
    cue = np.full((len(T), 2), np.nan)
    cue[T <= 1.8 + 1e-9] = CUE_REST
    after = T > T_BLUR + 1e-9
    cue[after] = np.stack([CUE_X, CUE_Y], axis=1)
    if slide:
        across = np.array([0.9587, 0.2845])  # across the line from the cue ball's rest through the 3
        cue[after] += (slide * (T[after] - T_BLUR))[:, None] * across[None]
    three = np.full((len(T), 2), np.nan)
    three[T <= 1.8 + 1e-9] = THREE_REST
    three[np.isclose(T, T_BLUR)] = BLUR
    return {0: cue, 3: three, 11: np.tile((1.94939, 0.98556), (len(T), 1)),
            15: np.tile((1.14493, 0.87715), (len(T), 1))}


def facts(events: list[ShotEvent]):
    return derive(Shot(shot=1, t_start=1.8333, t_end=3.6667, before={}, after={}, events=events))


def _run(tracks: dict[int, np.ndarray]) -> list[ShotEvent]:
    return run(tracks, T, {0, 11, 15}, sigma=0.0, fps=FPS, tolerance=PIPE_TOLERANCE, t_start=1.8333)


def test_the_hitters_blur_named_after_the_struck_ball_is_not_its_sighting() -> None:
    # before: the 3 hidden, no off-table event, no rail after contact
    events = _run(_tracks())
    f = facts(events)
    assert f.first_contact == 3
    assert f.off_table == (3,), (f.off_table, f.pocket_of)
    assert f.pocket_of == {}
    off = [e for e in events if e.type == "off_table"]
    rails = [e for e in events if e.type == "cushion" and e.ball == 3]
    assert len(off) == 1 and abs(off[0].t - 1.8804) < 0.01  # the clip: off the table at 1.8804 s
    assert [e.rail for e in rails] == ["right"]  # the clip: met the right rail at 1.8606 s, 10 cm from side-right


def test_a_hitter_rolling_off_fast_does_not_pin_the_line_near_a_pocket() -> None:
    # guard: the same blur, but the cue ball rolls off at 1.5 m/s across the line (a cut of 20 degrees or more is
    # possible): side-right, 12 degrees off the line from the cue ball's rest through the 3, stays within the
    # struck line's spread and no flight over the rail is called
    f = facts(_run(_tracks(slide=1.5)))
    assert f.off_table == (), (f.off_table, f.pocket_of)


def test_a_struck_ball_seen_moving_forward_is_its_own_sighting() -> None:
    # guard: a sighting 6 cm from the 3 *along* the kick (away from the cue ball) on the hit's frame is the 3 on its
    # way, not the hitter's blur: the rule leaves it alone (and the 3, seen moving, is not "never seen moving")
    tracks = _tracks()
    u = np.array([-0.2845, 0.9587])
    tracks[3][np.isclose(T, T_BLUR)] = np.asarray(THREE_REST) + 0.06 * u
    paths = fit(tracks, T, sigma=0.0, tolerance=PIPE_TOLERANCE)
    assert _hitters_blur(paths[3], paths[3].pieces[0], paths[0], 1.82, 1 / FPS, 0.028575) is None
    paths = fit(_tracks(), T, sigma=0.0, tolerance=PIPE_TOLERANCE)
    blur = _hitters_blur(paths[3], paths[3].pieces[0], paths[0], 1.82, 1 / FPS, 0.028575)
    assert blur is not None and blur.times == (T_BLUR,) and blur.speed > 4.0
