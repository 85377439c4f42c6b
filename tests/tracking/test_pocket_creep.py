"""A ball creeping over a pocket's lip is rolling into it (issue 5, pockets; ``BallTracker._into_pocket``,
``TrackerConfig.pocket_creep``). ho57x scratch-543 at 60/720p (scored held-out, now dev; fixture
``pocket_creep_s543.json``, the detections 0-4.2 s, straight pool with the 0, 10 and 13): the cue ball crept into
head-right at 0.2 m/s and dropped at 2.607 s, last seen at 2.600 s over the lip. Its last step, 3 mm, was under
``rest_radius``, so it was not taken as rolling into the pocket and kept a full reach: 1.45 s later its track took a
detection scored as the cue ball 1.2 m away, and the scratch was lost."""

from __future__ import annotations

from pathlib import Path

from madeobs import track_from, tracked_fixture

FIX = Path(__file__).parent / "fixtures"


def test_the_cue_ball_stays_in_the_pocket() -> None:
    tracker = tracked_fixture(FIX / "pocket_creep_s543.json", "straight-pool", {0, 10, 13})
    cue = track_from(tracker, (0.6732, 0.9941), 0.005)
    assert cue.ball == 0
    assert cue.times[-1] < 2.61 and cue.xy[-1][0] < 0.05, "not found again after its drop"
