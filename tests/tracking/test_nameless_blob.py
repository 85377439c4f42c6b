"""A named ball's move does not stop on a track that holds no name (issue 5, identities; ``BallTracker.
_collision_hypotheses``). ho55 kick-521 at 30/1080p (scored held-out, now dev; fixture ``nameless_blob_k521.json``,
the detections 0-2.6 s, straight pool with the 0, 5 and 12): a white blob of the occluding arm rested and crept near (0.92, 0.84) with a track of its
own, unnamed (the identifier scores it as the cue ball, whose name the cue ball's track holds). The 5, struck at
2.11 s, rolled at 2.9 m/s toward it; its predicted move ran into the blob's last sighting, and the collision
hypothesis (the 5 stopped, sent sideways) matched the 5's next sighting a few mm better than its straight
prediction. Its track took the hypothesis' velocity and stayed put while the 5 ran on under the blob, and the
blob's track took the 5 as it came out at 2.33 and 2.47 s. Later named the 5, the blob's path had no contact with
the cue ball: no first contact, no rail after it."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from madeobs import track_from, tracked_fixture

FIX = Path(__file__).parent / "fixtures"


def test_the_five_runs_on_under_the_blob() -> None:
    tracker = tracked_fixture(FIX / "nameless_blob_k521.json", "straight-pool", {0, 5, 12})
    five = track_from(tracker, (1.4496, 0.7440), 0.005)
    assert five.ball == 5
    times = np.asarray(five.times)
    # the 5 seen coming out from under the blob (truth (0.8230, 0.8755) and (0.4890, 0.9455))
    for t, p in ((2.3333, (0.8201, 0.8736)), (2.4667, (0.4899, 0.9443))):
        k = int(np.argmin(np.abs(times - t)))
        assert abs(times[k] - t) < 1e-3 and np.linalg.norm(np.subtract(five.xy[k], p)) < 0.005
    # and the blob's track, unnamed, stays on the blob (never west of x = 0.75 m)
    blob = track_from(tracker, (0.8519, 0.8500), 0.005)
    assert blob.ball is None and min(x for x, _ in blob.xy) > 0.75
