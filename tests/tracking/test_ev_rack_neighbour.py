"""A rack ball set moving by its neighbour is not named the cue ball's (issue 5, first contact at a re-rack break).

Held-out straight-pool-run-116 shot 6 (30/720p, now dev): the cue ball, heading +x, hit the 5 at the front of the
re-rack at 52.682 s; the 5, touching the 6, set it moving and itself only jolted for one frame, back in its place.
No collision was fitted for the 6, so ``events._collisions``' set-off fallback looked for its hitter among the
balls moving there; the 5 was ruled out (``_stayed_put``), and the cue ball, 82 mm from the 6, was named: (0, 6)
timed 0.4 ms before the cue ball's real (0, 5), first contact 6 for 5. The blow reached the 6 through the 5, which
the cue ball came nearer to: the 6's hitter is the 5. The three balls' sightings over the shot (main's tracker on
main's cached detections, to 0.1 mm; ``fixtures/rack_neighbour_spr116.json``), fitted as the pipeline fits them."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from tracking.events import EventConfig, ShotContext, infer_events
from tracking.paths import fit_path
from vision.geometry import TableGeometry

G = TableGeometry()
SIGMA = 0.002  # tracking.shots' noise_sigma
DATA = json.loads((Path(__file__).parent / "fixtures" / "rack_neighbour_spr116.json").read_text())


def _events():
    paths = {}
    for b, seen in DATA["balls"].items():
        p = fit_path(int(b), np.array(seen["t"]), np.array(seen["xy"]), tolerance=max(0.003, 4.5 * SIGMA))
        assert p is not None
        paths[int(b)] = p
    ctx = ShotContext(G, 1.0 / DATA["fps"], 51.8, 57.1, {0, 5, 6}, {0, 5, 6})
    return infer_events(paths, ctx, EventConfig())[0]


def test_the_cue_ball_hits_the_front_ball_not_the_one_it_set_moving() -> None:
    ev = _events()
    hits = [e for e in ev if e.type == "collision" and 0 in (e.balls or ())]
    assert hits and hits[0].balls == (0, 5) and abs(hits[0].t - 52.682) < 1 / 30, ev
    # the cue ball meets the 6 only at 52.80 (truth), not at the break's first blow
    assert not any(e.balls == (0, 6) and e.t < 52.75 for e in hits), ev
    assert any(e.type == "collision" and e.balls == (5, 6) and e.t < 52.75 for e in ev), ev
