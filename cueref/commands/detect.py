"""``cueref detect VIDEO|IMAGE --out OBS.jsonl``: every ball the detector sees, frame by frame."""

from __future__ import annotations

from pathlib import Path

import typer


def parse_frames(text: str | None) -> tuple[int, int | None]:
    """"A:B" -> (A, B) with either side optional ("100:", ":50"); B is exclusive."""
    from adjudicator.errors import ConfigError

    if not text:
        return 0, None
    a, sep, b = text.partition(":")
    try:
        start = int(a) if a.strip() else 0
        stop = int(b) if sep and b.strip() else (None if sep else start + 1)
    except ValueError as exc:
        raise ConfigError(f"--frames must look like A:B (frame numbers), got {text!r}") from exc
    if start < 0 or (stop is not None and stop <= start):
        raise ConfigError(f"--frames {text}: need 0 <= A < B")
    return start, stop


def register(app: typer.Typer) -> None:
    @app.command()
    def detect(
        source: str = typer.Argument(..., help="video file, image, camera index or stream URL"),
        out: Path = typer.Option(..., "--out", help="observations JSONL to write"),
        frames: str = typer.Option(None, "--frames", help="frame range A:B (B exclusive)"),
        calibration: Path = typer.Option(None, "--calibration", help="calibration JSON (default: calibrate "
                                         "automatically from the source)"),
        no_ids: bool = typer.Option(False, "--no-ids", help="skip identification (uniform identity scores)"),
    ) -> None:
        """Detect (and identify) every ball in every frame; writes one JSON line per frame."""
        from vision.autocalibrate import calibrate_source
        from vision.calibration import TableCalibration
        from vision.detect import BallDetector
        from vision.io import iter_frames
        from vision.obsfile import write_observations

        start, stop = parse_frames(frames)
        if calibration is not None:
            cal = TableCalibration.load(calibration)
        else:
            res = calibrate_source(source)
            cal = res.calibration
            found = "" if res.head_found else " NOT FOUND, assumed; pass a calibration made with --head"
            typer.echo(f"calibrated automatically (head {cal.head}{found}, fit error "
                       f"{cal.reprojection_error_mm or 0:.1f} mm); save one with `cueref calibrate` to reuse it")
        from vision.identify import CombinedIdentifier

        # fast colour scores on every frame, the CNN only for new or unsure balls
        detector = BallDetector(cal, identifier=False if no_ids else CombinedIdentifier())
        counts: list[int] = []

        def run():  # type: ignore[no-untyped-def]
            for frame in iter_frames(source, start=start, stop=stop):
                if frame.image.shape[1] != cal.image_size[0] or frame.image.shape[0] != cal.image_size[1]:
                    from adjudicator.errors import CalibrationError

                    raise CalibrationError(f"frame size {frame.image.shape[1]}x{frame.image.shape[0]} does not "
                                           f"match the calibration's {cal.image_size[0]}x{cal.image_size[1]}")
                obs = detector.detect(frame)
                counts.append(len(obs))
                yield obs

        n = write_observations(out, str(source), cal, run())
        if n == 0:
            typer.echo("no frame in the requested range", err=True)
        avg = sum(counts) / len(counts) if counts else 0.0
        typer.echo(f"wrote {out}: {n} frame(s), {avg:.1f} balls per frame on average")
