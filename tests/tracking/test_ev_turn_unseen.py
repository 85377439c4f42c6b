"""A ball lost for good after one sighting that turned it in a corner's mouth, where the turned line would have
carried it onto the open cloth in view, dropped: that sighting was the detector's placing of it over the hole
(issue 5, pockets; ``_turn_unseen``, ``EventConfig.unseen_turn``). From held-out ho57x break-9-543 (session 36's
dump of a98b012's tracker paths, the 8 only), scored before this rule; the truth times are the simulator's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from madeobs import fitted_events, fixture_balls, fixture_events

FIX = Path(__file__).parent / "fixtures"
FRAME = 1 / 60
DROP = 4.785896  # the truth's drop of the 8 into head-left


@pytest.mark.parametrize("name", ["mouth_unseen_b9543.json", "mouth_unseen_b9543_1080.json"])
def test_a_drop_placed_off_over_the_hole_is_a_drop_not_a_jaw(name: str) -> None:
    # the 8 rolled along the head cushion into head-left at 0.9 m/s; its last sighting lay 23 mm off its line
    # toward the table, a turn back out of the corner at 0.5-0.75 m/s that was never seen: a head cushion at
    # 4.736 s and no drop were called
    ev = [e for e in fixture_events(FIX / name) if e.ball == 8 and e.t > 4.0]
    assert [(e.type, e.pocket) for e in ev] == [("pocket", "head-left")]
    assert abs(ev[0].t - DROP) < FRAME


def test_a_rebound_that_could_still_drop_unseen_keeps_its_jaw() -> None:
    # the same ball seen last turned across the mouth toward the left jaw (its line stays in the corner's opening,
    # where the hole would hide it): the jaw's turn stands, and it drops after it
    data = json.loads((FIX / "mouth_unseen_b9543.json").read_text())
    data["balls"]["8"]["xy"][-1] = [0.045, 0.045]
    ev = fitted_events(fixture_balls(data, frozenset()), data["fps"], data["t_start"], data["t_end"],
                       gone=frozenset(data["gone"]))
    late = [(e.type, e.rail, e.pocket) for e in ev if e.ball == 8 and e.t > 4.0]
    assert late == [("cushion", "head", None), ("pocket", None, "head-left")]
