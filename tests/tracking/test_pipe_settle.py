"""Extra shot records after the real shot (held-out round four, now dev: rails-140, nine-ball-rack-104): a ball
rolling into a cushion and back must not end its shot, association must not push resting balls off their own
detections to place a hand blob, and a ball lost into a pocket must not come back far away."""

from __future__ import annotations

import numpy as np

from tracking.segment import ShotSegmenter
from tracking.tracker import BallTracker, TrackState
from vision.geometry import TableGeometry
from vision.types import N_IDS, BallObservations

G = TableGeometry()
FPS = 30.0
R = G.ball_radius


def _into_the_cushion_and_back(t: np.ndarray) -> np.ndarray:
    """x of a ball rolling at 0.33 m/s into the head cushion at 8.0 s, coming back off it at 0.17 m/s and slowing
    to a stop 13 cm out at 9.7 s (rails-140's cue ball, 30/720p)."""
    x = np.empty_like(t)
    before, after = t < 8.0, t >= 8.0
    x[before] = R + 0.33 * (8.0 - t[before])
    s = np.minimum(t[after] - 8.0, 1.7)
    x[after] = R + 0.17 * s - 0.05 * s ** 2
    return x


def _windows(xs: np.ndarray, t: np.ndarray, sigma: float, seed: int) -> list:
    rng = np.random.default_rng(seed)
    seg = ShotSegmenter(still_drift=0.004)
    out = []
    for ti, x in zip(t, xs, strict=True):
        noise = rng.normal(0.0, sigma, 4)
        states = [TrackState(0, 0, (float(x + noise[0]), 0.9 + float(noise[1])), (0.0, 0.0), True, 1.0),
                  TrackState(1, 8, (2.11 + float(noise[2]), 1.20 + float(noise[3])), (0.0, 0.0), True, 1.0)]
        w = seg.update(float(ti), states)
        if w is not None:
            out.append(w)
    fin = seg.finish()
    return out + ([fin] if fin is not None else [])


def test_a_ball_turning_round_at_a_cushion_does_not_end_its_shot() -> None:
    """Over the 0.5 s rest window around the bounce the ball's two half-means are equal (in, then back out the
    same way): the shot was ended at 8.27 s while it still rolled and a second 'shot' opened on its roll back.
    One window, ending after the ball has stopped."""
    t = np.arange(0.0, 11.0, 1 / FPS)
    x = _into_the_cushion_and_back(t)
    x[t < 7.0] = x[np.searchsorted(t, 7.0)]  # at rest until struck at 7 s
    for seed in range(3):
        windows = _windows(x, t, 0.0008, seed)
        assert len(windows) == 1, [(round(w.t_start, 2), round(w.t_end, 2)) for w in windows]
        assert windows[0].t_end >= 9.0


def test_a_ball_rolling_slowly_to_a_stop_still_ends_its_shot() -> None:
    """The thirds are no blanket threshold: a ball that has stopped still ends the shot (noise alone does not
    keep it open), soon after it stops."""
    t = np.arange(0.0, 6.0, 1 / FPS)
    s = np.clip(t - 1.0, 0.0, 2.0)
    x = 1.0 + 0.2 * s - 0.05 * s ** 2  # 0.2 m/s, stops 20 cm on at 3 s
    windows = _windows(x, t, 0.0015, 0)
    assert len(windows) == 1
    assert 2.5 <= windows[0].t_end <= 3.6 and windows[0].t_done <= 4.2


def _frame(k: int, xy: list[tuple[float, float]]) -> BallObservations:
    return BallObservations(t=k / FPS, frame_index=k, xy=np.array(xy, float).reshape(-1, 2))


def test_a_hand_blob_does_not_push_resting_balls_off_their_detections() -> None:
    """Cue ball in hand: a hand's track went hidden near two resting balls, then a blob of the hand appears
    within a resting ball's gate. Forced onto some track, the blob took the nearer ball's track, that ball's
    detection its neighbour's track and the neighbour's the hand's hidden track: resting balls 'moved' and an
    extra shot opened (nine-ball-rack-104 30/720p, 23.0 s). The blob stays unmatched (a new track) instead."""
    a, b = (1.30, 0.70), (1.60, 0.70)  # no identity evidence: the id rules cannot tell the swap apart
    tr = BallTracker(G, "nine-ball")
    k = 0
    for _ in range(int(1.0 * FPS)):
        tr.update(_frame(k, [a, b]))
        k += 1
    for _ in range(3):  # a hand passes and stops 40 cm short of a, then is gone
        tr.update(_frame(k, [a, b, (0.90, 0.70)]))
        k += 1
    for _ in range(4):
        tr.update(_frame(k, [a, b]))
        k += 1
    ids = {tuple(np.round(t.xy[-1], 3)): t.track_id for t in tr.tracks if not t.hidden}
    tr.update(_frame(k, [a, b, (2.00, 0.70)]))  # a blob of the hand 40 cm past b
    now = {t.track_id: np.asarray(t.xy[-1]) for t in tr.tracks if not t.hidden}
    assert np.allclose(now[ids[a]], a) and np.allclose(now[ids[b]], b), now


def test_a_ball_lost_into_a_pocket_does_not_take_a_weak_detection_far_away() -> None:
    """The 3 rolls into a corner pocket; seconds later (the cue ball still rolling, so the shot still open) the
    detector finds something weak in the far corner. The weak stage's gate (6 cm + 3 sigma) grew without bound
    while the 3 was hidden and its track took it, so the 3 was seen at the end and its pocket not called (real
    2019 clip 6). No weak detection is taken farther off than a confident one could be."""
    three = np.full(N_IDS, 0.02 / (N_IDS - 1))
    three[3] = 0.98
    rest = (1.20, 0.60)
    tr = BallTracker(G, "nine-ball")
    k = 0
    for _ in range(int(1.0 * FPS)):
        tr.update(BallObservations(t=k / FPS, frame_index=k, xy=np.array([rest, (0.40, 0.30)]),
                                   id_scores=np.vstack([np.full(N_IDS, 1 / N_IDS), three])))
        k += 1
    for j in range(1, 9):  # rolling at 1.5 m/s into the corner at (0, 0)
        p = np.array([0.40, 0.30]) * (1 - j / 8) + np.array([0.03, 0.02]) * (j / 8)
        tr.update(BallObservations(t=k / FPS, frame_index=k, xy=np.array([rest, p]),
                                   id_scores=np.vstack([np.full(N_IDS, 1 / N_IDS), three])))
        k += 1
    for _ in range(int(5.0 * FPS)):  # gone into the pocket
        tr.update(_frame(k, [rest]))
        k += 1
    far = (2.45, 1.15)
    tr.update(BallObservations(t=k / FPS, frame_index=k, xy=np.array([rest, far]), confidence=np.array([1.0, 0.3])))
    named = [t for t in tr.tracks if t.ball == 3]
    assert named and all(t.hidden and np.hypot(*(np.asarray(t.xy[-1]) - far)) > 0.5 for t in named)

