"""BallDetector recall deep in a rack (issue 4, fifth round): a maroon 7 in a rack on red cloth is found as a hole
in the packing (``_rack_holes``), but its neighbours' distance peaks lie off their centres, pushed away from the
cloth-coloured ball, so the nearest found centre stood 1.6 radii from the hole: it must be more than 1.5 radii
(two balls cannot stand closer than 2). The scene is that of dev seed 91 (frame 2) of ``bench/vision.py``, the
rack alone (the cue ball, cue and arm left out), drawn with four noise seeds; the detector before this change
missed the 7 in all of them."""

from __future__ import annotations

import numpy as np
from vision_scenes import render_balls

from vision.detect import BallDetector
from vision.geometry import BALL_RADIUS
from vision.types import Frame

CAMERA = {'tilt_deg': (0.8205, 0.6386), 'roll_deg': -0.4149, 'k1': -0.0132, 'head': 'left', 'fill': 0.9105}
# ball: (position, orientation, velocity): the 12 rolls away from the rack
RACK = {
    1: ((2.0538, 0.66375), [[-0.51926, 0.82964, -0.20511], [-0.54094, -0.13326, 0.83044], [0.66163, 0.54216, 0.51798]], (0.0, 0.0)),
    3: ((1.95454, 0.66375), [[-0.54985, 0.19528, 0.81212], [0.68792, -0.44558, 0.5729], [0.47374, 0.87368, 0.11066]], (0.0, 0.0)),
    5: ((2.05333, 0.6068), [[-0.94796, 0.29197, 0.12701], [-0.06797, -0.57529, 0.81512], [0.31106, 0.76406, 0.5652]], (0.0, 0.0)),
    7: ((2.00404, 0.63514), [[0.74432, -0.24885, 0.61973], [-0.65999, -0.13236, 0.73952], [-0.102, -0.95946, -0.26275]], (0.0, 0.0)),
    8: ((1.95447, 0.60661), [[0.13238, 0.58915, -0.79711], [0.11913, -0.80781, -0.57727], [-0.98401, -0.01854, -0.17712]], (0.0, 0.0)),
    9: ((2.00434, 0.5779), [[0.80115, 0.1594, -0.57685], [0.1169, 0.90363, 0.41204], [0.58694, -0.39754, 0.70531]], (0.0, 0.0)),
    11: ((2.10325, 0.63546), [[-0.68985, 0.71708, 0.09955], [0.67595, 0.58875, 0.44324], [0.25923, 0.37306, -0.89086]], (0.0, 0.0)),
    12: ((1.90555, 0.63515), [[-0.49298, -0.79232, -0.35944], [-0.49386, 0.59496, -0.63413], [0.71629, -0.1351, -0.6846]], (0.51618, -0.53872)),
    15: ((2.00417, 0.69204), [[-0.5386, 0.84084, -0.05387], [-0.49021, -0.26072, 0.8317], [0.68528, 0.47436, 0.55261]], (0.0, 0.0)),
}


def test_a_maroon_7_deep_in_a_rack_on_red_cloth_is_found() -> None:
    for seed in range(4):
        img, pos, camera = render_balls(RACK, CAMERA, "red", seed)
        xy = BallDetector(camera.calibration(), identifier=False).detect(Frame(index=0, t=0.0, image=img)).xy
        assert len(xy) == len(RACK)  # every ball, no false one
        assert np.linalg.norm(xy - pos[7], axis=1).min() < 0.5 * BALL_RADIUS
