"""Inside a pocket's mouth a contact belongs to the rail whose nose line is nearest, judged where the
better-observed piece puts the kink: a ball that rattles off one jaw and then the other a frame later leaves a
chord of two sightings between them, and that chord carried back misplaces the first contact (dev vision bank-3 at
30 fps: the head jaw of head-left, read as the left rail). Made-up track after that clip's truth, fitted straight."""

from __future__ import annotations

import numpy as np
import pytest

from tracking.events import ShotContext, infer_events
from tracking.paths import fit_path
from vision.geometry import TableGeometry

G = TableGeometry()
FPS = 30.0


def _polyline(t: np.ndarray, knots: list[tuple[float, float, float]]) -> np.ndarray:
    """Positions at ``t`` along straight legs between (time, x, y) knots; at rest outside them."""
    kt = np.array([k[0] for k in knots])
    return np.stack([np.interp(t, kt, [k[1] for k in knots]), np.interp(t, kt, [k[2] for k in knots])], axis=1)


@pytest.mark.parametrize("seed", range(4))
def test_a_rattle_off_the_head_jaw_then_the_left_one_starts_on_the_head_rail(seed: int) -> None:
    # along the left rail into head-left: off the head jaw (x 23.5 mm, inside the mouth) at 3.2099 s, off the left
    # jaw at 3.2472 s, and back out along the head rail
    t = np.arange(0, 150) / FPS
    one = _polyline(t, [(2.70, 1.2433, 0.1601), (2.998, 0.5040, 0.0286), (3.2099, 0.0235, 0.0673),
                        (3.2472, 0.0745, 0.0290), (3.40, 0.1090, 0.2100), (4.2, 0.2000, 0.6500)])
    cue = np.tile([1.5, 0.8], (len(t), 1))
    rng = np.random.default_rng(seed)
    paths = {b: fit_path(b, t, xy + rng.normal(0.0, 0.0015, xy.shape), tolerance=0.00675)
             for b, xy in ((0, cue), (1, one))}
    ctx = ShotContext(G, 1.0 / FPS, 2.6, float(t[-1]), {0, 1}, {0, 1})
    ev = [e for e in infer_events(paths, ctx)[0] if e.type == "cushion" and 3.1 < e.t < 3.3]
    assert ev, seed
    assert ev[0].rail == "head", [(round(e.t, 4), e.rail) for e in ev]
    assert abs(ev[0].t - 3.2099) < 1.0 / FPS
