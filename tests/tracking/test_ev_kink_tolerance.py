"""A bounce between two sightings puts the kink between the pieces off the nose (ho13 eight-ball-rack-113, 30/720p,
opened after the thirteenth-round measurement: the cue ball off the break, 1.6 m/s into the right cushion in
side-right's mouth at 2.874 s, between the sightings at 2.867 s and 2.900 s; the kink of its pieces lies 10.0 mm
beyond one radius from the nose, just past ``rail_tolerance``: missed). ``EventConfig.kink_tolerance`` (15 mm) lets
the kink rule take it. The clip's sightings, with a little extra noise, fitted as the pipeline fits them."""

from __future__ import annotations

import numpy as np
import pytest
from madeup import PIPE_TOLERANCE, fit

from tracking.events import EventConfig, ShotContext, _cushions
from vision.geometry import TableGeometry

G = TableGeometry()
FPS = 30.0
T_RIGHT = 2.8739  # pooltool's cue ball on the right cushion (truth)

# the cue ball's sightings from 2.6667 s, one a frame
CUE = np.array([[1.4717, 0.9269], [1.4476, 0.9787], [1.4243, 1.0290], [1.4004, 1.0805], [1.3771, 1.1317],
                [1.3539, 1.1830], [1.3313, 1.2303], [1.2948, 1.2336], [1.2524, 1.2264], [1.2136, 1.2224],
                [1.1748, 1.2183], [1.1359, 1.2169], [1.0995, 1.2170], [1.0627, 1.2185], [1.0274, 1.2218],
                [0.9910, 1.2244], [0.9550, 1.2259], [0.9183, 1.2287], [0.8831, 1.2305], [0.8476, 1.2341],
                [0.8116, 1.2370], [0.7762, 1.2389], [0.7409, 1.2403]])


def _rights(cfg: EventConfig, seed: int, sigma: float = 0.0003) -> list[float]:
    t = 2.6667 + np.arange(len(CUE)) / FPS
    tracks = {0: CUE, 1: np.tile([1.0, 0.5], (len(t), 1))}
    paths = fit(tracks, t, seed, sigma, PIPE_TOLERANCE)
    ctx = ShotContext(G, 1.0 / FPS, 2.5, float(t[-1]), set(tracks), set(tracks))
    return [e.t for e in _cushions(paths, [], ctx, cfg) if e.ball == 0 and e.rail == "right"]


@pytest.mark.parametrize("seed", range(4))
def test_a_kink_just_past_the_rail_tolerance_is_a_contact(seed: int) -> None:
    rights = _rights(EventConfig(), seed)
    assert len(rights) == 1, rights
    assert abs(rights[0] - T_RIGHT) < 2 / FPS, rights


@pytest.mark.parametrize("seed", range(4))
def test_without_the_wider_kink_tolerance_it_is_missed(seed: int) -> None:
    # the same sightings with the kink rule held to rail_tolerance: no rule takes it (the case this tolerance is for)
    assert not _rights(EventConfig(kink_tolerance=EventConfig().rail_tolerance), seed)
