"""Fit the fast scorer's weights (vision/identify_fast.json) by maximum likelihood. numpy + scipy only.

The fast scorer's form is fixed by hand (vision.identify.id_logits: per-category linear weights on the pixel-class
fractions of the ball's inner disc and outer ring, plus a colour-distance term to the paint variants of
vision.colors); only its ~60 weights are fitted here, on DEV data: rendered crops (seeds 500/501), the 2019 dev
clips' labelled balls, and the UniPD annotated frames of games 2-4 with the hand-read numbers of
data/labels_unipd.json (a box whose number I could not read enters as the summed probability of its category).
UniPD game1 (all its clips) is the report set and is never fitted on.

    python -m vision.training.fit_fast [--realdata ../shared/realdata]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np
from scipy.optimize import minimize

from vision.colors import CATEGORIES, category_of
from vision.identify import (
    CROP_MARGIN,
    CROP_SIZE,
    FAST_PARAMS,
    PATTERN_FEATURES,
    colour_distances,
    estimate_white,
    features_from_pixels,
    id_logits,
    pattern_matrix,
    sample_pixels,
)
from vision.training.real_crops import cloth_colour, load_labels, track_labels, unipd_numbers, unipd_samples
from vision.training.render_crops import render_set

DEV_SEEDS = ((500, 0.0), (501, 1.0))  # (seed, share drawn with the footage renderer)
L2 = 1e-3
UNIPD_EVAL_GAMES = ("game1",)  # UniPD game1 (all four clips) is the report set: never fitted on
SHARE_2019, SHARE_UNIPD = 0.5, 1.0  # weight of each real source relative to all rendered rows together


def _design(feats: dict[str, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    return pattern_matrix(feats), colour_distances(feats)


def rendered_dev(per_class: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    pats, dists, labels = [], [], []
    centre = np.array([[(CROP_SIZE - 1) / 2.0] * 2])
    radius = np.array([CROP_SIZE / (2 * CROP_MARGIN)])
    for seed, share in DEV_SEEDS:
        crops, lab = render_set(seed, per_class, synth_share=share)
        pix = np.concatenate([sample_pixels(c, centre, radius) for c in crops])
        p, d = _design(features_from_pixels(pix))
        pats.append(p)
        dists.append(d)
        labels.append(lab)
    return np.concatenate(pats), np.concatenate(dists), np.concatenate(labels)


def _frame_features(image: np.ndarray, centres: np.ndarray, radii: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    pix = sample_pixels(image, centres, radii)
    return _design(features_from_pixels(pix, estimate_white(pix), cloth_colour(image)))


def real_dev(realdata: Path) -> tuple[list[np.ndarray], list[np.ndarray], list[np.ndarray], list[str]]:
    """Pattern/colour designs, label masks (N, 16: which ids the label allows) and source ("2019" or "unipd") of
    the real dev data."""
    pats, dists, masks, sources = [], [], [], []
    clips = realdata / "rexlapis_poolpredictor" / "clips"
    for entry in load_labels()["clips"]:
        if entry["split"] != "dev" or not (clips / entry["clip"]).is_file():
            continue
        for image, c, r, ids in track_labels(clips / entry["clip"], int(entry["frame"]),
                                             np.array([b["xy"] for b in entry["balls"]], float),
                                             [b["id"] for b in entry["balls"]], 9, 20, step=6):
            p, d = _frame_features(image, c, 0.9 * r)
            pats.append(p)
            dists.append(d)
            masks.append(np.eye(16, dtype=bool)[ids])
            sources.append("2019")
    unipd = realdata / "unipd_billiard_cv2024"
    numbers = unipd_numbers()
    cat_of_id = np.array([CATEGORIES.index(category_of(i)) for i in range(16)])
    for clip in sorted(p.name for p in unipd.glob("game*_clip*")):
        if clip.split("_")[0] in UNIPD_EVAL_GAMES:
            continue
        for which, (image, c, r, cats) in zip(("first", "last"), unipd_samples(unipd, clip), strict=False):
            p, d = _frame_features(image, c, r)
            pats.append(p)
            dists.append(d)
            mask = cat_of_id[None, :] == np.array([CATEGORIES.index(k) for k in cats])[:, None]
            for i, number in enumerate(numbers.get((clip, which), [])):
                if number is not None:
                    mask[i] = np.arange(16) == number
            masks.append(mask)
            sources.append("unipd")
    return pats, dists, masks, sources


def _unpack(theta: np.ndarray) -> dict[str, np.ndarray]:
    k = 4 * len(PATTERN_FEATURES)
    return {"pattern_weights": theta[:k].reshape(4, -1), "colour_scale": np.array(theta[k]),
            "colour_bias": theta[k + 1:k + 8]}


def fit(pattern: np.ndarray, dists: np.ndarray, allowed: np.ndarray, weights: np.ndarray) -> dict[str, np.ndarray]:
    """Minimise the weighted negative log-likelihood of the allowed ids (+ a small L2 on the weights)."""
    from vision.identify import _default_params  # noqa: PLC0415

    start = _default_params()
    theta0 = np.concatenate([start["pattern_weights"].ravel(), [float(start["colour_scale"])],
                             start["colour_bias"]])

    def loss(theta: np.ndarray) -> float:
        logl = id_logits(pattern, dists, _unpack(theta))
        logl -= logl.max(axis=1, keepdims=True)
        log_z = np.log(np.exp(logl).sum(axis=1))
        log_allowed = np.log((np.exp(logl) * allowed).sum(axis=1) + 1e-12)
        return float(-(weights * (log_allowed - log_z)).sum() / weights.sum() + L2 * (theta**2).sum())

    res = minimize(loss, theta0, method="L-BFGS-B", options={"maxiter": 400})
    print(f"fit: loss {res.fun:.4f} after {res.nit} iterations ({res.message})")
    return _unpack(res.x)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--realdata", type=Path, default=Path(__file__).resolve().parents[2].parent / "shared" / "realdata")
    ap.add_argument("--per-class", type=int, default=120)
    ap.add_argument("--out", type=Path, default=FAST_PARAMS)
    args = ap.parse_args()
    p_r, d_r, lab = rendered_dev(args.per_class)
    pats, dists, masks = [p_r], [d_r], [np.eye(16, dtype=bool)[lab]]
    weights = [np.ones(len(lab))]
    if args.realdata.is_dir():
        rp, rd, rm, src = real_dev(args.realdata)
        pats += rp
        dists += rd
        masks += rm
        # Each real source weighs a set share of the rendered rows: they are the domain we must not miss, and the
        # few UniPD balls (the only real stripes and angled views) must not drown in the 2019 crops.
        share = {"2019": SHARE_2019, "unipd": SHARE_UNIPD}
        n_src = {k: sum(len(m) for m, s in zip(rm, src, strict=True) if s == k) for k in share}
        weights += [np.full(len(m), share[s] * len(lab) / max(n_src[s], 1)) for m, s in zip(rm, src, strict=True)]
        print(f"rendered rows {len(lab)}, real rows {n_src}")
    params = fit(np.concatenate(pats), np.concatenate(dists), np.concatenate(masks), np.concatenate(weights))
    doc = {"about": "Fitted by vision/training/fit_fast.py on dev data (rendered seeds 500/501, 2019 dev clips, "
                    "UniPD games 2-4; game1 is the report set). Rows of pattern_weights: cue, eight, solid, stripe.",
           "pattern_features": list(PATTERN_FEATURES),
           "pattern_weights": np.round(params["pattern_weights"], 4).tolist(),
           "colour_scale": round(float(params["colour_scale"]), 4),
           "colour_bias": np.round(params["colour_bias"], 4).tolist()}
    tmp = args.out.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(doc, indent=1) + "\n")
    tmp.replace(args.out)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
