"""The break's cue ball, lost in its blur, is found again on its own track (issue 5, first contact on breaks;
``BallTracker._lost_match`` and ``_associate``). Held-out ho44 (now dev):

- break-9-411 at 30/1080p (fixture ``break_blur_b9411.json``, 0.8-1.7 s): the cue ball vanished from rest in its
  blur and came back 58 cm on as two circles, the rear one scored 12: 0.41, cue ball 0.23. The cue ball's lost track
  was refused it for the name, and the cue's tip track, hidden 0.13 s 83 cm behind, took it instead at a struck
  ball's reach: the break was cut from a later shot.
- break-8-412 at 30/720p: as the cue ball came off the rack (0: 0.90, 9: 0.02) the 9, gone from its spot in the
  break, took it 16 cm away, and the cue ball's track stayed hidden behind: no first contact. Made-up detections
  below: the clip's own, replayed from a fixture, do not tip the assignment the same way.
- break-9-381 at 30/720p (ho37, dev; fixture ``break_blur_b9381.json``, 0.3-1.85 s): the cue ball was seen once 4 cm
  off its rest, then lost, then found 73 cm past its slow prediction as two circles 56 mm apart, scored cue ball
  0.04 and 0.06. The tip's track was kept off them (``_blur_pairs``) and so was the cue ball's own (too far, and
  not named like it): two new tracks ran on and the break started 3 frames late."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from madeobs import fixture_frames, frame, track_from, tracked_fixture

from tracking.tracker import BallTracker
from vision.geometry import TableGeometry

FIX = Path(__file__).parent / "fixtures"


def test_the_cue_balls_lost_track_takes_its_blur_not_the_tips() -> None:
    tracker = tracked_fixture(FIX / "break_blur_b9411.json", "nine-ball")
    cue = track_from(tracker, (0.533, 0.804))
    assert max(p[0] for p in cue.xy) > 1.7, "the cue ball's own track runs to the rack"
    tip = track_from(tracker, (0.200, 0.834))
    assert max(p[0] for p in tip.xy) < 0.6, "the tip's track stays behind"
    tracker.assign_identities()
    assert cue.ball == 0


def test_a_resting_ball_gone_from_its_spot_does_not_take_the_cue_ball() -> None:
    tracker = BallTracker(TableGeometry(), "eight-ball")
    cue, nine, fifteen = (0.6, 0.9), (2.0, 0.69), (1.9, 0.635)
    for k in range(40):
        tracker.update(frame(k, 30.0, [(cue, {0: 0.9}), (nine, {9: 0.9}), (fifteen, {15: 0.9})]))
    tracker.update(frame(40, 30.0, [((0.65, 0.89), {0: 0.5}), (nine, {9: 0.9}), (fifteen, {15: 0.9})]))
    for k in (41, 42):  # the cue ball lost in its blur
        tracker.update(frame(k, 30.0, [(nine, {9: 0.9}), (fifteen, {15: 0.9})]))
    # off the 15 it rolls back; the 9, set off, is not found this frame
    tracker.update(frame(43, 30.0, [((1.85, 0.66), {0: 0.9, 9: 0.02}), ((1.91, 0.636), {15: 0.9})]))
    by_ball = {tr.ball: tr for tr in tracker.tracks}
    assert np.allclose(by_ball[9].xy[-1], nine), "the 9's track does not take the cue ball"
    assert np.allclose(by_ball[0].xy[-1], (1.85, 0.66)), "the cue ball's own track does"


def test_the_cue_balls_track_lost_after_its_first_move_takes_its_blur() -> None:
    tracker = BallTracker(TableGeometry(), "nine-ball")
    for obs in fixture_frames(FIX / "break_blur_b9381.json"):
        tracker.update(obs)
    cue = next(tr for tr in tracker.tracks if np.linalg.norm(np.subtract(tr.xy[0], (0.580, 0.693))) < 0.01)
    times = [round(t, 4) for t in cue.times]
    seen = dict(zip(times, cue.xy, strict=True))
    assert 1.7667 in seen and 1.40 < seen[1.7667][0] < 1.47, "found again in its blur, at the two ends' mean"
    assert not [tr for tr in tracker.tracks if tr is not cue and max(p[0] for p in tr.xy) > 1.0
                and min(p[0] for p in tr.xy) < 1.8], "no track of its own for the blur's other end"
    assert times[-1] > 1.8
