"""The detector's output as JSON Lines (``cueref detect --out OBS.jsonl``), and reading it back.

Line 1: ``{"type": "detections", "schema": "cueref.detections/1", "source": ..., "calibration": {...}}``;
then one line per frame: ``{"type": "frame", "frame": i, "t": s, "balls": [{"xy": [x, y], "px": [u, v], "r": px,
"conf": c, "ids": [16 scores]}, ...]}`` (xy in table metres, px in image pixels). A ball seen as a long
motion-blur streak also has ``"streak": [dx, dy]`` (table metres, half its path during the exposure; see
``BallObservations.streak``); a reader that does not know the key loses nothing else.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any

import numpy as np

from adjudicator.errors import RecordError
from vision.calibration import TableCalibration
from vision.types import BallObservations

SCHEMA = "cueref.detections/1"


def header(source: str, cal: TableCalibration) -> dict[str, Any]:
    return {"type": "detections", "schema": SCHEMA, "source": source, "calibration": cal.to_dict()}


def frame_record(obs: BallObservations) -> dict[str, Any]:
    balls: list[dict[str, Any]] = [
        {"xy": [round(float(v), 5) for v in obs.xy[i]], "px": [round(float(v), 2) for v in obs.xy_px[i]],
         "r": round(float(obs.radius_px[i]), 2), "conf": round(float(obs.confidence[i]), 3),
         "ids": [round(float(v), 4) for v in obs.id_scores[i]]} for i in range(len(obs))]
    for i in np.flatnonzero(obs.is_streak()):
        balls[i]["streak"] = [round(float(v), 5) for v in obs.streak[i]]
    return {"type": "frame", "frame": obs.frame_index, "t": round(obs.t, 4), "balls": balls}


class ObservationWriter:
    """Writes to a temp file and renames it on ``close()``, so a crash never leaves half a file."""

    def __init__(self, path: str | os.PathLike[str], source: str, cal: TableCalibration) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, self._tmp = tempfile.mkstemp(prefix=self.path.name + ".", suffix=".tmp", dir=self.path.parent)
        self._fh: IO[str] = os.fdopen(fd, "w")
        self._write(header(source, cal))

    def _write(self, rec: dict[str, Any]) -> None:
        self._fh.write(json.dumps(rec, separators=(",", ":")) + "\n")

    def write(self, obs: BallObservations) -> None:
        self._write(frame_record(obs))

    def close(self) -> None:
        self._fh.close()
        os.replace(self._tmp, self.path)

    def abort(self) -> None:
        self._fh.close()
        Path(self._tmp).unlink(missing_ok=True)


def write_observations(path: str | os.PathLike[str], source: str, cal: TableCalibration,
                       frames: Iterable[BallObservations]) -> int:
    w = ObservationWriter(path, source, cal)
    n = 0
    try:
        for obs in frames:
            w.write(obs)
            n += 1
    except BaseException:
        w.abort()
        raise
    w.close()
    return n


def read_observations(path: str | os.PathLike[str]) -> tuple[TableCalibration, Iterator[BallObservations]]:
    """The calibration from the header, and the frames as ``BallObservations``."""
    p = Path(path)
    fh = p.open()
    first = fh.readline()
    try:
        head = json.loads(first)
    except json.JSONDecodeError as exc:
        fh.close()
        raise RecordError("not JSON", file=str(p), line=1) from exc
    if head.get("schema") != SCHEMA:
        fh.close()
        raise RecordError(f"expected a {SCHEMA} header", file=str(p), line=1, field="schema")
    cal = TableCalibration.from_dict(head["calibration"], where=str(p))

    def frames() -> Iterator[BallObservations]:
        with fh:
            for n, line in enumerate(fh, start=2):
                if not line.strip():
                    continue
                try:
                    rec = json.loads(line)
                    balls = rec["balls"]
                    yield BallObservations(
                        t=float(rec["t"]), frame_index=int(rec["frame"]),
                        xy=np.array([b["xy"] for b in balls], float).reshape(-1, 2),
                        xy_px=np.array([b["px"] for b in balls], float).reshape(-1, 2),
                        radius_px=np.array([b["r"] for b in balls], float),
                        confidence=np.array([b["conf"] for b in balls], float),
                        id_scores=np.array([b["ids"] for b in balls], float).reshape(-1, 16),
                        streak=np.array([b.get("streak", (0.0, 0.0)) for b in balls], float).reshape(-1, 2))
                except (KeyError, TypeError, ValueError) as exc:
                    raise RecordError(f"malformed frame record ({exc})", file=str(p), line=n) from exc

    return cal, frames()
