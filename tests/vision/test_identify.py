"""Ball identification: the API contract, the fast colour/stripe scores and the shipped ONNX classifier.

Offline and fast: balls are drawn in the test (the footage renderer's ``draw_ball`` on a cloth, and this
repo's crop renderer with seeds that training and fitting never use).
"""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.colors import CATEGORIES, category_of
from vision.identify import (
    CROP_MARGIN,
    CROP_SIZE,
    DEFAULT_MODEL,
    BallIdentifier,
    categories,
    combine,
    crop_balls,
    estimate_white,
)

FIXTURES = Path(__file__).with_name("fixtures")
TEST_SEED = 7000  # training uses 1000/1001, the fast fit 500/501, the evaluation 9000/9001


def _category_cases() -> list[tuple[int, str]]:
    doc = json.loads((FIXTURES / "identify_categories.json").read_text())
    return [(c["id"], c["category"]) for c in doc["cases"]]


@pytest.mark.parametrize(("ball_id", "expected"), _category_cases())
def test_category_of(ball_id: int, expected: str) -> None:
    assert category_of(ball_id) == expected


@pytest.mark.parametrize("bad", [-1, 16, 99])
def test_category_of_rejects_bad_ids(bad: int) -> None:
    with pytest.raises(ValueError, match="ball id"):
        category_of(bad)


def _table_frame(rng: np.random.Generator, cloth_bgr: tuple[int, int, int], radius: float = 15.0,
                 size: tuple[int, int] = (1080, 1920)) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A 1080p cloth with all 16 balls drawn by the footage renderer, apart, numbers at random angles."""
    from cueref.synth.render import draw_ball, orientation_matrix

    img = np.empty((*size, 3), np.float32)
    img[:] = cloth_bgr
    img += rng.normal(0, 3, img.shape).astype(np.float32)
    ids = np.arange(16)
    centres = np.array([[300 + 160 * (i % 8) + rng.uniform(-3, 3), 400 + 200 * (i // 8) + rng.uniform(-3, 3)]
                        for i in ids])
    for i, c in zip(ids, centres, strict=True):
        tilt = rng.uniform(0.3, 1.4)  # number disc between half turned away and nearly facing the camera
        draw_ball(img, c, radius, int(i), orientation=orientation_matrix(rng.uniform(0, 2 * np.pi), tilt))
    return np.clip(img, 0, 255).astype(np.uint8), centres, np.full(16, radius)


def test_fast_scores_shape_rows_and_empty_input() -> None:
    rng = np.random.default_rng(TEST_SEED)
    image, centres, radii = _table_frame(rng, (150, 95, 25))
    scores = BallIdentifier().fast_scores(image, centres, radii)
    assert scores.shape == (16, 16)
    assert np.allclose(scores.sum(axis=1), 1.0)
    assert (scores > 0).all()  # no id is ever ruled out on one frame
    assert BallIdentifier().fast_scores(image, np.zeros((0, 2)), np.zeros(0)).shape == (0, 16)


@pytest.mark.parametrize("cloth", [(150, 95, 25), (45, 125, 25), (35, 35, 140)], ids=["blue", "green", "red"])
def test_fast_scores_find_cue_and_eight_and_most_categories(cloth: tuple[int, int, int]) -> None:
    rng = np.random.default_rng(TEST_SEED + 1)
    image, centres, radii = _table_frame(rng, cloth)
    scores = BallIdentifier(cloth_bgr=cloth).fast_scores(image, centres, radii)
    cats = categories(scores).argmax(axis=1)
    truth = np.array([CATEGORIES.index(category_of(i)) for i in range(16)])
    assert cats[0] == CATEGORIES.index("cue")
    assert cats[8] == CATEGORIES.index("eight")
    assert np.mean(cats == truth) >= 0.75
    assert np.mean(scores.argmax(axis=1) == np.arange(16)) >= 0.5  # chance is 1/16


def test_fast_scores_hold_under_a_colour_cast() -> None:
    """A warm broadcast white balance: the auto white reference from the balls' whites undoes most of it."""
    rng = np.random.default_rng(TEST_SEED + 2)
    image, centres, radii = _table_frame(rng, (150, 95, 25))
    cast = np.clip(image.astype(np.float32) * np.array([0.72, 1.0, 0.97]), 0, 255).astype(np.uint8)
    ident = BallIdentifier()
    for _ in range(3):  # the running white estimate settles over a few frames
        scores = ident.fast_scores(cast, centres, radii)
    cats = categories(scores).argmax(axis=1)
    truth = np.array([CATEGORIES.index(category_of(i)) for i in range(16)])
    assert np.mean(cats == truth) >= 0.75
    white = estimate_white(np.stack([cast[int(y) - 5:int(y) + 5, int(x) - 5:int(x) + 5].reshape(-1, 3)
                                     for x, y in centres]).astype(np.float32))
    assert white is not None and white[0] < white[2]  # it saw the cast


def test_crop_balls_centres_the_ball() -> None:
    img = np.zeros((200, 300, 3), np.uint8)
    cv2.circle(img, (123, 87), 20, (255, 255, 255), -1)
    crop = crop_balls(img, np.array([[123.0, 87.0]]), np.array([20.0]))[0]
    assert crop.shape == (CROP_SIZE, CROP_SIZE, 3)
    mask = crop[..., 0] > 127
    ys, xs = np.nonzero(mask)
    assert abs(xs.mean() - (CROP_SIZE - 1) / 2) < 0.6 and abs(ys.mean() - (CROP_SIZE - 1) / 2) < 0.6
    # the ball fills 1/CROP_MARGIN of the crop's width
    assert abs((xs.max() - xs.min() + 1) - CROP_SIZE / CROP_MARGIN) <= 2


def test_combine_rows_sum_to_one_and_agreement_sharpens() -> None:
    fast = np.full((2, 16), 1 / 16)
    fast[0, 3] = 0.5
    fast[0] /= fast[0].sum()
    model = fast.copy()
    out = combine(fast, model)
    assert np.allclose(out.sum(axis=1), 1.0)
    assert out[0, 3] > model[0, 3]
    assert np.allclose(out[1], 1 / 16)


def test_shipped_model_classifies_rendered_crops_well_above_chance() -> None:
    from vision.training.render_crops import render_set

    assert DEFAULT_MODEL.is_file(), "models/ball_classifier.onnx must ship with the repo"
    crops, labels = render_set(TEST_SEED + 3, 6, synth_share=0.5)
    probs = BallIdentifier().classify_crops(crops)
    assert probs.shape == (len(labels), 16)
    assert np.allclose(probs.sum(axis=1), 1.0, atol=1e-5)
    assert np.mean(probs.argmax(axis=1) == labels) >= 0.7  # chance is 1/16
    cats = categories(probs).argmax(axis=1)
    assert np.mean(cats == np.array([CATEGORIES.index(category_of(int(i))) for i in labels])) >= 0.85


def test_model_scores_on_a_drawn_frame() -> None:
    rng = np.random.default_rng(TEST_SEED + 4)
    image, centres, radii = _table_frame(rng, (45, 125, 25))
    ident = BallIdentifier()
    scores = ident.model_scores(image, centres, radii)
    assert scores.shape == (16, 16) and np.allclose(scores.sum(axis=1), 1.0, atol=1e-5)
    assert np.mean(scores.argmax(axis=1) == np.arange(16)) >= 0.7
    both = ident.scores(image, centres, radii)
    assert np.mean(both.argmax(axis=1) == np.arange(16)) >= 0.7
    assert ident.model_scores(image, np.zeros((0, 2)), np.zeros(0)).shape == (0, 16)


def test_missing_model_says_where_to_look(tmp_path: Path) -> None:
    ident = BallIdentifier(model_path=tmp_path / "nope.onnx")
    with pytest.raises(FileNotFoundError, match="models/README.md"):
        ident.model_scores(np.zeros((64, 64, 3), np.uint8), np.array([[32.0, 32.0]]), np.array([10.0]))


def test_identifier_settles_on_the_classic_paint_set_for_classic_balls() -> None:
    """The footage renderer paints a classic set: after a few frames the identifier compares with it alone."""
    rng = np.random.default_rng(TEST_SEED + 5)
    ident = BallIdentifier()
    for _ in range(3):
        image, centres, radii = _table_frame(rng, (150, 95, 25))
        scores = ident.fast_scores(image, centres, radii)
    assert ident.paint_set == 0
    assert scores[7].argmax() == 7 and scores[3].argmax() == 3  # maroon and red kept apart


def test_colours_module_needs_no_opencv() -> None:
    """Tracking imports ``category_of`` from vision.colors; it must not drag OpenCV in."""
    import subprocess
    import sys

    code = "import sys, vision.colors; print('cv2' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
