"""A detection scored as a ball no track has been named after is no proof that it is another ball (issue 5, first
contact and off the table; ``BallTracker._among_named``).

ho75 jump-723 at 30/720p (scored held-out, now dev; fixture ``never_named_j723.json``, the detections 0.9-1.7 s;
straight pool with the 0, 2 and 11): the cue ball jumped 22 cm into the resting 11 within one frame and drove it off
the left rail. On the next frame the struck 11, 9.4 cm from its spot, was scored as the 12 (0.81), a ball never
seen on the table, and the landing cue ball 5.4 cm from the 11's spot as the cue ball. The named-track rule held the
11's track off its own ball as surely another; the 11's track took the cue ball, the cue ball's track was lost, and
the shot had neither a first contact nor the 11's flight off the table.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from madeobs import tracked_fixture

FIX = Path(__file__).parent / "fixtures"


def test_the_struck_eleven_flies_and_the_cue_ball_lands() -> None:
    tracker = tracked_fixture(FIX / "never_named_j723.json", "straight-pool", {0, 2, 11})
    by_ball = {tr.ball: tr for tr in tracker.tracks if tr.ball is not None}
    eleven, cue = by_ball[11], by_ball[0]
    assert np.allclose(eleven.xy[-1], (1.561, 0.217), atol=0.005), eleven.xy[-1]  # last seen flying at the rail
    assert eleven.hidden
    assert not cue.hidden and cue.times[-1] > 1.69
    assert abs(cue.xy[-1][1] - 0.32) < 0.03, cue.xy[-1]  # landed where the 11 was
