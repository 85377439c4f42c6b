"""8-ball rulings, table-driven from fixtures/eight_ball/*.json (each case names its deciding source)."""

from __future__ import annotations

from typing import Any

import pytest
from rack_fixtures import load_cases, run_case


@pytest.mark.parametrize(("game", "case"), load_cases("eight_ball"))
def test_eight_ball_case(game: str, case: dict[str, Any]) -> None:
    run_case(game, case)
