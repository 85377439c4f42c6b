"""The region-wise pass: only what changed is searched again, and it finds what a search of the whole table finds."""

from __future__ import annotations

import numpy as np
from vision_scenes import layout, scene

from cueref.synth import render_frame
from cueref.synth.render import Occluder
from vision import region
from vision.detect import BallDetector
from vision.types import BallObservations, Frame


class _Counting(BallDetector):
    """Counts region passes and the windows they searched."""

    passes: int
    windows: list[tuple[int, int, int, int]]

    def _detect_regions(self, frame, small, grey, todo):  # type: ignore[no-untyped-def]
        self.passes += 1
        self.windows.extend(todo.boxes)
        return super()._detect_regions(frame, small, grey, todo)


def _detectors() -> tuple[_Counting, BallDetector]:
    cal = scene("blue").camera.calibration()
    det = _Counting(cal, identifier=False)
    det.passes, det.windows = 0, []
    det.region_params = region.RegionParams(max_share=0.45)  # windows up to 45 % of the table: more region passes
    full = BallDetector(cal, identifier=False)
    full.region_pass = False
    return det, full


def _arm(hand: np.ndarray) -> list[Occluder]:
    """A sleeve reaching in over the near rail (y = 0) to ``hand``, and the hand."""
    return [Occluder((float(hand[0]), -0.35), (float(hand[0]), float(hand[1]) - 0.05), 0.05, 0.045, 0.2, "sleeve"),
            Occluder((float(hand[0]), float(hand[1]) - 0.05), (float(hand[0]), float(hand[1])), 0.04, 0.035, 0.15,
                     "skin")]


def _frame(pos: np.ndarray, occ: list[Occluder]) -> np.ndarray:
    # the same noise every frame: only what moves differs between frames
    return render_frame(scene("blue"), pos, occluders=occ, rng=np.random.default_rng(5))


def _same(a: BallObservations, b: BallObservations) -> None:
    assert len(a) == len(b)
    d = np.linalg.norm(a.xy_px[:, None] - b.xy_px[None], axis=-1)
    assert d.min(axis=1).max() < 0.05 and d.min(axis=0).max() < 0.05


def _found_once(obs: BallObservations, p: np.ndarray, k: int) -> None:
    d = np.linalg.norm(obs.xy - p, axis=1)
    assert (d < 0.004).sum() == 1, f"frame {k}: {(d < 0.004).sum()} balls at {p} (nearest {d.min() * 1000:.1f} mm)"


def test_ball_rolling_out_of_a_changed_region_is_found_every_frame_once() -> None:
    """A hand moves beside ball 1, which rolls away from it into cloth that has not changed for frames."""
    pos = layout("scattered")
    det, full = _detectors()
    still = np.isfinite(pos[:, 0])
    still[1] = False
    start = pos[1].copy()
    for k in range(14):
        pos[1] = start + [0.035 * k, 0.02 * k]
        hand = np.array([0.95 + 0.01 * (k % 3), 0.12])
        img = _frame(pos, _arm(hand))
        obs = det.detect(Frame(index=k, t=k / 25, image=img))
        _found_once(obs, pos[1], k)
        for q in pos[still]:
            _found_once(obs, q, k)
        # nothing else, except what the detector takes for balls on the hand itself (a full search does too)
        ball = np.linalg.norm(obs.xy[:, None] - pos[np.isfinite(pos[:, 0])][None], axis=-1).min(axis=1) < 0.004
        assert (np.linalg.norm(obs.xy[~ball] - hand, axis=1) < 0.1).all()
        _same(obs, full.detect(Frame(index=k, t=k / 25, image=img)))
    assert det.passes >= 10  # the region pass did the work, not a search of the whole table
    # and it searched windows, not the table: none is as large as half the table's working image
    h, w = det.table_mask.shape
    assert max((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in det.windows) < 0.5 * h * w


def test_hand_entering_a_corner_does_not_freeze_a_ball_moving_elsewhere() -> None:
    pos = layout("scattered")
    det, full = _detectors()
    start = pos[12].copy()
    for k in range(12):
        pos[12] = start + [0.025 * k, -0.01 * k]  # far end, away from the hand
        occ = _arm(np.array([0.35, -0.1 + 0.02 * k])) if k >= 2 else []  # reaches in over the near rail
        img = _frame(pos, occ)
        obs = det.detect(Frame(index=k, t=k / 25, image=img))
        _found_once(obs, pos[12], k)
        _found_once(obs, pos[9], k)  # a ball far from both keeps being reported
        _same(obs, full.detect(Frame(index=k, t=k / 25, image=img)))
    assert det.passes >= 8


def test_plan_windows_cover_every_change_with_its_zones() -> None:
    h, w, r = 240, 460, 5.0
    changed = np.zeros((h, w), np.uint8)
    changed[50:54, 40:44] = 255
    changed[200:203, 400:410] = 255
    p = region.plan(changed, r, region.RegionParams())
    assert p is not None and len(p.boxes) == 2
    ys, xs = np.nonzero(changed)
    a = int(region.RegionParams().accept_radii * r)
    for y, x in zip(ys, xs, strict=True):  # every pixel within accept_radii of a change is in the accept zone
        assert p.accept_px[max(y - a, 0):y + a + 1, max(x - a, 0):x + a + 1].all()
    pts = np.array([[42.0, 52.0], [405.0, 201.0], [250.0, 120.0]])
    assert (p.at(p.accept, pts) > 0).tolist() == [True, True, False]
    assert p.at(p.labels, pts[:2]).tolist() in ([1, 2], [2, 1])
    big = np.zeros((h, w), np.uint8)
    big[20:220, 30:430] = 255  # most of the table: search all of it
    assert region.plan(big, r, region.RegionParams()) is None
    nothing = region.plan(np.zeros((h, w), np.uint8), r, region.RegionParams())
    assert nothing is not None and nothing.boxes == []


def test_plan_skips_compression_specks_but_not_a_small_blob() -> None:
    h, w, r = 240, 460, 5.0
    specks = np.zeros((h, w), np.uint8)
    specks[10:230:23, 15:450:31] = 255  # lone changed pixels all over the table
    specks[100, 100:102] = 255  # and a pair
    p = region.plan(specks, r, region.RegionParams())
    assert p is not None and p.boxes == []
    specks[150:152, 300:302] = 255  # a 2 x 2 blob is a change
    p = region.plan(specks, r, region.RegionParams())
    assert p is not None and len(p.boxes) == 1
    x0, y0, x1, y1 = p.boxes[0]
    assert x0 <= 300 < 302 <= x1 and y0 <= 150 < 152 <= y1


def test_plan_windows_are_never_smaller_than_the_change() -> None:
    """Why ``plan`` may answer "the whole table" from the count of changed pixels alone: its windows hold every
    changed pixel (after the speck filter), so their area is at least that count, whatever the shape of the change."""
    h, w, r = 240, 460, 5.0
    rng = np.random.default_rng(2)
    loose = region.RegionParams(max_share=1e9, max_regions=10**6)
    for _ in range(40):
        changed = np.zeros((h, w), np.uint8)
        for _ in range(int(rng.integers(1, 12))):
            x, y = int(rng.integers(0, w - 3)), int(rng.integers(0, h - 3))
            bw, bh = int(rng.integers(2, 90)), int(rng.integers(2, 60))
            changed[y:y + bh, x:x + bw] = 255
        changed[rng.random((h, w)) < 0.002] = 255  # specks
        p = region.plan(changed, r, loose)
        assert p is not None
        kept = int(p.accept_px[changed > 0].astype(bool).sum())  # the changed pixels the zones hold
        area = sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in p.boxes)
        assert area >= kept
        share = region.RegionParams().max_share
        if kept > share * h * w:
            assert region.plan(changed, r, region.RegionParams()) is None


class _Reading(_Counting):
    """Records whether the fill tests of each measurement read the frame's own working image."""

    stale: int

    def _measure(self, frame, small, fg, cands, kinds, keep=None):  # type: ignore[no-untyped-def]
        self.stale += int(self._last_small is not small and not np.array_equal(self._last_small, small))
        return super()._measure(frame, small, fg, cands, kinds, keep)


def test_a_region_pass_measures_against_this_frames_image() -> None:
    """_measure's fill tests (``_weak_filled``) read ``_last_small``; the windows' searches set it to each window
    and ``_unwindow`` put back the last whole-table pass's image, so a region pass judged its balls' colour on
    an old frame, where they had not been."""
    pos = layout("scattered")
    cal = scene("blue").camera.calibration()
    det = _Reading(cal, identifier=False)
    det.passes, det.windows, det.stale = 0, [], 0
    det.region_params = region.RegionParams(max_share=0.45)
    start = pos[1].copy()
    for k in range(6):
        pos[1] = start + [0.035 * k, 0.02 * k]
        det.detect(Frame(index=k, t=k / 25, image=_frame(pos, [])))
    assert det.passes >= 3 and det.stale == 0
