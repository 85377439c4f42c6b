"""A near pass before a contact on the line is no first contact (t22a). The sightings are ho21 eight-ball-rack-120
shot 5's cue ball, 3 and 10 at 30/720p, 36.70-37.50 s (dev; main's cached detections; truth: the cue ball hit the 3 at
36.98455 and, turned off it, the 10 at 37.00043, both inside the frame interval 36.9667-37.0). At 37.0 the cue ball
is unseen and the 10 is seen 34 mm off its place, toward it (the two touching balls merged into one sighting). The
cue ball's piece before its kink runs into the 3 (a 2R crossing) and passes 6.7 mm beyond 2R of the 10, its nearest
approach 0.5 ms before the crossing; its line from rest through its last sighting before the gap passes the 10 at
4.8 mm beyond 2R and 1.5 mm sooner than it meets the 3. Main named the 10 first on both. The 10's kink (its leaving
its place) comes 24 ms after the 3's. tracking.paths and tracking.events alone."""

from __future__ import annotations

import numpy as np
from madeup import PIPE_TOLERANCE, G

from tracking.events import EventConfig, ShotContext, _collisions, _gap_contact, infer_events
from tracking.paths import BallPath, fit_path

NAN = float("nan")
T = np.round(36.7 + np.arange(25) / 30.0, 4)
CUE = [[1.71035, 0.61302], [1.71026, 0.61308], [1.71039, 0.613], [1.7098, 0.61324], [1.70976, 0.61324],
       [1.7433, 0.59252], [1.82111, 0.54136], [1.90117, 0.49176], [1.98528, 0.43723], [NAN, NAN],
       [2.03726, 0.41367], [2.04525, 0.40878], [2.05338, 0.4023], [2.06496, 0.39604], [2.07649, 0.38833],
       [2.09134, 0.37947], [2.10812, 0.36906], [2.1264, 0.35745], [2.14665, 0.34502], [2.16967, 0.3317],
       [2.1936, 0.31657], [2.21846, 0.30127], [2.24366, 0.28514], [2.26861, 0.26923], [2.29411, 0.25416]]
THREE = [[2.06948, 0.37518]] * 9 + [[2.10073, 0.34803], [2.17112, 0.28932], [2.24109, 0.23113], [2.30523, 0.17775],
                                    [2.3699, 0.12367], [2.43505, 0.07023], [2.49035, 0.02233]] + [[NAN, NAN]] * 9
TEN = [[2.05752, 0.46453]] * 8 + [
    [2.0576, 0.46379], [2.04762, 0.43273], [2.06219, 0.46807], [2.0673, 0.47644], [2.07229, 0.48198],
    [2.07743, 0.49198], [2.08118, 0.49774], [2.08581, 0.5059], [2.08962, 0.5123], [2.09319, 0.51919],
    [2.09771, 0.52715], [2.10201, 0.53076], [2.10594, 0.53654], [2.10422, 0.5415], [2.10764, 0.54415],
    [2.11592, 0.5516], [2.11314, 0.554]]
T_STRIKE = 36.8538  # the cue ball's kink off its rest (main's tracker)


def shot() -> tuple[dict[int, BallPath], ShotContext]:
    paths = {}
    for b, xy in ((0, CUE), (3, THREE), (10, TEN)):
        p = fit_path(b, T, np.array(xy), tolerance=PIPE_TOLERANCE)
        assert p is not None
        paths[b] = p
    return paths, ShotContext(G, 1.0 / 30.0, 36.8333, float(T[-1]), {0, 3, 10}, {0, 3, 10})


def test_first_contact_is_the_ball_on_the_line() -> None:
    paths, ctx = shot()
    hits = [e for e in infer_events(paths, ctx)[0] if e.type == "collision" and e.balls and 0 in e.balls]
    assert hits[0].balls == (0, 3) and abs(hits[0].t - 36.98455) < 0.005, hits  # main: (0, 10) at 36.9835
    ten = [e for e in hits if e.balls == (0, 10)]
    assert ten and ten[0].t > hits[0].t  # the 10 is still hit, after the 3


def test_collisions_time_the_near_pass_at_the_grazed_balls_set_off() -> None:
    paths, ctx = shot()
    got = {e.balls: e.t for e in _collisions(paths, ctx, EventConfig())}
    assert got[(0, 3)] < got[(0, 10)], got  # main: the 10 0.5 ms before the 3
    assert abs(got[(0, 10)] - paths[10].breaks[0]) < 1e-9


def test_gap_contact_names_the_ball_on_the_line() -> None:
    paths, ctx = shot()
    gap = _gap_contact(paths, ctx, T_STRIKE, EventConfig())
    assert gap is not None and gap[2].balls == (0, 3), gap  # main: (0, 10)


def test_the_premise_a_near_pass_sooner_and_a_merged_sighting() -> None:
    paths, ctx = shot()
    R = G.ball_radius
    pre = paths[0].pieces[1]  # the cue ball's piece from the strike to its kink
    ts = np.linspace(pre.t0, paths[0].breaks[1] + 0.5 / 30, 400)
    d10 = np.linalg.norm(pre.pos(ts) - np.array(TEN[0]), axis=1)
    d3 = np.linalg.norm(pre.pos(ts) - np.array(THREE[0]), axis=1)
    assert 2 * R < d10.min() < 2 * R + EventConfig().contact_tolerance  # never touches the 10 on its line
    assert ts[int(np.argmin(d10))] < ts[int(np.argmax(d3 <= 2 * R))]  # ... nearest to it before it meets the 3
    assert np.linalg.norm(np.array(TEN[9]) - np.array(TEN[0])) > 0.03  # the 10 seen 3 cm off its place at 37.0
    assert paths[10].breaks[0] > paths[3].breaks[0] + 0.02
