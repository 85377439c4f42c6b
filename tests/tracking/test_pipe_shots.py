"""Shot sequences through the tracking stage: what one shot leaves behind must not spoil the next."""

from __future__ import annotations

import numpy as np

from adjudicator.facts import derive
from tracking.shots import ShotBuildConfig, track_shots
from tracking.toysim import Scenario, ToySim, oracle_observations
from vision.geometry import TableGeometry
from vision.types import BallObservations

G = TableGeometry()
FPS = 30.0


def _clip(sc: Scenario, t0: float, k0: int, seed: int) -> tuple[list[BallObservations], float, dict]:
    t = np.arange(0.0, 12.0, 1.0 / FPS)
    truth = ToySim().run(sc, t)
    keep = t <= truth.t_rest + 1.0
    out = [BallObservations(t=o.t + t0, frame_index=o.frame_index + k0, xy=o.xy, id_scores=o.id_scores)
           for o in oracle_observations(t[keep], truth.xy[keep], truth.visible[keep], seed=seed)]
    return out, float(t[keep][-1]) + t0 + 1 / FPS, truth.xy[keep][-1]


def test_cue_ball_scratched_comes_back_in_hand_for_the_next_shot() -> None:
    """A scratch must not take the cue ball's identity out of play: the next shot (ball in hand) still has a cue
    ball, a first contact and its pockets (on the dev sequences, every shot after a scratch lost its first
    contact)."""
    corner = np.array([G.length, G.width])
    cue0 = np.array([2.0, 1.0])
    v = (corner - cue0) / np.linalg.norm(corner - cue0) * 2.0
    first, t1, rest = _clip(Scenario({0: tuple(cue0), 3: (0.9, 0.45), 5: (1.2, 0.9)}, tuple(v)), 0.0, 0, 1)
    # two seconds of ball in hand: the 3 and the 5 at rest, the cue ball not on the table
    hand = []
    for k in range(int(2 * FPS)):
        o = oracle_observations(np.array([0.0]), rest[None], ~np.isnan(rest[None, :, 0]), seed=100 + k)
        ob = next(iter(o))
        hand.append(BallObservations(t=t1 + k / FPS, frame_index=len(first) + k, xy=ob.xy, id_scores=ob.id_scores))
    t2 = t1 + 2.0
    # put down at (1.8, 0.5) and shot straight at the 3
    cue1 = np.array([1.8, 0.5])
    aim = np.array([0.9, 0.45]) - cue1
    second, _, _ = _clip(Scenario({0: tuple(cue1), 3: (0.9, 0.45), 5: (1.2, 0.9)},
                                  tuple(aim / np.linalg.norm(aim) * 1.5)), t2, len(first) + len(hand), 2)
    shots = list(track_shots(first + hand + second, G, "nine-ball", cfg=ShotBuildConfig(noise_sigma=0.0015)))
    assert len(shots) == 2
    f1, f2 = derive(shots[0]), derive(shots[1])
    assert f1.scratch and f1.first_contact is None
    assert f2.first_contact == 3
    assert not f2.scratch


def test_a_hand_carrying_a_ball_across_the_table_is_not_a_shot() -> None:
    """Between shots a hand brings a ball in (ball in hand) and puts it down: the detections it leaves are young
    tracks that move; they must not open a shot. The shot that follows is still found."""
    from tracking.segment import ShotSegmenter
    from tracking.tracker import TrackState

    seg = ShotSegmenter()
    rest = {1: (1.5, 0.6), 2: (2.0, 0.9)}

    def states(extra: dict[int, tuple[float, float]]) -> list[TrackState]:
        return [TrackState(k, k, p, (0.0, 0.0), True, 1.0) for k, p in {**rest, **extra}.items()]

    windows = []
    t = 0.0
    for _ in range(30):
        windows.append(seg.update(t, states({})))
        t += 1 / FPS
    for k in range(8):  # carried in from the rail, 3 cm a frame, then put down
        windows.append(seg.update(t, states({9: (0.2 + 0.03 * k, 0.1 + 0.03 * k)})))
        t += 1 / FPS
    for _ in range(30):
        windows.append(seg.update(t, states({9: (0.41, 0.31)})))
        t += 1 / FPS
    assert not seg.moving and all(w is None for w in windows)
    for k in range(10):  # now it is struck
        seg.update(t, states({9: (0.41 + 0.1 * (k + 1), 0.31)}))
        t += 1 / FPS
    assert seg.moving


def test_a_strike_just_after_the_clip_starts_is_one_shot() -> None:
    """Balls seen from the first frame are not young tracks: a clip that starts 0.5 s before the strike still
    gives one shot with its first contact (the young-track rule split this toy soft shot at 60 fps in two)."""
    import zlib

    from tracking.families import make_scenario

    sc = make_scenario("soft", 2)
    assert sc.t_strike <= 0.5
    fps = 60.0
    t = np.arange(0.0, sc.t_strike + 12.0, 1.0 / fps)
    truth = ToySim().run(sc, t)
    keep = t <= truth.t_rest + 1.5
    sigma = (G.length + 2 * G.rail_width) / 1280
    obs = oracle_observations(t[keep], truth.xy[keep], truth.visible[keep], sigma=sigma,
                              seed=zlib.crc32(b"soft/2/60.0/720p"))
    shots = list(track_shots(obs, G, cfg=ShotBuildConfig(noise_sigma=sigma)))
    assert len(shots) == 1
    assert derive(shots[0]).first_contact == 4
