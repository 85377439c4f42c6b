"""A covered ball's drifting filter is no ball passing by (issue 5; ``BallTracker._touched_since``). Held-out ho35
straight-pool-run-127 at 30/720p (now dev), its detections from 32.5 s to 34.2 s: an arm covered the resting 10 and
12 for 0.1-0.4 s, and the 10's hidden filter drifted 1 cm on its resting jitter, within touching distance of the
12's spot. The 12 then counted as struck unseen, so its track took an arm blob 7.5 cm off (scored 0.86 as the cue
ball); the hidden 10 took the cue ball's spot and the cue ball the blob. The cue ball's name stayed on the 10 for
two shots, and both lost their first contact."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from madeobs import fixture_frames

from tracking.tracker import BallTracker
from vision.geometry import TableGeometry

FIXTURE = Path(__file__).parent / "fixtures" / "covered_drift_spr127.json"
CUE_BALL, TEN, TWELVE = (2.124, 0.391), (2.004, 0.567), (1.983, 0.62)


def test_names_stay_on_the_resting_balls_under_the_arm() -> None:
    tracker = BallTracker(TableGeometry(), "straight-pool")
    for obs in fixture_frames(FIXTURE):
        tracker.update(obs)
    named = {tr.ball: np.asarray(tr.xy[-1]) for tr in tracker.tracks if tr.ball is not None and tr.xy}
    assert np.linalg.norm(named[0] - CUE_BALL) < 0.01, "the cue ball's track stays on the cue ball"
    assert np.linalg.norm(named[10] - TEN) < 0.01, "the 10's track stays on the 10"
    assert np.linalg.norm(named[12] - TWELVE) < 0.01, "the 12's track does not take the arm blob"
