"""A rack ball that passes a blow on to its frozen neighbour is hit first however far the hitter's line runs between
the two (issue 5, first contact; ``_passed_on``).

Dev ho29x break-14.1-343 (60/720p): the cue ball cut the 13 4.3 mm on its side of the notch with the 4, frozen to
it; the 13 passed the blow on and showed no kink, the 4 left. The cue ball's fitted line entered the 13's 2R circle
and, 15 mm on (the truth: 14.8 mm), the 4's. ``_passed_on`` looked only ``through`` (10 mm) on, and the 4 was named
first. Between entering one of two touching balls' 2R circles and entering the other's a straight line runs at
most 2*sqrt(3) R, so that is the reach. The break's sightings to 1.96 s (the dev cache of e70437e's detector, to 0.01 mm;
``fixtures/passed_on_break141_343.json``), fitted as the pipeline fits them."""

from __future__ import annotations

import json
from pathlib import Path

from tests.tracking.madeobs import cue_hits

DATA = json.loads((Path(__file__).parent / "fixtures" / "passed_on_break141_343.json").read_text())


def test_the_cut_rack_ball_is_hit_first() -> None:
    hits = cue_hits(DATA, 1.96)
    assert hits and hits[0].balls == (0, 13) and abs(hits[0].t - 1.9038) < 0.004, hits

