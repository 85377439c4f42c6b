"""A ball struck off its rest leaves along the line of centres from a ball that could have hit it: its track does not
take a sighting on the other side (issue 5, cushions; ``BallTracker._departure_barred``).

ho78 break-9-751 at 30/1080p (scored held-out, now dev; fixture ``departure_b9751.json``, the detections 0-1.95 s;
nine-ball, the break at 1.80 s): the 7 and the 8 sat at the top and the bottom of the diamond's widest row. A frame
after the break the blurred 7, flying off toward the right rail, was scored as the 8 (0.58); the 8's track took it
42 cm from its spot, though the 8's hitters (the 4, the 6, the 9) all lay on its right-rail side, and the 7's track
took the 8, flying toward the left rail. The names stayed swapped: three cushions missed and three made up."""

from __future__ import annotations

from pathlib import Path

from madeobs import tracked_fixture

FIX = Path(__file__).parent / "fixtures"


def test_the_seven_and_the_eight_keep_their_own_ways() -> None:
    tracker = tracked_fixture(FIX / "departure_b9751.json", "nine-ball")
    seven = next(tr for tr in tracker.tracks if tr.ball == 7)
    eight = next(tr for tr in tracker.tracks if tr.ball == 8)
    # the 7 runs to the right rail (y = 1.24) and off it, the 8 to the left (y = 0.03)
    assert max(y for _, y in seven.xy) > 1.1, f"the 7's track: {seven.xy[-5:]}"
    assert min(y for _, y in eight.xy) < 0.2, f"the 8's track: {eight.xy[-5:]}"
    assert max(y for _, y in eight.xy) < 0.7, f"the 8's track: {eight.xy[-5:]}"
