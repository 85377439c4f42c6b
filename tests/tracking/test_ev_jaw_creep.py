"""A ball creeping in a corner's jaws, still closing on the fall circle when last seen beside it, dropped, though it
closed less than ``fall_edge`` in its last half second (issue 5, pockets; ``_at_fall_edge``, ``fall_approach``).

ho63 eight-ball-rack-150 at 30/720p (scored held-out, now dev; fixture ``jaw_creep_e150.json``, shot 4: the cue
ball's and the 15's sightings): the 15 met head-left's head jaw at 39.2 s and crept in the jaws at 1-5 cm/s,
pausing on the way, until it dropped at 40.08 s. It was last seen at 40.033 s 2.6 mm from the fall circle, 6.8 mm
closer than half a second before, at a fitted 9 mm/s: too slow to follow in, too little approach for the 8 mm the
rule asked. The shot was seen at rest at 39.833 s and the 15 was counted hidden."""

from __future__ import annotations

from pathlib import Path

from madeobs import fixture_events

FIX = Path(__file__).parent / "fixtures"


def test_the_fifteen_drops_into_head_left() -> None:
    ev = fixture_events(FIX / "jaw_creep_e150.json")
    pockets = [e for e in ev if e.type == "pocket"]
    assert [(e.ball, e.pocket) for e in pockets] == [(15, "head-left")]
    assert abs(pockets[0].t - 40.08) < 1 / 30  # truth drop 40.08 s

