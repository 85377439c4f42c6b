"""The combined identifier (fast scores every frame, the CNN only for new or unsure balls) and the cloth estimate.

Offline and fast: balls drawn with the footage renderer's ``draw_ball`` on a plain cloth.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from vision.colors import CATEGORIES, category_of
from vision.identify import (
    BallIdentifier,
    CombinedIdentifier,
    categories,
    combine,
    estimate_cloth,
    features_from_pixels,
)

SEED = 7100  # training uses 1000/1001, the fast fit 500/501, the evaluation 9000/9001, test_identify 7000-7005


def _frame(rng: np.random.Generator, cloth: tuple[int, int, int] = (150, 95, 25), n: int = 16,
           radius: float = 15.0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    from cueref.synth.render import draw_ball, orientation_matrix

    img = np.empty((720, 1280, 3), np.float32)
    img[:] = cloth
    img += rng.normal(0, 3, img.shape).astype(np.float32)
    centres = np.array([[120 + 140 * (i % 8), 200 + 250 * (i // 8)] for i in range(n)], float)
    for i, c in enumerate(centres):
        draw_ball(img, c, radius, i, orientation=orientation_matrix(rng.uniform(0, 2 * np.pi), rng.uniform(0.3, 1.4)))
    return np.clip(img, 0, 255).astype(np.uint8), centres, np.full(n, radius)


def test_the_model_runs_on_new_balls_within_the_budget_then_only_when_needed() -> None:
    image, centres, radii = _frame(np.random.default_rng(SEED))
    ident = CombinedIdentifier(budget=5)
    first = ident.fast_scores(image, centres, radii)
    assert first.shape == (16, 16) and np.allclose(first.sum(axis=1), 1.0)
    assert ident.model_calls == 5
    for _ in range(3):  # 16 new balls at 5 a frame: all seen by the fourth frame
        ident.fast_scores(image, centres, radii)
    assert ident.model_calls == 16
    settled = ident.model_calls
    out = ident.fast_scores(image, centres, radii)
    assert ident.model_calls == settled  # nothing new, nothing due: the fast scorer alone
    # every ball's row is now the product of experts of the fast scores and the model's cached answer
    ref = BallIdentifier()
    want = combine(ident.ident.fast_scores(image, centres, radii), ref.model_scores(image, centres, radii))
    assert np.mean(out.argmax(axis=1) == want.argmax(axis=1)) >= 0.9
    assert np.mean(out.argmax(axis=1) == np.arange(16)) >= 0.8


def test_a_ball_that_jumps_is_new_again() -> None:
    image, centres, radii = _frame(np.random.default_rng(SEED + 1))
    ident = CombinedIdentifier(budget=16)
    ident.fast_scores(image, centres, radii)
    assert ident.model_calls == 16
    moved = centres.copy()
    moved[3] += 3 * radii[3]  # further than one radius from where it was: not the same ball for the cache
    ident.fast_scores(image, moved, radii)
    assert ident.model_calls == 17


def test_without_a_model_it_falls_back_to_the_fast_scores(tmp_path: Path) -> None:
    image, centres, radii = _frame(np.random.default_rng(SEED + 2), n=4)
    ident = CombinedIdentifier(BallIdentifier(model_path=tmp_path / "missing.onnx"))
    out = ident.fast_scores(image, centres, radii)
    assert np.allclose(out, BallIdentifier(model_path=tmp_path / "missing.onnx").fast_scores(image, centres, radii))
    assert ident.model_calls == 0


def test_cloth_estimate_is_the_mode_even_when_most_of_the_ring_is_other_balls() -> None:
    rng = np.random.default_rng(SEED + 3)
    cloth = np.array([150.0, 95.0, 25.0])
    ring = np.concatenate([
        cloth + rng.normal(0, 3, (40, 3)),  # cloth: one colour
        rng.uniform(0, 255, (60, 3)),  # neighbouring balls: anything, spread out
    ])
    est = estimate_cloth(ring[rng.permutation(len(ring))])
    assert est is not None and np.linalg.norm(est - cloth) < 10
    assert estimate_cloth(np.zeros((5, 3))) is None  # too few (and too dark) samples


def test_auto_cloth_agrees_with_the_given_cloth() -> None:
    cloth = (45, 125, 25)
    image, centres, radii = _frame(np.random.default_rng(SEED + 4), cloth)
    auto = categories(BallIdentifier().fast_scores(image, centres, radii)).argmax(axis=1)
    given = categories(BallIdentifier(cloth_bgr=cloth).fast_scores(image, centres, radii)).argmax(axis=1)
    assert np.mean(auto == given) >= 0.9
    truth = np.array([CATEGORIES.index(category_of(i)) for i in range(16)])
    assert np.mean(auto == truth) >= 0.75


def test_rim_features_tell_two_caps_from_one_number_disc() -> None:
    """Pixel classes on the rim circle: white at opposite sides (a stripe's caps) vs at one side (a number)."""
    from vision.identify import N_RIM, N_SAMPLES

    white, red = [235.0, 235.0, 235.0], [40.0, 30.0, 215.0]
    pix = np.empty((2, N_SAMPLES + N_RIM, 3))
    pix[:, :N_SAMPLES] = red
    a = np.arange(N_RIM)
    caps = (a % (N_RIM // 2)) < N_RIM // 6  # two arcs, half a turn apart
    spot = a < N_RIM // 6  # one arc
    pix[0, N_SAMPLES:] = np.where(caps[:, None], white, red)
    pix[1, N_SAMPLES:] = np.where(spot[:, None], white, red)
    f = features_from_pixels(pix.astype(np.float32))
    assert f["rim_opposite"][0] > 0.3 and f["rim_opposite"][1] == 0.0
    assert f["rim_arcs"][0] == 2 and f["rim_arcs"][1] == 1


def test_one_of_each_gives_a_doubly_claimed_id_to_the_surer_ball() -> None:
    from vision.identify import one_of_each

    p = np.full((3, 16), 0.01)
    p[0, 0], p[0, 9] = 0.9, 0.05  # clearly the cue ball
    p[1, 0], p[1, 9] = 0.6, 0.35  # a stripe whose cap faces the camera: looks a bit like the cue ball
    p[2, 3] = 0.9
    p /= p.sum(axis=1, keepdims=True)
    out = one_of_each(p)
    assert np.allclose(out.sum(axis=1), 1.0)
    assert out.argmax(axis=1).tolist() == [0, 9, 3]
    lone = p[1:2]
    assert np.allclose(one_of_each(lone), lone)  # one ball: nothing to share
