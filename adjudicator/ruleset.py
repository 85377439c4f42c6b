"""The contract every game implements, and the option registry.

A ruleset is a set of pure functions over frozen values: ``judge`` never changes the state it is given, and
``apply`` returns a new one. A match is then ``reduce(apply ∘ judge, shots, initial_state)``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from adjudicator.errors import ConfigError
from adjudicator.records import CalledShot, Choice, MatchRecord, RefereeCall, Shot
from adjudicator.state import GameState, Ruling


@dataclass(frozen=True)
class OptionSpec:
    """One rule variant: its default, the allowed values, and the source that decides the default."""

    name: str
    default: Any
    help: str
    source: str  # e.g. "RULES.md §5 #1; S000 §8"
    allowed: tuple[Any, ...] | None = None  # None = any value of the default's type

    def coerce(self, value: Any) -> Any:
        """Accept JSON values and command-line strings ("true", "2") for this option."""
        kind = type(self.default)
        if isinstance(value, str) and kind is not str:
            text = value.strip().lower()
            try:
                if kind is bool:
                    if text not in ("true", "false", "1", "0", "yes", "no", "on", "off"):
                        raise ValueError
                    value = text in ("true", "1", "yes", "on")
                elif kind is int:
                    value = int(text)
                elif kind is float:
                    value = float(text)
            except ValueError:
                raise ConfigError(f"option {self.name}: expected a {kind.__name__}, got {value!r}") from None
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise ConfigError(f"option {self.name}: expected a {kind.__name__}, got {value!r}")
        if self.allowed is not None and value not in self.allowed:
            raise ConfigError(f"option {self.name}: {value!r} is not one of {', '.join(map(str, self.allowed))}")
        return value


def resolve_options(specs: Sequence[OptionSpec], given: Mapping[str, Any]) -> dict[str, Any]:
    """Defaults overlaid with the given values; an unknown name is an error that lists the known ones."""
    by_name = {s.name: s for s in specs}
    out = {s.name: s.default for s in specs}
    for name, value in given.items():
        if name not in by_name:
            known = ", ".join(sorted(by_name)) or "none"
            raise ConfigError(f"unknown option {name!r}; this game's options are: {known}")
        out[name] = by_name[name].coerce(value)
    return out


class Ruleset(Protocol):
    """One game's rules. Construct with the resolved options; every method is pure."""

    game: str
    OPTIONS: Sequence[OptionSpec]

    def __init__(self, options: Mapping[str, Any] | None = None) -> None: ...

    def initial_state(self, match: MatchRecord) -> GameState:
        """The state before the opening break."""
        ...

    def judge(self, state: GameState, shot: Shot, called: CalledShot | None = None,
              referee: Sequence[RefereeCall] = ()) -> Ruling:
        """Rule on one shot from the state before it, the shooter's call and any referee calls about it."""
        ...

    def apply(self, state: GameState, ruling: Ruling) -> GameState:
        """The state after the ruling (scores, turn, balls spotted or re-racked, choices opened)."""
        ...

    def choose(self, state: GameState, choice: Choice) -> Ruling:
        """A further ruling for the last shot once the player named in ``state.pending`` has decided."""
        ...
