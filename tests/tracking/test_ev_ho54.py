"""A ball off the table that the tracker's sightings of held-out ho54 (now dev) hold, issue 5 (off table, rail after
contact).

``seen_once_off_j513.json`` (jump-513 at 60/1080p): the jumping cue ball kicked the resting 10 at 8 m/s toward the
right cushion. The 10 was seen once, 25 cm from that cushion, and never again: it met the cushion 3.5 frames later
(truth 1.6981 s) and flew off over it (1.7246 s). Followed from that one sighting, its line meets the cushion
fast enough to fly, but past the 2.5 frames in which a ball that was seen moving must meet it; the rebound was
followed back onto the cloth and the ball was counted hidden. A rebound would have rolled on in view, as for a
ball never seen moving (``_follow_to_exit``'s ``never_seen``): it left the table there.
"""

from __future__ import annotations

from pathlib import Path

from madeobs import fixture_events

FIX = Path(__file__).parent / "fixtures" / "seen_once_off_j513.json"


def test_a_ball_kicked_from_rest_seen_once_and_never_again_flew_off_where_it_met_a_cushion_fast() -> None:
    events = fixture_events(FIX)
    assert [(e.ball, e.type) for e in events if e.type in ("pocket", "off_table")] == [(10, "off_table")]
    rails = [(e.rail, e.t) for e in events if e.type == "cushion" and e.ball == 10]
    assert [r for r, _ in rails] == ["right"] and abs(rails[0][1] - 1.6981) < 2 / 60

