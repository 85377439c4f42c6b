"""Small builders for shot records and match logs, so fixtures and tests state only what matters.

``make_shot`` returns the plain JSON dict of a shot record (SCHEMA.md); ``expand`` turns a fixture's compact
shot (``{"type": "shot", "contact": 5, "rails": [[5, "foot"]]}``) into a full one, and ``judge_log`` folds a
list of record dicts through the match driver.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from adjudicator.match import Match, judge_records
from adjudicator.records import parse_record
from adjudicator.state import Ruling

RailHit = tuple[int, str]


def make_shot(shot: int = 1, *, contact: int | Sequence[int] | None = None,
              rails: Iterable[Sequence[Any]] = (), rails_before: Iterable[Sequence[Any]] = (),
              pockets: Iterable[Sequence[Any]] | Mapping[Any, str] = (), off_table: Iterable[int] = (),
              scratch: str | bool = False, cue_off_table: bool = False,
              collisions: Iterable[Sequence[int]] = (), before: Mapping[Any, Sequence[float]] | None = None,
              after: Mapping[Any, Sequence[float]] | None = None, frozen: Iterable[int] = (),
              near_rail: Iterable[int] = (), confidence: float | None = None,
              contact_confidence: float | None = None, t0: float = 0.0) -> dict[str, Any]:
    """A shot record in event order: strike, cushions before contact, the cue ball's contact(s), other
    collisions, cushions after contact, pockets, balls off the table, rest.

    ``contact``: the ball (or balls, in order) the cue ball touches; ``rails``: [ball, rail] pairs after contact;
    ``pockets``: [ball, pocket] pairs or {ball: pocket}; ``scratch``: True or a pocket name for the cue ball.
    """
    t = t0
    events: list[dict[str, Any]] = [{"t": t, "type": "strike"}]

    def add(e: dict[str, Any]) -> None:
        nonlocal t
        t = round(t + 0.1, 6)
        events.append({"t": t, **e})

    for ball, rail in rails_before:
        add({"type": "cushion", "ball": int(ball), "rail": rail})
    contacts = [] if contact is None else [contact] if isinstance(contact, int) else list(contact)
    for i, b in enumerate(contacts):
        e: dict[str, Any] = {"type": "collision", "balls": [0, int(b)]}
        if i == 0 and contact_confidence is not None:
            e["confidence"] = contact_confidence
        add(e)
    for a, b in collisions:
        add({"type": "collision", "balls": [int(a), int(b)]})
    for ball, rail in rails:
        add({"type": "cushion", "ball": int(ball), "rail": rail})
    pocket_pairs = list(pockets.items()) if isinstance(pockets, Mapping) else [tuple(p) for p in pockets]
    for ball, pocket in pocket_pairs:
        add({"type": "pocket", "ball": int(ball), "pocket": pocket})
    if scratch:
        add({"type": "pocket", "ball": 0, "pocket": scratch if isinstance(scratch, str) else "foot-right"})
    for ball in off_table:
        add({"type": "off_table", "ball": int(ball)})
    if cue_off_table:
        add({"type": "off_table", "ball": 0})
    add({"type": "rest"})
    out: dict[str, Any] = {
        "type": "shot", "schema": "cueref.shot/1", "shot": shot, "t_start": t0, "t_end": t,
        "before": {str(k): list(v) for k, v in (before or {}).items()},
        "after": {str(k): list(v) for k, v in (after or {}).items()},
        "frozen": list(frozen), "near_rail": list(near_rail), "events": events,
    }
    if confidence is not None:
        out["confidence"] = confidence
    return out


def expand(record: Mapping[str, Any], shot_number: int) -> dict[str, Any]:
    """A fixture record with a compact shot (no ``events``) expanded through ``make_shot``."""
    if record.get("type") != "shot" or "events" in record:
        return dict(record)
    kwargs = {k: v for k, v in record.items() if k != "type"}
    kwargs.setdefault("shot", shot_number)
    return make_shot(**kwargs)


def expand_log(records: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Expand every compact shot, numbering shots 1, 2, ... unless a record says otherwise."""
    out: list[dict[str, Any]] = []
    n = 0
    for r in records:
        if r.get("type") == "shot":
            n += 1
        out.append(expand(r, n))
    return out


def judge_log(records: Iterable[Mapping[str, Any]], **kwargs: Any) -> tuple[list[Ruling], Match]:
    """Parse (compact) record dicts and fold them through the driver; errors carry 1-based line numbers."""
    from adjudicator.errors import RecordError

    parsed = []
    for i, d in enumerate(expand_log(records), start=1):
        try:
            parsed.append((i, parse_record(d)))
        except RecordError as exc:
            raise exc.located(file=kwargs.get("file", "<log>"), line=i) from None
    return judge_records(parsed, **kwargs)


def match_record(game: str = "straight-pool", players: Sequence[str] = ("Ann", "Bob"), breaker: str | None = None,
                 target: int | None = None, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The header record of a log."""
    out: dict[str, Any] = {"type": "match", "game": game, "players": list(players),
                           "breaker": breaker or players[0], "options": dict(options or {})}
    if target is not None:
        out["target"] = target
    return out


def load_cases(folder: str) -> list[tuple[str, str, dict[str, Any]]]:
    """(file, game, case) for every case of every fixture file in ``folder`` (sorted, for stable test ids)."""
    import json
    import os

    out = []
    for name in sorted(os.listdir(folder)):
        if name.endswith(".json"):
            with open(os.path.join(folder, name), encoding="utf-8") as fh:
                data = json.load(fh)
            for case in data["cases"]:
                out.append((name, data["game"], case))
    return out


def case_log(game: str, case: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The case's log with the match header added when it has none."""
    log = list(case["log"])
    if not log or log[0].get("type") != "match":
        log.insert(0, match_record(game, target=case.get("target"), options=case.get("options"),
                                   breaker=case.get("breaker")))
    return log


def check_case(game: str, case: Mapping[str, Any]) -> None:
    """Judge a fixture case and compare every expected ruling field (``state`` fields one by one); a case with
    ``error`` expects a RecordError on that line and field instead."""
    import pytest

    from adjudicator.errors import RecordError

    log = case_log(game, case)
    kwargs = {k: case[k] for k in ("default_choice", "lang") if k in case}
    if "error" in case:
        with pytest.raises(RecordError) as info:
            judge_log(log, **kwargs)
        err = case["error"]
        offset = 0 if case["log"] and case["log"][0].get("type") == "match" else 1
        if "line" in err:
            assert info.value.line == err["line"] + offset, str(info.value)
        if "field" in err:
            assert info.value.field == err["field"], str(info.value)
        if "contains" in err:
            assert err["contains"] in info.value.message, str(info.value)
        return
    rulings, _ = judge_log(log, **kwargs)
    got = [r.to_dict() for r in rulings]
    expect = case["expect"]
    assert len(got) == len(expect), f"{len(got)} rulings, expected {len(expect)}: " + \
        "; ".join(r["announcement"] for r in got)
    for i, (g, e) in enumerate(zip(got, expect, strict=True)):
        for key, value in e.items():
            if key == "state":
                for skey, svalue in value.items():
                    assert g["state"].get(skey) == svalue, f"ruling {i} state.{skey}: {g['state'].get(skey)!r} " \
                        f"!= {svalue!r} ({g['announcement']})"
            elif key == "announcement_contains":
                assert value in g["announcement"], g["announcement"]
            else:
                assert g.get(key) == value, f"ruling {i} {key}: {g.get(key)!r} != {value!r} ({g['announcement']})"
