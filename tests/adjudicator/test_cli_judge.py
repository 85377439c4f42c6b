"""``cueref judge`` and ``cueref rules``: exit codes, one-line errors, no half-written rulings file."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from builders import expand_log, match_record

from cueref.cli import main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "straight_pool_run.jsonl"


def _write(path: Path, records: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in expand_log(records)), encoding="utf-8")
    return path


def test_example_log_judges_cleanly(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "rulings.jsonl"
    assert main(["judge", str(EXAMPLE), "--out", str(out)]) == 0
    printed = capsys.readouterr().out.strip().splitlines()
    rulings = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    kinds = [json.loads(line)["type"] for line in EXAMPLE.read_text().splitlines()]
    assert len(rulings) == kinds.count("shot") + kinds.count("choice") == len(printed)
    assert rulings[-1]["result"] == {"match_winner": "Ann"} and rulings[-1]["scores"] == {"Ann": 20, "Bob": 3}
    assert any(r["rerack"] == 14 for r in rulings) and any(r["breaking_foul"] for r in rulings)
    assert all(r["type"] == "ruling" and r["announcement"] for r in rulings)
    assert [r["announcement"] for r in rulings] == [p.split("] ", 1)[1] for p in printed]


@pytest.mark.parametrize("lang", ["pl", "zh"])
def test_languages(tmp_path: Path, lang: str) -> None:
    out = tmp_path / "r.jsonl"
    assert main(["judge", str(EXAMPLE), "--out", str(out), "--lang", lang, "--quiet"]) == 0
    first = json.loads(out.read_text(encoding="utf-8").splitlines()[0])
    assert first["announcement"] and "Score" not in first["announcement"]


def test_replay_gives_identical_files(tmp_path: Path) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    assert main(["judge", str(EXAMPLE), "--out", str(a), "-q"]) == 0
    assert main(["judge", str(EXAMPLE), "--out", str(b), "-q"]) == 0
    assert a.read_bytes() == b.read_bytes()


BAD = [
    ("not json", '{"type": "match", "game": "straight-pool", "players": ["Ann", "Bob"]}\n{oops\n', "line 2", None),
    ("unknown field value", '{"type": "match", "game": "snooker", "players": ["Ann", "Bob"]}\n', "line 1", "game"),
    ("ball id", '{"type": "match", "game": "straight-pool", "players": ["A", "B"]}\n'
                '{"type": "shot", "shot": 1, "t_start": 0, "t_end": 1, "before": {}, "events": '
                '[{"t": 0, "type": "pocket", "ball": 16, "pocket": "foot-left"}]}\n', "line 2", "events[0].ball"),
]


def test_bytes_that_are_not_utf8(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "bad.jsonl"
    log.write_bytes(b'{"type": "match", "game": "straight-pool", "players": ["Ann", "Bob"]}\n{"type": "\xff"}\n')
    assert main(["judge", str(log)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "line 2" in err


@pytest.mark.parametrize(("name", "text", "where", "field"), BAD, ids=[b[0] for b in BAD])
def test_bad_input_is_one_line_exit_2_and_no_file(tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str,
                                                  text: str, where: str, field: str | None) -> None:
    log = tmp_path / "bad.jsonl"
    log.write_text(text, encoding="utf-8")
    out = tmp_path / "rulings.jsonl"
    assert main(["judge", str(log), "--out", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and str(log) in err and where in err
    if field:
        assert f"field '{field}'" in err
    assert not out.exists()
    assert os.listdir(tmp_path) == ["bad.jsonl"]  # no temporary file left behind


def test_an_error_late_in_the_log_leaves_an_existing_file_untouched(tmp_path: Path) -> None:
    log = _write(tmp_path / "log.jsonl", [match_record(), {"type": "shot", "contact": 1}, {"type": "shot", "contact": 1}])
    out = tmp_path / "rulings.jsonl"
    out.write_text("previous\n")
    assert main(["judge", str(log), "--out", str(out)]) == 2
    assert out.read_text() == "previous\n"


def test_open_choice_stops_judge_unless_a_default_is_given(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = _write(tmp_path / "log.jsonl", [match_record(), {"type": "shot", "contact": 1},
                                          {"type": "shot", "contact": 1, "rails": [[0, "foot"], [4, "left"], [7, "right"]]}])
    assert main(["judge", str(log)]) == 2
    err = capsys.readouterr().err
    assert "Bob's choice is still open" in err and "accept / rebreak" in err and "line 3" in err
    out = tmp_path / "r.jsonl"
    assert main(["judge", str(log), "--default-choice", "first", "--out", str(out), "-q"]) == 0
    decisions = [json.loads(x).get("decision") for x in out.read_text().splitlines()]
    assert decisions == [None, "accept", None]


def test_open_choice_at_the_end_is_printed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = _write(tmp_path / "log.jsonl", [match_record(), {"type": "shot", "contact": 1}])
    assert main(["judge", str(log)]) == 0
    assert "open: Bob chooses accept / rebreak" in capsys.readouterr().out


def test_set_options_and_bad_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = _write(tmp_path / "log.jsonl", [match_record(), {"type": "shot", "contact": 1}])
    out = tmp_path / "r.jsonl"
    assert main(["judge", str(log), "--set", "breaking_foul_penalty=3", "--out", str(out), "-q"]) == 0
    assert json.loads(out.read_text())["points"] == {"Ann": -3}
    assert main(["judge", str(log), "--set", "nonsense=1"]) == 2
    assert main(["judge", str(log), "--set", "breaking_foul_penalty=x"]) == 2
    assert main(["judge", str(log), "--lang", "de"]) == 2
    assert main(["judge", str(log), "--default-choice", "whatever"]) == 2
    assert main(["judge", str(tmp_path / "missing.jsonl")]) == 2
    errs = capsys.readouterr().err.strip().splitlines()
    assert len(errs) == 5 and all(e.startswith("cueref: error:") for e in errs)
    assert "--set" in errs[0] and "nonsense" in errs[0] and "line" not in errs[0]


def test_rules_lists_options_with_default_and_source(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "straight-pool", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    names = {r["option"]: r for r in rows if "option" in r}
    assert names["near_rail_safety_limit"]["default"] == 2
    assert "S000" in names["near_rail_safety_limit"]["source"]
    assert {"accept", "rebreak", "spot_ball"} <= {r["choice"] for r in rows if "choice" in r}
    assert main(["rules"]) == 0
    assert main(["rules", "snooker"]) == 2


def test_console_entry_point_runs() -> None:
    proc = subprocess.run([sys.executable, "-m", "cueref", "judge", str(EXAMPLE), "-q"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
