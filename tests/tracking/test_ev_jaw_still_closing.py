"""A fast ball into a corner whose seen line comes within ``jaw_slack`` of a jaw only at its last sighting (round
23, ho27x cut-332's 13 at 60/720p and 60/1080p, ``fixtures/jaw_still_closing_cut332.json``): struck at 3.4 m/s into
head-left, seen 1.5 mm off the left jaw at its last sighting, 2.1167 s, still closing on it; carried on, its line
passes 1.4 mm clear and the truth 1.7 mm clear (a clean drop at 2.1295 s). The slack rule of ``_jaw_glances``
(the fitted line rounds a glance off a tip between two sightings) called a left touch there; a line still closing
at its last sighting comes nearest beyond the sightings, where the carried line judges it. Guard: the same
sightings moved 3 mm toward the jaw, so that the carried line runs into it, still touch it.
tracking.paths and tracking.events alone."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from madeup import PIPE_TOLERANCE, G

from tracking.events import ShotContext, infer_events
from tracking.paths import fit_path

DATA = json.loads((Path(__file__).parent / "fixtures" / "jaw_still_closing_cut332.json").read_text())


def _events(res: str, shift: float = 0.0):
    t = np.array(DATA[res]["t"])
    xy = np.array([[np.nan, np.nan] if r[0] is None else r for r in DATA[res]["xy"]], float)
    moving = t >= 1.77  # the 13's sightings after the cue ball struck it, moved toward the left jaw's face
    xy[moving, 1] -= shift
    p = fit_path(DATA["ball"], t, xy, tolerance=PIPE_TOLERANCE)
    assert p is not None
    ctx = ShotContext(G, 1.0 / DATA["fps"], float(t[0]), float(t[-1]), {DATA["ball"]}, set())
    ev, _ = infer_events({DATA["ball"]: p}, ctx)
    return ev


@pytest.mark.parametrize("res", ["720p", "1080p"])
def test_a_line_still_closing_on_a_jaw_at_its_last_sighting_and_carried_clear_is_a_clean_drop(res: str) -> None:
    ev = _events(res)
    drops = [e for e in ev if e.type == "pocket"]
    assert [e.pocket for e in drops] == [DATA["pocket"]], ev
    assert abs(drops[0].t - DATA["truth_pocket_t"]) < 1.0 / DATA["fps"], drops
    assert [e for e in ev if e.type == "cushion"] == [], ev


@pytest.mark.parametrize("res", ["720p", "1080p"])
def test_the_same_line_carried_into_the_jaw_touched_it(res: str) -> None:
    ev = _events(res, shift=0.003)
    assert [e.pocket for e in ev if e.type == "pocket"] == [DATA["pocket"]], ev
    assert [e.rail for e in ev if e.type == "cushion"] == ["left"], ev
