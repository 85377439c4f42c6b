"""A ball lost in a corner's mouth heading across it, not down into it, meets a jaw before it can drop (round 22,
t22c). The sightings are vision dev ho21x break-9-302's 7 at 60/720p (``fixtures/jaw_across_mouth_break9_302.json``):
off the head jaw at 3.80 s, it crosses the head-right mouth at 0.86 m/s toward the right jaw and is lost 6 mm past
the right nose line; the truth meets the right jaw at 3.872 s and drops at 3.940 s. Its carried line passes 31 mm
outside the fall circle and meets the right jaw 15 ms past entering the capture circle, after the 5 ms
(``jaw_reach``) the line was looked at for jaws: the right jaw was missed (``events._look_until``).
tracking.paths and tracking.events alone."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from madeup import PIPE_TOLERANCE, G

from tracking.events import ShotContext, infer_events
from tracking.paths import fit_path

DATA = json.loads((Path(__file__).parent / "fixtures" / "jaw_across_mouth_break9_302.json").read_text())


def test_a_ball_lost_heading_across_a_mouth_touched_the_jaw_its_line_meets() -> None:
    t = np.array(DATA["t"])
    xy = np.array([[np.nan if v is None else v for v in r] for r in DATA["xy"]])
    p = fit_path(DATA["ball"], t, xy, tolerance=PIPE_TOLERANCE)
    assert p is not None
    ctx = ShotContext(G, 1.0 / DATA["fps"], float(t[0]), float(t[-1]), {DATA["ball"]}, set())
    ev, _ = infer_events({DATA["ball"]: p}, ctx)
    cushions = [(e.t, e.rail) for e in ev if e.type == "cushion"]
    assert [e.type for e in ev if e.type in ("pocket", "off_table")] == ["pocket"], ev
    right = [tc for tc, rail in cushions if rail == "right"]
    assert len(right) == 1 and abs(right[0] - DATA["truth"]["right"]) < 1.0 / DATA["fps"], cushions
    assert [tc for tc, rail in cushions if rail == "head" and abs(tc - DATA["truth"]["head"]) < 1.0 / DATA["fps"]], \
        cushions
