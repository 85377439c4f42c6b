"""``cueref calibrate VIDEO|IMAGE``: find the table, write the calibration JSON and an overlay picture."""

from __future__ import annotations

from pathlib import Path

import typer


def register(app: typer.Typer) -> None:
    @app.command()
    def calibrate(
        source: str = typer.Argument(..., help="video file, image, camera index or stream URL"),
        out: Path = typer.Option(None, "--out", help="calibration JSON to write (default: SOURCE.calibration.json)"),
        head: str = typer.Option(None, "--head", help="where the head rail appears: left|right|top|bottom "
                                 "(default: found from the rack or the head-string line, else --reuse's)"),
        reuse: Path = typer.Option(None, "--reuse", help="an earlier calibration of the same camera (e.g. the "
                                   "match's break clip): its head is kept when this footage does not show it"),
        corners: str = typer.Option(None, "--corners", help="manual cushion-nose corners x1,y1,...,x4,y4 (pixels)"),
        table: str = typer.Option("9ft", "--table", help="table size: 9ft, 8ft or 7ft"),
        overlay: Path = typer.Option(None, "--overlay", help="overlay PNG (default: next to --out)"),
    ) -> None:
        """Calibrate the camera from its footage; prints the fit quality (mm on the table)."""
        import cv2

        from adjudicator.errors import ConfigError, SourceError
        from vision.autocalibrate import calibrate_source, parse_corners
        from vision.calibration import TableCalibration
        from vision.geometry import TABLE_SIZES
        from vision.overlay import draw_calibration

        if table not in TABLE_SIZES:
            raise ConfigError(f"--table must be one of {', '.join(TABLE_SIZES)}, got {table!r}")
        earlier = TableCalibration.load(reuse) if reuse is not None else None
        res = calibrate_source(source, head=head, corners=parse_corners(corners) if corners else None, table=table,
                               reuse=earlier)
        cal = res.calibration
        stem = Path(str(source)).stem if not str(source).isdigit() else f"camera{source}"
        out_path = out or Path(f"{stem}.calibration.json")
        over_path = overlay or out_path.with_name(out_path.name.removesuffix(".json") + ".png")
        cal.save(out_path)
        img = draw_calibration(res.frame.image, cal)
        tmp = over_path.with_name(over_path.name + ".tmp.png")
        if not cv2.imwrite(str(tmp), img):
            raise SourceError(f"{over_path}: cannot write the overlay image")
        tmp.replace(over_path)
        err = cal.reprojection_error_mm
        how = {"user": "as given", "rack": "found from the rack",
               "head string": "found from the head-string line on the cloth",
               "reuse": f"kept from {reuse}", "none": "NOT FOUND, assumed"}
        sure = f" with confidence {res.head.confidence:.2f}" if res.head_from in ("rack", "head string", "reuse") \
            else ""
        quality = f"fit error {err:.1f} mm" if err is not None else "fit error unknown (no cushion edge measured)"
        spread = cal.extra.get("corner_spread_px")
        steady = f", corners steady to {spread:.1f} px over the frames" if spread else ""
        typer.echo(f"calibrated ({cal.source}, {res.frames_used} frame(s)): table {cal.table}, head {cal.head} "
                   f"({how[res.head_from]}){sure}, {quality}{steady}")
        typer.echo(f"wrote {out_path} and {over_path}")
        if not res.head_found:
            typer.echo(f"cueref: warning: the head was not found ({res.head.detail}); the calibration assumes "
                       f"{cal.head}. Pass --head left|right|top|bottom (or --reuse the break clip's calibration) "
                       "if that is wrong.", err=True)
