"""A cue ball struck from rest that runs to a resting ball and stops against it within one frame, and the struck ball
flying off scored as another ball (issue 5, identities; ``BallTracker._struck_off_rest``, ``_on_blow_line``).

ho90 jump-871 at 30/720p (held out, scored on the frozen c12bd5a; now dev; fixture ``blow_line_j871.json``, its
detections from 0.8 to 2.4 s; a 14.1 rack with the 2, 4, 11 and 14 left): struck at 1.675 s, the cue ball ran
22 cm to the 11, hit it at 1.700 s and was next seen stopped against it, 5.5 cm from the 11's spot, nothing left on
its own. The 11's track took it; a frame later the 11, 32 cm on over the right rail, blurred and scored as the 12,
went to the cue ball's track. No shot was read: the cue ball "never left" its spot."""

from __future__ import annotations

from pathlib import Path

from madeobs import fixture_frames

from adjudicator.facts import derive
from tracking.shots import ShotBuildConfig, track_shots
from tracking.tracker import BallTracker
from vision.geometry import TableGeometry

FIX = Path(__file__).parent / "fixtures" / "blow_line_j871.json"


def test_the_cue_ball_hit_the_eleven_off_the_table() -> None:
    tracker = BallTracker(TableGeometry(), "straight-pool")
    for b in tracker.allowed - {0, 2, 4, 11, 14}:
        tracker.remove_ball(b)
    (shot,) = track_shots(fixture_frames(FIX), TableGeometry(), "straight-pool", tracker=tracker,
                          cfg=ShotBuildConfig(noise_sigma=0.002))
    assert abs(shot.events[0].t - 1.675) < 1 / 30
    facts = derive(shot)
    assert facts.first_contact == 11
    hit = next(e for e in shot.events if e.type == "collision")
    assert abs(hit.t - 1.6995) < 0.5 / 30
    assert facts.off_table == (11,)
    assert [e.rail for e in shot.events if e.type == "cushion" and e.ball == 11] == ["right"]
