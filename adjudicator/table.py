"""The little table geometry the rules need (spots, head string, rack outline), standard library only.

It mirrors vision.geometry's frame and sizes (SCHEMA.md) but must not import it: the adjudicator loads without
numpy or OpenCV.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

BALL_RADIUS = 0.05715 / 2
TABLE_SIZES: dict[str, tuple[float, float]] = {"9ft": (2.54, 1.27), "8ft": (2.34, 1.17), "7ft": (1.98, 0.99)}

Point = tuple[float, float]


def _dist(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    ax, ay = b[0] - a[0], b[1] - a[1]
    denom = ax * ax + ay * ay
    u = 0.0 if denom == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * ax + (p[1] - a[1]) * ay) / denom))
    return _dist(p, (a[0] + u * ax, a[1] + u * ay))


@dataclass(frozen=True)
class Table:
    """Playing surface length × width in metres; origin head-left, x toward the foot rail."""

    length: float = 2.54
    width: float = 1.27
    ball_radius: float = BALL_RADIUS

    @classmethod
    def named(cls, name: str = "9ft") -> Table:
        length, width = TABLE_SIZES.get(name, TABLE_SIZES["9ft"])
        return cls(length, width)

    @property
    def head_string_x(self) -> float:
        return self.length / 4

    @property
    def head_spot(self) -> Point:
        return (self.length / 4, self.width / 2)

    @property
    def centre_spot(self) -> Point:
        return (self.length / 2, self.width / 2)

    @property
    def foot_spot(self) -> Point:
        return (3 * self.length / 4, self.width / 2)

    def behind_head_string(self, p: Point) -> bool:
        """In the kitchen: the head string itself is not behind it (RULES.md, terms)."""
        return p[0] < self.head_string_x

    def on_spot(self, p: Point, spot: Point) -> bool:
        """The ball covers the spot."""
        return _dist(p, spot) < self.ball_radius

    def rack_corners(self) -> tuple[Point, Point, Point]:
        """Centres of the three corner balls of a 15-ball rack with the apex on the foot spot."""
        fx, fy = self.foot_spot
        d = 2 * self.ball_radius
        back = fx + 4 * d * math.sqrt(3) / 2
        return ((fx, fy), (back, fy - 2 * d), (back, fy + 2 * d))

    def in_rack(self, p: Point) -> bool:
        """The ball lies within or overlaps the rack outline (it would touch or overlap a racked ball)."""
        a, b, c = self.rack_corners()

        def side(p1: Point, p2: Point, p3: Point) -> float:
            return (p1[0] - p3[0]) * (p2[1] - p3[1]) - (p2[0] - p3[0]) * (p1[1] - p3[1])

        d1, d2, d3 = side(p, a, b), side(p, b, c), side(p, c, a)
        inside = not ((d1 < 0 or d2 < 0 or d3 < 0) and (d1 > 0 or d2 > 0 or d3 > 0))
        if inside:
            return True
        edge = min(_segment_distance(p, a, b), _segment_distance(p, b, c), _segment_distance(p, c, a))
        return edge < 2 * self.ball_radius

    def nearest_rail(self, p: Point) -> str:
        d = {"head": p[0], "foot": self.length - p[0], "left": p[1], "right": self.width - p[1]}
        return min(d, key=lambda k: d[k])
