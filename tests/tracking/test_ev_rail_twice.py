"""Two contacts with one cushion 61 ms apart, with a collision between that was not found (ho10
eight-ball-rack-110, 30/720p: the 9 met the right cushion at 2.379 s, came off it into the 4 at 2.406 s, which
sent it back into the right cushion at 2.440 s). Both contacts were found, but the three-frame merge of one
ball's contacts with one rail (and the hugging rule, which wants the ball seen well off the rail between) kept
only the first. A whole piece between the two that starts well off the rail and heads into it shows the ball was
turned back: the second is a contact of its own (``events._back_into_between``). The clip's sightings, with a
little extra noise, fitted as the pipeline fits them."""

from __future__ import annotations

import numpy as np
import pytest
from madeup import PIPE_TOLERANCE, run

FPS = 30.0
T_RIGHT = (2.379, 2.440)  # pooltool's two right-cushion contacts (truth)

# the 9's sightings from 2.1667 s, one a frame: off the head cushion toward the right one; at 2.4 s 38 mm off it
# (after its first contact and the 4), at 2.4333 s 8 mm off it (on its way back in), then away
SEEN = np.array([[0.1472, 0.7714], [0.2448, 0.8469], [0.3417, 0.9204], [0.4361, 0.9938], [0.5276, 1.0682],
                 [0.6186, 1.1423], [0.7058, 1.2152], [0.7971, 1.2036], [0.8073, 1.2330], [0.8168, 1.2154],
                 [0.8290, 1.1864], [0.8412, 1.1578], [0.8539, 1.1324], [0.8665, 1.1099], [0.8799, 1.0876],
                 [0.8950, 1.0644], [0.9071, 1.0410], [0.9213, 1.0192]])


def _events(seen: np.ndarray, seed: int, sigma: float = 0.0003):
    t = 2.1667 + np.arange(len(seen)) / FPS
    tracks = {0: np.tile([2.0, 0.4], (len(t), 1)), 9: seen}
    return run(tracks, t, {0, 9}, seed, sigma, tolerance=PIPE_TOLERANCE, t_start=2.0)


@pytest.mark.parametrize("seed", range(4))
def test_a_ball_turned_back_into_a_cushion_two_frames_later_touched_it_twice(seed: int) -> None:
    ev = _events(SEEN, seed)
    rights = sorted(e.t for e in ev if e.type == "cushion" and e.ball == 9 and e.rail == "right")
    assert len(rights) == 2, ev
    assert all(abs(a - b) < 2 / FPS for a, b in zip(rights, T_RIGHT, strict=True)), rights


@pytest.mark.parametrize("seed", range(4))
def test_a_ball_off_a_cushion_and_away_touched_it_once(seed: int) -> None:
    # the same arrival, but off the cushion and away along the line it left on (no turn back in between)
    seen = SEEN.copy()
    v = seen[7] - seen[6] + np.array([0.0, -0.03])
    seen[7:] = seen[7] + np.arange(len(seen) - 7)[:, None] * v
    ev = _events(seen, seed)
    rights = [e.t for e in ev if e.type == "cushion" and e.ball == 9 and e.rail == "right"]
    assert len(rights) == 1, ev
