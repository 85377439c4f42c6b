"""A ball smeared by motion over more than its own width, into a blob 4-5 radii long (shorter than ``streak_min``)
with no sharp outline, is one ball, not two (issue 5, session 34). Its ridge is flat, so its distance peaks sat
near the two ends, and the tracker got two circles each 25-30 mm off the ball: a jump shot's ball at 10 m/s lost
its flight off the table (dev ho54 jump-512 30/720p, ho54x jump-514 60/720p), and 60-fps breaks' cue balls were
seen as two circles on most frames.

The rule's two rejections are held by older tests, each of which fails with that part of the rule off: a band along
a cushion lit up with the whole view is thinner than a ball (``smear_width`` 0: ``test_detect_leaving``'s
``test_nothing_is_seen_leaving_when_everything_round_it_changed``), and two touching balls against an arm pinch
between them (``smear_waist`` 0: ``test_detect_recall_arm``'s seed 933)."""

from __future__ import annotations

import numpy as np
import pytest
from vision_scenes import full_pass, match_balls, scene

from cueref.synth import render_frame

SPEEDS = [(9.0, 0.0), (0.0, -10.0), (7.0, 7.0)]


def _smeared(ball: int, at: tuple[float, float], v: tuple[float, float], others: dict[int, tuple[float, float]],
             resolution: tuple[int, int] = (1280, 720)) -> tuple[np.ndarray, np.ndarray]:
    """Observed centres and truth of one frame: ``ball`` at ``at`` moving at ``v`` (m/s, blurred over the style's
    1/120 s exposure), ``others`` at rest."""
    sc = scene("blue", resolution)
    pos = np.full((16, 2), np.nan)
    vel = np.zeros((16, 2))
    pos[ball], vel[ball] = at, v
    for b, p in others.items():
        pos[b] = p
    img = render_frame(sc, pos, velocities=vel, rng=np.random.default_rng(3))
    obs = full_pass(sc.camera, img)[1]
    return obs.xy, pos


@pytest.mark.parametrize("ball", [0, 9, 13])
@pytest.mark.parametrize("v", SPEEDS, ids=["along", "across", "diagonal"])
def test_a_ball_smeared_over_more_than_its_width_is_one_ball(ball: int, v: tuple[float, float]) -> None:
    found, pos = _smeared(ball, (1.2, 0.6), v, {5: (0.5, 0.3)})
    near = np.linalg.norm(found - pos[ball], axis=1)
    assert (near < 0.045).sum() == 1  # before: two circles, 25-30 mm either side of the ball
    assert near.min() < 0.012
    assert match_balls(pos[np.isfinite(pos[:, 0])], found)[:2] == (0, 0)

