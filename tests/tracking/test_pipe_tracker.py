"""Tracker causes found on the full vision pipeline's dev clips (cueref synth, seeds 0-99): a ball that stops dead
on the ball it hits (stop shot, jump shot) must not hand its identity to the ball it set moving."""

from __future__ import annotations

import numpy as np
import pytest

from tracking.tracker import BallTracker
from vision.geometry import TableGeometry
from vision.types import N_IDS, BallObservations

G = TableGeometry()
TWO_R = 2 * G.ball_radius


def _scores(ball: int, p: float = 0.6) -> np.ndarray:
    s = np.full(N_IDS, (1 - p) / (N_IDS - 1))
    s[ball] = p
    return s


def _frame(k: int, t: float, balls: list[tuple[np.ndarray, np.ndarray]]) -> BallObservations:
    xy = np.array([b[0] for b in balls])
    return BallObservations(t=t, frame_index=k, xy=xy, xy_px=xy * 500, radius_px=np.full(len(balls), 14.0),
                            confidence=np.ones(len(balls)), id_scores=np.array([b[1] for b in balls]))


def _stop_shot(speed: float, fps: float, direction: tuple[float, float], confuse: bool):
    """The cue ball (0) runs at ``speed`` into the 15 and stops dead there; the 15 runs on at that speed.
    With ``confuse``, the detector names the 15 as the cue ball in the frames right after the contact (blur and
    the cue ball beside it fool the colour identifier, as on the dev clips)."""
    u = np.asarray(direction, float) / np.hypot(*direction)
    obj0 = np.array([1.2, 0.6])
    contact = obj0 - TWO_R * u
    cue0 = contact - u * speed * 0.31  # contact 0.31 s in: mid-frame at 30 and 60 fps
    t_hit = 0.31
    frames = []
    for k in range(int(0.9 * fps)):
        t = k / fps
        cue = cue0 + u * speed * min(t, t_hit)
        obj = obj0 + u * speed * max(0.0, t - t_hit)
        after = 0 < t - t_hit < 3 / fps
        frames.append(_frame(k, t, [(cue, _scores(0)), (obj, _scores(0, 0.5) if confuse and after else _scores(15))]))
    return frames, cue0, obj0, contact, u


@pytest.mark.parametrize("fps", [30.0, 60.0])
@pytest.mark.parametrize("speed", [2.0, 4.0, 8.0])
@pytest.mark.parametrize("direction", [(1.0, 0.0), (1.0, 0.4)])
def test_stop_shot_keeps_identities(fps: float, speed: float, direction: tuple[float, float]) -> None:
    frames, cue0, obj0, contact, u = _stop_shot(speed, fps, direction, confuse=True)
    tr = BallTracker(G)
    for f in frames:
        tr.update(f)
    tracks = {t.ball: t for t in tr.tracks if t.ball is not None}
    assert set(tracks) == {0, 15}
    # every sighting of each track belongs to one ball: the cue ball never jumps past the contact point ...
    cue_xy = np.asarray(tracks[0].xy)
    assert np.all((cue_xy - contact) @ u < 0.01), "the cue ball's track took the struck ball's detections"
    # ... and the struck ball's track follows it all the way
    obj_xy = np.asarray(tracks[15].xy)
    assert np.all((obj_xy - obj0) @ u > -0.01)
    assert len(obj_xy) == len(frames)
    assert (obj_xy[-1] - obj0) @ u > 0.2


def test_struck_ball_prediction_carries_the_hitters_normal_speed() -> None:
    """After a contact the struck ball's track moves on at the speed it was given (not from rest)."""
    fps = 30.0
    frames, cue0, obj0, contact, u = _stop_shot(3.0, fps, (1.0, 0.0), confuse=False)
    tr = BallTracker(G)
    for f in frames[: int(0.31 * fps) + 3]:
        tr.update(f)
    obj = next(t for t in tr.tracks if t.ball == 15)
    assert obj.velocity @ u == pytest.approx(3.0, rel=0.25)


@pytest.mark.parametrize("fps", [30.0, 60.0])
def test_blur_streak_found_as_two_circles_is_tracked_at_its_centre(fps: float) -> None:
    """A 12 m/s ball blurred over a 1/120 s exposure is a 10 cm streak; the detector finds a circle near each end.
    The track must sit at the streak's centre (the ball at the frame time), not at one end."""
    speed, exposure = 12.0, 1 / 120
    u = np.array([1.0, 0.2]) / np.hypot(1.0, 0.2)
    start = np.array([0.3, 0.4])
    half = (speed * exposure / 2 - G.ball_radius / 2) * u  # the circles' centres along the streak
    tr = BallTracker(G)
    rng = np.random.default_rng(0)
    errs = []
    for k in range(int(0.12 * fps) + 1):
        t = k / fps
        c = start + u * speed * max(0.0, t - 1 / fps)
        balls = [(np.array([1.8, 0.3]), _scores(5))]
        if t < 1 / fps + 1e-9:
            balls.append((c, _scores(0)))
        else:  # one circle at each end of the streak, or (every third frame) only the leading one
            balls.append((c + half, _scores(0)))
            if k % 3:
                balls.append((c - half, _scores(0)))
        tr.update(_frame(k, t, [(p + rng.normal(0, 0.001, 2), s) for p, s in balls]))
        cue = next(x for x in tr.tracks if x.ball == 0)
        if k % 3 and t > 1 / fps + 1e-9:
            errs.append(float(np.linalg.norm(np.asarray(cue.xy[-1]) - c)))
    assert len([x for x in tr.tracks if x.ball is not None]) == 2, "a streak end started a track of its own"
    assert max(errs) < 0.006


def test_a_long_gone_unnamed_track_does_not_take_a_struck_ball() -> None:
    """Junk tracks left by a hand (never identified, gone for seconds) must not claim the detections of a ball that
    is struck beside where they were last seen; the ball's own track follows it from the first frame."""
    fps = 60.0
    tr = BallTracker(G, "nine-ball")
    for b in range(2, 10):  # late in the rack: only the cue ball and the 1 are left
        tr.remove_ball(b)
    cue = np.array([0.06, 0.32])
    k = 0
    for _ in range(60):  # the cue ball, the 1, and beside the cue ball the hand that put it down (cue-ball white)
        tr.update(_frame(k, k / fps, [(cue, _scores(0)), (np.array([1.5, 0.6]), _scores(1)),
                                      (cue + [0.075, 0.045], _scores(0, 0.4))]))
        k += 1
    for _ in range(180):  # the hand goes; three seconds of aiming
        tr.update(_frame(k, k / fps, [(cue, _scores(0)), (np.array([1.5, 0.6]), _scores(1))]))
        k += 1
    cue_track = next(x for x in tr.tracks if x.ball == 0)
    n0 = len(cue_track.xy)
    for j in range(1, 11):  # struck towards the hand's old place at 3 m/s
        p = cue + np.array([0.05, 0.03]) * j
        tr.update(_frame(k, k / fps, [(p, _scores(0)), (np.array([1.5, 0.6]), _scores(1))]))
        k += 1
    assert len(cue_track.xy) == n0 + 10, "another track took the struck cue ball's detections"
