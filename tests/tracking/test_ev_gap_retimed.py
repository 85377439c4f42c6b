"""Two contacts within a frame interval of the strike, seen once between: the cue ball's line from its rest through
that sighting meets the first ball; the piece through the sighting and the next one, fitted straight across both
contacts, runs into the second. The first is retimed to where the line meets it and both are kept (issue 5, first
contact; ``_gap_contact`` in ``infer_events``).

ho61 eight-ball-rack-148 at 30/720p, shot 5 (scored held-out, now dev; fixture ``close_pair_e8148.json``, every
ball's sightings of the shot): struck at 36.611 s, the cue ball met the 15 at 36.655 s and the 11 at 36.666 s. Its
first piece, through its sightings at 36.633 s and 36.667 s, met the 11 head-on at 36.666 s and named the 15 0.2 ms
later. The line from its rest met the 15 at 36.659 s, but the (0, 15) pair was already named, so that was not used:
first contact 11 for 15."""

from __future__ import annotations

from pathlib import Path

from madeobs import fixture_events

FIX = Path(__file__).parent / "fixtures"


def test_the_fifteen_was_hit_first_and_the_eleven_next() -> None:
    ev = fixture_events(FIX / "close_pair_e8148.json")
    hits = [e for e in ev if e.type == "collision" and 0 in (e.balls or ())]
    assert set(hits[0].balls or ()) == {0, 15}
    assert abs(hits[0].t - 36.655) < 0.25 / 30  # truth 36.655 s
    assert set(hits[1].balls or ()) == {0, 11}
    assert abs(hits[1].t - 36.666) < 0.25 / 30  # truth 36.666 s

