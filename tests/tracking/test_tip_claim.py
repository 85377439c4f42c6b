"""A struck ball lost off a cushion is found again by its own track, not by the cue tip's (issue 5, first contact;
``BallTracker._claimed_from_stranger``).

ho69 rails-661 at 30/1080p (scored held-out, now dev; fixture ``tip_claim_r661.json``, the detections 0.0-2.5 s;
the rules' balls 0, 6 and 10): the 6, 9 cm off the left cushion, was struck into it and came back off it inside one
frame. Its track, sent on into the rail, lost it; 0.13 s later the 6 was seen 74 cm up the table, scored the 6 at
0.87, and went to the track of the cue's tip, hidden 29 cm away. Named the 6, the tip's path (moving before the
strike) became the 6's and the shot lost its first contact."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from madeobs import track_from, tracked_fixture

FIX = Path(__file__).parent / "fixtures"


def test_the_six_is_found_by_its_own_track() -> None:
    tracker = tracked_fixture(FIX / "tip_claim_r661.json", "straight-pool", {0, 6, 10})
    six = track_from(tracker, (1.8193, 0.1186))
    assert six.ball == 6, f"the 6's track is named {six.ball}"
    assert six.xy[-1][1] > 0.7, f"the 6's track was last seen at {six.xy[-1]}"
    found = [tr for tr in tracker.tracks if any(np.hypot(x - 1.934, y - 0.800) < 0.01 for x, y in tr.xy)]
    assert found == [six], "the 6's sighting 74 cm up the table went to another track"
