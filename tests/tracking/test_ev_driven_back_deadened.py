"""A ball that came off a cushion deadened, lay still a frame or two and was hit back into it touched it again
(issue 5, cushions; ``_driven_back_off`` with the piece it was hit on, and ``_cushions``' merge of two contacts with
one rail). Held-out ho37 nine-ball-rack-128 at 30/720p (now dev), the 3's and the 5's sightings from 3.2 s to 4.2 s
(fixture ``driven_back_deadened_nb128.json``): the 3 met the right cushion at 3.574 s and came off it at 3 cm/s;
10 mm off its nose the 5 hit it back into it at 1.4 m/s (3.626 s), and it touched it 14 ms later (3.640 s in the
truth) and left at 0.7 m/s. That touch was missed: the 3's approach counted among the sightings it "rested" on, and
the two right contacts 63 ms apart were merged into one."""

from __future__ import annotations

import json
from pathlib import Path

from madeobs import fitted_events, fixture_balls

DATA = json.loads((Path(__file__).parent / "fixtures" / "driven_back_deadened_nb128.json").read_text())
FIRST, SECOND = 3.574, 3.640


def _rights(drop: frozenset[int] = frozenset()) -> list[float]:
    ev = fitted_events(fixture_balls(DATA, drop), DATA["fps"], DATA["t_start"], 4.2)
    return sorted(e.t for e in ev if e.type == "cushion" and e.ball == 3 and e.rail == "right")


def test_both_right_contacts_are_found() -> None:
    rights = _rights()
    assert len(rights) == 2, rights
    assert abs(rights[0] - FIRST) < 0.5 / DATA["fps"] and abs(rights[1] - SECOND) < 0.25 / DATA["fps"], rights


def test_without_the_hit_the_second_is_not_made_up() -> None:
    assert len(_rights(frozenset({5}))) == 1, "no second contact without a ball to drive it back"
