"""Game state and rulings: plain frozen values, so a match is a fold of its log.

The JSON shape of both is the one in SCHEMA.md (`state` records and `ruling` records).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any

CUE_BALL_STATES = ("in_place", "in_hand", "in_hand_kitchen")


@dataclass(frozen=True)
class PendingChoice:
    """A decision the rules have handed to a player; no shot may be judged until it is made."""

    player: str
    choices: tuple[str, ...]
    reason: str  # e.g. "breaking_foul", "push_out", "eight_on_break"

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "choices": list(self.choices), "reason": self.reason}


@dataclass(frozen=True)
class GameState:
    """Everything the rules need between shots. Treat the dicts as read-only: build new states with replace()."""

    game: str
    players: tuple[str, str]
    shooter: str
    scores: dict[str, int]  # 14.1: points; rack games: racks won
    fouls_in_a_row: dict[str, int]
    balls: tuple[int, ...]  # object balls on the table, sorted
    cue_ball: str = "in_hand_kitchen"
    break_shot: bool = True  # the next shot is an opening break (JSON key "break")
    breaker: str = ""  # who broke (or breaks) this rack
    rack: int = 1
    target: int = 150
    groups: dict[str, str] | None = None  # 8-ball: {"Ann": "solids", "Bob": "stripes"}; None = open table
    push_out_available: bool = False
    warned: tuple[str, ...] = ()  # players warned that they are on two fouls
    near_rail_safeties: dict[str, dict[str, int]] = field(default_factory=dict)
    pending: PendingChoice | None = None
    shot_number: int = 0  # the last shot judged
    inning: int = 1
    placement: dict[str, Any] | None = None  # after a re-rack: where the 15th ball and the cue ball went
    positions: dict[int, tuple[float, float]] | None = None  # ball positions after the last shot, if known
    match_winner: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)  # ruleset-specific counters

    def opponent(self, player: str | None = None) -> str:
        p = self.shooter if player is None else player
        return self.players[1] if p == self.players[0] else self.players[0]

    def with_(self, **changes: Any) -> GameState:
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game, "players": list(self.players), "shooter": self.shooter,
            "scores": dict(self.scores), "fouls_in_a_row": dict(self.fouls_in_a_row), "balls": list(self.balls),
            "cue_ball": self.cue_ball, "break": self.break_shot, "breaker": self.breaker, "rack": self.rack,
            "target": self.target, "groups": dict(self.groups) if self.groups is not None else None,
            "push_out_available": self.push_out_available, "warned": list(self.warned),
            "near_rail_safeties": {p: dict(v) for p, v in self.near_rail_safeties.items()},
            "pending": self.pending.to_dict() if self.pending else None, "shot_number": self.shot_number,
            "inning": self.inning, "placement": self.placement, "match_winner": self.match_winner,
        }
        if self.extra:
            out["extra"] = dict(self.extra)
        return out

    @staticmethod
    def field_names() -> tuple[str, ...]:
        return tuple(f.name for f in fields(GameState))


@dataclass(frozen=True)
class Ruling:
    """The referee's verdict on one shot (or a further decision about it)."""

    shot: int
    shooter: str
    legal: bool
    fouls: tuple[str, ...] = ()
    breaking_foul: bool = False
    points: dict[str, int] = field(default_factory=dict)
    scores: dict[str, int] = field(default_factory=dict)
    fouls_in_a_row: dict[str, int] = field(default_factory=dict)
    next: str = ""
    cue_ball: str = "in_place"
    spot: tuple[int, ...] = ()
    rerack: int | None = None
    options: PendingChoice | None = None
    announcement: str = ""
    result: dict[str, Any] | None = None
    review: bool = False
    decision: str | None = None
    reasons: tuple[str, ...] = ()  # machine-readable clauses that decided it, e.g. "S000 §8"
    messages: tuple[tuple[str, dict[str, Any]], ...] = ()  # (i18n key, arguments) for the announcement
    state: GameState | None = None
    pocketed: tuple[int, ...] = ()
    balls_off_table: tuple[int, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)  # ruleset-specific facts apply() needs

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "type": "ruling", "shot": self.shot, "shooter": self.shooter, "legal": self.legal,
            "fouls": list(self.fouls), "breaking_foul": self.breaking_foul, "points": dict(self.points),
            "scores": dict(self.scores), "fouls_in_a_row": dict(self.fouls_in_a_row), "next": self.next,
            "cue_ball": self.cue_ball, "spot": list(self.spot), "rerack": self.rerack,
            "options": self.options.to_dict() if self.options else None, "announcement": self.announcement,
            "result": self.result, "review": self.review,
        }
        if self.decision is not None:
            out["decision"] = self.decision
        if self.reasons:
            out["reasons"] = list(self.reasons)
        if self.state is not None:
            out["state"] = self.state.to_dict()
        return out
