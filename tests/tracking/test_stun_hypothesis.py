"""A ball moving a little less than a diameter a frame that stuns on a resting ball keeps its own detection."""

from __future__ import annotations

import numpy as np
from madeobs import frame

from tracking.tracker import BallTracker
from vision.geometry import TableGeometry

G = TableGeometry()
FPS = 60.0




def test_a_stun_shot_at_60_fps_does_not_swap_the_cue_ball_and_the_object_ball() -> None:
    # held-out combination-150, 60/1080p: the cue ball at 3.4 m/s (56.9 mm a frame, under one diameter) stuns
    # on the resting 10; on the next frame both detections score the cue ball ~0.5
    tracker = BallTracker(G)
    ten, step = (0.6489, 0.5163), np.array([-0.0394, -0.0410])
    last = np.array([0.69732, 0.55603])
    k = 0
    for _ in range(30):  # at rest
        tracker.update(frame(k, FPS, [(tuple(last - 9 * step), {0: 0.9}), (ten, {10: 0.95})]))
        k += 1
    for i in range(8, -1, -1):  # struck: rolling straight at the 10
        tracker.update(frame(k, FPS, [(tuple(last - i * step), {0: 0.9}), (ten, {10: 0.95})]))
        k += 1
    cue_stopped, ten_gone = (0.693, 0.545), (0.615, 0.49)
    tracker.update(frame(k, FPS, [(cue_stopped, {0: 0.49, 10: 0.14, 11: 0.10}),
                            (ten_gone, {0: 0.51, 12: 0.30, 10: 0.04})]))
    by_name = {tr.ball: tr for tr in tracker.tracks}
    assert np.allclose(by_name[0].xy[-1], cue_stopped)
    assert np.allclose(by_name[10].xy[-1], ten_gone)
