"""A slow graze into a cushion at the end of a long piece, judged on its last sightings (t20b). The sightings are ho15
nine-ball-rack-115's 1 at 30/720p, 70.83-73.20 s (dev; main's cached detections): out of the head-left corner it
rolls along the head rail, closing on it from 34 mm to 0 over a second, touches it at 71.7550 (truth) at 2-3 cm/s
and runs on along it, leaving at 0.5 cm/s. The fit makes one 31-sighting piece up to 71.833 and the next from 71.867;
the first quadratic, bent by its faster start (0.36 m/s along the rail), ends heading into the head rail at 1.7 cm/s,
under the 2 cm/s a kink needs to be a contact, while its sightings over the last 0.3 s close on the nose at 2.2 cm/s.
tracking.paths and tracking.events alone."""

from __future__ import annotations

import numpy as np
from madeup import sighted_cushions

from tracking.events import EventConfig, _line_velocity
from tracking.paths import fit_path

T = np.round(70.8333 + np.arange(72) / 30.0, 4)
XY = np.array([[0.0627, 0.0256], [0.0579, 0.0393], [0.0568, 0.0532], [0.0544, 0.0634], [0.0531, 0.073],
               [0.0508, 0.0857], [0.0499, 0.0969], [0.0491, 0.107], [0.0467, 0.1186], [0.0461, 0.1304],
               [0.0457, 0.1409], [0.0453, 0.1509], [0.0441, 0.1616], [0.043, 0.1711], [0.0414, 0.1815],
               [0.0411, 0.1914], [0.0407, 0.2019], [0.0394, 0.212], [0.0379, 0.2218], [0.0375, 0.2319],
               [0.0361, 0.2416], [0.0348, 0.2509], [0.0348, 0.2604], [0.0328, 0.2698], [0.0321, 0.2784],
               [0.0316, 0.2879], [0.0312, 0.2974], [0.0297, 0.3055], [0.0295, 0.3147], [0.029, 0.3234],
               [0.0286, 0.3309], [0.0293, 0.3395], [0.0303, 0.348], [0.0304, 0.3567], [0.0291, 0.3639],
               [0.0303, 0.372], [0.0303, 0.3797], [0.0298, 0.3871], [0.031, 0.3948], [0.0305, 0.4017],
               [0.0311, 0.4086], [0.0312, 0.4151], [0.0311, 0.4238], [0.0312, 0.4294], [0.0315, 0.4358],
               [0.0312, 0.4428], [0.0314, 0.4492], [0.0321, 0.4556], [0.0326, 0.4619], [0.0327, 0.4682],
               [0.0332, 0.4747], [0.0331, 0.4802], [0.0337, 0.4867], [0.0329, 0.4927], [0.0331, 0.4988],
               [0.0333, 0.503], [0.034, 0.5089], [0.0333, 0.5141], [0.0339, 0.5192], [0.0334, 0.5238],
               [0.0338, 0.529], [0.0337, 0.5336], [0.0342, 0.5391], [0.0342, 0.5443], [0.0352, 0.5486],
               [0.0344, 0.5535], [0.0354, 0.5586], [0.035, 0.5622], [0.0354, 0.5659], [0.0356, 0.5696],
               [0.0358, 0.5738], [0.0358, 0.5776]])
TRUTH = 71.7550


def heads(xy: np.ndarray = XY) -> list[float]:
    return [t for t, r in sighted_cushions(1, T, xy) if r == "head"]


def test_the_graze_is_found() -> None:
    got = heads()
    assert len(got) == 1 and abs(got[0] - TRUTH) < 0.03, got  # main: none


def test_the_premise_piece_slower_than_its_sightings() -> None:
    # the piece before the kink ends heading into the head rail under 2 cm/s; its last 0.3 s of sightings close faster
    p = fit_path(1, T, XY, tolerance=0.009)
    assert p is not None and len(p.pieces) == 2
    pre = p.pieces[0]
    assert -float(pre.vel(pre.t1)[0]) < EventConfig().moving_speed / 2
    last = (T >= pre.t1 - 0.3) & (T <= pre.t1)
    assert -float(_line_velocity(T[last], XY[last])[0]) >= EventConfig().moving_speed / 2
