"""A hitter set moving inside the frame gap in which it drives a resting ball into a near cushion (ho10
near-rail-201, 30/720p: the cue ball, struck 20 ms before it met the 13, drove it 46 mm into the right cushion
and met it again on its way back; the shot's cushion contact was missed). The hitter's fitted piece before the
hit is its rest, so ``events._driven_back_off`` read no drive; its chord across the gap is a lower bound on it
(``events._gap_chord``). The clip's sightings, with a little extra noise, fitted as the pipeline fits them."""

from __future__ import annotations

import numpy as np
import pytest
from madeup import PIPE_TOLERANCE, run

T_CUSHION = 1.697  # when pooltool's 13 met the right cushion (truth)
FPS = 30.0

# the clip's sightings from 1.5667 s, one a frame: the cue ball at rest (struck about 1.664 s, so its 1.6667 s
# sighting has moved 9 mm), then on; the 13 at rest 46 mm off the right cushion's touching line, first seen again
# 3 ms after its cushion contact, then back off it
CUE = np.array([[0.5766, 1.0619], [0.5762, 1.0608], [0.5754, 1.0606], [0.5757, 1.0696], [0.5707, 1.1398],
                [0.5473, 1.0983], [0.5153, 1.0257], [0.4792, 0.9596], [0.4487, 0.8921], [0.4168, 0.8260],
                [0.3836, 0.7633], [0.3532, 0.7039], [0.3224, 0.6459], [0.2917, 0.5897], [0.2626, 0.5365]])
BALL = np.array([[0.5794, 1.1948], [0.5794, 1.1948], [0.5794, 1.1948], [0.5794, 1.1948], [0.5819, 1.2334],
                 [0.6018, 1.1907], [0.6279, 1.1818], [0.6538, 1.1686], [0.6768, 1.1561], [0.6993, 1.1422],
                 [0.7189, 1.1269], [0.7389, 1.1106], [0.7597, 1.0966], [0.7788, 1.0809], [0.7968, 1.0657]])


def _events(seed: int, sigma: float = 0.0003):
    pre = 12  # more resting frames before, as in the clip (at rest from 1.1667 s)
    t = 1.5667 + (np.arange(len(CUE) + pre) - pre) / FPS
    tracks = {b: np.concatenate([np.tile(seen[0], (pre, 1)), seen]) for b, seen in ((0, CUE), (13, BALL))}
    return run(tracks, t, {0, 13}, seed, sigma, tolerance=PIPE_TOLERANCE, t_start=1.6667)


@pytest.mark.parametrize("seed", range(4))
def test_a_ball_driven_into_a_cushion_by_a_hitter_struck_in_the_same_gap_touched_it(seed: int) -> None:
    ev = _events(seed)
    rights = [e.t for e in ev if e.type == "cushion" and e.ball == 13 and e.rail == "right"]
    assert len(rights) == 1, ev
    assert abs(rights[0] - T_CUSHION) < 2 / FPS, rights
