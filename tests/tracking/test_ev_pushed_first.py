"""A cue ball struck from 1.2 cm beside a ball pushes it first (issue 5, first contact; ``events._pushed_first``).
Held-out ho35 straight-pool-run-127 at 39.51 s, 30/720p (now dev), the two balls' sightings: a re-rack break with
the cue ball 1.2 cm from the 2. The cue ball was seen once 9.5 mm into the 2, then coming back off it; its resting
piece took both sightings, so its strike kink came 51 ms after the 2 left, and the shot had no first contact."""

from __future__ import annotations

import numpy as np
from madeobs import fitted_events

FPS = 30.0
CUE = [
    (39.0333, 2.14441, 0.4628), (39.0667, 2.14441, 0.4628), (39.1000, 2.14441, 0.4628), (39.1333, 2.14441, 0.4628),
    (39.1667, 2.14441, 0.4628), (39.2000, 2.14441, 0.4628), (39.2333, 2.14441, 0.4628), (39.2667, 2.14441, 0.4628),
    (39.3000, 2.14441, 0.4628), (39.3333, 2.14441, 0.4628), (39.3667, 2.14441, 0.4628),
    (39.4000, 2.14446, 0.46281), (39.4333, 2.1445, 0.46275), (39.4667, 2.14442, 0.4629),
    (39.5000, 2.14438, 0.46294), (39.5333, 2.13859, 0.4705), (39.5667, 2.13913, 0.46693),
    (39.6000, 2.14171, 0.46219), (39.6333, 2.14358, 0.45756), (39.6667, 2.14651, 0.45294),
    (39.7000, 2.14788, 0.44954), (39.7333, 2.14951, 0.44525), (39.7667, 2.15147, 0.44139),
    (39.8000, 2.15304, 0.43624), (39.8333, 2.15472, 0.43271), (39.8667, 2.15615, 0.42807),
    (39.9000, 2.15866, 0.42483), (39.9333, 2.15662, 0.42017), (39.9667, 2.15858, 0.41643),
    (40.0000, 2.16056, 0.41208), (40.0333, 2.16132, 0.40922), (40.0667, 2.16196, 0.40563),
    (40.1000, 2.16349, 0.40244), (40.1333, 2.16454, 0.39927), (40.1667, 2.16592, 0.39645),
]
TWO = [
    (39.0333, 2.10379, 0.52207), (39.0667, 2.10379, 0.52207), (39.1000, 2.10379, 0.52207),
    (39.1333, 2.10379, 0.52207), (39.1667, 2.10379, 0.52207), (39.2000, 2.10379, 0.52207),
    (39.2333, 2.10379, 0.52207), (39.2667, 2.10379, 0.52207), (39.3000, 2.10379, 0.52207),
    (39.3333, 2.10379, 0.52207), (39.3667, 2.10379, 0.52207), (39.4000, 2.10379, 0.52207),
    (39.4333, 2.10379, 0.52207), (39.4667, 2.10379, 0.52207), (39.5000, 2.10379, 0.52207),
    (39.5333, 2.10615, 0.5222), (39.5667, 2.11268, 0.52451), (39.6000, 2.12158, 0.5245),
    (39.6333, 2.1249, 0.52799), (39.6667, 2.131, 0.52643), (39.7000, 2.13568, 0.52492),
    (39.8000, 2.15581, 0.53206), (39.8333, 2.15997, 0.53251), (39.8667, 2.16884, 0.53295),
    (39.9000, 2.17348, 0.53576), (39.9333, 2.17922, 0.53688), (39.9667, 2.18348, 0.53673),
    (40.0000, 2.19006, 0.5387), (40.0333, 2.19508, 0.53949), (40.0667, 2.20106, 0.54158),
    (40.1000, 2.20511, 0.54034), (40.1333, 2.2106, 0.54089), (40.1667, 2.21489, 0.54144),
]


def _sightings(rows: list[tuple[float, float, float]]) -> tuple[np.ndarray, np.ndarray]:
    a = np.array(rows)
    return a[:, 0], a[:, 1:]


def test_the_pushed_ball_is_the_first_contact() -> None:
    events = fitted_events({0: _sightings(CUE), 2: _sightings(TWO)}, FPS, 39.0333, 40.1667)
    strike = next(e for e in events if e.type == "strike")
    first = next(e for e in events if e.type == "collision" and 0 in (e.balls or ()))
    assert first.balls == (0, 2)
    assert abs(first.t - 39.5158) < 0.5 / FPS, "when the 2 left"
    assert strike.t < first.t, "struck before it"


def test_a_ball_further_off_is_not_pushed() -> None:
    # the same 2 set 3 cm further from the cue ball: its move is not the cue ball's push
    t, xy = _sightings(TWO)
    far = xy + np.array([-0.018, 0.024])
    events = fitted_events({0: _sightings(CUE), 2: (t, far)}, FPS, 39.0333, 40.1667)
    assert not any(e.type == "collision" and e.t < 39.55 for e in events)
