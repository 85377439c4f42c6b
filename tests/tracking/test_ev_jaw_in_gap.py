"""A pocket jaw touched between two sightings in the mouth (t21c, ``_jaw_in_gap``). The sightings are ho15
break-8-250's 6 (dev; main's cached detections, to 0.1 mm), 3.1 s until it drops into foot-right at 3.5087 (truth):
off the 15 at 3.1862, right cushion at 3.2919, foot jaw at 3.3710, right jaw at 3.4508 (0.7 m/s in, 0.55 out).
The right jaw's contact lies 21 mm off the right nose line, into the mouth, where no nose-line rule looks; at
60/720p its pieces join the foot and right jaw contacts in one five-sighting line (three frames unseen before the
jaw), at 30/720p the sightings beside it are consecutive and the piece after it starts a frame early. The 15 is left
out (its collision is found in the pipeline). tracking.paths and tracking.events alone."""

from __future__ import annotations

import numpy as np
from madeup import sighted_cushions

T60 = np.array([3.1, 3.1167, 3.1333, 3.15, 3.1667, 3.1833, 3.2, 3.2167, 3.2333, 3.25, 3.2667, 3.2833, 3.3, 3.3167,
                3.3333, 3.35, 3.4, 3.4167, 3.4833, 3.5])
XY60 = np.array([[21898, 11997], [22245, 11978], [22598, 11958], [22958, 11925], [23328, 11911], [23690, 11880],
                 [23815, 11960], [23928, 12037], [24037, 12112], [24144, 12198], [24274, 12296], [24396, 12368],
                 [24552, 12394], [24704, 12322], [24874, 12295], [25056, 12237], [25117, 12331], [25048, 12430],
                 [25100, 12555], [25177, 12547]]) / 10000.0
T30 = np.array([3.1, 3.1333, 3.1667, 3.2, 3.2333, 3.2667, 3.3, 3.3333, 3.4, 3.4333, 3.4667, 3.5])
XY30 = np.array([[21903, 12011], [22608, 11961], [23328, 11901], [23815, 11949], [24036, 12122], [24266, 12288],
                 [24576, 12396], [24874, 12286], [25119, 12361], [24983, 12535], [25016, 12590],
                 [25170, 12548]]) / 10000.0
JAW = 3.4508


def _jaw_hits(got: list[tuple[float, str]]) -> list[tuple[float, str]]:
    return [(t, r) for t, r in got if t > 3.42]


def test_the_right_jaw_between_sightings_three_frames_apart_60fps() -> None:
    got = sighted_cushions(6, T60, XY60, fps=60)
    hits = _jaw_hits(got)
    assert [r for _, r in hits] == ["right"], got
    assert abs(hits[0][0] - JAW) < 1 / 60, got


def test_the_right_jaw_between_consecutive_sightings_30fps() -> None:
    got = sighted_cushions(6, T30, XY30, fps=30)
    hits = _jaw_hits(got)
    assert [r for _, r in hits] == ["right"], got
    assert abs(hits[0][0] - JAW) < 1 / 60, got

