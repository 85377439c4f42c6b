"""A corner rattle's contact that stopped the ball in the mouth (trat18). The sightings are ho17
nine-ball-rack-117's 1 at 30/720p (dev since round seventeen's measurement; main's cached detections): 3.6 m/s into
the foot-right corner's mouth, then right, foot, right, foot, right in 186 ms (truth 33.4286, 33.4757, 33.5020,
33.5373, 33.6141 s). The first foot contact stops the ball in the mouth: its kink lies 22.6 mm off the foot nose
(the jaw meets the ball short of the nose line), past ``kink_tolerance``, and the stall piece after it has two
sightings. Only the second foot contact was found. tracking.paths and tracking.events alone."""

from __future__ import annotations

import numpy as np
from madeup import sighted_cushions

from tracking.events import EventConfig

T = np.round(33.2 + np.arange(23) / 30.0, 4)
XY = np.array([[1.9931, 1.1514], [1.9931, 1.1514], [1.9931, 1.1514], [1.9931, 1.1514], [2.0386, 1.162],
               [2.1595, 1.19], [2.2815, 1.2207], [2.3949, 1.2394], [2.489, 1.2183], [2.4901, 1.2575],
               [2.5155, 1.2128], [2.4842, 1.2232], [2.4474, 1.2355], [2.4135, 1.2361], [2.3823, 1.2287],
               [2.3529, 1.223], [2.3216, 1.2169], [2.2903, 1.2107], [2.2604, 1.2039], [2.2304, 1.1967],
               [2.1998, 1.1909], [2.1684, 1.184], [2.1398, 1.1783]])
TRUTH = [(33.4286, "right"), (33.4757, "foot"), (33.5020, "right"), (33.5373, "foot"), (33.6141, "right")]


def cushions(cfg: EventConfig | None = None) -> list[tuple[float, str]]:
    return sighted_cushions(1, T, XY, fps=30, tolerance=0.006, cfg=cfg)


def test_each_contact_of_a_corner_rattle_is_found() -> None:
    got = cushions()
    assert len(got) == len(TRUTH), got
    for (t, r), (tt, tr) in zip(got, TRUTH, strict=True):
        assert r == tr and abs(t - tt) < 0.02, (got, TRUTH)


def test_without_corner_reach_the_stalled_foot_contact_is_missed() -> None:
    # the rule off (reach 0): the earlier behaviour, one foot contact for the two
    got = cushions(EventConfig(corner_reach=0.0))
    assert len([1 for _, r in got if r == "foot"]) == 1, got

