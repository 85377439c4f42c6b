"""The driver, the announcements and every ruleset load without numpy or OpenCV (ARCHITECTURE.md)."""

import subprocess
import sys


def test_driver_and_rulesets_import_no_numpy_or_cv2() -> None:
    code = ("import sys, importlib; import adjudicator.match, adjudicator.announce, adjudicator.table; "
            "from adjudicator.rulesets import RULESETS\n"
            "for t in RULESETS.values():\n"
            "    try: importlib.import_module(t.split(':')[0])\n"
            "    except ImportError: pass\n"
            "print(','.join(sorted(m.split('.')[0] for m in sys.modules)))")
    loaded = set(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                check=True).stdout.strip().split(","))
    assert "numpy" not in loaded and "cv2" not in loaded and "rich" not in loaded and "typer" not in loaded
