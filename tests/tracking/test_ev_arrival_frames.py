"""A cue ball first seen close beside a resting ball it passed did not hit it when that ball is seen lying in its
place on the next two frames (sixth round). Frame times are kept to 0.1 ms (detections files, the video's clock), so
the second frame on can lie a hair past two frame intervals: the rule counted one sighting, not two, and called a
ball passed 3 mm short hit (ho5 eight-ball-rack-105, 30/720p: the 3 named first for the 5). Made-up sightings fitted
straight (no tracker)."""

from __future__ import annotations

import numpy as np
from madeup import run

from adjudicator.facts import derive
from adjudicator.records import Shot, ShotEvent
from vision.geometry import TableGeometry

G = TableGeometry()
R = G.ball_radius


def facts(events: list[ShotEvent]):
    return derive(Shot(shot=1, t_start=events[0].t, t_end=events[-1].t, before={}, after={}, events=events))


def pass_by(k0: int, gap: float, lead: float = 0.75) -> tuple[np.ndarray, dict[int, np.ndarray]]:
    """The cue ball, struck ``lead`` frame before frame ``k0`` at 3.6 m/s, is first seen ``gap`` (m) short of
    touching the resting 3 beside its line and runs on into the 5 (and stops dead there); frame times rounded to
    0.1 ms."""
    t = np.round(np.arange(k0 - 40, k0 + 50) / 30.0, 4)
    u = np.array([0.975, 0.222])
    c0 = np.array([2.109, 0.867])
    t_s = (k0 - lead) / 30.0
    s1 = 3.6 * (t[40] - t_s)
    first = c0 + s1 * u  # (frame k0 is index 40)
    # the 3 lies (2R + gap) from the first sighting, square to the line, on the far side
    three = first + (2 * R + gap) * np.array([u[1], -u[0]])
    five = c0 + 0.40 * u
    t_hit = t_s + (0.40 - 2 * R) / 3.6
    s = np.clip(3.6 * (t - t_s), 0.0, 3.6 * (t_hit - t_s))
    cue = c0[None] + s[:, None] * u[None]
    tau = np.clip(t - t_hit, 0.0, None)[:, None]
    fv = np.where(tau < 0.6, five[None] + u[None] * 2.0 * (tau - tau ** 2 / 1.2), five[None] + u[None] * 0.6)
    fv[t < t_hit] = five
    return t, {0: cue, 3: np.tile(three, (len(t), 1)), 5: fv}


def test_a_ball_passed_close_and_seen_at_rest_after_was_not_hit() -> None:
    for k0 in (40, 641, 643):  # frame times where 2 * dt falls either side of the rounded second frame
        for gap in (0.002, 0.004):
            for seed in range(3):
                t, tracks = pass_by(k0, gap)
                f = facts(run(tracks, t, {0, 3, 5}, seed))
                assert f.first_contact == 5, (k0, gap, seed, f.first_contact)
