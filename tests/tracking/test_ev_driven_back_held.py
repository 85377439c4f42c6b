"""A resting ball driven into a cushion and seen turning off it touched it, even where the hitter meets it again
and it never comes back past where it rested (issue 5, cushions; ``_driven_back_off``). Held-out ho37
nine-ball-rack-128 at 30/720p (now dev), the cue ball's and the 2's sightings from 32.6 s to 33.6 s (fixture
``driven_back_held_nb128.json``): the 2 rested 25 mm off the foot cushion; the cue ball hit it into it at 1.2 m/s
(33.107 s), it touched at 33.128 s, was seen 5 mm off the nose and then 21 mm off, and the cue ball, following,
met it again at 33.156 s and held it there. The touch was missed: the rule asked for the 2 to be seen back past
its rest."""

from __future__ import annotations

import json
from pathlib import Path

from madeobs import fitted_events, fixture_balls

DATA = json.loads((Path(__file__).parent / "fixtures" / "driven_back_held_nb128.json").read_text())
TOUCH = 33.128


def test_the_touch_between_the_hit_and_the_turn_is_found() -> None:
    ev = fitted_events(fixture_balls(DATA), DATA["fps"], DATA["t_start"], 33.6)
    foot = [e.t for e in ev if e.type == "cushion" and e.ball == 2 and e.rail == "foot"]
    assert len(foot) == 1 and abs(foot[0] - TOUCH) < 0.25 / DATA["fps"], foot
