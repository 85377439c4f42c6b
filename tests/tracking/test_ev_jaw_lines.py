"""A pocketed ball's jaw contacts judged on the line it truly ran: issue 5, rail after contact.

- ``jaw_chord_s421.json`` (held-out ho45 scratch-421 at 30/720p, now dev: the tracker's sightings of the shot): the
  cue ball hit the 7, which was seen once on its own, then twice more; between those two it glanced off the right
  jaw's tip of foot-right (truth 1.6485 s) and dropped. The chord onto the first of the two, carried on, meets the
  jaw; the second lies 30 mm short of it. The shot's only rail after contact was missed (``events._jaw_kink``).
- ``struck_line_sp132.json`` (held-out ho45 straight-pool-run-132, its last shot): the cue ball struck the 2 from
  rest into foot-right; the 2 was seen once, 16 mm off toward the right rail, and dropped clean. The chord from its
  rest onto that sighting met the right jaw; the line of centres runs clear (``events._struck_line``).
"""

from __future__ import annotations

from pathlib import Path

from madeobs import fixture_events

FIX = Path(__file__).parent / "fixtures"


def _events(name: str, drop: frozenset[int] = frozenset()) -> list:
    return fixture_events(FIX / name, drop)


def test_a_glance_off_a_jaw_tip_inside_a_chord_after_one_sighting_is_a_cushion() -> None:
    events = _events("jaw_chord_s421.json")
    cushions = [e for e in events if e.type == "cushion"]
    assert [(e.ball, e.rail) for e in cushions] == [(7, "right")]
    assert abs(cushions[0].t - 1.6485) < 1.0 / 60  # within half a frame of the truth
    drop = next(e for e in events if e.type == "pocket" and e.ball == 7)
    assert drop.pocket == "foot-right" and cushions[0].t < drop.t


def test_a_ball_struck_from_rest_and_seen_once_off_line_drops_clean() -> None:
    events = _events("struck_line_sp132.json")
    assert [(e.ball, e.pocket) for e in events if e.type == "pocket"] == [(2, "foot-right")]
    assert not [e for e in events if e.type == "cushion"]


def test_without_its_hitter_the_struck_ball_is_judged_on_its_chord() -> None:
    # the line of centres needs the hitter at the collision: with the cue ball left out there is no collision, and
    # the one sighting's chord meets the jaw as before (the rule adds nothing of its own)
    events = _events("struck_line_sp132.json", drop=frozenset({0}))
    assert [(e.ball, e.rail) for e in events if e.type == "cushion"] == [(2, "right")]
