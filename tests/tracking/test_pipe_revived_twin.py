"""A track revived on a struck cue ball's blur tail after a life elsewhere is that blur's twin, not a ball.

Held-out break-9-310 (60/720p, round 22, now dev): a detection on the cue's tip beside the cue ball started a track
(7 sightings, never named, never rested); unseen for 0.83 s, it took the far end of the struck cue ball's blur at
its resting spot. With 9 sightings it was not a young twin (``_absorb_twins``), so it ran on beside the cue ball,
took the apex 1's spot at the contact, the 1's track took the 3 flying off, and the first contact read 6. The
positions below are that break's detections (to the mm)."""

from __future__ import annotations

import numpy as np

from tests.tracking.madeobs import frame
from tracking.tracker import BallTracker
from vision.geometry import TableGeometry

G = TableGeometry()
FPS = 60.0
CUE0 = (0.535, 0.689)
APEX = (1.905, 0.636)
SIDE = (1.0, 0.2)  # a ball far from it all
TIP = (0.247, 0.693)  # the cue's tip, found as a white ball for a few frames while the player lines up


def _run(tip_frames: range) -> BallTracker:
    tracker = BallTracker(G, "nine-ball")
    rest = [(APEX, {1: 0.7}), (SIDE, {6: 0.8})]
    cue = (CUE0, {0: 0.9})
    for k in range(85):
        extra = [(TIP, {0: 0.5})] if k in tip_frames else []
        tracker.update(frame(k, FPS, [cue, *rest, *extra]))
    # struck: the blur found as a circle at each end, the tail on the cue ball's resting spot
    for k, circles in ((85, [(0.591, 0.686), (0.533, 0.690)]), (86, [(0.785, 0.676), (0.730, 0.679)])):
        tracker.update(frame(k, FPS, [*((c, {0: 0.6}) for c in circles), *rest]))
    return tracker


def _moving(tracker: BallTracker) -> list[int | None]:
    return [tr.ball for tr in tracker.tracks if tr.xy and 0.7 < tr.xy[-1][0] < 0.8]


def test_a_track_revived_on_the_blur_tail_is_absorbed() -> None:
    tracker = _run(range(28, 35))
    assert _moving(tracker) == [0]
    # the cue ball's track sits between the blur's two ends
    cue = next(tr for tr in tracker.tracks if tr.ball == 0)
    assert abs(cue.xy[-1][0] - 0.757) < 0.003


def test_without_the_tip_the_blur_still_makes_one_track() -> None:
    # the ordinary case (a young twin born on the tail) is unchanged
    tracker = _run(range(0))
    assert _moving(tracker) == [0]
    assert np.isclose(next(tr for tr in tracker.tracks if tr.ball == 0).xy[-1][0], 0.7575, atol=0.003)
