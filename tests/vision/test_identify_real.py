"""Identification on real footage; skipped where ../shared/realdata is absent.

Only evaluation data is used here (UniPD game1_clip1 and the 2019 EVAL clips of labels_2019.json), and the bars
are set well below the measured figures (docs/IDENTIFICATION.md), as regression guards, not tuned to pass.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.colors import CATEGORIES
from vision.identify import BallIdentifier, categories
from vision.training.real_crops import cloth_colour, load_labels, unipd_samples

REALDATA = Path(__file__).resolve().parents[2].parent / "shared" / "realdata"
UNIPD = REALDATA / "unipd_billiard_cv2024"
CLIPS_2019 = REALDATA / "rexlapis_poolpredictor" / "clips"

needs_unipd = pytest.mark.skipif(not (UNIPD / "game1_clip1").is_dir(), reason="../shared/realdata not present")
needs_2019 = pytest.mark.skipif(not CLIPS_2019.is_dir(), reason="../shared/realdata not present")


@needs_unipd
def test_unipd_game1_clip1_categories() -> None:
    correct, total = 0, 0
    for image, centres, radii, cats in unipd_samples(UNIPD, "game1_clip1"):
        ident = BallIdentifier(cloth_bgr=cloth_colour(image))
        pred = categories(ident.scores(image, centres, radii)).argmax(axis=1)
        correct += int(np.sum(pred == np.array([CATEGORIES.index(c) for c in cats])))
        total += len(cats)
    assert total == 30
    assert correct / total >= 0.9  # measured 30/30 (docs/IDENTIFICATION.md)


@needs_2019
@pytest.mark.parametrize("clip", ["2019_PoolChamp_Clip10.mp4", "2019_PoolChamp_Clip8.mp4"])
def test_2019_eval_frame_ids(clip: str) -> None:
    entry = next(e for e in load_labels()["clips"] if e["clip"] == clip and e["split"] == "eval")
    cap = cv2.VideoCapture(str(CLIPS_2019 / clip))
    for _ in range(int(entry["frame"]) + 1):
        ok, image = cap.read()
        assert ok
    cap.release()
    centres = np.array([b["xy"] for b in entry["balls"]], float)
    truth = np.array([b["id"] for b in entry["balls"]])
    radii = np.full(len(truth), 15.0)
    ident = BallIdentifier(cloth_bgr=cloth_colour(image))
    both = ident.scores(image, centres, radii)
    assert np.mean(both.argmax(axis=1) == truth) >= 0.85  # measured: all right on both clips
    assert np.mean(categories(both).argmax(axis=1) == categories(np.eye(16)[truth]).argmax(axis=1)) >= 0.85


@needs_unipd
def test_unipd_game1_clip1_fast_categories_alone() -> None:
    """The fast scorer as the detector calls it (cloth estimated round the balls), no CNN."""
    correct, total = 0, 0
    for image, centres, radii, cats in unipd_samples(UNIPD, "game1_clip1"):
        pred = categories(BallIdentifier().fast_scores(image, centres, radii)).argmax(axis=1)
        correct += int(np.sum(pred == np.array([CATEGORIES.index(c) for c in cats])))
        total += len(cats)
    assert correct >= 27  # measured 28/30 (docs/IDENTIFICATION.md); 27/30 before the one-of-each step
