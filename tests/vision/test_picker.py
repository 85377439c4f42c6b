"""The click-the-corners page: a self-contained file whose command line calibrate accepts."""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path

import cv2
import numpy as np
import pytest
from typer.testing import CliRunner

from adjudicator.errors import SourceError
from cueref.cli import app, main
from vision.picker import corner_page


def _frame() -> np.ndarray:
    img = np.full((90, 160, 3), (40, 120, 30), np.uint8)
    cv2.rectangle(img, (20, 15), (140, 75), (150, 60, 20), -1)
    return img


def test_page_embeds_the_frame_and_needs_no_network() -> None:
    page = corner_page(_frame(), "match 1.mp4", table="8ft")
    data = re.search(r"data:image/jpeg;base64,([A-Za-z0-9+/=]+)", page)
    assert data is not None
    decoded = cv2.imdecode(np.frombuffer(base64.b64decode(data.group(1)), np.uint8), cv2.IMREAD_COLOR)
    assert decoded.shape == (90, 160, 3)
    assert "http://" not in page and "https://" not in page  # offline: nothing fetched
    cfg = json.loads(re.search(r"const CFG = (\{.*?\});", page).group(1))
    assert cfg == {"source": "'match 1.mp4'", "table": "8ft", "width": 160, "height": 90}


def test_source_cannot_break_out_of_the_script() -> None:
    page = corner_page(_frame(), "</script><script>alert(1)</script>.mp4")
    assert page.count("</script>") == 1


def test_no_frame_is_a_source_error() -> None:
    with pytest.raises(SourceError):
        corner_page(np.zeros((0, 0, 3), np.uint8), "x.mp4")


def test_cli_writes_the_page_and_the_corners_it_prints_calibrate(tmp_path: Path) -> None:
    img_path = tmp_path / "table.png"
    cv2.imwrite(str(img_path), _frame())
    runner = CliRunner()
    res = runner.invoke(app, ["corners", str(img_path), "--out", str(tmp_path / "p.html")])
    assert res.exit_code == 0, res.output
    assert (tmp_path / "p.html").read_text().startswith("<!doctype html>")
    # The command the page builds from four clicks: run it the same way.
    res = runner.invoke(app, ["calibrate", str(img_path), "--corners", "20,15,140,15,140,75,20,75",
                              "--head", "left", "--out", str(tmp_path / "cal.json")])
    assert res.exit_code == 0, res.output
    cal = json.loads((tmp_path / "cal.json").read_text())
    assert cal["source"] == "manual" and cal["head"] == "left"


def test_cli_missing_frame_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    img_path = tmp_path / "table.png"
    cv2.imwrite(str(img_path), _frame())
    assert main(["corners", str(img_path), "--frame", "5", "--out", str(tmp_path / "p.html")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "has no frame 5" in err[0]
    assert not list(tmp_path.glob("p.html*"))  # no page, not even half of one
