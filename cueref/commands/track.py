"""``cueref track``: video (or an observations file from ``cueref detect``) in, shot records (JSON Lines) out."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import typer

from adjudicator.errors import ConfigError
from adjudicator.records import GAMES, dumps

HEADS = ("left", "right", "top", "bottom")


def write_atomically(path: Path, lines: list[str]) -> None:
    """Write every line or nothing: temp file beside the target, then rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.writelines(line + "\n" for line in lines)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


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
        from tracking.shots import ShotBuildConfig, track_shots

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
            from vision.autocalibrate import calibrate_source
            from vision.calibration import TableCalibration
            from vision.detect import BallDetector
            from vision.io import iter_frames

            if calibration is not None:
                cal = TableCalibration.load(calibration)
                if head is not None:
                    cal = cal.with_head(head)
            else:
                cal = calibrate_source(source, head=head).calibration
            detector = BallDetector(cal)
            observations = (detector.detect(frame) for frame in iter_frames(source))
        cfg = ShotBuildConfig(noise_sigma=noise_mm / 1000)
        shots = list(track_shots(observations, cal.geometry, game, first_shot=first_shot, cfg=cfg))
        write_atomically(out, [dumps(s) for s in shots])
        typer.echo(f"wrote {out}: {len(shots)} shot(s)")
