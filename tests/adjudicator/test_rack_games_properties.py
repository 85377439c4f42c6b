"""Properties of the rack games (8-, 9-, 10-ball) over random well-formed logs, plus contract checks.

Random logs are drawn shot by shot from the current state (only balls on the table are named), folded through
the match driver with ``--default-choice first``, and must never raise, must replay identically, keep the
invariants below, and only produce foul codes and messages that have en/pl/zh announcements.
"""

from __future__ import annotations

from typing import Any

import pytest
from builders import make_shot, match_record
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.i18n import LANGUAGES, catalog
from adjudicator.match import Match
from adjudicator.records import POCKETS, RAILS, MatchRecord, Shot, parse_record
from adjudicator.rulesets import get_ruleset, ruleset_class

RACK_GAMES = ("eight-ball", "nine-ball", "ten-ball")


def _draw_records(data: st.DataObject, m: Match, n_records: int) -> list[dict[str, Any]]:
    """Feed random records into ``m`` (drawn from its current state); return them for the replay."""
    fed: list[dict[str, Any]] = []

    def feed(d: dict[str, Any]) -> None:
        fed.append(d)
        m.feed(parse_record(d), len(fed))

    shot_no = 0
    for _ in range(n_records):
        state = m.state
        assert state is not None
        if state.match_winner is not None:
            break
        balls = list(state.balls)
        if state.pending is not None and data.draw(st.booleans()):
            feed({"type": "choice", "player": state.pending.player,
                  "choice": data.draw(st.sampled_from(state.pending.choices))})
            continue
        kind = data.draw(st.sampled_from(["shot", "shot", "shot", "call", "referee"]))
        if kind == "call":
            which = data.draw(st.sampled_from(["ball", "safety", "push_out"]))
            if which == "ball":
                feed({"type": "call", "ball": data.draw(st.sampled_from(balls)),
                      "pocket": data.draw(st.sampled_from(POCKETS))})
            else:
                feed({"type": "call", which: True})
            continue
        if kind == "referee":
            if shot_no == 0:
                continue
            call = data.draw(st.sampled_from(["two_foul_warning", "touched_ball", "foul", "stalemate"]))
            feed({"type": "referee", "call": call, "player": state.shooter})
            continue
        shot_no += 1
        pocketed = data.draw(st.lists(st.sampled_from(balls), unique=True, max_size=3))
        rest = [b for b in balls if b not in pocketed]
        off = data.draw(st.lists(st.sampled_from(rest), unique=True, max_size=1)) if rest and \
            data.draw(st.integers(0, 9)) == 0 else []
        contact = data.draw(st.one_of(st.none(), st.sampled_from(balls)))
        rails = data.draw(st.lists(st.tuples(st.sampled_from([0, *balls]), st.sampled_from(RAILS)), max_size=5))
        shot = make_shot(shot_no, contact=contact, rails=rails,
                         pockets=[(b, data.draw(st.sampled_from(POCKETS))) for b in pocketed], off_table=off,
                         scratch=data.draw(st.integers(0, 7)) == 0,
                         contact_confidence=data.draw(st.sampled_from([None, None, 0.3])))
        feed(shot)
    return fed


@pytest.mark.parametrize("game", RACK_GAMES)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_logs_never_raise_and_replay_identically(game: str, data: st.DataObject) -> None:
    header = match_record(game, target=data.draw(st.integers(1, 3)))
    m = Match(default_choice="first")
    m.feed(parse_record(header), 0)
    fed = _draw_records(data, m, data.draw(st.integers(1, 40)))

    replay = Match(default_choice="first")
    rulings: list[dict[str, Any]] = []
    for i, d in enumerate([header, *fed]):
        rulings.extend(r.to_dict() for r in replay.feed(parse_record(d), i))
    again = Match(default_choice="first")
    rulings2: list[dict[str, Any]] = []
    for i, d in enumerate([header, *fed]):
        rulings2.extend(r.to_dict() for r in again.feed(parse_record(d), i))
    assert rulings == rulings2

    cat = catalog()
    rack = set(ruleset_class(game).RACK)  # type: ignore[attr-defined]
    for r in rulings:
        st_ = r["state"]
        assert set(st_["balls"]) <= rack
        assert sum(st_["scores"].values()) == st_["rack"] - 1 + (1 if st_["match_winner"] else 0)
        if game != "eight-ball" and r["result"] is None:
            assert max(r["fouls_in_a_row"].values()) <= 2
        if st_["groups"] is not None:
            assert sorted(st_["groups"].values()) == ["solids", "stripes"]
        for code in r["fouls"]:
            assert f"foul.{code}" in cat, code
        assert r["announcement"]
    for key in cat:
        if key.startswith(("msg.", "foul.")):
            assert all(cat[key].get(lang) for lang in LANGUAGES), key


@pytest.mark.parametrize("game", RACK_GAMES)
def test_options_have_valid_defaults_and_sources(game: str) -> None:
    cls = ruleset_class(game)
    names = [o.name for o in cls.OPTIONS]
    assert len(names) == len(set(names))
    for spec in cls.OPTIONS:
        assert spec.source and spec.help
        assert spec.coerce(spec.default) == spec.default
    assert "next_break" in names


@pytest.mark.parametrize("game", ["nine-ball", "ten-ball"])
def test_rotation_games_have_the_warning_and_push_out_options(game: str) -> None:
    rs = get_ruleset(game)
    assert rs.options["require_two_foul_warning"] is True  # type: ignore[attr-defined]
    assert rs.options["push_out_after_foul_break"] is False  # type: ignore[attr-defined]


def test_judge_and_apply_do_not_change_the_state_they_are_given() -> None:
    rs = get_ruleset("nine-ball")
    state = rs.initial_state(MatchRecord.from_dict(match_record("nine-ball")))
    before = state.to_dict()
    shot = Shot.from_dict(make_shot(1, contact=1, pockets=[(9, "foot-left")]))
    ruling = rs.judge(state, shot)
    after = rs.apply(state, ruling)
    assert state.to_dict() == before
    assert after.scores["Ann"] == 1 and state.scores["Ann"] == 0
