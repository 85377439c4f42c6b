"""The rendered cloth ends where the camera sees the cushion noses, at their height (36 mm, above the ball centres the
truth calibration maps), not at cloth level under them. Bounded at cloth level, the cushion's edge lay about 1 % of
its distance from the image centre nearer it than the noses, and the auto-calibration, which takes that edge for the
noses, read an end cushion 10 mm beyond where it is: balls frozen to it fell past the detector's slack and were lost
(ho58 nine-ball-rack-145, ho59 eight-ball-rack-146 in review). The noses' own height leaves the auto-calibration
about 4-5 mm short at the ends of a 9 ft table seen from 2.8 m, as a real camera would."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("cv2")

from cueref.synth.camera import CameraModel  # noqa: E402
from cueref.synth.render import RenderStyle, TableScene, render_frame  # noqa: E402
from vision.geometry import TableGeometry  # noqa: E402
from vision.table_finder import calibrate_image  # noqa: E402


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_auto_calibration_reads_the_rendered_ends_within_6_mm(size: tuple[int, int]) -> None:
    g = TableGeometry()
    cam = CameraModel.overhead(g, size, head="left", tilt_deg=(0.8, -0.5))
    img = render_frame(TableScene(cam, RenderStyle(cloth="blue")), np.full((16, 2), np.nan),
                       rng=np.random.default_rng(0))
    truth, auto = cam.calibration(), calibrate_image(img, head="left")
    pts = np.array([[x, y] for x in (0.03, g.length / 2, g.length - 0.03) for y in (0.03, g.width / 2, g.width - 0.03)])
    err = np.abs(auto.image_to_table(truth.table_to_image(pts)) - pts)
    assert err.max() < 0.006, np.round(err * 1000, 1).tolist()
