"""A cue lying on the cloth with its rounded butt near a cushion (dev seeds 603, 558 of ``bench/vision.py``): the
butt's round end votes like a ball's outline and was kept as a ball in every frame. ``_bar_end`` drops an outline
spot at the end of a straight bar; a ball at the cue's tip, or beside its shaft, stays found."""

from __future__ import annotations

import numpy as np
import pytest
from vision_scenes import match_balls, render, scene

from cueref.synth import Occluder, render_frame
from vision.detect import BallDetector
from vision.types import Frame

HD = (1920, 1080)
# (cloth, butt, tip): 603's and 558's cues, their butts 44 and 55 mm from a long cushion
CUES = [("blue", (1.3725, 0.0441), (0.3367, 0.6501)), ("green", (1.3712, 1.2152), (0.1792, 1.0772))]
# Blue's first frame kept the butt as a ball 18 mm inside its end (and the detector then kept it in the next two):
# its rings' not-cloth run was 7 samples wide at 1.5 radii, 1.37 radii, over ``bar_width`` 1.3. About one noise draw
# in seven of that frame did so (7 of 48 probed). Since the renderer bounds the cloth at the noses' height, this
# frame's draw no longer does; the weakness of ``_bar_end`` for such a draw remains (see docs/VISION.md).
BUTT_CASES = CUES


@pytest.mark.parametrize(("cloth", "butt", "tip"), BUTT_CASES)
def test_a_cue_butt_near_a_cushion_is_not_a_ball(cloth: str, butt: tuple, tip: tuple) -> None:
    occ = [Occluder(butt, tip, 0.014, 0.0065, height=0.05, kind="cue")]
    det = None
    for seed in range(3):
        img, _, scene = render("empty", cloth=cloth, resolution=HD, seed=seed, occluders=occ)
        det = det or BallDetector(scene.camera.calibration(), identifier=False)
        det.region_pass = False
        obs = det.detect(Frame(index=seed, t=seed / 25, image=img))
        # (a streak along the shaft, kind 6, is another matter: green's third render has one 0.5 m from the butt)
        assert not (np.linalg.norm(obs.xy - butt, axis=1) < 0.1).any(), obs.xy


@pytest.mark.parametrize(("cloth", "butt", "tip"), CUES)
def test_a_ball_at_the_cue_tip_and_one_beside_the_shaft_stay_found(cloth: str, butt: tuple, tip: tuple) -> None:
    b, t = np.array(butt), np.array(tip)
    d = (t - b) / np.linalg.norm(t - b)
    n = np.array([-d[1], d[0]])
    pos = np.full((16, 2), np.nan)
    pos[0] = t + d * 0.032  # the cue ball just past the tip
    pos[6] = b + d * 0.35 + n * 0.06  # a ball beside the shaft, 2 cm clear of it
    occ = [Occluder(butt, tip, 0.014, 0.0065, height=0.05, kind="cue")]
    sc = scene(cloth, HD)
    img = render_frame(sc, pos, rng=np.random.default_rng(0), occluders=occ)
    obs = BallDetector(sc.camera.calibration(), identifier=False).detect(Frame(index=0, t=0.0, image=img))
    missed, _, _ = match_balls(pos[[0, 6]], obs.xy)
    assert missed == 0  # (green's butt is then a distance peak, not an outline spot: still kept, see VISION.md)
