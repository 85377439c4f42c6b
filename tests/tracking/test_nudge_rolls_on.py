"""A resting ball's detected centre that moves as a ball passes close by, and is then still at once, was not
nudged (issue 5, ``events._nudge_of``, ``EventConfig.nudge_roll``).

ho95 soft-922 at 30/720p (held out, scored on the frozen 4fb6c39; now dev; fixture ``near_miss_s922_30.json``, its
detections from 0 to 5.6 s, a 14.1 position with the 10 and the 13): a kick safety. The cue ball ran up past the
resting 10 to the right cushion and came back onto it at 3.96 s. Going up, at 2.95 s, it passed the 10 5 mm clear.
The 10, partly covered until then, was detected 11 mm off its true place and scored as the 2; as the cue ball went
by, its detection moved onto its true place (scored as the 10) and stayed there. ``_nudged`` read a cue ball-10
contact at 2.95 s, so the first contact was followed by the cue ball's right cushion, and rail after contact was
wrong. A ball pushed that far by a hit still rolls once the passer is clear of it."""

from __future__ import annotations

from pathlib import Path

from madeobs import fixture_shots

from adjudicator.facts import derive
from adjudicator.records import Shot
from tracking.events import EventConfig

FIX = Path(__file__).parent / "fixtures" / "near_miss_s922_30.json"


def _shot(cfg: EventConfig) -> Shot:
    (shot,) = fixture_shots(FIX, "straight-pool", {10, 13}, cfg)
    return shot


def test_the_near_miss_is_no_contact_and_no_rail_follows_the_first() -> None:
    shot = _shot(EventConfig())
    hits = [e for e in shot.events if e.type == "collision"]
    assert [e.balls for e in hits] == [(0, 10)], hits
    assert abs(hits[0].t - 3.9631) < 0.5 / 30, hits  # the true contact, after the right cushion
    facts = derive(shot)
    assert facts.first_contact == 10
    assert not facts.rail_after_contact


def test_without_the_roll_check_the_near_miss_was_read_as_a_nudge() -> None:
    shot = _shot(EventConfig(nudge_roll=0.0))
    hits = [e for e in shot.events if e.type == "collision"]
    assert hits and hits[0].balls == (0, 10) and abs(hits[0].t - 2.95) < 0.02, hits
