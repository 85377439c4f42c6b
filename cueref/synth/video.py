"""Write frames to an mp4: H.264 through imageio-ffmpeg's bundled FFmpeg when it is installed (the sim extra has
it: small files, the compression a real camera's stream has), else OpenCV's own writer (H.264 where its FFmpeg
has an encoder, else MPEG-4 part 2, 'mp4v', about seven times larger)."""

from __future__ import annotations

import contextlib
import os
import subprocess
from collections.abc import Iterator

import cv2
import numpy as np

from adjudicator.errors import SourceError


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """FFmpeg inside OpenCV prints to fd 2 directly when a codec is missing; keep the probe silent."""
    try:
        fd = os.dup(2)
    except OSError:
        yield
        return
    with open(os.devnull, "w") as null:
        os.dup2(null.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(fd, 2)
            os.close(fd)


def _ffmpeg_exe() -> str | None:
    try:
        import imageio_ffmpeg
    except ImportError:
        return None
    try:
        return str(imageio_ffmpeg.get_ffmpeg_exe())
    except RuntimeError:
        return None


class VideoSink:
    """``write(frame)`` BGR uint8 frames of ``size`` (w, h); ``close()``. ``codec`` says what was used.

    ``crf`` is x264's constant rate factor (lower = better and larger; 23 is its default).
    """

    def __init__(self, path: str, fps: float, size: tuple[int, int], *, crf: int = 23) -> None:
        self.path, self.size = path, size
        self._proc: subprocess.Popen[bytes] | None = None
        self._cv: cv2.VideoWriter | None = None
        exe = _ffmpeg_exe()
        if exe is not None:
            w, h = size
            cmd = [exe, "-y", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "bgr24", "-s", f"{w}x{h}",
                   "-r", str(fps), "-i", "-", "-an", "-c:v", "libx264", "-preset", "veryfast", "-crf", str(crf),
                   "-pix_fmt", "yuv420p", "-movflags", "+faststart", "-f", "mp4", path]
            self._proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stderr=subprocess.PIPE)
            self.codec = "h264 (imageio-ffmpeg)"
            return
        for fourcc in ("avc1", "mp4v"):
            with _quiet_stderr():
                writer = cv2.VideoWriter(path, cv2.VideoWriter_fourcc(*fourcc), fps, size)
            if writer.isOpened():
                self._cv, self.codec = writer, fourcc
                return
            writer.release()
        raise SourceError(f"cannot write video {path}: no mp4 encoder (install imageio-ffmpeg)")

    def write(self, frame: np.ndarray) -> None:
        if frame.shape[1::-1] != self.size:
            raise ValueError(f"frame size {frame.shape[1::-1]} != video size {self.size}")
        if self._proc is not None:
            assert self._proc.stdin is not None
            self._proc.stdin.write(np.ascontiguousarray(frame).tobytes())
        elif self._cv is not None:
            self._cv.write(frame)

    def close(self) -> None:
        if self._proc is not None:
            assert self._proc.stdin is not None and self._proc.stderr is not None
            self._proc.stdin.close()
            err = self._proc.stderr.read().decode(errors="replace").strip()
            if self._proc.wait() != 0:
                raise SourceError(f"ffmpeg could not write {self.path}: {err.splitlines()[-1] if err else 'failed'}")
            self._proc = None
        if self._cv is not None:
            self._cv.release()
            self._cv = None
