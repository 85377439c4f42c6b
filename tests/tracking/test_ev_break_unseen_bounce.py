"""A rack ball that met a cushion before its first moving sighting (ho11 break-8-210, 30/720p, opened after the
eleventh-round measurement: the 1, struck out of the rack at ~7 m/s at 1.504 s, met the foot cushion at 1.549 s and
was first seen moving at 1.567 s, 10 cm back off it; its last resting sighting was at 1.500 s). No kink lies near
the cushion: the resting piece and the first moving piece meet 22 cm from it, and no collision of the 1 was found
within 1.5 frames of that kink, so ``_cushions``' carry-back to a collision looked only from the kink on. The
moving piece carried back to the last resting sighting runs through the foot cushion, and the ball was first seen
nearer that cushion than it rested: it went there and came back. The clip's sightings of the 1 and of the 6 that
struck it, with a little extra noise, fitted as the pipeline fits them."""

from __future__ import annotations

import numpy as np
import pytest
from madeup import PIPE_TOLERANCE, run

FPS = 30.0
T_FOOT = 1.549  # pooltool's 1 on the foot cushion (truth)

T = 1.3 + np.arange(20) / FPS
NAN = [np.nan, np.nan]
ONE = np.array([[2.1025, 0.5226]] * 7 + [NAN] + [
    [2.3936, 0.2321], [2.1826, 0.1400], [1.9643, 0.0452], [1.7665, 0.0844], [1.5800, 0.1507], [1.3974, 0.2141],
    [1.2151, 0.2792], [1.0394, 0.3404], [0.8659, 0.4012], [0.6867, 0.4645], [0.5059, 0.5289], [0.3468, 0.5844]])
SIX = np.array([[2.0554, 0.5529]] * 7 + [
    [2.0585, 0.5470], [2.0596, 0.5411], [2.0643, 0.5341], [2.0659, 0.5297], [2.0675, 0.5240], [2.0676, 0.5186],
    [2.0721, 0.5144], [2.0727, 0.5085], [2.0759, 0.5042], [2.0780, 0.4990], [2.0803, 0.4946], [2.0823, 0.4906],
    [2.0850, 0.4856]])


def _feet(one: np.ndarray, seed: int) -> list[float]:
    tracks = {1: one, 6: SIX}
    ev = run(tracks, T, set(tracks), seed, 0.0003, tolerance=PIPE_TOLERANCE, t_start=1.4)
    return [e.t for e in ev if e.type == "cushion" and e.ball == 1 and e.rail == "foot"]


@pytest.mark.parametrize("seed", range(4))
def test_a_bounce_before_the_first_moving_sighting_is_a_contact(seed: int) -> None:
    feet = _feet(ONE, seed)
    assert len(feet) == 1, feet
    assert abs(feet[0] - T_FOOT) < 1 / FPS, feet


@pytest.mark.parametrize("seed", range(4))
def test_a_ball_struck_away_from_a_near_cushion_did_not_meet_it(seed: int) -> None:
    # the same first moving sightings from a rest 6 cm off the foot cushion on their line: struck away from it
    # (first seen farther from it than it rested), though the piece carried back to the last resting sighting
    # runs through the cushion too
    one = ONE.copy()
    one[:7] = [2.4504, 0.2568]
    assert _feet(one, seed) == []
