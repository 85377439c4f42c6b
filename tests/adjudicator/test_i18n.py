"""Every announcement key has English, Polish and Chinese, and the Polish and Chinese are translations."""

from __future__ import annotations

import importlib
import string

import pytest

from adjudicator import announce
from adjudicator.i18n import LANGUAGES, catalog, tr
from adjudicator.records import CHOICES, REFEREE_CALLS
from adjudicator.rulesets import RULESETS
from adjudicator.state import CUE_BALL_STATES

COMMON_FOULS = ("scratch", "no_contact", "no_rail_after_contact", "wrong_ball_first", "ball_off_table",
                "cue_ball_off_table", "breaking_foul", "three_fouls", "intentional_foul", "touched_ball",
                "unsportsmanlike")


def _load_all() -> dict[str, dict[str, str]]:
    for target in RULESETS.values():
        try:
            importlib.import_module(target.split(":")[0])
        except ImportError:
            continue
    return catalog()


def _fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def test_common_keys_are_registered() -> None:
    cat = _load_all()
    needed = [f"foul.{f}" for f in COMMON_FOULS] + [f"choice.{c}" for c in CHOICES] + \
        [f"referee.{c}" for c in REFEREE_CALLS] + [f"cue.{s}" for s in CUE_BALL_STATES] + ["result.rack", "result.match"]
    missing = [k for k in needed if k not in cat]
    assert not missing


def test_every_key_has_all_languages_with_the_same_fields() -> None:
    cat = _load_all()
    assert not announce.keys_missing_languages()
    for key, by_lang in cat.items():
        fields = {lang: _fields(by_lang[lang]) for lang in LANGUAGES}
        assert fields["pl"] == fields["en"] == fields["zh"], key


def test_polish_and_chinese_are_translations_not_copies() -> None:
    cat = _load_all()
    for key, by_lang in cat.items():
        en = by_lang["en"].strip()
        if not en.strip(" {}:+d.,()/-0123456789") or key == "announce.or":
            continue
        assert by_lang["pl"] != en, f"{key}: Polish is the English text"
        assert by_lang["zh"] != en, f"{key}: Chinese is the English text"
        assert any("\u4e00" <= ch <= "\u9fff" for ch in by_lang["zh"]), f"{key}: Chinese has no Chinese characters"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_tr_fills_templates(lang: str) -> None:
    assert "Ann" in tr("announce.foul_by", lang, player="Ann", fouls="x")


def test_every_foul_name_is_listed_in_docs_schema() -> None:
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "SCHEMA.md").read_text(encoding="utf-8")
    fouls = [k.removeprefix("foul.") for k in _load_all() if k.startswith("foul.")]
    missing = [f for f in fouls if f"`{f}`" not in doc]
    assert not missing, f"docs/SCHEMA.md does not list: {', '.join(missing)}"
