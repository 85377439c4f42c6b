"""A cue ball in hand carried over the table is not struck (issue 5, extra shots; ``tracking.shots.cue_carried``).

ho92 straight-pool-run-179, review at 30/720p (held out, scored on the frozen 1836219; now dev; fixture
``carried_sp179.json``, its detections from 43.7 to 47.5 s, a 14.1 rack with the 14 racked off): the cue ball was
pocketed on the shot before, and the shooter carried it in hand over the table. From 44.6 s a blob of the hand,
scored as the cue ball, ran 2 m/s toward the right rail and vanished there: a false shot at 45.07 s, ruled a
no-contact foul with the cue ball off the table, and every ruling after it was a shot out of step."""

from __future__ import annotations

from pathlib import Path

from madeobs import fixture_frames

from tracking.shots import ShotBuildConfig, track_shots
from tracking.tracker import BallTracker
from vision.geometry import TableGeometry

FIX = Path(__file__).parent / "fixtures" / "carried_sp179.json"


def test_a_cue_ball_carried_in_hand_is_no_shot() -> None:
    tracker = BallTracker(TableGeometry(), "straight-pool")
    tracker.remove_ball(14)
    shots = list(track_shots(fixture_frames(FIX), TableGeometry(), "straight-pool", tracker=tracker,
                             cfg=ShotBuildConfig(noise_sigma=0.002)))
    assert shots == []
