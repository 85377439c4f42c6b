"""The games. Each module holds one ruleset class; they are loaded by name so none imports another."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from adjudicator.errors import ConfigError
from adjudicator.ruleset import Ruleset

RULESETS: dict[str, str] = {
    "straight-pool": "adjudicator.rulesets.straight_pool:StraightPool",
    "eight-ball": "adjudicator.rulesets.eight_ball:EightBall",
    "nine-ball": "adjudicator.rulesets.nine_ball:NineBall",
    "ten-ball": "adjudicator.rulesets.ten_ball:TenBall",
}


def ruleset_class(game: str) -> type[Ruleset]:
    if game not in RULESETS:
        raise ConfigError(f"unknown game {game!r}; expected one of {', '.join(RULESETS)}")
    module_name, cls_name = RULESETS[game].split(":")
    cls: type[Ruleset] = getattr(importlib.import_module(module_name), cls_name)
    return cls


def get_ruleset(game: str, options: Mapping[str, Any] | None = None) -> Ruleset:
    """The ruleset for ``game`` with its options resolved (unknown or ill-typed options raise ConfigError)."""
    return ruleset_class(game)(options or {})
