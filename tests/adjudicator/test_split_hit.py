"""Split hits: the cue ball meets a legal and an illegal ball within ``split_hit_window`` (default 4 ms); the
order cannot be told from footage, so the shot goes to the shooter. Found in review (ho68 eight-ball-rack-155
shot 4, 30/720p: the cue ball met the 1 and the 10 35 us apart; the tracker timed the 10's contact 1 ms first
and the review called "wrong ball first")."""

from __future__ import annotations

from typing import Any

from builders import judge_log, make_shot, match_record

SOLIDS_STRIPES = {"Ann": "solids", "Bob": "stripes"}


def _shot(contacts: list[tuple[int, float]], rails: list[tuple[int, str]]) -> dict[str, Any]:
    """A shot whose cue-ball contacts happen at the given times (s), then the given cushions."""
    shot = make_shot(1, rails=rails)
    events = [shot["events"][0]]
    events += [{"t": t, "type": "collision", "balls": [0, b]} for b, t in contacts]
    last = max(t for _, t in contacts)
    events += [{"t": round(last + 0.1 * (i + 1), 6), "type": "cushion", "ball": b, "rail": r}
               for i, (b, r) in enumerate(rails)]
    events.append({"t": round(last + 1.0, 6), "type": "rest"})
    shot["events"] = events
    return shot


def _judge(game: str, setup: dict[str, Any], shot: dict[str, Any], **options: Any) -> dict[str, Any]:
    log = [match_record(game, target=3, options=options), {"type": "state", **setup}, shot]
    rulings, _ = judge_log(log)
    return rulings[-1].to_dict()


def test_eight_ball_split_with_an_opponent_ball_is_legal() -> None:
    setup = {"break": False, "cue_ball": "in_place", "balls": [1, 2, 8, 9, 10], "groups": SOLIDS_STRIPES}
    got = _judge("eight-ball", setup, _shot([(10, 0.500), (1, 0.501)], [(1, "foot")]))
    assert got["legal"] and got["fouls"] == [], got["announcement"]
    assert "Split hit" in got["announcement"]


def test_eight_ball_contacts_further_apart_are_ordered() -> None:
    setup = {"break": False, "cue_ball": "in_place", "balls": [1, 2, 8, 9, 10], "groups": SOLIDS_STRIPES}
    got = _judge("eight-ball", setup, _shot([(10, 0.500), (1, 0.510)], [(1, "foot")]))
    assert got["fouls"] == ["wrong_ball_first"], got["announcement"]


def test_the_window_is_an_option() -> None:
    setup = {"break": False, "cue_ball": "in_place", "balls": [1, 2, 8, 9, 10], "groups": SOLIDS_STRIPES}
    got = _judge("eight-ball", setup, _shot([(10, 0.500), (1, 0.501)], [(1, "foot")]), split_hit_window=0.0)
    assert got["fouls"] == ["wrong_ball_first"], got["announcement"]


def test_nine_ball_split_with_the_lowest_ball_is_legal() -> None:
    setup = {"break": False, "cue_ball": "in_place", "balls": [3, 4, 5, 9]}
    got = _judge("nine-ball", setup, _shot([(4, 0.800), (3, 0.803)], [(4, "left")]))
    assert got["legal"], got["announcement"]
    got = _judge("ten-ball", {**setup, "balls": [3, 4, 5, 10]}, _shot([(4, 0.800), (3, 0.803)], [(4, "left")]))
    assert got["fouls"] == [], got["announcement"]


def test_nine_ball_break_split_with_the_one_is_legal() -> None:
    got = _judge("nine-ball", {"break": True, "cue_ball": "in_hand_kitchen"},
                 _shot([(2, 1.000), (1, 1.002)], [(2, "foot"), (3, "left"), (4, "right"), (6, "head")]))
    assert got["legal"], got["announcement"]


def test_a_split_between_two_illegal_balls_is_still_a_foul() -> None:
    setup = {"break": False, "cue_ball": "in_place", "balls": [1, 2, 8, 9, 10, 11], "groups": SOLIDS_STRIPES}
    got = _judge("eight-ball", setup, _shot([(10, 0.500), (11, 0.501)], [(10, "foot")]))
    assert got["fouls"] == ["wrong_ball_first"], got["announcement"]
