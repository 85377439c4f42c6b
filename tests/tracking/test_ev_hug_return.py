"""A fast return to the cushion a ball touched last, in two frames (t19b). The sightings are ho15 break-8-250's 14 at
60/720p (dev; main's cached detections), 1.95-2.45 s: off the right cushion at 2.1553 s (truth), struck by the 11 at
2.2276 (a collision the tracker did not find; the 11 is left out here, as it was missed there), back on the right
cushion at 2.2664 at 2 m/s, seen 44, 20 and 0 mm off it on three frames running. With no collision between,
``_hugging`` asked for four closing sightings and dropped the second contact as a ball running along the rail.
tracking.paths and tracking.events alone."""

from __future__ import annotations

import numpy as np
from madeup import sighted_cushions

from vision.geometry import TableGeometry

G = TableGeometry()
T = np.round(1.95 + np.arange(31) / 60.0, 4)
XY = np.array([[2443, 1012], [2397, 1034], [2352, 1053], [2305, 1072], [2249, 1093], [2207, 1113], [2162, 1131],
               [2117, 1149], [2064, 1170], [2025, 1185], [1978, 1202], [1933, 1219], [1887, 1237], [1848, 1233],
               [1811, 1219], [1768, 1209], [1734, 1198], [1699, 1198], [1667, 1221], [1639, 1242], [1605, 1228],
               [1571, 1211], [1540, 1198], [1509, 1184], [1470, 1168], [1439, 1158], [1406, 1146], [1373, 1133],
               [1337, 1121], [1307, 1107], [1273, 1097]]) / 1000.0
TRUTH = (2.1553, 2.2664)


def cushions(xy: np.ndarray) -> list[tuple[float, str]]:
    return sighted_cushions(14, T, xy, fps=60)


def test_a_fast_return_to_the_same_cushion_is_a_second_contact() -> None:
    got = cushions(XY)
    assert [r for _, r in got] == ["right", "right"], got
    for (t, _), truth in zip(got, TRUTH, strict=True):
        assert abs(t - truth) < 0.01, got


def test_one_stray_sighting_toward_the_cushion_is_no_return() -> None:
    # the same ball running on 20 mm off the right cushion after the first contact, one sighting 15 mm nearer:
    # still running along it (the moves toward the cushion come one at a time, not two a cm each in a row)
    xy = XY.copy()
    y_run = G.width - G.ball_radius - 0.020
    xy[14:, 1] = y_run
    xy[20, 1] = y_run + 0.015
    got = cushions(xy)
    assert [r for _, r in got] == ["right"], got
