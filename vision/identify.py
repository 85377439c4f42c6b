"""Which ball is it: cue ball and 1-15 from colour and stripe evidence per observation.

Two scorers with the same output, an (N, 16) array whose rows sum to 1 (column = ball id, 0 = cue ball):

* ``fast_scores`` reads a fixed pattern of pixels inside each ball disc and scores every id from three cheap
  cues: the fraction of white pixels (cue ball > stripe > solid, whose only white is the number disc), the
  fraction of near-black pixels (the 8), and the mean Lab colour of the coloured pixels against the paint
  variants of ``vision.colors``. It runs on every frame (well under 1 ms for 16 balls).
* ``model_scores`` runs a small CNN (ultralytics YOLO classifier trained on rendered and real crops, exported to
  ONNX, see models/README.md) on 32x32 crops with onnxruntime. It costs about a millisecond per ball, so
  tracking calls it for new or uncertain tracks only.

``combine`` multiplies the two (they fail differently: colour statistics are lighting-sensitive, the CNN is
weaker on unseen ball sets), and tracking votes over frames with the result.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from vision import _jit
from vision.colors import (
    COLOUR_VARIANTS_BGR,
    CUE,
    EIGHT,
    N_IDS,
    SOLIDS,
    STRIPES,
    Category,
    category_of,
)
from vision.detect import _clip, _gather, _pixels

__all__ = ["BallIdentifier", "CombinedIdentifier", "category_of", "crop_balls", "combine", "DEFAULT_MODEL", "CROP_SIZE", "CROP_MARGIN"]

DEFAULT_MODEL = Path(__file__).resolve().parents[1] / "models" / "ball_classifier.onnx"
CROP_SIZE = 32  # model input, pixels
CROP_MARGIN = 1.25  # crop half-side in ball radii: the ball plus a ring of cloth, as in training

# Pixel classes, on 0-255 BGR after the white balance. ``bright`` is the channel mean; ``sat`` the HSI
# saturation 1 - min/mean (0 grey .. 1 pure colour).
WHITE_MIN_BRIGHT, WHITE_MAX_SAT = 95.0, 0.25  # white paint, also when shaded: cue ball, stripe caps, number disc
DARK_MAX_BRIGHT, DARK_GREYISH_BRIGHT, DARK_GREYISH_SAT = 35.0, 65.0, 0.4  # the 8 (and number ink)
COLOUR_MIN_SAT = 0.2  # below this a pixel carries no colour evidence (grey, shaded white)
CLOTH_MAX_DIST = 0.035  # chromaticity distance under which a pixel counts as cloth, when the cloth is given

# Colour likelihood: chromaticity (b, r shares of the channel sum: exposure-invariant) and log brightness
# (shading and exposure move it a lot, so it is a weak cue) around the nearest paint variant.
SIGMA_CHROMA = 0.045
SIGMA_LOG_BRIGHT = 0.45
MAX_COLOUR_D2 = 30.0  # cap on the squared distance so one bad colour estimate cannot veto an id outright
SAMPLE_RADIUS = 0.88  # sample inside this fraction of the radius: the very rim mixes with the cloth
INNER_RADIUS = 0.55  # inner zone (a number disc facing up) vs outer ring (a stripe's band or caps)
N_SAMPLES = 61
RIM_RADIUS, N_RIM = 0.78, 24  # a circle of samples for the angular pattern (a stripe's caps lie opposite)
CLOTH_RING_RADIUS, N_CLOTH_RING = 1.5, 16  # just outside the ball: the cloth, when the caller does not give it
CLOTH_CLEAR = 1.2  # a cloth ring sample this close to another ball's centre (x its radius) lies on that ball
CLOTH_EMA = 0.8  # running cloth estimate: weight of the old value per update (one identifier per video)
CLOTH_EVERY = 3  # the cloth estimate is updated on every 3rd call (the cloth does not change; it saves time)
GREY_MAX_SAT = 0.2  # not white, not dark, this grey: white paint in shade (the underside of a stripe's cap)
SOLID_MAX_WHITE = 0.3  # a solid's white is its number disc: about 15 % of the view, 0.3 of the samples at most
INK_REL_BRIGHT = 0.55  # inner pixels this much darker than the ball's own white: number ink (cue balls have none)
TEMPERATURE = 1.0  # divides the logits (the fitted weights are already calibrated by the log loss)
FLOOR = 0.004  # mixed-in uniform probability: no id is ever ruled out on one frame
# Auto white balance (max-RGB over the balls' own bright, near-grey pixels): gains are capped so a table of
# yellow balls cannot be "balanced" into white ones.
AUTO_WHITE_MAX_GAIN = 1.5
AUTO_WHITE_MIN_PIXELS = 8


def _sunflower(n: int) -> np.ndarray:
    """``n`` points spread evenly over the unit disc (Vogel's spiral), centre first."""
    k = np.arange(n, dtype=float)
    r = np.sqrt(k / (n - 1))
    theta = k * math.pi * (3.0 - math.sqrt(5.0))
    return np.stack([r * np.cos(theta), r * np.sin(theta)], axis=1)


def _circle(n: int, radius: float) -> np.ndarray:
    a = 2.0 * math.pi * (np.arange(n) + 0.5) / n
    return radius * np.stack([np.cos(a), np.sin(a)], axis=1)


_DISC = _sunflower(N_SAMPLES) * SAMPLE_RADIUS
_INNER = np.hypot(_DISC[:, 0], _DISC[:, 1]) < INNER_RADIUS  # centre zone vs outer ring
_ZONES = np.stack([_INNER, ~_INNER, np.ones(N_SAMPLES, bool)], axis=1).astype(np.float64)  # (P, 3) zone masks
_PATTERN = np.concatenate([_DISC, _circle(N_RIM, RIM_RADIUS)])  # the ball's own samples: disc, then rim circle
_CLOTH_RING = _circle(N_CLOTH_RING, CLOTH_RING_RADIUS)


def _chroma(bgr: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(chromaticity (..., 2) = b and r shares, brightness (...), HSI saturation (...)) of BGR values."""
    bgr = np.asarray(bgr, dtype=np.float32)
    total, sat = _total_sat(bgr)
    chroma = np.stack([bgr[..., 0] / total, bgr[..., 2] / total], axis=-1)
    return chroma, total / 3.0, sat


def _total_sat(bgr: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(b + g + r + 1e-3, HSI saturation) of float32 BGR values: ``_chroma``'s terms, which ``estimate_white``
    needs without the chromaticity. (b + g) + r and a min of three: what .sum(axis=-1) and .min(axis=-1) give,
    without numpy's slow reduction over a length-3 axis (identical float32 results)."""
    b, g, r = bgr[..., 0], bgr[..., 1], bgr[..., 2]
    total = b + g + r + np.float32(1e-3)
    return total, 1.0 - 3.0 * np.minimum(np.minimum(b, g), r) / total


N_SETS = max(len(v) for v in COLOUR_VARIANTS_BGR.values())  # paint sets: 0 classic, 1 the 2019 broadcast set
PAINT_SET_MARGIN = 40.0  # summed-distance lead a paint set needs before the identifier commits to it
PAINT_SET_DECAY = 0.97  # per call: old evidence fades, so a change of video/set is noticed
_VARIANTS: dict[int, tuple[np.ndarray, np.ndarray]] = {}
for _n, _v in COLOUR_VARIANTS_BGR.items():
    _c, _b, _s = _chroma(np.array(_v, dtype=np.float32))
    _VARIANTS[_n] = (_c, np.log(_b))
# (7, S, 2) chromaticity and (7, S) log brightness of colours 1-7 per paint set (fewer variants repeat the last)
_VARIANT_CHROMA = np.stack([_VARIANTS[n][0][np.minimum(np.arange(N_SETS), len(_VARIANTS[n][1]) - 1)]
                            for n in range(1, 8)])
_VARIANT_LOGB = np.stack([_VARIANTS[n][1][np.minimum(np.arange(N_SETS), len(_VARIANTS[n][1]) - 1)]
                          for n in range(1, 8)])


def _logistic_log(x: np.ndarray) -> np.ndarray:
    """log(sigmoid(x)), numerically safe."""
    return -np.logaddexp(0.0, -x)


def sample_pixels(image_bgr: np.ndarray, centres_px: np.ndarray, radii_px: np.ndarray,
                  pattern: np.ndarray | None = None) -> np.ndarray:
    """(N, P, 3) float32 BGR at a fixed pattern of points (in radii; default: inside each ball disc), nearest pixel."""
    centres = np.asarray(centres_px, dtype=float).reshape(-1, 2)
    radii = np.asarray(radii_px, dtype=float).reshape(-1)
    pattern = _PATTERN if pattern is None else pattern
    if _jit.ENABLED and image_bgr.dtype == np.uint8 and image_bgr.ndim == 3 and image_bgr.shape[2] == 3 \
            and len(centres) == len(radii) and pattern.dtype == np.float64:
        pix, ok = _jit.sample_core(image_bgr, centres, radii, pattern)  # (one kernel call: the same pixels)
        if ok:
            return pix
    h, w = image_bgr.shape[:2]
    pts = centres[:, None, :] + radii[:, None, None] * pattern[None, :, :]
    xs, ys = _pixels(pts, w, h)  # nearest pixels, clipped into the image (both coordinates at once)
    return _gather(image_bgr, ys, xs).astype(np.float32)


def estimate_white(pix: np.ndarray) -> np.ndarray | None:
    """A white reference (BGR) from sampled ball pixels: the mean of the brightest unsaturated near-grey ones.

    None when too few such pixels exist (e.g. one coloured ball). Cream-tinted broadcast whites pass the
    near-grey test (saturation < 0.35), yellow paint does not.
    """
    flat = pix.reshape(-1, 3)
    total, sat = _total_sat(np.asarray(flat, dtype=np.float32))  # (``_chroma``'s, without its chromaticity)
    ok = (sat < 0.35) & (np.maximum(np.maximum(flat[:, 0], flat[:, 1]), flat[:, 2]) < 250) & (total / 3.0 > 80)
    cand = flat[ok]
    if len(cand) < AUTO_WHITE_MIN_PIXELS:
        return None
    top = cand[np.argsort(cand.sum(axis=1))[-max(AUTO_WHITE_MIN_PIXELS, len(cand) // 4):]]
    return top.mean(axis=0)


def cloth_ring(image_bgr: np.ndarray, centres_px: np.ndarray, radii_px: np.ndarray) -> np.ndarray:
    """(M, 3) float32 BGR samples on the ring ``_CLOTH_RING`` around each ball that lie on no other ball (within
    ``CLOTH_CLEAR`` of its radius): what ``estimate_cloth`` reads. In a full rack most of the ring lies on the other
    balls, whose one shared colour is white, and the estimate turned white (the cue ball's white then dropped as
    cloth: vid16). A ball's own ring lies 1.5 radii out, never on it."""
    centres = np.asarray(centres_px, dtype=float).reshape(-1, 2)
    radii = np.asarray(radii_px, dtype=float).reshape(-1)
    if len(radii) == 1:  # one radius for every ball
        radii = np.full(len(centres), radii[0])
    ring = sample_pixels(image_bgr, centres, radii, _CLOTH_RING).reshape(-1, 3)
    if len(centres) < 2:
        return ring
    # where each sample was taken (ball by ball, as sampled) against every ball's centre
    dx = (centres[:, 0, None] + radii[:, None] * _CLOTH_RING[:, 0]).reshape(-1, 1) - centres[:, 0]
    dy = (centres[:, 1, None] + radii[:, None] * _CLOTH_RING[:, 1]).reshape(-1, 1) - centres[:, 1]
    reach = CLOTH_CLEAR * radii
    return ring[~(dx * dx + dy * dy < reach * reach).any(axis=1)]


def estimate_cloth(ring_pix: np.ndarray) -> np.ndarray | None:
    """The cloth colour (BGR) from samples just outside the balls (``cloth_ring``): the mean of the samples in the
    most crowded chromaticity cell (the mode, not the median: in a rack some of the ring still lies on balls).
    O(samples). None when too few usable samples are left (the caller keeps its last estimate)."""
    flat = np.asarray(ring_pix, dtype=np.float32).reshape(-1, 3)
    chroma, bright, _ = _chroma(flat)
    ok = bright > 15.0  # pockets and shadows say nothing about the cloth's colour
    if ok.sum() < N_CLOTH_RING // 2:
        return None
    flat, chroma = flat[ok], chroma[ok]
    cell = np.minimum((chroma / CLOTH_MAX_DIST).astype(np.intp), 63)  # chroma shares are in [0, 1]
    key = cell[:, 0] * 64 + cell[:, 1]
    best = np.argmax(np.bincount(key, minlength=64 * 64))
    return flat[key == best].mean(axis=0)


def white_gains(white_bgr: np.ndarray) -> np.ndarray:
    """Per-channel gains that make ``white_bgr`` grey (keeping its brightest channel), capped."""
    w = np.maximum(np.asarray(white_bgr, dtype=np.float32).reshape(3), 1.0)
    return _clip(w.max() / w, 1.0, AUTO_WHITE_MAX_GAIN)


def ball_features(
    image_bgr: np.ndarray,
    centres_px: np.ndarray,
    radii_px: np.ndarray,
    white_bgr: np.ndarray | None = None,
    cloth_bgr: np.ndarray | None = None,
) -> dict[str, np.ndarray]:
    """The per-ball statistics ``fast_scores`` scores (exposed for the docs, tests and tuning).

    Returns arrays of length N: ``white``, ``dark``, ``coloured`` (fractions of the sampled ball pixels),
    ``chroma`` (N, 2) and ``log_bright`` (N,) of the coloured pixels' mean (NaN where there are none) and
    ``valid`` the number of sampled pixels that were not cloth.
    """
    pix = sample_pixels(image_bgr, centres_px, radii_px)
    if cloth_bgr is None:
        cloth_bgr = estimate_cloth(cloth_ring(image_bgr, centres_px, radii_px))
    return features_from_pixels(pix, white_bgr, cloth_bgr)


def features_from_pixels(pix: np.ndarray, white_bgr: np.ndarray | None = None,
                         cloth_bgr: np.ndarray | None = None) -> dict[str, np.ndarray]:
    """``ball_features`` on already sampled (N, P, 3) pixels (the disc pattern, then the rim circle)."""
    gains = white_gains(white_bgr) if white_bgr is not None else np.ones(3, np.float32)
    if _jit.ENABLED and pix.dtype == np.float32 and pix.shape[1] == N_SAMPLES + N_RIM:
        return _features_jit(pix, gains, cloth_bgr)
    pix = pix * gains
    chroma, bright, sat = _chroma(pix)
    if cloth_bgr is None:
        keep = np.ones(bright.shape, dtype=bool)
    else:
        cloth = np.asarray(cloth_bgr, dtype=np.float32)
        cloth_c, _, _ = _chroma((cloth.reshape(3) if cloth.size == 3 else cloth.reshape(-1, 3)) * gains)
        cloth_c = cloth_c.reshape(-1, 1, 2)  # one cloth colour, or one per ball
        diff = chroma - cloth_c
        sq = diff * diff  # np.linalg.norm's sqrt of the summed squares, the two terms added as it adds them
        keep = np.sqrt(sq[..., 0] + sq[..., 1]) > CLOTH_MAX_DIST
    white_all = (bright >= WHITE_MIN_BRIGHT) & (sat <= WHITE_MAX_SAT) & keep
    dark_all = ((bright <= DARK_MAX_BRIGHT) | ((bright <= DARK_GREYISH_BRIGHT) & (sat <= DARK_GREYISH_SAT)))
    dark_all &= ~white_all & keep
    rest = ~(white_all | dark_all) & keep  # neither white nor dark: coloured or grey by its saturation
    coloured_all = rest & (sat >= COLOUR_MIN_SAT)
    grey_all = rest & (sat <= GREY_MAX_SAT)
    d = slice(0, N_SAMPLES)
    white, dark, coloured, grey, keep_d = white_all[:, d], dark_all[:, d], coloured_all[:, d], grey_all[:, d], keep[:, d]
    # Pixel counts per class and zone (inner, ring, whole disc) in one product: whole numbers, exact in float64,
    # so the fractions below are the same as counting zone by zone (it saves ~40 small numpy calls per frame).
    counts = np.stack([keep_d, white, dark, coloured, grey]).astype(np.float64) @ _ZONES  # (5, N, 3)
    feats: dict[str, np.ndarray] = {}
    shares = counts[1:, :, :2] / np.maximum(counts[0, :, :2], 1.0)  # (4 classes, N, 2 zones), one division
    for z, zone in enumerate(("in", "ring")):
        for k, name in enumerate(("white", "dark", "coloured", "grey")):
            feats[f"{name}_{zone}"] = shares[k, :, z]
    n_valid = keep_d.sum(axis=1)
    denom = np.maximum(counts[0, :, 2], 1.0)
    n_col = counts[3, :, 2]
    wcol = coloured / np.maximum(n_col, 1)[:, None]
    b_d = bright[:, d]
    log_b = np.log(np.maximum(b_d, 1.0))
    mean_chroma = (chroma[:, d] * wcol[..., None]).sum(axis=1)
    log_bright = (log_b * wcol).sum(axis=1)
    mean_chroma[n_col == 0] = np.nan
    log_bright[n_col == 0] = np.nan
    nonwhite = keep_d & ~white
    log_bright_nonwhite = ((log_b * nonwhite).sum(axis=1)
                           / np.maximum(nonwhite.sum(axis=1), 1))
    # Number ink: inner pixels much darker than this ball's own white (a cue ball's white has no dark inside).
    own_white = np.where(white.any(axis=1), np.max(np.where(white, b_d, 0.0), axis=1), np.inf)
    ink = (b_d < INK_REL_BRIGHT * own_white[:, None]) & keep_d & ~coloured
    # The rim circle: white-ish (white or shaded white) arcs, and whether they face each other across the ball
    # (a stripe's two caps) or not (a solid's number disc, which is one spot).
    r = slice(N_SAMPLES, N_SAMPLES + N_RIM)
    whitish = (white_all[:, r] | grey_all[:, r]).astype(np.float32)
    n_rim = np.maximum(keep[:, r].sum(axis=1), 1)
    rim_white = whitish.sum(axis=1) / n_rim
    half = N_RIM // 2  # np.roll by half the circle and by one sample, as slices (the same arrays, cheaper)
    opposite = (whitish * np.concatenate([whitish[:, half:], whitish[:, :half]], axis=1)).sum(axis=1) / n_rim
    changes = (whitish != np.concatenate([whitish[:, -1:], whitish[:, :-1]], axis=1)).sum(axis=1) / 2.0
    feats.update({
        "white": counts[1, :, 2] / denom,
        "dark": counts[2, :, 2] / denom,
        "coloured": n_col / denom,
        "grey": counts[4, :, 2] / denom,
        "ink_in": (ink @ _ZONES[:, 0]) / np.maximum(counts[0, :, 0], 1.0),
        "rim_white": rim_white,
        "rim_coloured": coloured_all[:, r].sum(axis=1) / n_rim,
        "rim_opposite": opposite,
        "rim_arcs": changes,
        "chroma": mean_chroma,
        "log_bright": log_bright,
        "log_bright_nonwhite": np.where(nonwhite.any(axis=1), log_bright_nonwhite, np.log(255.0)),
        "valid": n_valid,
    })
    return feats


_JIT_COLUMNS = ("white_in", "dark_in", "coloured_in", "grey_in", "white_ring", "dark_ring", "coloured_ring",
                "grey_ring", "white", "dark", "coloured", "grey", "ink_in", "rim_white", "rim_coloured",
                "rim_opposite", "rim_arcs")
_NO_CLOTH = np.zeros((0, 3), np.float32)
_SUM_FIRST = False  # numpy's row sums here: pairwise from the row's start (checked on dev frames)


def _features_jit(pix: np.ndarray, gains: np.ndarray, cloth_bgr: np.ndarray | None) -> dict[str, np.ndarray]:
    """``features_from_pixels`` by the compiled kernel (``vision._jit``; the same arithmetic and sums)."""
    cloth = _NO_CLOTH if cloth_bgr is None else np.asarray(cloth_bgr, dtype=np.float32).reshape(-1, 3)
    pix = np.ascontiguousarray(pix)
    gains = np.ascontiguousarray(gains, dtype=np.float32)
    logb = np.log(np.maximum(_jit.bright_core(pix, gains, N_SAMPLES), 1.0))  # numpy's float32 log, as main
    out, valid = _jit.features_core(pix, gains, np.ascontiguousarray(cloth), N_SAMPLES, N_RIM, _INNER, _SUM_FIRST,
                                    logb)
    feats = {name: out[:, k] for k, name in enumerate(_JIT_COLUMNS)}
    feats["chroma"] = out[:, 17:19]
    feats["log_bright"] = out[:, 19]
    feats["log_bright_nonwhite"] = out[:, 20]
    feats["valid"] = valid
    return feats


_SCORE_ROWS = ("white_in", "white_ring", "coloured_in", "coloured_ring", "dark_in", "dark_ring",
               "log_bright_nonwhite", "coloured", "grey_in", "grey_ring", "ink_in", "rim_white", "rim_coloured",
               "rim_opposite", "rim_arcs", "white")


def _scores_jit(feats: dict[str, np.ndarray], paint_set: int | None, exclusive: bool) -> np.ndarray:
    """``score_features`` (default weights and temperature) then ``one_of_each`` when ``exclusive``, by the
    compiled kernels; the (N, 23) x (23, 4) product stays numpy's (BLAS adds in its own order)."""
    f = np.stack([*(feats[k] for k in _SCORE_ROWS), feats["chroma"][:, 0], feats["chroma"][:, 1],
                  feats["log_bright"]])
    pattern, dists = _jit.pattern_core(f, _VARIANT_CHROMA, _VARIANT_LOGB, -1 if paint_set is None else paint_set,
                                       SIGMA_CHROMA**2, SIGMA_LOG_BRIGHT, MAX_COLOUR_D2, SOLID_MAX_WHITE)
    p = _PARAMS
    pat = pattern @ p["pattern_weights"].T
    logl = _jit.logits_core(pat, dists, float(p["colour_scale"]), p["colour_bias"], _CATEGORY_OF_ID, _COLOUR_OF_ID,
                            TEMPERATURE)
    return _jit.finish_core(np.exp(logl), FLOOR, exclusive, EXCLUSIVE_ITERATIONS)  # numpy's exp, as score_features


PATTERN_FEATURES = ("1", "white_in", "white_ring", "coloured_in", "coloured_ring", "dark_in", "dark_ring",
                    "white_in^2", "white_ring^2", "white_in*coloured_ring", "coloured_in*white_ring",
                    "log_bright_nonwhite", "coloured", "grey_in", "grey_ring", "ink_in", "rim_white",
                    "rim_coloured", "rim_opposite", "rim_arcs", "rim_white*rim_coloured", "white",
                    "white_excess")
_CATEGORY_OF_ID = np.array([0, 2, 2, 2, 2, 2, 2, 2, 1, 3, 3, 3, 3, 3, 3, 3])  # index into CATEGORIES
_COLOUR_OF_ID = np.array([-1, 0, 1, 2, 3, 4, 5, 6, -1, 0, 1, 2, 3, 4, 5, 6])  # colour number - 1


def pattern_matrix(feats: dict[str, np.ndarray]) -> np.ndarray:
    """(N, len(PATTERN_FEATURES)) design matrix of the solid/stripe/cue/8 pattern evidence."""
    f = feats
    cols = [np.ones_like(f["white"]), f["white_in"], f["white_ring"], f["coloured_in"], f["coloured_ring"],
            f["dark_in"], f["dark_ring"], f["white_in"] ** 2, f["white_ring"] ** 2,
            f["white_in"] * f["coloured_ring"], f["coloured_in"] * f["white_ring"],
            (f["log_bright_nonwhite"] - 4.0), f["coloured"], f["grey_in"], f["grey_ring"], f["ink_in"],
            f["rim_white"], f["rim_coloured"], f["rim_opposite"], f["rim_arcs"] / 4.0,
            f["rim_white"] * f["rim_coloured"], f["white"], np.maximum(f["white"] - SOLID_MAX_WHITE, 0.0)]
    return np.stack(cols, axis=1)


def variant_distances(feats: dict[str, np.ndarray]) -> np.ndarray:
    """(N, 7, S) squared colour distances of each ball to colour 1-7 in each paint set s (variant index s of
    ``vision.colors.COLOUR_VARIANTS_BGR``; colours with fewer variants repeat their last). NaN colour -> NaN."""
    if "variant_d2" in feats:  # computed once per call: the scores and the paint-set evidence both need it
        return feats["variant_d2"]
    chroma, log_bright = feats["chroma"], feats["log_bright"]
    # all seven colours at once (the same element-wise arithmetic as one colour at a time, so the same values)
    sq = (chroma[:, None, None, :] - _VARIANT_CHROMA[None]) ** 2
    out = ((sq[..., 0] + sq[..., 1]) / SIGMA_CHROMA**2
           + ((log_bright[:, None, None] - _VARIANT_LOGB[None]) / SIGMA_LOG_BRIGHT) ** 2)
    feats["variant_d2"] = out
    return out


def colour_distances(feats: dict[str, np.ndarray], paint_set: int | None = None) -> np.ndarray:
    """(N, 7) capped squared distances of each ball's colour to colours 1-7, scaled by how many coloured pixels
    back the estimate (a mostly white or dark ball says little about its colour).

    ``paint_set``: compare with that set's paints only (a video uses one ball set); None = the nearest of all.
    """
    has_colour = np.isfinite(feats["chroma"][:, 0])
    reliability = _clip(feats["coloured"] / 0.12, 0.0, 1.0)
    d_all = variant_distances(feats)
    d2 = d_all.min(axis=2) if paint_set is None else d_all[:, :, paint_set]
    return np.where(has_colour[:, None], np.minimum(d2, MAX_COLOUR_D2) * reliability[:, None], 0.0)


def paint_set_evidence(feats: dict[str, np.ndarray]) -> np.ndarray:
    """(S,) how badly each paint set explains these balls: the sum over clearly coloured balls of the distance
    to the set's nearest colour (capped). Lower is better; summed over frames it picks the video's ball set."""
    d_all = np.minimum(variant_distances(feats), MAX_COLOUR_D2)
    clear = np.isfinite(feats["chroma"][:, 0]) & (feats["coloured"] >= 0.3)
    if not clear.any():
        return np.zeros(N_SETS)
    return d_all[clear].min(axis=1).sum(axis=0)


def id_logits(pattern: np.ndarray, dists: np.ndarray, params: dict[str, np.ndarray]) -> np.ndarray:
    """Log-likelihood of each id: pattern weights of its category plus, for coloured balls, its colour fit."""
    pat = pattern @ params["pattern_weights"].T  # (N, 4 categories)
    logl = pat[:, _CATEGORY_OF_ID]
    colour_ll = -0.5 * params["colour_scale"] * dists + params["colour_bias"]  # (N, 7)
    coloured_ids = _COLOUR_OF_ID >= 0
    logl[:, coloured_ids] += colour_ll[:, _COLOUR_OF_ID[coloured_ids]]
    return logl


def _default_params() -> dict[str, np.ndarray]:
    """Hand-set weights, used when the fitted ``identify_fast.json`` is missing."""
    w = np.zeros((4, len(PATTERN_FEATURES)))
    w[0, [0, 1, 2, 12]] = (-8.0, 6.0, 6.0, -8.0)  # cue: all white, no colour
    w[1, [0, 5, 6, 11, 12]] = (0.0, 4.0, 4.0, -4.0, -6.0)  # eight: dark, no colour
    w[2, [0, 1, 2]] = (2.0, -3.0, -8.0)  # solid: little white, none in the ring
    w[3, [0, 1, 2]] = (0.0, 2.0, 4.0)  # stripe: white caps
    return {"pattern_weights": w, "colour_scale": np.array(1.0), "colour_bias": np.zeros(7)}


def load_params(path: Path | None = None) -> dict[str, np.ndarray]:
    """The fast scorer's weights (fitted by vision/training/fit_fast.py) from JSON."""
    path = FAST_PARAMS if path is None else path
    if not path.is_file():
        return _default_params()
    doc = json.loads(path.read_text())
    names = list(doc["pattern_features"])
    if names != list(PATTERN_FEATURES)[:len(names)]:
        raise ValueError(f"{path}: pattern features {names} do not match this code")
    params = {k: np.asarray(doc[k], dtype=float) for k in ("pattern_weights", "colour_scale", "colour_bias")}
    # weights fitted before features were added: the new ones weigh nothing
    w = np.zeros((4, len(PATTERN_FEATURES)))
    w[:, :len(names)] = params["pattern_weights"]
    params["pattern_weights"] = w
    return params


def score_features(feats: dict[str, np.ndarray], params: dict[str, np.ndarray] | None = None,
                   temperature: float = TEMPERATURE, paint_set: int | None = None) -> np.ndarray:
    """Turn ``ball_features`` into (N, 16) probabilities (the model documented in IDENTIFICATION.md)."""
    params = _PARAMS if params is None else params
    logl = id_logits(pattern_matrix(feats), colour_distances(feats, paint_set), params) / temperature
    logl -= logl.max(axis=1, keepdims=True)
    p = np.exp(logl)
    p /= p.sum(axis=1, keepdims=True)
    return (1.0 - FLOOR) * p + FLOOR / N_IDS


FAST_PARAMS = Path(__file__).with_name("identify_fast.json")
_PARAMS = load_params()


EXCLUSIVE_ITERATIONS = 10


def one_of_each(scores: np.ndarray, iterations: int = EXCLUSIVE_ITERATIONS) -> np.ndarray:
    """Scores of the balls of one frame, made consistent with a set holding one ball of each id.

    Each row is a ball's distribution over ids; a column summing to more than 1 claims the same ball twice (two
    "cue balls"), so such columns are scaled down to 1 and the rows renormalised, a few times (Sinkhorn's
    iteration with column sums <= 1). A ball that only looks a bit like the cue ball loses that id to the ball
    that is clearly it, and its next best answer stands. Cheap (16 x 16), and a no-op for a lone ball.
    """
    p = np.asarray(scores, dtype=float)
    if len(p) < 2:
        return p
    p = p.copy(order="K")  # scaled in place below (the same divisions, fewer arrays; the layout kept: sums follow it)
    # (np.add.reduce and np.maximum.reduce are what .sum and .max call, without their Python wrappers: the same
    # sums; up to 10 rounds a frame)
    add, top = np.add.reduce, np.maximum.reduce
    for _ in range(iterations):
        col = add(p, axis=0)
        if top(col) <= 1.0 + 1e-3:  # no id claimed twice (any more)
            break
        p /= np.maximum(col, 1.0, out=col)
        p /= add(p, axis=1, keepdims=True)
    p *= 1.0 - FLOOR
    p += FLOOR / N_IDS
    return p


def crop_balls(
    image_bgr: np.ndarray, centres_px: np.ndarray, radii_px: np.ndarray, size: int = CROP_SIZE,
    margin: float = CROP_MARGIN,
) -> np.ndarray:
    """Square crops (N, size, size, 3) BGR uint8 centred on each ball, half-side ``margin`` radii.

    Training builds its crops with this same function, so the model sees runtime framing. Borders replicate.
    """
    centres = np.asarray(centres_px, dtype=float).reshape(-1, 2)
    radii = np.asarray(radii_px, dtype=float).reshape(-1)
    out = np.empty((len(centres), size, size, 3), dtype=np.uint8)
    for i, ((cx, cy), r) in enumerate(zip(centres, radii, strict=True)):
        s = size / (2.0 * margin * max(float(r), 1.0))
        # OpenCV convention (pixel i has its centre at i): the ball centre lands on the crop's centre.
        t = (size - 1) / 2.0
        m = np.array([[s, 0.0, t - s * cx], [0.0, s, t - s * cy]])
        interp = cv2.INTER_AREA if s < 1.0 else cv2.INTER_LINEAR
        out[i] = cv2.warpAffine(image_bgr, m, (size, size), flags=interp, borderMode=cv2.BORDER_REPLICATE)
    return out


def combine(fast: np.ndarray, model: np.ndarray, fast_weight: float = 0.5) -> np.ndarray:
    """Product of experts: ``model * fast**fast_weight``, renormalised (the model is the sharper witness)."""
    logp = np.log(_clip(model, 1e-6, 1.0)) + fast_weight * np.log(_clip(fast, 1e-6, 1.0))
    logp -= logp.max(axis=1, keepdims=True)
    p = np.exp(logp)
    return p / p.sum(axis=1, keepdims=True)


class BallIdentifier:
    """Identity evidence for detected balls.

    Args:
        model_path: the ONNX classifier (default ``models/ball_classifier.onnx``); loaded on first
            ``model_scores`` call, so code that only needs ``fast_scores`` never pays for it.
        white_bgr: optional white reference (e.g. the cue ball's mean colour in this video): the image is white
            balanced with it before colours are judged. None = trust the camera's white balance.
        cloth_bgr: optional cloth colour: sampled pixels this close to it are ignored (blur and detector
            offsets put cloth inside the disc). None = keep every pixel.
        threads: onnxruntime intra-op threads (1 keeps it off the decoder's and detector's core).
        auto_white: without ``white_bgr``, estimate the white reference from the balls' own near-grey bright
            pixels (cue ball, stripes, number discs) and keep a running average over calls (one identifier per
            video).
        auto_cloth: without ``cloth_bgr``, estimate the cloth from a ring of samples just outside the balls (the
            most common chromaticity there) and keep a running average over calls.
        exclusive: the balls of one call are one frame, and a set has one ball of each id: ``one_of_each``.
    """

    def __init__(
        self,
        model_path: str | Path | None = None,
        white_bgr: tuple[float, float, float] | np.ndarray | None = None,
        cloth_bgr: tuple[float, float, float] | np.ndarray | None = None,
        threads: int = 1,
        auto_white: bool = True,
        auto_cloth: bool = True,
        exclusive: bool = True,
    ) -> None:
        self.model_path = Path(model_path) if model_path is not None else DEFAULT_MODEL
        self.white_bgr = None if white_bgr is None else np.asarray(white_bgr, dtype=np.float32)
        self.cloth_bgr = None if cloth_bgr is None else np.asarray(cloth_bgr, dtype=np.float32)
        self.threads = threads
        self.auto_white = auto_white
        self.auto_cloth = auto_cloth
        self.exclusive = exclusive
        self._white_est: np.ndarray | None = None
        self._cloth_est: np.ndarray | None = None
        self._calls = 0
        self._set_evidence = np.zeros(N_SETS)
        self._session: Any = None
        self._input_name = ""
        self._size = CROP_SIZE

    def fast_scores(self, image_bgr: np.ndarray, centres_px: np.ndarray, radii_px: np.ndarray, *,
                    cloth_bgr: np.ndarray | None = None) -> np.ndarray:
        """(N, 16) cheap colour/stripe evidence for each ball; rows sum to 1.

        ``cloth_bgr``: the cloth colour for this call, (3,) or per ball (N, 3) (e.g. the detector's local cloth
        model); overrides the constructor's.
        """
        centres = np.asarray(centres_px, dtype=float).reshape(-1, 2)
        if len(centres) == 0:
            return np.zeros((0, N_IDS))
        pix = sample_pixels(image_bgr, centres, radii_px)
        white = self.white_bgr
        if white is None and self.auto_white:
            est = estimate_white(pix)
            if est is not None:
                self._white_est = est if self._white_est is None else 0.9 * self._white_est + 0.1 * est
        if white is None and self.auto_white:
            white = self._white_est
        cloth = self.cloth_bgr if cloth_bgr is None else np.asarray(cloth_bgr, dtype=np.float32)
        self._calls += 1
        if cloth is None and self.auto_cloth and (self._cloth_est is None or self._calls % CLOTH_EVERY == 0):
            est_c = estimate_cloth(cloth_ring(image_bgr, centres, radii_px))
            if est_c is not None:
                jump = self._cloth_est is None or float(np.linalg.norm(
                    _chroma(est_c)[0] - _chroma(self._cloth_est)[0])) > 2 * CLOTH_MAX_DIST
                # another cloth (a new video through the same identifier): start over rather than blend
                self._cloth_est = est_c if jump else CLOTH_EMA * self._cloth_est + (1.0 - CLOTH_EMA) * est_c
        if cloth is None and self.auto_cloth:
            cloth = self._cloth_est
        feats = features_from_pixels(pix, white, cloth)
        self._set_evidence = PAINT_SET_DECAY * self._set_evidence + paint_set_evidence(feats)
        if _jit.ENABLED:
            return _scores_jit(feats, self.paint_set, self.exclusive)
        scores = score_features(feats, paint_set=self.paint_set)
        return one_of_each(scores) if self.exclusive else scores

    @property
    def paint_set(self) -> int | None:
        """The ball set this video seems to use (index into the paint variants), None while undecided."""
        order = np.argsort(self._set_evidence)
        if self._set_evidence[order[1]] - self._set_evidence[order[0]] >= PAINT_SET_MARGIN:
            return int(order[0])
        return None

    def model_scores(self, image_bgr: np.ndarray, centres_px: np.ndarray, radii_px: np.ndarray) -> np.ndarray:
        """(N, 16) CNN class probabilities for each ball; rows sum to 1."""
        centres = np.asarray(centres_px, dtype=float).reshape(-1, 2)
        if len(centres) == 0:
            return np.zeros((0, N_IDS))
        self._load()
        crops = crop_balls(image_bgr, centres, radii_px, size=self._size)
        return self.classify_crops(crops)

    def scores(self, image_bgr: np.ndarray, centres_px: np.ndarray, radii_px: np.ndarray) -> np.ndarray:
        """Both scorers combined (``combine``): the best single-frame answer, at the model's cost."""
        return combine(self.fast_scores(image_bgr, centres_px, radii_px),
                       self.model_scores(image_bgr, centres_px, radii_px))

    def classify_crops(self, crops_bgr: np.ndarray) -> np.ndarray:
        """Run the ONNX model on ready-made (N, S, S, 3) BGR uint8 crops from ``crop_balls``."""
        self._load()
        if crops_bgr.shape[1:3] != (self._size, self._size):
            raise ValueError(f"crops must be {self._size}x{self._size}, got {crops_bgr.shape[1:3]}")
        x = crops_bgr[..., ::-1].transpose(0, 3, 1, 2).astype(np.float32) / 255.0  # RGB, NCHW, 0-1
        (probs,) = self._session.run(None, {self._input_name: np.ascontiguousarray(x)})
        probs = np.asarray(probs, dtype=float).reshape(len(crops_bgr), -1)
        if probs.shape[1] != N_IDS:
            raise ValueError(f"{self.model_path}: expected {N_IDS} classes, the model has {probs.shape[1]}")
        probs = np.clip(probs, 0.0, None)
        probs /= probs.sum(axis=1, keepdims=True)
        return (1.0 - FLOOR) * probs + FLOOR / N_IDS

    def _load(self) -> None:
        if self._session is not None:
            return
        import onnxruntime as ort

        if not self.model_path.is_file():
            raise FileNotFoundError(f"ball classifier not found: {self.model_path} (see models/README.md)")
        opts = ort.SessionOptions()
        opts.intra_op_num_threads = self.threads
        opts.inter_op_num_threads = 1
        self._session = ort.InferenceSession(str(self.model_path), opts, providers=["CPUExecutionProvider"])
        inp = self._session.get_inputs()[0]
        self._input_name = inp.name
        if isinstance(inp.shape[2], int):
            self._size = int(inp.shape[2])


class CombinedIdentifier:
    """The fast scores on every frame, combined with the CNN's for each ball, the CNN run only where it pays.

    A drop-in identifier for ``vision.detect.BallDetector`` (it has the same ``fast_scores`` call, which here
    returns the *combined* scores). The CNN's answer for a ball is kept and reused while the ball stays where it
    was (matched to the previous frame's balls within ``match_radii`` radii, as a ball at rest or rolling
    slowly does), so the model runs only for balls that are new (first seen, or moved too far to be matched)
    or whose fast scores are unsure (top category below ``sure``) and were not checked in the last
    ``recheck_frames`` frames, at most ``budget`` balls per frame, new ones first. The rest of the balls in a
    frame cost the fast scorer alone. ``model_calls`` counts the balls the CNN has seen.
    """

    def __init__(self, identifier: BallIdentifier | None = None, *, budget: int = 4, sure: float = 0.9,
                 recheck_frames: int = 25, match_radii: float = 1.0) -> None:
        self.ident = identifier or BallIdentifier()
        self.budget = budget
        self.sure = sure
        self.recheck_frames = recheck_frames
        self.match_radii = match_radii
        self.model_calls = 0
        self._centres = np.zeros((0, 2))
        self._model = np.zeros((0, N_IDS))
        self._age = np.zeros(0, dtype=int)  # frames since the model last looked at the ball; -1 = never
        self._model_ok = True

    def fast_scores(self, image_bgr: np.ndarray, centres_px: np.ndarray, radii_px: np.ndarray, *,
                    cloth_bgr: np.ndarray | None = None) -> np.ndarray:
        """(N, 16) combined scores (the fast scores where the model has not looked yet or is unavailable)."""
        centres = np.asarray(centres_px, dtype=float).reshape(-1, 2)
        radii = np.asarray(radii_px, dtype=float).reshape(-1)
        fast = self.ident.fast_scores(image_bgr, centres, radii, cloth_bgr=cloth_bgr)
        n = len(centres)
        model = np.full((n, N_IDS), np.nan)
        age = np.full(n, -1, dtype=int)
        if n and len(self._centres):  # carry the model's answer over to the same ball in this frame
            d = np.linalg.norm(centres[:, None] - self._centres[None], axis=-1)
            j = np.argmin(d, axis=1)
            near = d[np.arange(n), j] <= self.match_radii * np.maximum(radii, 1.0)
            # one previous ball for one current ball: the nearer claim wins
            taken: set[int] = set()
            for i in np.flatnonzero(near)[np.argsort(d[np.flatnonzero(near), j[near]])]:
                if int(j[i]) in taken:
                    continue
                taken.add(int(j[i]))
                prev_age = self._age[j[i]]
                model[i], age[i] = self._model[j[i]], prev_age + 1 if prev_age >= 0 else -1
        if self._model_ok and n:
            top = categories(fast).max(axis=1)
            unsure = top < self.sure
            new = age < 0
            due = new | (unsure & (age >= self.recheck_frames))
            order = np.flatnonzero(due)
            order = order[np.lexsort((top[order], ~new[order]))][:self.budget]
            if len(order):
                try:
                    model[order] = self.ident.model_scores(image_bgr, centres[order], radii[order])
                    age[order] = 0
                    self.model_calls += len(order)
                except Exception:  # no model file or onnxruntime: the fast scores alone, as before
                    self._model_ok = False
        self._centres, self._model, self._age = centres, model, age
        have = ~np.isnan(model[:, 0])
        out = fast.copy()
        if have.any():
            out[have] = combine(fast[have], model[have])
            if self.ident.exclusive:
                out = one_of_each(out)
        return out


def categories(scores: np.ndarray) -> np.ndarray:
    """Collapse (N, 16) id scores to (N, 4) category scores in the order of ``vision.colors.CATEGORIES``."""
    s = np.asarray(scores, dtype=float)
    return np.stack([s[:, CUE], s[:, EIGHT], s[:, list(SOLIDS)].sum(axis=1), s[:, list(STRIPES)].sum(axis=1)],
                    axis=1)


def best_category(scores_row: np.ndarray) -> Category:
    """The most likely category for one row of id scores."""
    names: tuple[Category, ...] = ("cue", "eight", "solid", "stripe")
    return names[int(np.argmax(categories(np.asarray(scores_row).reshape(1, -1))[0]))]


__all__ += ["one_of_each", "categories", "best_category", "ball_features", "score_features", "sample_pixels", "estimate_white"]
