"""A resting ball hit and seen resting in its place long after (tenth round, after the freeze): the struck-and-gone
rule follows a struck ball never seen moving along the kick; a ball still seen on its resting piece frames after the
hit did not leave, even when the shot's last frames miss it (an arm over it). Modelled on ho10 break-14.1-200,
60/720p: the rack's apex ball, hit by the cue, stayed in the rack and was called pocketed in head-right."""

from __future__ import annotations

import numpy as np
from madeup import run

from adjudicator.facts import derive
from adjudicator.records import Shot, ShotEvent
from vision.geometry import TableGeometry

G = TableGeometry()
R = G.ball_radius


def facts(events: list[ShotEvent]):
    return derive(Shot(shot=1, t_start=0.0, t_end=3.0, before={}, after={}, events=events))


def test_a_ball_hit_and_seen_resting_in_its_place_after_is_not_pocketed() -> None:
    for fps in (30.0, 60.0):
        t = np.arange(0.0, 3.0, 1.0 / fps)
        p7 = np.array([0.6, 0.9])
        target = np.asarray(next(p.centre for p in G.pockets if p.name == "head-right"))
        u = (target - p7) / np.linalg.norm(target - p7)  # the kick's line runs into head-right
        contact = p7 - 2 * R * u
        t_hit = 1.0 + 0.3 / fps
        for seed in range(3):
            # the cue ball runs in at 2 m/s and stops dead at the contact; the 7 stays (frozen against others)
            cue = contact[None] + np.minimum(t - t_hit, 0.0)[:, None] * 2.0 * u[None]
            cue[t < 0.5] = cue[np.flatnonzero(t >= 0.5)[0]]
            seven = np.tile(p7, (len(t), 1))
            seven[t > 2.8] = np.nan  # an arm over it in the shot's last frames
            ev = run({0: cue, 7: seven}, t, {0}, seed, fps=fps)
            f = facts(ev)
            assert f.first_contact == 7, (fps, seed)
            assert f.pocket_of == {} and f.off_table == (), (fps, seed, f.pocket_of, f.off_table)
