"""vision.io: frames from files and images, timestamps from the container, clear errors for bad sources."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from adjudicator.errors import SourceError
from vision.io import first_frame, iter_frames


def _video(path, n: int = 12, fps: float = 25.0) -> None:  # type: ignore[no-untyped-def]
    w = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"mp4v"), fps, (64, 48))
    assert w.isOpened()
    for i in range(n):
        img = np.full((48, 64, 3), 10 * i, np.uint8)
        w.write(img)
    w.release()


def test_video_frames_carry_container_time(tmp_path) -> None:  # type: ignore[no-untyped-def]
    p = tmp_path / "clip.mp4"
    _video(p)
    frames = list(iter_frames(p))
    assert [f.index for f in frames] == list(range(12))
    t = np.array([f.t for f in frames])
    np.testing.assert_allclose(np.diff(t), 1 / 25, atol=2e-3)
    assert frames[0].image.shape == (48, 64, 3)


@pytest.mark.parametrize("start, stop, step, want", [(3, 7, 1, [3, 4, 5, 6]), (0, 12, 5, [0, 5, 10]),
                                                     (10, None, 1, [10, 11])])
def test_frame_ranges(tmp_path, start: int, stop: int | None, step: int, want: list[int]) -> None:  # type: ignore[no-untyped-def]
    p = tmp_path / "clip.mp4"
    _video(p)
    frames = list(iter_frames(p, start=start, stop=stop, step=step))
    assert [f.index for f in frames] == want
    assert frames[0].t == pytest.approx(want[0] / 25, abs=2e-3)


def test_an_image_is_one_frame(tmp_path) -> None:  # type: ignore[no-untyped-def]
    p = tmp_path / "still.png"
    cv2.imwrite(str(p), np.zeros((20, 30, 3), np.uint8))
    f = first_frame(p)
    assert (f.index, f.t, f.image.shape) == (0, 0.0, (20, 30, 3))


@pytest.mark.parametrize("make, message", [
    (lambda d: d / "missing.mp4", "no such file"),
    (lambda d: d, "directory"),
    (lambda d: (d / "empty.mp4").write_bytes(b"") or d / "empty.mp4", "empty file"),
    (lambda d: (d / "notes.mp4").write_text("hello, not a video\n") and d / "notes.mp4", "text file"),
    (lambda d: (d / "noise.mp4").write_bytes(bytes(range(256)) * 8) and d / "noise.mp4", "not a video"),
    (lambda d: (d / "bad.png").write_bytes(b"\x89PNG garbage") and d / "bad.png", "not a readable image"),
])
def test_bad_sources_raise_one_clear_source_error(tmp_path, make, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SourceError, match=message):
        list(iter_frames(make(tmp_path)))
