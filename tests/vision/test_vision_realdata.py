"""Real footage (../shared/realdata; skipped when absent): the 2019 overhead broadcast and the UniPD frames."""

from __future__ import annotations

from itertools import islice
from pathlib import Path

import numpy as np
import pytest

from vision.autocalibrate import calibrate_source
from vision.detect import STREAK_CONFIDENCE, BallDetector, DetectorParams
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
    peaks 5.5 radii apart each passed a revote alone and became two balls (tracking then lost the first contact).
    Since the seventh round the streak, ~8 radii long, is one ball at its middle (before: none): the rack's 9 balls
    and that one. (Frame 0's struck ball with its faint trail, 5.2 radii, shorter than ``streak_min``: see
    ``test_2019_struck_ball_with_a_faint_trail_is_one_ball``.)"""
    res = calibrate_source(CLIPS / "2019_PoolChamp_Clip12.mp4")
    det = BallDetector(res.calibration, identifier=False)
    frames = [det.detect(f) for f in islice(iter_frames(str(CLIPS / "2019_PoolChamp_Clip12.mp4")), 4)]
    for obs in (frames[1], frames[3]):
        assert len(obs) == 10
        assert (obs.confidence == STREAK_CONFIDENCE).sum() == 1  # the cue ball's streak, once
        assert obs.is_streak().sum() == 1
    # its half path lies along the ball's move from frame 1 to frame 3 (BallObservations.streak, for the tracker)
    move = frames[3].xy[frames[3].is_streak()][0] - frames[1].xy[frames[1].is_streak()][0]
    half = frames[3].streak[frames[3].is_streak()][0]
    assert abs(float(move @ half)) > 0.98 * np.linalg.norm(move) * np.linalg.norm(half)
    assert 0.05 < np.linalg.norm(half) < 0.15  # m: a ~8-radius streak


@pytest.mark.parametrize("relax", [False, True])
def test_2019_long_streak_is_one_ball_and_touching_pair_two(relax: bool) -> None:
    """Clip 14's first frame: the pink ball smeared into a streak 5.5 radii long with two distance peaks (missed
    before) is one ball at the streak's middle; the 1 and the 3 touching beside the rack (a blob 4.6 radii long)
    stay two. With ``streak_min`` lowered below that pair's length, its two sharp outlines (``streak_votes``)
    still keep it apart."""
    res = calibrate_source(CLIPS / "2019_PoolChamp_Clip14.mp4")
    params = DetectorParams(streak_min=4.0) if relax else None
    obs = BallDetector(res.calibration, identifier=False, params=params).detect(res.frame)
    assert len(obs) == 10
    pink = obs.xy_px[obs.confidence == STREAK_CONFIDENCE]
    assert len(pink) == 1 and np.linalg.norm(pink[0] - (558, 680)) < 8  # px; the streak runs ~(548, 700)-(570, 658)
    for px in ((639, 517), (665, 502)):  # the 1 and the 3
        assert np.linalg.norm(obs.xy_px - px, axis=1).min() < 5


@pytest.mark.parametrize("streak_min", [None, 4.8])
def test_2019_still_ball_with_a_moving_one_against_it_stays_two(streak_min: float | None) -> None:
    """Clip 14 frame 22: the orange 5, blurred, rolls against the still pink 4 (their blob 5.3 radii long, one
    sharp outline: the 4's). Taken for one streak at ``streak_min`` 4.8 (the 4 lost, a ball between them); so were
    clip 8 frame 57 (4.8 radii) and clip 1 frame 50 (5.3), hence 5.4."""
    res = calibrate_source(CLIPS / "2019_PoolChamp_Clip14.mp4")
    params = DetectorParams(streak_min=streak_min) if streak_min else None
    det = BallDetector(res.calibration, identifier=False, params=params)
    obs = [det.detect(f) for f in islice(iter_frames(str(CLIPS / "2019_PoolChamp_Clip14.mp4")), 23)][-1]
    both = all(np.linalg.norm(obs.xy_px - px, axis=1).min() < 6 for px in ((664, 462), (663, 497)))
    assert both == (streak_min is None)


@pytest.mark.parametrize("clip, index, at, before", [(12, 0, (1303, 262), 0), (8, 18, (1290, 787), 2)])
def test_2019_struck_ball_with_a_faint_trail_is_one_ball(clip: int, index: int, at: tuple[int, int],
                                                         before: int) -> None:
    """A break's cue ball just struck: sharp where it is, with a faint trail of its own colour behind, the blob
    ~5 radii long, shorter than ``streak_min``. Without the trail rule (``trail_alpha`` -inf) clip 12's was missed
    (the last ball missing on the clips' first frames) and clip 8's was two balls, one on its trail; now one
    streak ball on it."""
    path = str(CLIPS / f"2019_PoolChamp_Clip{clip}.mp4")
    res = calibrate_source(CLIPS / f"2019_PoolChamp_Clip{clip}.mp4")
    frame = next(islice(iter_frames(path), index, None))
    for params, want in ((None, 1), (DetectorParams(trail_alpha=-np.inf), before)):
        obs = BallDetector(res.calibration, identifier=False, params=params).detect(frame)
        near = np.linalg.norm(obs.xy_px - at, axis=1) < 40  # px, ~2.5 radii
        assert near.sum() == want
        if want == 1:
            assert obs.is_streak()[near].all()
            if clip == 12:
                assert len(obs) == 10  # every ball on the table: the 9-ball rack and the cue ball


def test_2019_ball_smeared_over_more_than_its_width_is_one_ball() -> None:
    """Clip 11 frame 128: a red ball smeared ~4.5 radii, with no sharp outline, shorter than ``streak_min``. Its
    flat ridge gave two distance peaks, and it was two balls; now one streak ball (``smear_width``, session 34)."""
    path = CLIPS / "2019_PoolChamp_Clip11.mp4"
    res = calibrate_source(path)
    frame = next(islice(iter_frames(str(path)), 128, None))
    for params, want in ((None, 1), (DetectorParams(smear_width=np.inf), 2)):
        obs = BallDetector(res.calibration, identifier=False, params=params).detect(frame)
        near = np.linalg.norm(obs.xy_px - (482, 564), axis=1) < 40  # px, ~2.5 radii
        assert near.sum() == want
        if want == 1:
            assert obs.is_streak()[near].all()
