"""BallDetector recall in packed racks (issue 4): a rack whose gaps shadows fill is one wide blob with no distance
peak per ball; its k-means split also starts from the centres the balls' outlines vote for."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from scipy.optimize import linear_sum_assignment
from vision_scenes import render

from vision.detect import BallDetector
from vision.geometry import BALL_RADIUS
from vision.types import Frame

HD = (1920, 1080)


def _missed_and_extra(truth: np.ndarray, found: np.ndarray) -> tuple[int, int]:
    if len(found) == 0:
        return len(truth), 0
    d = np.linalg.norm(truth[:, None] - found[None], axis=-1)
    i, j = linear_sum_assignment(d)
    ok = int((d[i, j] < BALL_RADIUS).sum())
    return len(truth) - ok, len(found) - ok


@pytest.mark.parametrize("cloth", ["blue", "green"])
def test_the_outlines_of_a_packed_rack_vote_for_each_balls_centre(cloth: str) -> None:
    img, pos, sc = render("rack15", cloth=cloth, resolution=HD, seed=1)
    det = BallDetector(sc.camera.calibration(), identifier=False)
    fg = cv2.morphologyEx(det.foreground(img), cv2.MORPH_OPEN, np.ones((2, 2), np.uint8))
    n, labels, stats, _ = cv2.connectedComponentsWithStats(fg, connectivity=8)
    k = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))  # the rack
    x, y, w, h = (int(v) for v in stats[k, :4])
    comp = (labels[y:y + h, x:x + w] == k).astype(np.uint8)
    voted = det._blob_vote_peaks(comp, x, y, det.r_small)
    rack = pos[1:16]
    x0, y0 = det.roi[:2]
    truth = (sc.camera.calibration().table_to_image(rack) - [x0, y0]) * det.scale
    d = np.linalg.norm(voted[:, None] - truth[None], axis=-1)
    # the voted points are on the balls' centres (at most one in a gap: a ball of the cloth's colour leaves one) ...
    assert (d.min(axis=1) >= 0.4 * det.r_small).sum() <= 1
    # ... and most of the balls get one (a ball of the cloth's colour may not be in the blob)
    assert (d.min(axis=0) < 0.4 * det.r_small).sum() >= 12


@pytest.mark.parametrize(("cloth", "moving"), [("blue", (9, 8, 12)), ("blue", (3, 5, 11)), ("red", (8, 7, 12))])
def test_a_rack_with_balls_in_motion_is_found_whole(cloth: str, moving: tuple[int, ...]) -> None:
    vel = np.zeros((16, 2))
    for n, b in enumerate(moving):  # 2.5-3 m/s: each smeared over about a ball's diameter in the exposure
        a = 0.7 + 2.1 * n
        vel[b] = 2.8 * np.array([np.cos(a), np.sin(a)])
    det = None
    missed = extra = 0
    for seed in range(3):
        img, pos, sc = render("rack15", cloth=cloth, resolution=HD, seed=seed, velocities=vel)
        det = det or BallDetector(sc.camera.calibration(), identifier=False)
        obs = det.detect(Frame(index=seed, t=seed / 25, image=img))
        m, e = _missed_and_extra(pos[np.isfinite(pos[:, 0])], obs.xy)
        missed, extra = missed + m, extra + e
    assert (missed, extra) == (0, 0)
