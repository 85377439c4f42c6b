"""BallDetector recall for balls of the cloth's colour (issue 4, fourth round): a red ball smeared by motion on red
cloth (its outline votes reach only part of the usual threshold), a maroon 15 frozen to a rail on red cloth (its
blob has a cloth-coloured band, so its distance peak lies off its centre, past the nose line) and a green 6
smeared on green cloth (only its lit half is not cloth). The scenes for the last two are those of dev seeds 70
(frame 1) and 1 (frame 22) of ``bench/vision.py``, with only that ball and one other on the table; the detector of
the third round missed the first in 4 of 6 noise draws, the second in 4 of 4 and the third in 2 of 4."""

from __future__ import annotations

import numpy as np
import pytest
from vision_scenes import scene

from cueref.synth import CameraModel, Occluder, RenderStyle, TableScene, random_orientation, render_frame
from vision.detect import BallDetector
from vision.geometry import BALL_RADIUS, TableGeometry
from vision.types import Frame

HD = (1920, 1080)


def _detect(sc: TableScene, pos: np.ndarray, ori: np.ndarray, vel: np.ndarray, seed: int,
            occluders: list[Occluder] | None = None) -> np.ndarray:
    img = render_frame(sc, pos, orientations=ori, velocities=vel, occluders=occluders or (),
                       rng=np.random.default_rng(seed))
    det = BallDetector(sc.camera.calibration(), identifier=False)
    return det.detect(Frame(index=0, t=0.0, image=img)).xy


@pytest.mark.parametrize("seed", range(6))
def test_a_red_ball_smeared_on_red_cloth_is_found(seed: int) -> None:
    sc = scene(cloth="red", resolution=HD)
    pos = np.full((16, 2), np.nan)
    pos[3], pos[0] = (1.4, 0.8), (0.7, 0.6)
    vel = np.zeros((16, 2))
    vel[3] = (-2.7, -0.9)
    rng = np.random.default_rng(seed)
    ori = np.array([random_orientation(rng) for _ in range(16)])
    xy = _detect(sc, pos, ori, vel, seed)
    assert len(xy) == 2
    assert np.linalg.norm(xy - pos[3], axis=1).min() < 0.5 * BALL_RADIUS


@pytest.mark.parametrize("cloth", ["red", "green"])
def test_no_faint_ball_on_an_arm_and_cue_over_the_cloth(cloth: str) -> None:
    # the fainter outline threshold must not turn an arm's or a cue's edges into balls
    sc = scene(cloth=cloth, resolution=HD)
    pos = np.full((16, 2), np.nan)
    pos[0] = (0.9, 0.6)
    d = np.array([0.8, 0.6])
    tip = pos[0] + d * (BALL_RADIUS + 0.03)
    elbow = tip + d * 0.45 + np.array([-d[1], d[0]]) * 0.12
    occ = [Occluder(tuple(tip + d * 1.2), tuple(tip), 0.014, 0.0065, height=0.05, kind="cue"),
           Occluder(tuple(tip + d * 0.12), tuple(elbow), 0.045, 0.05, height=0.15, kind="skin"),
           Occluder(tuple(elbow), tuple(elbow + d * 0.5), 0.06, 0.07, height=0.25, kind="sleeve")]
    for seed in range(3):
        xy = _detect(sc, pos, np.tile(np.eye(3), (16, 1, 1)), np.zeros((16, 2)), seed, occ)
        assert len(xy) == 1
        assert np.linalg.norm(xy[0] - pos[0]) < 0.5 * BALL_RADIUS


def _dev_scene(cloth: str, ball: int, at: tuple[float, float], ori: list[list[float]], vel: tuple[float, float],
               seed: int, **cam: object) -> tuple[np.ndarray, np.ndarray]:
    camera = CameraModel.overhead(TableGeometry(), HD, **cam)  # type: ignore[arg-type]
    sc = TableScene(camera, RenderStyle(cloth=cloth))
    pos = np.full((16, 2), np.nan)
    pos[ball], pos[0] = at, (1.2, 0.6)
    o = np.tile(np.eye(3), (16, 1, 1))
    o[ball] = ori
    v = np.zeros((16, 2))
    v[ball] = vel
    return _detect(sc, pos, o, v, seed), pos[ball]


@pytest.mark.parametrize("seed", range(4))
def test_a_maroon_15_at_a_rail_on_red_cloth_is_found(seed: int) -> None:
    xy, truth = _dev_scene("red", 15, (2.51142, 0.34459),
                           [[0.26743, 0.36478, 0.89186], [0.24994, 0.86763, -0.42982], [-0.9306, 0.33785, 0.14086]],
                           (0.0, 0.0), seed, tilt_deg=(0.4476, -0.3556), roll_deg=0.9304, k1=-0.0208, head="left",
                           fill=0.8658)
    assert len(xy) == 2
    assert np.linalg.norm(xy - truth, axis=1).min() < 0.3 * BALL_RADIUS


@pytest.mark.parametrize("seed", range(4))
def test_a_green_6_smeared_on_green_cloth_is_found(seed: int) -> None:
    xy, truth = _dev_scene("green", 6, (2.30609, 0.0766),
                           [[0.67216, -0.73499, 0.08939], [0.24691, 0.10869, -0.96292], [0.69802, 0.66931, 0.25454]],
                           (0.0711, 2.5434), seed, tilt_deg=(0.9009, -0.7117), roll_deg=0.8973, k1=-0.0551,
                           head="right", fill=0.8623)
    assert len(xy) == 2
    assert np.linalg.norm(xy - truth, axis=1).min() < 0.5 * BALL_RADIUS
