"""The standard pool-ball set: which colour and pattern each ball id has. No OpenCV here (tracking imports it).

Ball ids follow SCHEMA.md: 0 = cue ball, 1-7 solids, 8 the black, 9-15 stripes of the colours of 1-7.
Real sets differ (a 2019 broadcast set has a pink 4 and a brown 7; Aramith's classic set a violet 4 and a
maroon 7), so each colour lists a few *variants*; identification takes the nearest one. Colours are BGR uint8
as the ball's base paint looks under neutral, fairly bright light.
"""

from __future__ import annotations

from typing import Literal

N_IDS = 16
CUE, EIGHT = 0, 8
SOLIDS = tuple(range(1, 8))
STRIPES = tuple(range(9, 16))

Category = Literal["cue", "eight", "solid", "stripe"]
CATEGORIES: tuple[Category, ...] = ("cue", "eight", "solid", "stripe")

COLOUR_NAMES: dict[int, str] = {
    1: "yellow", 2: "blue", 3: "red", 4: "purple", 5: "orange", 6: "green", 7: "maroon", 8: "black",
}

# Base paint per colour number (1-8), BGR. First entry is the canonical colour (a classic set under neutral
# light); the second is the 2019 broadcast set as the fast scorer sees it (mean over the labelled balls of the
# DEV clips 2, 4 and 6, after the automatic white balance, cloth pixels left out), with its pink 4 and brown 7.
COLOUR_VARIANTS_BGR: dict[int, tuple[tuple[int, int, int], ...]] = {
    1: ((20, 200, 250), (50, 166, 231)),            # yellow
    2: ((160, 55, 15), (181, 67, 10)),              # blue
    3: ((40, 30, 215), (71, 36, 190)),              # red
    4: ((110, 35, 95), (160, 106, 229)),            # violet/purple; pink
    5: ((25, 120, 245), (55, 80, 207)),             # orange
    6: ((60, 110, 20), (85, 98, 12)),               # green
    7: ((35, 30, 115), (60, 81, 132)),              # maroon; brown
    8: ((22, 18, 18),),                             # black
}
CUE_BGR = (235, 240, 245)  # slightly warm white
NUMBER_DISC_BGR = (240, 240, 240)
NUMBER_INK_BGR = (20, 20, 20)


def colour_number(ball_id: int) -> int | None:
    """The colour number 1-8 of a ball (9 -> 1, ..., 15 -> 7); None for the cue ball."""
    _check(ball_id)
    if ball_id == CUE:
        return None
    return ball_id if ball_id <= 8 else ball_id - 8


def is_stripe(ball_id: int) -> bool:
    _check(ball_id)
    return ball_id in STRIPES


def category_of(ball_id: int) -> Category:
    """"cue", "eight", "solid" or "stripe": the grouping 8-ball rules (and the UniPD annotations) use."""
    _check(ball_id)
    if ball_id == CUE:
        return "cue"
    if ball_id == EIGHT:
        return "eight"
    return "solid" if ball_id in SOLIDS else "stripe"


def base_bgr(ball_id: int, variant: int = 0) -> tuple[int, int, int]:
    """The base paint of a ball (the stripe colour for 9-15, white for the cue ball)."""
    number = colour_number(ball_id)
    if number is None:
        return CUE_BGR
    variants = COLOUR_VARIANTS_BGR[number]
    return variants[variant % len(variants)]


def _check(ball_id: int) -> None:
    if not 0 <= int(ball_id) < N_IDS:
        raise ValueError(f"ball id must be 0 (cue) to 15, got {ball_id}")
