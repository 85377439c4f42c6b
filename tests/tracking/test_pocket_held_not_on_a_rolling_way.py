"""A ball lost into a pocket is not re-acquired on another ball's way (``BallTracker._on_a_rolling_way``; issue 5,
pockets).

Dev ho31 scratch-350 (30/720p): the cue ball drove the 10 into head-left at 3.5 m/s and followed it there at 1 m/s.
The 10 was last seen at 1.867 s, in the pocket's mouth. At 2.200 s the cue ball's sighting, on its way to the same
pocket, scored 0.24 as the 10 and less as the cue ball, and went to the 10's hidden track, 9 mm from the 10's last
sighting: the 10's path ended there on the cloth and its pocket was not called. The cue ball's track, seen rolling
the frame before, is predicted right there. The detections are the clip's (the scoring's cache, to 0.1 mm, three
identity scores each; ``fixtures/pocket_held_scratch350.json``)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.tracking.madeobs import frame
from tracking.tracker import BallTracker
from vision.geometry import TableGeometry

G = TableGeometry()
DATA = json.loads((Path(__file__).parent / "fixtures" / "pocket_held_scratch350.json").read_text())


def _tracks() -> list[list[tuple[float, float]]]:
    tracker = BallTracker(G, "straight-pool")
    for f in DATA["frames"]:
        dets = [((x, y), {int(b): p for b, p in ids.items()}) for x, y, ids in f["dets"]]
        tracker.update(frame(f["frame"], DATA["fps"], dets))
    return [[tuple(p) for p in tr.xy] for tr in tracker.tracks]


def test_the_cue_balls_sighting_by_the_pocket_stays_the_cue_balls() -> None:
    tracks = _tracks()
    ten = next(t for t in tracks if (0.154, 0.0767) in t)  # the 10's last sighting, in head-left's mouth (1.867 s)
    cue = next(t for t in tracks if (0.1757, 0.0986) in t)  # the cue ball following it (2.167 s)
    assert ten is not cue and ten[-1] == (0.154, 0.0767)
    assert (0.1539, 0.0855) in cue  # its sighting at 2.200 s, scored as the 10
