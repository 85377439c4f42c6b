"""Automatic calibration on rendered tables of every cloth, and the clear errors for frames without a table."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from vision_scenes import LAYOUTS, render

from adjudicator.errors import CalibrationError
from vision.detect import BallDetector
from vision.geometry import TableGeometry
from vision.head import find_rack, head_from_rack
from vision.table_finder import calibrate_image
from vision.types import Frame

G = TableGeometry()
CORNERS = np.array([[0, 0], [G.length, 0], [G.length, G.width], [0, G.width]])


@pytest.mark.parametrize("cloth", LAYOUTS["cloths"])
def test_the_table_is_found_on_any_cloth(cloth: str) -> None:
    img, _, scene = render("scattered", cloth=cloth, k1=-0.05)
    truth = scene.camera.calibration()
    cal = calibrate_image(img)
    assert cal.source == "auto" and cal.reprojection_error_mm is not None and cal.reprojection_error_mm < 3
    err = np.linalg.norm(cal.image_to_table(truth.table_to_image(CORNERS)) - CORNERS, axis=1)
    # The renderer draws the cushion nose at cloth level, 29 mm below the ball-centre plane of the truth
    # homography: about 1 % of scale, so up to ~12 mm at the corners. Anything worse is a real fault.
    assert err.max() < 0.015


@pytest.mark.parametrize("head", ["left", "right"])
def test_the_head_is_found_from_the_rack(head: str) -> None:
    img, _, scene = render("rack9", cloth="green", head=head)
    cal = calibrate_image(img)  # default head: left
    obs = BallDetector(cal, identifier=False).detect(Frame(0, 0.0, img))
    assert head_from_rack(cal, obs) == head


def test_no_rack_no_head() -> None:
    assert find_rack(np.array([[0.5, 0.5], [1.0, 0.3], [2.0, 1.0]]), 2 * G.ball_radius) is None


@pytest.mark.parametrize("image, message", [
    (np.full((480, 640, 3), 128, np.uint8), "no coloured cloth"),
    (np.zeros((480, 640, 3), np.uint8), "too dark"),
    (np.zeros((20, 30, 3), np.uint8), "too small"),
])
def test_frames_without_a_usable_table_say_what_to_try(image: np.ndarray, message: str) -> None:
    with pytest.raises(CalibrationError, match=message) as info:
        calibrate_image(image)
    assert "--corners" in str(info.value)


def test_a_table_too_small_in_the_frame() -> None:
    img = np.full((720, 1280, 3), 60, np.uint8)
    cv2.rectangle(img, (600, 330), (680, 370), (150, 95, 25), -1)  # a blue 'table' of 80 x 40 px
    with pytest.raises(CalibrationError, match="too small"):
        calibrate_image(img)
