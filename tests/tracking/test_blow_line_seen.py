"""A ball seen once on its first step off its rest, then flying on along the line of centres of the ball that
stopped against it, keeps its own track however its blur is scored (issue 5, tracks; ``BallTracker._on_blow_line``
and ``_claimed_elsewhere``).

ho96x jump-934 at 60/720p (held out, scored on the frozen 84f50cf; now dev; fixture ``blow_line_j934_60.json``, its
detections from 0 to 2.4 s, a 14.1 position with the 7, 11, 14 and 15): the cue ball, at 7.4 m/s, hit the 15 and
stopped against it; the 15 jumped off the table over the left rail. Seen 3.7 cm off its spot on the frame after the
hit, it was next seen 19 cm on, blurred, scored as the cue ball 0.57 and the 12 0.30 (the 15 under 0.01). That
detection was claimed for the cue ball's track, so the 15's track took the stopped cue ball and the cue ball's track
the 15's flight: the 15 was left hidden on the table and its jump off was lost."""

from __future__ import annotations

from pathlib import Path

from madeobs import fixture_shots

from adjudicator.facts import derive
from adjudicator.records import Shot

FIX = Path(__file__).parent / "fixtures" / "blow_line_j934_60.json"


def _shot() -> Shot:
    (shot,) = fixture_shots(FIX, "straight-pool", {7, 11, 14, 15})
    return shot


def test_the_flying_ball_keeps_its_name_and_leaves_the_table() -> None:
    shot = _shot()
    facts = derive(shot)
    assert facts.first_contact == 15
    off = [e for e in shot.events if e.type == "off_table"]
    assert [e.ball for e in off] == [15], shot.events
    assert abs(off[0].t - 1.5967) < 0.05
    rails = [(e.ball, e.rail) for e in shot.events if e.type == "cushion"]
    assert rails[:1] == [(15, "left")], shot.events
    assert facts.rail_after_contact
    # the cue ball stayed on the table; the 15 is off it
    assert 0 in shot.after and 15 not in shot.after, shot.after
