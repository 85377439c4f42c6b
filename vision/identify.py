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

import math
from pathlib import Path
from typing import Any

import cv2
import numpy as np

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

__all__ = ["BallIdentifier", "category_of", "crop_balls", "combine", "DEFAULT_MODEL", "CROP_SIZE", "CROP_MARGIN"]

DEFAULT_MODEL = Path(__file__).resolve().parents[1] / "models" / "ball_classifier.onnx"
CROP_SIZE = 32  # model input, pixels
CROP_MARGIN = 1.25  # crop half-side in ball radii: the ball plus a ring of cloth, as in training

# Pixel classes in CIE Lab (L 0-100, a/b about -128..127) after the optional white balance.
WHITE_MIN_L, WHITE_MAX_CHROMA = 50.0, 24.0  # bright and grey: cue ball, stripe caps, number disc, highlights
DARK_MAX_L = 22.0  # the 8 (and the black number ink); dark paints (maroon, blue, green) sit above this
GREY_MAX_CHROMA = 14.0  # colourless mid-grey pixels (shaded white) carry no colour evidence
CLOTH_MAX_DIST = 14.0  # Lab distance under which a pixel is taken for cloth when the cloth colour is given

# Colour likelihood: a diagonal Gaussian in Lab around the nearest paint variant. Lightness varies most with
# shading, so it gets the widest spread.
SIGMA_LAB = np.array([16.0, 11.0, 11.0])
MAX_COLOUR_D2 = 30.0  # cap on the squared distance so one bad colour estimate cannot veto an id outright
SAMPLE_RADIUS = 0.72  # sample inside this fraction of the radius: the rim is shaded and mixes with the cloth
N_SAMPLES = 61
TEMPERATURE = 1.6  # divides the log-likelihoods; calibrated so the fast scores are not over-confident
FLOOR = 0.004  # mixed-in uniform probability: no id is ever ruled out on one frame


def _sunflower(n: int) -> np.ndarray:
    """``n`` points spread evenly over the unit disc (Vogel's spiral), centre first."""
    k = np.arange(n, dtype=float)
    r = np.sqrt(k / (n - 1))
    theta = k * math.pi * (3.0 - math.sqrt(5.0))
    return np.stack([r * np.cos(theta), r * np.sin(theta)], axis=1)


_PATTERN = _sunflower(N_SAMPLES) * SAMPLE_RADIUS


def _lab(bgr: np.ndarray) -> np.ndarray:
    """Lab of BGR values in 0-255 (any shape ending in 3), as float32 with L in 0-100."""
    flat = np.ascontiguousarray(bgr, dtype=np.float32).reshape(1, -1, 3) / 255.0
    return cv2.cvtColor(np.clip(flat, 0.0, 1.0), cv2.COLOR_BGR2Lab).reshape(np.shape(bgr))


_VARIANT_LAB: dict[int, np.ndarray] = {
    n: _lab(np.array(v, dtype=np.float32)) for n, v in COLOUR_VARIANTS_BGR.items()
}


def _logistic_log(x: np.ndarray) -> np.ndarray:
    """log(sigmoid(x)), numerically safe."""
    return -np.logaddexp(0.0, -x)


def ball_features(
    image_bgr: np.ndarray,
    centres_px: np.ndarray,
    radii_px: np.ndarray,
    white_bgr: np.ndarray | None = None,
    cloth_bgr: np.ndarray | None = None,
) -> dict[str, np.ndarray]:
    """The per-ball statistics ``fast_scores`` scores (exposed for the docs, tests and tuning).

    Returns arrays of length N: ``white``, ``dark``, ``coloured`` (fractions of the sampled ball pixels),
    ``colour_lab`` (N, 3) the mean Lab of the coloured pixels (NaN where there are none) and ``valid`` the
    number of sampled pixels that were not cloth.
    """
    centres = np.asarray(centres_px, dtype=float).reshape(-1, 2)
    radii = np.asarray(radii_px, dtype=float).reshape(-1)
    h, w = image_bgr.shape[:2]
    pts = centres[:, None, :] + radii[:, None, None] * _PATTERN[None, :, :]
    xs = np.clip(np.rint(pts[..., 0]).astype(np.intp), 0, w - 1)
    ys = np.clip(np.rint(pts[..., 1]).astype(np.intp), 0, h - 1)
    pix = image_bgr[ys, xs].astype(np.float32)  # (N, P, 3)
    if white_bgr is not None:
        gains = 240.0 / np.maximum(np.asarray(white_bgr, dtype=np.float32).reshape(3), 1.0)
        pix = pix * gains
    lab = _lab(pix)
    light = lab[..., 0]
    chroma = np.hypot(lab[..., 1], lab[..., 2])
    keep = np.ones(light.shape, dtype=bool)
    if cloth_bgr is not None:
        cloth = _lab(np.asarray(cloth_bgr, dtype=np.float32).reshape(3) * (gains if white_bgr is not None else 1.0))
        keep = np.linalg.norm(lab - cloth, axis=-1) > CLOTH_MAX_DIST
    white = (light >= WHITE_MIN_L) & (chroma <= WHITE_MAX_CHROMA) & keep
    dark = (light <= DARK_MAX_L) & ~white & keep
    coloured = ~white & ~dark & (chroma > GREY_MAX_CHROMA) & keep
    n_valid = keep.sum(axis=1)
    denom = np.maximum(n_valid, 1)
    n_col = coloured.sum(axis=1)
    colour_lab = (lab * coloured[..., None]).sum(axis=1) / np.maximum(n_col, 1)[:, None]
    colour_lab[n_col == 0] = np.nan
    return {
        "white": white.sum(axis=1) / denom,
        "dark": dark.sum(axis=1) / denom,
        "coloured": n_col / denom,
        "colour_lab": colour_lab,
        "valid": n_valid,
    }


def score_features(feats: dict[str, np.ndarray], temperature: float = TEMPERATURE) -> np.ndarray:
    """Turn ``ball_features`` into (N, 16) probabilities (the generative model documented in IDENTIFICATION.md)."""
    white, dark, col = feats["white"], feats["dark"], feats["coloured"]
    lab = feats["colour_lab"]
    n = len(white)
    logl = np.zeros((n, N_IDS))
    # Pattern: how much of the visible ball is white paint.
    solid_pat = _logistic_log((0.26 - white) / 0.05)
    stripe_pat = _logistic_log((white - 0.18) / 0.05) + _logistic_log((0.88 - white) / 0.04)
    cue_pat = _logistic_log((white - 0.80) / 0.05)
    # Colour: nearest paint variant of each colour number, weighted by how many coloured pixels back it.
    has_colour = np.isfinite(lab[:, 0])
    reliability = np.clip(col / 0.12, 0.0, 1.0)
    colour_ll = np.zeros((n, 8))
    for number in range(1, 8):
        variants = _VARIANT_LAB[number]
        d2 = (((lab[:, None, :] - variants[None, :, :]) / SIGMA_LAB) ** 2).sum(axis=-1).min(axis=1)
        d2 = np.where(has_colour, np.minimum(d2, MAX_COLOUR_D2), MAX_COLOUR_D2 / 2)
        colour_ll[:, number - 1] = -0.5 * d2 * np.where(has_colour, reliability, 1.0)
    # A coloured ball shows some colour; the cue ball and the 8 show little.
    some_colour = _logistic_log((col - 0.10) / 0.04)
    little_colour = _logistic_log((0.30 - col) / 0.07)
    for number in range(1, 8):
        logl[:, number] = solid_pat + colour_ll[:, number - 1] + some_colour
        logl[:, number + 8] = stripe_pat + colour_ll[:, number - 1] + some_colour
    logl[:, CUE] = cue_pat + little_colour + _logistic_log((0.10 - dark) / 0.04)
    logl[:, EIGHT] = (_logistic_log((dark - 0.40) / 0.08) + _logistic_log((0.30 - white) / 0.06) + little_colour)
    logl /= temperature
    logl -= logl.max(axis=1, keepdims=True)
    p = np.exp(logl)
    p /= p.sum(axis=1, keepdims=True)
    return (1.0 - FLOOR) * p + FLOOR / N_IDS


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
    logp = np.log(np.clip(model, 1e-6, 1.0)) + fast_weight * np.log(np.clip(fast, 1e-6, 1.0))
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
    """

    def __init__(
        self,
        model_path: str | Path | None = None,
        white_bgr: tuple[float, float, float] | np.ndarray | None = None,
        cloth_bgr: tuple[float, float, float] | np.ndarray | None = None,
        threads: int = 1,
    ) -> None:
        self.model_path = Path(model_path) if model_path is not None else DEFAULT_MODEL
        self.white_bgr = None if white_bgr is None else np.asarray(white_bgr, dtype=np.float32)
        self.cloth_bgr = None if cloth_bgr is None else np.asarray(cloth_bgr, dtype=np.float32)
        self.threads = threads
        self._session: Any = None
        self._input_name = ""
        self._size = CROP_SIZE

    def fast_scores(self, image_bgr: np.ndarray, centres_px: np.ndarray, radii_px: np.ndarray) -> np.ndarray:
        """(N, 16) cheap colour/stripe evidence for each ball; rows sum to 1."""
        centres = np.asarray(centres_px, dtype=float).reshape(-1, 2)
        if len(centres) == 0:
            return np.zeros((0, N_IDS))
        feats = ball_features(image_bgr, centres, radii_px, self.white_bgr, self.cloth_bgr)
        return score_features(feats)

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
        return probs / probs.sum(axis=1, keepdims=True)

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


def categories(scores: np.ndarray) -> np.ndarray:
    """Collapse (N, 16) id scores to (N, 4) category scores in the order of ``vision.colors.CATEGORIES``."""
    s = np.asarray(scores, dtype=float)
    return np.stack([s[:, CUE], s[:, EIGHT], s[:, list(SOLIDS)].sum(axis=1), s[:, list(STRIPES)].sum(axis=1)],
                    axis=1)


def best_category(scores_row: np.ndarray) -> Category:
    """The most likely category for one row of id scores."""
    names: tuple[Category, ...] = ("cue", "eight", "solid", "stripe")
    return names[int(np.argmax(categories(np.asarray(scores_row).reshape(1, -1))[0]))]


__all__ += ["categories", "best_category", "ball_features", "score_features"]
