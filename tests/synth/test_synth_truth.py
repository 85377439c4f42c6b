"""The ground truth is self-consistent and is a match log the referee accepts (needs pooltool: the sim extra).

Checks on every shot: events in time order; a ball pocketed or off the table is absent afterwards and from later
shots' ``before``; collisions only between balls on the table; cushion events next to the rail they name; pocket
events next to the pocket they name; the truth sampler agrees with ``after``; same seed, same truth.
"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pooltool")

from adjudicator.match import Match  # noqa: E402
from adjudicator.records import parse_record  # noqa: E402
from cueref.synth.clip import SynthClip, simulate_scenario  # noqa: E402
from vision.geometry import TableGeometry  # noqa: E402

GEO = TableGeometry()
R = GEO.ball_radius
FAST = ["cut", "scratch", "bank", "jump", "break-9", "combination"]
SLOW = ["kick", "soft", "rails", "frozen", "near-rail", "miss", "break-8", "break-14.1", "straight-pool-run",
        "eight-ball-rack", "nine-ball-rack"]

_cache: dict[tuple[str, int], SynthClip] = {}


def _clip(name: str, seed: int) -> SynthClip:
    if (name, seed) not in _cache:
        _cache[(name, seed)] = simulate_scenario(name, seed)
    return _cache[(name, seed)]


def check_shot(rec: dict, gone: set[int], clip: SynthClip) -> set[int]:
    """One shot record against the rules of truth; returns the balls that left the table in it."""
    before, after = {int(k): v for k, v in rec["before"].items()}, {int(k): v for k, v in rec["after"].items()}
    assert not gone & set(before), f"shot {rec['shot']}: pocketed balls {gone & set(before)} are back"
    on_table = set(before)
    ts = [e["t"] for e in rec["events"]]
    assert ts == sorted(ts), f"shot {rec['shot']}: events out of order"
    assert rec["events"][0]["type"] == "strike" and rec["events"][-1]["type"] == "rest"
    assert rec["t_start"] == rec["events"][0]["t"] and rec["t_end"] == rec["events"][-1]["t"]
    left: set[int] = set()
    for e in rec["events"]:
        kind = e["type"]
        if kind == "collision":
            assert set(e["balls"]) <= on_table - left, f"collision {e} with a ball not on the table"
        if kind == "cushion":
            x, y = e["position"]
            dist = GEO.rail_distance(x, y)[e["rail"]]
            assert -0.03 < dist < R + 0.06, f"cushion event {e} is {dist:.3f} m from the {e['rail']} rail"
        if kind == "pocket":
            p = GEO.pocket(e["pocket"]).centre
            d = float(np.hypot(e["position"][0] - p[0], e["position"][1] - p[1]))
            assert d < 0.12, f"pocket event {e} is {d:.3f} m from the {e['pocket']} pocket"
        if kind in ("pocket", "off_table"):
            assert e["ball"] in on_table - left
            left.add(e["ball"])
    assert not left & set(after), f"shot {rec['shot']}: {left & set(after)} left the table but are in after"
    assert set(after) == on_table - left
    final = clip.positions(rec["t_end"] + 2e-6)  # times in the log are rounded to the microsecond
    for b, (x, y) in after.items():
        assert np.hypot(final[b, 0] - x, final[b, 1] - y) < 1e-4
        assert -0.001 < x < GEO.length + 0.001 and -0.001 < y < GEO.width + 0.001
    for b in left:
        assert np.isnan(final[b]).all()
    return left


def check_consistent(clip: SynthClip) -> None:
    """Every shot consistent; a ball that left stays gone unless the referee spots it or re-racks; and the
    referee (adjudicator.match) accepts the whole log, one ruling per shot."""
    assert clip.shots, "a scenario logs at least one shot"
    match = Match(file="<test>")
    gone: set[int] = set()
    shot_rulings = 0
    for i, r in enumerate(clip.records, start=1):
        if r["type"] == "shot":
            gone |= check_shot(r, gone, clip) - {0}
        for ruling in match.feed(parse_record(r), line=i):
            shot_rulings += ruling.decision is None
            if ruling.rerack:
                gone.clear()
            gone -= set(ruling.spot)
    assert shot_rulings == len(clip.shots)


@pytest.mark.parametrize("name", FAST)
def test_truth_is_consistent_and_judged(name: str) -> None:
    check_consistent(_clip(name, 1))


@pytest.mark.slow
@pytest.mark.parametrize("name", SLOW)
def test_truth_is_consistent_and_judged_slow(name: str) -> None:
    check_consistent(_clip(name, 2))


def test_jump_is_marked_synthetic_and_leaves_the_table() -> None:
    rec = _clip("jump", 1).shots[0]
    assert rec["synthetic_jump"]["ball"] in {e["ball"] for e in rec["events"] if e["type"] == "off_table"}
    assert str(rec["synthetic_jump"]["ball"]) not in rec["after"]


def test_same_seed_same_truth() -> None:
    a = simulate_scenario("cut", 5)
    b = simulate_scenario("cut", 5)
    c = simulate_scenario("cut", 6)
    assert a.records == b.records
    assert a.records != c.records


def test_sequence_re_racks_in_straight_pool() -> None:
    """The 14.1 run: calls before shots, and (when the run gets there) 14 balls come back after a re-rack."""
    clip = _clip("straight-pool-run", 3)
    assert [r["type"] for r in clip.records][:2] == ["match", "state"]
    for i, r in enumerate(clip.records):
        if r["type"] == "shot" and r["shot"] > 0 and clip.records[i - 1]["type"] == "call":
            call = clip.records[i - 1]
            assert call.get("safety") or str(call["ball"]) in r["before"]
    check_consistent(clip)
    counts = [len(r["before"]) - 1 for r in clip.shots]
    for prev, cur in zip(counts, counts[1:], strict=False):
        assert cur <= prev or cur >= 14, f"balls appeared without a re-rack: {counts}"
