"""The match driver: a match is a fold of its log (ARCHITECTURE.md, "Rules as reducers").

``Match.feed`` takes one record at a time and returns the rulings it produced, so the CLI can print as it goes
and a test can replay a log twice and compare. Everything that is impossible in the log (a ball that is not on
the table, a shot while a choice is open, a choice by the wrong player) is a ``RecordError`` naming the line.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from adjudicator import announce
from adjudicator.errors import ConfigError, RecordError
from adjudicator.records import (
    CHOICES,
    CUE_BALL,
    CalledShot,
    Choice,
    MatchRecord,
    Record,
    RefereeCall,
    Shot,
    StateRecord,
)
from adjudicator.ruleset import Ruleset
from adjudicator.rulesets import get_ruleset
from adjudicator.state import CUE_BALL_STATES, GameState, PendingChoice, Ruling

DEFAULT_CHOICE_POLICIES = ("first",) + CHOICES
"""``--default-choice``: ``first`` takes the first choice listed; a choice name takes that one when it is open
and otherwise the first listed."""


class PendingChoiceError(RecordError):
    """A shot arrived while a player's choice was still open and no default-choice policy was given."""


@dataclass
class _LastShot:
    pre_state: GameState
    shot: Shot
    called: CalledShot | None
    referee: tuple[RefereeCall, ...]


class Match:
    """Feed records in log order; read ``state`` and the rulings returned."""

    def __init__(self, *, file: str = "<log>", overrides: Mapping[str, Any] | None = None, lang: str = "en",
                 default_choice: str | None = None) -> None:
        if default_choice is not None and default_choice not in DEFAULT_CHOICE_POLICIES:
            raise ConfigError(f"--default-choice: {default_choice!r} is not one of "
                              f"{', '.join(DEFAULT_CHOICE_POLICIES)}")
        self.file = file
        self.overrides = dict(overrides or {})
        self.lang = lang
        self.default_choice = default_choice
        self.ruleset: Ruleset | None = None
        self.state: GameState | None = None
        self.match: MatchRecord | None = None
        self._called: CalledShot | None = None
        self._last: _LastShot | None = None
        self._line = 0

    @property
    def last_shooter(self) -> str | None:
        """Who played the last shot judged (the player a referee call about it must name in 14.1)."""
        return self._last.pre_state.shooter if self._last is not None else None

    # -- helpers ---------------------------------------------------------------------------------------------
    def _error(self, message: str, field: str | None = None, cls: type[RecordError] = RecordError) -> RecordError:
        return cls(message, file=self.file, line=self._line, field=field)

    def _finish(self, ruling: Ruling, state: GameState) -> Ruling:
        ruling = replace(ruling, state=state)
        return replace(ruling, announcement=announce.render(ruling, self.lang))

    def _need_match(self) -> tuple[Ruleset, GameState]:
        if self.ruleset is None or self.state is None:
            raise self._error("the log must start with a 'match' record", field="type")
        return self.ruleset, self.state

    # -- records ---------------------------------------------------------------------------------------------
    def feed(self, record: Record, line: int = 0) -> list[Ruling]:
        """Apply one record; returns the rulings it produced (none, one, or a decision and a shot ruling)."""
        self._line = line
        try:
            if isinstance(record, MatchRecord):
                return self._on_match(record)
            if isinstance(record, CalledShot):
                ruleset, state = self._need_match()
                if record.spot_request and "spot_ball" in getattr(ruleset, "FREE_CHOICES", ()):
                    # 14.1 spot request (S000 §3.6): decided at once, like a spot_ball choice; ``ball`` picks
                    # among balls equally near the head string. It is not the call for the next shot.
                    out, _ = self._decide(ruleset, state, Choice(player=state.shooter, choice="spot_ball",
                                                                 ball=record.ball))
                    return out
                self._called = record
                return []
            if isinstance(record, Shot):
                return self._on_shot(record)
            if isinstance(record, Choice):
                return self._on_choice(record)
            if isinstance(record, RefereeCall):
                return self._on_referee(record)
            if isinstance(record, StateRecord):
                self._on_state(record)
                return []
        except RecordError as exc:
            raise exc.located(file=self.file, line=line) from None
        raise self._error(f"unsupported record {type(record).__name__}", field="type")

    def _on_match(self, record: MatchRecord) -> list[Ruling]:
        try:
            get_ruleset(record.game, record.options)
        except ConfigError as exc:
            raise self._error(str(exc), field="options") from None
        try:
            self.ruleset = get_ruleset(record.game, {**record.options, **self.overrides})
        except ConfigError as exc:
            raise ConfigError(f"--set: {exc}") from None
        self.match = record
        self.state = self.ruleset.initial_state(record)
        self._called = None
        self._last = None
        return []

    def _check_shot(self, state: GameState, shot: Shot) -> None:
        """Events that cannot happen on this table: a ball that is not there, or one already gone."""
        on_table = set(state.balls) | {CUE_BALL}
        gone: set[int] = set()
        for i, e in enumerate(shot.events):
            named = list(e.balls) if e.balls else ([e.ball] if e.ball is not None else [])
            for b in named:
                fld = f"events[{i}].balls" if e.balls else f"events[{i}].ball"
                if b not in on_table:
                    raise self._error(f"ball {b} is not on the table (on the table: "
                                      f"{', '.join(map(str, sorted(state.balls))) or 'none'})", field=fld)
                if b in gone:
                    raise self._error(f"ball {b} already left the table earlier in this shot", field=fld)
            if e.type in ("pocket", "off_table") and e.ball is not None:
                gone.add(e.ball)

    def _resolve_pending(self, ruleset: Ruleset, state: GameState) -> tuple[list[Ruling], GameState]:
        pending = state.pending
        assert pending is not None
        if self.default_choice is None:
            raise self._error(
                f"a shot while {pending.player}'s choice is still open ({pending.reason}: "
                f"{' / '.join(pending.choices)}); add a 'choice' record or pass --default-choice",
                field="type", cls=PendingChoiceError)
        pick = self.default_choice if self.default_choice in pending.choices else pending.choices[0]
        return self._decide(ruleset, state, Choice(player=pending.player, choice=pick))

    def _decide(self, ruleset: Ruleset, state: GameState, choice: Choice) -> tuple[list[Ruling], GameState]:
        ruling = ruleset.choose(state, choice)
        ruling = replace(ruling, decision=ruling.decision or choice.choice,
                         extra={**ruling.extra, "chooser": choice.player})
        new = ruleset.apply(state, ruling)
        self.state = new
        return [self._finish(ruling, new)], new

    def _on_shot(self, shot: Shot) -> list[Ruling]:
        ruleset, state = self._need_match()
        if state.match_winner is not None:
            raise self._error(f"the match is over ({state.match_winner} won)", field="type")
        out: list[Ruling] = []
        if state.pending is not None:
            out, state = self._resolve_pending(ruleset, state)
        self._check_shot(state, shot)
        called, self._called = self._called, None
        self._last = _LastShot(pre_state=state, shot=shot, called=called, referee=())
        ruling = ruleset.judge(state, shot, called, ())
        new = ruleset.apply(state, ruling)
        self.state = new
        out.append(self._finish(ruling, new))
        return out

    def _on_choice(self, choice: Choice) -> list[Ruling]:
        ruleset, state = self._need_match()
        if choice.player not in state.players:
            raise self._error(f"{choice.player!r} is not a player in this match", field="player")
        pending = state.pending
        if pending is None:
            free = getattr(ruleset, "FREE_CHOICES", ())
            if choice.choice not in free:
                raise self._error(f"no choice is open; {choice.player} cannot choose {choice.choice!r} now",
                                  field="choice")
        else:
            if choice.player != pending.player:
                raise self._error(f"the choice is {pending.player}'s, not {choice.player}'s", field="player")
            if choice.choice not in pending.choices:
                raise self._error(f"{choice.choice!r} is not open; {pending.player} may choose "
                                  f"{', '.join(pending.choices)}", field="choice")
        out, _ = self._decide(ruleset, state, choice)
        return out

    def _on_referee(self, call: RefereeCall) -> list[Ruling]:
        ruleset, state = self._need_match()
        if call.player not in state.players:
            raise self._error(f"{call.player!r} is not a player in this match", field="player")
        if call.call == "two_foul_warning":
            if call.player not in state.warned:
                self.state = state.with_(warned=tuple(sorted((*state.warned, call.player))))
            return []
        last = self._last
        if last is None:
            raise self._error(f"a referee call '{call.call}' needs a shot before it", field="call")
        if call.shot is not None and call.shot != last.shot.shot:
            raise self._error(f"a referee call can only change the last shot judged ({last.shot.shot}), "
                              f"not shot {call.shot}", field="shot")
        referee = (*last.referee, call)
        self._last = replace(last, referee=referee)
        ruling = ruleset.judge(last.pre_state, last.shot, last.called, referee)
        ruling = replace(ruling, decision=call.call)
        new = ruleset.apply(last.pre_state, ruling)
        self.state = new
        return [self._finish(ruling, new)]

    def _on_state(self, record: StateRecord) -> None:
        _, state = self._need_match()
        self.state = merge_state(state, record.fields)


def _player_map(value: Any, players: Sequence[str], name: str, kind: type = int) -> dict[str, Any]:
    if not isinstance(value, Mapping):
        raise RecordError("expected an object keyed by player name", field=name)
    out: dict[str, Any] = {}
    for k, v in value.items():
        if k not in players:
            raise RecordError(f"{k!r} is not a player in this match", field=f"{name}.{k}")
        if kind is int and (isinstance(v, bool) or not isinstance(v, int)):
            raise RecordError(f"expected an integer, got {v!r}", field=f"{name}.{k}")
        out[k] = v
    return out


def merge_state(state: GameState, fields: Mapping[str, Any]) -> GameState:
    """A ``state`` record laid over the current state (JSON key ``break`` is the field ``break_shot``)."""
    known = (set(GameState.field_names()) - {"break_shot"}) | {"break"}
    changes: dict[str, Any] = {}
    players = state.players
    for key, value in fields.items():
        if key not in known:
            raise RecordError(f"unknown game-state field; expected one of {', '.join(sorted(known))}", field=key)
        if key in ("game", "players"):
            if (list(value) if isinstance(value, (list, tuple)) else value) != (
                    list(getattr(state, key)) if key == "players" else state.game):
                raise RecordError("cannot be changed by a state record", field=key)
            continue
        if key in ("shooter", "breaker", "match_winner"):
            if value is None and key == "match_winner":
                changes[key] = None
                continue
            if value not in players:
                raise RecordError(f"{value!r} is not a player in this match", field=key)
            changes[key] = value
        elif key in ("scores", "fouls_in_a_row"):
            changes[key] = {**getattr(state, key), **_player_map(value, players, key)}
        elif key == "balls":
            if not isinstance(value, list):
                raise RecordError("expected a list of ball ids", field=key)
            for i, b in enumerate(value):
                if isinstance(b, bool) or not isinstance(b, int) or not 1 <= b <= 15:
                    raise RecordError(f"object ball ids are 1-15, got {b!r}", field=f"balls[{i}]")
            changes[key] = tuple(sorted(set(value)))
        elif key == "cue_ball":
            if value not in CUE_BALL_STATES:
                raise RecordError(f"expected one of {', '.join(CUE_BALL_STATES)}, got {value!r}", field=key)
            changes[key] = value
        elif key in ("break", "push_out_available"):
            if not isinstance(value, bool):
                raise RecordError(f"expected true or false, got {value!r}", field=key)
            changes["break_shot" if key == "break" else key] = value
        elif key in ("rack", "target", "shot_number", "inning"):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise RecordError(f"expected a non-negative integer, got {value!r}", field=key)
            changes[key] = value
        elif key == "groups":
            if value is None:
                changes[key] = None
            else:
                groups = _player_map(value, players, key, kind=str)
                for p, g in groups.items():
                    if g not in ("solids", "stripes"):
                        raise RecordError(f"expected solids or stripes, got {g!r}", field=f"groups.{p}")
                changes[key] = groups
        elif key == "warned":
            if not isinstance(value, list) or any(p not in players for p in value):
                raise RecordError("expected a list of player names", field=key)
            changes[key] = tuple(sorted(set(value)))
        elif key == "near_rail_safeties":
            nr = _player_map(value, players, key, kind=dict)
            clean: dict[str, dict[str, int]] = {}
            for p, counts in nr.items():
                if not isinstance(counts, Mapping):
                    raise RecordError("expected an object of ball id -> count", field=f"{key}.{p}")
                clean[p] = {}
                for b, n in counts.items():
                    if isinstance(n, bool) or not isinstance(n, int) or n < 0 or not str(b).isdigit() \
                            or not 1 <= int(b) <= 15:
                        raise RecordError(f"expected ball id (1-15) -> count, got {b!r}: {n!r}",
                                          field=f"{key}.{p}")
                    clean[p][str(int(b))] = n
            changes[key] = clean
        elif key == "pending":
            changes[key] = _pending(value, players)
        elif key == "positions":
            changes[key] = _positions(value)
        elif key in ("placement", "extra"):
            if value is not None and not isinstance(value, Mapping):
                raise RecordError("expected an object", field=key)
            changes[key] = dict(value) if value is not None else ({} if key == "extra" else None)
    return state.with_(**changes)


def _pending(value: Any, players: Sequence[str]) -> PendingChoice | None:
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise RecordError("expected an object with player, choices, reason", field="pending")
    player = value.get("player")
    choices = value.get("choices")
    if player not in players:
        raise RecordError(f"{player!r} is not a player in this match", field="pending.player")
    if not isinstance(choices, list) or not choices or any(c not in CHOICES for c in choices):
        raise RecordError(f"expected a list of choices from {', '.join(CHOICES)}", field="pending.choices")
    return PendingChoice(player=str(player), choices=tuple(choices), reason=str(value.get("reason", "")))


def _positions(value: Any) -> dict[int, tuple[float, float]] | None:
    if value is None:
        return None
    from adjudicator.records import parse_positions

    return parse_positions(value, "positions")


def judge_records(records: Iterable[tuple[int, Record]], *, file: str = "<log>",
                  overrides: Mapping[str, Any] | None = None, lang: str = "en",
                  default_choice: str | None = None) -> tuple[list[Ruling], Match]:
    """Fold a whole log; returns every ruling in order and the driver (for its final state)."""
    m = Match(file=file, overrides=overrides, lang=lang, default_choice=default_choice)
    out: list[Ruling] = []
    for line, record in records:
        out.extend(m.feed(record, line))
    if m.state is None:
        raise RecordError("the log holds no 'match' record", file=file, field="type")
    return out, m


def judge_file(path: str, **kwargs: Any) -> tuple[list[Ruling], Match]:
    """``judge_records`` over a JSONL file (``records.read_log``)."""
    from adjudicator.records import read_log

    return judge_records(read_log(path), file=path, **kwargs)
