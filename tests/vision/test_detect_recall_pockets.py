"""BallDetector recall where a ball sits in a side pocket's mouth (issue 4, tracking round: a ball rolling along
a side pocket's lip was dropped as "in the pocket" for several frames) while a ball in a pocket stays unseen."""

from __future__ import annotations

import numpy as np
import pytest
from vision_scenes import scene

from cueref.synth import render_frame
from vision.detect import BallDetector
from vision.geometry import BALL_RADIUS, TableGeometry
from vision.types import Frame

HD = (1920, 1080)


def _found(pos: np.ndarray, cloth: str = "blue") -> np.ndarray:
    sc = scene(cloth=cloth, resolution=HD)
    img = render_frame(sc, pos, rng=np.random.default_rng(1))
    det = BallDetector(sc.camera.calibration(), identifier=False)
    return det.detect(Frame(index=0, t=0.0, image=img)).xy


@pytest.mark.parametrize("dx", [-0.04, -0.012, 0.0, 0.03])
@pytest.mark.parametrize("far_side", [False, True])
def test_a_ball_on_a_side_pockets_lip_is_found(dx: float, far_side: bool) -> None:
    g = TableGeometry()
    y = g.width - 0.018 if far_side else 0.018  # centre 18 mm inside the nose line: half the ball over the mouth
    pos = np.full((16, 2), np.nan)
    pos[4] = (g.length / 2 + dx, y)
    pos[0] = (0.6, 0.6)
    xy = _found(pos)
    assert len(xy) == 2
    assert np.linalg.norm(xy - pos[4], axis=1).min() < 0.5 * BALL_RADIUS


def test_a_ball_past_the_nose_line_in_a_corner_is_not_reported() -> None:
    # the corner pockets keep their clearance: a centre 40 mm from a corner pocket's centre is in the pocket
    g = TableGeometry()
    pk = g.pockets[0].centre
    pos = np.full((16, 2), np.nan)
    pos[0] = (1.0, 0.6)
    xy = _found(pos)
    assert len(xy) == 1
    det = BallDetector(scene(cloth="blue", resolution=HD).camera.calibration(), identifier=False)
    inside = np.array([[pk[0] + 0.028, pk[1] + 0.028], [g.length / 2, 0.002 - 0.01], [g.length / 2, 0.03]])
    assert det._plausible(inside).tolist() == [False, False, True]
