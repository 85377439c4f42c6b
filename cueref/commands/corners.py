"""``cueref corners VIDEO|IMAGE``: a page to click the table corners on, when automatic calibration fails."""

from __future__ import annotations

from pathlib import Path

import typer


def register(app: typer.Typer) -> None:
    @app.command()
    def corners(
        source: str = typer.Argument(..., help="video file, image, camera index or stream URL"),
        out: Path = typer.Option(None, "--out", help="HTML page to write (default: SOURCE.corners.html)"),
        frame: int = typer.Option(0, "--frame", min=0, help="which frame of a video to show"),
        table: str = typer.Option("9ft", "--table", help="table size for the command: 9ft, 8ft or 7ft"),
    ) -> None:
        """Write a page that shows a frame: click the four cushion-nose corners, copy the calibrate command."""
        from adjudicator.errors import ConfigError, SourceError
        from cueref.pipeline import write_atomically
        from vision.geometry import TABLE_SIZES
        from vision.io import iter_frames
        from vision.picker import corner_page

        if table not in TABLE_SIZES:
            raise ConfigError(f"--table must be one of {', '.join(TABLE_SIZES)}, got {table!r}")
        shown = next(iter_frames(source, start=frame, stop=frame + 1), None)
        if shown is None:
            raise SourceError(f"{source}: has no frame {frame} (try --frame 0)")
        stem = Path(str(source)).stem if not str(source).isdigit() else f"camera{source}"
        page = out or Path(f"{stem}.corners.html")
        write_atomically(page, corner_page(shown.image, str(source), table=table))
        typer.echo(f"wrote {page}: open it in a browser, click the four corners, then run the command it shows")
