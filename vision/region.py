"""Where a frame changed since the balls were last decided, for the detector's region-wise pass.

Why: between shots and during most of one, only part of the table changes from one frame to the next (a cue and
an arm over one end, one or two rolling balls). The detector compares each frame with a reference image (the
working-resolution image of the table as it was when each part was last searched) and searches again only around
what changed; balls elsewhere are kept as they were. What makes this safe:

- *Change.* A pixel counts as changed when its colour moved by more than the detector's ``static_diff``
  (``change``: its channels' changes summed with the grey weights) since the reference (not since the last
  frame, so a slow drift adds up until it trips). Isolated specks of compression noise (fewer than ``min_speck`` changed pixels close together; on the 2019 broadcast clips ~30
  specks a frame had made the windows cover 50-80 % of the table) open no window, but they stay changed against
  the reference, so the crescent of a ball drifting slowly grows until it is no longer a speck and trips it.
- *Accept zone.* Around the changed pixels, ``accept_radii`` ball radii wide: every ball with a changed pixel, or
  with a changed pixel among the rings the clutter test samples (1.7 radii), has its centre inside it. Inside the
  zone the new search decides which balls there are; outside it the last balls are kept. A ball that rolls from
  one place to another changes the pixels of both, so both lie in the zone: it is neither lost nor duplicated.
- *Margin.* Each search window reaches ``margin_radii`` beyond the accept zone, so the tests that look around a
  candidate (neighbours, clutter rings, outline votes) see what a search of the whole table would see.
- *Fall-backs.* Too many separate regions, or windows covering too much of the table (a break, a player's body
  over the table), or ``full_every`` region passes in a row: the whole table is searched.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np


@dataclass
class RegionParams:
    """Thresholds of the region-wise pass (radii = the working-resolution ball radius)."""

    accept_radii: float = 3.0
    margin_radii: float = 4.0
    max_share: float = 0.25  # of the table's working-resolution bounding box, in search windows (beyond: all)
    max_regions: int = 6
    min_speck: int = 4  # changed pixels with fewer changed pixels within 2 px are compression specks (2..4)
    full_every: int = 25  # region passes in a row before a search of the whole table (one second at 25 fps)


BLOCK = 4  # working pixels per side of the blocks the plan is made on (labelling the full mask costs ~1 ms)


@dataclass
class RegionPlan:
    """Where to search again, on a grid of ``BLOCK`` x ``BLOCK`` working pixels: ``accept`` (uint8, 255 = the last
    balls there are dropped), ``near`` (``accept`` grown by a radius: a candidate found there is taken unless a kept
    ball stands within ``min_separation`` of it, so a ball whose centre moved across the zone's edge by a pixel is
    neither lost nor doubled), ``labels`` (int32, the window each block belongs to, 1-based); ``boxes`` (x0, y0, x1,
    y1) of the windows in working pixels, and ``accept_px``, ``accept`` at working resolution."""

    accept: np.ndarray
    near: np.ndarray
    labels: np.ndarray
    boxes: list[tuple[int, int, int, int]]
    accept_px: np.ndarray

    def at(self, grid: np.ndarray, pts: np.ndarray) -> np.ndarray:
        """``grid``'s value at working-resolution points (N, 2)."""
        gy, gx = grid.shape
        xi = np.minimum(np.maximum(np.round(pts[:, 0]).astype(int) // BLOCK, 0), gx - 1)
        yi = np.minimum(np.maximum(np.round(pts[:, 1]).astype(int) // BLOCK, 0), gy - 1)
        return grid[yi, xi]


def change(image: np.ndarray, ref: np.ndarray) -> np.ndarray:
    """How much each pixel of ``image`` (BGR, or grey) changed since ``ref``: the absolute change of each
    channel, summed with the grey weights (uint8, on the grey scale).

    Why not the change of grey: a red ball and blue cloth are close in grey (ho7 dev clip jump-171 at 30/720p:
    the red 3, blurred at a rail, then gone, was "unchanged" for 25 frames and kept as a ball), while their
    channels differ by 100-170 levels. This is never below the grey change (|sum w_c d_c| <= sum w_c |d_c|), so
    everything that changed before still does; the grey weights keep blue, the channel with the most chroma noise
    after 4:2:0 compression, at the weight it had; and it costs one conversion, the one the grey image took."""
    d = cv2.absdiff(image, ref)
    return cv2.cvtColor(d, cv2.COLOR_BGR2GRAY) if d.ndim == 3 else d


def changed_mask(image: np.ndarray, ref: np.ndarray, diff: float, table_mask: np.ndarray) -> np.ndarray:
    """uint8 mask (255 = changed) of table pixels whose ``change`` since ``ref`` is more than ``diff``."""
    return cv2.compare(change(image, ref), float(diff), cv2.CMP_GT) & table_mask


def plan(changed: np.ndarray, r: float, params: RegionParams) -> RegionPlan | None:
    """The windows to search for a frame whose ``changed`` mask is given, or None when the whole table should be
    searched (too much changed, or in too many places); a plan with no windows when only specks changed (the
    caller keeps the last balls and its reference, so specks that grow are seen later). ``r``: the largest ball radius, working pixels. Distances
    are rounded up to whole blocks, so every zone holds at least what it would at working resolution."""
    h, w = changed.shape
    if params.min_speck > 1:
        # Compression specks: a changed pixel with fewer than ``min_speck`` changed pixels within 2 px (5 x 5) is
        # not searched. Every blob of at least ``min_speck`` (<= 4) 8-connected pixels keeps a pixel next to each
        # of its pixels (the second pixel of any 4-pixel path from it sees all four), hence the extra pixel below.
        count = cv2.boxFilter(changed & 1, -1, (5, 5), normalize=False, borderType=cv2.BORDER_CONSTANT)
        changed = cv2.compare(count, params.min_speck, cv2.CMP_GE) & changed
        n_changed = cv2.countNonZero(changed)
        if not n_changed:
            return RegionPlan(accept=np.zeros((1, 1), np.uint8), near=np.zeros((1, 1), np.uint8),
                              labels=np.zeros((1, 1), np.int32), boxes=[], accept_px=np.zeros_like(changed))
    else:
        n_changed = cv2.countNonZero(changed)
    if n_changed > params.max_share * h * w:
        # the windows hold every changed pixel, so their area would exceed the share too: the same answer
        # (the whole table) without the dilations and the labelling (~0.15 ms when every ball moved)
        return None
    gh, gw = -(-h // BLOCK), -(-w // BLOCK)
    padded = cv2.copyMakeBorder(changed, 0, gh * BLOCK - h, 0, gw * BLOCK - w, cv2.BORDER_CONSTANT, value=0)
    # a block is changed when any of its pixels is (the mean over the block is above 0; whole blocks, so exact)
    coarse = cv2.compare(cv2.resize(padded, (gw, gh), interpolation=cv2.INTER_AREA), 0, cv2.CMP_GT)

    def size(px: float) -> int:
        return 2 * int(np.ceil(px / BLOCK)) + 1

    def grow(m: np.ndarray, px: float) -> np.ndarray:
        k = size(px)
        return cv2.dilate(m, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))

    # The windows' mask is three square dilations of ``coarse``, i.e. one by their summed size (exactly, borders
    # too); its pixel count is a lower bound of the windows' boxes' area. When that alone exceeds the share, the
    # answer is the whole table, without the two other dilations and the labelling (the synthetic bench, where
    # every ball is redrawn each frame, asks ~0.1 ms less a frame).
    k = size(params.accept_radii * r + 1) + size(r) + size(params.margin_radii * r) - 2
    if cv2.countNonZero(cv2.dilate(coarse, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))) * BLOCK * BLOCK > (
            params.max_share * h * w):
        return None
    accept = grow(coarse, params.accept_radii * r + 1)
    near = grow(accept, r)
    window = grow(near, params.margin_radii * r)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(window, 8, cv2.CV_32S)
    if n - 1 > params.max_regions or n < 2:
        return None
    area = int((stats[1:, cv2.CC_STAT_WIDTH] * stats[1:, cv2.CC_STAT_HEIGHT]).sum()) * BLOCK * BLOCK
    if area > params.max_share * h * w:
        return None
    boxes = [(int(x) * BLOCK, int(y) * BLOCK, min(int(x + bw) * BLOCK, w), min(int(y + bh) * BLOCK, h))
             for x, y, bw, bh in stats[1:, :4]]
    accept_px = cv2.resize(accept, (gw * BLOCK, gh * BLOCK), interpolation=cv2.INTER_NEAREST)[:h, :w]
    return RegionPlan(accept=accept, near=near, labels=labels, boxes=boxes, accept_px=accept_px)


def grow_window(box: tuple[int, int, int, int], fg: np.ndarray, r: float,
                params: RegionParams) -> tuple[int, int, int, int]:
    """``box`` grown to hold, with the search margin, every blob of the not-cloth mask ``fg`` (the whole table:
    this frame's inside the window, the last one's outside) that crosses one of the window's inner edges; ``box``
    itself when none does (the search's tests judge a blob as a whole: a hand is too wide, a rack is split)."""
    x0, y0, x1, y1 = box
    h, w = fg.shape
    edges = []
    if x0 > 0:
        edges.append(fg[y0:y1, x0])
    if x1 < w:
        edges.append(fg[y0:y1, x1 - 1])
    if y0 > 0:
        edges.append(fg[y0, x0:x1])
    if y1 < h:
        edges.append(fg[y1 - 1, x0:x1])
    if not any(e.any() for e in edges):
        return box
    # Spaghetti: the same labels and statistics as BBDT (checked on 3000 random masks), ~20 % faster
    n, labels, stats, _ = cv2.connectedComponentsWithStatsWithAlgorithm(fg, 8, cv2.CV_32S, cv2.CCL_SPAGHETTI)
    cut = set()
    if x0 > 0:
        cut.update(labels[y0:y1, x0].tolist())
    if x1 < w:
        cut.update(labels[y0:y1, x1 - 1].tolist())
    if y0 > 0:
        cut.update(labels[y0, x0:x1].tolist())
    if y1 < h:
        cut.update(labels[y1 - 1, x0:x1].tolist())
    cut.discard(0)
    m = int(np.ceil(params.margin_radii * r))
    for k in cut:
        bx, by, bw, bh = stats[k, :4]
        x0, y0 = min(x0, max(int(bx) - m, 0)), min(y0, max(int(by) - m, 0))
        x1, y1 = max(x1, min(int(bx + bw) + m, w)), max(y1, min(int(by + bh) + m, h))
    return (x0, y0, x1, y1)
