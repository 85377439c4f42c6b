"""A struck ball's line from too few sightings (round 22, ho21 held-out at 60/1080p): a hitter's "approach" chord
that runs away from the ball it hits (the rear blob of its split blur taken) is no approach, and a pocketed
ball's line through its one moving sighting meets a jaw only when it runs in deeper than that sighting's noise
carried to the jaw allows. Made-up tracks, fitted (tracking.paths + tracking.events)."""

from __future__ import annotations

import numpy as np
import pytest
from madeup import run

from adjudicator.facts import derive
from adjudicator.records import Shot, ShotEvent
from vision.geometry import TableGeometry

G = TableGeometry()
R = G.ball_radius
FPS = 60.0


def facts(events: list[ShotEvent]):
    return derive(Shot(shot=1, t_start=0.0, t_end=3.0, before={}, after={}, events=events))


def _jump_300(behind: float) -> tuple[np.ndarray, dict[int, np.ndarray]]:
    """ho21 jump-300 at 60 fps: the cue ball at rest, struck at 2.1156 s, hits the 5 at 2.1367 s (about 9.6
    m/s) and follows on slowly; the 5 flies off over the right rail and is never seen moving. The cue ball's one
    sighting in between (frame 127) lies ``behind`` m back from its resting spot along its line (negative: ahead)."""
    t = np.arange(0.0, 3.0, 1.0 / FPS)
    p0, p5 = np.array([1.6589, 0.6726]), np.array([1.7062, 0.9528])
    u = (p5 - p0) / np.linalg.norm(p5 - p0)
    contact = p5 - 2 * R * u
    cue = np.tile(p0, (len(t), 1))
    after = t > 2.1367
    cue[after] = contact + (0.2 * (t[after] - 2.1367))[:, None] * u
    cue[127] = p0 - behind * u
    cue[128] = np.nan  # at the contact: unseen
    five = np.tile(p5, (len(t), 1))
    five[t > 2.1367] = np.nan
    return t, {0: cue, 5: five}


@pytest.mark.parametrize("behind", [0.0145, 0.008, -0.026])
def test_a_ball_kicked_off_by_a_hitter_seen_behind_its_rest_still_flies_off(behind: float) -> None:
    # jump-300, 60/1080p: the rear half of the cue ball's split blur, 1.4 cm behind its resting spot, was its one
    # sighting before the hit; the approach from that chord came out at -0.44 m/s and the 5 was left on the table.
    # (Ahead of the spot, its true sighting, it was always followed off.)
    for seed in range(3):
        t, tracks = _jump_300(behind)
        f = facts(run(tracks, t, {0}, seed, sigma=0.0003, fps=FPS))
        assert f.first_contact == 5, (behind, seed)
        assert f.off_table == (5,), (behind, seed, f.off_table, f.pocket_of)
        assert f.pocket_of == {}


def _scratch_303(y_off: float) -> tuple[np.ndarray, dict[int, np.ndarray]]:
    """ho21x scratch-303 at 60 fps: the 10 at rest 11 cm from foot-right's mouth, struck at 1.9776 s along 32
    degrees at 4.6 m/s into foot-right (5 mm clear of its right jaw), seen once moving at 2.0 s, ``y_off`` m off
    its track across the table, and never again."""
    t = np.arange(0.0, 3.0, 1.0 / FPS)
    p10 = np.array([2.3512, 1.1645])
    u = np.array([0.153, 0.0958]) / np.hypot(0.153, 0.0958)
    ten = np.tile(p10, (len(t), 1))
    ten[t > 1.97] = np.nan
    ten[120] = p10 + 4.6 * (2.0 - 1.9776) * u + np.array([0.0, y_off])
    return t, {0: np.tile([1.0, 0.6], (len(t), 1)), 10: ten}


def _cushions(ev: list[ShotEvent], b: int) -> list[str | None]:
    return [e.rail for e in ev if e.type == "cushion" and e.ball == b]


@pytest.mark.parametrize("y_off", [0.0, 0.005])
def test_a_line_through_one_blurred_sighting_grazing_a_jaw_is_no_touch(y_off: float) -> None:
    # scratch-303, 60/1080p: seen once 5 mm off its track, the chord from its resting spot carried on ran 0.8 mm
    # into the right jaw, less than that sighting's noise across the chord grows to at the jaw: no touch
    for seed in range(3):
        t, tracks = _scratch_303(y_off)
        ev = run(tracks, t, {0}, seed, sigma=0.0003, fps=FPS)
        assert facts(ev).pocket_of == {10: "foot-right"}, (y_off, seed)
        assert _cushions(ev, 10) == [], (y_off, seed)


def test_a_line_through_one_sighting_running_deep_into_a_jaw_still_touches_it() -> None:
    # seen 2 cm off that track toward the right rail, the chord carried on runs well into the right jaw: a touch
    for seed in range(3):
        t, tracks = _scratch_303(0.02)
        ev = run(tracks, t, {0}, seed, sigma=0.0003, fps=FPS)
        assert "right" in _cushions(ev, 10), (seed, [(e.type, e.ball, e.rail) for e in ev])
