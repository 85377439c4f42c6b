"""8-ball (RULES.md §2; S003 8-ball, old-BCA text; WPA 8-ball 3.x for what the seed leaves open).

The break needs no call; the table stays open after it; a group is assigned by the first called ball legally
pocketed after the break; a foul gives ball in hand anywhere; there is no three-foul loss; and the rack is lost
in every way S003's 輸局規則 lists. Without a call record, ``no_call_counts_as_called`` treats the first ball of a
legal target pocketed as the called one (S003 指定擊球: obvious shots need no call).
"""

from __future__ import annotations

from adjudicator.i18n import register
from adjudicator.ruleset import OptionSpec
from adjudicator.rulesets.rack_games import (
    Draft,
    RackGame,
    break_requirement_met,
    contact_and_rail,
    cue_ball_fouls,
    kitchen_restriction,
    next_break_option,
    objects_off_table,
    split_hit_option,
    split_saved,
)
from adjudicator.state import PendingChoice, Ruling

EIGHT = 8
GROUPS: dict[str, frozenset[int]] = {"solids": frozenset(range(1, 8)), "stripes": frozenset(range(9, 16))}


def group_of(ball: int) -> str | None:
    for name, balls in GROUPS.items():
        if ball in balls:
            return name
    return None


def other_group(group: str) -> str:
    return "stripes" if group == "solids" else "solids"


class EightBall(RackGame):
    """8-ball as pure reducers over the shared rack-game machinery."""

    game = "eight-ball"
    RACK = tuple(range(1, 16))
    THREE_FOUL_LOSS = False  # S003 陷入膠著狀態之球局: 選手連續三次犯規不算輸局; WPA 6.14
    OPTIONS = (
        OptionSpec("eight_break_scratch_bih", "kitchen",
                   "after a scratch on the break the opponent has the cue ball in the kitchen, or anywhere",
                   "RULES.md §5 #6; S003 開球後母球落入球袋", ("kitchen", "anywhere")),
        OptionSpec("eight_off_table_on_break_loses", False,
                   "the 8 driven off the table on the break loses the rack (otherwise: spot the 8 or re-rack)",
                   "RULES.md §5 #7; WPA 8-ball 3.6 (default); S003 輸局規則 (3)"),
        OptionSpec("eight_illegal_break_choices", "accept,rebreak,break_self",
                   "what the incoming player may choose after an illegal break",
                   "RULES.md §5 #8; S003 合法開球（定義）; WPA 8-ball 3.3",
                   ("accept,rebreak,break_self", "accept,rebreak", "accept,break_self")),
        OptionSpec("eight_break_assigns_group", False,
                   "balls of only one group pocketed on a legal break give the breaker that group",
                   "RULES.md §5 #14; S003 選擇花色 (never from the break)"),
        OptionSpec("eight_foul_rerack_breaker", "breaker",
                   "who breaks when the 8 dropped on a foul break and the opponent chose a re-rack",
                   "project choice: S003 開球使８號球入袋 and WPA 3.6 leave it open", ("breaker", "chooser")),
        OptionSpec("no_call_counts_as_called", True,
                   "a shot with no call record counts the first legal ball pocketed (and the 8 in any pocket) as "
                   "called", "S003 指定擊球 (obvious shots need no call)"),
        next_break_option("alternate", "S003 8-ball 比球勝者可選擇開球 (players alternate breaks)"),
        split_hit_option(),
    )

    def _judge(self, d: Draft) -> Ruling:
        return self._judge_break(d) if d.state.break_shot else self._judge_play(d)

    # -- the break -------------------------------------------------------------------------------------------
    def _kitchen_or_anywhere(self) -> str:
        return "in_hand_kitchen" if self.options["eight_break_scratch_bih"] == "kitchen" else "in_hand"

    def _judge_break(self, d: Draft) -> Ruling:
        facts = d.facts
        d.cite("RULES.md §2 break")
        for code in cue_ball_fouls(facts):
            d.foul(code, "S003 8-ball 開球後母球落入球袋")
        off = objects_off_table(facts)
        if off:
            d.foul("ball_off_table", "S003 8-ball 子球於開球時跳離檯面")
        eight_off = EIGHT in off
        eight_in = EIGHT in facts.pocketed
        cue_foul = facts.scratch or facts.cue_off_table
        if eight_off and self.options["eight_off_table_on_break_loses"]:
            d.foul("eight_off_table", "S003 8-ball 輸局規則 (3); RULES.md §5 #7")
            d.variant("eight_off_table_on_break_loses", True)
            return self._rack_over(d, d.opponent, legal=False)
        if not break_requirement_met(facts):
            d.foul("illegal_break", "S003 8-ball 合法開球（定義）; RULES.md §5 #8")
            if eight_off:
                d.spot_ball(EIGHT)
            counts, _ = self._counts_after_foul(d)
            choices = tuple(str(self.options["eight_illegal_break_choices"]).split(","))
            d.variant("eight_illegal_break_choices", "/".join(choices))
            accept_cue = self._kitchen_or_anywhere() if cue_foul else "in_place"
            return self._ruling(d, legal=False, next_player=d.opponent, cue_ball=accept_cue, counts=counts,
                                options=PendingChoice(d.opponent, choices, "illegal_break"),
                                pending={"accept_cue_ball": accept_cue, "rerack_breaker": d.shooter})
        if eight_in or eight_off:
            d.cite("S003 8-ball 開球使８號球入袋; WPA 8-ball 3.6")
            if eight_off:
                d.variant("eight_off_table_on_break_loses", False)
            if not d.fouls:
                d.say("msg.eight_on_break", player=d.shooter)
                return self._ruling(d, legal=True, next_player=d.shooter, cue_ball="in_place",
                                    counts=self._counts_after_legal(d),
                                    options=PendingChoice(d.shooter, ("spot_eight", "rerack"), "eight_on_break"),
                                    pending={"spot_cue_ball": "in_place", "rerack_breaker": d.shooter})
            counts, _ = self._counts_after_foul(d)
            d.say("msg.eight_on_break", player=d.opponent)
            rerack_by = d.shooter if self.options["eight_foul_rerack_breaker"] == "breaker" else d.opponent
            cue = self._kitchen_or_anywhere()
            return self._ruling(d, legal=False, next_player=d.opponent, cue_ball=cue, counts=counts,
                                options=PendingChoice(d.opponent, ("spot_eight", "rerack"), "eight_on_break_foul"),
                                pending={"spot_cue_ball": cue, "rerack_breaker": rerack_by})
        if d.fouls:
            counts, _ = self._counts_after_foul(d)
            if cue_foul:
                d.cite("RULES.md §5 #6")
                d.variant("eight_break_scratch_bih", self.options["eight_break_scratch_bih"])
                if self.options["eight_break_scratch_bih"] == "kitchen":
                    d.say("msg.head_string_restriction", player=d.opponent)
                d.say("msg.table_open")
                return self._ruling(d, legal=False, next_player=d.opponent, cue_ball=self._kitchen_or_anywhere(),
                                    counts=counts)
            if off:
                return self._ruling(d, legal=False, next_player=d.opponent, cue_ball="in_place", counts=counts,
                                    options=PendingChoice(d.opponent, ("accept", "kitchen"), "break_off_table"),
                                    pending={"accept_cue_ball": "in_place"})
            d.cite("S003 8-ball 判例 (4)")
            return self._ruling(d, legal=False, next_player=d.opponent, cue_ball="in_hand", counts=counts)
        groups = None
        if self.options["eight_break_assigns_group"]:
            dropped = {group_of(b) for b in facts.pocketed} - {None}
            if len(dropped) == 1:
                g = str(dropped.pop())
                groups = {d.shooter: g, d.opponent: other_group(g)}
                d.say(f"msg.group_{g}", player=d.shooter)
                d.variant("eight_break_assigns_group", True)
        if groups is None:
            d.say("msg.table_open")
        nxt = d.shooter if facts.pocketed else d.opponent
        return self._ruling(d, legal=True, next_player=nxt, cue_ball="in_place", counts=self._counts_after_legal(d),
                            groups=groups)

    # -- play after the break --------------------------------------------------------------------------------
    def _judge_play(self, d: Draft) -> Ruling:
        state, facts, called = d.state, d.facts, d.called
        own_group = state.groups.get(d.shooter) if state.groups else None
        on_table = set(state.balls)
        own = set(GROUPS[own_group]) & on_table if own_group else set()
        on_eight = own_group is not None and not own
        if own_group is None:
            legal_first = sorted(on_table - {EIGHT})
            first_reason = "S003 8-ball 開放球局"
        else:
            legal_first = [EIGHT] if on_eight else sorted(own)
            first_reason = "S003 8-ball 擊打８號球" if on_eight else "S003 8-ball 合法球（定義）"
        for code in cue_ball_fouls(facts):
            d.foul(code, "RULES.md §2 fouls")
        off = objects_off_table(facts)
        if off:
            d.foul("ball_off_table", "S003 8-ball 子球跳離檯面")
        behind, unsure = kitchen_restriction(state, d.shot_record, facts)
        if behind:
            d.foul("ball_behind_head_string", "S003 8-ball 開球後母球落入球袋 3; RULES.md §2 break")
        elif unsure:
            d.review = True
            d.say("msg.kitchen_unsure")
        split_saved(d, legal_first)
        miss = contact_and_rail(facts, legal_first)
        if miss:
            d.foul(miss, first_reason if miss == "wrong_ball_first" else "S003 8-ball 合法球（定義）")
        if EIGHT in off:
            d.foul("eight_off_table", "S003 8-ball 輸局規則 (3)")
            return self._rack_over(d, d.opponent, legal=False)
        if EIGHT in facts.pocketed:
            loss = self._eight_loss(d, own, on_eight)
            if loss is not None:
                d.foul(*loss)
                return self._rack_over(d, d.opponent, legal=False)
            d.cite("S003 8-ball 得分; RULES.md §2 loss of game")
            return self._rack_over(d, d.shooter, legal=True)
        if d.fouls:
            counts, _ = self._counts_after_foul(d)
            d.cite("S003 8-ball 犯規之處罰")
            if on_eight:
                d.say("msg.eight_foul_no_loss")
                d.cite("S003 8-ball 擊打８號球")
            return self._ruling(d, legal=False, next_player=d.opponent, cue_ball="in_hand", counts=counts)
        counts = self._counts_after_legal(d)
        if called is not None and called.safety:
            d.cite("S003 8-ball 安全球")
            if facts.pocketed:
                d.say("msg.safety_balls_stay")
            return self._ruling(d, legal=True, next_player=d.opponent, cue_ball="in_place", counts=counts)
        targets = own if own_group else on_table - {EIGHT}
        scored = self._scored_ball(d, targets)
        if scored is not None:
            groups = state.groups
            if own_group is None:
                g = str(group_of(scored))
                groups = {d.shooter: g, d.opponent: other_group(g)}
                d.say(f"msg.group_{g}", player=d.shooter)
                d.cite("S003 8-ball 選擇花色")
            return self._ruling(d, legal=True, next_player=d.shooter, cue_ball="in_place", counts=counts,
                                groups=groups)
        if facts.pocketed:
            d.say("msg.not_as_called", player=d.shooter)
            d.cite("S003 8-ball 判例 (2)(3)")
        return self._ruling(d, legal=True, next_player=d.opponent, cue_ball="in_place", counts=counts)

    def _scored_ball(self, d: Draft, targets: set[int]) -> int | None:
        """The called ball, legally pocketed in the called pocket; without a call record, the first legal
        target pocketed (``no_call_counts_as_called``)."""
        called, facts = d.called, d.facts
        if called is not None and called.ball is not None:
            b = called.ball
            if b in targets and b in facts.pocket_of and facts.pocket_of[b] == called.pocket:
                return b
            return None
        if self.options["no_call_counts_as_called"]:
            for b in facts.pocketed:
                if b in targets:
                    if called is None:
                        d.variant("no_call_counts_as_called", True)
                    return b
        return None

    def _eight_loss(self, d: Draft, own: set[int], on_eight: bool) -> tuple[str, str] | None:
        """Why pocketing the 8 loses the rack (S003 輸局規則), or None when it wins."""
        called, facts = d.called, d.facts
        if d.fouls:
            return "eight_on_foul", "S003 8-ball 輸局規則 (1)"
        if not on_eight:
            if own and own <= set(facts.pocketed):
                return "eight_with_last_ball", "S003 8-ball 輸局規則 (2)"
            return "eight_early", "S003 8-ball 輸局規則 (5)(6)"
        if called is not None and called.safety:
            return "eight_on_safety", "S003 8-ball 判例 (6)(7)"
        if called is not None and called.ball is not None:
            if called.ball != EIGHT or called.pocket != facts.pocket_of.get(EIGHT):
                return "eight_wrong_pocket", "S003 8-ball 輸局規則 (4)"
            return None
        if not self.options["no_call_counts_as_called"]:
            d.variant("no_call_counts_as_called", False)
            return "eight_wrong_pocket", "S003 8-ball 輸局規則 (4)"
        return None


register({
    "foul.eight_on_foul": {"en": "the 8 pocketed on a foul (loses the rack)",
                           "pl": "ósemka wbita przy faulu (przegrana partia)", "zh": "犯规时打进8号球（输掉该局）"},
    "foul.eight_with_last_ball": {"en": "the 8 pocketed with the last ball of the group (loses the rack)",
                                  "pl": "ósemka wbita razem z ostatnią bilą grupy (przegrana partia)",
                                  "zh": "8号球与本方最后一颗球同时落袋（输掉该局）"},
    "foul.eight_off_table": {"en": "the 8 off the table (loses the rack)",
                             "pl": "ósemka wybita poza stół (przegrana partia)", "zh": "8号球跳离台面（输掉该局）"},
    "foul.eight_wrong_pocket": {"en": "the 8 pocketed in an uncalled pocket (loses the rack)",
                                "pl": "ósemka wbita do niezapowiedzianej łuzy (przegrana partia)",
                                "zh": "8号球落入非指定袋（输掉该局）"},
    "foul.eight_early": {"en": "the 8 pocketed before the group was cleared (loses the rack)",
                         "pl": "ósemka wbita przed wbiciem wszystkich bil grupy (przegrana partia)",
                         "zh": "本方花色球未清完时打进8号球（输掉该局）"},
    "foul.eight_on_safety": {"en": "the 8 pocketed on a called safety (loses the rack)",
                             "pl": "ósemka wbita przy zapowiedzianym odstawnym (przegrana partia)",
                             "zh": "宣告安全球时打进8号球（输掉该局）"},
    "msg.eight_on_break": {"en": "The 8 dropped on the break: {player} chooses to spot it or re-rack.",
                           "pl": "Ósemka wpadła przy rozbiciu: {player} wybiera jej ustawienie lub ponowne ustawienie bil.",
                           "zh": "开球时8号球落袋：由{player}选择将其放回置球点或重新摆球。"},
    "msg.head_string_restriction": {
        "en": "{player} may not play a ball behind the head string unless the cue ball first crosses it.",
        "pl": "{player} nie może zagrać bili leżącej w polu bazy, chyba że biała najpierw przekroczy linię bazy.",
        "zh": "{player}不得直接击打发球线后的子球，除非母球先越过发球线。"},
    "foul.ball_behind_head_string": {
        "en": "with the cue ball in the kitchen, a ball behind the head string was hit first",
        "pl": "przy bili z ręki z pola bazy jako pierwsza trafiona bila leżąca w polu bazy",
        "zh": "发球线后自由球时，母球未越过发球线就先击中发球线后的子球"},
    "msg.kitchen_unsure": {
        "en": "Check whether the cue ball crossed the head string before hitting a ball behind it.",
        "pl": "Sprawdź, czy biała przekroczyła linię bazy przed trafieniem bili leżącej w polu bazy.",
        "zh": "请确认母球在击中发球线后的子球之前是否越过了发球线。"},
    "msg.table_open": {"en": "The table is open.", "pl": "Stół jest otwarty.", "zh": "球局开放。"},
    "msg.group_solids": {"en": "{player} plays the solids (1-7).", "pl": "{player} gra bilami pełnymi (1-7).",
                         "zh": "{player}打小花（1-7号球）。"},
    "msg.group_stripes": {"en": "{player} plays the stripes (9-15).", "pl": "{player} gra bilami połówkowymi (9-15).",
                          "zh": "{player}打大花（9-15号球）。"},
    "msg.not_as_called": {"en": "No foul: the ball did not drop as called, so {player}'s turn ends and the balls "
                                "stay down.",
                          "pl": "Bez faulu: bila nie wpadła zgodnie z zapowiedzią, więc kolejka zawodnika {player} "
                                "się kończy, a bile zostają w łuzach.",
                          "zh": "不算犯规：未按指定进球，{player}的击球权结束，进袋的球不取出。"},
    "msg.eight_foul_no_loss": {"en": "A foul on the 8 that does not pocket it is only a foul.",
                               "pl": "Faul przy grze na ósemkę, która nie wpadła, jest zwykłym faulem.",
                               "zh": "打8号球时犯规但8号球未落袋，仅算普通犯规。"},
})
