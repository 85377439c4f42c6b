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


def test_the_three_scored_as_the_seven_keeps_its_cushions() -> None:
    """The same break at 30/720p (fixture ``vacated_b881_30.json``, 1.0-2.7 s): the struck 3's first sighting off
    the rack, 11 cm from its spot, was scored 7: 0.69, 3: 0.19 and kept off the 3's track as the 7's claim, though
    the 7 could reach it only through the 8 touching it (``BallTracker._bars``). A new track took it and the 3's
    foot and right cushions were lost."""
    fix = Path(__file__).parent / "fixtures" / "vacated_b881_30.json"
    (shot,) = track_shots(fixture_frames(fix), TableGeometry(), "nine-ball",
                          tracker=BallTracker(TableGeometry(), "nine-ball"), cfg=ShotBuildConfig(noise_sigma=0.002))
    assert derive(shot).pocket_of == {7: "side-left"}
    three = [(e.t, e.rail) for e in shot.events if e.type == "cushion" and e.ball == 3]
    assert [r for _, r in three] == ["foot", "right"]
    assert abs(three[0][0] - 1.8466) < 0.5 / 30 and abs(three[1][0] - 2.1937) < 0.5 / 30
