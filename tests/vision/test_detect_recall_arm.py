"""BallDetector recall for balls pressed against a player's arm (issue 4, eighteenth round; the seventeenth round's
eval lost 49 of its 60 missed balls so, vpost17's cause A). The ball's not-cloth blob is the arm's, so no distance
peak marks it; its outline votes a symmetric spot, which the clutter test rejects because the rings round it run
onto the arm, and ``_beside`` wants more votes than such a ball gives. ``_against_body`` takes the arm's mask (what
a disc wider than a ball fits inside) as the spot's neighbour and judges the rest of its rings. Scenes: dev seeds
946 (red cloth, the arm over the side rail, the 13 against the forearm) and 933 (red, the arm all on the table,
the 11 against the sleeve),
frame 0 of ``bench/vision.py``, as dumped by the round's gen.py."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from vision_scenes import full_pass, match_balls

from cueref.synth import CameraModel, Occluder, RenderStyle, TableScene, render_frame
from vision.geometry import TableGeometry

# dev seed 946, frame 0: the 13 touches the arm
SEED946 = {
    "cloth": "red",
    "camera": {"tilt_deg": (0.78532, -0.88796), "roll_deg": -0.91050, "k1": -0.04490, "head": "left", "fill": 0.84569},
    "balls": {
        0: ((1.30280, 0.78973), [[-0.41894, 0.43938, 0.79463], [0.82713, 0.54572, 0.13432], [-0.37462, 0.71354, -0.59205]], (0.00000, 0.00000)),
        1: ((0.93883, 0.45263), [[0.20577, -0.96815, -0.14263], [0.65743, 0.02881, 0.75297], [-0.72488, -0.2487, 0.64242]], (0.00000, 0.00000)),
        2: ((1.31114, 0.84632), [[-0.88207, -0.30975, -0.35497], [-0.37166, -0.00552, 0.92835], [-0.28952, 0.9508, -0.11025]], (0.00000, 0.00000)),
        3: ((2.42914, 0.98708), [[0.662, 0.40595, -0.63005], [-0.74468, 0.4515, -0.49153], [0.08494, 0.79458, 0.60119]], (1.14916, 1.35920)),
        7: ((1.57049, 0.10479), [[-0.41759, -0.20345, -0.88557], [-0.90277, -0.01772, 0.42977], [-0.10313, 0.97893, -0.17627]], (0.00000, 0.00000)),
        8: ((1.41297, 1.16605), [[-0.82394, -0.44405, 0.35205], [-0.54724, 0.46221, -0.69777], [0.14712, -0.76758, -0.62384]], (0.00000, 0.00000)),
        10: ((1.25176, 0.76388), [[0.83907, 0.52394, 0.14644], [0.40944, -0.78543, 0.46417], [0.35822, -0.32952, -0.87355]], (-0.74262, 0.75803)),
        13: ((1.09947, 1.15502), [[-0.2062, -0.47679, -0.85449], [-0.75453, 0.63349, -0.1714], [0.62303, 0.60939, -0.49038]], (0.00000, 0.00000)),
    },
    "arm": [
        Occluder((1.11057, 2.03354), (1.29385, 0.84762), 0.014, 0.0065, height=0.05, kind="cue"),
        Occluder((1.27552, 0.96621), (1.10653, 1.27401), 0.045, 0.05, height=0.15, kind="skin"),
        Occluder((1.10653, 1.27401), (1.03016, 1.76814), 0.06, 0.07, height=0.25, kind="sleeve"),
    ],
}

# dev seed 933, frame 0: the 11 touches the arm
SEED933 = {
    "cloth": "red",
    "camera": {"tilt_deg": (-0.16565, -0.37054), "roll_deg": 0.76525, "k1": -0.03332, "head": "left", "fill": 0.85344},
    "balls": {
        0: ((1.67206, 0.85238), [[0.33977, -0.04634, 0.93937], [-0.56428, 0.789, 0.24302], [-0.75242, -0.61264, 0.24193]], (0.00000, 0.00000)),
        1: ((0.83737, 0.53716), [[-0.49761, -0.01682, 0.86724], [-0.62167, -0.69032, -0.3701], [0.6049, -0.72331, 0.33306]], (0.00000, 0.00000)),
        2: ((1.21129, 1.09858), [[-0.43737, 0.64348, 0.62821], [-0.7373, 0.14338, -0.66018], [-0.51489, -0.75192, 0.41172]], (0.00000, 0.00000)),
        3: ((1.24848, 1.14206), [[0.78642, 0.61711, 0.02676], [0.36886, -0.50393, 0.78102], [0.49546, -0.60434, -0.62393]], (0.00000, 0.00000)),
        4: ((0.28073, 0.23328), [[0.32041, 0.40366, 0.85697], [0.23516, -0.91024, 0.34083], [0.91763, 0.09232, -0.38657]], (0.00000, 0.00000)),
        5: ((0.32787, 0.20087), [[-0.61462, -0.57073, -0.54452], [-0.10975, 0.74545, -0.65746], [0.78115, -0.34433, -0.52081]], (0.00000, 0.00000)),
        6: ((1.90604, 0.26004), [[0.68944, -0.42722, -0.58494], [0.56068, 0.82603, 0.05753], [0.4586, -0.36763, 0.80903]], (0.00000, 0.00000)),
        7: ((1.78444, 0.53008), [[-0.99559, 0.09267, 0.01449], [0.08714, 0.85671, 0.50838], [0.0347, 0.50741, -0.86101]], (0.00000, 0.00000)),
        8: ((0.02857, 0.08182), [[0.00404, 0.89421, -0.44763], [-0.99544, -0.03909, -0.08706], [-0.09535, 0.44594, 0.88997]], (0.00000, 0.00000)),
        9: ((2.19315, 0.43554), [[0.36359, -0.09706, -0.92649], [0.8064, 0.53073, 0.26086], [0.4664, -0.84196, 0.27123]], (0.00000, 0.00000)),
        10: ((0.52775, 0.02857), [[0.48085, -0.01903, -0.87659], [-0.06282, 0.99645, -0.0561], [0.87455, 0.08205, 0.47795]], (-0.92060, -1.12341)),
        11: ((1.17823, 0.43666), [[0.5098, 0.12768, 0.85077], [0.5247, -0.82984, -0.18988], [0.68176, 0.54319, -0.49005]], (0.00000, 0.00000)),
        12: ((0.02857, 0.60927), [[0.09608, -0.96872, 0.22878], [0.63275, -0.11799, -0.76531], [0.76837, 0.2183, 0.60163]], (-0.82083, -0.48792)),
        13: ((2.41668, 1.24143), [[-0.50527, 0.54262, 0.67102], [0.78804, -0.02679, 0.61504], [0.35171, 0.83955, -0.41406]], (0.22472, -0.48506)),
        14: ((2.51143, 1.07599), [[0.43957, -0.12012, -0.89014], [0.53026, -0.76519, 0.36512], [-0.72498, -0.6325, -0.27266]], (0.00000, 0.00000)),
        15: ((0.02857, 1.05875), [[-0.55942, -0.32421, -0.76285], [-0.24139, -0.81671, 0.52413], [-0.79296, 0.47735, 0.37862]], (0.00000, 0.00000)),
    },
    "arm": [
        Occluder((0.66399, 0.09885), (1.62514, 0.81731), 0.014, 0.0065, height=0.05, kind="cue"),
        Occluder((1.52902, 0.74547), (1.33655, 0.45177), 0.045, 0.05, height=0.15, kind="skin"),
        Occluder((1.33655, 0.45177), (0.93607, 0.15242), 0.06, 0.07, height=0.25, kind="sleeve"),
    ],
}



def _render(case: dict) -> tuple[np.ndarray, np.ndarray, TableScene]:
    cam = CameraModel.overhead(TableGeometry(), (1920, 1080), **case["camera"])
    sc = TableScene(cam, RenderStyle(cloth=case["cloth"]))
    pos = np.full((16, 2), np.nan)
    ori = np.tile(np.eye(3), (16, 1, 1))
    vel = np.zeros((16, 2))
    for b, (p, o, v) in case["balls"].items():
        pos[b], ori[b], vel[b] = p, o, v
    img = render_frame(sc, pos, orientations=ori, velocities=vel, occluders=case["arm"], rng=np.random.default_rng(0))
    return img, pos, sc


@pytest.mark.parametrize("case, ball", [(SEED946, 13), (SEED933, 11)], ids=["946-red", "933-red"])
def test_a_ball_pressed_against_the_arm_is_found_and_the_arm_gives_none(case: dict, ball: int) -> None:
    # before: the ball missed (its outline spot rejected by the clutter test and by _beside), no false ball
    img, pos, sc = _render(case)
    obs = full_pass(sc.camera, img)[1]
    truth = pos[np.isfinite(pos[:, 0])]
    assert np.linalg.norm(obs.xy - pos[ball], axis=1).min() < 0.01
    assert match_balls(truth, obs.xy)[:2] == (0, 0)


def test_a_bridge_hand_at_the_sleeves_end_is_no_ball() -> None:
    """The sample video nine_ball_rack at the break (frame 54, 1.8 s): the bridge hand, a skin disc a little wider
    than a ball at the sleeve's end with the cue through it, 36 cm behind the cue ball. Its outline spot has no
    cloth right at its edge (``body_rim``); before that guard ``_against_body`` kept it as a ball, and the review
    ruled the break a wrong-ball-first foul (found after round 18's freeze). Calibrated from the video, as the
    review does (the render's own calibration puts the spot a pixel elsewhere, where it was never a ball)."""
    import cv2

    from vision.autocalibrate import calibrate_source
    from vision.detect import BallDetector
    from vision.types import Frame

    root = Path(__file__).resolve().parents[2] / "sample_videos"
    cal = calibrate_source(root / "nine_ball_rack.mp4").calibration
    cap = cv2.VideoCapture(str(root / "nine_ball_rack.mp4"))
    img = None
    for _ in range(55):
        ok, img = cap.read()
        assert ok
    cap.release()
    obs = BallDetector(cal).detect(Frame(index=54, t=54 / 30, image=img))
    cue = np.array([0.59, 0.568])  # the truth's cue ball at 1.8 s
    assert np.linalg.norm(obs.xy - cue, axis=1).min() < 0.02
    hand = np.array([0.245, 0.562])
    assert np.linalg.norm(obs.xy - hand, axis=1).min() > 0.1
