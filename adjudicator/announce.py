"""One announcement per ruling, composed from its fields in English, Polish or Chinese.

Rulesets never build sentences: they fill the ruling's fields (fouls, points, spot, options ...) and, for lines
only their game has, ``messages`` = ((i18n key, kwargs), ...). This module registers the keys every game shares.
"""

from __future__ import annotations

from adjudicator.i18n import LANGUAGES, register, tr
from adjudicator.records import REFEREE_CALLS
from adjudicator.state import Ruling

COMMON: dict[str, dict[str, str]] = {
    # fouls shared by every game (snake_case codes, listed in docs/SCHEMA.md)
    "foul.scratch": {"en": "scratch", "pl": "biała w łuzie", "zh": "母球落袋"},
    "foul.no_contact": {"en": "the cue ball hit no object ball", "pl": "biała nie trafiła żadnej bili",
                        "zh": "母球未碰到任何子球"},
    "foul.no_rail_after_contact": {"en": "no ball reached a rail after contact",
                                   "pl": "po kontakcie żadna bila nie dotknęła bandy", "zh": "碰球后没有球碰到库边"},
    "foul.wrong_ball_first": {"en": "wrong ball hit first", "pl": "jako pierwsza trafiona niewłaściwa bila",
                              "zh": "先碰到的不是合法目标球"},
    "foul.ball_off_table": {"en": "object ball off the table", "pl": "bila wybita poza stół",
                            "zh": "子球跳离台面"},
    "foul.cue_ball_off_table": {"en": "cue ball off the table", "pl": "biała wybita poza stół",
                                "zh": "母球跳离台面"},
    "foul.breaking_foul": {"en": "breaking foul", "pl": "naruszenie wymogów rozbicia", "zh": "开球犯规"},
    "foul.three_fouls": {"en": "three consecutive fouls", "pl": "trzy kolejne faule", "zh": "连续三次犯规"},
    "foul.intentional_foul": {"en": "intentional foul", "pl": "faul umyślny", "zh": "蓄意犯规"},
    "foul.touched_ball": {"en": "ball touched", "pl": "dotknięcie bili", "zh": "触碰了球"},
    "foul.unsportsmanlike": {"en": "unsportsmanlike conduct", "pl": "niesportowe zachowanie",
                             "zh": "违反体育道德的行为"},
    "foul.ball_behind_head_string": {
        "en": "with the cue ball in the kitchen, a ball behind the head string was hit first",
        "pl": "przy bili z ręki z pola bazy jako pierwsza trafiona bila leżąca w polu bazy",
        "zh": "发球线后自由球时，母球未越过发球线就先击中发球线后的子球"},
    "foul.referee_foul": {"en": "foul called by the referee", "pl": "faul odgwizdany przez sędziego",
                          "zh": "裁判判罚犯规"},
    # choices (records.CHOICES)
    "choice.accept": {"en": "accept the table", "pl": "przyjęcie układu bil", "zh": "接受台面现状"},
    "choice.rebreak": {"en": "re-rack, the offender breaks again",
                       "pl": "ponowne ustawienie bil, rozbija zawodnik, który popełnił faul",
                       "zh": "重新摆球，由犯规方再次开球"},
    "choice.break_self": {"en": "re-rack and break himself", "pl": "ponowne ustawienie i własne rozbicie",
                          "zh": "重新摆球并由自己开球"},
    "choice.shoot": {"en": "shoot", "pl": "gra", "zh": "自己击球"},
    "choice.pass_back": {"en": "pass the shot back", "pl": "oddanie uderzenia", "zh": "让对手击球"},
    "choice.spot_eight": {"en": "spot the 8 and continue", "pl": "ustawienie ósemki i dalsza gra",
                          "zh": "将8号球放回置球点并继续"},
    "choice.rerack": {"en": "re-rack", "pl": "ponowne ustawienie bil", "zh": "重新摆球"},
    "choice.kitchen": {"en": "cue ball in hand behind the head string", "pl": "biała z ręki z pola bazy",
                       "zh": "发球线后自由球"},
    "choice.spot_ball": {"en": "spot the ball nearest the head string", "pl": "ustawienie bili najbliższej linii bazy",
                         "zh": "将最靠近发球线的子球放回置球点"},
    # referee calls (records.REFEREE_CALLS) as decisions
    "referee.intentional_foul": {"en": "intentional foul", "pl": "faul umyślny", "zh": "蓄意犯规"},
    "referee.touched_ball": {"en": "ball touched", "pl": "dotknięcie bili", "zh": "触碰了球"},
    "referee.unsportsmanlike": {"en": "unsportsmanlike conduct", "pl": "niesportowe zachowanie",
                                "zh": "违反体育道德的行为"},
    "referee.two_foul_warning": {"en": "warning: on two fouls", "pl": "ostrzeżenie: dwa faule",
                                 "zh": "警告：已连续两次犯规"},
    "referee.foul": {"en": "foul", "pl": "faul", "zh": "犯规"},
    "referee.cue_ball_in_hand_foul": {"en": "cue-ball-in-hand foul", "pl": "faul przy bili z ręki",
                                      "zh": "自由球摆放犯规"},
    "referee.stalemate": {"en": "stalemate", "pl": "pat", "zh": "僵局"},
    # cue-ball states (state.CUE_BALL_STATES)
    "cue.in_place": {"en": "cue ball as it lies", "pl": "biała tam, gdzie leży", "zh": "母球原位不动"},
    "cue.in_hand": {"en": "cue ball in hand anywhere", "pl": "biała z ręki w dowolnym miejscu",
                    "zh": "全台自由球"},
    "cue.in_hand_kitchen": {"en": "cue ball in hand behind the head string", "pl": "biała z ręki z pola bazy",
                            "zh": "发球线后自由球"},
    # sentence templates
    "announce.foul_by": {"en": "Foul by {player}: {fouls}.", "pl": "Faul zawodnika {player}: {fouls}.",
                         "zh": "{player}犯规：{fouls}。"},
    "announce.points": {"en": "{player} {points:+d}.", "pl": "{player}: {points:+d} pkt.",
                        "zh": "{player} {points:+d} 分。"},
    "announce.spot": {"en": "Spotted: {balls}.", "pl": "Ustawione ponownie: {balls}.", "zh": "放回台面：{balls}。"},
    "announce.rerack": {"en": "Re-rack {count} balls.", "pl": "Ustawienie {count} bil w trójkąt.",
                        "zh": "重新摆放{count}颗球。"},
    "announce.scores": {"en": "Score: {scores}.", "pl": "Wynik: {scores}.", "zh": "比分：{scores}。"},
    "announce.options": {"en": "{player} chooses: {choices}.", "pl": "Wybiera {player}: {choices}.",
                         "zh": "由{player}选择：{choices}。"},
    "announce.decision": {"en": "{player} chose: {choice}.", "pl": "{player} wybrał: {choice}.",
                          "zh": "{player}选择了：{choice}。"},
    "announce.referee": {"en": "Referee: {call} ({player}).", "pl": "Sędzia: {call} ({player}).",
                         "zh": "裁判：{call}（{player}）。"},
    "announce.next": {"en": "{player} to shoot, {cue}.", "pl": "Gra {player}, {cue}.",
                      "zh": "轮到{player}击球，{cue}。"},
    "announce.legal": {"en": "Good shot by {player}.", "pl": "Prawidłowe uderzenie zawodnika {player}.",
                       "zh": "{player}击球合法。"},
    "announce.review": {"en": "Please review: this ruling rests on an uncertain observation.",
                        "pl": "Do sprawdzenia: orzeczenie opiera się na niepewnej obserwacji.",
                        "zh": "请复核：本判定依据的观测不确定。"},
    "announce.or": {"en": " or ", "pl": " lub ", "zh": "或"},
    "result.rack": {"en": "{player} wins rack {rack}.", "pl": "{player} wygrywa partię {rack}.",
                    "zh": "{player}赢得第{rack}局。"},
    "result.match": {"en": "{player} wins the match.", "pl": "{player} wygrywa mecz.", "zh": "{player}赢得比赛。"},
    "msg.pending": {"en": "Waiting for {player} to choose: {choices}.", "pl": "Czekamy na wybór zawodnika {player}: {choices}.",
                    "zh": "等待{player}选择：{choices}。"},
}
register(COMMON)

_LIST_SEP = {"en": ", ", "pl": ", ", "zh": "、"}


def _join(lang: str, items: list[str]) -> str:
    return _LIST_SEP.get(lang, ", ").join(items)


def choice_list(choices: tuple[str, ...] | list[str], lang: str = "en") -> str:
    """'accept or rebreak' in the given language."""
    names = [tr(f"choice.{c}", lang) for c in choices]
    if len(names) <= 1:
        return "".join(names)
    return _join(lang, names[:-1]) + tr("announce.or", lang) + names[-1]


def render(ruling: Ruling, lang: str = "en") -> str:
    """The announcement for a ruling, every clause drawn from the ruling's own fields."""
    if lang not in LANGUAGES:
        lang = "en"
    parts: list[str] = []
    chooser = str(ruling.extra.get("chooser", "")) if ruling.extra else ""
    if ruling.decision:
        if ruling.decision in REFEREE_CALLS:
            parts.append(tr("announce.referee", lang, call=tr(f"referee.{ruling.decision}", lang),
                            player=ruling.shooter))
        else:
            parts.append(tr("announce.decision", lang, player=chooser or ruling.next,
                            choice=tr(f"choice.{ruling.decision}", lang)))
    fouls = list(ruling.fouls)
    if ruling.breaking_foul and "breaking_foul" not in fouls:
        fouls.insert(0, "breaking_foul")
    if fouls:
        parts.append(tr("announce.foul_by", lang, player=ruling.shooter,
                        fouls=_join(lang, [tr(f"foul.{f}", lang) for f in fouls])))
    elif ruling.legal and not ruling.decision and not ruling.points and not ruling.messages:
        parts.append(tr("announce.legal", lang, player=ruling.shooter))
    for player, pts in ruling.points.items():
        if pts:
            parts.append(tr("announce.points", lang, player=player, points=pts))
    for key, kwargs in ruling.messages:
        parts.append(tr(key, lang, **kwargs))
    if ruling.spot:
        parts.append(tr("announce.spot", lang, balls=_join(lang, [str(b) for b in ruling.spot])))
    if ruling.rerack:
        parts.append(tr("announce.rerack", lang, count=ruling.rerack))
    if ruling.result:
        if ruling.result.get("winner") is not None:
            parts.append(tr("result.rack", lang, player=ruling.result["winner"], rack=ruling.result.get("rack", "")))
        if ruling.result.get("match_winner") is not None:
            parts.append(tr("result.match", lang, player=ruling.result["match_winner"]))
    if ruling.scores:
        parts.append(tr("announce.scores", lang,
                        scores=_join(lang, [f"{p} {s}" for p, s in ruling.scores.items()])))
    if ruling.options is not None:
        parts.append(tr("announce.options", lang, player=ruling.options.player,
                        choices=choice_list(ruling.options.choices, lang)))
    elif ruling.next and not (ruling.result and ruling.result.get("match_winner")):
        parts.append(tr("announce.next", lang, player=ruling.next, cue=tr(f"cue.{ruling.cue_ball}", lang)))
    if ruling.review:
        parts.append(tr("announce.review", lang))
    return ("" if lang == "zh" else " ").join(p for p in parts if p)


def keys_missing_languages() -> dict[str, tuple[str, ...]]:
    """Registered keys that lack a language (the i18n test asserts this is empty)."""
    from adjudicator.i18n import catalog

    out: dict[str, tuple[str, ...]] = {}
    for key, by_lang in catalog().items():
        missing = tuple(lang for lang in LANGUAGES if not by_lang.get(lang))
        if missing:
            out[key] = missing
    return out
