"""A struck ball's collision hypothesis stops where its run meets a third ball within the frame (issue 5, pockets;
``BallTracker._chain_stop`` in ``_collision_hypotheses``).

ho76 combination-733 at 30/720p (scored held-out on de11121, now dev; fixture ``kick_chain_c733.json``, the
detections 1.0-2.3 s; straight pool with the 0, 1, 11 and 13): the cue ball met the 11 at 1.937 s and the 11 met the
13 18 ms later, inside one frame; the 13 ran into side-right. The hypothesis for the struck 11 ran it on along the
line of centres as if nothing stood in its way, 8.8 cm (with the identity term) from the 13's detection, and the 13's
track took the slowed 11, 5.7 cm from the 13's spot: the swap cost 0.170 against 0.180 for the right pairs, and the
11 was called pocketed for the 13.

The real 2019 clip 11 (fixture ``rack_chain_c11.json``, the detections 4.7-5.6 s of a nine-ball break): the cue ball
met the apex 1, 7.5 mm in front of the 7. Stopped at the 7 by the rule, the 1's track lost it to the second row, and
its run to the right rail, where it left the table, went to no track named 1. A ball within one radius of the struck
one is no stop.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from madeobs import tracked_fixture

FIX = Path(__file__).parent / "fixtures"


def test_the_thirteen_runs_to_the_pocket_and_the_eleven_stays() -> None:
    tracker = tracked_fixture(FIX / "kick_chain_c733.json", "straight-pool", {0, 1, 11, 13})
    by_ball = {tr.ball: tr for tr in tracker.tracks if tr.ball is not None}
    thirteen, eleven = by_ball[13], by_ball[11]
    assert thirteen.hidden and thirteen.xy[-1][1] > 1.2, thirteen.xy[-1]  # lost into side-right
    assert not eleven.hidden and abs(eleven.xy[-1][0] - 1.447) < 0.005, eleven.xy[-1]


def test_a_rack_apex_is_not_stopped_at_the_second_row() -> None:
    tracker = tracked_fixture(FIX / "rack_chain_c11.json", "nine-ball")
    one = next(tr for tr in tracker.tracks if tr.ball == 1)
    assert np.linalg.norm(np.subtract(one.xy[0], (1.799, 0.635))) < 0.01, one.xy[0]  # the apex's own track
    assert one.xy[-1][1] > 1.2, one.xy[-1]  # run on to the right rail
