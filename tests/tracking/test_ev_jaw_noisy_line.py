"""A pocketed ball's line bent or aimed by one or two sightings placed off is no jaw touch (issue 5, cushions and
rail after contact; ``_straight_meets_jaw``, ``_chord_doubt``).

Both from ho72x at 60/720p (scored held-out, now dev), the 2 (blue on the blue cloth) sighted 6-13 mm off its
true places on its way into a corner:
- combination-694 (fixture ``jaw_bent_end_c694.json``): into foot-right, truth 24 mm clear of the right jaw. The
  piece before a false kink 16 cm from the pocket, bent at its end by two sightings 12-13 mm off (7 mm across the
  track), ran into the right jaw, and ``_jaw_kink`` called a glance there: the shot's only rail after contact.
- combination-693 (fixture ``jaw_two_chord_c693.json``): into head-left, truth 7.6 mm clear of the left jaw. Its
  last piece, two sightings, carried 65 mm on, ran 0.2 mm into the left jaw, and ``_jaw_glances`` called a touch.
"""

from __future__ import annotations

from pathlib import Path

from madeobs import fixture_events

FIX = Path(__file__).parent / "fixtures"


def test_a_bent_piece_end_is_no_glance_off_the_right_jaw() -> None:
    ev = fixture_events(FIX / "jaw_bent_end_c694.json")
    assert [(e.ball, e.pocket) for e in ev if e.type == "pocket"] == [(2, "foot-right")]
    rails = [(e.ball, e.rail) for e in ev if e.type == "cushion"]
    assert (2, "right") not in rails, rails
    assert not [e for e in ev if e.type == "cushion" and e.t > 2.084], rails  # no rail after contact at all


def test_two_last_sightings_grazing_a_jaw_are_no_touch() -> None:
    ev = fixture_events(FIX / "jaw_two_chord_c693.json")
    assert [(e.ball, e.pocket) for e in ev if e.type == "pocket"] == [(2, "head-left")]
    assert [e for e in ev if e.type == "cushion" and e.ball == 2] == []
