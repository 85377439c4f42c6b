"""The head on real footage without a rack (../shared/realdata; skipped when absent).

The 2019 broadcast cloth carries a chalked head string at the right end of the image on every clip; Clip13
is a single shot (no rack anywhere), so only the line can tell the ends apart.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from vision.autocalibrate import calibrate_source

CLIPS = Path(__file__).resolve().parents[3] / "shared" / "realdata" / "rexlapis_poolpredictor" / "clips"
pytestmark = pytest.mark.skipif(not CLIPS.is_dir(), reason="../shared/realdata is not present")


def test_2019_non_break_clip_head_from_the_head_string() -> None:
    res = calibrate_source(CLIPS / "2019_PoolChamp_Clip13.mp4")
    assert (res.calibration.head, res.head_from) == ("right", "head string")
    assert res.head.confidence > 0.7
    assert res.calibration.extra["head_confidence"] == pytest.approx(res.head.confidence, abs=1e-3)
