"""``CUEREF_NUMBA``: unset = the kernels when numba imports, ``0`` = the numpy path, ``1`` = the kernels or one
clear error. Each case in a fresh interpreter (the switch is read at import), numba hidden where the case needs it
missing, so these run with and without numba installed."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator.errors import CuerefError
from vision import _jit

REPO = Path(__file__).resolve().parents[2]
HAVE_NUMBA = importlib.util.find_spec("numba") is not None
_PROBE = ("import sys\n{hide}from vision import _jit, _jit_search, _jit_votes\n"
          "print(_jit.AVAILABLE, _jit.ENABLED, _jit_search.ENABLED, _jit_votes.ENABLED, bool(_jit.MISSING))\n")


def _probe(mode: str | None, hide: bool) -> str:
    env = {k: v for k, v in os.environ.items() if k != "CUEREF_NUMBA"}
    if mode is not None:
        env["CUEREF_NUMBA"] = mode
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), env.get("PYTHONPATH", "")])
    code = _PROBE.format(hide="sys.modules['numba'] = None\n" if hide else "")
    got = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return got.stdout.strip()


@pytest.mark.parametrize("mode", [None, "1"])
def test_kernels_on_when_numba_imports(mode: str | None) -> None:
    if not HAVE_NUMBA:
        pytest.skip("numba not installed")
    assert _probe(mode, hide=False) == "True True True True False"


@pytest.mark.parametrize("hide", [False, True])
def test_zero_is_the_numpy_path(hide: bool) -> None:
    assert _probe("0", hide) == "False False False False False"


def test_unset_without_numba_is_the_numpy_path_quietly() -> None:
    assert _probe(None, hide=True) == "False False False False False"


def test_one_without_numba_is_an_error() -> None:
    """``CUEREF_NUMBA=1`` without numba: the import still works (the CLI must load), the detector refuses."""
    assert _probe("1", hide=True) == "False False False False True"


def test_require_raises_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_jit, "MISSING", "CUEREF_NUMBA=1 but numba does not import")
    with pytest.raises(CuerefError, match="CUEREF_NUMBA=1"):
        _jit.require()
    from vision.calibration import TableCalibration
    from vision.detect import BallDetector

    with pytest.raises(CuerefError):
        BallDetector(TableCalibration.__new__(TableCalibration))


def test_one_line_when_the_kernels_compile(tmp_path: Path) -> None:
    """A fresh numba cache: one stderr line names it when a vision kernel compiles (not for another module's
    numba function); a second process loads the kernel from the cache and says nothing."""
    if not HAVE_NUMBA:
        pytest.skip("numba not installed")
    env = {k: v for k, v in os.environ.items() if k != "CUEREF_NUMBA"}
    env.update(PYTHONPATH=os.pathsep.join([str(REPO), env.get("PYTHONPATH", "")]), NUMBA_CACHE_DIR=str(tmp_path))
    code = ("import numpy as np, numba\nfrom vision import _jit, identify\n_jit.announce_compiles()\n"
            "numba.njit(lambda x: x + 1)(1)\n"
            "_jit.sample_core(np.zeros((4, 4, 3), np.uint8), np.ones((1, 2)), np.ones(1), identify._PATTERN)\n")
    runs = [subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
            for _ in range(2)]
    lines = [ln for ln in runs[0].stderr.splitlines() if ln.startswith("cueref:")]
    assert len(lines) == 1 and "compiling" in lines[0] and str(tmp_path) in lines[0]
    assert "cueref:" not in runs[1].stderr
