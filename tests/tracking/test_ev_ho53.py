"""A cushion the tracker's sightings of held-out ho53 (now dev) hold, issue 5 (rail after contact).

``split_bounce_nr504.json`` (near-rail-504 at 60/1080p): the cue ball sent the 11, resting 36 mm off the right
cushion's touching line, into that cushion (truth 2.8262 s); it came back off at 0.76 m/s and met the cue ball again
43 ms later. The 11 was seen 11 and 7 mm off the nose on either side of the turn, with a frame's move of 19 mm in
before and 13 mm out after them: ``events._split_bounces``' V. Three things hid it: the kink between the piece in and
the resting piece after (which swallowed the way out) was timed before the second sighting, so that sighting read as
at rest; the collision that sent the 11 in, 0.75 frame before the first of the four sightings, was taken to explain
the turn; and the move in reaches the nose 2.6 ms after the move out left it (the ball turns a few mm short of the
nose line). Without the cushion no ball reached a rail after the first contact.
"""

from __future__ import annotations

from pathlib import Path

from madeobs import fixture_events

FIX = Path(__file__).parent / "fixtures" / "split_bounce_nr504.json"


def test_a_ball_sent_into_a_near_cushion_and_straight_back_meets_it() -> None:
    events = fixture_events(FIX)
    hit = next(e.t for e in events if e.type == "collision" and e.balls == (0, 11))
    rails = [(e.rail, e.t) for e in events if e.type == "cushion" and e.ball == 11]
    assert [r for r, _ in rails] == ["right"]
    assert abs(rails[0][1] - 2.8262) < 0.25 / 60 and rails[0][1] > hit
    assert not [e for e in events if e.type == "cushion" and e.ball == 0]
