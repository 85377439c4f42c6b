"""A ball lost moving cannot be found farther from its last sighting than the fastest ball on the table could carry
it (issue 5, first contact; ``BallTracker._reach_since``).

ho75 kick-721 at 60/1080p (scored held-out, now dev; fixture ``ghost_reach_k721.json``, the detections 0-2.1 s;
straight pool with the 0, 13 and 14): the cue ball, off the head cushion at 3.05 m/s, was occluded from 1.867 s
and struck the 13 at 1.931 s. A frame after it was lost its hidden track took a ghost of the cue's tip 21 cm from its
last sighting (6.3 m/s, with no faster ball moving) and 28 cm from its prediction;
the cue ball's run into the 13 was lost with its first contact.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from madeobs import tracked_fixture

FIX = Path(__file__).parent / "fixtures"


def test_the_hidden_cue_ball_is_not_found_on_the_tip_ghost() -> None:
    tracker = tracked_fixture(FIX / "ghost_reach_k721.json", "straight-pool", {0, 13, 14})
    cue = next(tr for tr in tracker.tracks if tr.ball == 0)
    gone = [(t, p) for t, p in zip(cue.times, cue.xy, strict=True) if 1.84 < t < 2.0]
    assert gone == [], gone  # hidden from 1.85 s until it comes off the 13
    assert not cue.hidden and np.allclose(cue.xy[-1], (1.294, 0.405), atol=0.01), cue.xy[-1]
    assert min(p[0] for p in cue.xy) < 0.1  # the same track ran to the head cushion
