"""A ball seen just short of a cushion beside a side pocket's opening, then gone, flew off the table there: its
line, measured over a long chord and carried only a couple of centimetres, is not off by the centimetre of
``rail_tolerance`` that widens the opening for a line carried far (issue 5, pockets and off table;
``_opening_margin``).

Held-out ho31 jump-351 (30/720p, now dev): the cue ball drove the 1 at 9.7 m/s into the right cushion. Seen 19 mm
short of it, the 1's line met the cushion 83 mm from side-right's middle, 4 mm past the opening (65 mm mouth half +
half a radius), and vanished: in the truth it met the cushion 86 mm from the middle and flew off. The whole
opening margin took it through the pocket. The shot's sightings to its rest (the dev cache of 4b1d209's detector,
to 0.01 mm; ``fixtures/offtable_side_jump351.json``), fitted as the pipeline fits them."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from madeobs import fitted_events, fixture_balls

from tracking.events import EventConfig, _opening_margin
from vision.geometry import TableGeometry

DATA = json.loads((Path(__file__).parent / "fixtures" / "offtable_side_jump351.json").read_text())
G = TableGeometry()
R = G.ball_radius


def test_the_one_flown_off_beside_side_right_is_off_the_table() -> None:
    ev = fitted_events(fixture_balls(DATA), DATA["fps"], DATA["t_start"], 3.6, frozenset({1}))
    gone = [e for e in ev if e.ball == 1 and e.type in ("pocket", "off_table")]
    assert [e.type for e in gone] == ["off_table"], gone
    assert any(e.type == "cushion" and e.ball == 1 and e.rail == "right" for e in ev), ev


def test_a_ball_seen_short_of_the_opening_itself_still_drops() -> None:
    # the same run-in, 12 mm nearer the middle: its line meets the nose line 71 mm from it, inside the opening
    fps = 30.0
    t = np.arange(0.0, 2.0, 1.0 / fps)
    v = np.array([-3.06, 9.2])
    hit = G.length / 2 + 0.071  # x where it meets the nose line (y = W - R)
    t_hit = 1.0
    y = (G.width - R) + v[1] * (t - t_hit)
    x = hit + v[0] * (t - t_hit)
    xy = np.stack([x, y], axis=1)
    xy[t < 0.9] = xy[np.flatnonzero(t >= 0.9)[0]]  # at rest until struck, 92 cm short of the cushion
    keep = t < t_hit - 0.02  # last seen a frame short of the cushion
    ev = fitted_events({1: (t[keep], xy[keep])}, fps, 0.5, 2.0, frozenset({1}))
    assert [(e.type, e.pocket) for e in ev if e.type in ("pocket", "off_table")] == [("pocket", "side-right")], ev


def test_the_margin_grows_with_the_carry_to_the_whole_tolerance() -> None:
    cfg = EventConfig()
    near = _opening_margin(0.32, 0.019, 0.95, cfg)
    assert cfg.pin_noise < near < cfg.pin_noise * 1.2
    assert _opening_margin(0.05, 0.20, 0.95, cfg) == cfg.rail_tolerance
    assert _opening_margin(0.32, 0.019, 0.2, cfg) == cfg.rail_tolerance  # a shallow meeting: far along the rail
