"""``cueref track`` on an observations file, and the tracker's handling of real-footage artefacts."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from adjudicator.records import Shot
from cueref.cli import main
from tracking.shots import ShotBuildConfig, track_shots
from tracking.toysim import Scenario, ToySim
from tracking.tracker import BallTracker
from vision.geometry import TableGeometry
from vision.types import BallObservations

G = TableGeometry()


def _observations(sc: Scenario, fps: float = 30.0, t_end: float = 6.0, sigma: float = 0.0015):
    t = np.arange(0.0, t_end, 1 / fps)
    truth = ToySim().run(sc, t)
    rng = np.random.default_rng(3)
    out = []
    for i, ti in enumerate(t):
        bs = [b for b in range(16) if truth.visible[i, b]]
        ids = np.full((len(bs), 16), 0.4 / 15)
        for k, b in enumerate(bs):
            ids[k, b] = 0.6
        xy = np.array([truth.xy[i, b] for b in bs]).reshape(-1, 2) + rng.normal(0, sigma, (len(bs), 2))
        out.append(BallObservations(t=float(ti), frame_index=i, xy=xy, id_scores=ids))
    return truth, out


def test_track_command_writes_valid_shot_records(tmp_path: Path) -> None:
    from vision.calibration import TableCalibration
    from vision.obsfile import write_observations

    cal = TableCalibration.from_corners([[100, 100], [1820, 100], [1820, 960], [100, 960]], (1920, 1080), head="left")
    _, obs = _observations(Scenario({0: (0.6, 0.6), 1: (1.6, 0.64)}, (2.0, 0.05)))
    obs_file = tmp_path / "obs.jsonl"
    write_observations(obs_file, "synthetic", cal, iter(obs))
    out = tmp_path / "shots.jsonl"
    assert main(["track", str(obs_file), "--out", str(out)]) == 0
    shots = [Shot.from_dict(json.loads(line)) for line in out.read_text().splitlines()]
    assert len(shots) == 1
    assert [e.balls for e in shots[0].events if e.type == "collision"][0] == (0, 1)
    assert not list(tmp_path.glob("*.tmp"))


def test_track_command_rejects_a_bad_game_in_one_line(tmp_path: Path, capsys) -> None:
    rc = main(["track", str(tmp_path / "x.jsonl"), "--game", "snooker", "--out", str(tmp_path / "o.jsonl")])
    assert rc == 2
    assert "--game" in capsys.readouterr().err
    assert not (tmp_path / "o.jsonl").exists()


def test_blur_streak_duplicates_do_not_become_balls() -> None:
    tracker = BallTracker(G)
    ids = np.full((1, 16), 0.01)
    ids[0, 0] = 0.85
    for i in range(10):
        tracker.update(BallObservations(t=i / 30, frame_index=i, xy=np.array([[0.5 + 0.3 * max(0, i - 4), 0.6]]),
                                        id_scores=ids))
    # the ball moves 30 cm a frame; the detector also finds a second circle 12 cm back along its blur
    extra = BallObservations(t=10 / 30, frame_index=10, xy=np.array([[0.5 + 0.3 * 6, 0.6], [0.5 + 0.3 * 6 - 0.12, 0.6]]),
                             id_scores=np.vstack([ids, ids]))
    tracker.update(extra)
    assert len(tracker.tracks) == 1


def test_shot_cut_off_by_the_end_of_the_clip_is_written_and_flagged() -> None:
    _, obs = _observations(Scenario({0: (0.6, 0.6), 1: (1.6, 0.64)}, (2.0, 0.05)), t_end=1.5)
    shots = list(track_shots(iter(obs), G, cfg=ShotBuildConfig(noise_sigma=0.0015)))
    assert len(shots) == 1
    assert shots[0].extra.get("unfinished") is True
    assert shots[0].confidence is not None and shots[0].confidence <= 0.5
