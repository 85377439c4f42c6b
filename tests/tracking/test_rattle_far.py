"""A ball lost rolling into a pocket is found again only as a rattle comes out of it: near that pocket, no farther
than it rolls at the speed it went in for ``rattle_unseen`` (issue 5, pockets; ``TrackerConfig.rattle_unseen``).
ho59 straight-pool-run-146 in review (scored held-out, now dev; fixture ``rattle_far_sp146.json``, the review's
auto-calibrated detections 30.4-31.8 s, the rack's 10 left out before 31.7 s, where the review's tracker first took
it up): the 2, struck from 0.82 m, ran into foot-left at 4.3 m/s and dropped at 31.12 s. At 31.7 s the 10, in the
rack at the foot spot, was taken up for the first time, 81 cm from the pocket; the 2's hidden track, held in
foot-left, could still reach 2.5 m at the speed it went in, took it and was seen at the end of the shot: no pocket,
and the point was not scored."""

from __future__ import annotations

from pathlib import Path

from madeobs import track_from, tracked_fixture

FIX = Path(__file__).parent / "fixtures"


def test_the_two_stays_in_foot_left() -> None:
    tracker = tracked_fixture(FIX / "rattle_far_sp146.json", "straight-pool")
    two = track_from(tracker, (0.8176, 0.3764), 0.005)
    assert two.xy[-1][0] > 2.45 and two.xy[-1][1] < 0.05, f"last seen at {two.xy[-1]}"
    assert two.times[-1] < 31.15
