"""Real footage at the table's edges (../shared/realdata; skipped when absent): a ball frozen on the far cushion
of a high-angle end view (``BallDetector._rail_bands``) and a cue ball jumping the rail (``_leaving``)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from vision.autocalibrate import calibrate_source
from vision.detect import LEAVE_CONFIDENCE, BallDetector
from vision.geometry import BALL_RADIUS
from vision.io import iter_frames, read_image
from vision.types import Frame

REAL = Path(__file__).resolve().parents[3] / "shared" / "realdata"
pytestmark = pytest.mark.skipif(not REAL.is_dir(), reason="../shared/realdata is not present")


def test_unipd_ball_frozen_on_the_far_cushion_is_found() -> None:
    # game1_clip4's first frame: the stripe frozen on the far cushion (box centre 586, 116) touches the dark foot
    # of the cushion's face, a line along the whole rail that the clutter test took for clutter
    d = REAL / "unipd_billiard_cv2024" / "game1_clip4"
    cal = calibrate_source(d / "game1_clip4.mp4").calibration
    obs = BallDetector(cal, identifier=False).detect(
        Frame(index=0, t=0.0, image=read_image(d / "frames" / "frame_first.png")))
    boxes = np.loadtxt(d / "bounding_boxes" / "frame_first_bbox.txt", ndmin=2)
    truth = boxes[:, :2] + boxes[:, 2:4] / 2
    near = np.linalg.norm(obs.xy_px[:, None] - truth[None], axis=-1).min(axis=1)
    assert np.linalg.norm(obs.xy_px - [586, 116.5], axis=1).min() < 4
    assert len(obs) == len(truth) and (near < 8).all()  # every ball, and nothing else


def test_2019_clip11_cue_ball_is_seen_leaving_over_the_rail() -> None:
    # the break's cue ball flies over the bottom rail: last seen on the cloth in frame 141, 4 cm inside the nose
    clip = REAL / "rexlapis_poolpredictor" / "clips" / "2019_PoolChamp_Clip11.mp4"
    cal = calibrate_source(clip).calibration
    det = BallDetector(cal, identifier=False)
    seen = {}
    for fr in iter_frames(clip):
        if fr.index < 136:
            continue
        obs = det.detect(fr)
        seen[fr.index] = obs.xy[obs.confidence == LEAVE_CONFIDENCE]
        if fr.index == 146:
            break
    assert all(len(seen[i]) == 0 for i in range(136, 142))
    assert len(seen[142]) == 1 and abs(seen[142][0, 0] - 1.96) < 0.02
    assert seen[142][0, 1] < BALL_RADIUS - 0.015  # past touching the cushion by more than tracking's over_rail
    assert all(len(seen[i]) <= 1 for i in range(142, 147))
