"""A slow turn off a cushion whose kink the pieces put in a corner's mouth (t20b). The sightings are ho15
eight-ball-rack-115's cue ball at 30/720p, 48.40-49.50 s (dev; main's cached detections): off the foot cushion
(48.949) it rolls along the left cushion 7 cm from the corner, heading in at 0.25 m/s, and turns off it at 49.0795
(truth), 4 mm off the nose. The greedy fit ends a three-sighting piece at 49.000 (across the foot bounce) and the
next piece's quadratic absorbs the V; their kink (48.9917) is fitted 3 mm off the left nose inside the corner's
mouth, where the kink itself was taken as the contact: 88 ms early (a false contact and a miss). The V of the
sightings' distance from the left nose (``_hinge_time``, as for any slow turn) puts the turn at 49.087, beside the
mouth on the straight cushion. tracking.paths and tracking.events alone."""

from __future__ import annotations

import numpy as np
from madeup import G, sighted_cushions

from tracking.paths import fit_path

T = np.round(48.4 + np.arange(34) / 30.0, 4)
XY = np.array([[2.0574, 0.4845], [2.0799, 0.4486], [2.1028, 0.4129], [2.1301, 0.3783], [2.1584, 0.345],
               [2.1882, 0.3122], [2.22, 0.2801], [2.2558, 0.2494], [2.2908, 0.2197], [2.3287, 0.19], [2.369, 0.1616],
               [2.4136, 0.1329], [2.457, 0.1069], [2.5044, 0.0804], [2.494, 0.0421], [2.4884, 0.0271],
               [2.5084, 0.0528], [2.5036, 0.0592], [2.4876, 0.0509], [2.4649, 0.0409], [2.4448, 0.0327],
               [2.4305, 0.0324], [2.4186, 0.0379], [2.4026, 0.0415], [2.3899, 0.0452], [2.3772, 0.049],
               [2.3637, 0.0526], [2.351, 0.056], [2.3384, 0.059], [2.3257, 0.0633], [2.3129, 0.067], [2.3008, 0.0698],
               [2.2878, 0.0738], [2.2761, 0.077]])
TRUTH_LEFT = 49.0795


def cushions() -> list[tuple[float, str]]:
    return sighted_cushions(0, T, XY)


def test_the_fit_puts_the_kink_in_the_mouth() -> None:
    # the premise: a kink between 48.95 and 49.03 whose fitted place lies inside the foot-left corner's mouth
    from tracking.events import _in_mouth, _kinks
    p = fit_path(0, T, XY, tolerance=0.009)
    assert p is not None
    ks = [tk for tk, _, _ in _kinks(p) if 48.95 < tk < 49.03]
    assert ks and all(_in_mouth(G, p.pos(tk), 0.0) for tk in ks), ks


def test_the_slow_turn_beside_the_mouth_is_timed_on_the_sightings() -> None:
    lefts = [t for t, r in cushions() if r == "left" and t > 48.95]
    assert len(lefts) == 1, lefts
    assert abs(lefts[0] - TRUTH_LEFT) < 0.015, lefts  # main: 48.9917, 88 ms early
