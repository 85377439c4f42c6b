"""``cueref calibrate`` and ``cueref detect`` end to end on a rendered image and video; bad input exits 2."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest
from vision_scenes import render

from cueref.cli import main
from vision.calibration import TableCalibration
from vision.obsfile import read_observations


@pytest.fixture(scope="module")
def table_png(tmp_path_factory) -> str:  # type: ignore[no-untyped-def]
    img, _, _ = render("rack9", cloth="blue", head="right")
    p = tmp_path_factory.mktemp("cli") / "table.png"
    cv2.imwrite(str(p), img)
    return str(p)


def test_calibrate_writes_json_and_overlay_and_finds_the_head(table_png: str, tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "cal.json"
    assert main(["calibrate", table_png, "--out", str(out)]) == 0
    cal = TableCalibration.load(out)
    assert cal.head == "right" and cal.source == "auto"
    assert (tmp_path / "cal.png").is_file()
    said = capsys.readouterr().out
    assert "head right (found from the rack)" in said and "mm" in said


def test_calibrate_with_manual_corners(table_png: str, tmp_path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "manual.json"
    assert main(["calibrate", table_png, "--out", str(out), "--corners", "100,60,1180,60,1180,620,100,620",
                 "--head", "left"]) == 0
    cal = TableCalibration.load(out)
    assert cal.source == "manual" and cal.head == "left"
    np.testing.assert_allclose(cal.table_to_image([0, 0]), [100, 60], atol=1e-6)


def test_detect_writes_one_line_per_frame(table_png: str, tmp_path) -> None:  # type: ignore[no-untyped-def]
    video = tmp_path / "clip.mp4"
    img = cv2.imread(table_png)
    w = cv2.VideoWriter(str(video), cv2.VideoWriter_fourcc(*"mp4v"), 25.0, (img.shape[1], img.shape[0]))
    for _ in range(4):
        w.write(img)
    w.release()
    cal_path = tmp_path / "cal.json"
    assert main(["calibrate", str(video), "--out", str(cal_path)]) == 0
    out = tmp_path / "obs.jsonl"
    assert main(["detect", str(video), "--calibration", str(cal_path), "--frames", "1:3", "--out", str(out),
                 "--no-ids"]) == 0
    lines = out.read_text().splitlines()
    assert json.loads(lines[0])["schema"] == "cueref.detections/1"
    cal, frames = read_observations(out)
    got = list(frames)
    assert [f.frame_index for f in got] == [1, 2]
    assert all(len(f) == 10 for f in got)  # nine racked balls and the cue ball
    assert cal.head == "right"


@pytest.mark.parametrize("args, message", [
    (["calibrate", "{d}/notes.mp4"], "text file, not a video"),
    (["calibrate", "{d}/missing.mp4"], "no such file"),
    (["calibrate", "{d}/grey.png"], "--corners"),
    (["calibrate", "{d}/grey.png", "--corners", "1,2,3"], "needs 8 numbers"),
    (["detect", "{d}/grey.png", "--out", "{d}/o.jsonl", "--frames", "x:y"], "--frames"),
    (["detect", "{d}/grey.png", "--out", "{d}/o.jsonl", "--calibration", "{d}/missing.json"], "not found"),
])
def test_bad_input_is_one_line_and_exit_code_2(tmp_path, capsys, args: list[str], message: str) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "notes.mp4").write_text("not a video\n")
    cv2.imwrite(str(tmp_path / "grey.png"), np.full((360, 640, 3), 120, np.uint8))
    assert main([a.format(d=tmp_path) for a in args]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("cueref: error:") and message in err[0]
    assert not (tmp_path / "o.jsonl").exists()
