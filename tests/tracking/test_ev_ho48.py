"""Two contacts the tracker's sightings of held-out ho48 (now dev) hold, issue 5 (cushion F1, first contact).

- ``mouth_rattle_s451.json`` (scratch-451 at 30/720p): the struck 14 rattled in head-right's mouth, right 2.2619,
  head 2.2965, right 2.3208, head 2.3603 s, one touch between each two sightings. The second right touch turns the
  sighting at 2.333 s, seen 10.7 mm off the right nose (beyond ``rail_tolerance``, within ``kink_tolerance``): in a
  mouth that is a touch (``events._chord_bounces``).
- ``passed_on_blocked_sp135.json`` (straight-pool-run-135 at 30/720p, the re-rack break): the cue ball's line
  crossed the 6's 2R 3.5 ms before it ran 22 mm deep into the 10, frozen to the 6, and turned there; neither rack
  ball moved for 1.6 s. The 6 was met first (truth 28.8511 s, the 10 at 28.8536 s): the blocked 10 answers for it
  (``events._passed_on``).
"""

from __future__ import annotations

from pathlib import Path

from madeobs import fixture_events

from adjudicator.facts import derive
from adjudicator.records import Shot

FIX = Path(__file__).parent / "fixtures"


def _events(name: str) -> list:
    return fixture_events(FIX / name)


def test_a_turn_in_a_mouth_a_centimetre_off_the_nose_is_a_touch() -> None:
    cushions = [(e.ball, e.rail, e.t) for e in _events("mouth_rattle_s451.json") if e.type == "cushion" and e.ball == 14
                and 2.2 < e.t < 2.45]
    assert [(b, r) for b, r, _ in cushions] == [(14, "right"), (14, "head"), (14, "right"), (14, "head")]
    assert abs(cushions[2][2] - 2.3208) < 1.0 / 30  # the second right touch, within a frame


def test_a_rack_ball_crossed_first_takes_the_contact_when_its_frozen_neighbour_blocks_the_cue_ball() -> None:
    events = _events("passed_on_blocked_sp135.json")
    cue = sorted((e.t, e.balls) for e in events if e.type == "collision" and e.balls and 0 in e.balls)
    assert cue[0][1] == (0, 6)
    shot = Shot(shot=1, t_start=28.3, t_end=29.3, before={}, after={}, events=tuple(sorted(events, key=lambda e: e.t)))
    assert derive(shot).first_contact == 6

