"""A slow creep into a cushion absorbed in one long piece, timed on a V whose way in is a parabola (t20b). The
sightings are ho15 bank-251's cue ball at 30/720p, 7.30-8.67 s (dev; main's cached detections): off the right
cushion it creeps into the foot cushion, slowing from 0.14 to 0.04 m/s, touches it at 8.1679 (truth) and comes
back off at a few mm/s. One 42-sighting piece takes it all; ``_bounce_inside`` searches the whole piece for the V
of the distance from the foot nose. A straight way in over those 0.7 s is bent by the slowing: the best line-line
V put the contact at 8.0393, 129 ms early (a false contact and a miss); a parabola in, a line out puts it at 8.176.
tracking.paths and tracking.events alone."""

from __future__ import annotations

import numpy as np
from madeup import G, sighted_cushions

from tracking.events import _hinge_time
from tracking.paths import fit_path

T = np.round(7.3 + np.arange(42) / 30.0, 4)
XY = np.array([[2.4662, 1.2394], [2.4683, 1.2357], [2.4716, 1.2327], [2.4728, 1.2292], [2.4752, 1.2257],
               [2.4781, 1.223], [2.48, 1.2192], [2.4827, 1.2167], [2.4844, 1.2138], [2.4863, 1.2117], [2.4899, 1.2091],
               [2.4903, 1.2065], [2.4924, 1.2042], [2.4935, 1.2009], [2.4964, 1.1994], [2.4971, 1.196],
               [2.4998, 1.1946], [2.5012, 1.1923], [2.502, 1.1905], [2.5035, 1.1894], [2.5048, 1.1876],
               [2.5058, 1.1857], [2.5058, 1.1857], [2.5081, 1.1817], [2.5081, 1.1817], [2.5104, 1.1783],
               [2.5104, 1.1783], [2.5107, 1.1765], [2.5107, 1.1765], [2.5107, 1.1765], [2.5103, 1.1738],
               [2.5103, 1.1738], [2.5103, 1.1738], [2.5103, 1.1738]] + [[2.5095, 1.1724]] * 8)
TRUTH = 8.1679


def _path():
    p = fit_path(0, T, XY, tolerance=0.009)
    assert p is not None
    return p


def test_one_piece_takes_the_creep() -> None:
    assert len(_path().pieces) == 1


def test_the_touch_is_timed_within_a_frame() -> None:
    got = sighted_cushions(0, T, XY)
    assert [r for _, r in got] == ["foot"], got
    assert abs(got[0][0] - TRUTH) < 1.0 / 30, got  # main: 8.0393, 129 ms early


def test_a_straight_way_in_leans_the_apex_early() -> None:
    # the line-line V over the whole piece (main's timing), against the parabola-line V
    p = _path()
    mid, half = 0.5 * (T[0] + T[-1]), 0.5 * (T[-1] - T[0])
    line = _hinge_time(G, p, "foot", mid, T[0], T[-1], 1.0 / 30, span=half, reach=half * 30)
    bent = _hinge_time(G, p, "foot", mid, T[0], T[-1], 1.0 / 30, span=half, reach=half * 30, bend=True)
    assert line is not None and bent is not None
    assert TRUTH - line > 0.1 and abs(bent - TRUTH) < 0.02, (line, bent)
