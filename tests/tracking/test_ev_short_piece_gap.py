"""A fast bounce between two sightings where a piece beside them has only two sightings (ho13 rails-231, 30/720p,
opened after the thirteenth-round measurement: the cue ball at 4.5 m/s into the foot cushion after the (0, 14)
collision at 2.482 s; its bounce at 2.550 s falls between the sightings at 2.533 s and 2.567 s, a two-sighting chord
spans it, and the kinks beside that chord lie 56 and 40 mm off the nose, so neither the kink rule nor
``_gap_bounce`` (three sightings a side) took it, and the collision 1.5 frames before the first kink kept
``_corner_pair`` off it: missed). The move into the first sighting carried on and the move out of the second
carried back both reach the nose inside the gap, 3 ms apart (``events._short_piece_gap``). The clip's sightings,
with a little extra noise, fitted as the pipeline fits them; the collision as the pipeline found it."""

from __future__ import annotations

import numpy as np
import pytest
from madeup import PIPE_TOLERANCE, fit

from adjudicator.records import ShotEvent
from tracking.events import EventConfig, ShotContext, _cushions
from vision.geometry import TableGeometry

G = TableGeometry()
FPS = 30.0
T_FOOT = 2.5501  # pooltool's cue ball on the foot cushion (truth)
HIT = ShotEvent(t=2.4825, type="collision", balls=(0, 14), confidence=0.45)  # the pipeline's (truth 2.4823)

# the cue ball's sightings from 2.3333 s, one a frame (the collision at 2.482 s bends them a little)
CUE = np.array([[1.6572, 0.0463], [1.8007, 0.0823], [1.9424, 0.1144], [2.0855, 0.1454], [2.2224, 0.1778],
                [2.3438, 0.2266], [2.4581, 0.2941], [2.4710, 0.3656], [2.3816, 0.4540], [2.2936, 0.5376],
                [2.2095, 0.6232], [2.1267, 0.7080], [2.0468, 0.7916]])
# the 14 it struck, at rest until then
FOURTEEN = np.array([[2.3107, 0.1410]] * 5 + [[2.3225, 0.1202], [2.3463, 0.0812], [2.3698, 0.0419], [2.3843, 0.0427],
                                              [2.3971, 0.0688], [2.4076, 0.0926], [2.4153, 0.1142], [2.4248, 0.1384]])


def _feet(balls: dict[int, np.ndarray], seed: int, sigma: float = 0.0003) -> list[float]:
    t = 2.3333 + np.arange(len(CUE)) / FPS
    paths = fit(balls, t, seed, sigma, PIPE_TOLERANCE)
    assert [pc.n for pc in paths[0].pieces] == [6, 2, 5]  # the chord across the bounce, as in the clip
    ctx = ShotContext(G, 1.0 / FPS, 1.7, float(t[-1]), set(balls), set(balls))
    return [e.t for e in _cushions(paths, [HIT], ctx, EventConfig()) if e.ball == 0 and e.rail == "foot"]


@pytest.mark.parametrize("seed", range(4))
def test_a_bounce_beside_a_two_sighting_chord_is_a_contact(seed: int) -> None:
    feet = _feet({0: CUE, 14: FOURTEEN}, seed)
    assert len(feet) == 1, feet
    assert abs(feet[0] - T_FOOT) < 0.005, feet


@pytest.mark.parametrize("seed", range(4))
def test_a_ball_beside_the_gap_may_have_turned_it(seed: int) -> None:
    # a ball resting just behind where the cue ball is seen after the turn, all but touching it: a collision the
    # pipeline missed may have turned it there, not the cushion
    blocker = np.tile(CUE[7] + 2.05 * G.ball_radius * np.array([1.0, 0.0]), (len(CUE), 1))
    assert not _feet({0: CUE, 14: FOURTEEN, 7: blocker}, seed)
