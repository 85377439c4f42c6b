"""The jaws a pocketed ball touched are judged on its line after the last contact its short last piece was fitted
across (issue 5, jaws; ``_after_contact``). ho54 bank-511 at 30/1080p (dev; fixture ``jaw_after_contact_b511.json``,
the cue ball's and the 3's sightings): the 3 ran along the left cushion into foot-left at 2.8 m/s, touched the foot
jaw (found at 2.5797 s, truth 2.5826) and then the left jaw (truth 2.6131) 15 ms before it dropped. Its last piece,
two sightings either side of the foot jaw, ran 30 mm clear of the left jaw; the chord from the foot-jaw contact
onto the last sighting meets it."""

from __future__ import annotations

from pathlib import Path

from madeobs import fixture_events

FIX = Path(__file__).parent / "fixtures"


def test_the_left_jaw_after_the_foot_jaw() -> None:
    ev = fixture_events(FIX / "jaw_after_contact_b511.json")
    jaws = [e for e in ev if e.type == "cushion" and e.ball == 3 and 2.55 < e.t < 2.65]
    assert [e.rail for e in jaws] == ["foot", "left"]
    assert abs(jaws[1].t - 2.6131) < 1 / 30
    drop = next(e for e in ev if e.type == "pocket" and e.ball == 3)
    assert drop.pocket == "foot-left" and jaws[1].t < drop.t
