"""Tracked shots and the players' declarations merge into one judgeable match log."""

import json
from pathlib import Path

import pytest

from adjudicator.errors import RecordError
from adjudicator.records import CalledShot, Choice, MatchRecord, Shot, ShotEvent
from cueref import matchlog

HEADER = {"type": "match", "game": "straight-pool", "players": ["Ann", "Bob"], "breaker": "Ann", "target": 50}


def _shot(n: int) -> Shot:
    return Shot(shot=n, t_start=float(n), t_end=n + 0.5, before={0: (0.5, 0.6)}, after={0: (0.7, 0.6)},
                events=(ShotEvent(t=float(n), type="strike"), ShotEvent(t=n + 0.5, type="rest")))


def _write(tmp_path: Path, lines: list[dict]) -> str:
    p = tmp_path / "calls.jsonl"
    p.write_text("".join(json.dumps(x) + "\n" for x in lines))
    return str(p)


def test_slots_are_replaced_in_order_and_extra_shots_appended(tmp_path: Path) -> None:
    path = _write(tmp_path, [HEADER, {"type": "call", "ball": 3, "pocket": "foot-left"}, {"type": "shot"},
                             {"type": "call", "safety": True}, {"type": "shot"}])
    log = matchlog.merge(matchlog.read_calls(path), [_shot(1), _shot(2), _shot(3)], MatchRecord.from_dict(HEADER))
    kinds = [type(r).__name__ for _, r in log]
    assert kinds == ["MatchRecord", "CalledShot", "Shot", "CalledShot", "Shot", "Shot"]
    assert [r.shot for _, r in log if isinstance(r, Shot)] == [1, 2, 3]


def test_missing_tracked_shots_drop_the_declarations_after_them(tmp_path: Path) -> None:
    path = _write(tmp_path, [HEADER, {"type": "shot"}, {"type": "call", "safety": True}, {"type": "shot"}])
    log = matchlog.merge(matchlog.read_calls(path), [_shot(1)], MatchRecord.from_dict(HEADER))
    assert [type(r).__name__ for _, r in log] == ["MatchRecord", "Shot", "CalledShot"]


def test_shot_numbers_place_declarations_without_slots(tmp_path: Path) -> None:
    path = _write(tmp_path, [HEADER, {"type": "call", "ball": 5, "pocket": "side-left", "shot": 2},
                             {"type": "choice", "player": "Bob", "choice": "accept", "shot": 2}])
    log = matchlog.merge(matchlog.read_calls(path), [_shot(1), _shot(2)], MatchRecord.from_dict(HEADER))
    assert [type(r).__name__ for _, r in log] == ["MatchRecord", "Shot", "CalledShot", "Choice", "Shot"]
    assert isinstance(log[2][1], CalledShot) and log[2][1].ball == 5
    assert isinstance(log[3][1], Choice)


def test_no_calls_file_uses_the_given_header() -> None:
    header = MatchRecord.from_dict(HEADER)
    log = matchlog.merge(None, [_shot(1)], header)
    assert log[0][1] is header and isinstance(log[1][1], Shot)


@pytest.mark.parametrize("line, field", [('{"type": "call", "ball": 16, "pocket": "foot-left"}', "ball"),
                                         ('{"type": "nonsense"}', "type")])
def test_bad_calls_file_names_file_line_and_field(tmp_path: Path, line: str, field: str) -> None:
    p = tmp_path / "calls.jsonl"
    p.write_text(json.dumps(HEADER) + "\n" + line + "\n")
    with pytest.raises(RecordError) as err:
        matchlog.read_calls(str(p))
    assert err.value.line == 2 and err.value.field == field and str(p) in str(err.value)
