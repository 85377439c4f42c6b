"""A hitter hidden across its contact with a resting ball must not take the struck ball's sightings by running on
through it (ho14 kick-241, 30/720p: the cue ball hidden for five frames across its contact with the 11)."""

from __future__ import annotations

import numpy as np
import pytest

from tracking.tracker import BallTracker
from vision.geometry import TableGeometry
from vision.types import N_IDS, BallObservations

G = TableGeometry()
TWO_R = 2 * G.ball_radius


def _scores(ball: int, p: float = 0.6, second: int | None = None, q: float = 0.0) -> np.ndarray:
    s = np.full(N_IDS, (1 - p - q) / (N_IDS - 2))
    s[ball] = p
    if second is not None:
        s[second] = q
    return s


def _frame(k: int, t: float, balls: list[tuple[np.ndarray, np.ndarray]]) -> BallObservations:
    xy = np.array([b[0] for b in balls]).reshape(-1, 2)
    return BallObservations(t=t, frame_index=k, xy=xy, xy_px=xy * 500, radius_px=np.full(len(balls), 14.0),
                            confidence=np.ones(len(balls)), id_scores=np.array([b[1] for b in balls]).reshape(-1, N_IDS))


def _hidden_cut(cut_deg: float, fps: float, speed: float = 3.6, give: float = 0.8):
    """The cue ball (0) runs at ``speed`` into the resting 11 at a cut of ``cut_deg``; it is hidden from two
    frames before the contact to four after. The 11 leaves along the line of centres at ``give`` times the
    cue ball's normal speed (an 11 slower than the elastic ideal, as on the clip), its first two moving
    sightings scored as the cue ball (a blurred stripe); the cue ball leaves along the tangent. The resting 11 is
    scored 15 0.59 / 11 0.30 with the real 15 elsewhere, so its track is named 11 but not surely (as on the clip;
    a surely named track is kept off such a sighting by ``_claimed_elsewhere`` while the cue ball is hidden)."""
    u = np.array([-1.0, 0.1]) / np.hypot(-1.0, 0.1)
    c, s = np.cos(np.radians(cut_deg)), np.sin(np.radians(cut_deg))
    n = np.array([c * u[0] - s * u[1], s * u[0] + c * u[1]])  # line of centres
    obj0 = np.array([1.3, 0.6])
    contact = obj0 - TWO_R * n
    t_strike = 0.6
    t_hit = (int((t_strike + 0.25) * fps) + 0.45) / fps  # the contact mid-frame
    cue0 = contact - u * speed * (t_hit - t_strike)
    v_obj = give * speed * float(u @ n) * n
    v_cue = speed * (u - float(u @ n) * n)
    frames = []
    k_hit = int(t_hit * fps)
    for k in range(int((t_hit + 0.25) * fps)):
        t = k / fps
        cue = cue0 + u * speed * float(np.clip(t - t_strike, 0.0, None)) if t < t_hit else \
            contact + v_cue * (t - t_hit)
        obj = obj0 + v_obj * max(0.0, t - t_hit)
        balls = [(np.array([2.2, 0.3]), _scores(15, 0.9))]  # the real 15: the struck ball is the 11
        if not k_hit - 1 <= k <= k_hit + 4:
            balls.append((cue, _scores(0, 0.88)))
        first_moving = k_hit < k <= k_hit + 2
        balls.append((obj, _scores(0, 0.61, 12, 0.29) if first_moving else _scores(15, 0.59, 11, 0.30)))
        frames.append(_frame(k, t, balls))
    return frames, obj0, contact, n, k_hit


@pytest.mark.parametrize("fps", [30.0, 60.0])
@pytest.mark.parametrize("cut_deg", [10.0, 20.0, 30.0])
def test_hidden_hitter_does_not_run_through_the_struck_ball(fps: float, cut_deg: float) -> None:
    frames, obj0, contact, n, k_hit = _hidden_cut(cut_deg, fps)
    tr = BallTracker(G)
    for f in frames:
        tr.update(f)
    obj_track = next(t for t in tr.tracks if t.xy and np.linalg.norm(np.asarray(t.xy[0]) - obj0) < 0.01)
    # the resting ball's track follows it away from its spot, through the two frames scored as the cue ball
    obj_xy = np.asarray(obj_track.xy)
    moved = obj_xy[(obj_xy - obj0) @ n > 0.01]
    assert len(moved) >= len(frames) - k_hit - 2, "the struck ball's first sightings went to another track"
    # and no other track holds a sighting of the struck ball's run
    for t in tr.tracks:
        if t is obj_track:
            continue
        xy = np.asarray(t.xy)
        d = np.linalg.norm(xy[:, None, :] - obj_xy[None, :, :], axis=2).min(axis=1)
        assert not np.any((d < 0.005) & ((xy - obj0) @ n > 0.01)), "a track ran on through the struck ball"
