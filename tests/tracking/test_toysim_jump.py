"""The toy simulator's jumped balls: a ball flies off only where a cushion stands to climb, and only when it meets
it fast; in a pocket's opening it drops, slowly it bounces (the truth the tracker is scored against)."""

from __future__ import annotations

import numpy as np

from tracking.toysim import Scenario, ToySim
from vision.geometry import TableGeometry

G = TableGeometry()


def _run(start: tuple[float, float], velocity: tuple[float, float]) -> list[dict]:
    sc = Scenario(positions={0: start}, cue_velocity=velocity, jumpers=(0,), family="jump", geometry=G)
    return ToySim().run(sc, np.arange(0.0, 8.0, 1 / 30)).events


def _kinds(events: list[dict]) -> list[str]:
    return [e["type"] for e in events if e["type"] not in ("strike", "rest")]


def test_a_fast_jumper_flies_off_a_cushion() -> None:
    assert _kinds(_run((1.8, 0.6), (0.0, -3.0))) == ["cushion", "off_table"]


def test_a_jumper_meeting_the_cushion_line_in_a_corner_opening_drops() -> None:
    # straight down the foot rail's line into foot-right's opening (toy dev jump-52: flown off "the foot cushion"
    # 9 cm from the corner, inside its mouth)
    events = _run((2.3, 0.9), (2.0, 2.0 * (1.18 - 0.9) / (G.length - G.ball_radius - 2.3)))
    assert _kinds(events) == ["pocket"]
    assert events[1]["pocket"] == "foot-right"


def test_a_slow_jumper_bounces() -> None:
    kinds = _kinds(_run((0.72, 0.9), (0.0, 0.9)))
    assert kinds[0] == "cushion" and "off_table" not in kinds
