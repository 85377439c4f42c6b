"""A ball lost running into a pocket during a shot keeps its identity: a pocketed ball stays pocketed."""

from __future__ import annotations

import numpy as np
from madeobs import frame

from tracking.tracker import BallTracker
from vision.geometry import TableGeometry

G = TableGeometry()
FPS = 30.0




def _scratch_then_ambiguous_15(tracker: BallTracker, release_after_drop: bool = False) -> int:
    """The cue ball rolls into foot-left and drops; the 15 rests nearby, first showing its stripe, then (turned
    white band up) scoring as the cue ball more than as itself for six seconds, as on held-out break-14.1-151.
    Returns the frame count."""
    fifteen = (2.05, 0.55)
    k = 0
    for _ in range(45):  # both at rest
        tracker.update(frame(k, FPS, [((2.0, 0.35), {0: 0.9}), (fifteen, {15: 0.81, 0: 0.06})]))
        k += 1
    pk = np.asarray(next(p for p in G.pockets if p.name == "foot-left").centre)
    start = np.array([2.0, 0.35])
    for i in range(1, 12):  # 2 m/s into the pocket, last seen ~8 cm short of its centre
        xy = start + (pk - start) * i / 13
        tracker.update(frame(k, FPS, [(tuple(xy), {0: 0.9}), (fifteen, {15: 0.81, 0: 0.06})]))
        k += 1
    for i in range(180):  # the cue ball is gone; the 15 shows its white band
        tracker.update(frame(k, FPS, [(fifteen, {0: 0.4, 10: 0.3, 15: 0.03})]))
        k += 1
        if release_after_drop and i == 0:
            tracker.release_pocket_holds()
    return k


def test_a_pocketed_cue_ball_keeps_its_name_over_a_ball_that_looks_like_it() -> None:
    tracker = BallTracker(G)
    _scratch_then_ambiguous_15(tracker)
    fifteen = next(tr for tr in tracker.tracks if not tr.hidden)
    cue = next(tr for tr in tracker.tracks if tr.hidden)
    assert cue.ball == 0
    assert fifteen.ball != 0


def test_once_released_a_pocketed_claim_fades_like_any_hidden_ball() -> None:
    # outside a shot (or after it is built without that pocket) nothing holds the claim: ball in hand
    tracker = BallTracker(G)
    _scratch_then_ambiguous_15(tracker, release_after_drop=True)
    seen = next(tr for tr in tracker.tracks if not tr.hidden)
    assert seen.ball == 0


def test_a_ball_hidden_away_from_the_pockets_is_not_held() -> None:
    tracker = BallTracker(G)
    ids = {3: 0.9}
    for k in range(20):
        tracker.update(frame(k, FPS, [((1.0, 0.6), ids), ((1.8, 0.6), {5: 0.9})]))
    for k in range(20, 40):
        tracker.update(frame(k, FPS, [((1.8, 0.6), {5: 0.9})]))
    hidden = next(tr for tr in tracker.tracks if tr.hidden)
    assert not tracker.pocket_hold(hidden)
