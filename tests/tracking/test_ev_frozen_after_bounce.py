"""A ball frozen to a cushion, struck by a hitter that came off that cushion less than a frame before, is driven into
it (issue 5, cushion F1; ``TableGeometry.folded_inside`` in ``_cushions``' frozen-ball rule).

ho64x frozen-614 at 60/720p (scored held-out, now dev; fixture ``frozen_after_bounce_f614.json``: the cue ball's and
the 2's sightings): the cue ball came off the left cushion at 2.397 s and struck the 2, frozen to that cushion, at
2.412 s; the 2 met the cushion a millisecond later (truth 2.4127 s). The hitter's centre at the hit was taken on its
piece into the cushion, carried on 7 mm past the nose: the line of centres pointed 0.13 off the cushion, not into it,
and the 2's left cushion was missed at 60/720p and 60/1080p."""

from __future__ import annotations

from pathlib import Path

from madeobs import fixture_events

FIX = Path(__file__).parent / "fixtures"


def test_the_two_is_driven_into_the_left_cushion() -> None:
    ev = fixture_events(FIX / "frozen_after_bounce_f614.json")
    two = [e for e in ev if e.type == "cushion" and e.ball == 2]
    assert [e.rail for e in two][:1] == ["left"], [(e.rail, round(e.t, 3)) for e in two]
    assert abs(two[0].t - 2.4127) < 1 / 60
    assert [e.rail for e in two][1:] == ["foot"]  # then the foot cushion at 3.82 s, and nothing else
