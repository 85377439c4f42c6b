"""A struck ball's blur found as two circles on the strike frame starts no new track (issue 5, strikes;
``BallTracker.update``). ho52x break-9-493 at 60/1080p (dev; fixture ``struck_pair_b9493.json``, the detections of
session 34's detector 1.9-2.2 s): the cue ball, struck at 2.0646 s at 13 m/s, was two circles on the next frame,
its resting end 7.6 mm from its spot and the front of its blur 68.6 mm ahead, 0.02 mm past the 1.2 diameters within
which a circle against a ball being struck starts no track. The front one started a track, which won the cue
ball's streaks on the frames after (nearer to it than the spot); the cue ball's own track was left behind, and the
strike was timed 85 ms late, at the first sharp sighting. Now 1.3 diameters."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from madeobs import track_from, tracked_fixture

FIX = Path(__file__).parent / "fixtures"


def test_the_struck_cue_balls_track_runs_on_its_streaks() -> None:
    tracker = tracked_fixture(FIX / "struck_pair_b9493.json", "nine-ball")
    cue = track_from(tracker, (0.5822, 0.4135), 0.005)
    times = np.asarray(cue.times)
    for t, p in ((2.0833, (0.8377, 0.4642)), (2.15, (1.7268, 0.6212))):
        k = int(np.argmin(np.abs(times - t)))
        assert abs(times[k] - t) < 1e-3 and np.linalg.norm(np.subtract(cue.xy[k], p)) < 0.03
    born = [tr for tr in tracker.tracks if tr is not cue and abs(tr.times[0] - 2.0667) < 1e-3]
    assert not born, "no track starts on the front of the strike frame's blur"
