"""Which end is the head (vision/head.py): the head-string line, the reused calibration, conflicts, the CLI.

Rendered scenes (C's renderer draws no line on the cloth, so each test draws the marking it needs, in table
coordinates through the truth calibration); one real 2019 clip without a rack is in test_vision_realdata.py.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from vision_scenes import render

from cueref.cli import main
from vision.calibration import TableCalibration
from vision.geometry import TableGeometry
from vision.head import (
    HeadEvidence,
    decide,
    head_string_evidence,
    reused_evidence,
)

G = TableGeometry()


def _scene(head: str = "left") -> tuple[np.ndarray, TableCalibration]:
    img, _, sc = render("scattered", cloth="blue", head=head)
    return img, sc.camera.calibration()


def _draw_line(img: np.ndarray, cal: TableCalibration, x: float, y0: float = 0.0, y1: float | None = None,
               grey: int = 185) -> np.ndarray:
    """A thin light line across the table at table x (metres), from y0 to y1, as a chalked head string looks."""
    y1 = G.width if y1 is None else y1
    pts = cal.table_to_image(np.array([[x, y0], [x, y1]]))
    out = img.copy()
    cv2.line(out, tuple(int(v) for v in np.rint(pts[0])), tuple(int(v) for v in np.rint(pts[1])),
             (grey, grey, grey), 1, cv2.LINE_AA)
    return out


@pytest.mark.parametrize("true_head", ["left", "right"])
def test_a_head_string_line_names_the_head(true_head: str) -> None:
    img, cal_true = _scene(true_head)
    marked = _draw_line(img, cal_true, G.head_string_x)
    # the calibration as the automatic finder leaves it: right table, head at the default end
    cal = cal_true.with_head("left")
    ev = head_string_evidence(cal, [marked])
    assert (ev.head, ev.source) == (true_head, "head string")
    assert ev.confidence > 0.5


def test_no_line_no_head() -> None:
    img, cal = _scene()
    ev = head_string_evidence(cal, [img])
    assert ev.head is None and ev.source == "none"


def test_lines_at_both_ends_or_in_the_middle_are_not_a_head_string() -> None:
    img, cal = _scene()
    both = _draw_line(_draw_line(img, cal, G.head_string_x), cal, G.length - G.head_string_x)
    assert head_string_evidence(cal, [both]).head is None
    middle = _draw_line(img, cal, G.length / 2)
    assert head_string_evidence(cal, [middle]).head is None


def test_a_short_stroke_at_the_quarter_is_not_a_line_across_the_table() -> None:
    img, cal = _scene()
    stroke = _draw_line(img, cal, G.head_string_x, 0.3, 0.5)  # a cue shaft's length, not the width
    assert head_string_evidence(cal, [stroke]).head is None


def test_reused_calibration_keeps_its_head_and_refuses_another_camera() -> None:
    _, cal = _scene("right")
    earlier = cal.with_head("right")
    earlier.extra.update({"head_from": "rack", "head_confidence": 0.95})
    ev = reused_evidence(cal.with_head("left"), earlier)
    assert (ev.head, ev.source, ev.confidence) == ("right", "reuse", 0.95)
    unknown = cal.with_head("right")
    unknown.extra.update({"head_from": "none"})
    assert reused_evidence(cal, unknown).head is None
    moved = TableCalibration.from_corners(cal.corners_px() + 200.0, cal.image_size, head="right")
    moved.extra.update({"head_from": "rack", "head_confidence": 0.95})
    assert reused_evidence(cal, moved).head is None


def test_decide_takes_the_surest_and_cancels_on_conflict() -> None:
    rack = HeadEvidence("right", "rack", 0.95)
    line = HeadEvidence("right", "head string", 0.8)
    assert decide([rack, line]).source == "rack"
    assert decide([rack, HeadEvidence("left", "head string", 0.8)]).head is None
    assert decide([rack, HeadEvidence("left", "head string", 0.2)]).head == "right"
    assert decide([HeadEvidence(None, "none", 0.0)]).head is None


def test_cli_says_plainly_when_the_head_was_not_found(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    img, _ = _scene()
    png = tmp_path / "table.png"
    cv2.imwrite(str(png), img)
    out = tmp_path / "cal.json"
    assert main(["calibrate", str(png), "--out", str(out)]) == 0
    said = capsys.readouterr()
    assert "NOT FOUND" in said.out and "--head" in said.err
    assert TableCalibration.load(out).extra["head_from"] == "none"


def test_cli_reuse_takes_the_break_clips_head(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    rack, _, _ = render("rack9", cloth="blue", head="right")
    plain, _ = _scene("right")
    for name, img in (("break.png", rack), ("later.png", plain)):
        cv2.imwrite(str(tmp_path / name), img)
    assert main(["calibrate", str(tmp_path / "break.png"), "--out", str(tmp_path / "break.json")]) == 0
    assert main(["calibrate", str(tmp_path / "later.png"), "--out", str(tmp_path / "later.json"),
                 "--reuse", str(tmp_path / "break.json")]) == 0
    later = TableCalibration.load(tmp_path / "later.json")
    assert later.head == "right" and later.extra["head_from"] == "reuse"
    assert "kept from" in capsys.readouterr().out
