"""A ball leaving the table over a rail is seen past the nose line (``BallDetector._leaving``; 2019 clip 11's cue
ball jumped the bottom rail and was last seen 4 cm inside the nose), and nothing else is looked for there: a hand
over the rail where a ball was, a ball frozen to the cushion, a ball past the nose with no ball before it."""

from __future__ import annotations

import cv2
import numpy as np
from vision_scenes import scene

from cueref.synth import Occluder, render_frame
from vision.detect import LEAVE_CONFIDENCE, BallDetector
from vision.geometry import BALL_RADIUS, TableGeometry
from vision.types import BallObservations, Frame

HD = (1920, 1080)
R = BALL_RADIUS


def _frames(*layouts: dict[int, tuple[float, float]], occluders: tuple[list[Occluder], ...] | None = None
            ) -> list[BallObservations]:
    """Detections of one detector over frames with these balls (id -> table position)."""
    sc = scene(cloth="blue", resolution=HD)
    det = BallDetector(sc.camera.calibration(), identifier=False)
    out = []
    for i, lay in enumerate(layouts):
        pos = np.full((16, 2), np.nan)
        for b, xy in lay.items():
            pos[b] = xy
        occ = occluders[i] if occluders is not None else []
        img = render_frame(sc, pos, occluders=occ, rng=np.random.default_rng(i))
        out.append(det.detect(Frame(index=i, t=i / 25.0, image=img)))
    return out


def _near(obs: BallObservations, xy: tuple[float, float]) -> np.ndarray:
    return np.flatnonzero(np.hypot(obs.xy[:, 0] - xy[0], obs.xy[:, 1] - xy[1]) < 0.5 * R)


def test_a_ball_crossing_the_nose_line_is_seen_there() -> None:
    g = TableGeometry()
    still = (1.0, 0.6)
    path = [(1.6, 0.07), (1.62, 0.035), (1.64, 0.004), (1.66, -0.018)]  # into the left rail, then over it
    obs = _frames(*[{0: p, 5: still} for p in path])
    for o, p in zip(obs[:2], path[:2], strict=True):  # on the cloth: the usual search
        assert len(o) == 2 and len(_near(o, p)) == 1
    for o, p in zip(obs[2:], path[2:], strict=True):  # past the nose line's margin: seen leaving
        assert len(o) == 2, o.xy
        k = _near(o, p)
        assert len(k) == 1 and o.confidence[k[0]] == LEAVE_CONFIDENCE
        assert o.xy[k[0], 1] < R - 0.015  # what tracking's off-table rule needs (``over_rail``)
    assert g.width > 0


def test_past_the_nose_with_no_ball_before_it_nothing_is_reported() -> None:
    obs = _frames({5: (1.0, 0.6)}, {0: (1.64, 0.004), 5: (1.0, 0.6)})
    assert len(obs[1]) == 1


def test_a_ball_frozen_to_the_cushion_is_one_ball() -> None:
    lay = {0: (1.6, R + 0.0005), 5: (1.0, 0.6)}
    obs = _frames(lay, {0: (1.6, R + 0.0005 + 1e-4), 5: (1.0, 0.6)}, lay)
    assert all(len(o) == 2 for o in obs)
    assert all((o.confidence != LEAVE_CONFIDENCE).all() for o in obs)


def test_a_hand_over_the_rail_where_a_ball_was_is_not_a_ball() -> None:
    # the ball by the rail is covered by a hand reaching over the rail: nothing past the nose is a ball
    hand = [Occluder((1.6, -0.12), (1.61, 0.03), 0.035, 0.03, height=0.06, kind="skin")]
    obs = _frames({0: (1.6, 0.05), 5: (1.0, 0.6)}, {5: (1.0, 0.6)}, occluders=([], hand))
    assert (obs[1].confidence != LEAVE_CONFIDENCE).all()


def test_a_thumb_resting_on_the_cushion_is_not_a_ball_leaving() -> None:
    # a round thumb tip on the cushion top beside a ball by the rail; the ball is gone the next frame (picked up):
    # the thumb is ball-sized and past the nose, but it was there before, so it is not a ball that just left
    thumb = [Occluder((1.65, -0.07), (1.65, -0.005), 0.026, 0.026, height=0.05, kind="skin")]
    obs = _frames({0: (1.6, 0.05), 5: (1.0, 0.6)}, {5: (1.0, 0.6)}, occluders=(thumb, thumb))
    assert (obs[1].confidence != LEAVE_CONFIDENCE).all()


def test_a_spot_of_light_on_the_cushion_is_not_a_ball_leaving() -> None:
    # the ball by the rail is gone (picked up) and a lamp's spot, the cloth lit up to 2.2x (its hue kept), lies
    # past the nose (2019 clip 12's disco light): brighter than the cloth, but of its hue, so no ball
    sc = scene(cloth="blue", resolution=HD)
    cal = sc.camera.calibration()
    det = BallDetector(cal, identifier=False)
    pos = np.full((16, 2), np.nan)
    pos[5], pos[0] = (1.0, 0.6), (1.6, 0.05)
    det.detect(Frame(index=0, t=0.0, image=render_frame(sc, pos, rng=np.random.default_rng(0))))
    pos[0] = np.nan
    img = render_frame(sc, pos, rng=np.random.default_rng(1))
    c = cal.table_to_image(np.array([[1.62, -0.005]])).reshape(2)
    spot = np.zeros(img.shape[:2], np.uint8)
    cv2.circle(spot, (int(c[0]), int(c[1])), int(float(cal.ball_radius_px(np.array([1.62, 0.0]))) * 1.1), 255, -1)
    f = img.astype(np.float32)
    lit = (f * np.minimum(2.2, 255.0 / np.maximum(f.max(axis=2, keepdims=True), 1.0))).astype(np.uint8)
    img = np.where(spot[..., None] > 0, lit, img)
    obs = det.detect(Frame(index=1, t=0.04, image=img))
    assert (obs.confidence != LEAVE_CONFIDENCE).all()


def _leaving_after(change: str) -> BallObservations:
    """The second frame's balls: a ball by the rail, then at the nose line, with ``change`` made between them."""
    sc = scene(cloth="blue", resolution=HD)
    det = BallDetector(sc.camera.calibration(), identifier=False)
    pos = np.full((16, 2), np.nan)
    pos[5], pos[0] = (1.0, 0.6), (1.62, 0.035)
    first = det.detect(Frame(index=0, t=0.0, image=render_frame(sc, pos, rng=np.random.default_rng(0))))
    if change == "crowd":  # the last frame held more balls than a set
        extra = np.tile([[0.5, 0.9]], (16, 1)) + np.arange(16)[:, None] * [0.1, 0.0]
        det._last_out = BallObservations(t=0.0, frame_index=0, xy=np.concatenate([first.xy, extra]))
    pos[0] = (1.64, 0.004)
    img = render_frame(sc, pos, rng=np.random.default_rng(1))
    if change == "light":  # the whole view lit up between the frames (its hue kept)
        f = img.astype(np.float32)
        img = (f * np.minimum(1.4, 255.0 / np.maximum(f.max(axis=2, keepdims=True), 1.0))).astype(np.uint8)
    return det.detect(Frame(index=1, t=0.04, image=img))


def test_a_ball_leaving_is_seen_when_nothing_else_changed() -> None:
    assert (_leaving_after("none").confidence == LEAVE_CONFIDENCE).sum() == 1


def test_nothing_is_seen_leaving_when_everything_round_it_changed() -> None:
    assert (_leaving_after("light").confidence != LEAVE_CONFIDENCE).all()


def test_nothing_is_seen_leaving_after_a_frame_with_more_balls_than_a_set() -> None:
    assert (_leaving_after("crowd").confidence != LEAVE_CONFIDENCE).all()


def test_an_unchanged_frame_is_not_searched_for_balls_leaving() -> None:
    # nothing on the table changed, so no ball left it: the search past the noses is not run (its cost stays off
    # the cheap unchanged frames, with balls frozen on rails)
    sc = scene(cloth="blue", resolution=HD)
    det = BallDetector(sc.camera.calibration(), identifier=False)
    pos = np.full((16, 2), np.nan)
    pos[5], pos[0] = (1.0, 0.6), (1.6, R + 0.0005)
    img = render_frame(sc, pos, rng=np.random.default_rng(0))
    calls = []
    real = det._leaving
    det._leaving = lambda *a: calls.append(1) or real(*a)  # type: ignore[method-assign]
    for i in range(3):
        det.detect(Frame(index=i, t=i / 25.0, image=img))
    assert calls == []


def test_a_ball_found_again_by_the_rail_is_not_looked_for_past_it() -> None:
    # a ball resting by the rail and found again (within a radius) is on the cloth: its box past the nose is not
    # searched (round twelve: that search cost ~0.3 ms a ball every frame), while another ball moves elsewhere
    sc = scene(cloth="blue", resolution=HD)
    det = BallDetector(sc.camera.calibration(), identifier=False)
    looked: list[int] = []
    maps = det._leave_maps

    def counted() -> tuple[np.ndarray, np.ndarray]:
        looked.append(1)
        return maps()

    det._leave_maps = counted  # type: ignore[method-assign]
    out = []
    for i, other in enumerate([(1.0, 0.6), (1.2, 0.6)]):
        pos = np.full((16, 2), np.nan)
        pos[0], pos[5] = (1.6, 0.05), other
        img = render_frame(sc, pos, rng=np.random.default_rng(i))
        out.append(det.detect(Frame(index=i, t=i / 25.0, image=img)))
    assert len(out[1]) == 2 and len(_near(out[1], (1.6, 0.05))) == 1
    assert not looked
