"""A kink 10-15 mm off a cushion's nose where the ball hit another is the collision's turn, not a contact with that
cushion (issue 5, cushions; ``_cushions``' loose kinks). Held-out ho37 eight-ball-rack-128 at 30/720p (now dev),
the cue ball's and the 3's sightings from 37.3 s to 40.2 s (fixture ``loose_kink_hit_eb128.json``): the cue ball ran
into the 3 at 1.6 m/s, angled 0.34 m/s toward the foot cushion, and stopped 16 mm off its nose; the kink at the hit
was read as a foot contact of the cue ball (a false one, 49 ms after the hit; the truth has none)."""

from __future__ import annotations

import json
from pathlib import Path

from madeobs import fitted_events, fixture_balls

DATA = json.loads((Path(__file__).parent / "fixtures" / "loose_kink_hit_eb128.json").read_text())


def test_the_cue_balls_turn_at_the_hit_is_no_cushion() -> None:
    ev = fitted_events(fixture_balls(DATA), DATA["fps"], DATA["t_start"], 40.2)
    assert [e for e in ev if e.type == "collision" and e.balls == (0, 3)], "the hit itself is found"
    assert not [e.t for e in ev if e.type == "cushion" and e.ball == 0], "no cushion for the cue ball"
