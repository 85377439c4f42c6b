"""A rack ball's first sighting off its spot, scored as the neighbour touching it, is the struck ball's when the
neighbour could reach it only through the spot the struck ball has just left (issue 5, identities;
``BallTracker._through_vacated``).

ho91 break-9-881 at 60/720p (held out, scored on the frozen 9682765; now dev; fixture ``vacated_b881.json``, its
detections from 1.0 to 2.7 s): the 2 struck the 7 at 1.745 s; the 7's first sighting off the rack, 4.2 cm from its
spot, was scored as the 8 (maroon and black blur alike), and the 8, touching the 7, was missed on that frame. The
8's track took the sighting 7.4 cm off across the 7's spot, the 7's track took the 8 a frame later, and the 7's
four cushions and its drop into side-left became the 8's."""

from __future__ import annotations

from pathlib import Path

from madeobs import fixture_frames

from adjudicator.facts import derive
from tracking.shots import ShotBuildConfig, track_shots
from tracking.tracker import BallTracker
from vision.geometry import TableGeometry

FIX = Path(__file__).parent / "fixtures" / "vacated_b881.json"


def test_the_seven_flies_off_the_rack_into_side_left() -> None:
    (shot,) = track_shots(fixture_frames(FIX), TableGeometry(), "nine-ball",
                          tracker=BallTracker(TableGeometry(), "nine-ball"), cfg=ShotBuildConfig(noise_sigma=0.002))
    facts = derive(shot)
    assert facts.first_contact == 1
    assert facts.pocket_of == {7: "side-left"}
    assert [e.rail for e in shot.events if e.type == "cushion" and e.ball == 7] == ["left", "foot", "right", "left"]
    assert not [e for e in shot.events if e.type == "cushion" and e.ball == 8]
