"""A ball rolling straight into a corner pocket met no jaw, though the quadratic of its long approach ends faster
than the piece after it runs (issue 5, cushions; ``_slowed_against_sightings``). Held-out ho37 scratch-380 at
60/1080p (now dev), the cue ball's and the 12's sightings from 1.9 s to 2.8 s (fixture ``bent_approach_sc380.json``):
off the 12 the cue ball gathered speed on its follow and rolled into head-right at 0.43 m/s toward the right rail.
Its 30-sighting piece ends at 0.53 m/s toward it, the last piece (3 sightings) runs on at 0.43, and that drop was
read as a jaw turning it off the right rail 40 ms before it fell (the shot's only "rail after contact"; the truth
touches no cushion)."""

from __future__ import annotations

import json
from pathlib import Path

from madeobs import fitted_events, fixture_balls

DATA = json.loads((Path(__file__).parent / "fixtures" / "bent_approach_sc380.json").read_text())


def test_no_jaw_before_the_scratch() -> None:
    ev = fitted_events(fixture_balls(DATA), DATA["fps"], DATA["t_start"], 2.8, frozenset({0, 12}))
    assert [(e.ball, e.pocket) for e in ev if e.type == "pocket"] == [(12, "head-right"), (0, "head-right")]
    assert not [e for e in ev if e.type == "cushion"], "no cushion in the shot"
