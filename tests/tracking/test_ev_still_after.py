"""A ball still on its spot on the frame after another left its own is not that ball's hitter, and a contact with
it does not explain that departure (issue 5, first contact; ``_collisions``' fallback, ``_still_after``).

ho71 eight-ball-rack-158 shot 6 at 30/720p (scored held out, now dev; fixture ``still_after_e158.json``: every ball's
sightings): the cue ball, 23 mm from the 10, hit it 12 ms after the strike (truth 46.2036 s), and the 10, 6.6 mm
from the 8, hit the 8 4 ms later. The cue ball's kink from rest was fitted after the 10's, so its contact was
looked for in the fallback; the (8, 10) contact found there counted as the cause of the 10's departure, though the
8 was still on its spot on the frame after. No first contact, and no rail after it."""

from __future__ import annotations

from pathlib import Path

from madeobs import fixture_events

FIX = Path(__file__).parent / "fixtures"


def test_the_cue_ball_hits_the_ten() -> None:
    ev = fixture_events(FIX / "still_after_e158.json")
    hits = {tuple(e.balls) for e in ev if e.type == "collision" and e.t < 46.3}
    assert (0, 10) in hits, sorted(hits)
    assert (8, 10) in hits, sorted(hits)
    cue = [e for e in ev if e.type == "collision" and 0 in e.balls]
    assert abs(cue[0].t - 46.2036) < 1 / 30


def test_a_rack_ball_is_not_given_a_hitter_that_passes_wide() -> None:
    # ho65 break-14.1-621 at 30/720p (dev; fixture ``rack_made_b621.json``): the cue ball, back off the foot cushion,
    # hit the 12 at the back of the rack (truth 2.1672 s). The 5 beside it left with a neighbour still on its spot
    # the frame after; looked for, its hitter must touch it within ``contact_tolerance``: the cue ball running past
    # 1-3 cm off, on its way to the 12, made a (0, 5) contact at 2.159 s and the break's first contact 5 for 12
    ev = fixture_events(FIX / "rack_made_b621.json")
    cue = [e for e in ev if e.type == "collision" and 0 in e.balls]
    assert cue and 12 in cue[0].balls, [(e.balls, round(e.t, 3)) for e in cue[:3]]
