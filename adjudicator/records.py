"""The records of a match log (shared/SCHEMA.md, mirrored in docs/SCHEMA.md): parse, validate, serialise.

Every record type is a frozen dataclass with ``from_dict`` (which validates and raises ``RecordError`` naming the
field) and ``to_dict`` (which gives back plain JSON). ``parse_record`` dispatches on ``"type"``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from adjudicator.errors import RecordError

SHOT_SCHEMA = "cueref.shot/1"
MATCH_SCHEMA = "cueref.match/1"
RULING_SCHEMA = "cueref.ruling/1"

GAMES = ("straight-pool", "eight-ball", "nine-ball", "ten-ball")
POCKETS = ("head-left", "head-right", "side-left", "side-right", "foot-left", "foot-right")
RAILS = ("head", "foot", "left", "right")
EVENT_TYPES = ("strike", "collision", "cushion", "pocket", "off_table", "rest")
CUE_BALL = 0
BALL_IDS = range(0, 16)
CHOICES = ("accept", "rebreak", "break_self", "shoot", "pass_back", "spot_eight", "rerack", "kitchen",
           "spot_ball")
REFEREE_CALLS = ("intentional_foul", "touched_ball", "unsportsmanlike", "two_foul_warning", "foul",
                 "cue_ball_in_hand_foul", "stalemate")

Position = tuple[float, float]


def _req(d: Mapping[str, Any], key: str) -> Any:
    if key not in d:
        raise RecordError("missing", field=key)
    return d[key]


def _number(value: Any, name: str, *, minimum: float | None = None, maximum: float | None = None) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise RecordError(f"expected a finite number, got {value!r}", field=name)
    if minimum is not None and value < minimum:
        raise RecordError(f"must be at least {minimum}, got {value!r}", field=name)
    if maximum is not None and value > maximum:
        raise RecordError(f"must be at most {maximum}, got {value!r}", field=name)
    return float(value)


def _int(value: Any, name: str, *, minimum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"expected an integer, got {value!r}", field=name)
    if minimum is not None and value < minimum:
        raise RecordError(f"must be at least {minimum}, got {value!r}", field=name)
    return value


def _ball(value: Any, name: str, *, object_only: bool = False) -> int:
    if isinstance(value, str) and value.isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or value not in BALL_IDS:
        raise RecordError(f"ball id must be an integer 0-15, got {value!r}", field=name)
    if object_only and value == CUE_BALL:
        raise RecordError("expected an object ball (1-15), got the cue ball 0", field=name)
    return value


def _choice(value: Any, allowed: Sequence[str], name: str) -> str:
    if value not in allowed:
        raise RecordError(f"unknown value {value!r}; expected one of {', '.join(allowed)}", field=name)
    return str(value)


def _str(value: Any, name: str) -> str:
    if not isinstance(value, str) or not value:
        raise RecordError(f"expected a non-empty string, got {value!r}", field=name)
    return value


def _confidence(d: Mapping[str, Any], name: str = "confidence") -> float | None:
    """The optional ``confidence`` key of ``d``; ``name`` is only the field path for the error message."""
    if d.get("confidence") is None:
        return None
    return _number(d["confidence"], name, minimum=0.0, maximum=1.0)


def _positions(value: Any, name: str) -> dict[int, Position]:
    if not isinstance(value, Mapping):
        raise RecordError("expected an object mapping ball ids to [x, y]", field=name)
    out: dict[int, Position] = {}
    for key, pos in value.items():
        ball = _ball(key, f"{name}.{key}")
        if not isinstance(pos, Sequence) or isinstance(pos, str) or len(pos) != 2:
            raise RecordError(f"expected [x, y] in metres, got {pos!r}", field=f"{name}.{key}")
        out[ball] = (_number(pos[0], f"{name}.{key}[0]"), _number(pos[1], f"{name}.{key}[1]"))
    return out


parse_positions = _positions  # public name for other readers of {"<ball>": [x, y]} maps


def _ball_list(value: Any, name: str) -> tuple[int, ...]:
    if value is None:
        return ()
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise RecordError("expected a list of ball ids", field=name)
    return tuple(_ball(b, f"{name}[{i}]") for i, b in enumerate(value))


def _drop_none(d: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in d.items() if v is not None}


@dataclass(frozen=True)
class ShotEvent:
    """One thing that happened during a shot; which fields are set depends on ``type``."""

    t: float
    type: str
    balls: tuple[int, int] | None = None  # collision
    ball: int | None = None  # cushion, pocket, off_table
    rail: str | None = None  # cushion
    pocket: str | None = None  # pocket
    position: Position | None = None
    confidence: float | None = None

    @classmethod
    def from_dict(cls, d: Mapping[str, Any], name: str = "event") -> ShotEvent:
        if not isinstance(d, Mapping):
            raise RecordError("expected an object", field=name)
        kind = _choice(_req(d, "type"), EVENT_TYPES, f"{name}.type")
        t = _number(_req(d, "t"), f"{name}.t")
        balls = ball = rail = pocket = None
        if kind == "collision":
            raw = _req(d, "balls")
            pair = _ball_list(raw, f"{name}.balls")
            if len(pair) != 2 or pair[0] == pair[1]:
                raise RecordError("a collision names two different balls", field=f"{name}.balls")
            balls = (pair[0], pair[1])
        if kind in ("cushion", "pocket", "off_table"):
            if "ball" not in d:
                raise RecordError("missing", field=f"{name}.ball")
            ball = _ball(d["ball"], f"{name}.ball")
        if kind == "cushion":
            rail = _choice(_req(d, "rail"), RAILS, f"{name}.rail")
        if kind == "pocket":
            pocket = _choice(_req(d, "pocket"), POCKETS, f"{name}.pocket")
        position = None
        if d.get("position") is not None:
            p = d["position"]
            if not isinstance(p, Sequence) or len(p) != 2:
                raise RecordError("expected [x, y]", field=f"{name}.position")
            position = (_number(p[0], f"{name}.position[0]"), _number(p[1], f"{name}.position[1]"))
        return cls(t=t, type=kind, balls=balls, ball=ball, rail=rail, pocket=pocket, position=position,
                   confidence=_confidence(d, f"{name}.confidence"))

    def to_dict(self) -> dict[str, Any]:
        return _drop_none({
            "t": round(self.t, 6), "type": self.type,
            "balls": list(self.balls) if self.balls else None, "ball": self.ball, "rail": self.rail,
            "pocket": self.pocket, "position": list(self.position) if self.position else None,
            "confidence": self.confidence,
        })


@dataclass(frozen=True)
class Shot:
    """A shot record: positions before and after, and the events in time order."""

    shot: int
    t_start: float
    t_end: float
    before: dict[int, Position]
    after: dict[int, Position]
    events: tuple[ShotEvent, ...]
    frozen: tuple[int, ...] = ()
    near_rail: tuple[int, ...] = ()
    confidence: float | None = None
    schema: str = SHOT_SCHEMA
    extra: dict[str, Any] = field(default_factory=dict)  # unknown optional fields, kept for round trips

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Shot:
        schema = d.get("schema", SHOT_SCHEMA)
        if not isinstance(schema, str) or not schema.startswith("cueref.shot/"):
            raise RecordError(f"unknown shot schema {schema!r}; expected {SHOT_SCHEMA}", field="schema")
        if schema != SHOT_SCHEMA:
            raise RecordError(f"shot schema {schema!r} is newer than this reader ({SHOT_SCHEMA})", field="schema")
        shot = _int(_req(d, "shot"), "shot", minimum=0)
        t_start = _number(_req(d, "t_start"), "t_start")
        t_end = _number(_req(d, "t_end"), "t_end")
        if t_end < t_start:
            raise RecordError(f"t_end {t_end} is before t_start {t_start}", field="t_end")
        before = _positions(_req(d, "before"), "before")
        after = _positions(d.get("after", {}), "after")
        raw_events = _req(d, "events")
        if not isinstance(raw_events, Sequence) or isinstance(raw_events, str):
            raise RecordError("expected a list of events", field="events")
        events = tuple(ShotEvent.from_dict(e, f"events[{i}]") for i, e in enumerate(raw_events))
        for i in range(1, len(events)):
            if events[i].t < events[i - 1].t - 1e-9:
                raise RecordError("events are not in time order", field=f"events[{i}].t")
        known = {"type", "schema", "shot", "t_start", "t_end", "before", "after", "events", "frozen",
                 "near_rail", "confidence"}
        return cls(shot=shot, t_start=t_start, t_end=t_end, before=before, after=after, events=events,
                   frozen=_ball_list(d.get("frozen"), "frozen"), near_rail=_ball_list(d.get("near_rail"), "near_rail"),
                   confidence=_confidence(d), schema=schema,
                   extra={k: v for k, v in d.items() if k not in known})

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "type": "shot", "schema": self.schema, "shot": self.shot,
            "t_start": round(self.t_start, 6), "t_end": round(self.t_end, 6),
            "before": {str(k): [round(v[0], 5), round(v[1], 5)] for k, v in sorted(self.before.items())},
            "after": {str(k): [round(v[0], 5), round(v[1], 5)] for k, v in sorted(self.after.items())},
            "frozen": list(self.frozen), "near_rail": list(self.near_rail),
            "events": [e.to_dict() for e in self.events],
        }
        if self.confidence is not None:
            out["confidence"] = self.confidence
        out.update(self.extra)
        return out


@dataclass(frozen=True)
class MatchRecord:
    """The header of a match log."""

    game: str
    players: tuple[str, str]
    breaker: str
    target: int
    table: str = "9ft"
    options: dict[str, Any] = field(default_factory=dict)
    schema: str = MATCH_SCHEMA

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> MatchRecord:
        schema = d.get("schema", MATCH_SCHEMA)
        if schema != MATCH_SCHEMA:
            raise RecordError(f"unknown match schema {schema!r}; expected {MATCH_SCHEMA}", field="schema")
        game = _choice(_req(d, "game"), GAMES, "game")
        players = _req(d, "players")
        if (not isinstance(players, Sequence) or isinstance(players, str) or len(players) != 2
                or not all(isinstance(p, str) and p for p in players) or players[0] == players[1]):
            raise RecordError("expected two different player names", field="players")
        breaker = _str(d.get("breaker", players[0]), "breaker")
        if breaker not in players:
            raise RecordError(f"breaker {breaker!r} is not one of the players", field="breaker")
        default_target = 150 if game == "straight-pool" else 1
        target = _int(d.get("target", default_target), "target", minimum=1)
        table = _choice(d.get("table", "9ft"), ("9ft", "8ft", "7ft"), "table")
        options = d.get("options") or {}
        if not isinstance(options, Mapping):
            raise RecordError("expected an object", field="options")
        return cls(game=game, players=(players[0], players[1]), breaker=breaker, target=target, table=table,
                   options=dict(options), schema=schema)

    def to_dict(self) -> dict[str, Any]:
        return {"type": "match", "schema": self.schema, "game": self.game, "players": list(self.players),
                "breaker": self.breaker, "target": self.target, "table": self.table, "options": dict(self.options)}


@dataclass(frozen=True)
class CalledShot:
    """A player's declaration for the next shot (a 'call' record)."""

    ball: int | None = None
    pocket: str | None = None
    safety: bool = False
    push_out: bool = False
    spot_request: bool = False  # 14.1: ask for the ball nearest the head string to be spotted

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> CalledShot:
        ball = _ball(d["ball"], "ball", object_only=True) if d.get("ball") is not None else None
        pocket = _choice(d["pocket"], POCKETS, "pocket") if d.get("pocket") is not None else None
        flags = {}
        for key in ("safety", "push_out", "spot_request"):
            v = d.get(key, False)
            if not isinstance(v, bool):
                raise RecordError(f"expected true or false, got {v!r}", field=key)
            flags[key] = v
        if ball is None and pocket is None and not any(flags.values()):
            raise RecordError("a call names a ball and pocket, a safety or a push-out", field="ball")
        if (ball is None) != (pocket is None) and not (flags["safety"] or flags["push_out"] or flags["spot_request"]):
            raise RecordError("a called shot names both the ball and the pocket",
                              field="pocket" if pocket is None else "ball")
        return cls(ball=ball, pocket=pocket, **flags)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "call"}
        if self.ball is not None:
            out["ball"] = self.ball
        if self.pocket is not None:
            out["pocket"] = self.pocket
        for key in ("safety", "push_out", "spot_request"):
            if getattr(self, key):
                out[key] = True
        return out


@dataclass(frozen=True)
class Choice:
    """A decision the rules give a player (after a foul, a push-out, an 8 on the break...)."""

    player: str
    choice: str
    ball: int | None = None  # spot_ball

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Choice:
        choice = _choice(_req(d, "choice"), CHOICES, "choice")
        ball = _ball(d["ball"], "ball", object_only=True) if d.get("ball") is not None else None
        if choice == "spot_ball" and ball is None:
            raise RecordError("spot_ball names the ball to spot", field="ball")
        return cls(player=_str(_req(d, "player"), "player"), choice=choice, ball=ball)

    def to_dict(self) -> dict[str, Any]:
        return _drop_none({"type": "choice", "player": self.player, "choice": self.choice, "ball": self.ball})


@dataclass(frozen=True)
class RefereeCall:
    """What only a human referee can judge; applies to the shot before it (or the next, for a warning)."""

    call: str
    player: str
    shot: int | None = None

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> RefereeCall:
        shot = _int(d["shot"], "shot", minimum=0) if d.get("shot") is not None else None
        return cls(call=_choice(_req(d, "call"), REFEREE_CALLS, "call"),
                   player=_str(_req(d, "player"), "player"), shot=shot)

    def to_dict(self) -> dict[str, Any]:
        return _drop_none({"type": "referee", "call": self.call, "player": self.player, "shot": self.shot})


@dataclass(frozen=True)
class StateRecord:
    """Sets or corrects fields of the game state; fields left out keep their value."""

    fields: dict[str, Any]

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> StateRecord:
        return cls(fields={k: v for k, v in d.items() if k != "type"})

    def to_dict(self) -> dict[str, Any]:
        return {"type": "state", **self.fields}


Record = MatchRecord | CalledShot | Shot | Choice | RefereeCall | StateRecord

_PARSERS: dict[str, Any] = {
    "match": MatchRecord.from_dict, "call": CalledShot.from_dict, "shot": Shot.from_dict,
    "choice": Choice.from_dict, "referee": RefereeCall.from_dict, "state": StateRecord.from_dict,
}


def parse_record(d: Any) -> Record:
    """Validate one decoded JSON object and return its record type."""
    if not isinstance(d, Mapping):
        raise RecordError("expected a JSON object", field="type")
    kind = d.get("type")
    if kind not in _PARSERS:
        raise RecordError(f"unknown record type {kind!r}; expected one of {', '.join(_PARSERS)}", field="type")
    result: Record = _PARSERS[kind](d)
    return result


def _lines(fh: Any, path: str) -> Iterator[tuple[int, str]]:
    """Numbered lines of a binary file; bytes that are not UTF-8 are a RecordError on their own line."""
    for lineno, raw in enumerate(fh, start=1):
        try:
            text = raw.decode("utf-8-sig" if lineno == 1 else "utf-8")
        except UnicodeDecodeError:
            raise RecordError("not UTF-8 text", file=path, line=lineno) from None
        yield lineno, text


def read_json_lines(path: str) -> Iterator[tuple[int, Any]]:
    """Yield (line number, decoded JSON) for each non-blank, non-comment line; errors carry the file and line."""
    try:
        fh = open(path, "rb")
    except OSError as exc:
        raise RecordError(f"cannot read: {exc.strerror}", file=path) from None
    with fh:
        for lineno, raw in _lines(fh, path):
            text = raw.strip()
            if not text or text.startswith("#"):
                continue
            try:
                yield lineno, json.loads(text)
            except json.JSONDecodeError as exc:
                raise RecordError(f"not valid JSON ({exc.msg} at column {exc.colno})", file=path,
                                  line=lineno) from None


def read_log(path: str) -> Iterator[tuple[int, Record]]:
    """Yield (line number, record) for each non-blank line; errors carry the file and line."""
    for lineno, data in read_json_lines(path):
        try:
            yield lineno, parse_record(data)
        except RecordError as exc:
            raise exc.located(file=path, line=lineno) from None


def dumps(record: Record | Mapping[str, Any]) -> str:
    """One compact JSON line."""
    data = record if isinstance(record, Mapping) else record.to_dict()
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))
