"""The JSON Schema files (adjudicator/schemas/) accept every fixture record and every ruling the driver writes,
and reject what the parser rejects."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from builders import expand_log, judge_log, match_record

jsonschema = pytest.importorskip("jsonschema")

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "adjudicator" / "schemas"
FIXTURES = Path(__file__).parent / "fixtures"


def _validator(name: str) -> Any:
    schema = json.loads((SCHEMAS / f"{name}.json").read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(schema)


VALIDATORS = {name: _validator(name) for name in ("shot", "match", "call", "choice", "referee", "state", "ruling")}


def _cases() -> list[Any]:
    out = []
    for path in sorted(FIXTURES.glob("*/*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for case in data.get("cases", []):
            if "error" not in case:
                out.append(pytest.param(data["game"], case, id=f"{path.parent.name}/{path.stem}:{case['name']}"))
    return out


def _full_log(game: str, case: dict[str, Any]) -> list[dict[str, Any]]:
    log = list(case["log"])
    if not log or log[0].get("type") != "match":
        header = match_record(game, target=case.get("target"), options=case.get("options"))
        setup = [{"type": "state", **case["setup"]}] if case.get("setup") else []
        log = [header, *setup, *log]
    return expand_log(log)


@pytest.mark.parametrize(("game", "case"), _cases())
def test_fixture_records_and_their_rulings_validate(game: str, case: dict[str, Any]) -> None:
    log = _full_log(game, case)
    for record in log:
        errors = list(VALIDATORS[record["type"]].iter_errors(record))
        assert not errors, f"{record['type']}: {errors[0].message}"
    rulings, _ = judge_log(log, default_choice=case.get("default_choice"))
    for r in rulings:
        d = r.to_dict()
        errors = list(VALIDATORS["ruling"].iter_errors(d))
        assert not errors, errors[0].message
        state_errors = list(VALIDATORS["state"].iter_errors(d["state"]))
        assert not state_errors, state_errors[0].message


def test_example_log_validates() -> None:
    for line in (ROOT / "docs" / "examples" / "straight_pool_run.jsonl").read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        assert not list(VALIDATORS[record["type"]].iter_errors(record))


BAD = [
    ("shot", {"type": "shot", "shot": 1, "t_start": 0, "t_end": 1, "before": {},
              "events": [{"t": 0, "type": "pocket", "ball": 16, "pocket": "foot-left"}]}),
    ("shot", {"type": "shot", "shot": 1, "t_start": 0, "t_end": 1, "before": {}, "events": [{"t": 0, "type": "cushion", "ball": 3}]}),
    ("match", {"type": "match", "game": "snooker", "players": ["A", "B"]}),
    ("call", {"type": "call", "ball": 0, "pocket": "foot-left"}),
    ("call", {"type": "call"}),
    ("choice", {"type": "choice", "player": "A", "choice": "spot_ball"}),
    ("referee", {"type": "referee", "call": "nonsense", "player": "A"}),
    ("state", {"type": "state", "cue_ball": "on_the_floor"}),
]


@pytest.mark.parametrize(("kind", "record"), BAD, ids=[f"{k}-{i}" for i, (k, _) in enumerate(BAD)])
def test_schemas_reject_what_the_parser_rejects(kind: str, record: dict[str, Any]) -> None:
    from adjudicator.errors import RecordError
    from adjudicator.records import parse_record

    assert list(VALIDATORS[kind].iter_errors(record))
    if kind != "state":  # state records are checked against the game state by the driver
        with pytest.raises(RecordError):
            parse_record(record)
