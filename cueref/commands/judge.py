"""``cueref judge`` (replay a match log into rulings) and ``cueref rules`` (each game's options and sources).

Bad input ends as one line naming the file, line and field, exit code 2, and no output file: rulings are
written to a temporary file beside the target and renamed into place only once the whole log has been judged.
"""

from __future__ import annotations

import os
import tempfile
from typing import Any

import typer

from adjudicator.errors import ConfigError
from adjudicator.i18n import LANGUAGES

DEFAULT_CHOICE_HELP = ("when a choice is open and the log does not supply it, decide it by POLICY: 'first' "
                       "(the first choice listed) or a choice name such as 'accept' (used when open, else the "
                       "first). Without it judge stops at a shot made while a choice is open (exit 2).")


def _parse_sets(values: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in values:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise ConfigError(f"--set expects option=value, got {item!r}")
        out[name.strip()] = value.strip()
    return out


def write_atomic(path: str, lines: list[str]) -> None:
    """All lines or nothing: a temporary file in the same folder, renamed over ``path``."""
    folder = os.path.dirname(os.path.abspath(path))
    try:
        fd, tmp = tempfile.mkstemp(prefix=".cueref-", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise ConfigError(f"--out {path}: cannot write there ({exc.strerror})") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            for line in lines:
                fh.write(line + "\n")
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def judge_command(log: str, out: str | None, sets: list[str], lang: str, default_choice: str | None,
                  quiet: bool = False) -> int:
    """The body of ``cueref judge``; returns the exit code (errors raise CuerefError)."""
    from adjudicator.match import judge_file
    from adjudicator.records import dumps

    if lang not in LANGUAGES:
        raise ConfigError(f"--lang: {lang!r} is not one of {', '.join(LANGUAGES)}")
    rulings, match = judge_file(log, overrides=_parse_sets(sets), lang=lang, default_choice=default_choice)
    lines = [dumps(r.to_dict()) for r in rulings]
    if out:
        write_atomic(out, lines)
    if not quiet:
        from rich.console import Console

        console = Console(highlight=False, soft_wrap=True)
        for r in rulings:
            style = "bold red" if r.fouls else ("bold green" if r.result else "")
            label = f"[{r.shot}{'·' + r.decision if r.decision else ''}]"
            console.print(f"{label} {r.announcement}", style=style or None, markup=False)
        state = match.state
        if state is not None and state.pending is not None:
            p = state.pending
            console.print(f"open: {p.player} chooses {' / '.join(p.choices)} ({p.reason})", style="yellow",
                          markup=False)
    return 0


def rules_table(game: str | None) -> list[dict[str, Any]]:
    """One row per option of each game whose ruleset loads (a game still being written is skipped)."""
    from adjudicator.rulesets import RULESETS, ruleset_class

    games = [game] if game else list(RULESETS)
    rows: list[dict[str, Any]] = []
    for g in games:
        try:
            cls = ruleset_class(g)
        except ConfigError:
            raise
        except (ImportError, AttributeError):
            if game:
                raise ConfigError(f"the {g} ruleset is not available yet") from None
            continue
        for spec in cls.OPTIONS:
            rows.append({"game": g, "option": spec.name, "default": spec.default,
                         "allowed": list(spec.allowed) if spec.allowed is not None else type(spec.default).__name__,
                         "source": spec.source, "help": spec.help})
        for choice in getattr(cls, "CHOICES", ()):
            rows.append({"game": g, "choice": choice})
    return rows


def register(app: typer.Typer) -> None:
    @app.command()
    def judge(
        log: str = typer.Argument(..., metavar="LOG.jsonl", help="match log (JSON Lines, docs/SCHEMA.md)"),
        out: str | None = typer.Option(None, "--out", "-o", help="write the rulings here (JSON Lines)"),
        set_: list[str] = typer.Option([], "--set", help="rule option, option=value (repeatable; see cueref rules)"),
        lang: str = typer.Option("en", "--lang", help="announcement language: en, pl or zh"),
        default_choice: str | None = typer.Option(None, "--default-choice", metavar="POLICY",
                                                  help=DEFAULT_CHOICE_HELP),
        quiet: bool = typer.Option(False, "--quiet", "-q", help="print nothing (with --out)"),
    ) -> None:
        """Rule on every shot of a match log: one announcement per shot; rulings to --out."""
        code = judge_command(log, out, set_, lang, default_choice, quiet)
        if code:
            raise typer.Exit(code)

    @app.command()
    def rules(game: str | None = typer.Argument(None, help="straight-pool, eight-ball, nine-ball or ten-ball"),
              as_json: bool = typer.Option(False, "--json", help="machine-readable rows")) -> None:
        """List each game's rule options: default, allowed values and the source that decides it."""
        import json

        rows = rules_table(game)
        if as_json:
            typer.echo(json.dumps(rows, ensure_ascii=False, indent=1))
            return
        from rich.console import Console
        from rich.table import Table

        table = Table("game", "option", "default", "allowed", "source")
        for r in rows:
            if "option" in r:
                allowed = r["allowed"] if isinstance(r["allowed"], str) else ", ".join(map(str, r["allowed"]))
                table.add_row(r["game"], r["option"], str(r["default"]), allowed, r["source"])
        console = Console(soft_wrap=False)
        console.print(table)
        by_game: dict[str, list[str]] = {}
        for r in rows:
            if "choice" in r:
                by_game.setdefault(r["game"], []).append(r["choice"])
        for g, choices in by_game.items():
            console.print(f"{g} choices: {', '.join(choices)}", markup=False)

