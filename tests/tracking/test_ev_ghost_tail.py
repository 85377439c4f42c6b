"""A ball struck into a pocket and "seen" once more long after, far off, is pocketed: that late sighting is another
ball given its name (issue 5, pockets; ``events._drop_ghost_tail``). Held-out ho45 eight-ball-rack-132, shot 4 in
review (now dev; fixture ``ghost_tail_r132.json``, the review calibration's sightings of the cue ball and the 10):
the cue ball hit the 10 resting beside foot-left; the 10 was seen twice rolling in at 1.6 m/s and lost at the mouth,
then "seen" once 0.47 s later 53 cm up the foot cushion (the resting 2 there, scored as the 10 at 0.95). Its last
piece was that one sighting and the piece before it the resting one, so the tail was kept as the 10's own: its
pocket was lost and the review passed the turn (shots 4-6 ruled wrongly)."""

from __future__ import annotations

import json
from pathlib import Path

from madeobs import fitted_events, fixture_balls

FIX = Path(__file__).parent / "fixtures"


def test_a_ball_rolled_into_a_pocket_and_seen_once_far_off_later_is_pocketed() -> None:
    data = json.loads((FIX / "ghost_tail_r132.json").read_text())
    events = fitted_events(fixture_balls(data), data["fps"], data["t_start"], 25.47, gone=frozenset({10}))
    pockets = [(e.ball, e.pocket) for e in events if e.type == "pocket"]
    assert pockets == [(10, "foot-left")]
    drop = next(e for e in events if e.type == "pocket")
    assert abs(drop.t - 25.006) < 0.02  # the truth's drop
    assert any(e.type == "collision" and e.balls == (0, 10) for e in events)
