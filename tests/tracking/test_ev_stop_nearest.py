"""A ball that creeps into a cushion and stops against it touched it where it is first seen nearest the cushion
(issue 5, cushion timing; ``_cushions``' stop against a cushion, ``_first_nearest``, ``EventConfig.rest_jitter``).
From a dev set's 30/720p sequence (session 35's dump of the tracker's paths); the truth time is the simulator's.
The same rule in ``_rests_against`` (no later than first seen within the jitter of the nearest, not at the
nearest) was tried and dropped: it broke ``test_ev_creep_touch`` (60 fps, 37 ms early); on the dev sets it mended two
creeps and broke one."""

from __future__ import annotations

from pathlib import Path

from madeobs import fixture_events

FIX = Path(__file__).parent / "fixtures"
FRAME = 1 / 30


def _touch(name: str, ball: int, rail: str) -> float:
    hits = [e.t for e in fixture_events(FIX / name) if e.type == "cushion" and e.ball == ball and e.rail == rail]
    assert len(hits) == 1
    return hits[0]


def test_a_stop_the_resting_piece_took_is_timed_at_the_nearest_sighting() -> None:
    # ho53 eight-ball-rack-140's 11 into the left cushion at 4 cm/s: the resting piece (slower than rest_speed)
    # began 9 mm short of the nose, and the stop was timed at its start, 160 ms before the truth's 23.2597 s
    assert abs(_touch("stop_nearest_e8140.json", 11, "left") - 23.2597) < FRAME

