"""A cue ball lost at rest is not found far away on a detection that shows no blur (issue 5, no extra shots;
``BallTracker._unstruck_jump`` in ``_lost_match``).

ho70 break-9-674 at 30/720p (scored held out, now dev; fixture ``rerack_hand_b674.json``, the detections 9.3-11.2 s;
the rules' balls after the break: 0-4 and 6-8): after the break a rack was set up and the cue ball lifted off the
table at 10.37 s. 0.33 s later the resting cue ball's track took a racking hand 1.30 m away (scored cue ball 0.76,
no streak) and followed it to the right rail: an extra shot, with the cue ball "off the table". A cue ball struck
that hard from rest (3.9 m/s on average over the time unseen) would show as a blur where it is found."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from madeobs import track_from, tracked_fixture

FIX = Path(__file__).parent / "fixtures"


def test_the_cue_ball_stays_on_its_spot_during_the_rerack() -> None:
    tracker = tracked_fixture(FIX / "rerack_hand_b674.json", "nine-ball", {0, 1, 2, 3, 4, 6, 7, 8})
    cue = track_from(tracker, (0.768, 0.476))
    assert cue.ball == 0
    far = [p for p in cue.xy if np.hypot(p[0] - 0.770, p[1] - 0.475) > 0.05]
    assert not far, f"the cue ball's track went to {far[0]}"
