"""What 8-ball, 9-ball and 10-ball share: racks won as the score, ball in hand after fouls, the break
requirement (a ball pocketed or four object balls to a rail), re-racks, who breaks next, choices after the shot,
and for the rotation games (9- and 10-ball) lowest-ball-first, the push-out and the three-foul loss with its
warning.

A game module subclasses ``RackGame`` (8-ball) or ``RotationGame`` (9-/10-ball) and supplies only what differs.
``judge`` gathers the verdict in a ``Draft`` and turns it into a ``Ruling``; ``apply`` reads the ruling's
fields plus a few keys of ``Ruling.extra`` (``break``, ``groups``, ``push_out_available``, ``warned``,
``breaker``, ``pending``); ``choose`` answers the ``PendingChoice`` opened by a ruling. The context a choice
needs (who shot, where the cue ball goes if the table is accepted ...) travels in ``GameState.extra["pending"]``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from adjudicator.errors import RecordError
from adjudicator.facts import ShotFacts, derive
from adjudicator.i18n import register
from adjudicator.records import CalledShot, Choice, MatchRecord, RefereeCall, Shot
from adjudicator.ruleset import OptionSpec, resolve_options
from adjudicator.state import GameState, PendingChoice, Ruling
from adjudicator.table import Table

# Referee calls that are a foul by the player named (RULES.md §2-§4 "Fouls"; the seeds' 判例 (4)).
REFEREE_FOULS: dict[str, str] = {
    "touched_ball": "touched_ball", "unsportsmanlike": "unsportsmanlike", "intentional_foul": "intentional_foul",
    "foul": "referee_foul", "cue_ball_in_hand_foul": "referee_foul",
}
BREAK_RAILS = 4  # object balls that must reach a rail on a break that pockets nothing (S003, WPA)


def split_hit_option() -> OptionSpec:
    return OptionSpec("split_hit_window", 0.004,
                      "seconds within which the cue ball's contacts with two object balls count as a split hit, "
                      "judged in the shooter's favour when either ball was a legal first contact (0: the earlier "
                      "timed contact decides)",
                      "project choice: the sources leave split hits open; a split hit that cannot be resolved goes "
                      "to the shooter (WPA definition of a split hit). 4 ms is a quarter of a 60-fps frame")


def next_break_option(default: str, source: str) -> OptionSpec:
    return OptionSpec("next_break", default, "who breaks the next rack: the rack's winner, the players in turn "
                      "(alternate), or the rack's loser", source, ("winner", "alternate", "loser"))


# ----------------------------------------------------------------------------------------------------------
# Small named predicates over the shot facts.
# ----------------------------------------------------------------------------------------------------------
def objects_off_table(facts: ShotFacts) -> tuple[int, ...]:
    return tuple(b for b in facts.off_table if b != 0)


def break_requirement_met(facts: ShotFacts) -> bool:
    """A ball pocketed, or at least four object balls driven to a rail (S003 合法開球; WPA 8-ball 3.3, 9-ball 2.3)."""
    return bool(facts.pocketed) or len(facts.object_balls_to_rail) >= BREAK_RAILS


def contact_and_rail(facts: ShotFacts, legal_first: Sequence[int]) -> str | None:
    """The legal-shot rule: the first ball contacted is a legal one, and then a ball is pocketed or any ball
    reaches a rail. Returns the foul code, or None when the shot meets it."""
    if facts.first_contact is None:
        return "no_contact"
    if facts.first_contact not in legal_first and not facts.split_with & set(legal_first):
        return "wrong_ball_first"
    if not facts.pocketed and not facts.rail_after_contact:
        return "no_rail_after_contact"
    return None


def split_saved(d: Draft, legal_first: Sequence[int]) -> bool:
    """Whether a split hit (``ShotFacts.split_with``) makes a legal first contact of one timed after an illegal
    one; says so in the ruling, with the window in force."""
    facts = d.facts
    if facts.first_contact is None or facts.first_contact in legal_first or not facts.split_with & set(legal_first):
        return False
    d.say("msg.split_hit", first=facts.first_contact, other=min(facts.split_with & set(legal_first)))
    d.cite("split hit: judged in the shooter's favour (option split_hit_window)")
    return True


def cue_ball_fouls(facts: ShotFacts) -> list[str]:
    out = []
    if facts.scratch:
        out.append("scratch")
    if facts.cue_off_table:
        out.append("cue_ball_off_table")
    return out


def next_breaker(policy: str, state: GameState, winner: str) -> str:
    """Who breaks the next rack (S003 9-ball 後面局數的開球權; S003 8-ball 輪流開球)."""
    if policy == "winner":
        return winner
    if policy == "loser":
        return state.opponent(winner)
    return state.opponent(state.breaker or state.shooter)


# ----------------------------------------------------------------------------------------------------------
# The verdict under construction.
# ----------------------------------------------------------------------------------------------------------
@dataclass
class Draft:
    """A ruling being put together clause by clause (mutable, local to one ``judge`` call)."""

    state: GameState
    shot: int
    facts: ShotFacts
    called: CalledShot | None
    shot_record: Shot
    fouls: list[str] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)
    messages: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    spot: list[int] = field(default_factory=list)
    warned: set[str] = field(default_factory=set)
    review: bool = False

    @property
    def shooter(self) -> str:
        return self.state.shooter

    @property
    def opponent(self) -> str:
        return self.state.opponent()

    def foul(self, code: str, reason: str) -> None:
        if code not in self.fouls:
            self.fouls.append(code)
        self.cite(reason)

    def cite(self, reason: str) -> None:
        if reason not in self.reasons:
            self.reasons.append(reason)

    def say(self, key: str, **kwargs: Any) -> None:
        self.messages.append((key, kwargs))

    def variant(self, option: str, value: Any) -> None:
        """Announce the rule variant in force when it decided this ruling (RULES.md §5, last paragraph)."""
        self.say("msg.variant", option=option, value=str(value).lower())

    def spot_ball(self, ball: int) -> None:
        if ball not in self.spot:
            self.spot.append(ball)


class RackGame:
    """The machinery of a game scored in racks. Subclasses set ``game``, ``OPTIONS``, ``RACK`` and ``_judge``."""

    game = ""
    OPTIONS: tuple[OptionSpec, ...] = ()
    RACK: tuple[int, ...] = ()
    THREE_FOUL_LOSS = False  # 9-/10-ball: three fouls in a row lose the rack

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options = resolve_options(self.OPTIONS, options or {})

    # -- the contract -----------------------------------------------------------------------------------------
    def initial_state(self, match: MatchRecord) -> GameState:
        players = match.players
        return GameState(
            game=self.game, players=players, shooter=match.breaker, scores={p: 0 for p in players},
            fouls_in_a_row={p: 0 for p in players}, balls=self.RACK, cue_ball="in_hand_kitchen", break_shot=True,
            breaker=match.breaker, rack=1, target=match.target, groups=None, extra={"table": match.table},
        )

    def judge(self, state: GameState, shot: Shot, called: CalledShot | None = None,
              referee: Sequence[RefereeCall] = ()) -> Ruling:
        if not state.balls:
            raise RecordError("no object balls are on the table; correct the game state first", field="balls")
        facts = derive(shot, split_window=float(self.options.get("split_hit_window", 0.0)))
        for b in (*facts.pocketed, *objects_off_table(facts)):
            if b not in state.balls:
                raise RecordError(f"ball {b} is not on the table", field="events")
        d = Draft(state=state, shot=shot.shot, facts=facts, called=called, shot_record=shot,
                  review=facts.low_confidence, warned=set(state.warned))
        if any(r.call == "stalemate" for r in referee):
            return self._stalemate(d)
        for r in referee:
            if r.call == "two_foul_warning" and r.player == state.shooter:
                d.warned.add(r.player)
            elif r.call in REFEREE_FOULS and r.player == state.shooter:
                d.foul(REFEREE_FOULS[r.call], "referee call")
        return self._judge(d)

    def _judge(self, d: Draft) -> Ruling:
        raise NotImplementedError

    def apply(self, state: GameState, ruling: Ruling) -> GameState:
        x = ruling.extra
        common: dict[str, Any] = {"scores": dict(ruling.scores), "shot_number": ruling.shot}
        if ruling.result and ruling.result.get("match_winner"):
            balls = _balls_after(state.balls, ruling)
            return state.with_(**common, fouls_in_a_row=dict(ruling.fouls_in_a_row), balls=balls, pending=None,
                               match_winner=ruling.result["match_winner"], extra=_lasting(state))
        inning = state.inning + (1 if ruling.next != state.shooter else 0)
        if ruling.rerack:
            breaker = str(x["breaker"])
            return state.with_(
                **common, shooter=breaker, breaker=breaker, fouls_in_a_row={p: 0 for p in state.players},
                balls=self.RACK, cue_ball="in_hand_kitchen", break_shot=True,
                rack=state.rack + (1 if ruling.result else 0), groups=None, push_out_available=False, warned=(),
                pending=None, inning=inning, placement=None, extra=_lasting(state), positions=None,
            )
        extra = _lasting(state)
        if ruling.options is not None and "pending" in x:
            extra["pending"] = x["pending"]
        counts = dict(ruling.fouls_in_a_row)
        warned = tuple(sorted(p for p in x.get("warned", state.warned) if counts.get(p, 0) > 0))
        return state.with_(
            **common, shooter=ruling.next, fouls_in_a_row=counts, balls=_balls_after(state.balls, ruling),
            cue_ball=ruling.cue_ball, break_shot=bool(x.get("break", False)), groups=x.get("groups", state.groups),
            push_out_available=bool(x.get("push_out_available", False)), warned=warned, pending=ruling.options,
            inning=inning, extra=extra, positions=x.get("positions", state.positions),
            placement=_spotted_at(x.get("positions"), ruling.spot),
        )

    def choose(self, state: GameState, choice: Choice) -> Ruling:
        pending = state.pending
        if pending is None:
            raise RecordError(f"no choice is open; {choice.player} cannot choose {choice.choice!r}", field="choice")
        if choice.player != pending.player or choice.choice not in pending.choices:
            raise RecordError(f"{pending.player} may choose {', '.join(pending.choices)}", field="choice")
        chooser = choice.player
        other = state.opponent(chooser)
        # A choice set up by a state record carries no context: every choice is the offender's opponent's,
        # except the 8 on a clean break, which is the breaker's own (S003 開球使８號球入袋).
        own = pending.reason == "eight_on_break"
        legal = pending.reason in ("eight_on_break", "push_out", "wrongly_pocketed")
        ctx: dict[str, Any] = {"shooter": chooser if own else other, "legal": legal,
                               "spot_cue_ball": "in_place" if own else "in_hand_kitchen",
                               **state.extra.get("pending", {})}
        shooter = str(ctx["shooter"])
        # The fouls were charged by the shot's own ruling; the decision names none, so nothing is counted twice.
        base: dict[str, Any] = {
            "shot": state.shot_number, "shooter": shooter, "legal": bool(ctx["legal"]), "scores": dict(state.scores),
            "fouls_in_a_row": dict(state.fouls_in_a_row), "decision": choice.choice,
            "reasons": tuple(ctx.get("reasons", ())),
        }
        keep = {"groups": state.groups, "warned": state.warned, "positions": state.positions}
        c = choice.choice
        if c in ("rebreak", "break_self", "rerack"):
            if c == "break_self":
                breaker = chooser
            elif c == "rebreak":
                breaker = shooter
            else:
                breaker = str(ctx.get("rerack_breaker", shooter))
            return Ruling(**base, next=breaker, cue_ball="in_hand_kitchen", rerack=len(self.RACK),
                          extra={"breaker": breaker})
        if c == "accept":
            return Ruling(**base, next=chooser, cue_ball=str(ctx.get("accept_cue_ball", "in_place")), extra=keep)
        if c == "kitchen":
            return Ruling(**base, next=chooser, cue_ball="in_hand_kitchen", extra=keep)
        if c == "spot_eight":
            positions = dict(state.positions) if state.positions is not None else None
            if positions is not None:
                positions[8] = spot_position(table_of(state), [xy for b, xy in positions.items() if b != 8])
            return Ruling(**base, next=chooser, cue_ball=str(ctx["spot_cue_ball"]), spot=(8,),
                          extra={**keep, "positions": positions})
        if c == "shoot":
            return Ruling(**base, next=chooser, cue_ball="in_place", extra=keep)
        if c == "pass_back":
            return Ruling(**base, next=other, cue_ball="in_place", extra=keep)
        raise RecordError(f"{choice.choice!r} is not a choice in {self.game}", field="choice")

    # -- building rulings -------------------------------------------------------------------------------------
    def _counts_after_foul(self, d: Draft) -> tuple[dict[str, int], bool]:
        """The foul count after this foul, and whether it is a third foul that loses the rack.

        Without the warning (``require_two_foul_warning``), a third foul counts as the second (WPA 6.14)."""
        counts = dict(d.state.fouls_in_a_row)
        n = counts.get(d.shooter, 0) + 1
        loses = False
        if self.THREE_FOUL_LOSS and n >= 3:
            if self.options.get("require_two_foul_warning", True) and d.shooter not in d.warned:
                n = 2
                d.say("msg.third_foul_unwarned", player=d.shooter)
                d.variant("require_two_foul_warning", True)
                d.cite("WPA 6.14")
            else:
                loses = True
                d.foul("three_fouls", "S003 9-ball 連續三次犯規; WPA 6.14")
        counts[d.shooter] = n
        if self.THREE_FOUL_LOSS and n == 2 and not loses and d.shooter not in d.warned:
            d.say("msg.on_two_fouls", player=d.shooter)
        return counts, loses

    def _counts_after_legal(self, d: Draft) -> dict[str, int]:
        counts = dict(d.state.fouls_in_a_row)
        counts[d.shooter] = 0
        return counts

    def _ruling(self, d: Draft, *, legal: bool, next_player: str, cue_ball: str, counts: dict[str, int],
                options: PendingChoice | None = None, pending: Mapping[str, Any] | None = None,
                **extra: Any) -> Ruling:
        """A ruling where play goes on in this rack."""
        x: dict[str, Any] = {"warned": tuple(sorted(d.warned)), **extra}
        left = set(d.state.balls) - set(d.facts.pocketed) - set(d.facts.off_table) | set(d.spot)
        x["positions"] = positions_after(d.state, d.shot_record.after, d.spot, sorted(left))
        if options is not None:
            x["pending"] = {"shooter": d.shooter, "legal": legal, "reasons": list(d.reasons),
                            **(pending or {})}
        return Ruling(
            shot=d.shot, shooter=d.shooter, legal=legal, fouls=tuple(d.fouls), scores=dict(d.state.scores),
            fouls_in_a_row=counts, next=next_player, cue_ball=cue_ball, spot=tuple(d.spot), options=options,
            review=d.review, reasons=tuple(d.reasons), messages=tuple(d.messages), pocketed=d.facts.pocketed,
            balls_off_table=objects_off_table(d.facts), extra=x,
        )

    def _rack_over(self, d: Draft, winner: str, *, legal: bool) -> Ruling:
        """The rack is won (by the shooter, or by his opponent when the shooter loses it)."""
        state = d.state
        scores = dict(state.scores)
        scores[winner] = scores.get(winner, 0) + 1
        result: dict[str, Any] = {"winner": winner, "rack": state.rack}
        rerack: int | None = None
        breaker = ""
        if scores[winner] >= state.target:
            result["match_winner"] = winner
        else:
            policy = str(self.options["next_break"])
            breaker = next_breaker(policy, state, winner)
            rerack = len(self.RACK)
            d.say("msg.next_breaker", player=breaker)
            d.variant("next_break", policy)
        return Ruling(
            shot=d.shot, shooter=d.shooter, legal=legal, fouls=tuple(d.fouls), points={winner: 1}, scores=scores,
            fouls_in_a_row={p: 0 for p in state.players}, next=breaker, cue_ball="in_hand_kitchen", spot=(),
            rerack=rerack, result=result, review=d.review, reasons=tuple(d.reasons), messages=tuple(d.messages),
            pocketed=d.facts.pocketed, balls_off_table=objects_off_table(d.facts), extra={"breaker": breaker},
        )

    def _replay_rack(self, d: Draft, breaker: str, *, legal: bool) -> Ruling:
        """The same rack is racked again and broken again (no rack is scored)."""
        return Ruling(
            shot=d.shot, shooter=d.shooter, legal=legal, fouls=tuple(d.fouls), scores=dict(d.state.scores),
            fouls_in_a_row={p: 0 for p in d.state.players}, next=breaker, cue_ball="in_hand_kitchen",
            rerack=len(self.RACK), review=d.review, reasons=tuple(d.reasons), messages=tuple(d.messages),
            pocketed=d.facts.pocketed, balls_off_table=objects_off_table(d.facts), extra={"breaker": breaker},
        )

    def _stalemate(self, d: Draft) -> Ruling:
        """A referee's stalemate: re-rack, the rack's original breaker breaks (S003 陷入膠著狀態之球局; §5 #13)."""
        d.cite("S003 8-ball 陷入膠著狀態之球局; RULES.md §5 #13")
        d.say("msg.stalemate", player=d.state.breaker or d.shooter)
        return self._replay_rack(d, d.state.breaker or d.shooter, legal=True)


def spot_position(table: Table, occupied: Sequence[tuple[float, float]]) -> tuple[float, float]:
    """Where a spotted ball goes: the foot spot, or if a ball is in the way as near to it as possible behind it
    on the long string, frozen to the blocking ball; in front of it when there is no room behind
    (S003 9-ball 擺９號球; WPA 1.4)."""
    d = 2 * table.ball_radius
    y = table.width / 2

    def blockers(x: float) -> list[tuple[float, float]]:
        return [p for p in occupied if math.hypot(p[0] - x, p[1] - y) < d - 1e-9]

    for direction in (1, -1):
        x = table.foot_spot[0]
        for _ in range(64):
            if not table.ball_radius <= x <= table.length - table.ball_radius:
                break
            near = blockers(x)
            if not near:
                return (x, y)
            reach = [math.sqrt(max(d * d - (p[1] - y) ** 2, 0.0)) for p in near]
            x = max(p[0] + r for p, r in zip(near, reach, strict=True)) if direction > 0 else \
                min(p[0] - r for p, r in zip(near, reach, strict=True))
    return table.foot_spot


def positions_after(state: GameState, after: Mapping[int, tuple[float, float]], spot: Sequence[int],
                    balls_left: Sequence[int]) -> dict[int, tuple[float, float]] | None:
    """Ball positions once the shot is over and the spotted balls are placed, when the shot record has them."""
    if not after:
        return None
    pos = {b: xy for b, xy in after.items() if b == 0 or b in balls_left}
    table = table_of(state)
    for b in spot:
        pos[b] = spot_position(table, [xy for k, xy in pos.items() if k != b])
    return pos


def _spotted_at(positions: Mapping[int, tuple[float, float]] | None, spot: Sequence[int]) -> dict[str, Any] | None:
    """``state.placement`` for the rack games: where the balls spotted by this ruling were put."""
    if not positions or not spot:
        return None
    return {"spotted": {str(b): [round(positions[b][0], 4), round(positions[b][1], 4)] for b in spot if b in positions}}


def _lasting(state: GameState) -> dict[str, Any]:
    """The keys of ``GameState.extra`` that live for the whole match (the table size)."""
    return {k: v for k, v in state.extra.items() if k == "table"}


def table_of(state: GameState) -> Table:
    """The table named in the match header (9 ft when a state record dropped it)."""
    return Table.named(str(state.extra.get("table", "9ft")))


def kitchen_restriction(state: GameState, shot: Shot, facts: ShotFacts) -> tuple[bool, bool]:
    """With the cue ball in hand behind the head string, the first ball contacted may not lie behind it unless
    the cue ball crossed the head string first (S003 8-ball 開球後母球落入球袋 3 and ＊; RULES.md §2 break).

    Returns (foul, uncertain): a foul when the ball lay behind the head string and the cue ball touched no
    cushion before the contact (so it cannot have crossed); uncertain when it touched cushions whose
    positions are unknown (review).
    """
    if state.cue_ball != "in_hand_kitchen" or state.break_shot or facts.first_contact is None:
        return False, False
    table = table_of(state)
    pos = shot.before.get(facts.first_contact)
    if pos is None or not table.behind_head_string(pos):
        return False, False
    before_contact = [e for e in shot.events if facts.first_contact_t is None or e.t < facts.first_contact_t]
    cue_cushions = [e for e in before_contact if e.type == "cushion" and e.ball == 0]
    if not cue_cushions:
        return True, False
    crossed = any(e.rail == "foot" or (e.position is not None and not table.behind_head_string(e.position))
                  for e in cue_cushions)
    return False, not crossed


def _balls_after(balls: tuple[int, ...], ruling: Ruling) -> tuple[int, ...]:
    gone = set(ruling.pocketed) | set(ruling.balls_off_table)
    return tuple(sorted((set(balls) - gone) | set(ruling.spot)))


# ----------------------------------------------------------------------------------------------------------
# 9-ball and 10-ball: rotation games.
# ----------------------------------------------------------------------------------------------------------
def rotation_options(next_break_default: str, next_break_source: str) -> tuple[OptionSpec, ...]:
    return (
        OptionSpec("require_two_foul_warning", True,
                   "a third foul in a row loses the rack only if the player was warned after the second; "
                   "otherwise it counts as the second", "RULES.md §5 #10; WPA 6.14"),
        OptionSpec("push_out_after_foul_break", False,
                   "a push-out is also allowed on the shot after a foul break (a scratch, a miss of the 1)",
                   "RULES.md §5 #9; S003 9-ball 安全球(push out)"),
        next_break_option(next_break_default, next_break_source),
        split_hit_option(),
    )


class RotationGame(RackGame):
    """Lowest ball first, no groups; the game ball ends the rack. ``GAME_BALL`` is 9 or 10."""

    GAME_BALL = 9
    THREE_FOUL_LOSS = True

    # What differs between 9-ball and 10-ball.
    def _game_ball_on_break(self, d: Draft) -> bool:
        """True when the game ball on a legal break wins (9-ball); 10-ball spots it."""
        raise NotImplementedError

    def _open_shot(self, d: Draft, counts: dict[str, int]) -> Ruling:
        """A legal shot that is neither a break nor a push-out."""
        raise NotImplementedError

    def _judge(self, d: Draft) -> Ruling:
        state, facts = d.state, d.facts
        lowest = min(state.balls)
        push = bool(d.called and d.called.push_out)
        if push and not (state.push_out_available and not state.break_shot):
            d.say("msg.push_out_not_available", player=d.shooter)
            d.cite("RULES.md §3 push-out; S003 9-ball 安全球(push out)")
            push = False
        for code in cue_ball_fouls(facts):
            d.foul(code, "S003 9-ball 合法開球 b" if state.break_shot else "RULES.md §3 fouls")
        if objects_off_table(facts):
            d.foul("ball_off_table", "S003 9-ball 子球跳離檯面")
        if state.break_shot:
            return self._judge_break(d, lowest)
        if push:
            return self._judge_push_out(d)
        split_saved(d, (lowest,))
        miss = contact_and_rail(facts, (lowest,))
        if miss:
            d.foul(miss, "S003 9-ball 打錯球/沒碰觸到顆星; RULES.md §3 legal shot")
        if d.fouls:
            return self._foul(d)
        return self._open_shot(d, self._counts_after_legal(d))

    def _judge_break(self, d: Draft, lowest: int) -> Ruling:
        facts = d.facts
        d.cite("RULES.md §3 break")
        if facts.first_contact is None:
            d.foul("no_contact", "S003 9-ball 合法開球 a")
        elif not split_saved(d, (lowest,)) and facts.first_contact != lowest:
            d.foul("wrong_ball_first", "S003 9-ball 合法開球 a")
        elif not break_requirement_met(facts):
            d.foul("illegal_break", "S003 9-ball 合法開球 a")
        if d.fouls:
            ruling = self._foul(d)
            if ruling.result is None and self.options["push_out_after_foul_break"]:
                ruling = _with_extra(ruling, push_out_available=True)
                return replace(ruling, messages=(*ruling.messages, ("msg.push_out_available", {"player": d.opponent}),
                                                 ("msg.variant", {"option": "push_out_after_foul_break",
                                                                  "value": "true"})))
            return ruling
        gb = self.GAME_BALL
        if gb in facts.pocketed and self._game_ball_on_break(d):
            return self._rack_over(d, d.shooter, legal=True)
        if gb in facts.pocketed:
            d.spot_ball(gb)
        counts = self._counts_after_legal(d)
        d.say("msg.push_out_available", player=d.shooter if facts.pocketed else d.opponent)
        if facts.pocketed:
            return self._ruling(d, legal=True, next_player=d.shooter, cue_ball="in_place", counts=counts,
                                push_out_available=True)
        return self._ruling(d, legal=True, next_player=d.opponent, cue_ball="in_place", counts=counts,
                            push_out_available=True)

    def _judge_push_out(self, d: Draft) -> Ruling:
        """No contact or rail requirement; other fouls apply; the game ball is spotted; the opponent chooses
        to shoot or pass the shot back (S003 9-ball 安全球(push out); WPA 9-ball 2.4)."""
        d.cite("RULES.md §3 push-out")
        if d.fouls:
            return self._foul(d)
        if self.GAME_BALL in d.facts.pocketed:
            d.spot_ball(self.GAME_BALL)
        choice = PendingChoice(d.opponent, ("shoot", "pass_back"), "push_out")
        return self._ruling(d, legal=True, next_player=d.opponent, cue_ball="in_place",
                            counts=self._counts_after_legal(d), options=choice)

    def _foul(self, d: Draft) -> Ruling:
        """Ball in hand anywhere; pocketed balls stay down except the game ball, which is spotted; three fouls
        in a row lose the rack (S003 9-ball 犯規/擺９號球/連續三次犯規)."""
        counts, loses = self._counts_after_foul(d)
        if loses:
            return self._rack_over(d, d.opponent, legal=False)
        gb = self.GAME_BALL
        if gb in d.facts.pocketed or gb in d.facts.off_table:
            d.spot_ball(gb)
            d.cite("S003 9-ball 擺９號球")
        return self._ruling(d, legal=False, next_player=d.opponent, cue_ball="in_hand", counts=counts)


def _with_extra(ruling: Ruling, **extra: Any) -> Ruling:
    return replace(ruling, extra={**ruling.extra, **extra})


register({
    "foul.illegal_break": {"en": "illegal break (no ball pocketed and fewer than four object balls to a rail)",
                           "pl": "nieprawidłowe rozbicie (żadna bila nie wpadła i mniej niż cztery bile dotknęły bandy)",
                           "zh": "开球不合法（没有进球且碰库的子球少于四颗）"},
    "msg.split_hit": {"en": "Split hit: the cue ball met the {first} and the {other} at once; judged in the "
                            "shooter's favour.",
                      "pl": "Trafienie jednoczesne: biała trafiła bile {first} i {other} naraz; rozstrzygnięte na "
                            "korzyść grającego.",
                      "zh": "同时击中：母球同时碰到{first}号球和{other}号球，判定有利于击球者。"},
    "msg.variant": {"en": "(Rule variant: {option} = {value}.)", "pl": "(Wariant przepisów: {option} = {value}.)",
                    "zh": "（规则选项：{option} = {value}。）"},
    "msg.third_foul_unwarned": {
        "en": "{player} was not warned after the second foul, so this foul counts as the second.",
        "pl": "{player} nie został ostrzeżony po drugim faulu, więc ten faul liczy się jako drugi.",
        "zh": "{player}在第二次犯规后未被警告，本次犯规按第二次计。"},
    "msg.on_two_fouls": {"en": "{player} is on two fouls.", "pl": "{player} ma na koncie dwa faule z rzędu.",
                         "zh": "{player}已连续两次犯规。"},
    "msg.safety_balls_stay": {"en": "Called safety: the turn ends and the pocketed balls stay down.",
                              "pl": "Zapowiedziane odstawne: kolejka się kończy, wbite bile zostają w łuzach.",
                              "zh": "宣告安全球：击球权结束，进袋的球不取出。"},
    "msg.next_breaker": {"en": "{player} breaks the next rack.", "pl": "Następną partię rozbija {player}.",
                         "zh": "下一局由{player}开球。"},
    "msg.stalemate": {"en": "Stalemate: re-rack, {player} breaks again.",
                      "pl": "Pat: ponowne ustawienie bil, ponownie rozbija {player}.",
                      "zh": "僵局：重新摆球，由{player}重新开球。"},
    "msg.push_out_available": {"en": "{player} may play a push-out.", "pl": "{player} może zagrać push-out.",
                               "zh": "{player}可以推杆（push-out）。"},
    "msg.push_out_not_available": {
        "en": "A push-out is not allowed now; {player}'s shot is judged as a normal shot.",
        "pl": "Push-out nie jest teraz dozwolony; uderzenie zawodnika {player} oceniane jest jak zwykłe.",
        "zh": "现在不允许推杆；{player}的这一杆按普通击球判定。"},
})
