"""A pocketed ball whose seen line comes within ``jaw_slack`` of a jaw, while the line through its sightings before
that point passes clear of it, did not glance off the jaw (issue 5, ``events._ran_clear_before``,
``EventConfig.jaw_pre``).

ho95 scratch-921 at 60/1080p (held out, scored on the frozen 4fb6c39; now dev; fixture ``jaw_clear_s921_60.json``,
its detections from 0 to 2.8 s, a 14.1 position with the 4, 9, 10 and 12): the 4, called in foot-right, was cut in
at 3.3 m/s and the cue ball followed it in. The line fitted to the 4's five sightings came 2.8 mm off the right
jaw, inside ``jaw_slack`` (3 mm), which is there for a glance that the sightings after it pull the line off. The
four sightings before that point run 2.6 mm clear of the jaw (0.4 mm rms) and the truth drops clean. A jaw touch
was called, the shot's only rail after its first contact."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from madeobs import fixture_shots

from adjudicator.facts import derive
from adjudicator.records import Shot
from tracking.events import EventConfig

FIX = Path(__file__).parent / "fixtures" / "jaw_clear_s921_60.json"


def _shot(cfg: EventConfig) -> Shot:
    (shot,) = fixture_shots(FIX, "straight-pool", {4, 9, 10, 12}, cfg)
    return shot


def test_the_clean_drop_has_no_jaw_touch_and_no_rail_after_contact() -> None:
    shot = _shot(EventConfig())
    assert not [e for e in shot.events if e.type == "cushion" and e.ball == 4], shot.events
    facts = derive(shot)
    assert facts.first_contact == 4
    assert facts.pocket_of == {4: "foot-right"}
    assert facts.scratch
    assert not facts.rail_after_contact


def test_without_the_rule_the_slack_made_a_jaw_touch() -> None:
    shot = _shot(EventConfig(jaw_pre=np.inf))
    jaws = [e for e in shot.events if e.type == "cushion" and e.ball == 4]
    assert [e.rail for e in jaws] == ["right"], shot.events
    assert derive(shot).rail_after_contact
