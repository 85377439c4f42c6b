"""A track not known to be a ball, hidden long since, does not take a ball seen last frame off a cushion (issue 5;
``BallTracker._owned``). Held-out ho45 rails-421 at 60/720p (now dev; fixture ``tip_stale_rails421.json``): the
cue ball, struck at 7.9 m/s, ran the length of the table and came off the foot cushion at 3.8 m/s inside a frame.
The cue's tip track, hidden 0.73 s by the foot rail, took its next sighting 5.7 cm from that stale place, 8.4 cm
from the cue ball's own prediction on into the cushion; named the cue ball later, it made the cue ball's path, and
the run before (its cut of the 3, two cushions) was lost: no first contact."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from madeobs import fixture_frames, frame

from tracking.tracker import BallTracker
from vision.geometry import TableGeometry

FIX = Path(__file__).parent / "fixtures"


def _track_from(tracker: BallTracker, p: tuple[float, float]):
    return next(tr for tr in tracker.tracks if np.linalg.norm(np.subtract(tr.xy[0], p)) < 0.01)


def test_the_cue_ball_off_a_cushion_stays_on_its_own_track() -> None:
    tracker = BallTracker(TableGeometry(), "nine-ball")
    for obs in fixture_frames(FIX / "tip_stale_rails421.json"):
        tracker.update(obs)
    cue = _track_from(tracker, (2.1952, 0.3960))
    seen = dict(zip((round(t, 4) for t in cue.times), cue.xy, strict=True))
    assert 2.8 in seen and np.allclose(seen[2.8], (2.4285, 0.4441), atol=2e-3), "off the cushion, on its own track"
    assert max(seen) > 2.88
    tip = _track_from(tracker, (2.4084, 0.3906))
    assert len(tip.xy) == 1, "the tip's track keeps its one sighting"


def test_a_stale_track_not_known_to_be_a_ball_still_takes_an_unnamed_detection() -> None:
    # the rule holds off only detections named as a ball seen last frame within reach: a hand found again near
    # where it was lost, scored as no ball in particular, is still that hand's
    tracker = BallTracker(TableGeometry(), "nine-ball")
    cue, hand = (1.0, 0.6), (2.0, 0.3)
    for k in range(20):
        tracker.update(frame(k, 60.0, [(cue, {0: 0.9})]))
    tracker.update(frame(20, 60.0, [(cue, {0: 0.9}), (hand, {3: 0.2, 5: 0.2})]))
    for k in range(21, 40):
        tracker.update(frame(k, 60.0, [(cue, {0: 0.9})]))
    tracker.update(frame(40, 60.0, [(cue, {0: 0.9}), ((2.03, 0.31), {3: 0.2, 5: 0.2})]))
    assert len(_track_from(tracker, hand).xy) == 2
