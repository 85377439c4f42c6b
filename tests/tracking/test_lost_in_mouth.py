"""A ball lost in a pocket's mouth, heading out of the table, is at that pocket: it is not re-acquired beyond the
reach of the speed it went in at (issue 5, pockets; ``BallTracker._lost_in_mouth``).

ho72 nine-ball-rack-159 at 30/720p, review (scored held-out, now dev; fixture ``lost_in_mouth_n159.json``, the
detector's output 65.9-66.8 s): the 7, driven along the left cushion into head-left at 3.6 m/s, was last seen at
66.37 s 4.6 mm past the head cushion's nose line in the corner's mouth. Its predicted move passed 6 mm outside
the capture circle, so it was not taken for a ball rolling into the pocket, and 0.13 s later its track took a
hand's blob 2.1 m away that the identifier scored as the 7 (0.79-0.88). Its pocket was lost and the next shot
went to the wrong player."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from madeobs import tracked_fixture

FIX = Path(__file__).parent / "fixtures"


def test_the_seven_lost_in_head_lefts_mouth_keeps_off_a_hand_across_the_table() -> None:
    tracker = tracked_fixture(FIX / "lost_in_mouth_n159.json", "nine-ball", {0, 7, 8, 9})
    seven = [tr for tr in tracker.tracks if tr.ball == 7]
    assert len(seven) == 1
    last = np.asarray(seven[0].xy[-1])
    assert last[0] < 0.05 and last[1] < 0.05, seven[0].xy[-3:]  # last seen at head-left's mouth
    assert seven[0].times[-1] < 66.4
