"""BallDetector recall for a ball stopped in a corner pocket's jaws (2019 clip 18: the 4 came to rest in the
foot-left jaws, its centre 4 mm inside the foot nose line, and was dropped as "in the pocket", so tracking called
it pocketed), while a pocket, a rail or a ball deeper in the pocket stays unseen."""

from __future__ import annotations

import numpy as np
import pytest
from vision_scenes import scene

from cueref.synth import render_frame
from vision.detect import BallDetector
from vision.geometry import BALL_RADIUS, TableGeometry
from vision.types import Frame

HD = (1920, 1080)
BALL = 1  # a light ball, as clip 18's 4 (a dark one over the hole loses its dark pixels to the pocket there)


def _found(pos: np.ndarray) -> np.ndarray:
    """Balls found once ball BALL has rolled to ``pos[BALL]``: the cloth and the pockets' dark are learnt from a frame
    without it (as in a clip, where the ball arrives later)."""
    sc = scene(cloth="blue", resolution=HD)
    det = BallDetector(sc.camera.calibration(), identifier=False)
    before = pos.copy()
    before[BALL] = (1.5, 0.6)
    det.detect(Frame(index=0, t=0.0, image=render_frame(sc, before, rng=np.random.default_rng(1))))
    return det.detect(Frame(index=1, t=0.04, image=render_frame(sc, pos, rng=np.random.default_rng(1)))).xy


def _in_jaws(corner: int, short: float, long: float) -> tuple[float, float]:
    """A centre ``short`` m inside the short (end) nose line and ``long`` m inside the long one, at a corner."""
    g = TableGeometry()
    x = short if corner in (0, 1) else g.length - short
    y = long if corner in (0, 2) else g.width - long
    return x, y


@pytest.mark.parametrize("corner", [0, 1, 2, 3])
def test_a_ball_at_rest_in_a_corner_pockets_jaws_is_found(corner: int) -> None:
    pos = np.full((16, 2), np.nan)
    pos[BALL] = _in_jaws(corner, 0.004, 0.028)  # as clip 18's 4: over the short nose line, 62 mm from the pocket
    pos[0] = (1.0, 0.6)
    xy = _found(pos)
    assert len(xy) == 2
    assert np.linalg.norm(xy - pos[BALL], axis=1).min() < 0.5 * BALL_RADIUS


@pytest.mark.parametrize("corner", [0, 3])
def test_a_ball_deeper_in_a_corner_pocket_is_not_reported(corner: int) -> None:
    pos = np.full((16, 2), np.nan)
    pos[BALL] = _in_jaws(corner, -0.01, 0.01)  # 41 mm from the pocket's centre: in the pocket
    pos[0] = (1.0, 0.6)
    assert len(_found(pos)) == 1


def test_only_a_ball_confirmed_in_the_jaws_may_pass_the_nose_lines() -> None:
    g = TableGeometry()
    det = BallDetector(scene(cloth="blue", resolution=HD).camera.calibration(), identifier=False)
    pts = np.array([_in_jaws(2, 0.004, 0.028),  # in the foot-left jaws
                    _in_jaws(2, -0.02, 0.09),  # on the foot cushion beside the jaw, out of the mouth
                    _in_jaws(2, 0.004, g.width / 2),  # on the foot nose line, far from any pocket
                    _in_jaws(2, -0.01, 0.01)])  # in the pocket
    assert det._plausible(pts).tolist() == [False, False, False, False]
    assert det._plausible(pts, np.ones(4, bool)).tolist() == [True, False, False, False]
