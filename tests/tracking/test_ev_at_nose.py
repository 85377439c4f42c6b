"""A ball driven into a cushion that leaves along it is against the cushion where it is seen at the nose, even
where the fit puts the kink short of the nose (issue 5, rail after contact; ``_cushions``' deadened rule,
``_seen_at_nose``).

ho67 scratch-642 at 30/720p (scored held-out, now dev; fixture ``at_nose_s642.json``: the cue ball's and the 12's
sightings): the cue ball, following the 12 into foot-right, sped up as its slide turned to roll, met the right
cushion by the pocket's jaw at 2.862 s at 0.55 m/s in and ran along the nose into the pocket. One quadratic could
not follow the speeding up, so the approach piece ended a frame early and the piece along the rail began with the
sighting before the touch: the kink lay 8 mm short of the nose, the deadened rule (spin takes the rebound off)
did not look at it, and the shot's only rail after contact was lost."""

from __future__ import annotations

from pathlib import Path

from madeobs import fixture_events

FIX = Path(__file__).parent / "fixtures"


def test_the_cue_ball_touches_the_right_cushion_before_dropping() -> None:
    ev = fixture_events(FIX / "at_nose_s642.json")
    cue = [e for e in ev if e.type == "cushion" and e.ball == 0]
    assert [e.rail for e in cue] == ["right"], [(e.rail, round(e.t, 3)) for e in cue]
    assert abs(cue[0].t - 2.862) < 1 / 30
    assert [e.pocket for e in ev if e.type == "pocket"] == ["foot-right", "foot-right"]
