"""A resting ball a few millimetres off a cushion, driven into it faster than the cloth could stop it short, met it,
even where no frame shows it (issue 5; ``tracking.events._driven_back_off``, ``sure``).

Held-out ho85 near-rail-823 at 30/720p (scored on the frozen 18a8c8d, now dev; fixture ``near_rail_sure_n823.json``,
the detections 0-4.5 s): the 11 rested 7.7 mm off the foot cushion. The cue ball hit it at 1 m/s nearly square into
that cushion at 3.617 s; it touched the nose 7 ms later and was met by the cue ball again 9 ms after that, back on
its spot by the next frame, and then drifted off the rail at 0.1 m/s. The touch was the shot's only rail after
contact: without it, a foul."""

from __future__ import annotations

from pathlib import Path

from madeobs import fixture_frames

from adjudicator.facts import derive
from tracking.shots import ShotBuildConfig, track_shots
from tracking.tracker import BallTracker
from vision.geometry import TableGeometry

FIXTURE = Path(__file__).parent / "fixtures" / "near_rail_sure_n823.json"


def test_the_ball_driven_into_a_cushion_it_nearly_touched_met_it() -> None:
    tracker = BallTracker(TableGeometry(), "straight-pool")
    for b in tracker.allowed - {0, 6, 11, 12}:
        tracker.remove_ball(b)
    (shot,) = track_shots(fixture_frames(FIXTURE), TableGeometry(), "straight-pool", tracker=tracker,
                          cfg=ShotBuildConfig(noise_sigma=0.002))
    assert derive(shot).first_contact == 11
    touch = [e for e in shot.events if e.type == "cushion" and e.ball == 11]
    assert [e.rail for e in touch] == ["foot"], [(e.t, e.ball, e.rail) for e in shot.events]
    assert abs(touch[0].t - 3.625) < 1 / 60
    assert derive(shot).rail_after_contact
