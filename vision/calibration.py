"""The image <-> table mapping of one fixed camera, and its JSON file (contract: cueref.calibration/1).

``homography`` maps table metres (x, y, 1) on the plane through the ball centres to *undistorted* pixels; an
optional OpenCV lens model (``camera_matrix``, ``dist_coeffs``) then maps undistorted pixels to the image, exactly as
``cv2.projectPoints`` does. So a ball centre seen in the image maps straight to its table x, y.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from adjudicator.errors import CalibrationError
from vision.geometry import TABLE_SIZES, TableGeometry

SCHEMA = "cueref.calibration/1"
HEADS = ("left", "right", "top", "bottom")
SOURCES = ("synth", "auto", "manual")


def _as_points(a: Any) -> tuple[np.ndarray, tuple[int, ...]]:
    """(..., 2) array-like -> (N, 2) float64 plus the leading shape, so the mappings take any batch shape."""
    arr = np.asarray(a, dtype=np.float64)
    if arr.shape[-1:] != (2,):
        raise ValueError(f"expected points with a last dimension of 2, got shape {arr.shape}")
    return arr.reshape(-1, 2), arr.shape[:-1]


_ZERO3 = np.zeros(3)  # projectPoints' rvec and tvec (read only)


def _apply_h(h: np.ndarray, pts: np.ndarray) -> np.ndarray:
    q = pts @ h[:, :2].T + h[:, 2]
    with np.errstate(divide="ignore", invalid="ignore"):
        return q[:, :2] / q[:, 2:3]


@dataclass
class TableCalibration:
    """One camera's view of one table.

    Attributes:
        image_size: (width, height) of the frames, pixels.
        homography: 3x3, table metres at ball-centre height -> undistorted pixels.
        table: table size name ("9ft", "8ft", "7ft"); ``length``/``width`` are its playing surface, metres.
        camera_matrix, dist_coeffs: OpenCV lens model, or None for a distortion-free camera.
        head: where the head rail appears in the image.
        reprojection_error_mm: fit quality (RMS, mm on the table), None when unknown.
        source: "synth" (truth), "auto" (found in the image) or "manual" (corners given by the user).
    """

    image_size: tuple[int, int]
    homography: np.ndarray
    table: str = "9ft"
    length: float = 2.54
    width: float = 1.27
    camera_matrix: np.ndarray | None = None
    dist_coeffs: np.ndarray | None = None
    head: str = "left"
    reprojection_error_mm: float | None = None
    source: str = "auto"
    extra: dict[str, Any] = field(default_factory=dict)  # additive, tool-specific details (pockets_px, ...)

    def __post_init__(self) -> None:
        self.homography = np.asarray(self.homography, dtype=np.float64).reshape(3, 3)
        if not np.isfinite(self.homography).all() or abs(np.linalg.det(self.homography)) < 1e-12:
            raise CalibrationError("calibration homography is singular or not finite")
        if self.camera_matrix is not None:
            self.camera_matrix = np.asarray(self.camera_matrix, dtype=np.float64).reshape(3, 3)
        if self.dist_coeffs is not None:
            self.dist_coeffs = np.asarray(self.dist_coeffs, dtype=np.float64).ravel()
        if self.head not in HEADS:
            raise CalibrationError(f"calibration head must be one of {', '.join(HEADS)}, got {self.head!r}")
        self.image_size = (int(self.image_size[0]), int(self.image_size[1]))
        self._h_inv = np.linalg.inv(self.homography)
        self._lens: tuple[Any, ...] | None = None  # ``_lens_model``'s answer and the arrays it was read from

    def _lens_model(self) -> tuple[Any, ...]:
        """(camera_matrix, dist_coeffs, distorted, k1-only radial term or None, focal lengths, principal point),
        read once per lens model (the mapping runs many times a frame; ``np.any`` and the indexing cost more than
        the small mappings themselves). Keyed by the arrays' identity, so assigning a new lens model is seen."""
        k, dc = self.camera_matrix, self.dist_coeffs
        lens = getattr(self, "_lens", None)  # (absent on calibrations pickled before it)
        if lens is not None and lens[0] is k and lens[1] is dc:
            return lens
        distorted = k is not None and dc is not None and bool(np.any(dc))
        k1 = None
        if distorted:
            assert k is not None and dc is not None
            if len(dc) in (4, 5, 8, 12, 14) and not np.any(dc[1:]) and not np.any(k[[0, 1, 2, 2, 2], [1, 0, 0, 1, 2]] - [0, 0, 0, 0, 1]):
                k1 = float(dc[0])
        f = None if k is None else np.array([k[0, 0], k[1, 1]])
        c = None if k is None else np.array([k[0, 2], k[1, 2]])
        self._lens = lens = (k, dc, distorted, k1, f, c)
        return lens

    # ----- mapping -----------------------------------------------------------------------------------------
    @property
    def has_distortion(self) -> bool:
        return bool(self._lens_model()[2])

    def table_to_image(self, xy: Any) -> np.ndarray:
        """Table metres (..., 2) -> image pixels (..., 2) (vectorised)."""
        pts, lead = _as_points(xy)
        und = _apply_h(self.homography, pts)
        if len(und):
            k, dc, distorted, k1, f, c = self._lens_model()
            if distorted:
                und = self._distort(und, k, dc, k1, f, c)
        return und.reshape(*lead, 2)

    @staticmethod
    def _distort(und: np.ndarray, k: np.ndarray, dc: np.ndarray, k1: float | None, f: np.ndarray,
                 c: np.ndarray) -> np.ndarray:
        """Undistorted pixels (N, 2) -> image pixels through the lens model, as ``cv2.projectPoints`` maps them.

        A radial-only model with k1 alone (the synthetic cameras') is applied in numpy with OpenCV's own
        arithmetic, term for term (its other terms are exact zeros and ones there), so the result is the same
        to the bit (checked against ``cv2.projectPoints`` on millions of points, tests/vision/test_calibration.py)
        at a fraction of the call's cost for the few points a frame maps at a time; anything else, and points so
        far out that OpenCV's r^6 term would overflow, goes to OpenCV."""
        norm = (und - c) / f  # OpenCV's normalised coordinates x = (u - cx) / fx, y = (v - cy) / fy
        if k1 is not None:
            sq = norm * norm
            r2 = sq[:, 0] + sq[:, 1]
            if bool((r2 < 1e100).all()):  # (False for NaN: OpenCV's zero terms times inf make NaN there)
                r2 *= k1
                r2 += 1.0  # 1 + k1 r^2 (+ 0 r^4 + 0 r^6, over 1 + 0 + 0 + 0)
                norm *= r2[:, None]
                norm *= f
                norm += c
                return norm
        n3 = np.ones((len(norm), 1, 3))
        n3[:, 0, :2] = norm
        out, _ = cv2.projectPoints(n3, _ZERO3, _ZERO3, k, dc)
        return out.reshape(-1, 2)

    def image_to_table(self, px: Any) -> np.ndarray:
        """Image pixels (..., 2) -> table metres (..., 2) (vectorised)."""
        pts, lead = _as_points(px)
        if len(pts) and self._lens_model()[2]:
            pts = cv2.undistortPoints(pts.reshape(-1, 1, 2), self.camera_matrix, self.dist_coeffs,
                                      P=self.camera_matrix).reshape(-1, 2).astype(np.float64, copy=False)
        return _apply_h(self._h_inv, pts).reshape(*lead, 2)

    def metres_per_pixel(self, px: Any) -> np.ndarray:
        """Local scale at image points (..., 2): metres spanned by one pixel (geometric mean of both axes)."""
        pts, lead = _as_points(px)
        a = self.image_to_table(pts)
        bx = self.image_to_table(pts + [1.0, 0.0])
        by = self.image_to_table(pts + [0.0, 1.0])
        sx = np.linalg.norm(bx - a, axis=1)
        sy = np.linalg.norm(by - a, axis=1)
        return np.sqrt(sx * sy).reshape(lead)

    def ball_radius_px(self, xy: Any, ball_radius: float | None = None) -> np.ndarray:
        """Expected apparent ball radius (pixels) at table points (..., 2).

        A sphere's outline is not foreshortened the way the table is: seen at an angle it stays about as wide as
        the table's least foreshortened direction, so the larger of the two axes is taken."""
        r = self.geometry.ball_radius if ball_radius is None else ball_radius
        pts, lead = _as_points(xy)
        c = self.table_to_image(pts)
        ex = self.table_to_image(pts + [r, 0.0])
        ey = self.table_to_image(pts + [0.0, r])
        return np.maximum(np.linalg.norm(ex - c, axis=1), np.linalg.norm(ey - c, axis=1)).reshape(lead)

    @property
    def geometry(self) -> TableGeometry:
        return TableGeometry(length=self.length, width=self.width)

    def corners_px(self) -> np.ndarray:
        """Image pixels of the cushion-nose corners in table order (0,0), (L,0), (L,W), (0,W)."""
        return self.table_to_image([[0, 0], [self.length, 0], [self.length, self.width], [0, self.width]])

    def pockets_px(self) -> dict[str, np.ndarray]:
        return {p.name: self.table_to_image(p.centre) for p in self.geometry.pockets}

    # ----- construction ------------------------------------------------------------------------------------
    @classmethod
    def from_correspondences(cls, table_xy: Any, image_px: Any, image_size: tuple[int, int], *,
                             table: str = "9ft", head: str = "left", source: str = "manual",
                             camera_matrix: Any = None, dist_coeffs: Any = None) -> TableCalibration:
        """Least-squares homography from >= 4 table points and where they appear in the image."""
        t, _ = _as_points(table_xy)
        p, _ = _as_points(image_px)
        if len(t) < 4 or len(t) != len(p):
            raise CalibrationError("need at least 4 matching table / image points to calibrate")
        length, width = TABLE_SIZES.get(table, (2.54, 1.27))
        und = p
        if camera_matrix is not None and dist_coeffs is not None:
            und = cv2.undistortPoints(p.reshape(-1, 1, 2), np.asarray(camera_matrix, float),
                                      np.asarray(dist_coeffs, float), P=np.asarray(camera_matrix, float)).reshape(-1, 2)
        h, _ = cv2.findHomography(t.astype(np.float64), und.astype(np.float64), 0)
        if h is None:
            raise CalibrationError("the given points do not define a table (are three of them on one line?)")
        cal = cls(image_size=image_size, homography=h, table=table, length=length, width=width,
                  camera_matrix=camera_matrix, dist_coeffs=dist_coeffs, head=head, source=source)
        back = cal.table_to_image(t)
        err_px = np.linalg.norm(back - p, axis=1)
        mpp = cal.metres_per_pixel(p)
        cal.reprojection_error_mm = float(np.sqrt(np.mean((err_px * mpp * 1000) ** 2)))
        return cal

    @classmethod
    def from_corners(cls, corners_px: Any, image_size: tuple[int, int], *, head: str | None = None,
                     table: str = "9ft", source: str = "manual",
                     long_horizontal: bool | None = None) -> TableCalibration:
        """Calibrate from the four cushion-nose corners in any order.

        The corners are sorted around the table; ``head`` says which image side holds the head rail (default: the
        left or, for a table standing upright in the image, the bottom). ``long_horizontal`` says whether the long
        rails run across the image (None: judged from the rectangle's shape undone from perspective,
        ``across_to_upright``; the side lengths alone mislead at a steep angle).
        """
        c, _ = _as_points(corners_px)
        if c.shape != (4, 2):
            raise CalibrationError(f"need exactly 4 corners (x1,y1,...,x4,y4), got {len(c)}")
        ordered = order_corners(c)  # top-left, top-right, bottom-right, bottom-left (image)
        if long_horizontal is None:
            long_horizontal = bool(across_to_upright(ordered, image_size) >= 1.0)
        if head is None:
            head = "left" if long_horizontal else "bottom"
        if head in ("left", "right") and not long_horizontal or head in ("top", "bottom") and long_horizontal:
            raise CalibrationError(f"--head {head} does not fit this table: its long rails run "
                                   f"{'across' if long_horizontal else 'up and down'} the image")
        tl, tr, br, bl = ordered
        # (head-left, foot-left, foot-right, head-right) image corners for the table frame's (0,0),(L,0),(L,W),(0,W).
        # Seen from behind the head rail, the table frame's y runs toward the viewer's right.
        order = {"left": (tl, tr, br, bl), "right": (br, bl, tl, tr),
                 "top": (tr, br, bl, tl), "bottom": (bl, tl, tr, br)}[head]
        length, width = TABLE_SIZES.get(table, (2.54, 1.27))
        t = np.array([[0, 0], [length, 0], [length, width], [0, width]], dtype=np.float64)
        return cls.from_correspondences(t, np.array(order), image_size, table=table, head=head, source=source)

    def with_head(self, head: str) -> TableCalibration:
        """The same camera with the head at the other end (the table frame turned 180 degrees)."""
        if head == self.head:
            return self
        opposite = {"left": "right", "right": "left", "top": "bottom", "bottom": "top"}
        if head not in HEADS:
            raise CalibrationError(f"head must be one of {', '.join(HEADS)}, got {head!r}")
        if opposite[self.head] != head:
            raise CalibrationError(f"the head cannot be {head}: the table's long rails run "
                                   f"{'across' if self.head in ('left', 'right') else 'up and down'} the image")
        turn = np.array([[-1.0, 0.0, self.length], [0.0, -1.0, self.width], [0.0, 0.0, 1.0]])
        return TableCalibration(image_size=self.image_size, homography=self.homography @ turn, table=self.table,
                                length=self.length, width=self.width, camera_matrix=self.camera_matrix,
                                dist_coeffs=self.dist_coeffs, head=head,
                                reprojection_error_mm=self.reprojection_error_mm, source=self.source,
                                extra=dict(self.extra))

    # ----- file --------------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "schema": SCHEMA, "image_size": list(self.image_size), "table": self.table,
            "length": self.length, "width": self.width, "homography": self.homography.tolist(),
            "camera_matrix": None if self.camera_matrix is None else self.camera_matrix.tolist(),
            "dist_coeffs": None if self.dist_coeffs is None else self.dist_coeffs.tolist(),
            "head": self.head, "reprojection_error_mm": self.reprojection_error_mm, "source": self.source,
        }
        d.update({k: v for k, v in self.extra.items() if k not in d})
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any], *, where: str = "calibration") -> TableCalibration:
        if not isinstance(d, dict) or d.get("schema") != SCHEMA:
            raise CalibrationError(f"{where}: not a {SCHEMA} file (schema={d.get('schema') if isinstance(d, dict) else None!r})")
        try:
            known = {"schema", "image_size", "table", "length", "width", "homography", "camera_matrix",
                     "dist_coeffs", "head", "reprojection_error_mm", "source"}
            table = d.get("table", "9ft")
            length, width = TABLE_SIZES.get(table, (2.54, 1.27))
            err = d.get("reprojection_error_mm")
            return cls(image_size=tuple(d["image_size"]), homography=np.asarray(d["homography"], float),
                       table=table, length=float(d.get("length", length)), width=float(d.get("width", width)),
                       camera_matrix=d.get("camera_matrix"), dist_coeffs=d.get("dist_coeffs"),
                       head=d.get("head", "left"), reprojection_error_mm=None if err is None else float(err),
                       source=d.get("source", "auto"), extra={k: v for k, v in d.items() if k not in known})
        except (KeyError, TypeError, ValueError) as exc:
            raise CalibrationError(f"{where}: malformed calibration ({exc})") from exc

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write atomically (temp file + rename), so a crash never leaves half a calibration."""
        p = Path(path)
        p.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=p.name + ".", suffix=".tmp", dir=p.parent)
        try:
            with os.fdopen(fd, "w") as fh:
                json.dump(self.to_dict(), fh, indent=1)
                fh.write("\n")
            os.replace(tmp, p)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> TableCalibration:
        p = Path(path)
        try:
            d = json.loads(p.read_text())
        except FileNotFoundError as exc:
            raise CalibrationError(f"{p}: calibration file not found (make one with `cueref calibrate`)") from exc
        except (OSError, json.JSONDecodeError) as exc:
            raise CalibrationError(f"{p}: cannot read calibration ({exc})") from exc
        return cls.from_dict(d, where=str(p))


def order_corners(c: Sequence[Sequence[float]] | np.ndarray) -> np.ndarray:
    """Four points -> top-left, top-right, bottom-right, bottom-left in the image (sorted by angle round the centre)."""
    pts = np.asarray(c, dtype=np.float64).reshape(4, 2)
    centre = pts.mean(axis=0)
    ang = np.arctan2(pts[:, 1] - centre[1], pts[:, 0] - centre[0])
    ring = pts[np.argsort(ang)]  # clockwise in image coordinates (y down), starting near angle -pi (left)
    start = int(np.argmin(ring.sum(axis=1)))  # top-left has the smallest x + y
    return np.roll(ring, -start, axis=0)


def across_to_upright(ordered: np.ndarray, image_size: tuple[int, int]) -> float:
    """The table's true length ratio of its sides running across the image to those running up and down, from
    the four image corners (top-left, top-right, bottom-right, bottom-left) of a rectangle seen in perspective.

    Why: an end-on camera sees the near short rail longer than the far long rails (UniPD games 2 and 4: the near
    rail 810 px, the far one 364 px, the long rails 400 px high), so image side lengths put the long axis across
    the table and the expected ball radius came out 1.4x too big at the near rail and 0.6x too small at the far
    one. Undoing the perspective needs the focal length f (principal point at the image centre, square pixels):
    the rectangle's corners being right angles gives it (Zhang & He's whiteboard equation) when the quad
    converges both ways; when one pair of sides stays parallel (a camera straight down the table) it does not,
    and f = the image width (a 53-degree field of view, broadcast and phone cameras are ~40-70) is taken. For an
    overhead view the answer is the side-length ratio whatever f is."""
    w = float(image_size[0])
    src = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float64)
    hom, _ = cv2.findHomography(src, np.asarray(ordered, np.float64), 0)
    if hom is None:
        return 1.0
    shift = np.array([[1.0, 0.0, -image_size[0] / 2], [0.0, 1.0, -image_size[1] / 2], [0.0, 0.0, 1.0]])
    g = shift @ hom
    h1, h2 = g[:, 0], g[:, 1]
    f = w
    den = h1[2] * h2[2]
    if abs(den) > 1e-12:
        f2 = -(h1[0] * h2[0] + h1[1] * h2[1]) / den
        if (0.3 * w) ** 2 <= f2 <= (5.0 * w) ** 2:
            f = float(np.sqrt(f2))
    k_inv = np.array([[1 / f, 0.0, 0.0], [0.0, 1 / f, 0.0], [0.0, 0.0, 1.0]])
    m = k_inv @ g
    return float(np.linalg.norm(m[:, 0]) / max(np.linalg.norm(m[:, 1]), 1e-12))
