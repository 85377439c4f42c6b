"""Tracker identities on breaks (issue 5, pooltool oracle dev cases found in the third round).

A break cue ball runs ~14 m/s: 0.46 m between 30-fps frames, beyond the old fixed 0.45 m re-acquire gate, so its
resting track was abandoned on the first long step, a new track took the name 0 seconds later and the break shot
was missed (dev break-8 seed 20, 30/720p). A cue ball missed on its contact frame lost its name to a rack ball
(dev break-8 seed 6, 30/720p)."""

from __future__ import annotations

import numpy as np
import pytest

from tracking.tracker import BallTracker
from vision.geometry import TableGeometry
from vision.types import N_IDS, BallObservations

G = TableGeometry()


def _scores(ball: int, p: float = 0.6) -> np.ndarray:
    s = np.full(N_IDS, (1 - p) / (N_IDS - 1))
    s[ball] = p
    return s


def _frame(k: int, fps: float, dets: list[tuple[np.ndarray, int]]) -> BallObservations:
    xy = np.array([d[0] for d in dets]).reshape(-1, 2)
    return BallObservations(t=k / fps, frame_index=k, xy=xy, xy_px=xy * 500, radius_px=np.full(len(dets), 14.0),
                            confidence=np.full(len(dets), 0.95), id_scores=np.array([_scores(d[1]) for d in dets]))


def _break(speed: float, fps: float) -> tuple[BallTracker, dict[int, list[tuple[int, int | None]]]]:
    """Cue ball resting at the head string for 1 s, struck at frame ``fps``: 1 cm on the strike frame (struck
    just before it), then ``speed`` m/s towards the rack; a far rack ball and a side ball rest throughout.
    Returns the tracker and, per moving frame, the (track id, name) of each track within 3 cm of the cue ball."""
    cue0 = np.array([0.62, 0.60])
    rack = np.array([2.2, 0.635])
    side = np.array([1.3, 1.1])
    tracker = BallTracker(G, "straight-pool")
    near: dict[int, list[tuple[int, int | None]]] = {}
    n0 = int(fps)
    x = cue0.copy()
    for k in range(n0 + 4):
        if k == n0:
            x = cue0 + np.array([0.01, 0.0])
        elif k > n0:
            x = x + np.array([speed / fps, 0.0])
        states = tracker.update(_frame(k, fps, [(x, 0), (rack, 1), (side, 5)]))
        if k >= n0:
            near[k] = [(s.track_id, s.ball) for s in states
                       if s.seen and np.hypot(s.position[0] - x[0], s.position[1] - x[1]) < 0.03]
    return tracker, near


def test_break_cue_ball_keeps_its_resting_track_at_14_m_s_30_fps() -> None:
    tracker, near = _break(14.0, 30.0)
    rest_id = near[30][0][0]
    assert near[30] == [(rest_id, 0)]
    for k in (31, 32, 33):  # 0.467 m a frame, 0.457 m from the prediction
        assert near[k] == [(rest_id, 0)], (k, near[k])
    assert len(tracker.tracks) == 3  # no new track was started for the moving cue ball


def test_gate_still_bounds_a_resting_track_at_60_fps() -> None:
    """At 60 fps the frame-interval gate (16 m/s x dt = 0.27 m) is under the 0.45 m floor: the floor holds, and
    a ball 0.46 m from every track at 60 fps is still too fast to be a resting ball's next sighting."""
    tracker, near = _break(27.6, 60.0)
    assert all(tid != near[60][0][0] for k in (61, 62) for tid, _ in near[k])


def _contact_clip(drop_cue: bool) -> list[BallObservations]:
    """Dev break-8 seed 6 at 30 fps, replayed from its truth: the cue ball runs 12 m/s into the rack; on the
    contact frame (68) it is deflected (to 1.882, 0.526) and missed by the detector, while the 6 flies 35 cm from
    its resting place to (2.404, 0.923), 27 cm from the cue ball's straight prediction; on 69 the cue ball is seen
    17 cm from its last sighting, beside the resting 11 (missed that frame)."""
    v = np.array([12.03, 2.49]) / 30
    cue67 = np.array([1.851, 0.616])
    rest = {11: np.array([2.054, 0.549]), 12: np.array([2.054, 0.721]), 13: np.array([2.103, 0.692]),
            6: np.array([2.103, 0.749]), 1: np.array([2.4, 0.5])}
    after = {68: {0: (1.882, 0.526), 6: (2.404, 0.923), 11: (2.061, 0.544)},
             69: {0: (1.909, 0.442), 6: (2.368, 1.048)},
             70: {0: (1.935, 0.359), 6: (2.33, 1.17), 11: (2.073, 0.537)},
             71: {0: (1.958, 0.277), 6: (2.29, 1.29), 11: (2.079, 0.533)},
             72: {0: (1.979, 0.195), 6: (2.25, 1.41), 11: (2.085, 0.529)}}
    frames = []
    for k in range(30, 73):
        if k < 60:
            cue = cue67 - 7 * v
        else:
            cue = cue67 - (67 - k) * v
        pos = {0: cue, **rest}
        if k >= 68:
            pos = {b: p for b, p in pos.items() if b in (1, 12, 13)}
            pos.update({b: np.array(p) for b, p in after[k].items()})
            if drop_cue and k == 68:
                del pos[0]
        frames.append(_frame(k, 30.0, [(p, b) for b, p in pos.items()]))
    return frames


@pytest.mark.parametrize("drop_cue", [True, False])
def test_cue_ball_missed_on_its_contact_frame_keeps_its_name(drop_cue: bool) -> None:
    tracker = BallTracker(G, "straight-pool")
    named: dict[int, dict[int, tuple[float, float]]] = {}
    for obs in _contact_clip(drop_cue):
        named[obs.frame_index] = {s.ball: s.position for s in tracker.update(obs) if s.ball is not None and s.seen}
    for k, want in ((69, (1.909, 0.442)), (70, (1.935, 0.359)), (72, (1.979, 0.195))):
        assert np.hypot(*np.subtract(named[k].get(0, (9.0, 9.0)), want)) < 0.01, (k, named[k].get(0))
    for k in (70, 72):  # the rack ball beside the contact keeps its name, and the 6 that flew off keeps its own
        assert np.hypot(*np.subtract(named[k][11], (2.073 if k == 70 else 2.085, 0.537 if k == 70 else 0.529))) < 0.01
    assert np.hypot(*np.subtract(named[72][6], (2.25, 1.41))) < 0.01


def test_hidden_cue_ball_is_not_taken_by_a_rack_ball_put_down_nearby() -> None:
    """Dev straight-pool-run-7 at 30 fps, the 14.1 re-rack: the cue ball rests hidden (under the racker's arm)
    while rack balls are put down nearby; one surely the 1 (cue-ball score 0.001) took the hidden cue ball's
    track 28 cm away, which then 'moved' into the rack: an extra shot at 25.4 s. The cue ball keeps its place and
    name (here the 1 is put down 40 cm away, within the hidden track's growing gate)."""
    tracker = BallTracker(G, "straight-pool")
    cue, three, one = np.array([2.334, 0.464]), np.array([0.52, 0.456]), np.array([1.955, 0.608])
    last: list = []
    for k in range(60):
        dets: list[tuple[np.ndarray, int]] = [(three, 3)]
        if k < 20 or k >= 50:
            dets.append((cue, 0))
        if k >= 35:
            dets.append((one, 1))
        xy = np.array([d[0] for d in dets])
        scores = np.array([_scores(b, 0.99 if b != 0 else 0.6) for _, b in dets])
        obs = BallObservations(t=k / 30.0, frame_index=k, xy=xy, xy_px=xy * 500, radius_px=np.full(len(dets), 14.0),
                               confidence=np.full(len(dets), 0.95), id_scores=scores)
        last = tracker.update(obs)
        named = {s.ball: s for s in last if s.ball is not None}
        if 35 <= k < 50:  # the cue ball's track stays hidden where it was
            assert np.hypot(*np.subtract(named[0].position, cue)) < 0.01, (k, named[0])
            assert not named[0].seen
    named = {s.ball: s for s in last if s.ball is not None}
    assert named[0].seen and np.hypot(*np.subtract(named[0].position, cue)) < 0.01
    assert np.hypot(*np.subtract(named[1].position, one)) < 0.01


def test_resting_track_does_not_jump_half_a_metre_at_30_fps() -> None:
    """The frame-interval reach (16 m/s x 1/30 s = 0.53 m) is for a track that moved on its last sighting; a
    resting ball missed on one frame keeps the 0.45 m gate, so a ball 0.5 m away is not its next sighting (with
    the reach for every track, a rack ball took a resting track 0.5 m away: dev pooltool break-9 seed 0)."""
    tracker = BallTracker(G, "straight-pool")
    a, b = np.array([1.0, 0.6]), np.array([1.5, 0.6])
    for k in range(31):  # the 3 rests; on frame 30 it is missed and the 5 is seen 0.5 m away
        states = tracker.update(_frame(k, 30.0, [(a, 3)] if k < 30 else [(b, 5)]))
    ids = {s.track_id: s for s in states}
    first = min(ids)
    assert np.hypot(*np.subtract(ids[first].position, a)) < 0.01 and not ids[first].seen
