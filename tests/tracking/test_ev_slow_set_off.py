"""A resting ball set off slowly is hit where its hitter reaches it, not at its late kink (held-out
eight-ball-rack-111, 30/720p, 28.0-29.3 s: the 11, struck by the cue ball, rolls into the resting 15 at 28.389 s
and stops; the 15 creeps off at 1-2 mm a frame, under the tracker's piece tolerance, so its resting piece runs on to
28.567 s and ``events._collisions``' fallback gave its departure to the cue ball, passing then, at 0.45. The cue
ball, creeping at ~0.1 m/s, meets the resting 13 at 28.946 s; the 13's resting piece runs on to 29.067 s and the
contact was timed there, +113 ms). ``events._set_off`` finds where each left its place and
``events._slow_set_offs`` times the hit where the hitter's path reaches 2R from it. The clip's sightings, with a
little extra noise, fitted as the pipeline fits them."""

from __future__ import annotations

import numpy as np
import pytest

from tracking.events import EventConfig, ShotContext, _held, _kinks, _set_off, infer_events
from tracking.paths import fit_path
from vision.geometry import TableGeometry

G = TableGeometry()
SIGMA = 0.002  # tracking.shots' noise_sigma: the pipeline's piece tolerance is 4.5 of these
FPS = 30.0
T0 = 28.0
T_11_15 = 28.389  # the clip's truth
T_0_13 = 28.946

# the clip's sightings from 28.0 s, one a frame: the cue ball hits the resting 11 at about 28.17 s
CUE = [[2.2290, 0.6536], [2.2129, 0.6471], [2.1941, 0.6402], [2.1780, 0.6335], [2.1594, 0.6273], [2.1435, 0.6195],
       [2.1389, 0.6138], [2.1351, 0.6078], [2.1298, 0.6009], [2.1252, 0.5943], [2.1199, 0.5889], [2.1152, 0.5824],
       [2.1103, 0.5766], [2.1050, 0.5710], [2.1013, 0.5657], [2.0976, 0.5593], [2.0916, 0.5531], [2.0873, 0.5478],
       [2.0830, 0.5415], [2.0788, 0.5358], [2.0744, 0.5305], [2.0701, 0.5271], [2.0667, 0.5209], [2.0628, 0.5160],
       [2.0586, 0.5139], [2.0547, 0.5125], [2.0498, 0.5094], [2.0444, 0.5094], [2.0402, 0.5091], [2.0372, 0.5088],
       [2.0351, 0.5094], [2.0333, 0.5090], [2.0307, 0.5085], [2.0301, 0.5085], [2.0287, 0.5082], [2.0274, 0.5073],
       [2.0257, 0.5084], [2.0251, 0.5080], [2.0242, 0.5069], [2.0236, 0.5066]]
ELEVEN = [[2.0835, 0.6198], [2.0835, 0.6198], [2.0835, 0.6198], [2.0835, 0.6198], [2.0834, 0.6200], [2.0840, 0.6200],
       [2.0699, 0.6193], [2.0630, 0.6180], [2.0600, 0.6152], [2.0574, 0.6115], [2.0549, 0.6100], [2.0560, 0.6079],
       [2.0550, 0.6062], [2.0535, 0.6049], [2.0531, 0.6042], [2.0522, 0.6037], [2.0516, 0.6032], [2.0511, 0.6034],
       [2.0507, 0.6035], [2.0504, 0.6034], [2.0507, 0.6036], [2.0510, 0.6041], [2.0513, 0.6044], [2.0515, 0.6047],
       [2.0512, 0.6046], [2.0516, 0.6046], [2.0516, 0.6045], [2.0516, 0.6039], [2.0518, 0.6045], [2.0518, 0.6045],
       [2.0518, 0.6045], [2.0518, 0.6045], [2.0518, 0.6045], [2.0517, 0.6043], [2.0517, 0.6043], [2.0516, 0.6043],
       [2.0514, 0.6042], [2.0513, 0.6041], [2.0512, 0.6040], [2.0512, 0.6041]]
THIRTEEN = [[2.0079, 0.4608], [2.0079, 0.4608], [2.0079, 0.4608], [2.0079, 0.4608], [2.0079, 0.4608],
       [2.0079, 0.4608], [2.0079, 0.4608], [2.0079, 0.4608], [2.0079, 0.4608], [2.0079, 0.4608], [2.0079, 0.4608],
       [2.0079, 0.4608], [2.0079, 0.4608], [2.0079, 0.4608], [2.0079, 0.4608], [2.0079, 0.4608], [2.0079, 0.4608],
       [2.0079, 0.4608], [2.0079, 0.4608], [2.0078, 0.4608], [2.0078, 0.4608], [2.0078, 0.4608], [2.0070, 0.4609],
       [2.0073, 0.4613], [2.0070, 0.4609], [2.0073, 0.4608], [2.0078, 0.4613], [2.0093, 0.4616], [2.0086, 0.4612],
       [2.0064, 0.4592], [2.0042, 0.4576], [2.0031, 0.4567], [2.0095, 0.4564], [1.9996, 0.4523], [1.9991, 0.4521],
       [1.9984, 0.4501], [1.9968, 0.4483], [1.9954, 0.4473], [1.9943, 0.4455], [1.9939, 0.4442]]
FIFTEEN = [[2.0125, 0.5676], [2.0125, 0.5676], [2.0125, 0.5676], [2.0125, 0.5676], [2.0125, 0.5676],
       [2.0125, 0.5676], [2.0122, 0.5678], [2.0122, 0.5677], [2.0124, 0.5685], [2.0133, 0.5686], [2.0131, 0.5686],
       [2.0129, 0.5687], [2.0116, 0.5674], [2.0107, 0.5661], [2.0103, 0.5655], [2.0081, 0.5649], [2.0075, 0.5632],
       [2.0066, 0.5629], [2.0059, 0.5613], [2.0055, 0.5611], [2.0055, 0.5610], [2.0045, 0.5601], [2.0038, 0.5596],
       [2.0035, 0.5593], [2.0025, 0.5578], [2.0015, 0.5566], [2.0026, 0.5568], [2.0031, 0.5560], [2.0016, 0.5553],
       [2.0015, 0.5558], [2.0015, 0.5560], [2.0021, 0.5559], [2.0006, 0.5565], [2.0003, 0.5575], [2.0000, 0.5580],
       [1.9994, 0.5597], [1.9998, 0.5594], [1.9995, 0.5598], [1.9987, 0.5606], [1.9988, 0.5607]]


def _paths(seed: int, sigma: float = 0.0003) -> dict:
    pre = 50  # the clip's resting frames before T0 (from 26.33 s), for the balls at rest then
    rng = np.random.default_rng(seed)
    paths = {}
    for b, seen in ((0, CUE), (11, ELEVEN), (13, THIRTEEN), (15, FIFTEEN)):
        rows = ([] if b == 0 else [seen[0]] * pre) + list(seen)
        t = T0 + (np.arange(len(rows)) - (0 if b == 0 else pre)) / FPS
        xy = np.array(rows, dtype=float)
        p = fit_path(b, t, xy + rng.normal(0.0, sigma, xy.shape), tolerance=max(0.003, 4.5 * SIGMA))
        assert p is not None
        paths[b] = p
    return paths


def _events(seed: int, sigma: float):
    ctx = ShotContext(G, 1.0 / FPS, T0, T0 + 39 / FPS, {0, 11, 13, 15}, {0, 11, 13, 15})
    return infer_events(_paths(seed, sigma), ctx, EventConfig())[0]


@pytest.mark.parametrize("seed,sigma", [(0, 0.0), (0, 0.0001), (1, 0.0001)])
def test_a_ball_set_off_slowly_is_hit_where_its_hitter_reaches_it(seed: int, sigma: float) -> None:
    """Fitted as here the 13's resting piece runs on to 29.067 s as the pipeline's did (with more noise it splits
    at 28.99 s by chance and the old timing was right); the 11 and the 15 split on time either way."""
    hits = [e for e in _events(seed, sigma) if e.type == "collision"]
    by = {e.balls: e.t for e in hits}
    assert (0, 13) in by and abs(by[(0, 13)] - T_0_13) < 1.5 / FPS, hits  # was +113 ms
    assert sum(e.balls == (0, 13) for e in hits) == 1, hits
    assert (11, 15) in by and abs(by[(11, 15)] - T_11_15) < 1 / FPS, hits
    assert not any(e.balls == (0, 15) and e.t < T_0_13 for e in hits), hits


@pytest.mark.parametrize("seed", range(4))
def test_jitter_at_rest_is_no_set_off(seed: int) -> None:
    """A resting ball whose sightings stray up to 1.9 mm, then hit cleanly (it moves 3 cm a frame), left when its
    kink says."""
    rng = np.random.default_rng(seed)
    t = T0 + np.arange(40) / FPS
    xy = np.tile([1.0, 0.6], (40, 1)) + rng.uniform(-0.0013, 0.0013, (40, 2))
    xy[30:] = [1.0, 0.6] + np.outer(np.arange(1, 11), [0.03, 0.0])
    p = fit_path(3, t, xy, tolerance=0.009)
    assert p is not None
    cfg = EventConfig()
    tk, pre, _ = _kinks(p)[0]
    assert _set_off(p, _held(pre, cfg, p, tk, 1 / FPS), tk, 1 / FPS, cfg)[0] == tk


@pytest.mark.parametrize("seed", range(4))
def test_a_stray_of_under_two_mm_before_the_hit_is_no_set_off(seed: int) -> None:
    """A quiet resting ball (0.4 mm jitter) whose last three sightings before a clean hit stray 1.2, 1.5 and
    1.9 mm one way, moving away, is still there: a set-off must end twice ``still`` off. With ``_OFF_STILL`` at
    0.9 mm or less this is a set-off (the jitter test above passes with any ``still``: its strays run nowhere)."""
    rng = np.random.default_rng(seed)
    t = T0 + np.arange(40) / FPS
    xy = np.tile([1.0, 0.6], (40, 1)) + rng.uniform(-0.0004, 0.0004, (40, 2))
    xy[27:30] = [[1.0012, 0.6], [1.0015, 0.6], [1.0019, 0.6]]
    xy[30:] = [1.0, 0.6] + np.outer(np.arange(1, 11), [0.03, 0.0])
    p = fit_path(3, t, xy, tolerance=0.009)
    assert p is not None
    cfg = EventConfig()
    tk, pre, _ = _kinks(p)[0]
    assert _set_off(p, _held(pre, cfg, p, tk, 1 / FPS), tk, 1 / FPS, cfg)[0] == tk
