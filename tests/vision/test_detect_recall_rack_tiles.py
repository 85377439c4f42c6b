"""BallDetector recall in a rack that is not split and whose distance peaks the clutter test rejects (issue 4,
seventeenth round; vpost16's cause G). Dev seed 152 of ``bench/vision.py``, frame 22: a full rack on red cloth (the
maroon 7 and 15 of its colour) with six balls blurred by motion at 2.6-2.9 m/s. The smears and the cloth-coloured
balls fray the blob's outline, so no count of a cluster split follows it; its distance peaks lie beside the balls
that left none, find their rings unexplained and, once they fail, stop vouching for each other: the rack collapses
(main: 4 of its balls lost here, 9 in the bench's running detector). ``_rack_tiles`` lets the rejected peaks and
outline spots that tile such a blob vouch for each other. The scene is seed 152's balls with frame 22's spins."""

from __future__ import annotations

import numpy as np
import pytest
from vision_scenes import match_balls, render_balls

from vision.detect import BallDetector
from vision.types import Frame

CAMERA = {"tilt_deg": (-0.47883, -0.90110), "roll_deg": 0.07720, "k1": -0.03663, "head": "left", "fill": 0.89891}
FRAME22 = {
    0: ((0.54756, 0.58256), [[-0.06059, -0.84188, -0.53625], [0.93911, -0.23012, 0.25518], [-0.33823, -0.48813, 0.80456]], (0.00000, 0.00000)),
    1: ((2.00420, 0.57766), [[0.43825, 0.10237, 0.893], [-0.5059, 0.84929, 0.15092], [-0.74297, -0.51791, 0.42399]], (0.00000, 0.00000)),
    2: ((2.10275, 0.57792), [[-0.07418, -0.28548, 0.95551], [-0.9962, -0.02271, -0.08412], [0.04571, -0.95811, -0.28271]], (0.21855, 2.73878)),
    3: ((2.10339, 0.63496), [[0.832, 0.55449, 0.01784], [-0.51227, 0.7555, 0.40841], [0.21298, -0.34894, 0.91262]], (0.00000, 0.00000)),
    4: ((2.10272, 0.74955), [[-0.52418, 0.33584, -0.78259], [0.36345, 0.91929, 0.15106], [0.77015, -0.20525, -0.60393]], (-2.14513, -1.42144)),
    5: ((2.05333, 0.60612), [[0.66174, -0.33183, -0.67231], [0.48153, 0.87543, 0.04188], [0.57466, -0.35145, 0.73909]], (-0.36309, 2.61772)),
    6: ((2.10293, 0.52044), [[-0.88844, 0.40773, -0.21077], [-0.23857, -0.80252, -0.54686], [-0.39211, -0.43557, 0.81026]], (1.57527, 2.48456)),
    7: ((2.00422, 0.63503), [[0.56762, 0.42993, 0.70212], [-0.76473, 0.59122, 0.25621], [-0.30495, -0.68236, 0.66437]], (0.00000, 0.00000)),
    8: ((2.05318, 0.72083), [[-0.61247, -0.30529, 0.72917], [0.00774, -0.92469, -0.38065], [0.79046, -0.22749, 0.5687]], (0.00000, 0.00000)),
    9: ((1.95473, 0.66321), [[-0.8479, -0.34273, 0.40447], [-0.12227, -0.61594, -0.77825], [0.51586, -0.70933, 0.48035]], (0.00000, 0.00000)),
    10: ((2.00414, 0.69257), [[-0.12033, 0.97934, -0.16252], [-0.41383, 0.09933, 0.90492], [0.90237, 0.17615, 0.39333]], (0.00000, 0.00000)),
    11: ((2.05324, 0.66301), [[0.33165, 0.90291, -0.27342], [0.52765, -0.41779, -0.73962], [-0.78204, 0.10102, -0.61498]], (2.03102, 2.11374)),
    12: ((1.95440, 0.60620), [[0.37457, 0.91479, 0.15118], [-0.15016, 0.22074, -0.9637], [-0.91496, 0.33828, 0.22005]], (0.00000, 0.00000)),
    13: ((2.10367, 0.69203), [[0.11359, -0.91253, -0.39292], [-0.98035, -0.03873, -0.19345], [0.16131, 0.40717, -0.899]], (-1.63583, 2.10027)),
    14: ((2.05365, 0.54925), [[0.05436, -0.95369, -0.29585], [-0.41234, -0.29129, 0.86321], [-0.90941, 0.07507, -0.40908]], (0.00000, 0.00000)),
    15: ((1.90475, 0.63479), [[-0.08579, 0.72821, 0.67997], [-0.91483, -0.3279, 0.23574], [0.39462, -0.60183, 0.69431]], (0.00000, 0.00000)),
}



@pytest.mark.parametrize("noise", [0, 1])
def test_a_collapsed_rack_is_found_by_its_peaks_tiling_it(noise: int) -> None:
    img, pos, cam = render_balls(FRAME22, CAMERA, "red", seed=noise)
    det = BallDetector(cam.calibration(), identifier=False)
    det.region_pass = False
    obs = det.detect(Frame(index=0, t=0.0, image=img))
    missed, extra, _ = match_balls(pos[np.isfinite(pos[:, 0])], obs.xy)
    assert missed == 0 and extra == 0
