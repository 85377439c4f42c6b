"""A ball last seen rolling into a pocket is not re-acquired beyond the reach of the speed it went in with: a
stray sighting across the table that the identifier scores as it is another ball's (``_within_reach``)."""

from __future__ import annotations

import numpy as np
from madeobs import frame

from tracking.tracker import BallTracker
from vision.geometry import TableGeometry

G = TableGeometry()
FPS = 30.0
HEAD_RIGHT = np.asarray(next(p for p in G.pockets if p.name == "head-right").centre)
FIVE = (1.40, 0.40)


def _scratch(tracker: BallTracker, cue_ids: dict[int, float], stray_ids: dict[int, float]) -> tuple[int, list]:
    """The cue ball rolls at 2.5 m/s along the right rail into head-right while the 10 rolls at 1.5 m/s toward
    the foot cushion; 8 frames after the cue ball's last sighting (21 mm from the nose) the 10 is scored
    ``stray_ids`` for one frame (as on dev eight-ball-rack-112's break, ho12 q30_720). Returns the frame count
    and the 10's positions."""
    cue0, ten0 = np.array([1.0, 1.20]), np.array([1.60, 0.77])
    k = 0
    for _ in range(30):  # at rest
        tracker.update(frame(k, FPS, [(tuple(cue0), cue_ids), (tuple(ten0), {10: 0.9}), (FIVE, {5: 0.9})]))
        k += 1
    u = (HEAD_RIGHT - cue0) / np.linalg.norm(HEAD_RIGHT - cue0)
    tens, gone = [], False
    for i in range(1, 24):
        ten = ten0 + np.array([0.05 * i, 0.0])
        tens.append(tuple(ten))
        balls = [(tuple(ten), stray_ids if i == 20 else {10: 0.9}), (FIVE, {5: 0.9})]
        cue = cue0 + u * (2.5 / FPS) * i
        gone = gone or float(np.linalg.norm(cue - HEAD_RIGHT)) < 0.10  # seen until it reaches the mouth
        if not gone:
            balls.append((tuple(cue), cue_ids))
        tracker.update(frame(k, FPS, balls))
        k += 1
    return k, tens


def test_a_scratched_cue_ball_does_not_take_a_far_ball_scored_as_it() -> None:
    tracker = BallTracker(G)
    _, tens = _scratch(tracker, {0: 0.9}, {0: 0.93})
    cue = next(tr for tr in tracker.tracks if tr.ball == 0)
    assert float(np.linalg.norm(np.asarray(cue.xy[-1]) - HEAD_RIGHT)) < 0.15
    ten = next(tr for tr in tracker.tracks if tr.ball == 10)
    assert all(any(np.allclose(p, q) for q in ten.xy) for p in tens)


def test_a_ball_rattled_out_of_the_jaws_is_still_re_acquired_near_the_pocket() -> None:
    # the cue ball bounces back out of head-right's jaws, unseen for 4 frames, and is found 20 cm out: within
    # the reach of the speed it went in with, its own track continues
    tracker = BallTracker(G)
    k, _ = _scratch(tracker, {0: 0.9}, {10: 0.9})
    cue = next(tr for tr in tracker.tracks if tr.ball == 0)
    last = np.asarray(cue.xy[-1])
    out = (0.25, 1.15)
    tracker.update(frame(k, FPS, [(out, {0: 0.9}), (FIVE, {5: 0.9}), ((1.60 + 0.05 * 24, 0.77), {10: 0.9})]))
    assert cue.xy[-1] == out and float(np.linalg.norm(np.asarray(out) - last)) > 0.1


SIDE_LEFT = np.asarray(next(p for p in G.pockets if p.name == "side-left").centre)


def _side_scratch(fourteen: tuple[float, float], contact_det: bool, until: int) -> tuple[BallTracker, np.ndarray]:
    """60 fps: the cue ball rolls at 2.3 m/s into side-left (as the break cue ball of ho15 break-8-250) while the
    14 rests at ``fourteen``; on frame ``until`` (``contact_det``) the 14 is found 2R nearer the cue ball's last
    sighting along its line, scored as the cue ball (0.8; a stripe ball white band up). Returns the tracker and the
    cue ball's place where it is lost."""
    fps = 60.0
    tracker = BallTracker(G)
    cue0 = np.array([1.60, 0.30])
    u = (SIDE_LEFT - cue0) / np.linalg.norm(SIDE_LEFT - cue0)
    k, gone, last = 0, False, cue0
    for i in range(until + 1):
        cue = cue0 + u * (2.3 / fps) * max(i - 30, 0)
        gone = gone or float(np.linalg.norm(cue - SIDE_LEFT)) < 0.09
        balls = [(FIVE, {5: 0.9})]
        if not gone:
            balls.append((tuple(cue), {0: 0.9}))
            last = cue
        if i < until or not contact_det:
            balls.append((fourteen, {14: 0.9}))
        else:
            p0 = last
            v = np.asarray(fourteen) - p0
            balls.append((tuple(np.asarray(fourteen) - v / np.linalg.norm(v) * 2 * G.ball_radius), {0: 0.8, 14: 0.1}))
        tracker.update(frame(k, fps, balls))
        k += 1
    return tracker, last


def test_a_ball_lost_into_a_pocket_is_not_struck_along_its_carried_on_prediction() -> None:
    # the hidden cue ball's prediction, carried on past side-left's mouth and mirrored off the left cushion, runs
    # through the resting 14; as a "hitter" its collision hypothesis stops it against the 14, where the 14's next
    # detection (scored as the cue ball) then lay, and the cue ball's track took it (ho15 break-8-250, 60/720p)
    until = 30 + 40  # the cue ball is lost at about frame 30 + 24
    probe, _ = _side_scratch((0.5, 1.0), False, until - 1)
    cue_tr = next(tr for tr in probe.tracks if tr.ball == 0)
    p0, pred = np.asarray(cue_tr.xy[-1]), probe._inside(cue_tr.position)
    assert cue_tr.hidden and pred[1] > p0[1]  # carried on through the cushion and mirrored back
    fourteen = tuple(p0 + 0.6 * (pred - p0))
    tracker, last = _side_scratch(fourteen, True, until)
    cue_tr = next(tr for tr in tracker.tracks if tr.ball == 0)
    assert np.allclose(cue_tr.xy[-1], last)
    fourteen_tr = next(tr for tr in tracker.tracks if tr.ball == 14)
    assert not np.allclose(fourteen_tr.xy[-1], fourteen)  # it took its own (moved) sighting
