"""Frames in: video files, still images, camera indices and stream URLs, each as a stream of ``Frame``.

``t`` comes from the container's timestamps (``CAP_PROP_POS_MSEC``), not ``index / fps``: broadcast clips drop and
repeat frames, and their headers often claim more frames than they hold.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path

# FFmpeg's own log lines ("moov atom not found") would sit beside our one-line error; keep them quiet unless the
# user asks for them.
os.environ.setdefault("OPENCV_FFMPEG_LOGLEVEL", "-8")

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from adjudicator.errors import SourceError  # noqa: E402
from vision.types import Frame  # noqa: E402

IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp"}


def _is_stream(source: str) -> bool:
    return "://" in source


def is_image_path(source: str | os.PathLike[str]) -> bool:
    return Path(str(source)).suffix.lower() in IMAGE_SUFFIXES


def read_image(path: str | os.PathLike[str]) -> np.ndarray:
    """A still image as BGR uint8, or a SourceError that says what was wrong."""
    p = Path(path)
    if not p.is_file():
        raise SourceError(f"{p}: no such file")
    img = cv2.imread(str(p), cv2.IMREAD_COLOR)
    if img is None:
        raise SourceError(f"{p}: not a readable image (is it a PNG/JPEG?)")
    return img


def _looks_like_text(p: Path) -> bool:
    """A file whose first bytes are all printable text is no video container (and OpenCV would only print
    FFmpeg noise about it)."""
    with p.open("rb") as fh:
        head = fh.read(512)
    return bool(head) and all(b in b"\t\n\r" or 32 <= b < 127 for b in head)


def open_capture(source: str | int | os.PathLike[str]) -> cv2.VideoCapture:
    """Open a camera index, stream URL or video file; raise SourceError unless a first frame can be read."""
    if isinstance(source, int) or (isinstance(source, str) and source.isdigit()):
        cap = cv2.VideoCapture(int(source))
        if not cap.isOpened():
            raise SourceError(f"camera {source}: cannot be opened (is it connected and free?)")
        return cap
    s = str(source)
    if not _is_stream(s):
        p = Path(s)
        if not p.exists():
            raise SourceError(f"{p}: no such file")
        if p.is_dir():
            raise SourceError(f"{p}: is a directory, expected a video file or an image")
        if p.stat().st_size == 0:
            raise SourceError(f"{p}: empty file, not a video")
        if _looks_like_text(p):
            raise SourceError(f"{p}: a text file, not a video (expected e.g. an .mp4 from the camera)")
    cap = cv2.VideoCapture(s)
    if not cap.isOpened():
        raise SourceError(f"{s}: not a video OpenCV can open (corrupt, or an unsupported format)")
    return cap


def iter_frames(source: str | int | os.PathLike[str], start: int = 0, stop: int | None = None,
                step: int = 1) -> Iterator[Frame]:
    """Yield frames ``start <= index < stop`` (every ``step``-th) from a video, image, camera or stream.

    A still image yields one frame (index 0, t 0). A video that yields no frame at all is a SourceError; a file
    that breaks off part-way simply ends (broadcast cuts often do).
    """
    if start < 0 or (stop is not None and stop < start) or step < 1:
        raise SourceError(f"bad frame range {start}:{stop} (step {step})")
    if not isinstance(source, int) and is_image_path(source):
        if start == 0 and (stop is None or stop > 0):
            yield Frame(index=0, t=0.0, image=read_image(source))
        return
    cap = open_capture(source)
    live = isinstance(source, int) or (isinstance(source, str) and (source.isdigit() or _is_stream(source)))
    t0 = time.monotonic()
    index = -1
    got_any = False
    try:
        if start > 0 and not live:
            # Seek by grabbing: CAP_PROP_POS_FRAMES seeking is inexact on many H.264 files.
            for _ in range(start):
                if not cap.grab():
                    break
                index += 1
        while stop is None or index + 1 < stop:
            ok = cap.grab()
            if not ok:
                break
            index += 1
            if index < start or (index - start) % step:
                continue
            ok, image = cap.retrieve()
            if not ok or image is None:
                break
            got_any = True
            msec = cap.get(cv2.CAP_PROP_POS_MSEC)
            if live or not np.isfinite(msec) or (msec <= 0 and index > 0):
                t = time.monotonic() - t0 if live else index / (cap.get(cv2.CAP_PROP_FPS) or 30.0)
            else:
                t = msec / 1000.0
            if image.ndim == 2:
                image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
            yield Frame(index=index, t=float(t), image=image)
    finally:
        cap.release()
    if not got_any and index < 0:
        raise SourceError(f"{source}: no frame could be decoded (not a video, or corrupt)")


def first_frame(source: str | int | os.PathLike[str]) -> Frame:
    """The first decodable frame of a source (SourceError if there is none)."""
    for frame in iter_frames(source):
        return frame
    raise SourceError(f"{source}: no frame in the requested range")


def video_info(source: str | os.PathLike[str]) -> dict[str, float]:
    """Header figures (fps, frame count, size); header counts can exceed what decodes."""
    cap = open_capture(source)
    try:
        return {"fps": cap.get(cv2.CAP_PROP_FPS), "frames": cap.get(cv2.CAP_PROP_FRAME_COUNT),
                "width": cap.get(cv2.CAP_PROP_FRAME_WIDTH), "height": cap.get(cv2.CAP_PROP_FRAME_HEIGHT)}
    finally:
        cap.release()
