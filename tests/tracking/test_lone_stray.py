"""A lone detector outlier that nothing on the table explains is left out before a ball's path is fitted (issue 5,
``tracking.shots._drop_strays``, ``paths.lone_outliers``).

ho98 break-14.1-951 at 60/1080p (held out, scored on the frozen 3aaf3e6; now dev): the 2 rolled along the left
cushion at 0.27 m/s and touched it at 5.9401 s. One sighting 60 ms later lay 19 mm behind it and off the rail. It
started a piece of its own; the piece before it smoothed the shallow contact over, and the kink it made was called
the left contact at 6.016 s, 4.5 frames late (a miss and a false contact). Made-up sightings after that clip's
truth: the cue ball alone, struck along the left cushion into that glancing contact."""

from __future__ import annotations

import numpy as np
import pytest
from madeobs import SIGMA, lone_cue_shots

from tracking.paths import lone_outliers
from tracking.shots import ShotBuildConfig, _drop_strays
from vision.geometry import TableGeometry

G = TableGeometry()
FPS = 60.0
T_HIT = 3.14  # the left contact


def _roll(t: np.ndarray) -> np.ndarray:
    """At rest, struck at 1.0 s, in at 0.3 m/s to the left cushion (a glance), off it at 0.25 m/s, at rest."""
    knots = [(1.0, 1.30, 0.10), (T_HIT, 0.6612, G.ball_radius + 0.0007), (4.2, 0.40, 0.08)]
    kt = np.array([k[0] for k in knots])
    return np.stack([np.interp(t, kt, [k[1] for k in knots]), np.interp(t, kt, [k[2] for k in knots])], axis=1)


def _cushions(seed: int, stray: tuple[float, float] | None, cfg: ShotBuildConfig) -> list[float]:
    t = np.arange(0, int(5.5 * FPS)) / FPS
    xy = _roll(t) + np.random.default_rng(seed).normal(0.0, 0.0012, (len(t), 2))
    if stray is not None:
        k = int(round((T_HIT + 0.06) * FPS))
        xy[k] += stray
    shots = lone_cue_shots(xy, FPS, cfg)
    assert len(shots) == 1
    return [e.t for e in shots[0].events if e.type == "cushion" and e.rail == "left"]


@pytest.mark.parametrize("seed", range(3))
def test_the_glance_is_timed_through_a_stray_sighting_behind_and_off_the_rail(seed: int) -> None:
    hits = _cushions(seed, (0.0166, 0.0095), ShotBuildConfig(noise_sigma=SIGMA))
    assert len(hits) == 1, hits
    assert abs(hits[0] - T_HIT) < 1.0 / FPS, hits


def test_without_dropping_it_the_stray_made_its_own_contact() -> None:
    hits = _cushions(0, (0.0166, 0.0095), ShotBuildConfig(noise_sigma=SIGMA, drop_strays=False))
    assert not any(abs(h - T_HIT) < 1.0 / FPS for h in hits), hits


def test_a_clean_glance_is_found_either_way() -> None:
    for drop in (True, False):
        hits = _cushions(0, None, ShotBuildConfig(noise_sigma=SIGMA, drop_strays=drop))
        assert len(hits) == 1 and abs(hits[0] - T_HIT) < 1.0 / FPS, (drop, hits)


def _series(off: tuple[float, float], y0: float = 0.035) -> tuple[np.ndarray, np.ndarray]:
    t = np.arange(40) / FPS
    xy = np.stack([0.9 - 0.27 * t, np.full(len(t), y0)], axis=1)
    xy[20] += off
    return t, xy


def test_lone_outliers_finds_the_one_sighting_off_a_smooth_run() -> None:
    t, xy = _series((0.0166, 0.0095))
    found = lone_outliers(t, xy, 4.5 * SIGMA)
    assert [k for k, _ in found] == [20]
    assert np.allclose(found[0][1], [0.9 - 0.27 * t[20], 0.035], atol=1e-6)
    t, xy = _series((0.004, 0.002))  # within the tolerance: noise
    assert lone_outliers(t, xy, 4.5 * SIGMA) == []


def test_a_sighting_off_toward_the_cushion_or_beside_another_ball_is_kept() -> None:
    tol = 4.5 * SIGMA
    t, xy = _series((0.0, 0.0095))  # into the table from a ball hugging the left cushion: nothing pushed it
    assert np.isnan(_drop_strays(G, 2, t, xy, {2: xy}, tol)[20, 0])
    t, xy = _series((0.0, -0.012))  # toward the cushion: a press into it and back out
    assert not np.isnan(_drop_strays(G, 2, t, xy, {2: xy}, tol)[20, 0])
    t, xy = _series((0.0, 0.0095), y0=0.3)  # out in the open, with another ball resting beside it
    other = np.tile([0.9 - 0.27 * t[20], 0.3 + 2 * G.ball_radius + 0.005], (len(t), 1))
    assert not np.isnan(_drop_strays(G, 2, t, xy, {2: xy, 5: other}, tol)[20, 0])
    assert np.isnan(_drop_strays(G, 2, t, xy, {2: xy}, tol)[20, 0])
