"""Two rails of a corner met inside one kink in its mouth, less than a frame apart (tcorner17). The sightings are
ho17 rails-271's cue ball at 30/720p (dev since the round's measurement; the final detector): 3.6 m/s into the
head-left corner's mouth, the head rail then the left rail 62 ms apart, and back out along the left rail. The kink
in the mouth lies 21 mm off the head nose and 26 mm off the left one, past ``kink_tolerance``; only one rail was
named. tracking.paths and tracking.events alone."""

from __future__ import annotations

import numpy as np
from madeup import sighted_cushions

from tracking.events import EventConfig

T = np.round(2.2333 + np.arange(20) / 30.0, 4)
XY = np.array([[1.0676, 0.6095], [0.9333, 0.5311], [0.8023, 0.4514], [0.6732, 0.3739], [0.5422, 0.2953],
               [0.4156, 0.2186], [0.2907, 0.1436], [0.1693, 0.0697], [0.0553, 0.055], [0.0855, 0.0559],
               [0.1696, 0.0313], [0.2457, 0.0409], [0.3199, 0.0579], [0.3905, 0.0727], [0.4609, 0.0855],
               [0.528, 0.0999], [0.5942, 0.1103], [0.6572, 0.1202], [0.7201, 0.1288], [0.7823, 0.136]])


def cushions(cfg: EventConfig | None = None) -> list[tuple[float, str]]:
    return sighted_cushions(0, T, XY, fps=30, tolerance=0.006, cfg=cfg)


def test_both_rails_of_a_corner_within_a_frame_are_found() -> None:
    got = cushions()
    # truth: head 2.5102, left 2.5719 (a graze on the way out: left's contact at 2.485 is the one found before)
    assert any(r == "head" and abs(t - 2.5102) < 2 / 30 for t, r in got), got
    assert any(r == "left" and abs(t - 2.5102) < 3 / 30 for t, r in got), got
    # no other rail in the corner; the graze itself is found since t20b (``_split_bounces``: seen 2.7 and 12.3 mm off
    # the left nose at 2.567 and 2.600 s, the move in there at 2.5703, the move out off it at 2.5759), where before
    # only the mouth kink's left (2.485, 87 ms early) stood for it
    assert {r for t, r in got if t < 2.7} == {"head", "left"}, got
    assert any(r == "left" and abs(t - 2.5719) < 1 / 30 for t, r in got), got


def test_without_corner_reach_only_one_rail_is_named() -> None:
    # the rule off (reach 0): the earlier behaviour, one rail for the mouth kink
    got = cushions(EventConfig(corner_reach=0.0))
    assert len([1 for t, _ in got if t < 2.7]) == 1, got
