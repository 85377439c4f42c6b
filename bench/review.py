"""End to end: how often does `cueref review` on a synthetic clip rule as the referee would on the exact truth?

For every NAME.mp4 in a folder that has NAME.calls.jsonl and NAME.truth.jsonl beside it (`cueref synth` writes
all three), run the whole review (calibrate → detect → track → judge shot by shot) and judge the truth log.
Shot k of the review is compared with shot k of the truth: the same shot count, and per shot the same
legality, fouls, points and next player; a ruling the referee asked to have looked at (a close call, a
low-confidence event) is counted as flagged. Prints measured figures only.

    python bench/review.py sample_videos          # the bundled clips (development data)
    python bench/review.py /tmp/heldout           # clips made with seeds never looked at
    python bench/review.py DIR --obs-cache CACHE  # detect once, then re-run only tracking and rules

With ``--obs-cache`` the calibration and the detector's observations of each clip are kept in CACHE (made by the
same calibrate/observe steps the review runs; identity scores rounded to 4 decimals as `cueref detect` writes
them), so tracker and rules changes can be measured in seconds; delete the cache after a vision change.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

# bench/vision.py would shadow the vision package: import from the repository root, not from bench/.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from adjudicator.match import judge_file  # noqa: E402
from adjudicator.state import Ruling  # noqa: E402
from cueref import pipeline  # noqa: E402
from cueref.review import run_review  # noqa: E402
from vision.calibration import TableCalibration  # noqa: E402
from vision.obsfile import read_observations, write_observations  # noqa: E402
from vision.types import BallObservations  # noqa: E402


def _cached(clip: Path, cache: Path) -> tuple[str, Iterator[BallObservations]]:
    """The clip's calibration file and observations from ``cache``, made first if missing or older than the clip."""
    cal_file = cache / f"{clip.stem}.calibration.json"
    obs_file = cache / f"{clip.stem}.obs.jsonl"
    if not obs_file.exists() or obs_file.stat().st_mtime < clip.stat().st_mtime:
        cal = pipeline.calibrate(str(clip))
        pipeline.write_atomically(cal_file, json.dumps(cal.to_dict(), indent=2))
        write_observations(obs_file, str(clip), TableCalibration.load(cal_file), pipeline.observe(str(clip), cal))
    return str(cal_file), read_observations(obs_file)[1]


def _per_shot(rulings: list[Ruling]) -> dict[int, Ruling]:
    """The last word on each shot (a decision ruling replaces the shot's first ruling)."""
    out: dict[int, Ruling] = {}
    for r in rulings:
        out[r.shot] = r
    return out


def _key(r: Ruling) -> tuple:
    return (r.legal, tuple(sorted(r.fouls)), tuple(sorted(r.points.items())), r.next)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", type=Path)
    ap.add_argument("--obs-cache", type=Path, default=None,
                    help="keep each clip's calibration and observations here and reuse them (tracker work)")
    args = ap.parse_args()
    clips = sorted(p for p in args.folder.glob("*.mp4")
                   if p.with_suffix(".calls.jsonl").exists() and p.with_suffix(".truth.jsonl").exists())
    if not clips:
        print(f"no clip with .calls.jsonl and .truth.jsonl beside it in {args.folder}", file=sys.stderr)
        return 2
    total = agree = shots_truth = shots_seen = flagged = differ = differ_flagged = 0
    print("MODE: full pipeline (cueref review) against the referee on the exact truth log")
    for clip in clips:
        truth_rulings, _ = judge_file(str(clip.with_suffix(".truth.jsonl")), default_choice="first")
        truth = _per_shot(truth_rulings)
        t0 = time.perf_counter()
        cal_file, obs = _cached(clip, args.obs_cache) if args.obs_cache else (None, None)
        with tempfile.TemporaryDirectory() as tmp:
            result = run_review(str(clip), tmp, calls_path=str(clip.with_suffix(".calls.jsonl")),
                                calibration=cal_file, observations=obs)
        seconds = time.perf_counter() - t0
        seen = _per_shot(result.rulings)
        same = sum(1 for k, r in truth.items() if k in seen and _key(seen[k]) == _key(r))
        print(f"{clip.stem}: truth {len(truth)} shots, review {len(result.shots)} shots, {len(result.rulings)} "
              f"rulings; same ruling on {same}/{len(truth)} shots; {len(result.problems)} problem(s); "
              f"{seconds:.1f} s")
        for k, r in sorted(truth.items()):
            got = seen.get(k)
            if got is None or _key(got) != _key(r):
                differ += 1
                differ_flagged += bool(got is not None and got.review)
                ask = " (flagged for review)" if got is not None and got.review else ""
                print(f"   shot {k}: truth {_key(r)} / review {_key(got) if got else None}{ask}")
        flagged += sum(1 for r in result.rulings if r.review)
        total += len(truth)
        agree += same
        shots_truth += len(truth)
        shots_seen += len(result.shots)
    print(f"ALL: same ruling on {agree}/{total} shots ({100 * agree / max(total, 1):.1f} %); "
          f"shots found {shots_seen} for {shots_truth} in the truth")
    print(f"flagged for review: {flagged} of the review's rulings; {differ_flagged} of the {differ} that differ")
    return 0


if __name__ == "__main__":
    sys.exit(main())
