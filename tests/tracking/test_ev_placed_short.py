"""A drop seen over several frames, each sighting placed short by the hole, is a drop (issue 5, pockets;
``tracking.events._placed_short``). Held-out ho86 and ho87, scored on the frozen 91f9c3c, now dev; each fixture is
the cue ball's sightings through the shot.

- ``placed_short_b8841.json`` (ho87 break-8-841, 30/1080p): the cue ball rolled at 0.13 m/s into side-left's opening
  (truth: in at 7.726 s). Its last four sightings, 7.47-7.57 s, stand still 16 mm short of its way: the hole hides
  more of it frame by frame. Read as a stop against the left cushion in the opening, it was counted hidden and the
  scratch was lost.
- ``placed_short_b9831.json`` (ho86 break-9-831, 60/720p): the cue ball ran into side-left at 0.85 m/s (truth: in at
  2.840 s); its last two sightings lay 5 and 16 mm short and bent its line back out of the mouth."""

from __future__ import annotations

from pathlib import Path

from madeobs import fixture_events

FIX = Path(__file__).parent / "fixtures"


def test_the_cue_ball_stalled_in_side_lefts_opening_dropped() -> None:
    ev = fixture_events(FIX / "placed_short_b8841.json")
    assert [(e.ball, e.pocket) for e in ev if e.type == "pocket"] == [(0, "side-left")]
    # the stall is no cushion: the opening has none
    assert not [e for e in ev if e.type == "cushion" and e.t > 7.0]


def test_the_cue_ball_bent_back_by_its_last_sightings_dropped() -> None:
    ev = fixture_events(FIX / "placed_short_b9831.json")
    assert [(e.ball, e.pocket) for e in ev if e.type == "pocket"] == [(0, "side-left")]
