"""The table in its own frame (shared/SCHEMA.md): sizes, pockets, rails, spots. No OpenCV here.

Origin at the head-left corner of the playing surface (cushion noses), x along the long rails toward the foot
rail (0..L), y across toward the right long rail (0..W). Metres.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

BALL_DIAMETER = 0.05715  # m
BALL_RADIUS = BALL_DIAMETER / 2

# Playing surface, cushion nose to cushion nose (length, width), metres.
TABLE_SIZES: dict[str, tuple[float, float]] = {"9ft": (2.54, 1.27), "8ft": (2.34, 1.17), "7ft": (1.98, 0.99)}

POCKET_NAMES = ("head-left", "head-right", "side-left", "side-right", "foot-left", "foot-right")
RAIL_NAMES = ("head", "foot", "left", "right")


@dataclass(frozen=True)
class Pocket:
    """A pocket: ``centre`` is where a ball drops (outside the nose rectangle), ``mouth`` the opening width."""

    name: str
    centre: tuple[float, float]
    mouth: float  # m, distance between the cushion points
    capture_radius: float  # m: a ball whose centre comes this close to ``centre`` is gone


@dataclass(frozen=True)
class TableGeometry:
    """A pool table's playing surface in the table frame."""

    length: float = 2.54
    width: float = 1.27
    ball_radius: float = BALL_RADIUS
    corner_mouth: float = 0.116  # WPA: 4.5-4.625 in
    side_mouth: float = 0.130  # WPA: 5-5.125 in
    rail_width: float = 0.125  # cushion nose to outer edge of the wooden rail (for rendering / calibration)

    @classmethod
    def named(cls, name: str = "9ft") -> TableGeometry:
        if name not in TABLE_SIZES:
            raise ValueError(f"unknown table size {name!r}; expected one of {', '.join(TABLE_SIZES)}")
        length, width = TABLE_SIZES[name]
        return cls(length=length, width=width)

    @property
    def head_string_x(self) -> float:
        return self.length / 4

    @property
    def head_spot(self) -> tuple[float, float]:
        return (self.length / 4, self.width / 2)

    @property
    def centre_spot(self) -> tuple[float, float]:
        return (self.length / 2, self.width / 2)

    @property
    def foot_spot(self) -> tuple[float, float]:
        return (3 * self.length / 4, self.width / 2)

    @property
    def pockets(self) -> tuple[Pocket, ...]:
        L, W = self.length, self.width
        # Corner pocket centres sit a little beyond the corner along the diagonal; side pockets just outside the rail.
        c = 0.026
        s = 0.036
        cr = self.corner_mouth / 2
        sr = self.side_mouth / 2
        return (
            Pocket("head-left", (-c, -c), self.corner_mouth, cr),
            Pocket("head-right", (-c, W + c), self.corner_mouth, cr),
            Pocket("side-left", (L / 2, -s), self.side_mouth, sr),
            Pocket("side-right", (L / 2, W + s), self.side_mouth, sr),
            Pocket("foot-left", (L + c, -c), self.corner_mouth, cr),
            Pocket("foot-right", (L + c, W + c), self.corner_mouth, cr),
        )

    def pocket(self, name: str) -> Pocket:
        for p in self.pockets:
            if p.name == name:
                return p
        raise KeyError(name)

    def nearest_pocket(self, x: float, y: float) -> Pocket:
        return min(self.pockets, key=lambda p: (p.centre[0] - x) ** 2 + (p.centre[1] - y) ** 2)

    def rail_distance(self, x: float, y: float) -> dict[str, float]:
        """Distance from a point to each cushion nose line (positive inside the table)."""
        return {"head": x, "foot": self.length - x, "left": y, "right": self.width - y}

    def nearest_rail(self, x: float, y: float) -> tuple[str, float]:
        d = self.rail_distance(x, y)
        rail = min(d, key=lambda k: d[k])
        return rail, d[rail]

    def on_table(self, x: float, y: float, margin: float = 0.0) -> bool:
        return -margin <= x <= self.length + margin and -margin <= y <= self.width + margin

    def folded_inside(self, p: Any, rails: Any = ("head", "foot", "left", "right")) -> np.ndarray:
        """A ball centre carried past cushion nose lines by a straight move through a bounce, mirrored back across
        each of ``rails`` it lies behind (all four by default): where the bounced ball is."""
        r = self.ball_radius
        x, y = float(p[0]), float(p[1])
        if "head" in rails and x < r:
            x = 2 * r - x
        elif "foot" in rails and x > self.length - r:
            x = 2 * (self.length - r) - x
        if "left" in rails and y < r:
            y = 2 * r - y
        elif "right" in rails and y > self.width - r:
            y = 2 * (self.width - r) - y
        return np.array([x, y])

    def at_opening(self, rail: str, along: Any, margin: float = 0.0) -> Any:
        """Whether a ball meeting ``rail`` at ``along`` (its y on the head or foot rail, its x on a long one; a number
        or an array) is at a pocket's opening, where no cushion stands to bounce it: within a corner's mouth over
        root 2 and half a radius of a corner, or on a long rail within half a side mouth and half a radius of its
        middle; each opening widened by ``margin`` (m) at both ends."""
        a = np.asarray(along, dtype=float)
        span = self.width if rail in ("head", "foot") else self.length
        corner = self.corner_mouth / np.sqrt(2) + self.ball_radius / 2 + margin
        out = (a < corner) | (a > span - corner)
        if rail in ("left", "right"):
            out = out | (np.abs(a - self.length / 2) < self.side_mouth / 2 + self.ball_radius / 2 + margin)
        return out

    def rack_positions(self, n: int = 15, apex: tuple[float, float] | None = None) -> list[tuple[float, float]]:
        """Centres of a triangle (15) or diamond (9) rack with the apex on the foot spot, pointing at the head."""
        ax, ay = apex or self.foot_spot
        d = 2 * self.ball_radius * 1.0005
        dx = d * 3 ** 0.5 / 2
        rows = (1, 2, 3, 4, 5) if n == 15 else (1, 2, 3, 2, 1) if n == 9 else (1, 2, 3, 4)
        out: list[tuple[float, float]] = []
        for r, count in enumerate(rows):
            width_before = rows[r] - 1
            for k in range(count):
                out.append((ax + r * dx, ay + (k - width_before / 2) * d))
        return out[:n]
