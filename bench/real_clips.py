"""What the whole pipeline reports on real footage, clip by clip, with pictures to check it by eye.

    python bench/real_clips.py [CLIP_DIR] [--game nine-ball] [--head right] [--out /tmp/real_clips]

Real clips have no exact truth, so this prints, for every clip, the calibration (head and how it was decided,
fit error), and for every shot the first contact and the pocketed and off-table balls; for each shot it writes a
contact sheet (the frame at the strike with the tracker's `before` positions, the frame at the first contact, the
last frame with the `after` positions) into ``--out`` so a person can say whether each call is right. The rows
and the sheets are what the tracking note's clip-by-clip table is made from. Default folder: the 2019 overhead
clips in ``../shared/realdata/rexlapis_poolpredictor/clips``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import pickle
import re
import sys
import time
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from adjudicator.errors import CuerefError  # noqa: E402
from adjudicator.records import Shot  # noqa: E402
from cueref import pipeline  # noqa: E402
from vision.calibration import TableCalibration  # noqa: E402
from vision.io import iter_frames  # noqa: E402

DEFAULT_DIR = ROOT.parent / "shared" / "realdata" / "rexlapis_poolpredictor" / "clips"


def _clip_key(p: Path) -> tuple[int, str]:
    m = re.search(r"(\d+)$", p.stem)
    return (int(m.group(1)) if m else 10**6, p.name)


def _frames_at(source: Path, times: list[float]) -> list[np.ndarray | None]:
    """The decoded frame nearest each time (one pass over the clip)."""
    out: list[np.ndarray | None] = [None] * len(times)
    best = [float("inf")] * len(times)
    for frame in iter_frames(source):
        for i in range(len(times)):
            d = abs(frame.t - times[i])
            if d < best[i]:
                best[i], out[i] = d, frame.image
    return out


def _draw(img: np.ndarray, cal: TableCalibration, positions: dict[int, tuple[float, float]], label: str,
          colour: tuple[int, int, int]) -> np.ndarray:
    img = img.copy()
    for ball, xy in positions.items():
        px = cal.table_to_image(np.asarray(xy, float)).reshape(2)
        r = float(np.asarray(cal.ball_radius_px(np.asarray(xy, float))).reshape(-1)[0])
        c = (int(round(px[0])), int(round(px[1])))
        cv2.circle(img, c, int(r * 1.3), colour, 2)
        cv2.putText(img, str(ball), (c[0] + int(r), c[1] - int(r)), cv2.FONT_HERSHEY_SIMPLEX, 0.9, colour, 2)
    cv2.putText(img, label, (20, 40), cv2.FONT_HERSHEY_SIMPLEX, 1.1, (0, 255, 255), 3)
    return img


def _describe(shot: Shot) -> dict[str, object]:
    first = None
    for e in shot.events:
        if e.type == "collision" and e.balls is not None and 0 in e.balls:
            first = {"ball": e.balls[1] if e.balls[0] == 0 else e.balls[0], "t": round(e.t, 3),
                     "confidence": e.confidence}
            break
    return {
        "shot": shot.shot, "t_start": round(shot.t_start, 3), "t_end": round(shot.t_end, 3),
        "first_contact": first,
        "pocketed": [f"{e.ball}@{e.pocket}" for e in shot.events if e.type == "pocket"],
        "off_table": [e.ball for e in shot.events if e.type == "off_table"],
        "cushions": sum(e.type == "cushion" for e in shot.events),
        "confidence": shot.confidence,
        "unfinished": bool(shot.extra.get("unfinished")),
    }


def _vision_hash() -> str:
    """A digest of the vision code and the pipeline that feeds it: a cached clip's observations are reused only
    while it is unchanged (so an old and a new detector can keep their caches side by side)."""
    h = hashlib.sha1()
    for f in sorted((ROOT / "vision").rglob("*.py")) + [ROOT / "cueref" / "pipeline.py"]:
        h.update(f.read_bytes())
    return h.hexdigest()[:10]


def _observed(clip: Path, head: str | None, cache: Path | None) -> tuple[TableCalibration, list]:
    """The clip's calibration and every frame's observations, from ``cache`` when this vision code made them."""
    disk = cache / f"{clip.stem}-{head or 'auto'}-{_vision_hash()}.pkl" if cache is not None else None
    if disk is not None and disk.exists():
        return pickle.loads(disk.read_bytes())  # type: ignore[no-any-return]
    cal = pipeline.calibrate(str(clip), None, head)
    obs = list(pipeline.observe(str(clip), cal))
    if disk is not None:
        disk.parent.mkdir(parents=True, exist_ok=True)
        disk.write_bytes(pickle.dumps((cal, obs)))
    return cal, obs


def run_clip(clip: Path, game: str, head: str | None, out: Path, cache: Path | None = None) -> dict[str, object]:
    t0 = time.perf_counter()
    cal, obs = _observed(clip, head, cache)
    shots = pipeline.track(iter(obs), cal, game)
    row: dict[str, object] = {
        "clip": clip.name, "head": cal.head, "head_from": cal.extra.get("head_from"),
        "fit_error_mm": cal.reprojection_error_mm, "shots": [_describe(s) for s in shots],
        "seconds": round(time.perf_counter() - t0, 1),
    }
    times: list[float] = []
    for s in shots:
        fc = next((e.t for e in s.events if e.type == "collision"), s.t_start)
        times += [s.t_start, fc, s.t_end]
    if times:
        images = _frames_at(clip, times)
        for k, s in enumerate(shots):
            a, b, c = images[3 * k: 3 * k + 3]
            if a is None or b is None or c is None:
                continue
            d = row["shots"][k]  # type: ignore[index]
            fc = d["first_contact"]
            sheet = [
                _draw(a, cal, s.before, f"strike t={s.t_start:.2f}", (0, 255, 0)),
                _draw(b, cal, {}, f"first contact {fc['ball'] if fc else '-'}", (0, 255, 0)),
                _draw(c, cal, s.after, f"end: pocketed {', '.join(d['pocketed']) or '-'}", (255, 0, 255)),
            ]
            small = [cv2.resize(im, (im.shape[1] // 2, im.shape[0] // 2)) for im in sheet]
            cv2.imwrite(str(out / f"{clip.stem}_shot{s.shot}.png"), np.vstack(small))
    return row


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("clips", nargs="?", default=str(DEFAULT_DIR), help="folder of clips, or one clip")
    ap.add_argument("--game", default="nine-ball")
    ap.add_argument("--head", default=None, help="force the head side (default: what calibrate decides)")
    ap.add_argument("--only", default=None, help="comma-separated clip numbers")
    ap.add_argument("--out", default="/tmp/real_clips", help="contact sheets and results.json go here")
    ap.add_argument("--obs-cache", default=None,
                    help="keep each clip's calibration and observations here, keyed by a digest of vision/ and "
                         "cueref/pipeline.py, so that tracker changes re-run in seconds")
    args = ap.parse_args()
    src = Path(args.clips)
    if not src.exists():
        print(f"real_clips: {src} does not exist", file=sys.stderr)
        return 2
    clips = sorted(src.glob("*.mp4"), key=_clip_key) if src.is_dir() else [src]
    if args.only:
        keep = {int(x) for x in args.only.split(",")}
        clips = [c for c in clips if _clip_key(c)[0] in keep]
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    rows = []
    print(f"{'clip':<28} {'head':<14} {'fit mm':>6}  shots: first contact | pocketed | off table")
    for clip in clips:
        try:
            row = run_clip(clip, args.game, args.head, out,
                           Path(args.obs_cache) if args.obs_cache else None)
        except CuerefError as exc:
            row = {"clip": clip.name, "error": str(exc)}
            print(f"{clip.name:<28} error: {exc}")
            rows.append(row)
            continue
        rows.append(row)
        fit = row["fit_error_mm"]
        parts = []
        for d in row["shots"]:  # type: ignore[union-attr]
            fc = d["first_contact"]
            parts.append(f"#{d['shot']} {fc['ball'] if fc else '-'} | {','.join(d['pocketed']) or '-'} | "
                         f"{','.join(map(str, d['off_table'])) or '-'}{' (unfinished)' if d['unfinished'] else ''}")
        head = f"{row['head']} ({row['head_from']})"
        print(f"{clip.name:<28} {head:<14} {fit if fit is None else f'{fit:6.1f}'}  " + ("; ".join(parts) or "no shot"))
    (out / "results.json").write_text(json.dumps(rows, indent=1))
    print(f"contact sheets and results.json in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
