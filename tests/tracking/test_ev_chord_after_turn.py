"""A fast ball whose sighting just after a cushion was chorded with the one before it (ho64 break-8-611's 12 at
30/1080p, round 47). Struck by the 14 at 1.864 s at about 8 m/s, the 12 met the foot cushion at 1.915 s, between
its first two moving sightings, and the left one at 2.014 s, three sightings later. The piece search took the
first two moving sightings as one two-sighting chord (a line through two sightings fits them exactly), because the
window it judged the next piece on ran past the left cushion; the chord runs along the foot cushion and the foot
contact was lost. The sighting after the foot cushion belongs with the two after it (one line, 3 mm off), which a
search that weighs each piece's coefficients finds (``tracking.paths.fit_path``). The clip's detections as the
tracker gave them (the resting ball held where it lay), no noise added."""

from __future__ import annotations

import numpy as np
from madeup import PIPE_TOLERANCE, sighted_cushions

from tracking.paths import fit_path

T = 1.7333 + np.arange(19) / 30.0
XY = np.array([[2.1025, 0.5223]] * 4 + [[np.nan, np.nan],
              [2.4035, 0.3478], [2.4120, 0.2407], [2.2111, 0.1526], [2.0111, 0.0678], [1.8255, 0.0619],
              [1.6630, 0.1210], [1.4940, 0.1785], [1.3334, 0.2350], [1.1718, 0.2927], [1.0070, 0.3499],
              [0.8559, 0.4022], [0.6991, 0.4570], [0.5460, 0.5123], [0.3992, 0.5636]])
T_FOOT, T_LEFT = 1.9149, 2.0137  # pooltool's truth


def test_the_sighting_after_the_turn_starts_the_next_piece() -> None:
    p = fit_path(12, T, XY, tolerance=PIPE_TOLERANCE)
    assert p is not None
    assert [pc.n for pc in p.pieces][:3] == [4, 1, 3], [pc.n for pc in p.pieces]


def test_both_cushions_are_contacts_in_order() -> None:
    got = sighted_cushions(12, T, XY)
    assert [r for _, r in got] == ["foot", "left"], got
    assert abs(got[0][0] - T_FOOT) < 0.25 / 30 and abs(got[1][0] - T_LEFT) < 0.25 / 30, got
