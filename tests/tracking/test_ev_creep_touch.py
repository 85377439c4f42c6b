"""A ball that creeps into a cushion and rests against it, timed by ``_rests_against`` (t21c). The sightings are
ho15 break-8-250's 14 at 60/720p (dev; main's cached detections, to 0.1 mm), 7.5 s to the end: rolling in at
2-3 cm/s onto the left cushion, touching it at 8.1871 s (truth), backing off 1.4 mm and resting there. The detector
sees it resting 28.5 mm off the nose line (1.4 mm nearer than it rests in truth) and 28.4 mm off at 8.1833, its
nearest; the straight line through its way in reached 2 mm inside the rest spot only at 8.237 s, 50 ms late (the
match window). A creeping ball is nearest the cushion when it touches. tracking.paths and tracking.events alone."""

from __future__ import annotations

import numpy as np
from madeup import sighted_cushions

T = np.round(7.5 + np.arange(69) / 60.0, 4)
XY = np.array([[2390, 558], [2411, 548], [2427, 536], [2456, 524], [2467, 513], [2475, 507], [2493, 496],
               [2505, 484], [2522, 474], [2525, 473], [2546, 466], [2558, 453], [2570, 453], [2579, 436],
               [2594, 437], [2599, 426], [2621, 416], [2624, 411], [2648, 397], [2656, 392], [2674, 387],
               [2686, 379], [2690, 372], [2702, 368], [2719, 358], [2719, 366], [2727, 350], [2740, 344],
               [2747, 346], [2761, 341], [2759, 338], [2775, 329], [2778, 323], [2786, 320], [2788, 316],
               [2796, 310], [2803, 303], [2809, 298], [2820, 296], [2823, 293], [2828, 287], [2828, 284],
               [2840, 287], [2840, 287], [2853, 291], [2856, 290], [2856, 290], [2865, 290], [2865, 290],
               [2871, 285], [2871, 285], [2871, 285], [2881, 285], [2881, 285], [2882, 285], [2882, 285],
               [2882, 285], [2882, 285], [2882, 285], [2882, 285], [2882, 285], [2882, 285], [2882, 285],
               [2882, 285], [2882, 285], [2882, 285], [2882, 285], [2882, 285], [2882, 285]]) / 10000.0
TRUTH = 8.1871


def test_a_creep_into_the_cushion_is_timed_when_first_seen_nearest_it() -> None:
    got = sighted_cushions(14, T, XY, fps=60)
    assert [r for _, r in got] == ["left"], got
    assert abs(got[0][0] - TRUTH) < 0.01, got


def test_the_line_in_still_times_a_touch_seen_nearest_only_later() -> None:
    # the same ball seen at rest no nearer than 29 mm, its nearest sighting (28.5 mm) 0.3 s after it came to rest:
    # the touch stays where its way in says, before that sighting
    xy = XY.copy()
    xy[41:, 1] = np.maximum(xy[41:, 1], 0.0290)
    xy[60, 1] = 0.0285
    got = sighted_cushions(14, T, xy, fps=60)
    assert [r for _, r in got] == ["left"], got
    assert got[0][0] < T[60] - 0.1, got
