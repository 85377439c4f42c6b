"""14.1 continuous (straight pool): RULES.md §1 read against S000 (Polish) and S003 (Chinese), options from §5.

``judge`` decides everything about a shot, including the state changes, and puts them in
``ruling.extra["changes"]``; ``apply`` only lays them over the state. ``choose`` does the same for the
decisions the rules hand the incoming player (breaking foul, intentional foul, optional three-foul choice) and
for the kitchen spot request.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from adjudicator.errors import RecordError
from adjudicator.facts import ShotFacts, derive
from adjudicator.i18n import register
from adjudicator.records import CUE_BALL, CalledShot, Choice, MatchRecord, RefereeCall, Shot
from adjudicator.ruleset import OptionSpec, resolve_options
from adjudicator.state import GameState, PendingChoice, Ruling
from adjudicator.table import Point, Table

ALL_BALLS = tuple(range(1, 16))
STANDARD_REFEREE_FOULS = {"touched_ball": "touched_ball", "foul": "referee_foul",
                          "cue_ball_in_hand_foul": "referee_foul"}
HEAVY_REFEREE_FOULS = ("intentional_foul", "unsportsmanlike")

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("three_foul_incoming_choice", False,
               "after a third foul the incoming player may accept the table instead of the mandatory re-rack",
               "RULES.md §5 #1; S000 §8 and WPA 4.11 (re-rack, offender breaks) over S003 (a)/(b)"),
    OptionSpec("three_foul_extra_penalty", 15, "extra points lost on the third consecutive foul",
               "RULES.md §5 #2; S000 §8, S003, WPA 4.11 agree"),
    OptionSpec("intentional_foul_penalty", 16, "points lost for an intentional foul (1 + 15)",
               "RULES.md §5 #3; S000 §3.5, S003 §7(5)"),
    OptionSpec("intentional_foul_counts_toward_three", True,
               "an intentional foul is also a foul in the three-foul count",
               "RULES.md §5 #3 leaves it open; S000 §8 ('1 punkt (lub więcej, zależnie od wagi faulu)')"),
    OptionSpec("near_rail_safety_limit", 2,
               "safeties a player may play in a row on a ball within a ball-width of a rail (0 = rule off)",
               "RULES.md §5 #4; S000 §3.2, S003 §7(2); WPA has no such rule", allowed=(0, 1, 2, 3)),
    OptionSpec("break_foul_and_scratch", "breaking_foul_only",
               "a breaking foul with a scratch: the breaking foul alone (-2) or both (-3)",
               "RULES.md §5 #5; WPA 4.10 (seeds silent)", allowed=("breaking_foul_only", "both")),
    OptionSpec("require_two_foul_warning", False,
               "an unwarned third foul counts only as the second", "RULES.md §5 #10; S000 §8 names no warning"),
    OptionSpec("breaking_foul_penalty", 2, "points lost for each breaking foul", "S000 §2, S003 §6, WPA 4.3"),
    OptionSpec("frozen_ball_rule", True,
               "a ball frozen to a rail hit first: touching its own rail does not meet the rail requirement",
               "S000 §3.2 and S003 §7(2) refer to the general frozen-ball rule"),
    OptionSpec("kitchen_restriction", True,
               "with the cue ball in hand behind the head string, a ball behind it may not be hit first unless "
               "the cue ball crosses the head string first",
               "RULES.md §1 'Kitchen restriction'; S000 §3.6 and S003 §7(7) presuppose it (WPA 6.x)"),
    OptionSpec("review_below", 0.5, "events below this confidence that a ruling rests on make it ask for review",
               "SCHEMA.md (confidence)"),
)

MESSAGES: dict[str, dict[str, str]] = {
    "msg.sp.on_fouls_1": {"en": "{player} is on one foul.", "pl": "{player} ma na koncie jeden faul.",
                          "zh": "{player}已犯规一次。"},
    "msg.sp.on_fouls_2": {"en": "{player} is on two fouls.", "pl": "{player} ma na koncie dwa faule.",
                          "zh": "{player}已连续犯规两次。"},
    "msg.sp.legal_break": {"en": "Legal break.", "pl": "Prawidłowe rozbicie.", "zh": "开球合法。"},
    "msg.sp.safety": {"en": "Safety by {player}.", "pl": "Zagranie bezpieczne zawodnika {player}.",
                      "zh": "{player}打安全球。"},
    "msg.sp.no_score": {"en": "No called ball scored; {player}'s inning ends.",
                        "pl": "Zadeklarowana bila nie wpadła; podejście zawodnika {player} się kończy.",
                        "zh": "指定球未按指定入袋，{player}的回合结束。"},
    "msg.sp.no_call": {"en": "No call was recorded for this shot: pocketed balls do not score.",
                       "pl": "Nie zapisano deklaracji tego uderzenia: wbite bile nie są zaliczane.",
                       "zh": "本杆没有记录指定球：进袋的球不计分。"},
    "msg.sp.three_fouls_rerack": {"en": "All 15 balls are re-racked; {player} breaks under opening-break rules.",
                                  "pl": "Ustawienie wszystkich 15 bil; {player} rozbija jak na początku gry.",
                                  "zh": "全部15颗球重新摆放，由{player}按开球规则开球。"},
    "msg.sp.unwarned": {"en": "No two-foul warning was given, so this counts as the second foul.",
                        "pl": "Nie było ostrzeżenia o dwóch faulach, więc liczy się to jako drugi faul.",
                        "zh": "未给予两次犯规警告，本次只算第二次犯规。"},
    "msg.sp.near_rail_frozen": {"en": "Ball {ball} counts as frozen to the rail (near-rail safety limit).",
                                "pl": "Bila {ball} jest traktowana jak dotykająca bandy (limit zagrań bezpiecznych).",
                                "zh": "{ball}号球视为贴库球（近库安全球次数已用完）。"},
    "msg.sp.bb_to_head": {"en": "Break ball {ball} goes to the head spot.", "pl": "Bila {ball} idzie na punkt bazy.",
                          "zh": "{ball}号球放到开球点。"},
    "msg.sp.bb_to_centre": {"en": "Break ball {ball} goes to the centre spot.",
                            "pl": "Bila {ball} idzie na punkt środkowy.", "zh": "{ball}号球放到中心点。"},
    "msg.sp.cb_to_head": {"en": "Cue ball goes to the head spot.", "pl": "Biała idzie na punkt bazy.",
                          "zh": "母球放到开球点。"},
    "msg.sp.cb_to_centre": {"en": "Cue ball goes to the centre spot.", "pl": "Biała idzie na punkt środkowy.",
                            "zh": "母球放到中心点。"},
    "msg.sp.spot_request": {"en": "All balls are behind the head string: {player} may have ball {balls} spotted.",
                            "pl": "Wszystkie bile są w polu bazy: {player} może zażądać ustawienia bili {balls}.",
                            "zh": "所有子球都在发球线后：{player}可要求将{balls}号球放回置球点。"},
    "msg.sp.spot_ball": {"en": "Ball {ball} goes to the foot spot.", "pl": "Bila {ball} idzie na punkt główny.",
                         "zh": "{ball}号球放回置球点。"},
    "msg.sp.variant": {"en": "Rule variant in force: {name} = {value}.",
                       "pl": "Obowiązujący wariant przepisu: {name} = {value}.",
                       "zh": "适用的规则选项：{name} = {value}。"},
}
register(MESSAGES)

Msg = tuple[str, dict[str, Any]]


def _opponent(state: GameState, player: str) -> str:
    return state.opponent(player)


class StraightPool:
    """14.1 continuous. See docs/RULES_STRAIGHT_POOL.md for the clause-by-clause list."""

    game = "straight-pool"
    OPTIONS = OPTIONS
    CHOICES = ("accept", "rebreak", "spot_ball")
    FREE_CHOICES = ("spot_ball",)  # a request the shooter may make with no choice open (S000 §3.6)

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options = resolve_options(self.OPTIONS, options or {})

    # -- setup -----------------------------------------------------------------------------------------------
    def initial_state(self, match: MatchRecord) -> GameState:
        a, b = match.players
        return GameState(game=self.game, players=match.players, shooter=match.breaker, scores={a: 0, b: 0},
                         fouls_in_a_row={a: 0, b: 0}, balls=ALL_BALLS, cue_ball="in_hand_kitchen",
                         break_shot=True, breaker=match.breaker, target=match.target,
                         near_rail_safeties={}, extra={"table": match.table})

    def _table(self, state: GameState) -> Table:
        return Table.named(str(state.extra.get("table", "9ft")))

    # -- judging ---------------------------------------------------------------------------------------------
    def judge(self, state: GameState, shot: Shot, called: CalledShot | None = None,
              referee: Sequence[RefereeCall] = ()) -> Ruling:
        o = self.options
        facts = derive(shot, float(o["review_below"]))
        p = state.shooter
        for r in referee:
            if r.player != p and r.call != "two_foul_warning":
                raise RecordError(f"'{r.call}' names {r.player}, but {p} played shot {shot.shot}; 14.1 here only "
                                  "rules on the shooter's own fouls", field="player")
        calls = [r.call for r in referee]
        if "stalemate" in calls:
            raise RecordError("'stalemate' is not a 14.1 call", field="call")
        heavy = next((c for c in calls if c in HEAVY_REFEREE_FOULS), None)
        extra_fouls = [STANDARD_REFEREE_FOULS[c] for c in calls if c in STANDARD_REFEREE_FOULS]
        if heavy is not None:
            return self._intentional(state, shot, facts, heavy, extra_fouls)
        if state.break_shot:
            return self._break(state, shot, facts, called, extra_fouls)
        return self._shot(state, shot, facts, called, extra_fouls)

    def _variant(self, name: str) -> str:
        """A reason naming the rule option in force (RULES.md §5: announce the variant a case hits)."""
        value = self.options[name]
        return f"option {name}={str(value).lower() if isinstance(value, bool) else value}"

    def _std_fouls(self, facts: ShotFacts) -> list[str]:
        fouls = []
        if facts.scratch:
            fouls.append("scratch")
        if facts.cue_off_table:
            fouls.append("cue_ball_off_table")
        if any(b != CUE_BALL for b in facts.off_table):
            fouls.append("ball_off_table")
        return fouls

    def _called_ok(self, state: GameState, facts: ShotFacts, called: CalledShot | None) -> bool:
        return (called is not None and not called.safety and called.ball is not None
                and facts.pocket_of.get(called.ball) == called.pocket)

    def _break(self, state: GameState, shot: Shot, facts: ShotFacts, called: CalledShot | None,
               extra_fouls: list[str]) -> Ruling:
        """S000 §2, S003 §6, WPA 4.3/4.10: the opening break (also after three fouls or a re-rack choice)."""
        o = self.options
        called_ok = self._called_ok(state, facts, called)
        cue_rail = bool(facts.rails_touched_by.get(CUE_BALL))
        two_rails = len(facts.object_balls_to_rail) >= 2
        legal = called_ok or (facts.first_contact is not None and cue_rail and two_rails)
        p = state.shooter
        if legal:
            fouls = self._std_fouls(facts) + extra_fouls
            msgs: list[Msg] = [("msg.sp.legal_break", {})]
            if fouls:
                return self._foul(state, shot, facts, fouls, ("S000 §2", "S000 §7", "S000 §8"), msgs)
            if called_ok:
                return self._score(state, shot, facts, ("S000 §2", "S000 §3.1"), msgs)
            return self._no_score(state, shot, facts, called, ("S000 §2", "S000 §4", "RULES.md §1 Break"), msgs)
        # breaking foul: -2, no three-foul count, the opponent's repeated choice
        penalty = int(o["breaking_foul_penalty"])
        fouls = ["breaking_foul"]
        count = state.fouls_in_a_row.get(p, 0)
        msgs = []
        reasons: tuple[str, ...] = ("S000 §2", "S003 §6", "WPA 4.3")
        if (facts.scratch or facts.cue_off_table) and o["break_foul_and_scratch"] == "both":
            fouls.append("scratch" if facts.scratch else "cue_ball_off_table")
            penalty += 1
            count += 1
            msgs.append(("msg.sp.variant", {"name": "break_foul_and_scratch", "value": "both"}))
            reasons += ("WPA 4.10", self._variant("break_foul_and_scratch"))
            if count >= 3:  # the scratch was a third foul: that penalty and re-rack replace the choice
                return replace(self._three_fouls(state, shot, facts, fouls, penalty, reasons, msgs, False),
                               breaking_foul=True)
        elif facts.scratch or facts.cue_off_table:
            reasons += ("WPA 4.10", self._variant("break_foul_and_scratch"))
        cue = "in_hand_kitchen" if (facts.scratch or facts.cue_off_table) else "in_place"
        return self._opponent_chooses(state, shot, facts, fouls=fouls, penalty=penalty, count=count, cue=cue,
                                      break_next=True, reason="breaking_foul", reasons=reasons, msgs=msgs,
                                      breaking_foul=True)

    def _opponent_chooses(self, state: GameState, shot: Shot, facts: ShotFacts, *, fouls: list[str],
                          penalty: int, count: int, cue: str, break_next: bool, reason: str,
                          reasons: tuple[str, ...], msgs: list[Msg], review: bool = False,
                          breaking_foul: bool = False) -> Ruling:
        """A foul after which the opponent chooses: accept the table (cue ball ``cue``) or the offender re-racks
        and breaks (breaking foul S000 §2, intentional foul S000 §3.5, third foul with the §5 #1 option)."""
        p = state.shooter
        opp = _opponent(state, p)
        scores = {**state.scores, p: state.scores[p] - penalty}
        fiar = {**state.fouls_in_a_row, p: count}
        spot = self._spotted(facts)
        pending = PendingChoice(player=opp, choices=("accept", "rebreak"), reason=reason)
        changes = self._turn(state, next_player=opp, scores=scores, fiar=fiar, cue=cue, balls=state.balls,
                             break_next=break_next, pending=pending)
        changes["extra"] = {**state.extra, "offender": p, "accept_cue": cue, "spot_request": []}
        changes["positions"] = self._positions(state, shot, spot)
        return Ruling(shot=shot.shot, shooter=p, legal=False, fouls=tuple(fouls), breaking_foul=breaking_foul,
                      points={p: -penalty}, scores=scores, fouls_in_a_row=fiar, next=opp, cue_ball=cue, spot=spot,
                      options=pending, review=facts.low_confidence or review, reasons=reasons,
                      messages=tuple(msgs), pocketed=facts.pocketed, balls_off_table=facts.off_table,
                      extra={"changes": changes})

    def _frozen_treatment(self, state: GameState, shot: Shot, facts: ShotFacts) -> tuple[int | None, list[Msg]]:
        """The first ball hit, if it must meet the frozen-ball rule (frozen, or the near-rail limit is used up)."""
        b = facts.first_contact
        if b is None:
            return None, []
        if b in shot.frozen and self.options["frozen_ball_rule"]:
            return b, []
        limit = int(self.options["near_rail_safety_limit"])
        if limit == 0 or b not in shot.near_rail:
            return None, []
        used = state.near_rail_safeties.get(state.shooter, {}).get(str(b), 0)
        if used >= (limit if used else self._near_rail_allowance(state)):
            return b, [("msg.sp.near_rail_frozen", {"ball": b, "limit": limit})]
        return None, []

    def _kitchen_restriction(self, state: GameState, shot: Shot, facts: ShotFacts) -> tuple[bool, bool]:
        """(foul, uncertain): the first ball hit lay behind the head string and the cue ball, in hand there,
        cannot have crossed it first (no cushion before the contact); unsure when it touched cushions whose
        positions are unknown."""
        if not self.options["kitchen_restriction"] or state.cue_ball != "in_hand_kitchen" or state.break_shot:
            return False, False
        b = facts.first_contact
        pos = shot.before.get(b) if b is not None else None
        table = self._table(state)
        if pos is None or not table.behind_head_string(pos):
            return False, False
        t_contact = facts.first_contact_t
        cushions = [e for e in shot.events if e.type == "cushion" and e.ball == CUE_BALL
                    and (t_contact is None or e.t < t_contact)]
        if not cushions:
            return True, False
        crossed = any(e.rail == "foot" or (e.position is not None and not table.behind_head_string(e.position))
                      for e in cushions)
        return False, not crossed

    def _rail_requirement(self, state: GameState, shot: Shot, facts: ShotFacts,
                          frozen_ball: int | None) -> tuple[bool, bool]:
        """(met, uncertain): after contact a ball pocketed or a ball to a rail (S000 §3.2), frozen-ball aware."""
        if facts.pocketed:
            return True, False
        if frozen_ball is None:
            return facts.rail_after_contact, False
        if facts.rails_touched_by.get(CUE_BALL):
            return True, False
        if any(b not in (CUE_BALL, frozen_ball) and rails for b, rails in facts.rails_touched_by.items()):
            return True, False
        own_rails = facts.rails_touched_by.get(frozen_ball, ())
        pos = shot.before.get(frozen_ball)
        if pos is None:
            return False, bool(own_rails)
        own = self._table(state).nearest_rail(pos)
        return any(r != own for r in own_rails), False

    def _shot(self, state: GameState, shot: Shot, facts: ShotFacts, called: CalledShot | None,
              extra_fouls: list[str]) -> Ruling:
        """S000 §3-§8: every shot after the break."""
        frozen_ball, msgs = self._frozen_treatment(state, shot, facts)
        fouls: list[str] = []
        reasons: list[str] = []
        uncertain = False
        if facts.first_contact is None:
            fouls.append("no_contact")
            reasons.append("S000 §3.2")
        else:
            met, uncertain = self._rail_requirement(state, shot, facts, frozen_ball)
            if not met:
                fouls.append("no_rail_after_contact")
                reasons.append("S000 §3.2")
        behind, unsure = self._kitchen_restriction(state, shot, facts)
        if behind:
            fouls.append("ball_behind_head_string")
            reasons.append("RULES.md §1 Kitchen restriction")
        uncertain = uncertain or unsure
        if msgs:  # the near-rail limit decided how the rail requirement was read
            reasons.append(self._variant("near_rail_safety_limit"))
        std = self._std_fouls(facts)
        if std:
            reasons.append("S000 §5-7")
        fouls += std + extra_fouls
        if fouls:
            return self._foul(state, shot, facts, fouls, tuple(reasons), msgs, review=uncertain)
        if called is not None and called.safety:
            msgs.append(("msg.sp.safety", {"player": state.shooter}))
            return self._no_score(state, shot, facts, called, ("S000 §3.4",), msgs, review=uncertain)
        if self._called_ok(state, facts, called):
            return self._score(state, shot, facts, ("S000 §3.1",), msgs, review=uncertain)
        if called is None and facts.pocketed:
            msgs.append(("msg.sp.no_call", {}))
        return self._no_score(state, shot, facts, called, ("S000 §3.1", "S000 §4"), msgs, review=uncertain)

    # -- outcomes --------------------------------------------------------------------------------------------
    def _spotted(self, facts: ShotFacts) -> tuple[int, ...]:
        out = list(facts.pocketed) + [b for b in facts.off_table if b != CUE_BALL and b not in facts.pocketed]
        return tuple(out)

    def _positions(self, state: GameState, shot: Shot, spot: Sequence[int]) -> dict[int, Point] | None:
        if not shot.after:
            return None
        pos = {b: xy for b, xy in shot.after.items() if b == CUE_BALL or b in state.balls}
        foot = self._table(state).foot_spot
        for b in spot:
            pos[b] = foot
        return pos

    def _near_rail_update(self, state: GameState, shot: Shot, facts: ShotFacts,
                          safety_on: int | None) -> dict[str, dict[str, int]]:
        """Count the shooter's innings in a row that end in a safety on a near-rail ball; an inning that ends
        any other way (a miss, a foul, a safety on another ball) breaks the run."""
        p = state.shooter
        out = {k: dict(v) for k, v in state.near_rail_safeties.items() if k != p}
        if safety_on is not None:
            used = state.near_rail_safeties.get(p, {}).get(str(safety_on), 0)
            if used == 0:  # a run that starts after a foul has fewer safeties (S000 §3.2 Uwaga): charge the rest
                used = int(self.options["near_rail_safety_limit"]) - self._near_rail_allowance(state)
            out[p] = {str(safety_on): used + 1}
        return out

    def _near_rail_allowance(self, state: GameState) -> int:
        """Safeties allowed in the run: the limit; 1 after a foul in the previous inning; 0 on two fouls."""
        limit = int(self.options["near_rail_safety_limit"])
        count = state.fouls_in_a_row.get(state.shooter, 0)
        return 0 if count >= 2 else min(1, limit) if count >= 1 else limit

    def _turn(self, state: GameState, *, next_player: str, scores: dict[str, int], fiar: dict[str, int],
              cue: str, balls: Sequence[int], break_next: bool, pending: PendingChoice | None = None,
              winner: str | None = None) -> dict[str, Any]:
        warned = tuple(w for w in state.warned if fiar.get(w, 0) >= 2)
        return {
            "shooter": next_player, "scores": scores, "fouls_in_a_row": fiar, "cue_ball": cue,
            "balls": tuple(sorted(set(balls))), "break_shot": break_next, "pending": pending, "warned": warned,
            "inning": state.inning + (1 if next_player != state.shooter else 0), "match_winner": winner,
            "placement": None,
        }

    def _spot_request(self, state: GameState, cue: str, balls: Sequence[int],
                      positions: Mapping[int, Point] | None, break_next: bool) -> list[int]:
        """S000 §3.6, S003 §7(7): cue ball in the kitchen and every ball behind the head string."""
        if cue != "in_hand_kitchen" or break_next or not balls or positions is None:
            return []
        table = self._table(state)
        if any(b not in positions or not table.behind_head_string(positions[b]) for b in balls):
            return []
        best = max(positions[b][0] for b in balls)
        return sorted(b for b in balls if best - positions[b][0] < 1e-3)

    def _finish_turn(self, state: GameState, changes: dict[str, Any], msgs: list[Msg]) -> None:
        cands = self._spot_request(state, changes["cue_ball"], changes["balls"], changes.get("positions"),
                                   changes["break_shot"])
        changes["extra"] = {**state.extra, **changes.get("extra", {}), "spot_request": cands}
        if cands:
            msgs.append(("msg.sp.spot_request", {"player": changes["shooter"],
                                                 "balls": " / ".join(map(str, cands))}))

    def _no_score(self, state: GameState, shot: Shot, facts: ShotFacts, called: CalledShot | None,
                  reasons: tuple[str, ...], msgs: list[Msg], review: bool = False) -> Ruling:
        """A legal shot that scores nothing: balls pocketed are spotted and the inning ends (S000 §4)."""
        p = state.shooter
        opp = _opponent(state, p)
        fiar = {**state.fouls_in_a_row, p: 0}
        spot = self._spotted(facts)
        safety_on = facts.first_contact if (called is not None and called.safety
                                            and facts.first_contact in shot.near_rail) else None
        if not (called is not None and called.safety):
            msgs.append(("msg.sp.no_score", {"player": p}))
        changes = self._turn(state, next_player=opp, scores=dict(state.scores), fiar=fiar, cue="in_place",
                             balls=state.balls, break_next=False)
        changes["near_rail_safeties"] = self._near_rail_update(state, shot, facts, safety_on)
        changes["positions"] = self._positions(state, shot, spot)
        self._finish_turn(state, changes, msgs)
        return Ruling(shot=shot.shot, shooter=p, legal=True, points={}, scores=dict(state.scores),
                      fouls_in_a_row=fiar, next=opp, cue_ball="in_place", spot=spot,
                      review=facts.low_confidence or review, reasons=reasons, messages=tuple(msgs),
                      pocketed=facts.pocketed, balls_off_table=facts.off_table, extra={"changes": changes})

    def _score(self, state: GameState, shot: Shot, facts: ShotFacts, reasons: tuple[str, ...],
               msgs: list[Msg], review: bool = False) -> Ruling:
        """The called ball in the called pocket: it and every extra ball score 1 and the shooter continues."""
        p = state.shooter
        pts = len(facts.pocketed)
        scores = {**state.scores, p: state.scores[p] + pts}
        fiar = {**state.fouls_in_a_row, p: 0}
        remaining = tuple(b for b in state.balls if b not in facts.pocketed)
        result = None
        winner = None
        rerack: int | None = None
        cue = "in_place"
        balls: Sequence[int] = remaining
        placement: dict[str, Any] | None = None
        positions = self._positions(state, shot, ())
        if scores[p] >= state.target:
            winner = p
            result = {"match_winner": p}
            reasons += ("S000 §1", "S003 §1")
        elif len(remaining) <= 1:
            rerack, cue, placement, positions = self._rerack(state, shot, remaining, msgs)
            balls = ALL_BALLS
            reasons += ("S000 §3.3", "WPA 4.8")
        changes = self._turn(state, next_player=p, scores=scores, fiar=fiar, cue=cue, balls=balls, break_next=False,
                             winner=winner)
        # the inning goes on: a run of near-rail safeties counts innings, so a scoring shot leaves it as it is
        changes["near_rail_safeties"] = {k: dict(v) for k, v in state.near_rail_safeties.items()}
        changes["placement"] = placement
        changes["positions"] = positions
        self._finish_turn(state, changes, msgs)
        return Ruling(shot=shot.shot, shooter=p, legal=True, points={p: pts}, scores=scores, fouls_in_a_row=fiar,
                      next="" if winner else p, cue_ball=cue, rerack=rerack, result=result,
                      review=facts.low_confidence or review, reasons=reasons, messages=tuple(msgs),
                      pocketed=facts.pocketed, balls_off_table=facts.off_table, extra={"changes": changes})

    def _rerack(self, state: GameState, shot: Shot, remaining: Sequence[int],
                msgs: list[Msg]) -> tuple[int, str, dict[str, Any], dict[int, Point] | None]:
        """S000 §3.3 and the WPA 4.8 break-ball / cue-ball table (RULES.md §1 Re-rack)."""
        table = self._table(state)
        cb = shot.after.get(CUE_BALL)
        bb = remaining[0] if remaining else None
        bb_pos = shot.after.get(bb) if bb is not None else None

        def where_cb() -> str:
            if cb is None:
                return "unknown"
            if table.in_rack(cb):
                return "in_rack"
            return "head_spot" if table.on_spot(cb, table.head_spot) else "elsewhere"

        cbw = where_cb()
        if bb is None:
            bbw = "pocketed"
        elif bb_pos is None:
            bbw = "unknown"
        elif table.in_rack(bb_pos):
            bbw = "in_rack"
        elif table.on_spot(bb_pos, table.head_spot):
            bbw = "head_spot"
        elif table.behind_head_string(bb_pos):
            bbw = "behind_head_string"
        else:
            bbw = "elsewhere"
        count = 14
        cue = "in_place"
        bb_to: str | None = None
        cb_to: str | None = None
        if bbw == "pocketed":
            count = 15
            if cbw == "in_rack":
                cue = "in_hand_kitchen"
        elif bbw == "in_rack":
            if cbw == "in_rack":
                count, cue = 15, "in_hand_kitchen"
            elif cbw == "head_spot":
                bb_to = "centre"
            else:
                bb_to = "head"
        elif cbw == "in_rack":
            if bbw == "behind_head_string":
                cb_to = "head"
            elif bbw == "head_spot":
                cb_to = "centre"
            else:
                cue = "in_hand_kitchen"
        positions: dict[int, Point] = {}
        if cb is not None and cue == "in_place":
            positions[CUE_BALL] = cb
        if bb is not None and bb_pos is not None and count == 14:
            positions[bb] = bb_pos
        spots = {"head": table.head_spot, "centre": table.centre_spot}
        if bb_to is not None and bb is not None:
            positions[bb] = spots[bb_to]
            msgs.append((f"msg.sp.bb_to_{bb_to}", {"ball": bb}))
        if cb_to is not None:
            positions[CUE_BALL] = spots[cb_to]
            msgs.append((f"msg.sp.cb_to_{cb_to}", {}))
        placement = {"break_ball": bb if count == 14 else None, "break_ball_was": bbw, "cue_ball_was": cbw,
                     "break_ball_to": bb_to, "cue_ball_to": cb_to if cb_to else
                     ("kitchen" if cue == "in_hand_kitchen" else None), "racked": count}
        return count, cue, placement, positions or None

    def _foul(self, state: GameState, shot: Shot, facts: ShotFacts, fouls: list[str], reasons: tuple[str, ...],
              msgs: list[Msg], review: bool = False) -> Ruling:
        """A standard foul: -1 from the pre-shot score, balls spotted, three-foul count (S000 §5-§8)."""
        o = self.options
        p = state.shooter
        opp = _opponent(state, p)
        penalty = 1
        count = state.fouls_in_a_row.get(p, 0) + 1
        spot = self._spotted(facts)
        cue = "in_hand_kitchen" if (facts.scratch or facts.cue_off_table) else "in_place"
        if count >= 3 and o["require_two_foul_warning"] and p not in state.warned:
            count = 2
            msgs.append(("msg.sp.unwarned", {}))
            msgs.append(("msg.sp.variant", {"name": "require_two_foul_warning", "value": "true"}))
            reasons += (self._variant("require_two_foul_warning"),)
        if count >= 3:
            return self._three_fouls(state, shot, facts, fouls, penalty, reasons, msgs, review)
        scores = {**state.scores, p: state.scores[p] - penalty}
        fiar = {**state.fouls_in_a_row, p: count}
        msgs.append((f"msg.sp.on_fouls_{count}", {"player": p}))
        changes = self._turn(state, next_player=opp, scores=scores, fiar=fiar, cue=cue, balls=state.balls,
                             break_next=False)
        changes["near_rail_safeties"] = self._near_rail_update(state, shot, facts, None)
        changes["positions"] = self._positions(state, shot, spot)
        self._finish_turn(state, changes, msgs)
        return Ruling(shot=shot.shot, shooter=p, legal=False, fouls=tuple(fouls), points={p: -penalty},
                      scores=scores, fouls_in_a_row=fiar, next=opp, cue_ball=cue, spot=spot,
                      review=facts.low_confidence or review, reasons=reasons + ("S000 §7", "S000 §13"),
                      messages=tuple(msgs), pocketed=facts.pocketed, balls_off_table=facts.off_table,
                      extra={"changes": changes})

    def _three_fouls(self, state: GameState, shot: Shot, facts: ShotFacts, fouls: list[str], penalty: int,
                     reasons: tuple[str, ...], msgs: list[Msg], review: bool) -> Ruling:
        """S000 §8, WPA 4.11: -1 -15, count cleared, 15 re-racked and the offender breaks (or the option)."""
        o = self.options
        p = state.shooter
        penalty += int(o["three_foul_extra_penalty"])
        scores = {**state.scores, p: state.scores[p] - penalty}
        fiar = {**state.fouls_in_a_row, p: 0}
        fouls = [*fouls, "three_fouls"]
        reasons += ("S000 §8", "WPA 4.11", self._variant("three_foul_incoming_choice"))
        if o["three_foul_incoming_choice"]:
            msgs.append(("msg.sp.variant", {"name": "three_foul_incoming_choice", "value": "true"}))
            return self._opponent_chooses(state, shot, facts, fouls=fouls, penalty=penalty, count=0, cue="in_hand_kitchen", break_next=False, reason="three_fouls",
                                          reasons=reasons, msgs=msgs, review=review)
        msgs.append(("msg.sp.three_fouls_rerack", {"player": p}))
        changes = self._turn(state, next_player=p, scores=scores, fiar=fiar, cue="in_hand_kitchen",
                             balls=ALL_BALLS, break_next=True)
        changes.update(breaker=p, rack=state.rack + 1, positions=None, near_rail_safeties={},
                       extra={**state.extra, "spot_request": []})
        return Ruling(shot=shot.shot, shooter=p, legal=False, fouls=tuple(fouls), points={p: -penalty},
                      scores=scores, fouls_in_a_row=fiar, next=p, cue_ball="in_hand_kitchen", rerack=15,
                      review=facts.low_confidence or review, reasons=reasons, messages=tuple(msgs),
                      pocketed=facts.pocketed, balls_off_table=facts.off_table, extra={"changes": changes})

    def _intentional(self, state: GameState, shot: Shot, facts: ShotFacts, call: str,
                     extra_fouls: list[str]) -> Ruling:
        """S000 §3.5, S003 §7(5): -16 and the opponent's choice (kitchen and the table, or re-rack, offender breaks)."""
        o = self.options
        p = state.shooter
        penalty = int(o["intentional_foul_penalty"])
        fouls = [call, *extra_fouls]
        reasons: tuple[str, ...] = ("S000 §3.5", "S003 §7(5)", self._variant("intentional_foul_penalty"),
                                    self._variant("intentional_foul_counts_toward_three"))
        count = state.fouls_in_a_row.get(p, 0)
        msgs: list[Msg] = []
        if o["intentional_foul_counts_toward_three"]:
            count += 1
            if count >= 3 and o["require_two_foul_warning"] and p not in state.warned:
                count = 2
                msgs.append(("msg.sp.unwarned", {}))
            if count >= 3:  # an intentional foul that is also the third foul: not a breaking foul
                return self._three_fouls(state, shot, facts, fouls, penalty, reasons, msgs, False)
        return self._opponent_chooses(state, shot, facts, fouls=fouls, penalty=penalty, count=count,
                                      cue="in_hand_kitchen", break_next=False, reason="intentional_foul",
                                      reasons=reasons, msgs=msgs)

    # -- state -----------------------------------------------------------------------------------------------
    def apply(self, state: GameState, ruling: Ruling) -> GameState:
        """Lay the ruling's decided changes over the state (judge and choose decide them)."""
        changes = dict(ruling.extra.get("changes", {}))
        if ruling.decision is None or ruling.decision not in ("accept", "rebreak", "spot_ball"):
            changes.setdefault("shot_number", ruling.shot)
        return state.with_(**changes)

    def choose(self, state: GameState, choice: Choice) -> Ruling:
        """The incoming player's decision after a breaking foul, an intentional foul or (option) three fouls;
        or the shooter's spot request (S000 §3.6)."""
        if choice.choice == "spot_ball":
            return self._spot_ball(state, choice)
        pending = state.pending
        if pending is None:
            raise RecordError("no choice is open", field="choice")
        offender = str(state.extra.get("offender", state.opponent(pending.player)))
        reasons = {"breaking_foul": ("S000 §2",), "intentional_foul": ("S000 §3.5",),
                   "three_fouls": ("S003 三次連續犯規 (a)/(b)",)}.get(pending.reason, ())
        msgs: list[Msg] = []
        if choice.choice == "accept":
            cue = str(state.extra.get("accept_cue", "in_place"))
            changes: dict[str, Any] = {"shooter": pending.player, "pending": None, "break_shot": False,
                                       "cue_ball": cue}
            nxt, rerack = pending.player, None
            cands = self._spot_request(state, cue, state.balls, state.positions, False)
            if cands:
                msgs.append(("msg.sp.spot_request", {"player": nxt, "balls": " / ".join(map(str, cands)),
                                                     }))
            changes["extra"] = {**state.extra, "spot_request": cands}
        elif choice.choice == "rebreak":
            cue = "in_hand_kitchen"
            changes = {"shooter": offender, "pending": None, "break_shot": True, "cue_ball": cue,
                       "balls": ALL_BALLS, "breaker": offender, "rack": state.rack + 1, "positions": None,
                       "near_rail_safeties": {}, "inning": state.inning + 1,
                       "extra": {**state.extra, "spot_request": []}}
            nxt, rerack = offender, 15
            msgs.append(("msg.sp.three_fouls_rerack", {"player": offender}))
        else:
            raise RecordError(f"{choice.choice!r} is not a 14.1 choice here", field="choice")
        return Ruling(shot=state.shot_number, shooter=offender, legal=False, scores=dict(state.scores),
                      fouls_in_a_row=dict(state.fouls_in_a_row), next=nxt, cue_ball=cue, rerack=rerack,
                      decision=choice.choice, reasons=reasons, messages=tuple(msgs), extra={"changes": changes})

    def _spot_ball(self, state: GameState, choice: Choice) -> Ruling:
        if state.pending is not None or choice.player != state.shooter:
            raise RecordError(f"only the incoming player ({state.shooter}) may ask for a spot, and only "
                              "when no other choice is open", field="player")
        cands = list(state.extra.get("spot_request") or [])
        if not cands:
            raise RecordError("a spot request needs the cue ball in the kitchen and every ball behind the "
                              "head string", field="choice")
        if choice.ball is None and len(cands) == 1:
            choice = Choice(player=choice.player, choice="spot_ball", ball=cands[0])
        if choice.ball not in cands:
            raise RecordError(f"ball {choice.ball} is not the ball nearest the head string "
                              f"({' / '.join(map(str, cands))})", field="ball")
        ball = int(choice.ball or 0)
        positions = dict(state.positions or {})
        positions[ball] = self._table(state).foot_spot
        changes = {"positions": positions, "extra": {**state.extra, "spot_request": []}}
        return Ruling(shot=state.shot_number, shooter=state.opponent(), legal=True, scores=dict(state.scores),
                      fouls_in_a_row=dict(state.fouls_in_a_row), next=state.shooter, cue_ball=state.cue_ball,
                      spot=(ball,), decision="spot_ball", reasons=("S000 §3.6", "S003 §7(7)"),
                      extra={"changes": changes})

