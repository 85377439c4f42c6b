"""9-ball (RULES.md §3; S003 9-ball; WPA 9-ball 2.x and 6.14 where the seed is silent).

Lowest ball first; any ball pocketed on a legal shot counts; the 9 pocketed on a legal shot (the break included)
wins the rack; the 9 pocketed on a foul is spotted. The break, the push-out, ball in hand and the three-foul loss
with its warning live in ``rack_games.RotationGame``.
"""

from __future__ import annotations

from adjudicator.rulesets.rack_games import Draft, RotationGame, rotation_options
from adjudicator.state import Ruling


class NineBall(RotationGame):
    """9-ball as pure reducers over the shared rotation-game machinery."""

    game = "nine-ball"
    RACK = tuple(range(1, 10))
    GAME_BALL = 9
    OPTIONS = rotation_options("winner", "S003 9-ball 後面局數的開球權 (winner breaks; alternate or loser "
                                         "may be set by the organisers)")

    def _game_ball_on_break(self, d: Draft) -> bool:
        d.cite("S003 9-ball 繼續出桿; RULES.md §5 #12")
        return True

    def _open_shot(self, d: Draft, counts: dict[str, int]) -> Ruling:
        facts = d.facts
        d.cite("S003 9-ball 比賽之宗旨")
        if self.GAME_BALL in facts.pocketed:
            d.cite("S003 9-ball 比賽結束（單局）")
            return self._rack_over(d, d.shooter, legal=True)
        nxt = d.shooter if facts.pocketed else d.opponent
        return self._ruling(d, legal=True, next_player=nxt, cue_ball="in_place", counts=counts)
