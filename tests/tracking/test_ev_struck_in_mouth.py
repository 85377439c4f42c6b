"""A ball struck from rest by a pocket's mouth is no jaw contact (t20b). The sightings are ho15 combination-251's cue
ball at 30/720p, 0.90-1.57 s (dev; main's cached detections): at rest 14 mm off the left nose, 6.6 cm from the
side-left pocket's middle (inside the mouth test's reach), and struck away from the rail at 3.5 m/s (truth: no
cushion). The strike's kink lies in the mouth, where a change of velocity off the rail reads as an angled jaw
pushing the ball back; that was meant for a moving ball. The cue set this one off, so no contact; a rattle's short
stall between jaws (a piece of a sighting or two) still counts. tracking.paths and tracking.events alone."""

from __future__ import annotations

import numpy as np
from madeup import G, sighted_cushions

from tracking.events import _in_mouth

T = np.round(0.9 + np.arange(21) / 30.0, 4)
XY = np.array([[1.2043, 0.0422]] * 16 + [[1.2068, 0.1117], [1.2131, 0.2249], [1.2185, 0.3395], [1.2229, 0.4485],
                                          [1.2274, 0.5566]])


def test_the_rest_is_in_the_mouth() -> None:
    assert _in_mouth(G, XY[0], 0.0)


def test_a_strike_from_rest_in_a_mouth_is_no_cushion() -> None:
    assert sighted_cushions(0, T, XY) == []  # main: left at 1.4142 (0.27)
