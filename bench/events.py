"""Score tracking and event inference against exact ground truth.

    python bench/events.py --split report                     # oracle observations, toy simulator (default)
    .venv-sim/bin/python bench/events.py --source pooltool     # oracle observations, C's pooltool scenarios
    python bench/events.py --synth-dir DIR                    # oracle observations from `cueref synth` clips

ORACLE OBSERVATIONS: truth centres at every frame time + Gaussian noise of ``--noise-px`` pixels (converted to
metres for 720p / 1080p), random dropouts, the truth visibility mask (occluding arms), and identity scores that
put ``--id-p`` on the right ball. This measures the tracker and the event inference alone, not the detector.
Seeds: ``--split dev`` (0-99) is for tuning, ``--split report`` (100+) is what gets reported; never tune on it
(the same split as ``cueref synth``).
"""

from __future__ import annotations

import argparse
import json
import pickle
import statistics
import sys
import zlib
from collections import defaultdict
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from adjudicator.errors import CuerefError  # noqa: E402
from adjudicator.facts import derive  # noqa: E402
from adjudicator.records import Shot, ShotEvent  # noqa: E402
from tracking.families import FAMILIES, make_scenario  # noqa: E402
from tracking.shots import ShotBuildConfig, track_shots  # noqa: E402
from tracking.toysim import ToySim, oracle_observations  # noqa: E402
from vision.geometry import TableGeometry  # noqa: E402

WIDTH_PX = {"720p": 1280, "1080p": 1920}


def _key(e: ShotEvent) -> tuple:
    if e.type == "collision":
        assert e.balls is not None
        return ("collision", tuple(sorted(e.balls)))
    if e.type == "cushion":
        return ("cushion", e.ball, e.rail)
    if e.type == "pocket":
        return ("pocket", e.ball, e.pocket)
    if e.type == "off_table":
        return ("off_table", e.ball)
    return (e.type,)


def _dedupe(events: list[ShotEvent], window: float) -> list[ShotEvent]:
    """Repeated contacts of the same pair / ball and rail within ``window`` are one contact for a camera."""
    out: list[ShotEvent] = []
    for e in events:
        if any(_key(o) == _key(e) and abs(o.t - e.t) < window for o in out):
            continue
        out.append(e)
    return out


def match(truth: list[ShotEvent], est: list[ShotEvent], tol: float):
    used: set[int] = set()
    pairs = []
    for i, te in enumerate(truth):
        best, bj = tol, None
        for j, ee in enumerate(est):
            if j in used or _key(ee) != _key(te):
                continue
            if abs(ee.t - te.t) <= best:
                best, bj = abs(ee.t - te.t), j
        if bj is not None:
            used.add(bj)
            pairs.append((i, bj))
    return pairs


def truth_shot(events: list[dict], before: dict, after: dict) -> Shot:
    evs = sorted(events, key=lambda e: e["t"])
    return Shot.from_dict({"type": "shot", "shot": 1, "t_start": evs[0]["t"], "t_end": evs[-1]["t"],
                           "before": {str(k): list(v) for k, v in before.items()},
                           "after": {str(k): list(v) for k, v in after.items()}, "events": evs})


def cases_toy(split: str, n: int, fps: float, families: list[str] | None = None, first: int = 0):
    base = (0 if split == "dev" else 100) + first
    if split == "dev" and base + n > 100:
        raise CuerefError(f"dev seeds are 0-99: --first {first} --n {n} runs past them")
    sim = ToySim()
    for fam in families or FAMILIES:
        for s in range(base, base + n):
            sc = make_scenario(fam, s)
            t = np.arange(0.0, sc.t_strike + 12.0, 1.0 / fps)
            tr = sim.run(sc, t)
            keep = t <= tr.t_rest + 1.5
            yield fam, s, t[keep], tr.xy[keep], tr.visible[keep], [truth_shot(tr.events, tr.before, tr.after)]


def cases_synth(directory: Path, fps: float):
    for npz in sorted(directory.glob("*.trajectory.npz")):
        name = npz.name[: -len(".trajectory.npz")]
        data = np.load(npz)
        t, xy = data["t"], data["xy"]
        visible = data["visible"] if "visible" in data else ~np.isnan(xy[..., 0])
        sel = np.flatnonzero(np.isclose((t * fps) % 1.0, 0.0, atol=1e-3) | np.isclose((t * fps) % 1.0, 1.0, atol=1e-3))
        if len(sel) < 2:
            sel = np.arange(len(t))
        shots = [json.loads(x) for x in (directory / f"{name}.truth.jsonl").read_text().splitlines()
                 if x.strip() and json.loads(x).get("type") == "shot"]
        if not shots:
            continue
        fam = name.split("_")[0]
        yield fam, name, t[sel], xy[sel], visible[sel], [Shot.from_dict(x) for x in shots]


def clip_grid_key(video: Path) -> str:
    """``FPSfps/RES`` of a clip from its container header (the grid the targets are stated on)."""
    from vision.io import video_info

    info = video_info(str(video))
    height = int(round(info["height"]))
    res = {720: "720p", 1080: "1080p"}.get(height, f"{height}p")
    return f"{round(info['fps']):g}fps/{res}"


def vision_observations(video: Path, cal, cache: Path | None):
    """The detector's observations of one clip; with ``cache``, read from (or written to) ``cache/NAME.obs.jsonl``
    so that tracker work can be repeated on the same observations without re-running the detector. A cached file
    older than the video is refreshed; after a detector change, delete the cache (a warning says when
    ``vision/detect.py`` is newer than it)."""
    from vision.detect import BallDetector
    from vision.io import iter_frames
    from vision.obsfile import read_observations, write_observations

    if cache is None:
        detector = BallDetector(cal)
        return (detector.detect(f) for f in iter_frames(str(video)))
    cached = cache / f"{video.stem}.obs.jsonl"
    import vision.detect as detect_module

    if not cached.exists() or cached.stat().st_mtime < video.stat().st_mtime:
        detector = BallDetector(cal)
        write_observations(cached, str(video), cal, (detector.detect(f) for f in iter_frames(str(video))))
    elif cached.stat().st_mtime < Path(detect_module.__file__).stat().st_mtime:
        print(f"  note: {cached} predates vision/detect.py (cached observations of an older detector)",
              file=sys.stderr)
    return read_observations(cached)[1]


def cases_vision(directory: Path, game: str, cache: Path | None = None, clips: list[str] | None = None,
                 grid: set[str] | None = None):
    """FULL VISION PIPELINE: each `cueref synth` clip's video (this folder and those below it) through D's detector
    (with E's identifier) and the tracker, against the clip's truth shots. Yields the clip's fps/res grid key too.
    ``clips`` (fnmatch patterns on the path below ``directory`` without ``.mp4``, e.g. ``s30_720/jump-*``) narrows
    the run while keeping the cache layout of the whole folder; with ``grid``, only clips whose key
    (``30fps/720p``) is in it."""
    from fnmatch import fnmatch

    from vision.calibration import TableCalibration

    for video in sorted(directory.rglob("*.mp4")):
        name = video.stem
        rel = str(video.relative_to(directory).with_suffix(""))
        if clips and not any(fnmatch(rel, c) for c in clips):
            continue
        truth_file = video.with_name(f"{name}.truth.jsonl")
        cal_file = video.with_name(f"{name}.calibration.json")
        if not truth_file.exists() or not cal_file.exists():
            continue
        key = clip_grid_key(video)
        if grid is not None and key not in grid:
            continue
        cal = TableCalibration.load(cal_file)
        clip_cache = None
        if cache is not None:
            clip_cache = cache / key.replace("/", "_") / str(video.parent.relative_to(directory))
            clip_cache.mkdir(parents=True, exist_ok=True)
        obs = vision_observations(video, cal, clip_cache)
        clip_game = _clip_game(video, game)
        records = [json.loads(x) for x in truth_file.read_text().splitlines() if x.strip()]
        truths = [Shot.from_dict(r) for r in records if r.get("type") == "shot"]
        shots = _track_with_rules(obs, cal, clip_game, records)
        yield key, name.split("_")[0], name, truths, shots


def _track_with_rules(obs, cal, game: str, records: list[dict]) -> list[Shot]:
    """The tracking stage as `cueref review` runs it: after each shot the rules say which balls are on the table
    (spotted balls, a 14.1 re-rack come back). Here the referee's answer is the next truth shot's ``before`` (the
    balls on the table when it is struck, the cue ball always included)."""
    from cueref.pipeline import track

    states = [(float(r["events"][0]["t"]), {int(b) for b in r.get("before", {})} | {0})
              for r in records if r.get("type") == "shot" and r.get("events") and r.get("before")]
    if not states:
        return list(track_shots(obs, cal.geometry, game, cfg=ShotBuildConfig(noise_sigma=0.002)))

    def after(shot: Shot) -> set[int] | None:
        return next((balls for strike, balls in states if strike > shot.t_end), None)

    return track(obs, cal, game, noise_mm=2.0, balls=states[0][1], after_shot=after)


def _clip_game(video: Path, default: str) -> str:
    """The game a `cueref synth` clip was made for (its calls file names it), else ``default``."""
    calls = video.with_name(f"{video.stem}.calls.jsonl")
    if calls.exists():
        for line in calls.read_text().splitlines():
            if line.strip():
                rec = json.loads(line)
                if isinstance(rec, dict) and rec.get("game"):
                    return str(rec["game"])
    return default


_CLIPS: dict = {}
POOLTOOL_FAMILIES = ("break-8", "break-9", "break-14.1", "cut", "miss", "scratch", "soft", "kick", "bank", "rails",
                     "combination", "frozen", "near-rail", "jump")


def cases_pooltool(split: str, n: int, fps: float, res: str, occlusion: bool = True,
                   families: list[str] | None = None, first: int = 0, sim_cache: Path | None = None):
    """C's pooltool scenarios (needs the sim extra), sampled at frame times, with the arms' visibility mask.
    ``families`` limits the families (default all), ``first`` offsets the seeds within the split; ``sim_cache``
    keeps each simulation on disk (a pooltool run takes seconds per scenario; the bench re-runs in a fraction)."""
    from cueref.synth.clip import make_camera, simulate_scenario

    base = (0 if split == "dev" else 100) + first
    if split == "dev" and base + n > 100:
        raise CuerefError(f"dev seeds are 0-99: --first {first} --n {n} runs past them")
    for fam in families or POOLTOOL_FAMILIES:
        for s in range(base, base + n):
            key = (fam, s, occlusion)
            disk = sim_cache / f"{fam}-{s}-{int(occlusion)}.pkl" if sim_cache is not None else None
            if key not in _CLIPS and disk is not None and disk.exists():
                _CLIPS[key] = pickle.loads(disk.read_bytes())
            if key not in _CLIPS:
                try:
                    _CLIPS[key] = simulate_scenario(fam, s, occlusion=occlusion)
                except CuerefError as exc:  # the scenario found no shot of its kind for this seed
                    print(f"  skip {fam} seed={s}: {exc}", file=sys.stderr)
                    _CLIPS[key] = None
                if disk is not None:
                    disk.parent.mkdir(parents=True, exist_ok=True)
                    disk.write_bytes(pickle.dumps(_CLIPS[key]))
            clip = _CLIPS[key]
            if clip is None:
                continue
            t = np.arange(0.0, clip.duration + 1.0, 1.0 / fps)
            xy = clip.motion.sample(t)[0]
            cam = make_camera(clip.geometry, res, np.random.default_rng(s))
            vis = clip.visible(t, cam)
            yield fam, s, t, xy, vis, [Shot.from_dict(x) for x in clip.shots]


def _est_for(truth: Shot, shots: list[Shot]) -> Shot | None:
    strike = truth.events[0].t
    return next((s for s in shots if s.t_start - 0.3 <= strike <= s.t_end), None)


def phantoms(truth: Shot, shots: list[Shot]) -> int:
    """Pocket / off-table events for balls the truth kept on the table (e.g. only hidden under an arm)."""
    est = _est_for(truth, shots)
    if est is None:
        return 0
    ft = derive(truth)
    truth_gone = set(ft.pocket_of) | set(ft.off_table) | ({0} if ft.scratch else set())
    est_gone = {e.ball for e in est.events if e.type in ("pocket", "off_table")}
    return len(est_gone - truth_gone)


RACK_BALLS = 4  # object balls in collisions within RACK_SPAN of a shot's first collision: a rack broken up
RACK_SPAN = 0.1
RACK_BURST = 0.01  # ... or within this span anywhere in the shot: a cluster of frozen balls driven apart
NO_RACK = "collision, shots without a rack break"


def rack_break(truth: Shot) -> bool:
    """Whether a truth shot breaks up a rack: at least ``RACK_BALLS`` object balls in collisions within ``RACK_SPAN``
    s of its first collision, or within ``RACK_BURST`` s anywhere (an object ball driven into a cluster later in the
    shot: 14.1's re-rack, ho9 straight-pool-run-109 at 41.15 s and 50.89 s, 7 pairs in the same millisecond). Inside
    a rack the simulator reports every touch of balls that were frozen together and moved off together (some pairs
    every millisecond for 0.1 s): no camera resolves those, so the collision figure without such shots
    (``NO_RACK``) is printed beside the full one. A chain of ordinary contacts tens of ms apart is no burst."""
    coll = sorted((e for e in truth.events if e.type == "collision" and e.balls), key=lambda e: e.t)
    if not coll:
        return False
    t0 = coll[0].t
    balls = {b for e in coll if e.t <= t0 + RACK_SPAN for b in (e.balls or ()) if b != 0}
    if len(balls) >= RACK_BALLS:
        return True
    for i, first in enumerate(coll):
        burst = {b for e in coll[i:] if e.t <= first.t + RACK_BURST for b in (e.balls or ()) if b != 0}
        if len(burst) >= RACK_BALLS:
            return True
    return False


def score_shot(fam, seed, fps, res, truth: Shot, shots: list[Shot], counts, errs, per_shot, args) -> None:
    est = _est_for(truth, shots)
    est_events = list(est.events) if est else []
    tev = _dedupe([e for e in truth.events if e.type not in ("rest",)], 1.0 / fps)
    eev = [e for e in est_events if e.type not in ("rest",)]
    pairs = match(tev, eev, max(2.0 / fps, 0.05))
    for kind in ("strike", "collision", "cushion", "pocket", "off_table"):
        counts[kind][1] += sum(e.type == kind for e in tev)
        counts[kind][2] += sum(e.type == kind for e in eev)
    for i, j in pairs:
        counts[tev[i].type][0] += 1
        errs.append(abs(tev[i].t - eev[j].t))
    if not rack_break(truth):
        counts[NO_RACK][0] += sum(tev[i].type == "collision" for i, _ in pairs)
        counts[NO_RACK][1] += sum(e.type == "collision" for e in tev)
        counts[NO_RACK][2] += sum(e.type == "collision" for e in eev)
    ft = derive(truth)
    fe = derive(est) if est else None
    checks = {
        "first_contact": fe is not None and fe.first_contact == ft.first_contact,
        "pockets": fe is not None and fe.pocket_of == ft.pocket_of and fe.scratch == ft.scratch,
        "rail_after_contact": fe is not None and fe.rail_after_contact == ft.rail_after_contact,
        "off_table": fe is not None and set(fe.off_table) == set(ft.off_table),
    }
    if fam.startswith("break"):
        checks["first_contact_break"] = checks["first_contact"]
    for k, ok in checks.items():
        per_shot[k][0] += int(ok)
        per_shot[k][1] += 1
    if args.verbose and not all(checks.values()):
        print(f"  MISS {fam} seed={seed} fps={fps} {res}: {[k for k, v in checks.items() if not v]} "
              f"truth_fc={ft.first_contact} est_fc={fe.first_contact if fe else None} truth_pk={ft.pocket_of} "
              f"est_pk={fe.pocket_of if fe else None} truth_off={ft.off_table} est_off={fe.off_table if fe else None}",
              file=sys.stderr)


class _Acc:
    """Per fps/res counters of one bench run."""

    def __init__(self) -> None:
        self.counts: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])  # tp, n_truth, n_est
        self.errs: list[float] = []
        self.per_shot: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        self.phantom = 0
        self.extra_shots = 0
        self.shots = 0


def _summary(acc: _Acc, fps: float, sigma: float | None) -> dict:
    rows = {}
    for kind, (tp, nt, ne) in acc.counts.items():
        rows[kind] = {"precision": round(tp / ne, 4) if ne else None,
                      "recall": round(tp / nt, 4) if nt else None, "truth": nt, "estimated": ne}
    cp = (rows.get("cushion") or {}).get("precision") or 0
    cr = (rows.get("cushion") or {}).get("recall") or 0
    return {
        "events": rows,
        "cushion_f1": round(2 * cp * cr / (cp + cr), 4) if cp + cr else 0.0,
        "shots": {k: {"correct": v[0], "of": v[1], "accuracy": round(v[0] / v[1], 4)}
                  for k, v in acc.per_shot.items()},
        "phantom_departures": acc.phantom,
        "extra_shots": acc.extra_shots,
        "median_timing_error_ms": round(1000 * statistics.median(acc.errs), 2) if acc.errs else None,
        "median_timing_error_frames": round(fps * statistics.median(acc.errs), 3) if acc.errs else None,
        "noise_m": round(sigma, 5) if sigma is not None else None,
    }


def run_vision(args: argparse.Namespace) -> dict:
    """Every clip under ``--synth-dir`` through the full pipeline, scored per fps/res combination (read from each
    clip's header, so one folder may hold the whole 30/60 fps x 720p/1080p grid)."""
    accs: dict[str, _Acc] = {}
    cache = Path(args.obs_cache) if args.obs_cache else None
    grid = {f"{fps:g}fps/{res}" for fps in args.fps for res in args.res}
    for key, fam, name, truths, shots in cases_vision(Path(args.synth_dir), args.game, cache, args.clips, grid):
        acc = accs.setdefault(key, _Acc())
        fps = float(key.split("fps")[0])
        res = key.split("/")[1]
        for truth in truths:
            score_shot(fam, name, fps, res, truth, shots, acc.counts, acc.errs, acc.per_shot, args)
            acc.phantom += phantoms(truth, shots)
        # a shot record no truth shot falls in (a hand placing a ball, a transient detection): the referee would
        # rule on a shot that never happened
        used = {id(_est_for(t, shots)) for t in truths}
        extra = [s for s in shots if id(s) not in used]
        acc.extra_shots += len(extra)
        if args.verbose:
            for s in extra:
                print(f"  EXTRA {name}: shot {s.t_start:.2f}-{s.t_end:.2f} s matches no truth shot", file=sys.stderr)
    order = sorted(accs, key=lambda k: (float(k.split("fps")[0]), k.split("/")[1] != "720p"))
    return {k: _summary(accs[k], float(k.split("fps")[0]), None) for k in order}


def run(args: argparse.Namespace) -> dict:
    if args.vision:
        return run_vision(args)
    g = TableGeometry()
    report: dict = {}
    for fps in args.fps:
        for res in args.res:
            sigma = args.noise_px * (g.length + 2 * g.rail_width) / WIDTH_PX[res]
            acc = _Acc()
            if args.synth_dir:
                source = cases_synth(Path(args.synth_dir), fps)
            elif args.source == "pooltool":
                source = cases_pooltool(args.split, args.n, fps, res, occlusion=not args.no_occlusion,
                                        families=args.families, first=args.first,
                                        sim_cache=Path(args.sim_cache) if args.sim_cache else None)
            else:
                source = cases_toy(args.split, args.n, fps, families=args.families, first=args.first)
            for fam, seed, t, xy, vis, truths in source:
                obs = oracle_observations(t, xy, vis, sigma=sigma, drop=args.drop, id_p=args.id_p,
                                          seed=zlib.crc32(f"{fam}/{seed}/{fps}/{res}".encode()))
                shots = list(track_shots(obs, g, cfg=ShotBuildConfig(noise_sigma=max(sigma, 0.001))))
                for truth in truths:
                    score_shot(fam, seed, fps, res, truth, shots, acc.counts, acc.errs, acc.per_shot, args)
                    acc.phantom += phantoms(truth, shots)
                used = {id(_est_for(t, shots)) for t in truths}
                acc.extra_shots += sum(id(s) not in used for s in shots)
            report[f"{fps:g}fps/{res}"] = _summary(acc, fps, sigma)
    return report


def print_grid(report: dict) -> None:
    """One line per fps/res combination: the figures the targets are stated on."""
    cols = ("first_contact", "first_contact_break", "pockets", "rail_after_contact", "off_table")
    print("\n| fps/res | shots | first contact | (breaks) | pockets | rail after | off table | cushion F1 | "
          "collision R | phantom | extra shots | median err |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for key, r in report.items():
        sh = r["shots"]
        cells = [f"{sh[c]['correct']}/{sh[c]['of']}" if c in sh else "-" for c in cols]
        n = sh.get("first_contact", {}).get("of", 0)
        coll = r["events"].get("collision", {}).get("recall")
        print(f"| {key} | {n} | {' | '.join(cells)} | {r['cushion_f1']} | {coll} | {r['phantom_departures']} | "
              f"{r.get('extra_shots', '-')} | {r['median_timing_error_ms']} ms |")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--split", choices=("dev", "report"), default="report")
    ap.add_argument("--n", type=int, default=12, help="scenarios per family")
    ap.add_argument("--first", type=int, default=0, help="first seed, counted from the split's first (0 / 100)")
    ap.add_argument("--families", nargs="+", default=None,
                    help="only these scenario families (e.g. break-9 break-8 break-14.1 for pooltool)")
    ap.add_argument("--fps", type=float, nargs="+", default=[30.0, 60.0])
    ap.add_argument("--res", nargs="+", choices=tuple(WIDTH_PX), default=["720p", "1080p"])
    ap.add_argument("--noise-px", type=float, default=1.0)
    ap.add_argument("--drop", type=float, default=0.02, help="chance a visible ball is missed in a frame")
    ap.add_argument("--id-p", type=float, default=0.6, help="identity score put on the right ball")
    ap.add_argument("--synth-dir", default=None, help="read `cueref synth` clips (trajectory + truth) from here")
    ap.add_argument("--source", choices=("toy", "pooltool"), default="toy",
                    help="toy: tracking.toysim families; pooltool: cueref.synth scenarios (needs the sim extra)")
    ap.add_argument("--sim-cache", default=None,
                    help="pooltool source: keep each simulated scenario here (pickles; delete after a cueref.synth "
                         "change)")
    ap.add_argument("--no-occlusion", action="store_true", help="pooltool source: no arms over the table")
    ap.add_argument("--vision", action="store_true",
                    help="with --synth-dir: run the FULL VISION PIPELINE on each clip's video (the folder and "
                         "its sub-folders) instead of oracle observations; scored per fps/res read from each clip")
    ap.add_argument("--game", default="straight-pool",
                    help="--vision: the game (limits ball ids) when a clip's calls file does not name it")
    ap.add_argument("--obs-cache", default=None,
                    help="--vision: keep the detector's observations here (refreshed when the video or "
                         "vision/detect.py is newer) so that tracker changes re-run in seconds")
    ap.add_argument("--clips", nargs="+", default=None,
                    help="--vision: only clips whose path below --synth-dir (no .mp4) matches one of these "
                         "fnmatch patterns, e.g. 's30_720/jump-*' (the cache layout stays that of the whole folder)")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--json", default=None, help="also write the report here")
    args = ap.parse_args()
    source = (f"synth clips in {args.synth_dir}" if args.synth_dir else
              f"{'pooltool scenarios (cueref.synth)' if args.source == 'pooltool' else 'toy simulator'}, "
              f"{args.split} seeds")
    if args.vision:
        if not args.synth_dir:
            ap.error("--vision needs --synth-dir")
        print(f"MODE: FULL VISION PIPELINE (video -> vision.detect.BallDetector -> tracker); source: {source}")
    else:
        print(f"MODE: oracle observations (truth + {args.noise_px} px noise, {args.drop:.0%} dropouts, truth "
              f"visibility, id_p={args.id_p}); source: {source}; NOT the vision pipeline")
    report = run(args)
    for key, r in report.items():
        noise = f"noise {r['noise_m'] * 1000:.2f} mm" if r["noise_m"] is not None else "detector observations"
        print(f"== {key} ({noise})")
        for kind, row in r["events"].items():
            if kind == NO_RACK:
                continue
            print(f"   {kind:10s} P={row['precision']}  R={row['recall']}  (truth {row['truth']}, est {row['estimated']})")
        if NO_RACK in r["events"]:
            row = r["events"][NO_RACK]
            print(f"   ({NO_RACK} (fewer than {RACK_BALLS} object balls in collisions within {RACK_SPAN} s of the first, "
                  f"or within {RACK_BURST} s anywhere): "
                  f"P={row['precision']}  R={row['recall']}  (truth {row['truth']}, est {row['estimated']}))")
        print(f"   cushion F1 {r['cushion_f1']}; phantom pocket/off-table {r['phantom_departures']}; median timing "
              f"error {r['median_timing_error_ms']} ms ({r['median_timing_error_frames']} frame)")
        for k, v in r["shots"].items():
            print(f"   {k:20s} {v['correct']}/{v['of']} = {v['accuracy']:.1%}")
    print_grid(report)
    if args.json:
        mode = "vision" if args.vision else "oracle"
        Path(args.json).write_text(json.dumps({"mode": mode, "source": source, "report": report}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
