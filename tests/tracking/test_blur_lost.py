"""A struck cue ball lost in its blur (the 2019 overhead clips 3, 8 and 11 at 25 fps): seen once leaving its
place as a streak of circles, then only after it has hit a ball, which flies off as a blur the detector misses.
The shot must open at the strike, the cue ball keep its name where it reappears beside the object ball's old
place, the streak's circles start no ball of their own, and the first contact go to the ball on its line."""

from __future__ import annotations

import numpy as np

from tracking.events import CUE
from tracking.shots import track_shots
from vision.geometry import TableGeometry
from vision.types import N_IDS, BallObservations

G = TableGeometry()
R = G.ball_radius
FPS = 25.0


def _scores(ball: int, p: float = 0.99) -> np.ndarray:
    s = np.full(N_IDS, (1 - p) / (N_IDS - 1))
    s[ball] = p
    return s


def _frame(k: int, dets: list[tuple[np.ndarray, float, np.ndarray]]) -> BallObservations:
    xy = np.array([d[0] for d in dets]).reshape(-1, 2)
    return BallObservations(t=k / FPS, frame_index=k, xy=xy, xy_px=xy * 500, radius_px=np.full(len(dets), 14.0),
                            confidence=np.array([d[1] for d in dets]), id_scores=np.array([d[2] for d in dets]))


def _clip(streak: bool, beside: bool) -> tuple[list[BallObservations], int]:
    """Cue ball at rest, struck at frame 20 towards the 2 at 7 m/s; seen on frame 21 (optionally as a streak of
    three circles), lost on 22, then beside the 2's place on 23 (the 2 is gone for good), rolling on slowly.
    ``beside``: on the strike frame the detector also finds the blur's far end as a circle touching the cue ball.
    """
    cue0, two, three, four = np.array([1.4, 0.2]), np.array([0.887, 0.653]), np.array([1.43, 0.05]), \
        np.array([2.4, 0.11])
    u = (two - cue0) / np.linalg.norm(two - cue0)
    blur = (_scores(0, 0.3) + _scores(9, 0.3)) / 2
    frames = []
    for k in range(80):
        dets = [(three, 0.95, _scores(3)), (four, 0.95, _scores(4))]
        if k <= 20:
            dets.append((cue0 + (0.005 * u if k == 20 else 0), 1.0, _scores(0)))
            if k == 20 and beside:
                dets.append((cue0 + 2.1 * R * u, 0.8, blur))
        if k == 21:
            head = cue0 + 0.04 * u
            dets.append((head, 0.86, blur))
            if streak:
                dets += [(head + 0.055 * u, 0.8, blur), (head + 0.11 * u, 0.86, blur)]
        if k <= 22:
            dets.append((two, 1.0, _scores(2)))
        if k >= 23:
            v = np.array([0.1, 0.99]) * 0.85
            rolled = min(k - 23, 15) / FPS
            dets.append((two + np.array([0.046, -0.033]) + v * rolled, 0.92, _scores(0)))
        frames.append(_frame(k, dets))
    return frames, 20


def _first_contact(frames: list[BallObservations]):  # type: ignore[no-untyped-def]
    shots = list(track_shots(frames, G, "nine-ball"))
    assert shots, "no shot"
    shot = shots[0]
    hits = [e for e in shot.events if e.type == "collision" and e.balls and CUE in e.balls]
    return shot, (hits[0].balls if hits else None)


def test_cue_ball_seen_once_then_beside_the_vanished_ball() -> None:
    frames, k_strike = _clip(streak=True, beside=False)
    shot, first = _first_contact(frames)
    assert first == (0, 2)
    strike = next(e for e in shot.events if e.type == "strike")
    assert abs(strike.t - k_strike / FPS) < 1.5 / FPS, strike.t
    assert 9 not in shot.before and 1 not in shot.before, "a circle of the streak became a ball"


def test_circle_beside_the_struck_cue_ball_is_no_ball() -> None:
    frames, _ = _clip(streak=False, beside=True)
    shot, first = _first_contact(frames)
    assert first == (0, 2)
    assert set(shot.before) == {0, 2, 3, 4}
