"""A ball lost flying off the table over a rail keeps its name while the shot runs (issue 5, off the table;
``BallTracker.pocket_hold``, ``_flown_over``).

ho67x jump-644 at 60/1080p (scored held-out, now dev; fixture ``flown_hold_j644.json``, the detections 0.0-2.4 s;
the rules' balls 0, 2 and 9): the cue ball jumped into the 9, which flew off the left rail at 8 m/s. Its track,
lost there, kept voting weakly (the detector scores this 9 as the 1 about as often), and with its claim fading
like a ball under a hand's, the 9's name went to the track of the cue's tip, seen over the table before the
strike: the 9's path became the tip's, and the shot lost its first contact and the 9 off the table."""

from __future__ import annotations

from pathlib import Path

from madeobs import track_from, tracked_fixture

FIX = Path(__file__).parent / "fixtures"


def test_the_nine_keeps_its_name_after_flying_off() -> None:
    tracker = tracked_fixture(FIX / "flown_hold_j644.json", "straight-pool", {0, 2, 9})
    nine = track_from(tracker, (0.394, 0.412))
    assert nine.ball == 9, f"the 9's track is named {nine.ball}"
    assert nine.hidden and nine.xy[-1][1] < 0.05, f"the 9 was last seen at {nine.xy[-1]}"
    assert [tr.ball for tr in tracker.tracks if tr.ball == 9] == [9]
