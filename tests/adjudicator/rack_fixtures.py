"""Runner for the rack-game fixture files (fixtures/{eight_ball,nine_ball,ten_ball}/*.json).

A fixture file is ``{"game": ..., "cases": [case, ...]}``; a case names its deciding ``source`` and holds
``log`` (records after the match header, shots in builders' compact form), optionally ``options``, ``target``,
``setup`` (a state record's fields, laid over the initial state) and ``lang``. It expects ``expect`` (one partial
ruling per ruling produced, in order; dicts are matched key by key, anything else exactly; a key
``X_contains`` lists substrings of field X), ``state`` (a partial
final state) or ``error`` (a substring of the RecordError message).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from builders import judge_log, match_record

from adjudicator.errors import RecordError

FIXTURES = Path(__file__).parent / "fixtures"


def load_cases(folder: str) -> list[Any]:
    """One pytest param per case, id'd by file and case name."""
    params = []
    for path in sorted((FIXTURES / folder).glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for case in data["cases"]:
            assert case.get("source"), f"{path.name}: case {case.get('name')!r} names no deciding source"
            params.append(pytest.param(data["game"], case, id=f"{path.stem}:{case['name']}"))
    return params


def subset_mismatches(expected: Any, actual: Any, where: str = "") -> list[str]:
    """Where ``actual`` differs from ``expected`` (dict keys not named in ``expected`` are ignored)."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{where}: expected an object, got {actual!r}"]
        out = []
        for k, v in expected.items():
            if k.endswith("_contains"):  # {"announcement_contains": ["...", ...]}: substrings, in any order
                text = str(actual.get(k.removesuffix("_contains"), ""))
                out.extend(f"{where}.{k}: {part!r} not in {text!r}" for part in v if part not in text)
            elif k not in actual:
                out.append(f"{where}.{k}: missing (expected {v!r})")
            else:
                out.extend(subset_mismatches(v, actual[k], f"{where}.{k}"))
        return out
    return [] if expected == actual else [f"{where}: expected {expected!r}, got {actual!r}"]


def run_case(game: str, case: dict[str, Any]) -> None:
    records: list[dict[str, Any]] = [match_record(game, target=case.get("target", 3),
                                                   options=case.get("options"))]
    if case.get("setup"):
        records.append({"type": "state", **case["setup"]})
    records.extend(case["log"])
    if "error" in case:
        with pytest.raises(RecordError) as info:
            judge_log(records, lang=case.get("lang", "en"))
        assert case["error"] in str(info.value), str(info.value)
        return
    rulings, match = judge_log(records, lang=case.get("lang", "en"))
    got = [r.to_dict() for r in rulings]
    problems: list[str] = []
    if "expect" in case:
        if len(got) != len(case["expect"]):
            problems.append(f"expected {len(case['expect'])} rulings, got {len(got)}: "
                            + " | ".join(r["announcement"] for r in got))
        for i, (exp, act) in enumerate(zip(case["expect"], got, strict=False)):
            problems.extend(subset_mismatches(exp, act, f"ruling[{i}]"))
    if "state" in case:
        assert match.state is not None
        problems.extend(subset_mismatches(case["state"], match.state.to_dict(), "state"))
    assert not problems, f"{case['name']} ({case['source']}):\n" + "\n".join(problems) + "\n" + "\n".join(
        r["announcement"] for r in got)
