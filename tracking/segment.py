"""Shots from a stream of track states: at rest -> struck -> moving -> at rest.

A shot starts when some seen ball leaves the place it rested by more than ``move_threshold`` on two frames in a
row, and ends when, for every seen ball, the mean positions over the two halves, and over the three thirds, of its
sightings in the last ``rest_time`` seconds differ by less than ``still_drift`` (means, so that detector noise does
not keep a shot open; thirds, so that a ball turning round at a cushion does not look still). A hidden ball counts
as still (a ball under an arm is not moving the shot along). A ball back in view after ``reappear_gap`` away, and a
track that has not yet stayed within ``rest_radius`` for ``min_age`` (unless it was there from the first frame),
are re-anchored instead of starting a shot (ball in hand, a hand carrying a ball, a transient detection).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

import numpy as np

from tracking.tracker import TrackState


@dataclass(frozen=True)
class ShotWindow:
    """When one shot happened: last quiet frame before motion, first frame of the final quiet spell, and when the
    shot was known to be over (the segmenter's latency)."""

    t_start: float
    t_end: float
    t_done: float


class ShotSegmenter:
    """Cuts a stream of frames into shots.

    Args:
        move_threshold: displacement from the resting place (m) that means a ball is moving (3-4 noise sigmas).
        still_drift: largest drift (m) of a ball's mean position between the halves or thirds of ``rest_time``.
        rest_time: seconds every ball must be still before the shot is over.
    """

    def __init__(self, move_threshold: float = 0.012, still_drift: float = 0.004, rest_time: float = 0.5,
                 reappear_gap: float = 0.5, min_age: float = 0.5, blur_gap: float = 0.1,
                 rest_radius: float = 0.008) -> None:
        if move_threshold <= 0 or still_drift <= 0 or rest_time <= 0 or reappear_gap <= 0:
            raise ValueError("ShotSegmenter: move_threshold, still_drift, rest_time and reappear_gap must be "
                             "positive")
        self.reappear_gap = reappear_gap
        self.min_age = min_age
        self.blur_gap = blur_gap
        self.last_seen: dict[int, float] = {}
        self.first_seen: dict[int, float] = {}
        self.t_first: float | None = None
        self.move_threshold = move_threshold
        self.still_drift = still_drift
        self.rest_time = rest_time
        self.moving = False
        self.anchor: dict[int, np.ndarray] = {}
        self.recent: deque[tuple[float, dict[int, np.ndarray]]] = deque()
        self.t_quiet_before = 0.0
        self.t_start = 0.0
        self._suspect = 0
        self._suspect_ids: set[int] = set()
        self._suspect_t = 0.0
        self._t_prev: float | None = None
        self.rest_radius = rest_radius
        self._rest_anchor: dict[int, tuple[np.ndarray, float]] = {}
        self.rested: set[int] = set()

    def update(self, t: float, states: list[TrackState]) -> ShotWindow | None:
        """Feed one frame; returns a window when a shot has just finished."""
        seen = {s.track_id: np.asarray(s.position) for s in states if s.seen}
        if self.t_first is None:
            self.t_first = t
        if not self.moving:
            # a ball back in view after a while away (picked up: ball in hand, a spotted ball) rests where it is
            # put down, and a track seen for less than min_age (a hand carrying a ball, a transient detection on
            # the rail) has no resting place yet: neither starts a shot (a struck ball still does, through the
            # balls it sets moving and once it has been seen long enough)
            for k, p in seen.items():
                born = self.first_seen.setdefault(k, t)
                # balls there from the start of the footage (a clip may start just before a strike) are not young;
                # a later track is young until it has rested for min_age: a hand carrying the cue ball in from the
                # rail for longer than min_age opened a shot of its own (dev nine-ball-rack-5, 22.7 s)
                young = born > self.t_first + 0.1 and k not in self.rested
                if k in self.anchor and (young or t - self.last_seen.get(k, t) > self.reappear_gap):
                    self.anchor[k] = p
        # balls seen on the previous frame too (a struck ball was in view, at rest, right before it moved)
        steady = {k for k in seen if self.last_seen.get(k) == self._t_prev}
        self._t_prev = t
        for k, p in seen.items():
            self.last_seen[k] = t
            anchor = self._rest_anchor.get(k)
            if anchor is None or float(np.linalg.norm(p - anchor[0])) > self.rest_radius:
                self._rest_anchor[k] = (p, t)
            elif t - anchor[1] >= self.min_age:
                self.rested.add(k)
        self.recent.append((t, seen))
        while self.recent and self.recent[0][0] < t - self.rest_time:
            self.recent.popleft()
        if not self.moving:
            moved = [k for k, p in seen.items() if k in self.anchor and np.linalg.norm(p - self.anchor[k]) >
                     self.move_threshold]
            # a fast struck ball is often seen off its place on one frame only, then lost in its blur: while
            # it stays unseen (briefly), its move is still pending rather than disproved by the quiet frame
            # (the cue ball only, seen at rest on the frame before: it is the ball the cue strikes; a rack ball
            # lifted by a racking hand, or a cue ball carried in by hand, also moves and vanishes)
            cue = {s.track_id for s in states if s.ball == 0}
            pending = (not moved and self._suspect > 0 and t - self._suspect_t <= self.blur_gap
                       and any(k not in seen and k in cue for k in self._suspect_ids))
            if pending:
                return None
            self._suspect = self._suspect + 1 if moved else 0
            self._suspect_ids = {k for k in moved if k in steady}
            self._suspect_t = t
            if self._suspect >= 2:
                self.moving = True
                self.t_start = self.t_quiet_before
                return None
            if not moved:
                self.t_quiet_before = t
                for k, p in seen.items():
                    self.anchor[k] = p if k not in self.anchor else 0.9 * self.anchor[k] + 0.1 * p
            return None
        if self.recent[-1][0] - self.recent[0][0] < self.rest_time * 0.9:
            return None
        tracks: dict[int, list[np.ndarray]] = {}
        for _, frame in self.recent:
            for k, p in frame.items():
                tracks.setdefault(k, []).append(p)
        drift = max((_drift(np.asarray(v)) for v in tracks.values() if len(v) >= 4), default=0.0)
        if drift <= self.still_drift:
            self.moving = False
            self._suspect = 0
            self.anchor = {k: np.mean(np.asarray(v), axis=0) for k, v in tracks.items()}
            self.t_quiet_before = t
            return ShotWindow(self.t_start, self.recent[0][0], t)
        return None

    def finish(self) -> ShotWindow | None:
        """The stream ended: a shot still in progress ends at the last frame (its balls may still be rolling)."""
        if not self.moving or not self.recent:
            return None
        self.moving = False
        t_last = self.recent[-1][0]
        return ShotWindow(self.t_start, t_last, t_last)


def _drift(arr: np.ndarray) -> float:
    """How far a ball's mean position moved over its sightings in the window: the distance between the means of
    the two halves, or between those of any two of three consecutive thirds, whichever is larger. Means, so that
    detector noise does not keep a shot open; the thirds because a ball that turns round inside the window
    (rolling into a cushion and back off it) has the same mean in both halves, and the shot was ended while it
    still rolled (rails-140: 0.094 -> 0.030 -> 0.076 m over 0.5 s, then an extra shot opened on its roll back).
    The halves stay so that no shot ends earlier than before (a third's mean is noisier than a half's)."""
    h = len(arr) // 2
    drift = float(np.linalg.norm(arr[:h].mean(axis=0) - arr[h:].mean(axis=0)))
    means = [run.mean(axis=0) for run in np.array_split(arr, 3)]
    return max(drift, *(float(np.linalg.norm(a - b)) for i, a in enumerate(means) for b in means[i + 1:]))
