#!/usr/bin/env python3
"""Build the ball-crop data set and train models/ball_classifier.onnx (16 classes: cue ball, 1-15).

Run in the training venv (the ``train`` extra; see models/README.md):

    nice -n 10 /work/venv-train/bin/python scripts/train_ball_classifier.py

Data recipe (all seeds fixed here, so a rerun rebuilds the same crops):
  * rendered crops, seed TRAIN_SEED: ``--per-class`` of each id, a quarter drawn with the footage renderer
    (cueref.synth.render.draw_ball), the rest with vision/training/render_crops.py; validation seed VAL_SEED.
    Evaluation uses seed 9000+ (scripts/eval_identification.py), never seen here.
  * real crops from the 2019 overhead DEV clips (2, 4, 6), hand-labelled in vision/training/data/labels_2019.json
    and followed through the clip; repeated REAL_REPEAT times so the real domain weighs in.
  * the UniPD annotated frames of every clip EXCEPT game1_clip1 (the evaluation clip), with the ball numbers I
    read by eye (vision/training/data/labels_unipd.json; boxes I could not read are left out), UNIPD_COPIES
    jittered crops per ball (seed UNIPD_SEED).
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from vision.training.fit import train_and_export, write_image_folder  # noqa: E402
from vision.training.real_crops import (  # noqa: E402
    crops_2019,
    jittered_crops,
    load_labels,
    unipd_numbers,
    unipd_samples,
)
from vision.training.render_crops import render_set  # noqa: E402

TRAIN_SEED, VAL_SEED = 1000, 1001
SYNTH_SHARE = 0.25
REAL_REPEAT = 3
UNIPD_COPIES, UNIPD_SEED = 8, 77
UNIPD_EVAL_CLIPS = ("game1_clip1",)


def real_dev_crops(realdata: Path) -> tuple[np.ndarray, np.ndarray, dict]:
    """Labelled real crops of the dev splits (2019 dev clips; UniPD clips other than the eval clip)."""
    crops, labels, counts = [], [], {}
    clips = realdata / "rexlapis_poolpredictor" / "clips"
    for entry in load_labels()["clips"]:
        if entry["split"] != "dev" or not (clips / entry["clip"]).is_file():
            continue
        c, lab = crops_2019(clips / entry["clip"], entry, step=3)
        crops += [c] * REAL_REPEAT
        labels += [lab] * REAL_REPEAT
        counts[entry["clip"]] = len(lab)
    unipd = realdata / "unipd_billiard_cv2024"
    numbers = unipd_numbers()
    rng = np.random.default_rng(UNIPD_SEED)
    n_unipd = 0
    for (clip, which), ids in sorted(numbers.items()):
        if clip in UNIPD_EVAL_CLIPS:
            continue
        samples = dict(zip(("first", "last"), unipd_samples(unipd, clip), strict=False))
        if which not in samples:
            continue
        image, centres, radii, _cats = samples[which]
        keep = [i for i, b in enumerate(ids) if b is not None]
        crops.append(jittered_crops(rng, image, centres[keep], radii[keep], UNIPD_COPIES))
        labels.append(np.tile(np.array([ids[i] for i in keep]), UNIPD_COPIES))
        n_unipd += len(keep)
    counts["unipd_labelled_balls"] = n_unipd
    if not crops:
        return np.zeros((0, 32, 32, 3), np.uint8), np.zeros(0, int), counts
    return np.concatenate(crops), np.concatenate(labels), counts


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, default=ROOT / "models" / "ball_classifier.onnx")
    ap.add_argument("--work", type=Path, default=Path("/tmp/cueref_ballcls"))
    ap.add_argument("--realdata", type=Path, default=ROOT.parent / "shared" / "realdata")
    ap.add_argument("--per-class", type=int, default=800)
    ap.add_argument("--epochs", type=int, default=15)
    ap.add_argument("--batch", type=int, default=128)
    ap.add_argument("--model", default="yolo11n-cls.yaml")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()

    t0 = time.time()
    data = args.work / "data"
    shutil.rmtree(data, ignore_errors=True)
    crops, labels = render_set(TRAIN_SEED, args.per_class, synth_share=SYNTH_SHARE)
    write_image_folder(data, "train", crops, labels, "render")
    vcrops, vlabels = render_set(VAL_SEED, max(20, args.per_class // 20), synth_share=SYNTH_SHARE)
    write_image_folder(data, "val", vcrops, vlabels, "render")
    counts: dict = {"rendered_train": len(labels), "rendered_val": len(vlabels)}
    if args.realdata.is_dir():
        rcrops, rlabels, real_counts = real_dev_crops(args.realdata)
        write_image_folder(data, "train", rcrops, rlabels, "real")
        counts.update(real_counts)
        counts["real_train_with_repeats"] = len(rlabels)
    else:
        print(f"note: {args.realdata} not found; training on rendered crops only")
    t_data = time.time() - t0
    print(f"data built in {t_data:.0f} s: {counts}")
    metrics = train_and_export(data, args.out, args.model, args.epochs, 32, args.batch, args.seed, args.work)
    summary = {"model": args.model, "epochs": args.epochs, "per_class": args.per_class, "seed": args.seed,
               "counts": counts, "val_rendered": metrics, "data_seconds": round(t_data),
               "total_seconds": round(time.time() - t0)}
    (args.work / "summary.json").write_text(json.dumps(summary, indent=1))
    print(json.dumps(summary, indent=1))


if __name__ == "__main__":
    main()
