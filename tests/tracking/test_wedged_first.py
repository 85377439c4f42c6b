"""A ball the cue ball's line touches, wedged against another along the blow, needs no answer to be its first
contact, and a cue ball seen turned aside beyond a ball it grazed did not jump it (issue 5, first contact;
``_wedged`` and the grazed case in ``_gap_contact``).

ho77 break-14.1-744 (scored held out on 3b84560, now dev; fixtures ``wedged_b744.json`` at x 60/720p and
``wedged_b744_30.json`` at 30/720p, every ball's sightings to 2.3 s): the cue ball, unseen on the frame of its
contact, met the 13 on the rack's edge, backed by the 10 along the blow; the 13 moved 1.3 mm. The 3 beside it, met
10-12 mm further along the cue ball's line, was named first contact: at 60 fps because the 13 had not answered the
hit, at 30 fps also because the cue ball, seen 6 cm aside of its line beyond the 13, was taken to have jumped it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from madeobs import fixture_events

FIX = Path(__file__).parent / "fixtures"


def _first(name: str, drop: frozenset[int] = frozenset()) -> tuple[int, ...] | None:
    ev = fixture_events(FIX / name, drop)
    return next((e.balls for e in ev if e.type == "collision" and e.balls and 0 in e.balls), None)


@pytest.mark.parametrize("name", ["wedged_b744.json", "wedged_b744_30.json"])
def test_the_wedged_thirteen_is_first_contact(name: str) -> None:
    assert _first(name) == (0, 13)


@pytest.mark.parametrize("name", ["wedged_b744.json", "wedged_b744_30.json"])
def test_without_the_ten_behind_it_the_thirteen_must_answer(name: str) -> None:
    # the 10 removed: nothing backs the 13 along the blow, and a ball that neither moved nor hid was passed
    assert _first(name, frozenset({10})) == (0, 3)
