"""A cue ball unseen from its strike until it comes back off the ball it hit: its rebound line, carried back, runs
into that ball, and the contact is there, however that ball went on (``events._hidden_strike``, t21e). Modelled on
ho19 break-9-290 at 30/1080p (dev): the cue ball, unseen from the strike (2.07 s) to 2.2 s, rebounded off the 1; the
1, kissed back by the 2 and the 4 at once, left at 120 deg to the line of centres, so the hidden-contact search
(a ball setting off along the line of centres, within 25 deg) passed it over and took the 4, whose 2R point lay on
the rebound line beyond the 1 (0 deg): first contact 4 for 1. Made-up tracks, fitted straight (no tracker)."""

from __future__ import annotations

import numpy as np
from madeup import run

from vision.geometry import TableGeometry

G = TableGeometry()
R = G.ball_radius
FPS = 30.0
T = np.round(np.arange(46) / FPS, 4)
T_HIT = 0.6  # the cue ball, struck at 0.5 s from P0, meets A; unseen from the strike until 0.6333 s
P0 = np.array([0.60, 0.635])
A = np.array([1.90, 0.635])
C = A - [2 * R, 0.0]  # where the cue ball touched A
BACK = np.array([1.0, -0.3]) / np.hypot(1.0, -0.3)  # the rebound line carried back (into A)
Q = C + 0.07 * BACK  # 7 cm back along it, 2 cm deep in A: 2R from B
B = Q + 2 * R * np.array([0.6, -0.8])


def _tracks(a: np.ndarray, a_dir: np.ndarray) -> dict[int, np.ndarray]:
    cue = np.full((len(T), 2), np.nan)
    cue[T <= 0.5] = P0
    after = T > T_HIT + 0.01
    cue[after] = C + np.outer(T[after] - T_HIT, [-1.0, 0.3])
    moved = T > T_HIT
    ta = np.tile(a, (len(T), 1))
    ta[moved] = a + np.outer(T[moved] - T_HIT, 0.9 * a_dir / np.hypot(*a_dir))
    tb = np.tile(B, (len(T), 1))
    tb[moved] = B + np.outer(T[moved] - T_HIT, [0.6, -0.8])  # off along B's line of centres from Q
    return {0: cue, 1: ta, 4: tb}


def _first(a: np.ndarray, a_dir: np.ndarray) -> tuple[int, ...] | None:
    hits = [e for e in run(_tracks(a, a_dir), T, {0, 1, 4}, sigma=0.0005)
            if e.type == "collision" and e.balls and 0 in e.balls]
    return hits[0].balls if hits else None


def test_the_ball_the_rebound_line_runs_into_is_the_contact_whichever_way_it_went() -> None:
    assert _first(A, np.array([-0.4, 0.9])) == (0, 1)  # A kissed back across the line, as the break's 1


def test_with_no_ball_on_the_rebound_line_the_one_set_off_along_its_line_of_centres() -> None:
    # A 20 cm off the line (set moving at the same moment by something else): B is still the cue ball's contact
    assert _first(A + [0.0, 0.20], np.array([-0.4, 0.9])) == (0, 4)
