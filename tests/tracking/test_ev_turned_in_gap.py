"""A cue ball that turned unseen between two frames against a racked ball that passed the blow on without moving
(issue 5, first contact; ``tracking.events._turned_in_gap``).

ho89 straight-pool-run-176 shot 7 at 30/720p (held out, scored on the frozen 4c7af50; now dev; fixture
``rack_touch_sp176.json``, every ball's sightings over the shot): a 14.1 safety. The cue ball rolled at 0.9 m/s
into the 7 at the rack's edge at 58.474 s, between its sightings 7.4 mm short of touching and 3 mm clear after
turning; the 7 moved 1.2 mm, the 5, 8 and 12 behind it rolled off. No contact of the cue ball was found, and the
review ruled a no-contact foul."""

from __future__ import annotations

from pathlib import Path

from madeobs import fixture_events

FIX = Path(__file__).parent / "fixtures" / "rack_touch_sp176.json"


def test_the_cue_ball_met_the_seven_first() -> None:
    ev = fixture_events(FIX)
    hits = [e for e in ev if e.type == "collision" and 0 in (e.balls or ())]
    assert hits, [(round(e.t, 4), e.type, e.balls or e.ball) for e in ev]
    assert hits[0].balls == (0, 7)
    assert abs(hits[0].t - 58.474) < 0.25 / 30


def test_without_the_seven_the_cue_ball_met_nothing() -> None:
    """The gap's turn names only a ball the line ran into: with the 7 left out, no rack ball is put in its place."""
    ev = fixture_events(FIX, drop=frozenset({7}))
    assert not [e for e in ev if e.type == "collision" and 0 in (e.balls or ())]
