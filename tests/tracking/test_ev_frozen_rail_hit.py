"""A ball frozen to a cushion, met within the strike's own frame interval: the cue ball comes back off it (and the
cushion behind it) before it is first seen, so its first moving sighting lies short of its resting place, heading
back there. Carried back, that piece runs through the frozen ball, which was seen lying still up to the strike: it
was the first contact (issue 5, first contact; ``_hidden_strike``, ``_lying_at``).

ho61 frozen-581 at 30/1080p (scored held-out, now dev; fixture ``frozen_rail_f581.json``, the cue ball's, the 10's
and one other ball's sightings of the shot): the 10 rested frozen to the left cushion 9 cm from the cue ball. Struck
at 1.713 s, the cue ball met it at 1.721 s and was first seen at 1.733 s only 7.7 mm from its rest, rebounding at
2.4 m/s. Its path carried back passed within a radius of its resting place, which read as a straight run from rest
with nothing hit; and the 10's first piece, bent by its first sighting on the move, did not read as resting. The
shot had no first contact."""

from __future__ import annotations

from pathlib import Path

from madeobs import fixture_events

FIX = Path(__file__).parent / "fixtures"


def test_the_frozen_ten_was_hit_first() -> None:
    ev = fixture_events(FIX / "frozen_rail_f581.json")
    first = next(e for e in ev if e.type == "collision" and 0 in (e.balls or ()))
    assert set(first.balls or ()) == {0, 10}
    assert abs(first.t - 1.7212) < 0.25 / 30  # truth contact 1.7212 s
    strike = next(e for e in ev if e.type == "strike")
    assert strike.t <= first.t


def test_the_ten_drove_into_the_left_cushion() -> None:
    ev = fixture_events(FIX / "frozen_rail_f581.json")
    assert any(e.type == "cushion" and e.ball == 10 and e.rail == "left" and abs(e.t - 1.7212) < 1 / 30 for e in ev)
