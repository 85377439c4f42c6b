"""A ball picked up by hand (ball in hand, a spotted ball) keeps its identity where it is put down."""

import numpy as np

from tracking.tracker import BallTracker
from vision.types import N_IDS, BallObservations


def _obs(t: float, k: int, balls: list[tuple[int, tuple[float, float]]], strength: float = 0.7
         ) -> BallObservations:
    scores = np.full((len(balls), N_IDS), 0.02)
    for i, (ball, _) in enumerate(balls):
        scores[i, ball] = strength
    scores /= scores.sum(axis=1, keepdims=True)
    return BallObservations(t=t, frame_index=k, xy=np.array([xy for _, xy in balls]), id_scores=scores)


def test_cue_ball_put_down_elsewhere_takes_back_its_identity() -> None:
    tracker = BallTracker(game="nine-ball")
    fps, k = 30.0, 0
    for _ in range(30):  # cue ball and the 1 at rest
        tracker.update(_obs(k / fps, k, [(0, (2.0, 1.0)), (1, (1.5, 0.6))]))
        k += 1
    for _ in range(60):  # the cue ball is picked up: only the 1 is seen for two seconds
        tracker.update(_obs(k / fps, k, [(1, (1.5, 0.6))]))
        k += 1
    for _ in range(30):  # and put down at the other end of the table, in poorer light (weaker evidence)
        states = tracker.update(_obs(k / fps, k, [(0, (0.4, 0.5)), (1, (1.5, 0.6))], strength=0.3))
        k += 1
    cue = [s for s in states if s.ball == 0]
    assert len(cue) == 1
    assert np.allclose(cue[0].position, (0.4, 0.5), atol=0.01) and cue[0].seen


def test_a_briefly_hidden_ball_keeps_its_identity() -> None:
    tracker = BallTracker(game="nine-ball")
    fps, k = 30.0, 0
    for _ in range(30):
        tracker.update(_obs(k / fps, k, [(0, (2.0, 1.0)), (1, (1.5, 0.6))]))
        k += 1
    for _ in range(9):  # an arm passes over the cue ball for 0.3 s
        states = tracker.update(_obs(k / fps, k, [(1, (1.5, 0.6))]))
        k += 1
    cue = [s for s in states if s.ball == 0]
    assert len(cue) == 1 and np.allclose(cue[0].position, (2.0, 1.0), atol=0.01) and not cue[0].seen
