"""A ball the cue ball's line touches, wedged against another along the blow, needs no answer to be its first
contact (issue 5, first contact; ``_wedged`` in ``_gap_contact``).

ho77x break-14.1-744 at 60/720p (scored held out on 3b84560, now dev; fixture ``wedged_b744.json``, every ball's
sightings to 2.3 s): the cue ball, unseen on the frame of its contact, met the 13 on the rack's edge (backed by the
10 along the blow), which moved 1.3 mm; the 3 beside it, met 5 mm further along the cue ball's line, was named first
contact because the 13 had not answered the hit.
"""

from __future__ import annotations

from pathlib import Path

from madeobs import fixture_events

FIX = Path(__file__).parent / "fixtures" / "wedged_b744.json"


def _first(drop: frozenset[int] = frozenset()) -> tuple[int, ...] | None:
    ev = fixture_events(FIX, drop)
    return next((e.balls for e in ev if e.type == "collision" and e.balls and 0 in e.balls), None)


def test_the_wedged_thirteen_is_first_contact() -> None:
    assert _first() == (0, 13)


def test_without_the_ten_behind_it_the_thirteen_must_answer() -> None:
    # the 10 removed: nothing backs the 13 along the blow, and a ball that neither moved nor hid was passed
    assert _first(frozenset({10})) == (0, 3)
