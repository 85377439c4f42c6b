"""The fast scorer's vectorised arithmetic equals a plain per-ball computation (the speed-ups of the fast scorer
must not change a single score: held-out detections are cached with the earlier code)."""

from __future__ import annotations

import numpy as np
import pytest

from vision.identify import (
    _INNER,
    CLOTH_MAX_DIST,
    COLOUR_MIN_SAT,
    DARK_GREYISH_BRIGHT,
    DARK_GREYISH_SAT,
    DARK_MAX_BRIGHT,
    GREY_MAX_SAT,
    N_RIM,
    N_SAMPLES,
    WHITE_MAX_SAT,
    WHITE_MIN_BRIGHT,
    _chroma,
    estimate_white,
    features_from_pixels,
    score_features,
    white_gains,
)


def _pixels(rng: np.random.Generator, n: int) -> np.ndarray:
    """Random ball samples with some structure: white caps, dark ink, saturated paint, cloth-coloured pixels."""
    pix = rng.integers(0, 256, (n, N_SAMPLES + N_RIM, 3)).astype(np.float32)
    pix[:, ::4] = rng.uniform(170, 250, (n, 1, 1)).astype(np.float32) * np.float32([1.0, 0.97, 0.93])
    pix[:, 1::7] = np.float32([40, 120, 30])  # near a green cloth
    pix[:, 2::9] = rng.uniform(5, 40, (n, 1, 3)).astype(np.float32)
    return pix


def test_chroma_matches_numpy_reductions() -> None:
    rng = np.random.default_rng(3)
    for scale in (1.0, 1.37, 0.913):
        bgr = (rng.uniform(0, 255, (4000, 3)) * scale).astype(np.float32)
        chroma, bright, sat = _chroma(bgr)
        total = bgr.sum(axis=-1) + 1e-3
        assert np.array_equal(bright, total / 3.0)
        assert np.array_equal(sat, 1.0 - 3.0 * bgr.min(axis=-1) / total)
        assert np.array_equal(chroma, np.stack([bgr[:, 0] / total, bgr[:, 2] / total], axis=-1))


@pytest.mark.parametrize("cloth_kind", ["none", "one", "per_ball"])
def test_zone_fractions_equal_per_ball_counts(cloth_kind: str) -> None:
    rng = np.random.default_rng(7)
    n = 9
    pix = _pixels(rng, n)
    white_ref = np.float32([235, 240, 250])
    cloth = {"none": None, "one": np.float32([40, 120, 30]),
             "per_ball": rng.uniform(20, 140, (n, 3)).astype(np.float32)}[cloth_kind]
    f = features_from_pixels(pix, white_ref, cloth)
    gains = white_gains(white_ref)
    for i in range(n):  # one ball at a time, zone by zone, with numpy's own reductions
        c, b, s = _chroma(pix[i] * gains)
        keep = np.ones(len(b), bool)
        if cloth is not None:
            cc = _chroma((cloth if cloth.ndim == 1 else cloth[i]) * gains)[0]
            keep = np.linalg.norm(c - cc, axis=-1) > CLOTH_MAX_DIST
        disc = slice(0, N_SAMPLES)
        w = (b >= WHITE_MIN_BRIGHT) & (s <= WHITE_MAX_SAT) & keep
        d = ((b <= DARK_MAX_BRIGHT) | ((b <= DARK_GREYISH_BRIGHT) & (s <= DARK_GREYISH_SAT))) & ~w & keep
        classes = {"white": w, "dark": d, "coloured": ~w & ~d & (s >= COLOUR_MIN_SAT) & keep,
                   "grey": ~w & ~d & (s <= GREY_MAX_SAT) & keep}
        n_disc = max(int(keep[disc].sum()), 1)
        for name, m in classes.items():
            assert f[name][i] == int(m[disc].sum()) / n_disc, name
            for zone, sel in (("in", _INNER), ("ring", ~_INNER)):
                n_zone = max(int(keep[disc][sel].sum()), 1)
                assert f[f"{name}_{zone}"][i] == int(m[disc][sel].sum()) / n_zone, (name, zone)
            assert 0 <= f[f"white_{zone}"][i] + f[f"dark_{zone}"][i] + f[f"coloured_{zone}"][i] <= 1.0 + 1e-12
        assert int(f["valid"][i]) == int(keep[disc].sum())


def test_rows_do_not_depend_on_the_other_balls() -> None:
    """Given the white and cloth references, a ball's features and scores are its own: the rows of a subset equal
    the rows of the whole frame (what any per-ball reuse of them would rely on)."""
    rng = np.random.default_rng(11)
    pix = _pixels(rng, 12)
    white_ref, cloth = np.float32([230, 238, 246]), np.float32([40, 120, 30])
    whole = features_from_pixels(pix, white_ref, cloth)
    part_idx = np.array([1, 4, 5, 10])
    part = features_from_pixels(pix[part_idx], white_ref, cloth)
    for k, v in part.items():
        assert np.array_equal(v, whole[k][part_idx], equal_nan=True), k
    assert np.array_equal(score_features(dict(part), paint_set=0), score_features(dict(whole), paint_set=0)[part_idx])
    # and a ball whose pixels change gets different features while the others keep theirs
    pix2 = pix.copy()
    pix2[4] = pix[7]
    changed = features_from_pixels(pix2, white_ref, cloth)
    assert not np.array_equal(changed["white"][4], whole["white"][4]) or not np.array_equal(
        changed["coloured"][4], whole["coloured"][4])
    others = np.setdiff1d(np.arange(12), [4])
    assert np.array_equal(changed["white"][others], whole["white"][others])


def test_estimate_white_uses_numpy_max() -> None:
    rng = np.random.default_rng(5)
    pix = _pixels(rng, 8)
    est = estimate_white(pix)
    assert est is not None
    flat = pix.reshape(-1, 3)
    _, bright, sat = _chroma(flat)
    ok = (sat < 0.35) & (flat.max(axis=1) < 250) & (bright > 80)
    cand = flat[ok]
    top = cand[np.argsort(cand.sum(axis=1))[-max(8, len(cand) // 4):]]
    assert np.array_equal(est, top.mean(axis=0))
