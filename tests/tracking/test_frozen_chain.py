"""A cue ball frozen to a ball of a cluster and struck softly pushes through balls frozen together: the first
ball to leave is reached through the one it touched (issue 5, first contact; ``tracking.events._frozen_chain``).

ho94 straight-pool-run-181 at 30/720p (held out, scored on the frozen 310292f; now dev; fixture
``frozen_chain_sp181.json``, its detections from 55.8 to 57.8 s): the cue ball lay 0.6 mm off the 10, which was
frozen to the 14. Struck softly with draw at 56.808 s, it pushed 2.5 mm and came back; the 10 crept 9 mm and was
never fitted as leaving, the 14 flew off at 0.8 m/s, and the cue ball's kink was fitted 110 ms late on its way
back. The shot had no first contact and the review ruled a no-contact foul."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from madeobs import fixture_frames

from adjudicator.facts import derive
from tracking.events import _frozen_chain
from tracking.paths import BallPath, Piece
from tracking.shots import ShotBuildConfig, track_shots
from tracking.tracker import BallTracker
from vision.geometry import TableGeometry

FIX = Path(__file__).parent / "fixtures" / "frozen_chain_sp181.json"
R = TableGeometry().ball_radius


def test_the_push_through_the_ten_is_the_first_contact() -> None:
    (shot,) = track_shots(fixture_frames(FIX), TableGeometry(), "straight-pool",
                          tracker=BallTracker(TableGeometry(), "straight-pool"), cfg=ShotBuildConfig(noise_sigma=0.002))
    assert derive(shot).first_contact == 10
    first = next(e for e in shot.events if e.type == "collision")
    assert first.balls == (0, 10) and abs(first.t - 56.8078) < 1 / 30


def _still(ball: int, x: float, y: float) -> BallPath:
    return BallPath(ball, (Piece(0, 9, 0.0, 1.0, 0.0, (x, 0.0, 0.0), (y, 0.0, 0.0), 10, 0.0),), ())


def test_a_gap_breaks_the_chain() -> None:
    """The 14 is reached only through balls each within 4 mm of touching the next, from a ball within a push
    (2 cm) of the cue ball; a 1 cm gap on the way, or 2.5 cm between the cue ball and the ball nearest it, is no
    push."""
    cue = np.array([1.0, 0.5])
    touching = {10: _still(10, 1.0 + 2 * R + 0.006, 0.5), 14: _still(14, 1.0 + 4 * R + 0.007, 0.5)}
    assert _frozen_chain(touching, 14, 0.5, cue, R) == 10
    gapped = {10: _still(10, 1.0 + 2 * R + 0.001, 0.5), 14: _still(14, 1.0 + 4 * R + 0.011, 0.5)}
    assert _frozen_chain(gapped, 14, 0.5, cue, R) is None
    off_cue = {10: _still(10, 1.0 + 2 * R + 0.025, 0.5), 14: _still(14, 1.0 + 4 * R + 0.026, 0.5)}
    assert _frozen_chain(off_cue, 14, 0.5, cue, R) is None
