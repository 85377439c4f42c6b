"""``cueref track``: video (or an observations file from ``cueref detect``) in, shot records (JSON Lines) out."""

from __future__ import annotations

from pathlib import Path

import typer

from adjudicator.errors import ConfigError
from adjudicator.records import GAMES, dumps

HEADS = ("left", "right", "top", "bottom")


def register(app: typer.Typer) -> None:
    @app.command()
    def track(
        source: str = typer.Argument(..., help="video file, camera index, stream URL, or observations JSONL "
                                     "written by `cueref detect`"),
        out: Path = typer.Option(..., "--out", help="shot records (JSON Lines) to write"),
        calibration: Path = typer.Option(None, "--calibration", help="calibration JSON (default: calibrate "
                                         "automatically from the video)"),
        head: str = typer.Option(None, "--head", help="where the head rail is in the image: left, right, top, "
                                 "bottom (default: from the calibration, else from the rack)"),
        game: str = typer.Option("straight-pool", "--game", help=f"one of {', '.join(GAMES)} (limits ball ids)"),
        noise_mm: float = typer.Option(2.0, "--noise-mm", help="detector noise on a ball centre, millimetres"),
        first_shot: int = typer.Option(1, "--first-shot", help="number of the first shot written"),
    ) -> None:
        """Track every ball, cut the footage into shots and write one shot record per shot."""
        from cueref import pipeline

        if game not in GAMES:
            raise ConfigError(f"--game must be one of {', '.join(GAMES)}, got {game!r}")
        if head is not None and head not in HEADS:
            raise ConfigError(f"--head must be one of {', '.join(HEADS)}, got {head!r}")
        if noise_mm <= 0:
            raise ConfigError(f"--noise-mm must be positive, got {noise_mm}")
        if source.endswith((".jsonl", ".json")):
            from vision.obsfile import read_observations

            cal, observations = read_observations(source)
        else:
            cal = pipeline.calibrate(source, calibration, head)
            observations = pipeline.observe(source, cal)
        shots = pipeline.track(observations, cal, game, noise_mm=noise_mm, first_shot=first_shot)
        pipeline.write_atomically(out, "".join(dumps(s) + "\n" for s in shots))
        typer.echo(f"wrote {out}: {len(shots)} shot(s)")
