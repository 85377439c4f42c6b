"""``cueref review``: a recorded match in, a review folder (shots, rulings, diagrams, report) out."""

from __future__ import annotations

from pathlib import Path

import typer

from adjudicator.errors import ConfigError
from adjudicator.records import GAMES


def register(app: typer.Typer) -> None:
    @app.command()
    def review(
        video: str = typer.Argument(..., help="recorded match (video file)"),
        out: Path = typer.Option(Path("review"), "--out", help="folder to write the review into"),
        calls: str = typer.Option(None, "--calls", help="match header and the players' declarations (JSONL; "
                                  "see docs/REVIEW.md); a `cueref synth` truth log works too"),
        calibration: str = typer.Option(None, "--calibration", help="calibration JSON (default: automatic)"),
        head: str = typer.Option(None, "--head", help="where the head rail is: left, right, top, bottom"),
        game: str = typer.Option(None, "--game", help=f"when --calls has no match header: {', '.join(GAMES)}"),
        players: str = typer.Option(None, "--players", help="when --calls has no match header: 'Ann,Bob'"),
        lang: str = typer.Option("en", "--lang", help="announcements in en, pl or zh"),
        default_choice: str = typer.Option("first", "--default-choice",
                                           help="what to decide when the log leaves a player's choice open "
                                                "('first' listed, a choice name, or 'none' to stop there)"),
    ) -> None:
        """Review a recorded match: every shot with its events, ruling and a diagram, in OUT/report.html."""
        from rich.console import Console

        from cueref.review import run_review

        if game is not None and game not in GAMES:
            raise ConfigError(f"--game must be one of {', '.join(GAMES)}, got {game!r}")
        if lang not in ("en", "pl", "zh"):
            raise ConfigError(f"--lang must be en, pl or zh, got {lang!r}")
        names = [p.strip() for p in players.split(",")] if players else None
        if names is not None and (len(names) != 2 or not all(names)):
            raise ConfigError(f"--players needs two names separated by a comma, got {players!r}")
        console = Console()
        console.print(f"[bold]cueref review[/bold] {video} → {out}/")
        result = run_review(
            video, out, calls_path=calls, calibration=calibration, head=head, game=game, players=names,
            lang=lang, default_choice=None if default_choice == "none" else default_choice,
            on_shot=lambda s: console.print(f"  shot {s.shot}: {s.t_start:.2f}–{s.t_end:.2f} s, "
                                            f"{len(s.events)} events"))
        for r in result.rulings:
            style = "red" if not r.legal else "green"
            console.print(f"[{style}]shot {r.shot}[/{style}] {r.announcement}")
        for problem in result.problems:
            console.print(f"[yellow]{problem}[/yellow]")
        console.print(f"wrote {out / 'report.html'} ({len(result.shots)} shots, {len(result.rulings)} rulings)")
