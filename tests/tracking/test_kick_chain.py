"""A struck ball's collision hypothesis stops where its run meets a third ball within the frame (issue 5, pockets;
``BallTracker._chain_stop`` in ``_collision_hypotheses``).

ho76 combination-733 at 30/720p (scored held-out on de11121, now dev; fixture ``kick_chain_c733.json``, the
detections 1.0-2.3 s; straight pool with the 0, 1, 11 and 13): the cue ball met the 11 at 1.937 s and the 11 met the
13 18 ms later, inside one frame; the 13 ran into side-right. The hypothesis for the struck 11 ran it on along the
line of centres as if nothing stood in its way, 8.8 cm (with the identity term) from the 13's detection, and the 13's
track took the slowed 11, 5.7 cm from the 13's spot: the swap cost 0.170 against 0.180 for the right pairs, and the
11 was called pocketed for the 13.
"""

from __future__ import annotations

from pathlib import Path

from madeobs import tracked_fixture

FIX = Path(__file__).parent / "fixtures"


def test_the_thirteen_runs_to_the_pocket_and_the_eleven_stays() -> None:
    tracker = tracked_fixture(FIX / "kick_chain_c733.json", "straight-pool", {0, 1, 11, 13})
    by_ball = {tr.ball: tr for tr in tracker.tracks if tr.ball is not None}
    thirteen, eleven = by_ball[13], by_ball[11]
    assert thirteen.hidden and thirteen.xy[-1][1] > 1.2, thirteen.xy[-1]  # lost into side-right
    assert not eleven.hidden and abs(eleven.xy[-1][0] - 1.447) < 0.005, eleven.xy[-1]
