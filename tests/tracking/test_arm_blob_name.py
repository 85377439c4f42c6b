"""A track that never rested does not take the name of a rested ball seen on the same frame (issue 5, identities;
``BallTracker.assign_identities``).

ho94 scratch-911 at 60/720p (held out, scored on the frozen 310292f; now dev; fixture ``arm_blob_s911.json``, its
detections from 0 to 3 s, a 14.1 position with the 3, 8, 10 and 12 on the table): an arm over the far rail covered
the 10 and left a blob by the rail scored cue ball 0.8-0.99, while the cue ball on its spot, under the cue's shadow,
scored cue ball only 0.2-0.3. On the frame the cue ball was struck (1.583 s) the blob's track took the cue ball's
name and the cue ball's track was named the covered 10: the shot was read as balls moving with no cue ball struck,
and dropped."""

from __future__ import annotations

from pathlib import Path

from madeobs import fixture_frames

from adjudicator.facts import derive
from tracking.shots import ShotBuildConfig, track_shots
from tracking.tracker import BallTracker
from vision.geometry import TableGeometry

FIX = Path(__file__).parent / "fixtures" / "arm_blob_s911.json"


def test_the_cue_ball_keeps_its_name_and_the_scratch_is_read() -> None:
    tracker = BallTracker(TableGeometry(), "straight-pool")
    for b in set(range(1, 16)) - {3, 8, 10, 12}:
        tracker.remove_ball(b)
    (shot,) = track_shots(fixture_frames(FIX), TableGeometry(), "straight-pool", tracker=tracker,
                          cfg=ShotBuildConfig(noise_sigma=0.002))
    facts = derive(shot)
    assert facts.first_contact == 12
    assert facts.pocket_of == {12: "head-left"}
    assert facts.scratch
    strike = next(e for e in shot.events if e.type == "strike")
    assert abs(strike.t - 1.5786) < 0.5 / 60
