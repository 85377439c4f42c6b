"""Fit and export the ball-crop classifier with ultralytics (needs the ``train`` extra; imported lazily).

The model is a YOLO classification network built from its yaml (no pretrained weights: nothing may download),
trained on 32x32 crops in an ImageFolder layout whose class folders are ``00``..``15`` so that ultralytics'
alphabetical class order equals the ball id. Ultralytics' own colour augmentation is mostly off: hue shifts would
turn one ball into another, and the rendered data already varies exposure, white balance, blur and noise.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import cv2
import numpy as np


def write_image_folder(root: Path, split: str, crops: np.ndarray, labels: np.ndarray, prefix: str) -> None:
    """Write crops as PNGs under ``root/split/<id:02d>/``."""
    for k, (crop, label) in enumerate(zip(crops, labels, strict=True)):
        folder = root / split / f"{int(label):02d}"
        folder.mkdir(parents=True, exist_ok=True)
        cv2.imwrite(str(folder / f"{prefix}_{k:06d}.png"), crop)
    for label in range(16):  # ultralytics needs every class folder, even an empty one
        (root / split / f"{label:02d}").mkdir(parents=True, exist_ok=True)


def train_and_export(data_root: Path, out_onnx: Path, model_yaml: str, epochs: int, imgsz: int, batch: int,
                     seed: int, workdir: Path) -> dict:
    """Train from scratch, export to ONNX (dynamic batch, opset 17), copy to ``out_onnx``; return val metrics."""
    os.environ.setdefault("YOLO_OFFLINE", "1")
    from ultralytics import YOLO  # noqa: PLC0415 (train extra only)

    model = YOLO(model_yaml, task="classify")
    model.train(
        data=str(data_root), epochs=epochs, imgsz=imgsz, batch=batch, device="cpu", workers=0, seed=seed,
        deterministic=True, pretrained=False, amp=False, plots=False, cache="ram", optimizer="AdamW", lr0=0.002,
        cos_lr=True, warmup_epochs=1, patience=100, project=str(workdir), name="fit", exist_ok=True, verbose=False,
        hsv_h=0.0, hsv_s=0.15, hsv_v=0.2, fliplr=0.5, flipud=0.5, scale=0.12, erasing=0.0, auto_augment="",
        dropout=0.0,
    )
    metrics = {"top1": float(model.trainer.metrics.get("metrics/accuracy_top1", float("nan"))),
               "top5": float(model.trainer.metrics.get("metrics/accuracy_top5", float("nan")))}
    best = Path(model.trainer.best)
    exported = Path(YOLO(str(best), task="classify").export(format="onnx", imgsz=imgsz, dynamic=True,
                                                            simplify=False, opset=17))
    out_onnx.parent.mkdir(parents=True, exist_ok=True)
    tmp = out_onnx.with_suffix(".onnx.tmp")
    shutil.copyfile(exported, tmp)
    tmp.replace(out_onnx)
    return metrics
