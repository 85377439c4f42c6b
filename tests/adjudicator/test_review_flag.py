"""A ruling asks for review when it rests on a low-confidence event (SCHEMA.md), not whenever any event of the shot
is unsure. Found in review: on ho85's three sequences (23 shots) 15 rulings were flagged, most for object balls meeting
each other in a rack, a cue-ball contact long after the first or a second cushion of a ball already seen on that rail;
none of those can change a ruling."""

from __future__ import annotations

from typing import Any

from builders import judge_log, make_shot, match_record

from adjudicator.facts import derive
from adjudicator.records import Shot

LOW = 0.45


def _facts_low(shot: dict[str, Any], split_window: float = 0.0) -> bool:
    return derive(Shot.from_dict(shot), split_window=split_window).low_confidence


def _with(shot: dict[str, Any], **where: Any) -> dict[str, Any]:
    """``shot`` with the first event matching ``where`` (its keys and values) made unsure."""
    for e in shot["events"]:
        if all(e.get(k) == v for k, v in where.items()):
            e["confidence"] = LOW
            return shot
    raise AssertionError(f"no event with {where}")


def test_object_balls_meeting_unsure_ask_for_nothing() -> None:
    shot = _with(make_shot(contact=5, collisions=[(5, 7)], rails=[(7, "foot")]), type="collision", balls=[5, 7])
    assert not _facts_low(shot)


def test_an_unsure_first_contact_asks_for_review() -> None:
    assert _facts_low(make_shot(contact=5, rails=[(5, "foot")], contact_confidence=LOW))


def test_an_unsure_later_cue_contact_asks_only_inside_the_split_window() -> None:
    shot = _with(make_shot(contact=[5, 7], rails=[(5, "foot")]), type="collision", balls=[0, 7])
    assert not _facts_low(shot)  # 0.1 s after the first contact
    assert _facts_low(shot, split_window=0.2)


def test_an_unsure_cushion_asks_unless_the_ball_reached_a_rail_surely() -> None:
    only = _with(make_shot(contact=5, rails=[(5, "foot")]), type="cushion", ball=5)
    assert _facts_low(only)  # the rail requirement rests on it
    again = _with(make_shot(contact=5, rails=[(5, "head"), (5, "foot")]), type="cushion", rail="head")
    assert not _facts_low(again)
    other_ball = _with(make_shot(contact=5, rails=[(0, "head"), (5, "foot")]), type="cushion", ball=0)
    assert _facts_low(other_ball)  # whether the cue ball reached a rail may matter (the 14.1 break)
    frozen = _with(make_shot(contact=5, rails=[(5, "head"), (5, "foot")], frozen=[5]), type="cushion", rail="head")
    assert _facts_low(frozen)  # a frozen ball must reach a rail other than its own: which rail matters


def test_an_unsure_cushion_before_the_contact_asks() -> None:
    shot = _with(make_shot(contact=5, rails_before=[(0, "left")], rails=[(5, "foot")]), type="cushion", ball=0)
    assert _facts_low(shot)


def test_an_unsure_pocket_asks() -> None:
    shot = _with(make_shot(contact=5, pockets={5: "foot-left"}), type="pocket")
    assert _facts_low(shot)


def test_a_record_less_sure_than_any_event_asks() -> None:
    assert _facts_low(make_shot(contact=5, rails=[(5, "foot")], confidence=0.3))
    shot = _with(make_shot(contact=5, collisions=[(5, 7)], rails=[(5, "foot")], confidence=LOW),
                 type="collision", balls=[5, 7])
    assert not _facts_low(shot)  # its confidence is that object collision's


def test_the_ruling_carries_the_flag() -> None:
    setup = {"break": False, "cue_ball": "in_place", "balls": [1, 2, 3, 9]}
    sure_enough = _with(make_shot(contact=1, collisions=[(1, 2)], rails=[(2, "foot")]), type="collision",
                        balls=[1, 2])
    unsure = make_shot(contact=1, collisions=[(1, 2)], rails=[(2, "foot")], contact_confidence=LOW)
    for shot, review in ((sure_enough, False), (unsure, True)):
        rulings, _ = judge_log([match_record("nine-ball", target=3), {"type": "state", **setup}, shot])
        assert rulings[-1].review is review
