"""Shot diagrams: a top view of the table with where the balls were, where they went and what happened."""

from __future__ import annotations

import cv2
import numpy as np

from adjudicator.records import Shot
from vision.colors import base_bgr
from vision.geometry import TableGeometry

_CLOTH = (120, 80, 20)
_RAIL = (40, 60, 90)
_MARK = {"collision": (0, 215, 255), "cushion": (255, 255, 255), "pocket": (60, 60, 255),
         "off_table": (255, 0, 255)}


def _colour(ball: int) -> tuple[int, int, int]:
    return base_bgr(ball) if 0 <= ball <= 15 else (200, 200, 200)


class ShotDiagram:
    """Draws shot records onto a fixed top view; ``px_per_m`` sets the picture's size."""

    def __init__(self, geometry: TableGeometry, px_per_m: float = 300.0) -> None:
        self.g = geometry
        self.s = px_per_m
        self.margin = int(round(geometry.rail_width * px_per_m))
        self.size = (int(round(geometry.length * px_per_m)) + 2 * self.margin,
                     int(round(geometry.width * px_per_m)) + 2 * self.margin)

    def px(self, xy: tuple[float, float] | np.ndarray) -> tuple[int, int]:
        """Table metres → diagram pixels (head rail on the left, x to the right, y down)."""
        return int(round(self.margin + float(xy[0]) * self.s)), int(round(self.margin + float(xy[1]) * self.s))

    def table(self) -> np.ndarray:
        w, h = self.size
        img = np.full((h, w, 3), _RAIL, np.uint8)
        cv2.rectangle(img, self.px((0, 0)), self.px((self.g.length, self.g.width)), _CLOTH, -1)
        x = self.px((self.g.head_string_x, 0))[0]
        cv2.line(img, (x, self.margin), (x, h - self.margin), (150, 110, 60), 1, cv2.LINE_AA)
        for spot in (self.g.head_spot, self.g.centre_spot, self.g.foot_spot):
            cv2.circle(img, self.px(spot), 3, (200, 170, 120), -1, cv2.LINE_AA)
        for p in self.g.pockets:
            cv2.circle(img, self.px(p.centre), int(p.capture_radius * self.s), (10, 10, 10), -1, cv2.LINE_AA)
        return img

    def _ball(self, img: np.ndarray, ball: int, xy: tuple[float, float], faded: bool) -> None:
        r = max(3, int(round(self.g.ball_radius * self.s)))
        colour = _colour(ball)
        c = self.px(xy)
        if faded:
            cv2.circle(img, c, r, colour, 1, cv2.LINE_AA)
            return
        cv2.circle(img, c, r, colour, -1, cv2.LINE_AA)
        if ball >= 9:
            cv2.circle(img, c, max(1, r // 2), (255, 255, 255), -1, cv2.LINE_AA)
        cv2.circle(img, c, r, (20, 20, 20), 1, cv2.LINE_AA)
        text_colour = (0, 0, 0) if ball in (0, 1) or ball >= 9 else (255, 255, 255)
        cv2.putText(img, str(ball), (c[0] - r // 2 - (r // 3 if ball >= 10 else 0), c[1] + r // 3),
                    cv2.FONT_HERSHEY_SIMPLEX, 0.3 * r / 8, text_colour, 1, cv2.LINE_AA)

    def draw(self, shot: Shot, caption: str = "") -> np.ndarray:
        """Before (rings), after (filled), a line from each moved ball's start to its end, and event marks."""
        img = self.table()
        for ball, xy in shot.before.items():
            end = shot.after.get(ball)
            if end is not None and np.hypot(end[0] - xy[0], end[1] - xy[1]) > self.g.ball_radius:
                cv2.arrowedLine(img, self.px(xy), self.px(end), _colour(ball), 1,
                                cv2.LINE_AA, tipLength=0.03)
            self._ball(img, ball, xy, faded=True)
        for e in shot.events:
            if e.position is None or e.type not in _MARK:
                continue
            c = self.px(e.position)
            cv2.drawMarker(img, c, _MARK[e.type], cv2.MARKER_TILTED_CROSS, 10, 2, cv2.LINE_AA)
        for ball, xy in shot.after.items():
            self._ball(img, ball, xy, faded=False)
        if caption:
            cv2.putText(img, caption, (8, 18), cv2.FONT_HERSHEY_SIMPLEX, 0.5, (255, 255, 255), 1, cv2.LINE_AA)
        return img
