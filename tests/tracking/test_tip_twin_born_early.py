"""The cue tip's track, born long before however rarely seen, takes no end of a struck ball's blur found as a lone
pair (issue 5, first contact and off the table; ``BallTracker._associate``'s lone-pair rule).

ho73x jump-704 at 60/1080p (scored held-out, now dev; fixture ``tip_twin_j704.json``, the detector's output
0-1.75 s): the cue ball jumped onto the 12, 25 cm ahead, and the 12 flew off the table over the right rail. On the
strike frame the cue ball's blur was found as two circles 56 mm apart. The tip's track (unnamed, born at 0.55 s but
seen only three times in all) was not held off the pair, because the rule counted sightings only: it took the front
end 31 cm away, the cue ball's track the rear end, then the struck 12's sighting, and the 12's flight off the
table became the cue ball's (first contact lost, the 12 counted hidden, an extra shot)."""

from __future__ import annotations

from pathlib import Path

from madeobs import tracked_fixture

FIX = Path(__file__).parent / "fixtures"


def test_the_twelves_flight_stays_the_twelves() -> None:
    tracker = tracked_fixture(FIX / "tip_twin_j704.json", "straight-pool", {0, 7, 12})
    twelve = [tr for tr in tracker.tracks if tr.ball == 12]
    assert len(twelve) == 1 and twelve[0].xy[-1][1] > 1.1, [tr.xy[-3:] for tr in twelve]  # flown to the right rail
    cue = [tr for tr in tracker.tracks if tr.ball == 0]
    assert cue and all(y < 0.7 for tr in cue for _, y in tr.xy), [tr.xy[-3:] for tr in cue]  # never on that flight
