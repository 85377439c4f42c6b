"""From a played scenario to the files of a clip: NAME.mp4, NAME.truth.jsonl, NAME.calibration.json,
NAME.trajectory.npz (contracts: docs/SYNTH.md) and NAME.calls.jsonl (the log without the shots' contents: what a
user gives ``cueref review --calls``).

Frame k shows the table at t = k / fps (the exposure is centred there). The trajectory file holds the truth at
every frame time and on a 1 kHz grid, with per-ball visibility (false while the ball is off the table or its
centre is under a cue or an arm).
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from adjudicator.errors import ConfigError
from adjudicator.records import dumps
from cueref.synth.camera import RESOLUTIONS, CameraModel
from cueref.synth.game import GameDriver
from cueref.synth.motion import N_BALLS, Motion
from cueref.synth.render import (
    CLOTH_COLOURS,
    RenderStyle,
    TableScene,
    covered,
    occluder_capsules_px,
    random_orientation,
    render_frame,
)
from cueref.synth.timeline import Timeline
from cueref.synth.video import VideoSink
from vision.geometry import TableGeometry


@dataclass
class SynthClip:
    """A played scenario: its truth log records, the balls' motion and what covered the table when."""

    name: str
    records: list[dict[str, Any]]
    motion: Motion
    timeline: Timeline
    geometry: TableGeometry
    table: str = "9ft"
    info: dict[str, Any] = field(default_factory=dict)

    @property
    def duration(self) -> float:
        return self.motion.t_end

    @property
    def shots(self) -> list[dict[str, Any]]:
        return [r for r in self.records if r["type"] == "shot"]

    def positions(self, t: float) -> np.ndarray:
        """(16, 2) truth positions at clip time t (NaN: not on the table)."""
        return self.motion.positions(t)

    def visible(self, times: np.ndarray, camera: CameraModel) -> np.ndarray:
        """(T, 16) on the table and not hidden by a cue or an arm, at ``times``."""
        xy = self.motion.sample(times)[0]
        vis = np.isfinite(xy).all(axis=2)
        r = self.geometry.ball_radius
        for w in self.timeline.windows:
            idx = np.flatnonzero((times >= w.t0) & (times <= w.t1))
            for i in idx:
                occ = w.occluders(float(times[i]), self.geometry)
                if not occ:
                    continue
                present = np.flatnonzero(vis[i])
                if not len(present):
                    continue
                px = camera.project_xy(xy[i, present], r)
                hidden = covered(px, occluder_capsules_px(camera, occ))
                vis[i, present[hidden]] = False
        return vis


def simulate_scenario(name: str, seed: int, *, table: str = "9ft", occlusion: bool = True) -> SynthClip:
    """Play scenario ``name`` with ``seed`` (needs the sim extra). Same name and seed, same clip."""
    from cueref.synth.scenarios import get_scenario

    sc = get_scenario(name)
    try:
        geo = TableGeometry.named(table)
    except ValueError as exc:
        raise ConfigError(f"--table: {exc}") from None
    rng = np.random.default_rng([seed, _stable_hash(name)])
    drv: GameDriver = sc.run(rng, geo, occlusion)
    for r in drv.records:
        if r["type"] == "match":
            r["table"] = table
    return SynthClip(name=name, records=drv.records, motion=drv.timeline.motion(), timeline=drv.timeline,
                     geometry=geo, table=table,
                     info={"scenario": name, "seed": seed, "game": sc.game, "kind": sc.kind, "occlusion": occlusion})


def _stable_hash(text: str) -> int:
    return int.from_bytes(text.encode()[:8].ljust(8, b"\0"), "little") % (2**31)


def make_camera(geo: TableGeometry, res: str, rng: np.random.Generator, *, table: str = "9ft",
                realistic: bool = True) -> CameraModel:
    """A camera for a clip: square to the table when not ``realistic``, else a slight tilt, roll and lens."""
    if res not in RESOLUTIONS:
        raise ConfigError(f"--res must be one of {', '.join(RESOLUTIONS)}, got {res!r}")
    size = RESOLUTIONS[res]
    if not realistic:
        return CameraModel.overhead(geo, size, table=table)
    return CameraModel.overhead(geo, size, table=table, height=float(rng.uniform(2.9, 3.6)),
                                tilt_deg=(float(rng.uniform(-1.5, 1.5)), float(rng.uniform(-1.5, 1.5))),
                                roll_deg=float(rng.uniform(-0.8, 0.8)), k1=float(rng.uniform(-0.06, 0.01)),
                                k2=float(rng.uniform(0.0, 0.02)), fill=float(rng.uniform(0.88, 0.93)))


def _atomic_text(path: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def calls_only(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What a user would give ``cueref review --calls``: the truth log with each shot reduced to a bare slot."""
    return [{"type": "shot", "shot": r["shot"]} if r["type"] == "shot" else r for r in records]


def orientations(motion: Motion, times: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """(T, 16, 3, 3) body->world rotations: random at the start, then the angular velocity integrated."""
    out = np.empty((len(times), N_BALLS, 3, 3))
    cur = np.stack([random_orientation(rng) for _ in range(N_BALLS)])
    _, _, w = motion.sample(times)
    prev_t = times[0]
    for k, t in enumerate(times):
        dt = t - prev_t
        if dt > 0:
            wm = np.nan_to_num(0.5 * (w[k] + w[k - 1]))
            for b in range(N_BALLS):
                rv = wm[b] * dt
                if np.any(rv):
                    rot, _ = cv2.Rodrigues(rv.reshape(3, 1))
                    cur[b] = rot @ cur[b]
        out[k] = cur
        prev_t = t
    return out


def render_clip(clip: SynthClip, out_dir: str | os.PathLike[str], *, name: str | None = None, fps: int = 30,
                res: str = "720p", cloth: str = "blue", realistic: bool = True, seed: int = 0,
                style: RenderStyle | None = None, camera: CameraModel | None = None) -> dict[str, Any]:
    """Render ``clip`` and write NAME.mp4, NAME.truth.jsonl, NAME.calibration.json, NAME.trajectory.npz.

    Args:
        realistic: a tilted camera with lens distortion, noise, light falloff and motion blur (False: a square,
            clean camera, as the pixel-accuracy tests use).
        style, camera: override the look or the camera entirely.
    Returns a summary (paths, frames, seconds spent).
    """
    if fps not in (30, 60):
        raise ConfigError(f"--fps must be 30 or 60, got {fps}")
    if cloth not in CLOTH_COLOURS:
        raise ConfigError(f"--cloth must be one of {', '.join(CLOTH_COLOURS)}, got {cloth!r}")
    name = name or clip.name
    out = Path(out_dir)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ConfigError(f"--out {out}: cannot create the folder ({exc.strerror})") from None
    if not os.access(out, os.W_OK):
        raise ConfigError(f"--out {out}: the folder is not writable")
    rng = np.random.default_rng([seed, 7])
    cam = camera or make_camera(clip.geometry, res, rng, table=clip.table, realistic=realistic)
    st = style or (RenderStyle(cloth=cloth) if realistic else RenderStyle.clean(cloth))
    t0 = time.perf_counter()
    scene = TableScene(cam, st)
    n = int(np.floor(clip.duration * fps)) + 1
    times = np.arange(n) / fps
    xy, v, _ = clip.motion.sample(times)
    rot = orientations(clip.motion, times, rng)
    noise = np.random.default_rng([seed, 11]) if st.noise_sigma > 0 else None
    video = out / f"{name}.mp4"
    tmp_video = out / f".{name}.tmp.mp4"
    sink = VideoSink(str(tmp_video), fps, cam.image_size)
    codec = sink.codec
    try:
        for k, t in enumerate(times):
            o_cam = np.einsum("ij,bjk->bik", cam.r, rot[k])
            frame = render_frame(scene, xy[k], orientations=o_cam, velocities=v[k],
                                 occluders=clip.timeline.occluders_at(float(t)), rng=noise)
            sink.write(frame)
        sink.close()
        os.replace(tmp_video, video)
    except BaseException:
        sink.close()
        tmp_video.unlink(missing_ok=True)
        raise
    t_render = time.perf_counter() - t0
    # truth: log, calibration, trajectory
    _atomic_text(out / f"{name}.truth.jsonl", "".join(dumps(r) + "\n" for r in clip.records))
    _atomic_text(out / f"{name}.calls.jsonl", "".join(dumps(r) + "\n" for r in calls_only(clip.records)))
    cal = cam.calibration()
    cal.extra = {"synth": {"scenario": clip.info.get("scenario"), "seed": clip.info.get("seed"), "fps": fps,
                           "codec": codec, "cloth": cloth, "realistic": realistic}}
    cal.save(out / f"{name}.calibration.json")
    os.chmod(out / f"{name}.calibration.json", 0o644)
    t_ms = np.arange(0.0, clip.duration, 0.001)
    xy_ms = clip.motion.sample(t_ms)[0]
    px = cam.distort(cam.project_xy(xy, clip.geometry.ball_radius))
    radius = np.full(xy.shape[:2], np.nan, np.float32)
    flat = xy.reshape(-1, 2)
    ok = np.isfinite(flat).all(axis=1)
    if ok.any():
        radius.reshape(-1)[ok] = scene.ball_pixels(flat[ok])[1]
    data = {
        "t": times, "xy": xy.astype(np.float64), "visible": clip.visible(times, cam), "xy_px": px.astype(np.float32),
        "radius_px": radius,
        "t_1khz": t_ms, "xy_1khz": xy_ms.astype(np.float32), "visible_1khz": clip.visible(t_ms, cam),
        "fps": np.array(fps), "info": np.array(json.dumps(clip.info)),
    }
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".npz", dir=out)
    os.close(fd)
    try:
        np.savez_compressed(tmp, **data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, out / f"{name}.trajectory.npz")
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return {"name": name, "frames": n, "duration": clip.duration, "fps": fps, "res": res, "codec": codec,
            "render_s": t_render, "total_s": time.perf_counter() - t0,
            "files": [str(out / f"{name}{ext}") for ext in (".mp4", ".truth.jsonl", ".calls.jsonl",
                                                              ".calibration.json", ".trajectory.npz")]}
