"""An object ball covered by an arm after it was seen resting early in the pre-roll still rests there until the shot
says otherwise (issue 5; ``tracking.shots._covered_tail``).

Held-out ho84 kick-812 at 30/720p (now dev; fixture ``covered_tail_k812.json``, the detections 0.5-3.0 s): the
shooter's arm covered the 2 near the foot-right corner. The cue ball, struck at 1.907 s, came off the foot cushion and
hit the 2 at 2.030 s. The 2 was seen resting once in the shot's pre-roll (1.833 s), not on the five frames to the
window's opening (2.000 s), and next moving (2.067 s). The two sightings were fitted as one slow roll (0.4 m/s) from
1.833 s, so the 2 was "moving" before the cue ball came, and the first contact was lost (the shot's first contact
none, and no rail after it)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from madeobs import fixture_frames

from adjudicator.facts import derive
from tracking.shots import track_shots
from vision.geometry import TableGeometry

FIXTURE = Path(__file__).parent / "fixtures" / "covered_tail_k812.json"
TWO = np.array([2.1582, 0.3433])  # its one resting sighting in the pre-roll


def test_the_covered_ball_rests_until_the_cue_ball_hits_it() -> None:
    shots = list(track_shots(fixture_frames(FIXTURE), TableGeometry(), "straight-pool"))
    assert len(shots) == 1
    shot = shots[0]
    assert np.linalg.norm(np.asarray(shot.before[2]) - TWO) < 0.01
    hits = [e for e in shot.events if e.type == "collision" and 0 in (e.balls or ())]
    assert hits and hits[0].balls == (0, 2), [(e.t, e.balls) for e in hits]
    assert abs(hits[0].t - 2.030) < 1 / 30
    assert derive(shot).first_contact == 2
