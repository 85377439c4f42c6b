"""Reuse of unchanged balls between frames: what did not change is not measured again, what moved always is."""

from __future__ import annotations

import numpy as np
from vision_scenes import layout, scene

from cueref.synth import render_frame
from vision.detect import BallDetector
from vision.geometry import BALL_RADIUS
from vision.types import Frame


class _CountingDetector(BallDetector):
    """Counts the balls measured at full resolution (``_refine``) in each frame."""

    refined: list[int]

    def _refine(self, image, centres):  # type: ignore[no-untyped-def]
        self.refined.append(len(centres))
        return super()._refine(image, centres)


def _frame(pos: np.ndarray) -> np.ndarray:
    # the same noise every frame: only what is moved differs between frames
    return render_frame(scene("blue"), pos, rng=np.random.default_rng(3))


def test_rolling_ball_found_in_place_every_frame_and_gone_after_the_pocket() -> None:
    pos = layout("scattered")
    sc = scene("blue")
    det = _CountingDetector(sc.camera.calibration(), identifier=False)
    det.refined = []
    still = np.isfinite(pos[:, 0])
    still[3] = False
    # ball 3 rolls from (2.1, 0.4) towards the far right corner pocket (2.54, 0.0), 2 cm a frame
    start, end = np.array([2.1, 0.4]), np.array([2.54, 0.0])
    path = [start + (end - start) * t for t in np.arange(0.0, 0.85, 0.02 / np.linalg.norm(end - start))]
    for k, p in enumerate(path):
        pos[3] = p
        obs = det.detect(Frame(index=k, t=k / 25, image=_frame(pos)))
        d = np.linalg.norm(obs.xy - p, axis=1)
        assert d.min() < 0.004, f"frame {k}: the rolling ball is {d.min() * 1000:.1f} mm from its place"
        assert len(obs) == still.sum() + 1
        for q in pos[still]:
            assert np.linalg.norm(obs.xy - q, axis=1).min() < 0.004
    # after the first frame only the rolling ball (and at most a neighbour it passes) is measured again
    assert det.refined[0] == still.sum() + 1
    assert max(det.refined[1:]) <= 2
    pos[3] = np.nan  # in the pocket
    obs = det.detect(Frame(index=len(path), t=len(path) / 25, image=_frame(pos)))
    assert len(obs) == still.sum()
    assert np.linalg.norm(obs.xy - end, axis=1).min() > 3 * BALL_RADIUS


def test_reused_ball_equals_fresh_measurement_and_slow_drift_trips() -> None:
    """A ball nudged 1 mm a frame is measured afresh once its window has drifted, never left behind."""
    pos = layout("scattered")
    sc = scene("blue")
    det = BallDetector(sc.camera.calibration(), identifier=False)
    start = pos[9].copy()
    for k in range(12):
        pos[9] = start + [0.001 * k, 0.0]
        obs = det.detect(Frame(index=k, t=k / 25, image=_frame(pos)))
        fresh = BallDetector(sc.camera.calibration(), identifier=False).detect(
            Frame(index=k, t=k / 25, image=_frame(pos)))
        i = int(np.argmin(np.linalg.norm(obs.xy - pos[9], axis=1)))
        j = int(np.argmin(np.linalg.norm(fresh.xy - pos[9], axis=1)))
        assert np.linalg.norm(obs.xy[i] - fresh.xy[j]) < 0.0025, f"frame {k}: stale by more than 2.5 mm"
