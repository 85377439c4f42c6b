"""The review's referee judges shot by shot, keeps going past a shot the rules cannot accept, and tells the
tracker which balls are on the table."""

from adjudicator.records import MatchRecord, Shot, ShotEvent
from cueref import matchlog
from cueref.review import Referee

HEADER = MatchRecord.from_dict({"type": "match", "game": "nine-ball", "players": ["Ann", "Bob"],
                                "breaker": "Ann", "target": 3})


def _shot(n: int, events: list[ShotEvent], before: dict, after: dict) -> Shot:
    return Shot(shot=n, t_start=float(n), t_end=n + 0.9, before=before, after=after, events=tuple(events))


def test_an_impossible_shot_is_listed_and_the_match_goes_on() -> None:
    referee = Referee(matchlog.Interleaver(None, HEADER), "match.jsonl", "en", "first")
    assert referee.balls_on_table() == set(range(10))
    rack = {b: (1.9 + 0.01 * b, 0.6) for b in range(1, 10)}
    break_shot = _shot(1, [ShotEvent(1.0, "strike"), ShotEvent(1.1, "collision", balls=(0, 1)),
                           ShotEvent(1.3, "pocket", ball=3, pocket="foot-left"),
                           ShotEvent(1.9, "rest")], {0: (0.5, 0.6), **rack},
                       {b: p for b, p in {0: (0.9, 0.6), **rack}.items() if b != 3})
    referee.shot(break_shot)
    assert len(referee.rulings) == 1 and referee.rulings[0].legal
    assert referee.balls_on_table() == set(range(10)) - {3}
    # Ball 3 is gone: a tracker that reports it pocketed again is wrong, and the shot is not judged.
    bad = _shot(2, [ShotEvent(2.0, "strike"), ShotEvent(2.1, "collision", balls=(0, 1)),
                    ShotEvent(2.3, "pocket", ball=3, pocket="foot-left"), ShotEvent(2.9, "rest")],
                {0: (0.9, 0.6)}, {0: (1.0, 0.6)})
    referee.shot(bad)
    assert len(referee.rulings) == 1
    assert referee.problems and "shot 2" in referee.problems[0]
    assert referee.balls_on_table() == set(range(10)) - {3}
