"""Corner rattles at 30 fps (sixteenth round, rat16): the pooltool dev sightings (oracle observations, 1 px noise,
30/720p) of two balls rattling in a corner's jaws, fitted at the pipeline's tolerance (4.5 sigma of 720p's 2.18 mm).

* scratch-5's 6: left 1.719, foot 1.752, left 1.789 s. The second left contact is found (its kink) but the three-
  frame merge dropped it for the first, 73 ms earlier; the foot reversal between them says the ball left the left
  cushion and came back.
* scratch-10's 9: right 1.902, head 1.946, right 1.998 s. The head contact turns the ball between two sightings that
  both lie at the head nose (6.0 and 2.5 mm off), with moves of 54 mm in and 33 mm out beside them: no one sighting
  is the turn, so the reversal rule did not see it.
* scratch-1's 10 at 30/1080p: right 1.866, foot 1.902, right 1.936, foot 1.992 s. The second right contact (its
  kink, 1.933 s) was merged into the first (timed 1.895 s); the foot contact between is timed 1.902 s, too near the
  first to count as between, but the ball is seen at the right nose (1.6 mm off at 1.867 s), 25.7 mm off it at
  1.900 s and past it again at 1.933 s: it left the cushion and came back."""

from __future__ import annotations

import numpy as np
from madeup import G

from tracking.events import ShotContext, infer_events
from tracking.paths import fit_path

DT = 1.0 / 30.0
TOL = 4.5 * (G.length + 2 * G.rail_width) / 1280

SCRATCH5_6 = [[2.1595, 0.2069], [2.1649, 0.2152], [2.1647, 0.2126], [2.1694, 0.2118], [2.2437, 0.1591],
              [2.3266, 0.1049], [2.4087, 0.0577], [2.4845, 0.0394], [2.5053, 0.0422], [2.4826, 0.036],
              [2.4827, 0.0763], [2.4926, 0.118], [2.4955, 0.1551], [2.4981, 0.1945], [2.5053, 0.2239],
              [2.5025, 0.258], [2.5075, 0.2944], [2.5107, 0.327], [2.5083, 0.3627]]
SCRATCH10_9 = [[0.1894, 1.1746], [0.1949, 1.1745], [0.1895, 1.1742], [0.19, 1.1742], [0.191, 1.1723],
               [0.1503, 1.1995], [0.0885, 1.2396], [0.0346, 1.2195], [0.0311, 1.2317], [0.064, 1.2505],
               [0.0557, 1.2209], [np.nan, np.nan], [0.0496, 1.1664], [0.0467, 1.1452], [0.0442, 1.1182],
               [0.0394, 1.0976]]
SCRATCH1_10 = [[2.3098, 1.1899], [2.3112, 1.1897], [2.3134, 1.1891], [2.3096, 1.1915], [2.3106, 1.1905],
               [2.3093, 1.1898], [2.3114, 1.1939], [2.3471, 1.2037], [2.443, 1.2399], [2.5216, 1.2157],
               [2.4834, 1.2476], [2.4987, 1.2147], [2.5067, 1.1793], [2.4881, 1.1499], [2.4743, 1.1225],
               [2.4595, 1.0929], [2.4472, 1.0691], [2.4287, 1.037], [2.4127, 1.0142]]


def _cushions(xy: list[list[float]], t0: float, tol: float = TOL) -> list[tuple[float, str]]:
    t = t0 + DT * np.arange(len(xy))
    path = fit_path(6, t, np.array(xy, dtype=float), tolerance=tol)
    assert path is not None
    ctx = ShotContext(G, DT, float(t[0]), float(t[-1]), {6}, set())
    return [(e.t, e.rail) for e in infer_events({6: path}, ctx)[0] if e.type == "cushion" and e.rail is not None]


def test_a_rattle_keeps_its_second_contact_with_one_rail() -> None:
    got = _cushions(SCRATCH5_6, 1.5)
    truth = [(1.719, "left"), (1.7519, "foot"), (1.7892, "left")]
    assert [r for _, r in got] == [r for _, r in truth], got
    assert max(abs(a - b) for (a, _), (b, _) in zip(got, truth, strict=True)) < 2 * DT, got


def test_a_turn_between_two_sightings_at_the_nose_is_a_contact() -> None:
    got = _cushions(SCRATCH10_9, 1.7)
    truth = [(1.9015, "right"), (1.9462, "head"), (1.9984, "right")]
    assert [r for _, r in got] == [r for _, r in truth], got
    assert max(abs(a - b) for (a, _), (b, _) in zip(got, truth, strict=True)) < 2 * DT, got


def test_a_ball_seen_off_a_cushion_and_back_at_it_met_it_twice() -> None:
    got = _cushions(SCRATCH1_10, 1.6, 4.5 * (G.length + 2 * G.rail_width) / 1920)
    truth = [(1.8657, "right"), (1.9018, "foot"), (1.9358, "right"), (1.9915, "foot")]
    assert [r for _, r in got] == [r for _, r in truth], got
    assert max(abs(a - b) for (a, _), (b, _) in zip(got, truth, strict=True)) < 2 * DT, got
