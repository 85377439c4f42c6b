"""A camera cut away from the table (real 2019 clip 11: the crowd) is no table: nothing is seen there, so the
tracker holds the balls instead of making a shot out of the crowd."""

from __future__ import annotations

import numpy as np

from cueref.pipeline import TableInView
from vision.calibration import TableCalibration


def _cal() -> TableCalibration:
    return TableCalibration.from_corners([[100, 60], [1180, 60], [1180, 640], [100, 640]], (1280, 720))


def _table(rng: np.random.Generator) -> np.ndarray:
    img = rng.integers(0, 255, (720, 1280, 3), dtype=np.uint8)  # a busy room around the table
    img[60:640, 100:1180] = (150, 90, 20) + rng.integers(-8, 8, (580, 1080, 3))  # blue cloth with grain
    return img


def test_table_frames_are_in_view_with_players_over_them() -> None:
    rng = np.random.default_rng(0)
    view = TableInView(_cal())
    assert view.in_view(_table(rng))
    img = _table(rng)
    img[60:640, 100:500] = (40, 60, 200)  # an arm and a body over more than a third of the table
    for c in ((400, 300), (700, 500), (900, 200)):  # balls
        img[c[1] - 15:c[1] + 15, c[0] - 15:c[0] + 15] = (255, 255, 255)
    assert view.share(img) > 0.5 and view.in_view(img)


def test_a_cut_to_the_crowd_is_not_the_table() -> None:
    rng = np.random.default_rng(1)
    view = TableInView(_cal())
    assert view.in_view(_table(rng))
    crowd = rng.integers(0, 255, (720, 1280, 3), dtype=np.uint8)
    assert view.share(crowd) < 0.1 and not view.in_view(crowd)
    assert view.in_view(_table(rng))  # and back to the table


def test_a_light_flooding_part_of_the_table_is_not_the_table() -> None:
    """A light show over the table (2019 clip 12): most of the cloth is still near its colour, but its median has
    moved; a player's dark arm over a third of it leaves the median where it was."""
    rng = np.random.default_rng(2)
    view = TableInView(_cal())
    assert view.in_view(_table(rng))
    img = _table(rng)
    img[60:640, 100:1180] = np.clip(img[60:640, 100:1180].astype(int) + (25, 20, 8), 0, 255)  # a cyan wash
    img[60:640, 100:400] = (250, 250, 250)  # and a bright patch
    assert view.share(img) > 0.35 and not view.in_view(img)
    arm = _table(rng)
    arm[60:640, 100:450] = (30, 40, 60)
    assert view.in_view(arm)


def test_frames_beside_a_frame_out_of_view_are_out_of_view_too() -> None:
    view = TableInView(_cal(), margin=1)
    seen = [True, True, True, False, True, True, True, True, False, False, True, True]
    got = [ok for _, ok in view.with_margin(zip(range(len(seen)), seen, strict=True))]
    assert got == [True, True, False, False, False, True, True, False, False, False, False, True]
    assert [i for i, _ in view.with_margin(zip(range(len(seen)), seen, strict=True))] == list(range(len(seen)))
