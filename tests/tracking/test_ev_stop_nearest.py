"""A ball that creeps into a cushion and stops against it touched it where it is first seen nearest the cushion
(issue 5, cushion timing; ``_first_nearest``, ``EventConfig.rest_jitter``). From the dev sets' 30/720p sequences
(session 35's dumps of the tracker's paths); the truth times are the simulator's."""

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


def test_a_creep_to_rest_is_no_later_than_first_seen_within_the_jitter() -> None:
    # ho48 nine-ball-rack-135's 8 into the foot cushion at 1 cm/s: seen at its least distance on frames long after
    # the touch (78.1657 s); timed there, 78 ms late
    assert abs(_touch("stop_nearest_nb135.json", 8, "foot") - 78.1657) < FRAME
