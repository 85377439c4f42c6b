"""A ball set off from a rack at break speed keeps its track although its blur's near end lay off its spot (issue 5,
tracks; ``BallTracker._twin_handover``).

ho89 break-8-861 at 30/720p (held out, scored on the frozen 4c7af50; now dev; fixture ``handover_spot_b861.json``,
its detections from 1.6 to 2.45 s): the 15, struck at 2.164 s, was seen on the next frame 3.2 mm off its spot and
5.6 cm on (the two ends of its blur), then 42 cm on after the foot cushion, 57.4 mm off the line through those two
(a diameter is 57.2). The far end's new track took the ball's way, scored as the 12 and was never named; the 15's
track stayed on its spot, and the 15's five cushions and its drop into foot-left were lost."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from madeobs import fixture_frames

from tracking.tracker import BallTracker
from vision.geometry import TableGeometry

FIX = Path(__file__).parent / "fixtures" / "handover_spot_b861.json"


def test_the_fifteens_track_follows_it_off_the_rack() -> None:
    tracker = BallTracker(TableGeometry(), "eight-ball")
    for frame in fixture_frames(FIX):
        tracker.update(frame)
        tracker.assign_identities()
    (track,) = [tr for tr in tracker.tracks if tr.ball == 15]
    seen = {round(t, 3): np.asarray(p) for t, p in zip(track.times, track.xy, strict=True)}
    assert 2.3 in seen and np.linalg.norm(seen[2.3] - (1.821, 0.066)) < 0.02, seen
    assert 2.433 in seen and np.linalg.norm(seen[2.433] - (0.995, 0.358)) < 0.02
    assert not [tr for tr in tracker.tracks if tr.ball is None and len(tr.xy) > 3]
