"""Real footage (../shared/realdata; skipped when absent): the 2019 overhead broadcast and the UniPD frames."""

from __future__ import annotations

from itertools import islice
from pathlib import Path

import numpy as np
import pytest

from vision.autocalibrate import calibrate_source
from vision.detect import BallDetector
from vision.io import iter_frames, read_image
from vision.types import Frame

REAL = Path(__file__).resolve().parents[3] / "shared" / "realdata"
CLIPS = REAL / "rexlapis_poolpredictor" / "clips"
UNIPD = REAL / "unipd_billiard_cv2024"
pytestmark = pytest.mark.skipif(not REAL.is_dir(), reason="../shared/realdata is not present")


@pytest.mark.parametrize("clip, head, balls", [
    ("2019_PoolChamp_Clip1", "right", 10),  # a 9-ball rack at the left end and the cue ball: head from the rack
    ("2019_PoolChamp_Clip13", None, 6),  # a player leaning over the left rail, a ball in the top side pocket
])
def test_2019_broadcast_calibrates_and_every_ball_is_found(clip: str, head: str | None, balls: int) -> None:
    res = calibrate_source(CLIPS / f"{clip}.mp4")
    cal = res.calibration
    assert cal.reprojection_error_mm is not None and cal.reprojection_error_mm < 3
    if head:
        assert (cal.head, res.head_from) == (head, "rack")
    # the table is 2.54 x 1.27 m and fills most of the 1080p frame, centred
    corners = cal.corners_px()
    assert np.ptp(corners[:, 0]) > 1200 and np.ptp(corners[:, 1]) > 650
    obs = BallDetector(cal, identifier=False).detect(res.frame)
    assert len(obs) == balls


def test_unipd_overhead_first_frame() -> None:
    d = UNIPD / "game1_clip1"
    cal = calibrate_source(d / "game1_clip1.mp4").calibration
    img = read_image(d / "frames" / "frame_first.png")
    boxes = np.loadtxt(d / "bounding_boxes" / "frame_first_bbox.txt", ndmin=2)
    truth = boxes[:, :2] + boxes[:, 2:4] / 2
    obs = BallDetector(cal, identifier=False).detect(Frame(0, 0.0, img))
    d2 = np.linalg.norm(truth[:, None] - obs.xy_px[None], axis=-1)
    found = (d2.min(axis=1) < 6).sum()
    assert found >= len(truth) - 1  # 15 annotated balls
    assert len(obs) <= len(truth) + 1


def test_2019_break_streak_is_not_two_balls() -> None:
    """Clip 12 opens on the break: by frame 3 the cue ball is a long streak toward the rack. Its two clutter-rejected
    peaks 5.5 radii apart each passed a revote alone and became two balls (tracking then lost the first contact):
    the rack's 9 balls and nothing else."""
    res = calibrate_source(CLIPS / "2019_PoolChamp_Clip12.mp4")
    det = BallDetector(res.calibration, identifier=False)
    counts = [len(det.detect(f)) for f in islice(iter_frames(str(CLIPS / "2019_PoolChamp_Clip12.mp4")), 4)]
    assert counts[1] == 9 and counts[3] == 9
