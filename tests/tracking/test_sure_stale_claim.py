"""A detection that continues a ball's track seen last frame is not claimed for a track of the ball it scores as that
has been lost longer than ``stop_after``, however surely it scores as that ball (issue 5, pockets;
``BallTracker._claimed_elsewhere``).

ho63 break-14.1-601 at 30/720p (scored held-out, now dev; fixture ``stale_claim_b601.json``, the detections
1.8-3.4 s; straight pool, all sixteen balls): the cue ball, seen on every frame up to 2.300 s in foot-right's mouth,
dropped at 2.303 s. At 2.933 s the 11, rolling 0.3 m/s 0.88 m away and seen on every frame, showed its white side and
was scored as the cue ball at 0.97; the lost cue ball's track claimed that detection within its reach from its last
sighting, kept the 11's own track (4 mm from it) off it, and the cue ball's path ran on with the 11 and ended on the
cloth: the scratch was lost and a foot and a right cushion were called for it."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from madeobs import tracked_fixture

FIX = Path(__file__).parent / "fixtures"
FOOT_RIGHT = (2.54, 1.27)


def test_the_cue_ball_stays_in_the_pocket_and_the_eleven_rolls_on() -> None:
    tracker = tracked_fixture(FIX / "stale_claim_b601.json", "straight-pool")
    cue = [tr for tr in tracker.tracks if tr.ball == 0]
    assert cue, "no cue ball track"
    for tr in cue:
        late = [xy for t, xy in zip(tr.times, tr.xy, strict=True) if t > 2.35]
        assert all(np.linalg.norm(np.subtract(xy, FOOT_RIGHT)) < 0.15 for xy in late), (
            f"the cue ball's track goes on after its drop: {late[:3]}")
    eleven = next(tr for tr in tracker.tracks if tr.ball == 11)
    assert eleven.times[-1] > 3.3 and np.linalg.norm(np.subtract(eleven.xy[-1], (2.225, 0.535))) < 0.03, (
        f"the 11 ends at {eleven.xy[-1]} at {eleven.times[-1]}")
