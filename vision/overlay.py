"""Pictures a person can check: the fitted table and the detections drawn over a frame."""

from __future__ import annotations

import cv2
import numpy as np

from vision.calibration import TableCalibration
from vision.types import BallObservations


def _pt(p: np.ndarray) -> tuple[int, int]:
    return int(round(float(p[0]))), int(round(float(p[1])))


def draw_calibration(image: np.ndarray, cal: TableCalibration) -> np.ndarray:
    """The nose rectangle (red), head string and spots (yellow), pockets (magenta), head rail label."""
    out = image.copy()
    g = cal.geometry
    n = 40
    edges = []
    for a, b in [((0, 0), (g.length, 0)), ((g.length, 0), (g.length, g.width)),
                 ((g.length, g.width), (0, g.width)), ((0, g.width), (0, 0))]:
        t = np.linspace(0, 1, n)[:, None]
        edges.append(cal.table_to_image(np.array(a) * (1 - t) + np.array(b) * t))
    cv2.polylines(out, [np.round(np.concatenate(edges)).astype(np.int32)], True, (0, 0, 255), 2, cv2.LINE_AA)
    hs = cal.table_to_image([[g.head_string_x, 0], [g.head_string_x, g.width]])
    cv2.line(out, _pt(hs[0]), _pt(hs[1]), (0, 255, 255), 1, cv2.LINE_AA)
    for spot in (g.head_spot, g.centre_spot, g.foot_spot):
        cv2.circle(out, _pt(cal.table_to_image(spot)), 4, (0, 255, 255), -1, cv2.LINE_AA)
    for p in g.pockets:
        c = cal.table_to_image(p.centre)
        r = float(np.linalg.norm(cal.table_to_image(np.array(p.centre) + [p.mouth / 2, 0]) - c))
        cv2.circle(out, _pt(c), max(2, int(round(r))), (255, 0, 255), 2, cv2.LINE_AA)
    head = cal.table_to_image([0.08, g.width / 2])
    cv2.putText(out, "HEAD", _pt(head - [30, 0]), cv2.FONT_HERSHEY_SIMPLEX, 0.9, (0, 255, 255), 2, cv2.LINE_AA)
    err = cal.reprojection_error_mm
    label = f"{cal.source} calibration, head {cal.head}" + (f", error {err:.1f} mm" if err is not None else "")
    cv2.putText(out, label, (20, 40), cv2.FONT_HERSHEY_SIMPLEX, 1.0, (0, 0, 0), 4, cv2.LINE_AA)
    cv2.putText(out, label, (20, 40), cv2.FONT_HERSHEY_SIMPLEX, 1.0, (255, 255, 255), 2, cv2.LINE_AA)
    return out


def draw_observations(image: np.ndarray, obs: BallObservations) -> np.ndarray:
    """A circle per detection, its confidence and best identity."""
    out = image.copy()
    for i in range(len(obs)):
        c, r = obs.xy_px[i], float(obs.radius_px[i])
        cv2.circle(out, (int(round(c[0] * 8)), int(round(c[1] * 8))), int(round(r * 8)), (0, 0, 255), 2,
                   cv2.LINE_AA, 3)
        best = int(np.argmax(obs.id_scores[i]))
        uniform = float(np.ptp(obs.id_scores[i])) < 1e-6
        text = f"{obs.confidence[i]:.2f}" + ("" if uniform else f" #{best}")
        cv2.putText(out, text, (int(c[0] + r), int(c[1] - r)), cv2.FONT_HERSHEY_SIMPLEX, 0.45, (0, 255, 255), 1,
                    cv2.LINE_AA)
    return out
