"""A fast turn between two sightings off the nose, where the moves beside them reach the nose and back in the gap
(t20b). The sightings are ho15 straight-pool-run-115's cue ball at 30/720p, 49.57-50.43 s (dev; main's cached
detections; from 49.57 s the pieces fall as in the shot: 49.77-50.17, 50.20-50.23, 50.27-): into the side-left
pocket's mouth at 1.26 m/s, off the near jaw tip (truth left 50.2158, the ball's centre 1 mm past the nose line)
and back out at 0.9 m/s. It is seen 18.4 and 16.4 mm off the nose at 50.200 and 50.233 (1.9 mm apart); the move in
carried on reaches the nose at 50.2146, the move out carried back left it at 50.2151. ``_split_bounces`` took two
nose sightings only within ``rail_tolerance`` (10 mm) of the nose; at a metre a second the V's sightings lie
farther off. tracking.paths and tracking.events alone."""

from __future__ import annotations

import numpy as np
from madeup import G, sighted_cushions

from tracking.events import EventConfig, _split_bounces
from tracking.paths import fit_path

T = np.round(49.5667 + np.arange(27) / 30.0, 4)
XY = np.array([[1.4428, 0.8853], [1.431, 0.8305], [1.418, 0.7774], [1.4054, 0.7287], [1.3942, 0.6806],
               [1.3823, 0.6343], [1.3687, 0.5909], [1.3569, 0.5477], [1.3431, 0.5056], [1.3325, 0.4633],
               [1.3196, 0.4211], [1.3081, 0.379], [1.2958, 0.337], [1.2844, 0.2947], [1.2718, 0.2541],
               [1.26, 0.2127], [1.2466, 0.171], [1.2359, 0.1299], [1.2234, 0.0888], [1.2124, 0.0469],
               [1.2127, 0.045], [1.2232, 0.0751], [1.2333, 0.1058], [1.2428, 0.1336], [1.2518, 0.1593],
               [1.2612, 0.1847], [1.269, 0.2063]])
TRUTH = 50.2158


def cushions(xy: np.ndarray = XY) -> list[tuple[float, str]]:
    return sighted_cushions(0, T, xy)


def test_the_jaw_tip_between_two_sightings_off_the_nose_is_found() -> None:
    got = cushions()
    assert [r for _, r in got] == ["left"], got  # main: none
    assert abs(got[0][0] - TRUTH) < 0.005, got


def test_not_where_the_moves_cannot_reach_the_nose_in_the_gap() -> None:
    # the same V 8 mm farther out (sightings 26.4 and 24.4 mm off): the move in reaches the nose 21 ms after the
    # first, the move out left it 27 ms before the second; the turn was short of the cushion, not this rule's
    xy = XY.copy()
    xy[:, 1] += 0.008
    p = fit_path(0, T, xy, tolerance=0.009)
    q = fit_path(0, T, XY, tolerance=0.009)
    assert p is not None and q is not None
    assert _split_bounces(p, G, 1.0 / 30, EventConfig()) == []
    assert [r for _, r, _, _ in _split_bounces(q, G, 1.0 / 30, EventConfig())] == ["left"]
