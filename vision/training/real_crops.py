"""Real ball crops for training and evaluation: UniPD boxes and hand-labelled 2019 overhead frames.

The runtime detector is engineer D's; the labelling here needs only a rough one that finds isolated balls on a
plain cloth (``find_balls``), so it lives with the training code. Labels of the 2019 clips are in
``data/labels_2019.json``: per clip, the frame, the approximate centre and the ball id I read off the image
by eye. ``track_labels`` follows each labelled ball through later frames (nearest blob, a ball moves less than
a radius between frames or is dropped), which turns a few dozen labels into a few thousand real crops.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np

from vision.identify import CROP_SIZE, crop_balls

UNIPD_CLASS_TO_CATEGORY = {1: "cue", 2: "eight", 3: "solid", 4: "stripe"}
LABELS_2019 = Path(__file__).with_name("data") / "labels_2019.json"
LABELS_UNIPD = Path(__file__).with_name("data") / "labels_unipd.json"


def read_unipd_boxes(path: Path) -> tuple[np.ndarray, np.ndarray, list[str]]:
    """Centres (N, 2), radii (N,) and categories from a UniPD ``frame_*_bbox.txt`` (x y w h class per line)."""
    rows = [line.split() for line in path.read_text().splitlines() if line.strip()]
    arr = np.array([[float(v) for v in row[:5]] for row in rows]).reshape(-1, 5)
    # Box corners are pixel indices: the centre of an inclusive w-pixel box starting at x is x + (w - 1) / 2.
    centres = arr[:, :2] + (arr[:, 2:4] - 1) / 2.0
    radii = arr[:, 2:4].mean(axis=1) / 2.0
    return centres, radii, [UNIPD_CLASS_TO_CATEGORY[int(c)] for c in arr[:, 4]]


def unipd_samples(root: Path, clip: str) -> Iterator[tuple[np.ndarray, np.ndarray, np.ndarray, list[str]]]:
    """(image, centres, radii, categories) for the annotated first and last frames of one UniPD clip."""
    base = root / clip
    for which in ("first", "last"):
        image = cv2.imread(str(base / "frames" / f"frame_{which}.png"), cv2.IMREAD_COLOR)
        if image is None:
            continue
        centres, radii, cats = read_unipd_boxes(base / "bounding_boxes" / f"frame_{which}_bbox.txt")
        yield image, centres, radii, cats


def cloth_colour(image_bgr: np.ndarray) -> np.ndarray:
    """The dominant colour of the middle of the frame (the cloth, for an overhead view), BGR."""
    h, w = image_bgr.shape[:2]
    mid = image_bgr[h // 4: 3 * h // 4, w // 4: 3 * w // 4].reshape(-1, 3)
    return np.median(mid, axis=0)


def find_balls(image_bgr: np.ndarray, r_min: float, r_max: float, min_dist: float = 30.0
               ) -> tuple[np.ndarray, np.ndarray]:
    """Isolated round non-cloth blobs inside the cloth area: centres (N, 2) and radii (N,). Labelling aid only."""
    lab = cv2.cvtColor(image_bgr, cv2.COLOR_BGR2Lab).astype(np.float32)
    cloth = cv2.cvtColor(cloth_colour(image_bgr).reshape(1, 1, 3).astype(np.uint8), cv2.COLOR_BGR2Lab)
    dist = np.linalg.norm(lab - cloth.astype(np.float32).reshape(1, 1, 3), axis=2)
    is_cloth = (dist < min_dist).astype(np.uint8)
    n, cc, stats, _ = cv2.connectedComponentsWithStats(is_cloth)
    if n < 2:
        return np.zeros((0, 2)), np.zeros(0)
    table = (cc == 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))).astype(np.uint8)
    contours, _ = cv2.findContours(table, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    filled = np.zeros_like(table)
    cv2.drawContours(filled, [cv2.convexHull(max(contours, key=cv2.contourArea))], -1, 1, -1)
    filled = cv2.erode(filled, np.ones((int(r_max), int(r_max)), np.uint8))
    blobs = ((1 - table) & filled).astype(np.uint8)
    blobs = cv2.morphologyEx(blobs, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    n, cc, stats, cents = cv2.connectedComponentsWithStats(blobs)
    out_c, out_r = [], []
    for i in range(1, n):
        area = stats[i, cv2.CC_STAT_AREA]
        w, h = stats[i, cv2.CC_STAT_WIDTH], stats[i, cv2.CC_STAT_HEIGHT]
        r = np.sqrt(area / np.pi)
        if not r_min <= r <= r_max or not 0.7 < w / h < 1.4 or area < 0.6 * w * h:
            continue
        out_c.append(cents[i])
        out_r.append(max(w, h) / 2.0)
    return np.array(out_c).reshape(-1, 2), np.array(out_r)


def load_labels(path: Path = LABELS_2019) -> dict:
    return json.loads(path.read_text())


def unipd_numbers() -> dict[tuple[str, str], list[int | None]]:
    """Hand-read ball numbers of the UniPD boxes, (clip, "first"|"last") -> ids in bbox order (None = unsure)."""
    doc = json.loads(LABELS_UNIPD.read_text())
    return {(f["clip"], f["frame"]): f["ids"] for f in doc["frames"]}


def jittered_crops(rng: np.random.Generator, image: np.ndarray, centres: np.ndarray, radii: np.ndarray,
                   copies: int, size: int = CROP_SIZE) -> np.ndarray:
    """``copies`` crops per ball with the detector's typical errors (centre 8 % of r, radius 10 %): (copies*N, ...)."""
    out = []
    for _ in range(copies):
        c = centres + rng.normal(0.0, 0.08, centres.shape) * radii[:, None]
        r = radii * rng.uniform(0.9, 1.1, radii.shape)
        out.append(crop_balls(image, c, r, size=size))
    return np.concatenate(out)


def track_labels(video: Path, frame0: int, centres: np.ndarray, ids: list[int], r_min: float, r_max: float,
                 step: int = 3, max_frames: int = 400) -> Iterator[tuple[np.ndarray, np.ndarray, np.ndarray,
                                                                         np.ndarray]]:
    """Follow hand-labelled balls from ``frame0`` on: yields (image, centres, radii, ids) every ``step`` frames.

    A ball is kept while a blob lies within 0.8 radius of its last position (it is then updated to the blob);
    a ball that is hit (moves fast), occluded or merges with another is dropped for good, so no label drifts.
    """
    cap = cv2.VideoCapture(str(video))
    pos = np.asarray(centres, dtype=float).copy()
    alive = np.ones(len(pos), dtype=bool)
    ids_arr = np.asarray(ids)
    index = -1
    while index < frame0 + max_frames:
        ok, image = cap.read()
        if not ok:
            break
        index += 1
        if index < frame0:
            continue
        found_c, found_r = find_balls(image, r_min, r_max)
        radii = np.zeros(len(pos))
        for i in np.flatnonzero(alive):
            if len(found_c) == 0:
                alive[i] = False
                continue
            d = np.linalg.norm(found_c - pos[i], axis=1)
            j = int(np.argmin(d))
            if d[j] > 0.8 * found_r[j] or np.sum(d < 2.2 * found_r[j]) > 1:
                alive[i] = False
                continue
            pos[i], radii[i] = found_c[j], found_r[j]
        if not alive.any():
            break
        if (index - frame0) % step == 0:
            yield image, pos[alive].copy(), radii[alive].copy(), ids_arr[alive].copy()
    cap.release()


def crops_2019(video: Path, entry: dict, step: int = 3, max_frames: int = 400, size: int = CROP_SIZE
               ) -> tuple[np.ndarray, np.ndarray]:
    """Real crops (M, size, size, 3) and their ball ids for one labelled 2019 clip entry."""
    centres = np.array([b["xy"] for b in entry["balls"]], dtype=float)
    ids = [int(b["id"]) for b in entry["balls"]]
    crops, labels = [], []
    for image, c, r, i in track_labels(video, int(entry["frame"]), centres, ids, entry.get("r_min", 10),
                                       entry.get("r_max", 20), step=step, max_frames=max_frames):
        crops.append(crop_balls(image, c, r, size=size))
        labels.append(i)
    if not crops:
        return np.zeros((0, size, size, 3), np.uint8), np.zeros(0, int)
    return np.concatenate(crops), np.concatenate(labels)
