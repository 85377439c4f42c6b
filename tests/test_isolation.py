"""The adjudicator must load without OpenCV or numpy, and tracking without OpenCV (ARCHITECTURE.md)."""

import subprocess
import sys

import pytest


def _loaded_after(import_line: str) -> set[str]:
    code = f"import sys; {import_line}; print(','.join(sorted(m.split('.')[0] for m in sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    return set(out.strip().split(","))


def test_adjudicator_imports_no_cv2_or_numpy() -> None:
    loaded = _loaded_after("import adjudicator, adjudicator.records, adjudicator.facts, adjudicator.state, "
                           "adjudicator.ruleset, adjudicator.i18n")
    assert "cv2" not in loaded
    assert "numpy" not in loaded


@pytest.mark.parametrize("module", ["tracking", "vision.geometry", "vision.types"])
def test_tracking_side_imports_no_cv2(module: str) -> None:
    assert "cv2" not in _loaded_after(f"import {module}")
