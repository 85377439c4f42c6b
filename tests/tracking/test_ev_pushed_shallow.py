"""A resting ball a centimetre or a few off a cushion, struck shallowly into it (17-18 degrees off the nose line):
it meets the cushion inside the frame gaps after the hit and runs on along it, off the nose, so no sighting lies at
the nose and its first moving piece holds no turn the kink rules take (ho21 scratch-300's 2, 13.4 mm off the left
nose, struck at 3.9 m/s 17 degrees into it: seen 97 mm along only 2 mm nearer the nose, every grid; ho21x
scratch-302's 11, 33 mm off, 18 degrees at 2.9 m/s, both 60 fps grids). A ball struck from rest leaves along the
line of centres, and nothing but that cushion moves it off that line's distance from the nose before its next
contact (``events._pushed_in_shallow``). Made-up tracks modelled on the clips, fitted with the detector's noise
(tracking.paths + tracking.events)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from madeup import PIPE_TOLERANCE, G, run

from tracking.events import ShotContext, infer_events
from tracking.paths import fit_path

R = G.ball_radius
T_HIT = 2.0744


def _tracks(t: np.ndarray, gap: float, speed: float, angle: float) -> tuple[dict[int, np.ndarray], float]:
    """The 2 rests ``gap`` (m) off the left nose; the cue ball hits it at ``T_HIT`` along a line of centres
    ``angle`` degrees into the left cushion at ``speed`` (m/s); the 2 leaves along it, meets the cushion, comes off
    it with 0.8 of its speed into it and rolls on (0.2 m/s^2); the cue ball rolls off along the tangent line.
    Returns the tracks and the touch time."""
    a = np.radians(angle)
    n = np.array([np.cos(a), -np.sin(a)])
    tang = np.array([np.sin(a), np.cos(a)])
    p2 = np.array([0.6, R + gap])
    t_touch = T_HIT + gap / (speed * np.sin(a))
    two = np.tile(p2, (len(t), 1))
    go = (t > T_HIT) & (t <= t_touch)
    two[go] = p2 + (t[go] - T_HIT)[:, None] * speed * n
    at = p2 + (t_touch - T_HIT) * speed * n
    v_out = speed * np.array([np.cos(a), 0.8 * np.sin(a)])
    sp = float(np.linalg.norm(v_out))
    s = t[t > t_touch] - t_touch
    two[t > t_touch] = at + (v_out / sp)[None] * (sp * s - 0.1 * s ** 2)[:, None]
    v0 = speed * n + 0.4 * tang
    contact = p2 - 2 * R * n
    cue = contact - (T_HIT - t)[:, None] * v0
    after = t > T_HIT
    s = t[after] - T_HIT
    cue[after] = contact + tang[None] * (0.4 * s - 0.1 * s ** 2)[:, None]
    return {0: cue, 2: two}, t_touch


@pytest.mark.parametrize("fps", [30.0, 60.0])
@pytest.mark.parametrize(("gap", "speed", "angle"), [(0.0134, 3.9, 17.0), (0.033, 2.9, 18.0)])
def test_a_ball_struck_shallowly_into_a_near_cushion_touches_it(fps: float, gap: float, speed: float,
                                                                 angle: float) -> None:
    t = np.arange(1.5, 2.6, 1.0 / fps) + 0.37 / fps  # frames fall anywhere between the hit and the touch
    for seed in range(4):
        tracks, t_touch = _tracks(t + seed * 0.23 / fps, gap, speed, angle)
        ev = run(tracks, t + seed * 0.23 / fps, {0, 2}, seed, sigma=0.0015, fps=fps)
        touch = [e for e in ev if e.type == "cushion" and e.ball == 2 and e.rail == "left"]
        assert len(touch) == 1, (seed, ev)
        assert abs(touch[0].t - t_touch) < 0.5 / fps, (seed, touch, t_touch)
        assert not [e for e in ev if e.type == "cushion" and e.ball == 0], (seed, ev)


def test_a_ball_struck_shallowly_away_from_a_near_cushion_does_not_touch_it() -> None:
    """The same hit mirrored off the cushion (the line of centres 17 degrees away from it): no touch."""
    t = np.arange(1.5, 2.6, 1.0 / 30.0)
    for seed in range(4):
        tracks, _ = _tracks(t, 0.0134, 3.9, 17.0)
        cue = tracks[0].copy()
        cue[:, 1] = 2 * (R + 0.0134) - cue[:, 1]  # the cue ball's line mirrored about the 2's rest line
        two = tracks[2].copy()
        # the 2 leaves along the mirrored line of centres and no cushion turns it
        a = np.radians(17.0)
        go = t > T_HIT
        s = t[go] - T_HIT
        two[go] = np.array([0.6, R + 0.0134]) + np.array([np.cos(a), np.sin(a)])[None] * (3.9 * s - 0.1 * s**2)[:, None]
        two[~go] = [0.6, R + 0.0134]
        ev = run({0: cue, 2: two}, t, {0, 2}, seed, sigma=0.0015)
        assert not [e for e in ev if e.type == "cushion" and e.ball == 2 and e.rail == "left"], (seed, ev)


SCRATCH = json.loads((Path(__file__).parent / "fixtures" / "pushed_shallow_scratch.json").read_text())


@pytest.mark.parametrize("clip", sorted(SCRATCH["clips"]))
def test_the_dev_clips_shallow_push_into_a_near_cushion_is_found(clip: str) -> None:
    """The dev clips' own sightings (``fixtures/pushed_shallow_scratch.json``): there the struck ball meets another
    cushion 40 ms after the touch, so the piece off the cushion is one or two sightings long and no kink or
    carried-back rule sees the touch."""
    rec = SCRATCH["clips"][clip]
    t = np.array(rec["t"])
    paths = {}
    for b, rows in rec["tracks"].items():
        xy = np.array([[np.nan if v is None else v for v in r] for r in rows])
        p = fit_path(int(b), t, xy, tolerance=PIPE_TOLERANCE)
        assert p is not None
        paths[int(b)] = p
    ctx = ShotContext(G, 1.0 / rec["fps"], float(t[0]), float(t[-1]), set(paths), set(paths))
    ev, _ = infer_events(paths, ctx)
    touch = [e for e in ev if e.type == "cushion" and e.ball == rec["ball"] and e.rail == "left"
             and abs(e.t - rec["truth_touch"]) < 1.0 / rec["fps"]]
    assert len(touch) == 1, (clip, [e for e in ev if e.type == "cushion"])
