"""A ball off a corner's side jaw and on into that corner at 0.2 m/s (ho16 break-9-260's 2, 60/1080p: its real
detections, no noise added; truth: the right jaw at 3.481 s, then the drop into foot-right at 3.825 s). The detector
places it 26-35 mm off the right nose where it ran 25-27 mm off, with a four-frame stall; the piece through those
sightings ends heading into the rail at 8 cm/s though the sightings never close on it, and the kink onto the next
piece (leaving along the rail), 77 mm from the pocket's centre, was read as a jaw turning it back off the rail: a
second right contact (``_sightings_close_in``). tracking.paths and tracking.events alone."""

from __future__ import annotations

import numpy as np
from madeup import sighted_cushions

FPS = 60.0
T = np.round(3.2 + np.arange(37) / FPS, 4)
XY = np.array([[2.407, 1.1758], [2.4122, 1.1797], [2.4137, 1.1831], [2.4183, 1.1883], [2.4218, 1.1916],
               [2.4267, 1.1973], [2.429, 1.2003], [2.4308, 1.2055], [2.4348, 1.2088], [2.4387, 1.2121],
               [2.4416, 1.2171], [2.4458, 1.2213], [2.4508, 1.2227], [2.4508, 1.2272], [2.456, 1.2322],
               [2.4627, 1.2365], [2.4642, 1.2406], [2.4672, 1.244], [2.4687, 1.2413], [2.4742, 1.243],
               [2.4867, 1.2413], [2.4914, 1.2435], [2.4957, 1.2419], [2.4941, 1.2381], [2.4953, 1.2352],
               [2.4954, 1.2423], [2.5008, 1.239], [2.5088, 1.2402], [2.5107, 1.2411], [2.5139, 1.2417],
               [2.5168, 1.2398], [np.nan, np.nan], [np.nan, np.nan], [np.nan, np.nan], [np.nan, np.nan],
               [np.nan, np.nan], [2.5336, 1.2401]])


def test_running_on_into_a_corners_mouth_after_its_jaw_is_one_contact() -> None:
    got = sighted_cushions(2, T, XY, fps=FPS)
    # truth: right at 3.4809 only (found at 3.4997, within the scoring's 50 ms); the kink at 3.668, 77 mm from
    # foot-right's centre, came of the detector's scatter over the opening
    assert any(r == "right" and abs(t - 3.4809) < 0.05 for t, r in got), got
    assert [r for t, r in got] == ["right"], got

