"""Two cushions two frames apart where the piece before the first kink never reaches the second rail (ho9
rails-191, 30/720p: the cue ball at 6.5 m/s off the foot cushion at 1.735 s and the right one at 1.810 s, with two
sightings between). ``events._corner_pair`` timed the second rail's contact at the first kink, 75 ms early, and
the right contact's own kink was merged into it: a miss and a false contact. The piece after the second kink,
carried back, leaves that rail where the contact was. The clip's sightings, with a little extra noise, fitted as
the pipeline fits them."""

from __future__ import annotations

import numpy as np
import pytest
from madeup import FPS, PIPE_TOLERANCE, run

T_FOOT, T_RIGHT = 1.735, 1.810  # pooltool's contacts (truth)

# the cue ball's sightings from 1.5 s, one a frame (struck about 1.58 s)
CUE = np.array([[1.5307, 0.5768], [1.5297, 0.5764], [1.5296, 0.5762], [1.6545, 0.6253], [1.8705, 0.7084],
                [2.0866, 0.7928], [2.3008, 0.8754], [2.5122, 0.9582], [2.3650, 1.0729], [2.2039, 1.1972],
                [2.0601, 1.1759], [1.9305, 1.0810], [1.8025, 0.9866], [1.6740, 0.8926], [1.5498, 0.8006],
                [1.4239, 0.7095], [1.3012, 0.6214]])


@pytest.mark.parametrize("seed", range(4))
def test_the_second_rail_of_a_corner_pair_is_timed_where_the_later_piece_left_it(seed: int) -> None:
    pre = 10
    t = 1.5 + (np.arange(len(CUE) + pre) - pre) / FPS
    tracks = {0: np.concatenate([np.tile(CUE[0], (pre, 1)), CUE]), 1: np.tile([0.5, 0.3], (len(t), 1))}
    ev = run(tracks, t, {0, 1}, seed, 0.0003, tolerance=PIPE_TOLERANCE, t_start=1.5667)
    cushions = sorted((e.rail, e.t) for e in ev if e.type == "cushion" and e.ball == 0)
    assert [r for r, _ in cushions] == ["foot", "right"], ev
    assert abs(cushions[0][1] - T_FOOT) < 2 / FPS and abs(cushions[1][1] - T_RIGHT) < 2 / FPS, cushions
