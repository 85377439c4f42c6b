"""A detection the identifier scores as another ball is not claimed for that ball's track when that ball is seen in
its own place on another detection this frame (issue 5, pockets; ``BallTracker._claimed_elsewhere``,
``_seen_in_place``).

ho63x cut-604 at 60/720p (scored held-out, now dev; fixture ``claimed_in_place_c604.json``, the detections
1.2-2.4 s; straight pool with the 0, 3, 9, 11, 12 and 13): the cue ball cut the 11 at 1.963 s. A frame later the 11
was scored as the cue ball (0.52) and under 0.01 as the 11, while the cue ball's own detection lay 7 mm from its
prediction. The claim for the cue ball's track, still unmatched in the association, kept the 11's track off the
11's detection; it took the cue ball's instead, the cue ball's track went with the 11 into side-right, and the 11's
drop became a scratch (a phantom pocket and a missed one)."""

from __future__ import annotations

from pathlib import Path

from madeobs import tracked_fixture

FIX = Path(__file__).parent / "fixtures"


def test_the_eleven_drops_and_the_cue_ball_rolls_on() -> None:
    tracker = tracked_fixture(FIX / "claimed_in_place_c604.json", "straight-pool", {0, 3, 9, 11, 12, 13})
    eleven = next(tr for tr in tracker.tracks if tr.ball == 11)
    cue = next(tr for tr in tracker.tracks if tr.ball == 0)
    assert eleven.xy[-1][1] > 1.15 and abs(eleven.xy[-1][0] - 1.27) < 0.1, f"the 11 ends at {eleven.xy[-1]}"
    assert cue.times[-1] > 2.39 and cue.xy[-1][1] < 0.5, f"the cue ball ends at {cue.xy[-1]}"
