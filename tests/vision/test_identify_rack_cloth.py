"""The identifier's own cloth estimate inside a full rack (sixteenth round, vid16).

``estimate_cloth`` takes the commonest colour of a ring of samples 1.5 radii out from every ball. In a full rack
that ring lies mostly on the other balls, whose one shared colour is white: the estimate turned white, the white
pixels of every ball were then dropped as cloth, and 7 of the 16 balls were read wrong (on red cloth the cue ball
as the 10). Ring samples lying on another detected ball are now left out.
"""

from __future__ import annotations

import numpy as np
import pytest
from vision_scenes import render

from vision.identify import _CLOTH_RING, BallIdentifier, _chroma, cloth_ring, estimate_cloth, sample_pixels

# (cloth, render seed): frames where the old estimate was white (saturation 0.02; the cloths' is 0.5-0.75)
WHITE_BEFORE = [("blue", 0), ("green", 0), ("red", 1)]


def _rack(cloth: str, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    img, pos, sc = render("rack15", cloth=cloth, resolution=(1920, 1080), seed=seed)
    cal = sc.camera.calibration()
    return img, cal.table_to_image(pos), cal.ball_radius_px(pos)


@pytest.mark.parametrize(("cloth", "seed"), WHITE_BEFORE)
def test_cloth_estimate_in_a_full_rack_is_the_cloth(cloth: str, seed: int) -> None:
    img, centres, radii = _rack(cloth, seed)
    est = estimate_cloth(cloth_ring(img, centres, radii))
    assert est is not None
    assert float(_chroma(est)[2]) > 0.4  # the cloth's colour, not the balls' white


@pytest.mark.parametrize(("cloth", "seed"), WHITE_BEFORE)
def test_full_rack_identified_with_own_cloth_estimate(cloth: str, seed: int) -> None:
    img, centres, radii = _rack(cloth, seed)
    ident = BallIdentifier()
    scores = ident.fast_scores(img, centres, radii)
    assert ident._cloth_est is not None and float(_chroma(ident._cloth_est)[2]) > 0.4
    assert np.argmax(scores[0]) == 0  # the cue ball
    assert (np.argmax(scores, axis=1) == np.arange(16)).sum() >= 15  # (before: 9 of 16)


def test_lone_balls_estimate_unchanged() -> None:
    """Balls apart: no ring sample lies on another ball, so every one is kept."""
    img, pos, sc = render("scattered", cloth="green", resolution=(1920, 1080), seed=0)
    cal = sc.camera.calibration()
    ok = np.isfinite(pos[:, 0])
    centres, radii = cal.table_to_image(pos[ok]), cal.ball_radius_px(pos[ok])
    ring = sample_pixels(img, centres, radii, _CLOTH_RING)
    np.testing.assert_array_equal(cloth_ring(img, centres, radii), ring.reshape(-1, 3))
