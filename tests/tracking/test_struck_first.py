"""The ball the cue strikes is the cue ball (issue 5, first contact; ``BallTracker._struck_first``). Held-out ho43
kick-401 at 60/1080p (now dev; fixture ``struck_first_k401.json``, its detections 0-1.75 s, 14.1 with the cue ball,
the 4 and the 10 on the table): the 10 rested with a white cap up and was scored the cue ball (0.56); the cue
ball was scored a stripe (the 10 at 0.23), so the two tracks held each other's names from the first frame. The cue
ball's set-off at 1.575 s was then an object ball rolling away, the shot was cut from the 10's set-off 0.5 s
later, and it had no strike and no first contact."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from madeobs import fixture_frames

from tracking.tracker import BallTracker
from vision.geometry import TableGeometry

FIX = Path(__file__).parent / "fixtures" / "struck_first_k401.json"
CUE_REST = (2.0520, 0.4106)
TEN_REST = (1.7970, 0.8105)


def _names(until: float) -> dict[tuple[float, float], int | None]:
    tracker = BallTracker(TableGeometry(), "straight-pool")
    for ball in set(range(16)) - {0, 4, 10}:  # the balls the rules have on the table, as `cueref review` tells it
        tracker.remove_ball(ball)
    for obs in fixture_frames(FIX):
        if obs.t <= until:
            tracker.update(obs)
    out = {}
    for spot in (CUE_REST, TEN_REST):
        tr = next(tr for tr in tracker.tracks if tr.xy and np.linalg.norm(np.subtract(tr.xy[0], spot)) < 0.01)
        out[spot] = tr.ball
    return out


def test_the_struck_ball_takes_the_cue_balls_name() -> None:
    assert _names(1.75) == {CUE_REST: 0, TEN_REST: 10}


def test_the_identifier_alone_swapped_them_before_the_strike() -> None:
    # (the case's premise: at rest the colour scores give the names the other way round)
    assert _names(1.55) == {CUE_REST: 10, TEN_REST: 0}
