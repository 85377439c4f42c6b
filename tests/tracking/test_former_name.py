"""A ball's resting track can lose its name to a track born as the ball flies off (the detector misses the first
frames of its blur and scores the next ones as another ball, so nothing joins the two); the unnamed old track is
then dropped. The ball was on the table all the same: its pocket is called."""

from __future__ import annotations

import numpy as np

from tracking.shots import ShotBuildConfig, track_shots
from tracking.tracker import BallTracker
from vision.geometry import TableGeometry
from vision.types import N_IDS, BallObservations

G = TableGeometry()


def _scores(ball: int, p: float) -> np.ndarray:
    s = np.full(N_IDS, (1 - p) / (N_IDS - 1))
    s[ball] = p
    return s


def _clip(speed: float, seed: int = 0) -> list[BallObservations]:
    """The cue ball hits the 2, frozen to the 4, and rolls on slowly sideways; the 4 flies off at ``speed``
    straight at foot-right 2.1 m away, hidden for 13 frames (an arm) and scored as the 12 (not in a nine-ball
    game) for two more, so its resting track (weakly scored) is not joined and a new track takes its name."""
    fps, n = 30.0, 150
    t = np.arange(n) / fps
    four0 = np.array([0.6, 0.45])
    u = np.array([G.length, G.width]) - four0
    u /= np.linalg.norm(u)
    two = four0 - u * 2 * G.ball_radius
    t_strike, t_hit, cue_speed = 1.85, 2.0, 2.0
    cue0 = two - u * 2 * G.ball_radius - u * cue_speed * (t_hit - t_strike)
    rng = np.random.default_rng(seed)
    out = []
    for k in range(n):
        tk = t[k]
        cue = cue0 + u * cue_speed * float(np.clip(tk - t_strike, 0, t_hit - t_strike))
        cue = cue + np.array([u[1], -u[0]]) * 0.4 * float(np.clip(tk - t_hit, 0, 1.5))  # on sideways, slowly
        four = four0 + u * speed * max(tk - t_hit, 0.0)
        xy, ids = [cue, two, np.array([0.6, 0.3])], [_scores(0, 0.8), _scores(2, 0.8), _scores(9, 0.9)]
        gone = four[0] > G.length - 0.04  # in foot-right
        if tk <= t_hit:
            xy.append(four)
            ids.append(_scores(4, 0.45))  # a weakly scored resting 4
        elif not gone and tk > t_hit + 13.5 / fps:
            xy.append(four)
            ids.append(_scores(12, 0.6) if tk < t_hit + 15.5 / fps else _scores(4, 0.95))
        obs_xy = np.array(xy) + rng.normal(0, 0.0015, (len(xy), 2))
        out.append(BallObservations(t=float(tk), frame_index=k, xy=obs_xy, id_scores=np.array(ids)))
    return out


def test_a_pocketed_ball_whose_resting_track_lost_its_name_is_pocketed() -> None:
    tracker = BallTracker(G, "nine-ball")
    for ball in (1, 3, 5, 6, 7, 8):  # pocketed earlier: every ball in play has a track
        tracker.remove_ball(ball)
    shots = list(track_shots(_clip(1.5), G, "nine-ball", tracker=tracker, cfg=ShotBuildConfig()))
    assert len(shots) == 1
    shot = shots[0]
    pockets = [(e.ball, e.pocket) for e in shot.events if e.type == "pocket"]
    assert pockets == [(4, "foot-right")], [(e.t, e.type, e.ball, e.balls) for e in shot.events]
    assert 4 in shot.before
