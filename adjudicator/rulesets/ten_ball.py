"""10-ball (RULES.md §4; WPA 10-ball, no seed): 9-ball with ten balls, every shot but the break called.

The 10 on the break is spotted; a called 10 legally pocketed while other balls remain is spotted and the shooter
continues; it wins only as the last ball. A ball that drops when the call is missed is no foul: the turn ends
and the incoming player chooses to shoot or to pass the shot back. A called safety ends the turn with no choice.
"""

from __future__ import annotations

from adjudicator.i18n import register
from adjudicator.ruleset import OptionSpec
from adjudicator.rulesets.rack_games import Draft, RotationGame, rotation_options
from adjudicator.state import PendingChoice, Ruling

TEN = 10


class TenBall(RotationGame):
    """10-ball as pure reducers over the shared rotation-game machinery."""

    game = "ten-ball"
    RACK = tuple(range(1, 11))
    GAME_BALL = TEN
    OPTIONS = (
        *rotation_options("alternate", "WPA 10-ball 1 (standard format: alternate break); no seed"),
        OptionSpec("no_call_counts_as_called", False,
                   "a shot with no call record counts the first ball pocketed as called (off: nothing was "
                   "called, so any ball that drops is wrongly pocketed)", "RULES.md §4; WPA 10-ball 5 (every "
                   "shot is called)"),
    )

    def _game_ball_on_break(self, d: Draft) -> bool:
        d.cite("RULES.md §4; RULES.md §5 #12")
        d.say("msg.ten_spotted_break")
        return False

    def _open_shot(self, d: Draft, counts: dict[str, int]) -> Ruling:
        facts, called = d.facts, d.called
        d.cite("RULES.md §4 call shot")
        if called is not None and called.safety:
            if TEN in facts.pocketed:
                d.spot_ball(TEN)
            if facts.pocketed:
                d.say("msg.safety_balls_stay")
            d.cite("WPA 10-ball 6 safety")
            return self._ruling(d, legal=True, next_player=d.opponent, cue_ball="in_place", counts=counts)
        ball: int | None = None
        pocket: str | None = None
        if called is not None and called.ball is not None:
            ball, pocket = called.ball, called.pocket
        elif facts.pocketed and self.options["no_call_counts_as_called"]:
            ball = facts.pocketed[0]
            pocket = facts.pocket_of[ball]
            d.variant("no_call_counts_as_called", True)
        made = ball is not None and ball in facts.pocket_of and facts.pocket_of[ball] == pocket
        if made and ball == TEN and d.state.balls == (TEN,):
            d.cite("RULES.md §4")
            return self._rack_over(d, d.shooter, legal=True)
        if made:
            if TEN in facts.pocketed:
                d.spot_ball(TEN)
                d.say("msg.ten_early_called" if ball == TEN else "msg.ten_spotted")
            return self._ruling(d, legal=True, next_player=d.shooter, cue_ball="in_place", counts=counts)
        if not facts.pocketed:
            return self._ruling(d, legal=True, next_player=d.opponent, cue_ball="in_place", counts=counts)
        if TEN in facts.pocketed:
            d.spot_ball(TEN)
            d.say("msg.ten_spotted")
        if called is None or called.ball is None:
            d.say("msg.no_call")
            if called is None:
                d.variant("no_call_counts_as_called", False)
        d.say("msg.wrongly_pocketed", player=d.shooter)
        d.cite("RULES.md §4; WPA 10-ball 7 wrongfully pocketed balls")
        return self._ruling(d, legal=True, next_player=d.opponent, cue_ball="in_place", counts=counts,
                            options=PendingChoice(d.opponent, ("shoot", "pass_back"), "wrongly_pocketed"))


register({
    "msg.ten_spotted_break": {"en": "The 10 dropped on the break and is spotted.",
                              "pl": "Dziesiątka wpadła przy rozbiciu i zostaje ustawiona ponownie.",
                              "zh": "开球时10号球落袋，放回置球点。"},
    "msg.ten_early_called": {"en": "The called 10 dropped before it was the last ball: it is spotted and the "
                                   "shooter continues.",
                             "pl": "Zapowiedziana dziesiątka wpadła, zanim została ostatnią bilą: zostaje "
                                   "ustawiona ponownie, a zawodnik gra dalej.",
                             "zh": "指定的10号球在不是最后一颗球时落袋：放回置球点，击球者继续击球。"},
    "msg.ten_spotted": {"en": "The 10 was not legally pocketed as called and is spotted.",
                        "pl": "Dziesiątka nie wpadła prawidłowo zgodnie z zapowiedzią i zostaje ustawiona ponownie.",
                        "zh": "10号球未按指定合法落袋，放回置球点。"},
    "msg.no_call": {"en": "No call was recorded for this shot.", "pl": "Dla tego uderzenia nie zapisano zapowiedzi.",
                    "zh": "这一杆没有记录指定球。"},
    "msg.wrongly_pocketed": {
        "en": "No foul: {player} did not pocket the called ball as called, so the turn ends; the balls stay "
              "down.",
        "pl": "Bez faulu: {player} nie wbił zapowiedzianej bili zgodnie z zapowiedzią, więc kolejka się "
              "kończy; bile zostają w łuzach.",
        "zh": "不算犯规：{player}未按指定打进指定球，击球权结束；进袋的球不取出。"},
})
