"""The renderer puts every ball where the truth calibration says, within a pixel (no pooltool needed).

Balls are placed by hand (a ``Motion`` built directly), rendered without noise or blur, found again by their
difference from the empty table, and their centroids compared with ``TableCalibration.table_to_image`` read
back from the calibration JSON. Cameras: square and clean, and tilted with lens distortion.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from cueref.synth.camera import CameraModel  # noqa: E402
from cueref.synth.motion import Motion  # noqa: E402
from cueref.synth.render import RenderStyle, TableScene, ball_colour, draw_ball, render_frame  # noqa: E402
from vision.calibration import TableCalibration  # noqa: E402
from vision.geometry import TableGeometry  # noqa: E402

GEO = TableGeometry()
CAMERAS = {
    "square-720p": dict(image_size=(1280, 720)),
    "tilted-lens-1080p": dict(image_size=(1920, 1080), tilt_deg=(1.2, -0.9), roll_deg=0.6, k1=-0.05, k2=0.01),
    "pincushion-720p": dict(image_size=(1280, 720), tilt_deg=(-1.0, 1.0), k1=0.02),
}
# (ball, x, y): corners, rails, centre; colours that stand out from blue cloth
PLACEMENTS = [(0, 0.1, 0.1), (1, 2.44, 1.17), (3, 1.27, 0.635), (5, 0.03, 0.9), (9, 2.0, 0.029), (0, 1.9, 1.24),
              (11, 0.6, 0.3)]


def _centroid(frame: np.ndarray, empty: np.ndarray, near: np.ndarray, radius: float) -> np.ndarray:
    diff = np.abs(frame.astype(np.int16) - empty.astype(np.int16)).max(axis=2)
    mask = diff > 40
    ys, xs = np.nonzero(mask)
    keep = np.hypot(xs - near[0], ys - near[1]) < 2 * radius
    return np.array([xs[keep].mean(), ys[keep].mean()])


@pytest.mark.parametrize("cam_name", list(CAMERAS))
def test_rendered_centres_match_the_calibration(cam_name: str, tmp_path) -> None:
    cam = CameraModel.overhead(GEO, **CAMERAS[cam_name])
    scene = TableScene(cam, RenderStyle.clean("blue"))
    cam.calibration().save(tmp_path / "c.json")
    cal = TableCalibration.from_dict(json.loads((tmp_path / "c.json").read_text()))
    empty = render_frame(scene, np.full((16, 2), np.nan))
    for ball, x, y in PLACEMENTS:
        pos = np.full((16, 2), np.nan)
        pos[ball] = (x, y)
        frame = render_frame(scene, pos)
        want = cal.table_to_image(np.array([x, y]))
        radius = float(cal.ball_radius_px(np.array([x, y])))
        got = _centroid(frame, empty, want, radius)
        assert np.linalg.norm(got - want) < 1.0, (ball, x, y, got, want)


def test_trajectory_by_hand_renders_moving_ball_on_its_path() -> None:
    """A ball rolling along a straight line: each frame's blob sits at the sampled truth position."""
    cam = CameraModel.overhead(GEO, (1280, 720))
    scene = TableScene(cam, RenderStyle.clean("green"))
    t = np.linspace(0.0, 1.0, 101)
    xy = np.full((len(t), 16, 2), np.nan)
    xy[:, 0, 0] = 0.3 + 1.5 * t
    xy[:, 0, 1] = 0.4 + 0.3 * t
    v = np.zeros_like(xy)
    v[:, 0] = (1.5, 0.3)
    motion = Motion(t=t, xy=xy, v=v, w=np.zeros((len(t), 16, 3)))
    empty = render_frame(scene, np.full((16, 2), np.nan))
    cal = cam.calibration()
    for tq in (0.0, 0.337, 0.5, 0.999):
        pos = motion.positions(tq)
        frame = render_frame(scene, pos)
        want = cal.table_to_image(pos[0])
        got = _centroid(frame, empty, want, float(cal.ball_radius_px(pos[0])))
        assert np.linalg.norm(got - want) < 1.0


def test_motion_blur_keeps_the_centre_and_spreads_the_ball() -> None:
    cam = CameraModel.overhead(GEO, (1280, 720))
    style = RenderStyle(cloth="blue", noise_sigma=0.0, light_falloff=0.0, shadows=False, exposure=1 / 60)
    scene = TableScene(cam, style)
    empty = render_frame(scene, np.full((16, 2), np.nan))
    pos = np.full((16, 2), np.nan)
    pos[0] = (1.2, 0.6)
    vel = np.zeros((16, 2))
    vel[0] = (4.0, 0.0)
    still = render_frame(scene, pos)
    moving = render_frame(scene, pos, velocities=vel)
    want = cam.calibration().table_to_image(pos[0])
    assert np.linalg.norm(_centroid(still, empty, want, 20.0) - want) < 1.0

    def weighted(frame: np.ndarray) -> np.ndarray:  # linear in the image, so a symmetric blur keeps it
        w = (frame.astype(float) - empty.astype(float)).sum(axis=2)
        ys, xs = np.mgrid[:w.shape[0], :w.shape[1]]
        near = np.hypot(xs - want[0], ys - want[1]) < 60
        return np.array([(w * xs)[near].sum(), (w * ys)[near].sum()]) / w[near].sum()

    assert np.linalg.norm(weighted(moving) - weighted(still)) < 0.3
    width = [np.ptp(np.nonzero(np.abs(f.astype(int) - empty.astype(int)).max(axis=2)[int(want[1])] > 20)[0])
             for f in (still, moving)]
    assert width[1] > width[0] + 10  # 4 m/s for 1/60 s is 6.7 cm, ~30 px at this scale


@pytest.mark.parametrize("ball", range(16))
def test_draw_ball_colours_and_stripes(ball: int) -> None:
    """Number toward the camera: the stripe band runs top to bottom, the white caps lie left and right."""
    img = np.zeros((80, 80, 3), np.uint8)
    draw_ball(img, (40.0, 40.0), 30.0, ball, spin_angle=0.0, tilt=np.pi / 2)
    yy, xx = np.mgrid[-40:40, -40:40]
    inside = np.hypot(xx, yy) < 27
    caps = img[inside & (np.abs(xx) > 19)]
    band = img[inside & (np.abs(xx) < 6) & (np.abs(yy) > 16)]
    white = lambda px: (px.min(axis=1) > 150).mean()  # noqa: E731
    assert white(caps) > 0.45 if ball == 0 or ball >= 9 else white(caps) < 0.1
    assert white(band) > 0.45 if ball == 0 else white(band) < 0.1
    if ball:
        expected = np.array(ball_colour(ball), float)
        assert np.abs(np.median(band, axis=0) - expected).max() < 80  # shaded, but the right colour


def test_occluders_hide_balls_under_them() -> None:
    from cueref.synth.render import Occluder, covered, occluder_capsules_px

    cam = CameraModel.overhead(GEO, (1280, 720))
    occ = [Occluder((0.5, 0.2), (0.5, 1.0), 0.05, 0.05, 0.1, "sleeve")]
    caps = occluder_capsules_px(cam, occ)
    pts = cam.project_xy(np.array([[0.5, 0.6], [0.9, 0.6]]), GEO.ball_radius)
    assert covered(pts, caps).tolist() == [True, False]


def test_balls_off_axis_are_ellipses_stretched_away_from_the_centre() -> None:
    """A pinhole camera images a sphere off its axis as an ellipse elongated by 1/cos(angle) along the radius."""
    cam = CameraModel.overhead(GEO, (1920, 1080), height=2.0)  # a low camera: a strong effect at the corners
    scene = TableScene(cam, RenderStyle.clean("blue"))
    empty = render_frame(scene, np.full((16, 2), np.nan))
    pos = np.full((16, 2), np.nan)
    pos[0] = (0.15, 0.15)
    frame = render_frame(scene, pos)
    mask = np.abs(frame.astype(np.int16) - empty.astype(np.int16)).max(axis=2) > 40
    ys, xs = np.nonzero(mask)
    cov = np.cov(np.stack([xs, ys]))
    evals, evecs = np.linalg.eigh(cov)
    ux, uy, k = scene.ball_stretch(pos[:1])[0]
    assert k > 1.15
    assert np.sqrt(evals[1] / evals[0]) == pytest.approx(k, rel=0.05)
    assert abs(evecs[:, 1] @ np.array([ux, uy])) > 0.99
