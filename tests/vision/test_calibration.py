"""TableCalibration: the JSON contract, the two mappings (with and without a lens model), corners and heads."""

from __future__ import annotations

import json

import numpy as np
import pytest
from pinhole import project

from adjudicator.errors import CalibrationError
from vision.calibration import SCHEMA, TableCalibration

CORNERS = [[100.0, 90.0], [1800.0, 110.0], [1790.0, 960.0], [110.0, 940.0]]  # tl, tr, br, bl (image)
K = [[1500.0, 0.0, 960.0], [0.0, 1500.0, 540.0], [0.0, 0.0, 1.0]]


@pytest.mark.parametrize("head, origin_corner", [("left", 0), ("right", 2)])
def test_from_corners_puts_the_head_left_corner_where_the_head_is(head: str, origin_corner: int) -> None:
    cal = TableCalibration.from_corners(CORNERS, (1920, 1080), head=head)
    np.testing.assert_allclose(cal.table_to_image([0.0, 0.0]), CORNERS[origin_corner], atol=1e-6)
    # the foot end is at the other side of the image
    foot = cal.table_to_image([cal.length, cal.width / 2])
    assert (foot[0] > 960) == (head == "left")


@pytest.mark.parametrize("head, origin_corner", [("top", 1), ("bottom", 3)])
def test_upright_tables_take_top_and_bottom_heads(head: str, origin_corner: int) -> None:
    upright = [[500, 50], [1000, 50], [1000, 1050], [500, 1050]]
    cal = TableCalibration.from_corners(upright, (1920, 1080), head=head)
    np.testing.assert_allclose(cal.table_to_image([0.0, 0.0]), upright[origin_corner], atol=1e-6)
    # the table frame keeps its handedness (y to the right of a player at the head looking at the foot)
    a, b, c = cal.table_to_image([[0, 0], [1, 0], [0, 1]])
    u, v = b - a, c - a
    assert u[0] * v[1] - u[1] * v[0] > 0


def test_a_head_across_the_long_rails_is_refused() -> None:
    with pytest.raises(CalibrationError, match="--head top"):
        TableCalibration.from_corners(CORNERS, (1920, 1080), head="top")


@pytest.mark.parametrize("dist", [None, [-0.12, 0.03, 0.001, -0.0005, 0.0]])
def test_mappings_are_inverse_and_vectorised(dist: list[float] | None) -> None:
    base = TableCalibration.from_corners(CORNERS, (1920, 1080))
    cal = TableCalibration(image_size=(1920, 1080), homography=base.homography,
                           camera_matrix=None if dist is None else K, dist_coeffs=dist)
    xy = np.random.default_rng(0).uniform([0, 0], [2.54, 1.27], size=(5, 7, 2))
    px = cal.table_to_image(xy)
    assert px.shape == (5, 7, 2)
    np.testing.assert_allclose(cal.image_to_table(px), xy, atol=1e-7)


def test_distortion_matches_opencv_project_points() -> None:
    import cv2

    base = TableCalibration.from_corners(CORNERS, (1920, 1080))
    dist = np.array([-0.1, 0.02, 0.0, 0.0, 0.0])
    cal = TableCalibration(image_size=(1920, 1080), homography=base.homography, camera_matrix=K, dist_coeffs=dist)
    und = base.table_to_image([[0.3, 0.2], [2.5, 1.2]])
    k = np.array(K)
    norm = np.c_[(und - k[:2, 2]) / [k[0, 0], k[1, 1]], np.ones(2)]
    want, _ = cv2.projectPoints(norm.reshape(-1, 1, 3), np.zeros(3), np.zeros(3), k, dist)
    np.testing.assert_allclose(cal.table_to_image([[0.3, 0.2], [2.5, 1.2]]), want.reshape(-1, 2), atol=1e-6)


def test_save_load_round_trip_keeps_the_contract_fields(tmp_path) -> None:  # type: ignore[no-untyped-def]
    cal = TableCalibration.from_corners(CORNERS, (1920, 1080), head="right")
    cal.camera_matrix, cal.dist_coeffs = np.array(K), np.array([-0.05, 0.0, 0.0, 0.0, 0.0])
    path = tmp_path / "cal.json"
    cal.save(path)
    doc = json.loads(path.read_text())
    assert doc["schema"] == SCHEMA
    assert set(doc) >= {"image_size", "table", "length", "width", "homography", "camera_matrix", "dist_coeffs",
                        "head", "reprojection_error_mm", "source"}
    back = TableCalibration.load(path)
    xy = [[0.5, 0.5], [2.0, 1.0]]
    np.testing.assert_allclose(back.table_to_image(xy), cal.table_to_image(xy))
    assert back.head == "right" and back.source == "manual"
    assert not list(tmp_path.glob("*.tmp"))


def test_with_head_turns_the_table_frame() -> None:
    cal = TableCalibration.from_corners(CORNERS, (1920, 1080), head="left")
    turned = cal.with_head("right")
    np.testing.assert_allclose(turned.table_to_image([0.0, 0.0]), cal.table_to_image([cal.length, cal.width]))
    with pytest.raises(CalibrationError):
        cal.with_head("top")


@pytest.mark.parametrize("text, message", [
    ("{not json", "cannot read"),
    ('{"schema": "something/else"}', "not a cueref.calibration/1"),
    ('{"schema": "cueref.calibration/1", "image_size": [10, 10]}', "malformed"),
])
def test_bad_calibration_files_say_what_is_wrong(tmp_path, text: str, message: str) -> None:  # type: ignore[no-untyped-def]
    p = tmp_path / "bad.json"
    p.write_text(text)
    with pytest.raises(CalibrationError, match=message):
        TableCalibration.load(p)


def test_missing_calibration_file() -> None:
    with pytest.raises(CalibrationError, match="not found"):
        TableCalibration.load("/nonexistent/cal.json")



@pytest.mark.parametrize("eye, f", [
    ((0.635, -1.6, 1.4), 1100.0),  # end-on (UniPD game 2's look): the near short rail is 1.06x wider than the long
                                   # rails are high in the image
    ((-0.5, -2.5, 1.5), 900.0),    # behind a corner: both pairs of sides converge
])
def test_a_steep_camera_does_not_turn_the_long_rails_across(eye: tuple[float, float, float], f: float) -> None:
    # Table x along its width (1.27 m), y along its length (2.54 m) away from the camera.
    size = (1024, 576)
    corners = np.array([[0, 0], [1.27, 0], [1.27, 2.54], [0, 2.54]], float)
    px = project(corners, np.array(eye), np.array([0.635, 1.27, 0.0]), f, size)
    cal = TableCalibration.from_corners(px, size)
    # the table's length runs from the near short rail (corners 0, 1) to the far one (corners 2, 3)
    near_mid, far_mid = cal.image_to_table(px[:2].mean(axis=0)), cal.image_to_table(px[2:].mean(axis=0))
    assert np.linalg.norm(far_mid - near_mid) == pytest.approx(2.54, abs=0.01)
    # so the expected ball radius at the near rail is the true one, a sphere's outline being about as wide as
    # the table across the line of sight (the old side-length rule made it 1.3-1.6x too big)
    at = np.array([[0.635, 0.1], [0.635 + 0.028575, 0.1]])
    ip = project(at, np.array(eye), np.array([0.635, 1.27, 0.0]), f, size)
    true_r = float(np.linalg.norm(ip[1] - ip[0]))
    assert float(cal.ball_radius_px(cal.image_to_table(ip[0]))) == pytest.approx(true_r, rel=0.15)


def test_an_oblique_near_square_quad_keeps_its_long_rails_across() -> None:
    # UniPD game3_clip1's cushion-nose corners (its side pockets were not seen): the rails across the image are
    # 840 px together, the others 863 px, but undone from perspective the ones across are 1.75x longer.
    quad = [[152.1, 344.4], [544.3, 111.6], [895.1, 153.1], [651.2, 450.6]]
    cal = TableCalibration.from_corners(quad, (1024, 576))
    assert cal.head in ("left", "right")
    assert float(np.linalg.norm(cal.table_to_image([0.0, 0.0]) - cal.table_to_image([2.54, 0.0]))) > 400


def _opencv_projection(cal: TableCalibration, xy: np.ndarray) -> np.ndarray:
    """table_to_image as it was, straight through cv2.projectPoints (the reference the fast path must equal)."""
    import cv2

    und = TableCalibration(image_size=cal.image_size, homography=cal.homography).table_to_image(xy)
    k = np.asarray(cal.camera_matrix)
    norm = np.c_[(und[:, 0] - k[0, 2]) / k[0, 0], (und[:, 1] - k[1, 2]) / k[1, 1], np.ones(len(und))]
    out, _ = cv2.projectPoints(norm.reshape(-1, 1, 3), np.zeros(3), np.zeros(3), k, cal.dist_coeffs)
    return out.reshape(-1, 2)


@pytest.mark.parametrize("dist", [[-0.05227011, 0.0, 0.0, 0.0, 0.0], [0.21, 0.0, 0.0, 0.0], [-0.1, 0.02, 0.0, 0.0, 0.0],
                                  [-0.1, 0.0, 0.001, 0.0, 0.0]])
def test_lens_projection_is_opencvs_to_the_bit(dist: list[float]) -> None:
    """The k1-only lens model is projected in numpy (many small calls a frame): the same numbers as
    cv2.projectPoints, bit for bit, on and far off the table; other models go to OpenCV."""
    base = TableCalibration.from_corners(CORNERS, (1920, 1080))
    cal = TableCalibration(image_size=(1920, 1080), homography=base.homography, camera_matrix=K, dist_coeffs=dist)
    rng = np.random.default_rng(3)
    xy = np.concatenate([rng.uniform(-0.3, 2.9, (5000, 2)), [[1e4, 3e3], [-5e5, 2.0], [1.27, 0.635]]])
    np.testing.assert_array_equal(cal.table_to_image(xy), _opencv_projection(cal, xy))
    np.testing.assert_array_equal(cal.table_to_image(xy[:1]), _opencv_projection(cal, xy[:1]))


def test_a_new_lens_model_assigned_later_is_used() -> None:
    """The lens model is read once per model (cached), but assigning another one (or none) takes effect."""
    cal = TableCalibration.from_corners(CORNERS, (1920, 1080))
    plain = cal.table_to_image([[0.3, 0.2]])
    assert not cal.has_distortion
    cal.camera_matrix, cal.dist_coeffs = np.array(K), np.array([-0.08, 0.0, 0.0, 0.0, 0.0])
    assert cal.has_distortion
    np.testing.assert_array_equal(cal.table_to_image([[0.3, 0.2]]), _opencv_projection(cal, np.array([[0.3, 0.2]])))
    assert not np.allclose(cal.table_to_image([[0.3, 0.2]]), plain)
    cal.dist_coeffs = np.zeros(5)
    assert not cal.has_distortion
    np.testing.assert_array_equal(cal.table_to_image([[0.3, 0.2]]), plain)
