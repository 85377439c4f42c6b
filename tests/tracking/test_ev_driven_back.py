"""A resting ball a little way off a cushion, struck squarely into it, bounces off inside the frame gap after the
hit: its first moving sightings are already farther from the cushion than where it rested, and no kink lies at
the nose (ho9 near-rail-190, every grid: the 4, 14 mm off the right cushion, met it 10 ms after the hit, came back
into the cue ball 16 ms later and left at (0.41, -0.31) m/s; the shot's only rail after contact was missed).
A collision only pushes a resting ball along the line of centres, so a ball driven into a cushion that is then
seen back off it touched it (``events._driven_back_off``). Made-up tracks modelled on the clip, fitted with the
detector's noise (tracking.paths + tracking.events)."""

from __future__ import annotations

import numpy as np
import pytest

from adjudicator.facts import derive
from adjudicator.records import Shot
from tracking.events import EventConfig, ShotContext, infer_events
from tracking.paths import fit_path
from vision.geometry import TableGeometry

G = TableGeometry()
R = G.ball_radius
SIGMA = 0.0015
T_HIT = 2.6427


def _tracks(t: np.ndarray, gap: float, back: bool) -> tuple[np.ndarray, np.ndarray, float]:
    """Cue ball and object ball (resting ``gap`` m off the right cushion's touching line); with ``back`` the
    object ball comes off the cushion at (0.41, -0.31) m/s, else it stays against it. Returns the contact time."""
    p4 = np.array([0.8505, G.width - R - gap])
    v_cue = np.array([0.36, 1.45])
    n = np.array([0.32, 0.95]) / np.hypot(0.32, 0.95)
    p_hit = p4 - 2 * R * n
    cue = np.where((t < T_HIT)[:, None], p_hit + (t - T_HIT)[:, None] * v_cue,
                   p_hit + (t - T_HIT)[:, None] * np.array([-0.37, -0.57]))
    speed = float(v_cue @ n)
    t_c = T_HIT + gap / (speed * n[1])
    at_nose = p4 + (t_c - T_HIT) * speed * n
    out = np.array([0.41, -0.31]) if back else np.array([0.35, 0.0])
    s = np.clip(t - t_c, 0.0, None)[:, None]
    after = at_nose + s * out - 0.5 * 0.2 * s ** 2 * out / np.linalg.norm(out)
    ball = np.where((t < T_HIT)[:, None], p4,
                    np.where((t < t_c)[:, None], p4 + (t - T_HIT)[:, None] * speed * n, after))
    return cue, ball, t_c


def _shot(t: np.ndarray, cue: np.ndarray, ball: np.ndarray, fps: float, seed: int) -> Shot:
    rng = np.random.default_rng(seed)
    paths = {}
    for b, track in ((0, cue), (4, ball)):
        p = fit_path(b, t, track + rng.normal(0.0, SIGMA, track.shape), tolerance=4.5 * SIGMA)
        assert p is not None
        paths[b] = p
    ev, _ = infer_events(paths, ShotContext(G, 1.0 / fps, 2.0, float(t[-1]), {0, 4}, {0, 4}), EventConfig())
    return Shot(shot=1, t_start=ev[0].t, t_end=ev[-1].t, events=tuple(ev), before={}, after={})


@pytest.mark.parametrize("fps", [30.0, 60.0])
@pytest.mark.parametrize("seed", range(3))
def test_a_ball_driven_into_a_near_cushion_and_seen_back_off_it_touched_it(fps: float, seed: int) -> None:
    t = np.arange(2.0, 3.6, 1.0 / fps)
    cue, ball, t_c = _tracks(t, 0.014, back=True)
    shot = _shot(t, cue, ball, fps, seed)
    rights = [e.t for e in shot.events if e.type == "cushion" and e.ball == 4 and e.rail == "right"]
    assert len(rights) == 1, shot.events
    assert abs(rights[0] - t_c) < 2 / fps, (rights, t_c)
    assert derive(shot).rail_after_contact


@pytest.mark.parametrize("fps", [30.0, 60.0])
@pytest.mark.parametrize("seed", range(3))
def test_a_ball_driven_along_a_near_cushion_is_counted_once(fps: float, seed: int) -> None:
    # it stays against the cushion, rolling along it: touched once, at the arrival, whatever rule finds it
    t = np.arange(2.0, 3.6, 1.0 / fps)
    cue, ball, t_c = _tracks(t, 0.014, back=False)
    shot = _shot(t, cue, ball, fps, seed)
    rights = [e.t for e in shot.events if e.type == "cushion" and e.ball == 4 and e.rail == "right"]
    assert len(rights) <= 1, shot.events
