"""10-ball rulings, table-driven from fixtures/ten_ball/*.json (each case names its deciding source)."""

from __future__ import annotations

from typing import Any

import pytest
from rack_fixtures import load_cases, run_case


@pytest.mark.parametrize(("game", "case"), load_cases("ten_ball"))
def test_ten_ball_case(game: str, case: dict[str, Any]) -> None:
    run_case(game, case)
