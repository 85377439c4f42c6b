"""A streak's far end is not paired with a ball when their mean lands on another ball (issue 5, phantom off-table).

ho16's jump-260 (60 fps, both grids; now dev): a stun shot. The cue ball hits the 9 resting 2 cm off the right
cushion and stops dead; the 9 flies over the rail. On the frame after the hit the detector found the stopped cue
ball sharp (0: 0.54) and the 9's blur as two circles, one 12 cm ahead on the cue ball's line. ``_streak_centres``
took that circle for the far end of the cue ball's own blur and put the cue ball at their mean: the 9's resting spot.
The cue ball's track then ran on with the 9's blur, the 9's track took the stopped cue ball, and the cue ball was
called off the table. The detections below are that clip's (60/720p cache, to the mm)."""

from __future__ import annotations

import numpy as np

from tests.tracking.madeobs import frame
from tracking.tracker import BallTracker
from vision.geometry import TableGeometry

G = TableGeometry()
FPS = 60.0
THREE = ((1.748, 0.350), {3: 0.88})
NINE = ((0.550, 0.990), {9: 0.79, 13: 0.16})
CUE = (0.519, 0.708)


def _run() -> BallTracker:
    tracker = BallTracker(G, "straight-pool")
    for k in range(108):
        tracker.update(frame(k, FPS, [THREE, NINE, (CUE, {0: 0.57, 10: 0.12})]))
    blur = {12: 0.4, 0: 0.15, 14: 0.1}
    tracker.update(frame(108, FPS, [THREE, NINE, ((0.526, 0.785), blur), ((0.531, 0.832), blur)]))
    tracker.update(frame(109, FPS, [THREE, ((0.554, 1.054), blur), ((0.550, 1.007), blur),
                                    ((0.543, 0.934), {0: 0.54, 10: 0.12})]))
    tracker.update(frame(110, FPS, [THREE, ((0.570, 1.212), blur), ((0.568, 1.170), blur),
                                    ((0.544, 0.938), {0: 0.54, 10: 0.13})]))
    for k in range(111, 200):
        y = min(0.943 + 0.003 * (k - 111), 0.96)
        tracker.update(frame(k, FPS, [THREE, ((0.545, y), {0: 0.55, 10: 0.13})]))
    tracker.assign_identities()
    return tracker


def test_the_stopped_cue_ball_is_not_put_on_the_struck_balls_spot() -> None:
    tracker = _run()
    cue = [tr for tr in tracker.tracks if tr.ball == 0]
    assert len(cue) == 1
    xy = np.asarray(cue[0].xy)
    # it stays where it stopped, never at the 9's resting spot or beyond it
    assert float(np.max(xy[:, 1])) < 0.97
    assert float(np.linalg.norm(xy[-1] - (0.545, 0.96))) < 0.01
    # the 9's track is the one that flew off towards the rail
    nine = next(tr for tr in tracker.tracks if tr.ball == 9)
    assert float(np.max(np.asarray(nine.xy)[:, 1])) > 1.1
