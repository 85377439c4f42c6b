"""A resting ball the cue ball runs past just outside contact, that stays put and is set off later by a contact of
its own, was not hit by the pass (issue 5, first contact on breaks; ``_collisions``, ``_later_set_offs``).

ho71 break-14.1-681 at 30/720p (scored held out, now dev; fixture ``pass_before_break_b681.json``: every ball's
sightings): on its way to the foot cushion the cue ball ran past the 1 at the back of the rack 0.8 mm outside
contact on its fitted path (truth: 1.1 mm clear, 2.430 s); back off the cushion it hit the 14 at 2.647 s and broke
the rack. The 1 stayed in its place for seven frames after the pass and then crept off, pushed by the break; read
as a creep from the pass (``_starts_inside``), the pass became the break's first contact: 1 for 14."""

from __future__ import annotations

from pathlib import Path

from madeobs import fixture_events

FIX = Path(__file__).parent / "fixtures"


def test_the_break_first_hits_the_fourteen() -> None:
    ev = fixture_events(FIX / "pass_before_break_b681.json")
    cue = [e for e in ev if e.type == "collision" and 0 in e.balls]
    assert cue and 14 in cue[0].balls, [(e.balls, round(e.t, 3)) for e in cue[:3]]
    assert abs(cue[0].t - 2.6466) < 1 / 30
