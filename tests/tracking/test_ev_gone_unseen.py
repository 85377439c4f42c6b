"""A resting ball missed on the frame before it was hit, kicked fast and never seen again, flew off where its line
meets a rail (issue 5, off the table; ``_struck_and_gone``'s ``never_seen``).

ho71 jump-682 at 30/720p (scored held out, now dev; fixture ``gone_unseen_j682.json``: the cue ball's and the 14's
sightings): the jumping cue ball hit the 14 at 1.684 s; the 14 flew off the right rail at 9 m/s (cushion 1.750 s)
and was never seen moving. It was missed on the frame before the hit, so its last sighting lay 2 frames before
the hit as timed (1.700 s), and the rule that flies such a ball off a rail it meets fast asked for one within 1.5
frames: the 14 was counted hidden, and the shot lost its rail after contact and the ball off the table."""

from __future__ import annotations

from pathlib import Path

from madeobs import fixture_events

FIX = Path(__file__).parent / "fixtures"


def test_the_fourteen_flies_off_the_right_rail() -> None:
    ev = fixture_events(FIX / "gone_unseen_j682.json")
    seen = [(e.type, e.ball, e.rail, round(e.t, 3)) for e in ev]
    assert [e.ball for e in ev if e.type == "off_table"] == [14], seen
    assert [e.rail for e in ev if e.type == "cushion" and e.ball == 14] == ["right"], seen
