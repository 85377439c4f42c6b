"""Which end is the head: found from the rack, the one arrangement whose place on the table is fixed.

A rack (9-ball diamond, 10-ball or 15-ball triangle) sits on the foot spot, so a tight group of six or more
balls near one end marks the foot and the head is the other end. Without a rack the image cannot tell the ends
apart (the table is symmetric) and the caller keeps its default or the user's ``--head``.
"""

from __future__ import annotations

import numpy as np

from vision.calibration import TableCalibration
from vision.types import BallObservations

MIN_RACK = 6  # balls



def find_rack(xy: np.ndarray, ball_diameter: float) -> np.ndarray | None:
    """Centroid (table metres) of the largest tight group of >= MIN_RACK balls, or None."""
    xy = np.asarray(xy, dtype=float).reshape(-1, 2)
    if len(xy) < MIN_RACK:
        return None
    d = np.linalg.norm(xy[:, None] - xy[None], axis=-1)
    near = d < 1.25 * ball_diameter
    # grow groups through touching neighbours (connected components of the "touching" graph)
    label = -np.ones(len(xy), int)
    best: np.ndarray | None = None
    for i in range(len(xy)):
        if label[i] >= 0:
            continue
        stack, members = [i], []
        label[i] = i
        while stack:
            j = stack.pop()
            members.append(j)
            for k in np.flatnonzero(near[j] & (label < 0)):
                label[k] = i
                stack.append(int(k))
        if len(members) >= MIN_RACK and (best is None or len(members) > len(best)):
            best = np.array(members)
    return None if best is None else xy[best].mean(axis=0)


def head_from_rack(cal: TableCalibration, obs: BallObservations) -> str | None:
    """The image side of the head rail, judged from a rack in ``obs``; None when there is no rack."""
    g = cal.geometry
    centre = find_rack(obs.xy, 2 * g.ball_radius)
    if centre is None or abs(centre[0] - g.length / 2) < g.length / 8:
        return None
    if centre[0] > g.length / 2:  # the rack is at the foot already: the head is where the calibration put it
        return cal.head
    return {"left": "right", "right": "left", "top": "bottom", "bottom": "top"}[cal.head]
