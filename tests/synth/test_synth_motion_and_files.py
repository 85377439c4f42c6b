"""The truth sampler and the clip files, with motion built by hand (no pooltool needed)."""

from __future__ import annotations

import json

import numpy as np
import pytest

pytest.importorskip("cv2")

from adjudicator.errors import ConfigError  # noqa: E402
from adjudicator.records import read_log  # noqa: E402
from cueref.commands.synth import parse_seeds  # noqa: E402
from cueref.synth.clip import SynthClip, render_clip  # noqa: E402
from cueref.synth.motion import Motion  # noqa: E402
from cueref.synth.timeline import Timeline  # noqa: E402
from vision.calibration import TableCalibration  # noqa: E402
from vision.geometry import TableGeometry  # noqa: E402

GEO = TableGeometry()


def _pocket_motion() -> Motion:
    """Ball 3 rolls from (1, 0.5) at 1 m/s along x and drops at t = 0.5 (pre/post samples at the event)."""
    t = np.array([0.0, 0.25, 0.5 - 1e-7, 0.5, 1.0])
    xy = np.full((5, 16, 2), np.nan)
    xy[:, 0] = (0.4, 0.4)
    xy[:3, 3, 0] = 1.0 + t[:3]
    xy[:3, 3, 1] = 0.5
    v = np.zeros_like(xy)
    v[:3, 3] = (1.0, 0.0)
    return Motion(t=t, xy=xy, v=v, w=np.zeros((5, 16, 3)))


@pytest.mark.parametrize("t, expect", [(0.0, 1.0), (0.1, 1.1), (0.49, 1.49), (0.5, None), (0.9, None), (5.0, None)])
def test_sampler_interpolates_and_drops_pocketed_balls(t: float, expect: float | None) -> None:
    pos = _pocket_motion().positions(t)
    assert pos[0].tolist() == [0.4, 0.4]
    if expect is None:
        assert np.isnan(pos[3]).all()
    else:
        assert pos[3] == pytest.approx([expect, 0.5], abs=1e-9)
    assert np.isnan(pos[5]).all()


def test_motion_rejects_bad_shapes_and_overlaps() -> None:
    with pytest.raises(ValueError, match="xy"):
        Motion(t=np.zeros(2), xy=np.zeros((2, 15, 2)), v=np.zeros((2, 16, 2)), w=np.zeros((2, 16, 3)))
    a = Motion.at_rest(np.zeros((16, 2)), 0.0, 1.0)
    with pytest.raises(ValueError, match="overlap"):
        Motion.concat([a, a])
    joined = Motion.concat([a, a.shifted(1.0)])
    assert joined.t_end == 2.0


@pytest.mark.parametrize("text, seeds", [("7", [7]), ("100-103", [100, 101, 102, 103]), ("1,4,9-10", [1, 4, 9, 10])])
def test_parse_seeds(text: str, seeds: list[int]) -> None:
    assert parse_seeds(text) == seeds


@pytest.mark.parametrize("text", ["", "a", "5-2", "1,,x"])
def test_parse_seeds_rejects(text: str) -> None:
    with pytest.raises(ConfigError):
        parse_seeds(text)


def _hand_clip() -> SynthClip:
    """One ball rolling across while an arm reaches over it: no physics, a real timeline."""
    rng = np.random.default_rng(0)
    tl = Timeline(layout={0: (0.5, 0.6), 9: (1.8, 0.3)}, geometry=GEO, rng=rng)
    tl.idle(0.3)
    tl.place({9: (1.9, 0.9)})  # a hand moves ball 9 (hidden meanwhile)
    motion = tl.motion()
    records = [{"type": "match", "schema": "cueref.match/1", "game": "straight-pool", "players": ["Ann", "Bob"],
                "breaker": "Ann", "target": 150, "table": "9ft", "options": {}}]
    return SynthClip(name="hand", records=records, motion=motion, timeline=tl, geometry=GEO,
                     info={"scenario": "hand", "seed": 0})


@pytest.mark.parametrize("realistic, res, fps", [(False, "720p", 30), (True, "720p", 30), (True, "1080p", 60)])
def test_render_clip_writes_the_clip_files(tmp_path, realistic: bool, res: str, fps: int) -> None:
    import cv2

    clip = _hand_clip()
    summary = render_clip(clip, tmp_path, fps=fps, res=res, realistic=realistic, seed=3)
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["hand.calibration.json", "hand.calls.jsonl", "hand.mp4", "hand.trajectory.npz",
                     "hand.truth.jsonl"]
    cap = cv2.VideoCapture(str(tmp_path / "hand.mp4"))
    frames = 0
    while cap.read()[0]:
        frames += 1
    assert frames == summary["frames"] == int(np.floor(clip.duration * fps)) + 1
    cal = TableCalibration.load(tmp_path / "hand.calibration.json")
    assert cal.source == "synth" and cal.image_size == {"720p": (1280, 720), "1080p": (1920, 1080)}[res]
    assert [type(r).__name__ for _, r in read_log(str(tmp_path / "hand.truth.jsonl"))] == ["MatchRecord"]
    d = np.load(tmp_path / "hand.trajectory.npz")
    assert d["xy"].shape == (frames, 16, 2) and d["visible"].shape == (frames, 16)
    assert d["t_1khz"][1] - d["t_1khz"][0] == pytest.approx(0.001)
    assert np.allclose(d["xy_px"][0, 0], cal.table_to_image(d["xy"][0, 0]), atol=1e-3)
    assert d["radius_px"][0, 0] == pytest.approx(float(cal.ball_radius_px(d["xy"][0, 0])), rel=0.02)
    assert np.isnan(d["radius_px"][0, 5])
    # ball 9 is hidden for part of the reach, never ball 0 (far away); absent balls are never visible
    assert not d["visible_1khz"][:, 9].all() and d["visible_1khz"][:, 9].any()
    assert d["visible_1khz"][:, 0].all()
    assert not d["visible"][:, 5].any()
    assert json.loads(str(d["info"]))["scenario"] == "hand"


def test_render_clip_rejects_bad_options(tmp_path) -> None:
    with pytest.raises(ConfigError, match="fps"):
        render_clip(_hand_clip(), tmp_path, fps=25)
    with pytest.raises(ConfigError, match="cloth"):
        render_clip(_hand_clip(), tmp_path, cloth="purple")
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("argv, code, text", [
    (["synth", "--list"], 0, "straight-pool-run"),
    (["synth", "--out", "OUT"], 2, "give --scenario"),
    (["synth", "--scenario", "nope", "--out", "OUT"], 2, "unknown scenario"),
    (["synth", "--suite", "eval", "--seeds", "9-1", "--out", "OUT"], 2, "--seeds"),
])
def test_cli(argv: list[str], code: int, text: str, tmp_path, capsys) -> None:
    from cueref.cli import main

    argv = [str(tmp_path) if a == "OUT" else a for a in argv]
    assert main(argv) == code
    out = capsys.readouterr()
    assert text in out.out + out.err
