"""A resting ball hit while out of sight is hit by the ball that reached it then, though its set-off was fitted
frames early (issue 5, first contact; ``_collisions``' fallback, ``_unseen_set_off``, ``_hit_while_unseen``).

ho69x kick-663 at 60/720p (scored held-out, now dev; fixture ``hit_unseen_k663.json``: the sightings of the cue
ball, the 7 and the 13): the 7 lay under the cue from the strike at 1.842 s. The cue ball came off the right
cushion and hit it at 2.136 s, and the 7 was seen again only at 2.35 s, on its way to the left cushion. Its
set-off, fitted back from there to its resting spot, came at 2.099 s, when the cue ball was still 15 cm away:
the shot had no first contact."""

from __future__ import annotations

from pathlib import Path

from madeobs import fixture_events

FIX = Path(__file__).parent / "fixtures"


def test_the_cue_ball_hits_the_seven_under_the_cue() -> None:
    ev = fixture_events(FIX / "hit_unseen_k663.json")
    hits = [e for e in ev if e.type == "collision"]
    assert [tuple(e.balls) for e in hits] == [(0, 7)], [(e.balls, round(e.t, 3)) for e in hits]
    assert abs(hits[0].t - 2.1365) < 0.5 / 60
    rails = [(e.ball, e.rail) for e in ev if e.type == "cushion"]
    assert rails[:3] == [(0, "right"), (7, "left"), (0, "left")], rails
