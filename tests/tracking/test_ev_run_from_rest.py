"""A hitter struck, run to its contact and off it again between two frames: its approach speed is at least its
chord from rest (issue 5, off the table; ``tracking.events._run_from_rest``).

ho88 jump-853 at 30/720p (held out, scored on the frozen cce3987; now dev; fixture ``run_from_rest_j853.json``, the
cue ball's and the 12's sightings): the cue ball, struck at 1.481 s, ran 21 cm from rest into the 12 by 1.501 s
(about 11 m/s) and was next seen at 1.5 s rolling off it at 0.4 m/s; the 12 flew off the left rail at 1.547 s and
was never seen moving. Its kick was read from the cue ball's slow piece after the contact (0.29 m/s): followed at
that speed it stopped short of the rail, and it was counted hidden."""

from __future__ import annotations

from pathlib import Path

from madeobs import fixture_events

FIX = Path(__file__).parent / "fixtures" / "run_from_rest_j853.json"


def test_the_twelve_kicked_from_a_run_nobody_saw_flew_off_the_left_rail() -> None:
    ev = fixture_events(FIX)
    off = [e for e in ev if e.type == "off_table"]
    assert [(e.ball, e.type) for e in off] == [(12, "off_table")], [(e.t, e.type, e.ball) for e in ev]
    assert abs(off[0].t - 1.547) < 2 / 30
    assert any(e.type == "cushion" and e.ball == 12 and e.rail == "left" for e in ev)
