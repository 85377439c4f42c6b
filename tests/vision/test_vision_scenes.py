"""The shared test scenes (``vision_scenes.scene``) give a frame the same noise whatever was rendered before it:
tests that share a scene cannot change each other's results by the order they run in."""

from __future__ import annotations

import numpy as np
from vision_scenes import scene

from cueref.synth import render_frame

SMALL = (320, 180)


def test_a_frames_noise_depends_on_its_seed_alone() -> None:
    build = scene.__wrapped__  # uncached: two scenes as two test orders would find them
    pos = np.full((16, 2), np.nan)
    pos[0] = (1.0, 0.6)
    first, second = build("blue", SMALL), build("blue", SMALL)
    render_frame(first, pos, rng=np.random.default_rng(3))  # another test rendered this scene first
    a = render_frame(first, pos, rng=np.random.default_rng(0))
    b = render_frame(second, pos, rng=np.random.default_rng(0))
    np.testing.assert_array_equal(a, b)
    c = render_frame(second, pos, rng=np.random.default_rng(1))
    assert np.abs(a.astype(int) - c).max() > 0  # and the seed still changes the noise
