"""14.1 continuous, one fixture case per rule clause; each case names the source section that decides it."""

from __future__ import annotations

import os
from typing import Any

import pytest
from builders import check_case, load_cases

FIXTURES = os.path.join(os.path.dirname(__file__), "fixtures", "straight_pool")
CASES = load_cases(FIXTURES)


@pytest.mark.parametrize(("file", "game", "case"), CASES,
                         ids=[f"{f[:-5]}: {c['name']} [{c['source']}]" for f, _, c in CASES])
def test_case(file: str, game: str, case: dict[str, Any]) -> None:
    assert game == "straight-pool"
    assert case.get("source"), "every case names the source section that decides it"
    check_case(game, case)


def test_every_case_names_a_source_section() -> None:
    for _, _, case in CASES:
        assert any(tag in case["source"] for tag in ("S000", "S003", "WPA", "RULES.md", "SCHEMA.md")), case["name"]
