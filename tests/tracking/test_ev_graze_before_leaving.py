"""A thin cut timed at the hitter's closest pass comes no later than the struck ball's set-off (issue 5, first
contact; ``tracking.events._graze_before_leaving``).

ho90 miss-871 at 30/720p (held out, scored on the frozen c12bd5a; now dev; fixture ``graze_leave_m871.json``, every
ball's sightings over the shot): the cue ball cut the 15 at 1.656 s and met the 4 at 1.676 s, one frame gap for
both. Its fitted line passed 2.6 mm outside the 15's 2R at 1.6675 s, 10 ms after the 15's kink, and the 4's contact
(its set-off, 1.6659 s) came first: first contact 4 for 15.

Not past a contact the hitter's line ran into in between: ho89 break-14.1-861 at 30/1080p (dev; fixture
``graze_after_apex_b14861.json``, every ball's sightings over the break), the cue ball ran into the 2 at the rack's
apex at 2.5522 s; its line passed outside the 15's 2R beside it 1.9 ms after that crossing, and the 15 kinked 1.6 ms
before it as the rack broke. Moved back to that kink, the pass took the first contact from the 2."""

from __future__ import annotations

from pathlib import Path

from madeobs import fixture_events

FIX = Path(__file__).parent / "fixtures" / "graze_leave_m871.json"
APEX = Path(__file__).parent / "fixtures" / "graze_after_apex_b14861.json"


def test_the_cue_ball_cut_the_fifteen_before_it_met_the_four() -> None:
    ev = fixture_events(FIX)
    hits = [e for e in ev if e.type == "collision" and 0 in (e.balls or ())]
    assert [e.balls for e in hits[:2]] == [(0, 15), (0, 4)], [(round(e.t, 4), e.balls) for e in hits]
    assert abs(hits[0].t - 1.656) < 0.25 / 30


def test_a_pass_after_the_apex_crossing_stays_after_it() -> None:
    ev = fixture_events(APEX)
    hits = [e for e in ev if e.type == "collision" and 0 in (e.balls or ())]
    assert hits[0].balls == (0, 2), [(round(e.t, 4), e.balls) for e in hits]
    assert abs(hits[0].t - 2.5522) < 0.25 / 30
