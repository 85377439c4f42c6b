"""A pinhole camera above the table: projects 3-D table points and yields the truth calibration.

World frame: the table frame of SCHEMA.md (x toward the foot rail, y toward the right rail) with a third axis
pointing *down* into the cloth, so (x, y, down) is right-handed and a camera looking straight down has image x
along table x and image y along table y (head rail on the left of the image). Heights above the cloth are
therefore negative ``z``. Rendering happens in *undistorted* pixels; the lens model (OpenCV radial/tangential)
is applied to the finished frame, exactly as ``vision.calibration.TableCalibration`` describes.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.calibration import TableCalibration
from vision.geometry import TableGeometry

RESOLUTIONS: dict[str, tuple[int, int]] = {"720p": (1280, 720), "1080p": (1920, 1080)}


def _rot(axis: str, deg: float) -> np.ndarray:
    a = np.deg2rad(deg)
    c, s = np.cos(a), np.sin(a)
    if axis == "x":
        return np.array([[1, 0, 0], [0, c, -s], [0, s, c]])
    if axis == "y":
        return np.array([[c, 0, s], [0, 1, 0], [-s, 0, c]])
    return np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]])


@dataclass(frozen=True)
class CameraModel:
    """Intrinsics ``k``, world->camera rotation ``r`` and translation ``t``, lens ``dist`` (5 coeffs or None)."""

    image_size: tuple[int, int]
    k: np.ndarray
    r: np.ndarray
    t: np.ndarray
    dist: np.ndarray | None
    geometry: TableGeometry
    table: str = "9ft"
    head: str = "left"

    @classmethod
    def overhead(cls, geometry: TableGeometry, image_size: tuple[int, int], *, table: str = "9ft",
                 height: float = 3.2, tilt_deg: tuple[float, float] = (0.0, 0.0), roll_deg: float = 0.0,
                 k1: float = 0.0, k2: float = 0.0, fill: float = 0.92, head: str = "left") -> CameraModel:
        """A camera ``height`` metres above the table centre, framing the outer rails to ``fill`` of the image.

        ``tilt_deg`` (about the camera x and y axes) gives the mild keystone of a camera that is not quite
        square to the table; ``k1``/``k2`` the barrel (negative) or pincushion (positive) lens distortion.
        ``head="right"`` turns the camera round so the head rail appears on the right.
        """
        w, h = image_size
        L, W, rw = geometry.length, geometry.width, geometry.rail_width
        f = min(fill * w / (L + 2 * rw), fill * h / (W + 2 * rw)) * height
        k = np.array([[f, 0, (w - 1) / 2], [0, f, (h - 1) / 2], [0, 0, 1]], dtype=np.float64)
        yaw = 180.0 if head == "right" else 0.0
        r = _rot("x", tilt_deg[0]) @ _rot("y", tilt_deg[1]) @ _rot("z", roll_deg + yaw)
        centre = np.array([L / 2, W / 2, -height])
        t = -r @ centre
        dist = np.array([k1, k2, 0.0, 0.0, 0.0]) if (k1 or k2) else None
        return cls(image_size=(w, h), k=k, r=r, t=t, dist=dist, geometry=geometry, table=table, head=head)

    def project(self, pts: np.ndarray) -> np.ndarray:
        """World points (..., 3) (z down, so heights are negative) -> undistorted pixels (..., 2)."""
        p = np.asarray(pts, dtype=np.float64)
        cam = p.reshape(-1, 3) @ self.r.T + self.t
        uv = cam @ self.k.T
        return (uv[:, :2] / uv[:, 2:3]).reshape(*p.shape[:-1], 2)

    def project_xy(self, xy: np.ndarray, height: float) -> np.ndarray:
        """Table points (..., 2) at ``height`` metres above the cloth -> undistorted pixels (..., 2)."""
        xy = np.asarray(xy, dtype=np.float64)
        z = np.full(xy.shape[:-1] + (1,), -height)
        return self.project(np.concatenate([xy, z], axis=-1))

    def homography(self, height: float) -> np.ndarray:
        """3x3 mapping table (x, y, 1) on the plane ``height`` above the cloth -> undistorted pixels."""
        m = np.column_stack([self.r[:, 0], self.r[:, 1], self.r[:, 2] * -height + self.t])
        hmat = self.k @ m
        return hmat / hmat[2, 2]

    def distort(self, px: np.ndarray) -> np.ndarray:
        """Undistorted pixels (..., 2) -> image pixels, with the OpenCV lens model (identity without one)."""
        px = np.asarray(px, dtype=np.float64)
        if self.dist is None:
            return px.copy()
        flat = px.reshape(-1, 2)
        norm = np.c_[(flat[:, 0] - self.k[0, 2]) / self.k[0, 0], (flat[:, 1] - self.k[1, 2]) / self.k[1, 1],
                     np.ones(len(flat))]
        out, _ = cv2.projectPoints(norm.reshape(-1, 1, 3), np.zeros(3), np.zeros(3), self.k, self.dist)
        return out.reshape(px.shape)

    def distortion_maps(self) -> tuple[np.ndarray, np.ndarray] | None:
        """cv2.remap maps that turn an undistorted render into the distorted image (None without a lens model)."""
        if self.dist is None:
            return None
        w, h = self.image_size
        xs, ys = np.meshgrid(np.arange(w, dtype=np.float32), np.arange(h, dtype=np.float32))
        pts = np.stack([xs.ravel(), ys.ravel()], axis=1).reshape(-1, 1, 2)
        und = cv2.undistortPoints(pts, self.k, self.dist, P=self.k).reshape(h, w, 2)
        return und[..., 0].astype(np.float32), und[..., 1].astype(np.float32)

    def table_to_image(self, xy: np.ndarray, height: float | None = None) -> np.ndarray:
        """Table points (..., 2) at ``height`` (default: ball centres) -> final image pixels."""
        hgt = self.geometry.ball_radius if height is None else height
        return self.distort(self.project_xy(xy, hgt))

    def calibration(self) -> TableCalibration:
        """The truth calibration of this camera (homography at ball-centre height + lens model)."""
        return TableCalibration(
            image_size=self.image_size, homography=self.homography(self.geometry.ball_radius), table=self.table,
            length=self.geometry.length, width=self.geometry.width,
            camera_matrix=None if self.dist is None else self.k.copy(),
            dist_coeffs=None if self.dist is None else self.dist.copy(), head=self.head,
            reprojection_error_mm=0.0, source="synth")
