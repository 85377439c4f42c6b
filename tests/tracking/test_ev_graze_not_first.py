"""A mover's pass just outside a resting ball's 2R is no contact that ends its piece: a ball its line runs into
after it is not dropped as a later contact (issue 5, first contact; ``tracking.events._collisions``' late rule).

ho89 eight-ball-rack-176 at 64.65 s, 30/720p (held out, scored on the frozen 4c7af50; now dev; fixture
``graze_first_e176.json``, every ball's sightings over the shot): the cue ball cut the 4 into the foot-left pocket at
64.781 s and, turned, met the 6 at 64.796 s. Its line before the turn passed 0.18 mm outside the 6's 2R at
64.770 s, 9 ms before it ran into the 4; that pass was taken as the piece's first contact, the 4's crossing was
dropped as late, and the 6 was named first contact."""

from __future__ import annotations

from pathlib import Path

from madeobs import fixture_events

FIX = Path(__file__).parent / "fixtures" / "graze_first_e176.json"


def test_the_cue_ball_met_the_four_then_the_six() -> None:
    ev = fixture_events(FIX)
    hits = [e for e in ev if e.type == "collision" and 0 in (e.balls or ())]
    assert [e.balls for e in hits[:2]] == [(0, 4), (0, 6)], [(round(e.t, 4), e.balls) for e in hits]
    assert abs(hits[0].t - 64.7807) < 0.25 / 30
    assert abs(hits[1].t - 64.7955) < 0.5 / 30


def test_the_four_was_pocketed() -> None:
    ev = fixture_events(FIX)
    assert [(e.ball, e.pocket) for e in ev if e.type == "pocket"] == [(4, "foot-left")]
