"""A track not known to be a ball does not take a detection on the spot a ball has been resting on (issue 5, extra
shots; ``BallTracker._rest_spots``). ho59 nine-ball-rack-146 at 30/720p (scored held-out, now dev; fixture
``cue_over_rest_n146.json``, the detections 52.2-53.7 s between shots 5 and 6, nine-ball with the 0 and 4-9): the
player's cue swept over the table past the resting 4 and cue ball. A track started on the cue 36 cm from the 4;
the next frame the cue pulled the 4's sighting 2 cm off its spot, and the cue's track took the 4's detection back on
its spot (cost 0.36 m) while the 4's track took a circle on the cue 5 cm away (0.07 m), cheaper together than
leaving that circle to a new track. The 4's track rode the cue to side-right and an extra shot called the 4
pocketed."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from madeobs import track_from, tracked_fixture

FIX = Path(__file__).parent / "fixtures"


def test_the_resting_four_keeps_its_spot_as_the_cue_passes() -> None:
    tracker = tracked_fixture(FIX / "cue_over_rest_n146.json", "nine-ball", {0, 4, 5, 6, 7, 8, 9})
    four = track_from(tracker, (0.7397, 0.0826), 0.005)
    assert four.ball == 4
    far = max(float(np.linalg.norm(np.subtract(p, (0.7397, 0.0826)))) for p in four.xy)
    assert far < 0.03, f"the 4's track went {far:.2f} m off its spot"
    assert four.times[-1] > 53.6
