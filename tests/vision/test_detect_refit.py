"""The circle fit tried again (``BallDetector._refine``, issue 5, twenty-fourth round). A fit's band (0.3 radii)
takes in only the boundary near the circle it starts from; from a start half a radius off the ball's centre (a ball
split from a near neighbour as if touching it) the fit settled against one side of the outline, with boundary
pixels left inside its circle. ho29 nine-ball-rack-124 (30/720p): the resting 1, 14 mm from the 2, fitted 12 mm
off for 3.5 s. Such a fit is tried again with a wider band from where it ended."""

from __future__ import annotations

import numpy as np
from vision_scenes import full_pass, render_balls

CAMERA = {"tilt_deg": (0.0, 0.0), "roll_deg": 0.0, "k1": 0.0, "head": "left", "fill": 0.9}
STILL = np.eye(3).tolist()


def _scene() -> tuple[np.ndarray, object, np.ndarray, float]:
    """A frame of the 1 with the 2 14 mm from it, a detector after a whole-table pass, the 1's fitted centre (px)
    and radius."""
    balls = {1: ((1.9, 0.6), STILL, (0.0, 0.0)), 2: ((1.94, 0.66), STILL, (0.0, 0.0))}
    img, pos, cam = render_balls(balls, CAMERA, "blue", resolution=(1280, 720))
    det, obs = full_pass(cam, img)
    i = int(np.argmin(np.linalg.norm(obs.xy - pos[1], axis=1)))
    assert np.linalg.norm(obs.xy[i] - pos[1]) < 0.002
    return img, det, obs.xy_px[i], float(obs.radius_px[i])


def test_a_fit_started_half_a_radius_off_is_tried_again() -> None:
    img, det, centre, r = _scene()
    for angle in (30.0, 60.0):
        start = centre + 0.55 * r * np.array([np.cos(np.radians(angle)), np.sin(np.radians(angle))])
        once, _, fit_once, inner = det._refine_once(img, start[None])
        assert np.hypot(*(once[0] - centre)) > 3.0 and fit_once[0] < 1 and inner[0] > 0  # stuck on one side
        again, _, fit = det._refine(img, start[None].copy())
        assert np.hypot(*(again[0] - centre)) < 0.5 and fit[0] == 1.0


def test_a_fit_on_its_ball_is_left_as_it_is() -> None:
    img, det, centre, r = _scene()
    start = centre + np.array([0.2 * r, 0.0])
    once = det._refine_once(img, start[None])
    again = det._refine(img, start[None].copy())
    for a, b in zip(once[:3], again, strict=True):
        np.testing.assert_array_equal(a, b)
