"""A cue ball whose track leaves its spot and is back on it sooner than a ball can come back was never struck: an
arm swept over the table, and there was no shot (issue 5, review; ``tracking.shots.cue_never_left``).

ho82 straight-pool-run-169 at 30/720p (review, scored held-out, now dev; fixture ``arm_sweep_sp169.json``, the
detections 48.6-51.6 s): between two shots the shooter's arm swept across the resting balls (49.8-50.5 s). The cue
ball's track, its ball under the arm, took a blob 22 cm off (50.033 s) and one 6 cm off, and was back on its spot on
the next frame (0.067 s after the farthest; rolling 20 cm back and stopping takes 0.28 s at 5 m/s^2); rack balls'
tracks ran off on the arm, and a false shot with balls "off the table" opened (in the review, a foul)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from madeobs import fixture_frames

from adjudicator.records import Shot, ShotEvent
from tracking.segment import ShotWindow
from tracking.shots import ShotBuildConfig, cue_never_left, track_shots
from vision.geometry import TableGeometry

G = TableGeometry()
FIX = Path(__file__).parent / "fixtures"


def test_an_arm_over_the_resting_balls_is_no_shot() -> None:
    shots = list(track_shots(fixture_frames(FIX / "arm_sweep_sp169.json"), G, "straight-pool"))
    assert shots == [], [(s.t_start, [(e.type, e.balls or e.ball) for e in s.events]) for s in shots]


class _Series:
    """A tracker stand-in: ``series`` gives the frame times and each ball's sightings."""

    def __init__(self, times: np.ndarray, series: dict[int, np.ndarray]) -> None:
        self.times, self._series = times, series

    def series(self, t0: float, t1: float) -> tuple[np.ndarray, dict[int, np.ndarray], dict[int, float]]:
        return self.times, self._series, {b: 1.0 for b in self._series}


FPS, N, GO = 30.0, 60, 15  # frames; the window opens on frame GO
T = np.arange(N) / FPS
SPOT = np.array([1.0, 0.6])


def _still(p: tuple[float, float] | np.ndarray) -> np.ndarray:
    return np.tile(np.asarray(p, float), (N, 1))


def _out_and_back(far: float, frames_out: int, frames_back: int) -> np.ndarray:
    """The cue ball's sightings: on its spot, ``far`` m out along x over ``frames_out`` frames, back over
    ``frames_back``, then on its spot to the end."""
    xy = _still(SPOT)
    out = np.linspace(0, far, frames_out + 1)[1:]
    back = np.linspace(far, 0, frames_back + 1)[1:]
    run = np.concatenate([out, back])
    xy[GO + 1:GO + 1 + len(run), 0] += run
    return xy


def _shot(series: dict[int, np.ndarray], gone: tuple[int, ...] = ()) -> tuple[ShotWindow, Shot]:
    window = ShotWindow(t_start=float(T[GO]), t_end=float(T[-6]), t_done=float(T[-1]))
    before = {b: (float(xy[0, 0]), float(xy[0, 1])) for b, xy in series.items()}
    after = {b: (float(xy[-1, 0]), float(xy[-1, 1])) for b, xy in series.items() if b not in gone}
    events = (ShotEvent(t=window.t_start, type="strike"), ShotEvent(t=window.t_start + 0.02, type="collision",
                                                                   balls=(0, 11)), ShotEvent(t=window.t_done,
                                                                                             type="rest"))
    return window, Shot(shot=1, t_start=window.t_start, t_end=window.t_done, before=before, after=after,
                        events=events)


def _never_left(series: dict[int, np.ndarray], gone: tuple[int, ...] = ()) -> bool:
    window, shot = _shot(series, gone)
    cfg = ShotBuildConfig()
    return cue_never_left(_Series(T, series), window, shot, pre_roll=cfg.pre_roll,  # type: ignore[arg-type]
                          end_frames=cfg.end_frames)


def test_out_and_back_in_two_frames_is_no_strike() -> None:
    # 22 cm out, back on the spot two frames later: rolling back 20 cm and stopping takes 0.28 s at 5 m/s^2
    assert _never_left({0: _out_and_back(0.22, 1, 2), 5: _still((2.0, 0.9))})


def test_a_cue_ball_back_off_a_cushion_at_a_ball_s_pace_was_struck() -> None:
    # 22 cm out in 4 frames and back in 16 (0.53 s): a ball can do that (off a cushion), so it was a shot
    assert not _never_left({0: _out_and_back(0.22, 4, 16), 5: _still((2.0, 0.9))})


def test_a_ball_seen_resting_and_gone_after_keeps_the_shot() -> None:
    # a stun into a frozen ball that drops leaves the cue ball on its spot; its track may stray onto the ball's
    # blur and come back at once: the ball seen resting before and gone after says the cue ball was struck
    five = _still((1.06, 0.6))
    five[GO + 3:] = np.nan
    assert not _never_left({0: _out_and_back(0.22, 1, 2), 5: five}, gone=(5,))


def test_a_ball_seen_resting_elsewhere_after_keeps_the_shot() -> None:
    five = _still((1.06, 0.6))
    five[GO + 3:] = (1.5, 0.6)
    assert not _never_left({0: _out_and_back(0.22, 1, 2), 5: five})


def test_a_ball_not_seen_resting_before_does_not_keep_it() -> None:
    # a hidden ball's track that ran off on the arm blobs (never seen resting in the pre-roll) says nothing
    ghost = np.full((N, 2), np.nan)
    ghost[GO + 1:GO + 6] = np.linspace((1.5, 0.1), (1.6, 0.6), 5)
    assert _never_left({0: _out_and_back(0.22, 1, 2), 5: _still((2.0, 0.9)), 11: ghost}, gone=(11,))


def test_a_cue_ball_resting_elsewhere_after_is_not_judged_here() -> None:
    cue = _out_and_back(0.22, 1, 2)
    cue[GO + 4:] = SPOT + (0.05, 0.0)
    assert not _never_left({0: cue, 5: _still((2.0, 0.9))})
