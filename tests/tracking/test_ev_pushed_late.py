"""A cue ball frozen to a ball and pushed on by the cue may creep for several frames before its strike kink is
fitted: the ball beside it that left first, from the shot's start, was its first contact (issue 5, first contact;
``_pushed_first``).

ho59 eight-ball-rack-146 at 30/720p, shot 3 (scored held-out, now dev; fixture ``pushed_late_e8146.json``, every
ball's sightings of the shot): the cue ball rested touching the 15 (57 mm apart); struck at 19.798 s it pushed the
15 into the 4 and the 4 into the 9, and crept 2 cm over 0.3 s. Its strike kink was fitted at 20.108 s, 9 frames
after the 15 left, beyond the 3 frames ``_pushed_first`` looked back: the shot had no first contact and started
0.3 s late (an extra shot in the bench, a missed truth shot)."""

from __future__ import annotations

from pathlib import Path

from madeobs import fixture_events

FIX = Path(__file__).parent / "fixtures"


def test_the_frozen_ball_that_left_first_was_hit_first() -> None:
    ev = fixture_events(FIX / "pushed_late_e8146.json")
    strike = next(e for e in ev if e.type == "strike")
    first = next(e for e in ev if e.type == "collision" and 0 in (e.balls or ()))
    assert set(first.balls or ()) == {0, 15}
    assert abs(strike.t - 19.798) < 2 / 30  # truth strike 19.798 s
    assert first.t < 19.85
