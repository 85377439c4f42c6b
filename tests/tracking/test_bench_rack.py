"""bench/events.py's extra collision figure leaves out shots that break up a rack (sixth round): inside a rack the
simulator reports touches of frozen balls moving off together that no camera resolves."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from adjudicator.records import Shot

_spec = importlib.util.spec_from_file_location("bench_events", Path(__file__).resolve().parents[2] / "bench" / "events.py")
assert _spec is not None and _spec.loader is not None
bench = importlib.util.module_from_spec(_spec)
sys.modules["bench_events"] = bench
_spec.loader.exec_module(bench)


def _shot(collisions: list[tuple[float, int, int]]) -> Shot:
    events = [{"t": 1.0, "type": "strike"}] + [{"t": t, "type": "collision", "balls": [a, b]} for t, a, b in collisions]
    return bench.truth_shot(events, {0: (0.5, 0.6)}, {0: (0.7, 0.6)})


def test_a_break_is_a_rack_and_a_combination_is_not() -> None:
    brk = _shot([(1.50, 0, 1), (1.50, 1, 2), (1.501, 1, 3), (1.52, 2, 4), (1.55, 3, 5), (1.58, 4, 6)])
    combo = _shot([(1.50, 0, 1), (1.53, 1, 2), (1.56, 2, 3), (2.4, 0, 5)])
    late = _shot([(1.50, 0, 1), (1.70, 1, 2), (1.75, 2, 3), (1.8, 3, 4), (1.9, 4, 5)])
    assert bench.rack_break(brk)
    assert not bench.rack_break(combo)
    assert not bench.rack_break(late)


def test_a_cluster_driven_apart_later_in_the_shot_is_a_rack() -> None:
    # 14.1: the cue ball sends the 14 into the re-racked cluster a second later; four pairs touch within 2 ms
    # (ho9 straight-pool-run-109 at 41.15 s), which no camera resolves
    cluster = _shot([(1.26, 0, 14), (2.149, 6, 14), (2.149, 3, 6), (2.150, 3, 9), (2.151, 4, 6), (2.3, 9, 10)])
    assert bench.rack_break(cluster)
