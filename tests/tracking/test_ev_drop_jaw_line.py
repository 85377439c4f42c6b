"""A ball rolling along the right rail into side-right's far jaw, turned back by it and gone after one more
sighting (ho12 near-rail-220 at 30/1080p, dev since round thirteen: the 1, truth right 5.367 s, pocketed 5.460 s).
Its last sighting lies 17 mm off its earlier piece carried on, under ``drop_turn`` (2 cm), so that rule read the
turn as the detector placing a dropping ball off and dropped a true jaw contact. A jaw can turn a ball only if the
ball's line meets it: the 1's line runs 9 mm into the jaw, while the false turns ``drop_turn`` was set for (ho11
nine-ball-rack-111's 2, ``test_ev_drop_turn``) roll between the jaws, their line 12 mm clear. The clip's sightings
of the 1 (2.33-5.4 s, its last piece before the drop), with a little extra noise, fitted as the pipeline fits them."""

from __future__ import annotations

import numpy as np
import pytest
from madeup import PIPE_TOLERANCE, run

FPS = 30.0
T = 2.3333 + np.arange(96) / FPS
NAN = [np.nan, np.nan]
ONE = np.array([
    [0.1823, 0.7327], [0.1997, 0.7407], [0.2150, 0.7490], [0.2321, 0.7565], [0.2484, 0.7647], [0.2647, 0.7729],
    [0.2818, 0.7804], [0.2976, 0.7881], [0.3142, 0.7963], [0.3296, 0.8039], [0.3457, 0.8113], [0.3609, 0.8188],
    [0.3766, 0.8269], [0.3920, 0.8342], [0.4080, 0.8416], [0.4231, 0.8491], [0.4378, 0.8566], [0.4531, 0.8635],
    [0.4684, 0.8704], [0.4840, 0.8775], [0.4987, 0.8850], [0.5136, 0.8920], [0.5282, 0.8995], [0.5425, 0.9067],
    [0.5569, 0.9136], [0.5714, 0.9206], [0.5857, 0.9275], [0.6002, 0.9335], [0.6144, 0.9412], [0.6282, 0.9482],
    [0.6428, 0.9549], [0.6561, 0.9615], [0.6702, 0.9673], [0.6835, 0.9740], [0.6966, 0.9807], [0.7108, 0.9874],
    [0.7239, 0.9942], [0.7370, 1.0000], [0.7504, 1.0065], [0.7628, 1.0129], [0.7757, 1.0193], [0.7887, 1.0255],
    [0.8017, 1.0316], [0.8142, 1.0379], [0.8263, 1.0440], [0.8393, 1.0494], [0.8523, 1.0553], [0.8647, 1.0610],
    [0.8766, 1.0669], [0.8886, 1.0729], [0.8997, 1.0784], [0.9120, 1.0843], [0.9238, 1.0898], [0.9355, 1.0959],
    [0.9464, 1.1015], [0.9580, 1.1074], [0.9686, 1.1125], [0.9804, 1.1178], [0.9919, 1.1232], [1.0028, 1.1285],
    [1.0144, 1.1336], [1.0251, 1.1387], [1.0355, 1.1442], [1.0468, 1.1494], [1.0572, 1.1543], [1.0672, 1.1584],
    [1.0776, 1.1637], [1.0879, 1.1692], [1.0987, 1.1741], [1.1087, 1.1792], [1.1185, 1.1837], [1.1276, 1.1885],
    [1.1373, 1.1936], [1.1470, 1.1984], [1.1573, 1.2025], [1.1668, 1.2070], [1.1764, 1.2110], [1.1871, 1.2165],
    [1.1950, 1.2202], [1.2035, 1.2236], [1.2125, 1.2287], [1.2206, 1.2320], [1.2289, 1.2359], [1.2396, 1.2395],
    [1.2475, 1.2425], [1.2624, 1.2425], [1.2696, 1.2585], [1.2810, 1.2584], [1.2868, 1.2641], [1.2868, 1.2641],
    [1.2982, 1.2640], [1.3040, 1.2697], [1.2982, 1.2697], NAN, NAN, NAN])


@pytest.mark.parametrize("seed", range(4))
def test_a_turn_where_the_line_meets_a_jaw_is_a_contact(seed: int) -> None:
    tracks = {1: ONE, 0: np.tile([0.5, 0.6], (len(T), 1))}
    ev = run(tracks, T, {0}, seed, 0.0003, tolerance=PIPE_TOLERANCE, t_start=2.3333)
    assert any(e.type == "pocket" and e.ball == 1 for e in ev), ev
    rights = [e.t for e in ev if e.type == "cushion" and e.ball == 1 and e.rail == "right"]
    assert any(abs(t - 5.367) < 0.067 for t in rights), ev
