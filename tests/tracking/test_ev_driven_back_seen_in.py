"""A resting ball struck into a cushion a little way off, seen once on its way in and then back out (t20b). The
sightings are ho15 nine-ball-rack-115 at 30/720p, 61.90-62.50 s (dev; main's cached detections): the cue ball
hits the 1 (62.178), the 1 hits the 3 (62.194), resting 19.3 mm off the foot nose; the 3 touches the foot cushion
(62.2082, truth) and the 1 hits it again (62.234). The 3 is seen 12.1 mm off the nose 8 ms after the hit, then
24.8 mm off: it turned between the two, and only the cushion turns a struck ball back toward its hitter.
``_driven_back_off`` took a touch only where the ball could have reached the nose by its first sighting or was
seen at it; in the full shot (the hit timed at 62.1919 from the rack's chain) the contact was missed.
``_driven_back_off`` is called as ``_cushions`` calls it for that collision. tracking.paths and tracking.events
alone."""

from __future__ import annotations

import numpy as np

from tracking.events import EventConfig, ShotEvent, _driven_back_off
from tracking.paths import fit_path
from vision.geometry import TableGeometry

G = TableGeometry()
DT = 1.0 / 30
T = np.round(61.9 + np.arange(19) / 30.0, 4)
XY = {1: [[2.4184, 0.4768]] * 8 + [[2.4186, 0.477], [2.4377, 0.4515], [2.4307, 0.426], [2.3992, 0.4119],
                                   [2.3781, 0.4149], [2.3565, 0.4179], [2.3375, 0.419], [2.3229, 0.4214],
                                   [2.3057, 0.4221], [2.2872, 0.4235], [2.2692, 0.4252]],
      3: [[2.4921, 0.4384]] * 9 + [[2.4994, 0.4364], [2.4866, 0.4216], [2.4778, 0.4111], [2.4708, 0.4021],
                                   [2.4624, 0.3924], [2.4543, 0.3839], [2.4452, 0.3756], [2.439, 0.3674],
                                   [2.4292, 0.3581], [2.4205, 0.35]]}
HIT = 62.1919
TRUTH = 62.2082


def touches(xy3: list[list[float]] | None = None) -> list[tuple[float, int, str, float]]:
    xy = {**XY, 3: xy3 or XY[3]}
    paths = {}
    for b, v in xy.items():
        path = fit_path(b, T, np.array(v), tolerance=0.009)
        assert path is not None
        paths[b] = path
    ev = ShotEvent(t=HIT, type="collision", balls=(1, 3))
    p = np.array(XY[3][0])
    hitter = paths[1].piece_at(HIT - 0.5 * DT).pos(HIT)
    n = (p - hitter) / np.linalg.norm(p - hitter)
    return _driven_back_off(ev, 3, 1, p, n, paths, [ev], [], G, DT, EventConfig())


def test_seen_on_its_way_in_then_back_out_touched() -> None:
    got = touches()
    assert [(b, r) for _, b, r, _ in got] == [(3, "foot")], got  # main: none
    assert abs(got[0][0] - TRUTH) < 0.015, got


def test_not_when_it_never_came_nearer() -> None:
    # its first sighting after the hit no nearer the nose than it rested: nothing says it went in
    xy3 = [list(x) for x in XY[3]]
    xy3[9] = [2.4921, 0.4364]
    assert touches(xy3) == []
