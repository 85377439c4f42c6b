"""Rendered test scenes (C's renderer, ``cueref.synth``): a camera, a cloth and a layout, with the truth."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import numpy as np
from scipy.optimize import linear_sum_assignment

from cueref.synth import CameraModel, RenderStyle, TableScene, render_frame
from vision.detect import BallDetector
from vision.geometry import BALL_RADIUS, TableGeometry
from vision.types import BallObservations, Frame

FIXTURES = Path(__file__).parent / "fixtures"
LAYOUTS = json.loads((FIXTURES / "detector_layouts.json").read_text())


def layout(name: str) -> np.ndarray:
    """(16, 2) positions, NaN for absent balls."""
    g = TableGeometry()
    spec = LAYOUTS["layouts"][name]
    pos = np.full((16, 2), np.nan)
    if spec in ("rack15", "rack9"):
        n = 15 if spec == "rack15" else 9
        ids = list(range(1, 16)) if n == 15 else list(range(1, 10))
        pos[ids] = np.array(g.rack_positions(n))
        pos[0] = (g.head_string_x / 2, g.width / 2 + 0.1)
        return pos
    for k, xy in spec.items():
        pos[int(k)] = xy
    return pos


# the seed of every cached scene's sensor-noise bank (see ``scene``)
NOISE_BANK_SEED = 0


@lru_cache(maxsize=16)
def scene(cloth: str = "blue", resolution: tuple[int, int] = (1280, 720), head: str = "left",
          k1: float = 0.0) -> TableScene:
    """The overhead test scene, built once per argument set and shared by every test that asks for it.

    A ``TableScene`` draws its four sensor-noise fields lazily, from the generator of the first frame rendered in
    it, and keeps them; a render then takes a window of them by its own generator's next numbers. Shared lazily,
    the fields (and which numbers a render's generator spends on the window) came from whichever test rendered the
    scene first, so a test's noise, and its result, hung on the order the tests ran in. The fields are drawn here,
    from ``NOISE_BANK_SEED``, before the scene is shared: from then on the scene is only read, and a frame's noise
    depends on its own seed alone (the window: one of 4 fields, one of 64 x 64 offsets)."""
    cam = CameraModel.overhead(TableGeometry(), resolution, head=head, k1=k1, tilt_deg=(0.8, -0.5))
    sc = TableScene(cam, RenderStyle(cloth=cloth))
    sc.noise_view(np.random.default_rng(NOISE_BANK_SEED))  # draws the fields; the window it returns is unused
    return sc


def render(name: str, cloth: str = "blue", resolution: tuple[int, int] = (1280, 720), head: str = "left",
           k1: float = 0.0, seed: int = 0, **kw: object) -> tuple[np.ndarray, np.ndarray, TableScene]:
    sc = scene(cloth, resolution, head, k1)
    pos = layout(name)
    img = render_frame(sc, pos, rng=np.random.default_rng(seed), **kw)  # type: ignore[arg-type]
    return img, pos, sc


def render_balls(balls: dict[int, tuple], camera: dict, cloth: str, seed: int = 0,
                 resolution: tuple[int, int] = (1920, 1080)) -> tuple[np.ndarray, np.ndarray, CameraModel]:
    """One frame of ``balls`` (ball: (position, orientation, velocity), as a bench seed's frame dumps them) seen by
    an overhead ``camera`` (``CameraModel.overhead``'s keywords) over ``cloth``: the image, the (16, 2) positions
    (NaN for absent balls) and the camera."""
    cam = CameraModel.overhead(TableGeometry(), resolution, **camera)
    pos = np.full((16, 2), np.nan)
    ori = np.tile(np.eye(3), (16, 1, 1))
    vel = np.zeros((16, 2))
    for b, (p, o, v) in balls.items():
        pos[b], ori[b], vel[b] = p, o, v
    img = render_frame(TableScene(cam, RenderStyle(cloth=cloth)), pos, orientations=ori, velocities=vel,
                       rng=np.random.default_rng(seed))
    return img, pos, cam


def match_balls(truth: np.ndarray, found: np.ndarray) -> tuple[int, int, np.ndarray]:
    """(missed, extra, centre errors in metres) for a one-to-one match of true and found centres within one ball
    radius: the detector tests' one scoring rule."""
    if len(found) == 0:
        return len(truth), 0, np.zeros(0)
    d = np.linalg.norm(truth[:, None] - found[None], axis=-1)
    i, j = linear_sum_assignment(d)
    ok = d[i, j] < BALL_RADIUS
    return len(truth) - int(ok.sum()), len(found) - int(ok.sum()), d[i, j][ok]


def full_pass(camera: CameraModel, image: np.ndarray) -> tuple[BallDetector, BallObservations]:
    """A detector (no identifier, region pass off) after one whole-table search of ``image``, and its observations:
    the recall tests judge the search alone, not the region passes a video's later frames get."""
    det = BallDetector(camera.calibration(), identifier=False)
    det.region_pass = False
    return det, det.detect(Frame(index=0, t=0.0, image=image))


DETECTION_FIELDS = ("xy", "xy_px", "radius_px", "confidence", "id_scores", "streak")


def assert_same_both_ways(name: str, switch: object, frames: int = 3) -> None:
    """``frames`` renders of scene ``name`` (1080p; the noise changes) through two fresh detectors, the first with
    ``switch(False)`` called before it and the second with ``switch(True)``: their observations are the same to the
    bit (the compiled kernels' tests: ``switch`` turns a kernel set on or off)."""
    out = {}
    for on in (False, True):
        switch(on)  # type: ignore[operator]
        sc = render(name, resolution=(1920, 1080), seed=0)[2]
        det = BallDetector(sc.camera.calibration())
        det.region_pass = False
        out[on] = [det.detect(Frame(index=i, t=i / 25, image=render(name, resolution=(1920, 1080), seed=i)[0]))
                   for i in range(frames)]
    assert sum(len(o) for o in out[False]) > 0
    for a, b in zip(out[False], out[True], strict=True):
        for f in DETECTION_FIELDS:
            np.testing.assert_array_equal(np.asarray(getattr(a, f)), np.asarray(getattr(b, f)), err_msg=f)
