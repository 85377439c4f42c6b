"""One shot record (SCHEMA.md) from the tracker's history over a shot window."""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

import numpy as np

from adjudicator.records import Shot
from tracking.events import _INWARD, MAX_DECEL, EventConfig, ShotContext, _in_mouth, infer_events
from tracking.paths import BallPath, fit_path, lone_outliers
from tracking.segment import ShotSegmenter, ShotWindow
from tracking.tracker import BallTracker
from vision.geometry import TableGeometry
from vision.types import BallObservations

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ShotBuildConfig:
    """Tunables of shot assembly.

    Attributes:
        pre_roll: seconds of rest before the shot used to fit the resting pieces.
        noise_sigma: detector noise on a centre (m); the piece tolerance is 4.5 of these (at least 3 mm).
        frozen_gap: a ball this close to touching a cushion (m beyond one radius) is frozen.
        end_frames: a ball seen in any of the last this-many frames of the window is still on the table.
        min_sightings: a track first seen at the strike or later needs this many sightings to be a ball.
        drop_strays: leave out a ball's lone detector outliers that nothing on the table explains
            (``_drop_strays``) before its path is fitted.
    """

    pre_roll: float = 0.5
    noise_sigma: float = 0.002
    frozen_gap: float = 0.004
    end_frames: int = 5
    min_sightings: int = 3
    drop_strays: bool = True
    events: EventConfig = field(default_factory=EventConfig)


def _rail_distance(g: TableGeometry, p: np.ndarray) -> float:
    return float(min(p[0], g.length - p[0], p[1], g.width - p[1]))


def build_shot(tracker: BallTracker, window: ShotWindow, number: int,
               cfg: ShotBuildConfig | None = None) -> Shot:
    """Fit every identified ball's path over the window, infer the events and fill a ``Shot``."""
    cfg = cfg or ShotBuildConfig()
    g = tracker.geometry
    R = g.ball_radius
    times, series, id_conf = tracker.series(window.t_start - cfg.pre_roll, window.t_done)
    dts = np.diff(times)
    frame_dt = float(np.median(dts)) if len(dts) else 1 / 30
    paths: dict[int, BallPath] = {}
    tol = max(0.003, 4.5 * cfg.noise_sigma)
    before: dict[int, tuple[float, float]] = {}
    seen_at_end: set[int] = set()
    pre = times <= window.t_start + 1e-9
    short_pre = float(np.sum(pre)) * frame_dt < cfg.pre_roll  # the footage began inside the pre-roll
    for ball, xy in list(series.items()):
        xy = series[ball] = _former_holder(tracker, ball, times, xy, 2 * R)
        if cfg.drop_strays:
            xy = series[ball] = _drop_strays(g, ball, times, xy, series, tol)
        seen = np.flatnonzero(~np.isnan(xy[:, 0]))
        # a track born at the strike or later and seen on fewer than min_sightings frames is not a ball: the far
        # end of the struck cue ball's blur, named after a ball the detector misses, took the first contact
        if (len(seen) and len(seen) < cfg.min_sightings and times[seen[0]] > times[0] + 0.5 * frame_dt
                and times[seen[0]] >= window.t_start - 0.5 * frame_dt):
            del series[ball]
            continue
        p = fit_path(ball, times, xy, tolerance=tol)
        if p is None:
            continue
        paths[ball] = p
        rest = xy[pre]
        rest = rest[~np.isnan(rest[:, 0])]
        first = p.pieces[0]
        if len(rest):
            m = rest.mean(axis=0)
            before[ball] = (float(m[0]), float(m[1]))
            if ball != 0 and (tail := _covered_tail(tracker, ball, times, xy, pre)) is not None:
                # an object ball covered since its last sighting in the pre-roll rests where it was last seen until
                # the shot's first sighting says otherwise, as a ball covered through the whole pre-roll does
                # (ho84 kick-812 30/720p: the 2, under the arm, was seen resting once early in the pre-roll and
                # next moving; the two were fitted as one slow roll, and the cue ball's first contact was lost)
                xy = series[ball] = tail
                if (p := fit_path(ball, times, xy, tolerance=tol)) is not None:
                    paths[ball] = p
        elif (short_pre and first.n >= 3 and first.t0 <= times[0] + cfg.pre_roll
              and first.speed(first.t1) < cfg.events.moving_speed):
            # the footage opened less than a pre-roll before the shot, and the ball was missed on those few
            # frames: seen resting from near the start, it was on the table (toy dev break-13, 30/720p: the
            # window opened on the first frame, where the 3 was not seen; its pocket was dropped as a hand's)
            m = first.pos(first.t0)
            before[ball] = (float(m[0]), float(m[1]))
        elif ball in tracker.allowed and (rested := tracker.former_rest(ball, float(times[0]), window.t_start)):
            # the ball's resting track lost its name to a track born as the ball flew off, and was then dropped
            # unnamed: it was on the table all the same (ho6 break-9-160 30/1080p and 60/720p: the 4's and the
            # 7's pockets were dropped as a hand's)
            before[ball] = rested
        elif (covered := tracker.covered_rest(ball, float(times[0]))) is not None:
            # covered by an arm through the pre-roll, at rest where it was last seen (the tracker holds it there):
            # it rests there until the shot's first sighting says otherwise (ho50x kick-473 60 fps: the 14, unseen
            # 1.3 s before the strike, was struck into head-left; its pocket was dropped as a hand's and the first
            # contact lost)
            before[ball] = covered
            xy = series[ball] = xy.copy()
            xy[pre] = covered
            p = fit_path(ball, times, xy, tolerance=tol)
            if p is not None:
                paths[ball] = p
        if np.any(~np.isnan(xy[-cfg.end_frames:, 0])):
            seen_at_end.add(ball)
    ctx = ShotContext(g, frame_dt, window.t_start, window.t_end, set(before), seen_at_end)
    events, notes = infer_events(paths, ctx, cfg.events)
    # a track born during the shot (a hand, the cue tip, a blur) that vanishes was never a ball on the table
    events = [e for e in events if not (e.type in ("pocket", "off_table") and e.ball not in before)]
    gone = {e.ball for e in events if e.type in ("pocket", "off_table")}
    after: dict[int, tuple[float, float]] = {}
    for ball, xy in series.items():
        if ball in gone:
            continue
        ok = xy[~np.isnan(xy[:, 0])]
        if len(ok):
            tail = ok[-min(len(ok), 5):].mean(axis=0)
            after[ball] = (float(tail[0]), float(tail[1]))
    frozen = sorted(b for b, p in before.items() if _rail_distance(g, np.asarray(p)) <= R + cfg.frozen_gap)
    near = sorted(b for b, p in before.items()
                  if R + cfg.frozen_gap < _rail_distance(g, np.asarray(p)) <= 3 * R)
    involved = {b for e in events for b in ((e.balls or ()) + ((e.ball,) if e.ball is not None else ()))}
    involved.add(0)
    ident = {str(b): round(id_conf.get(b, 0.0), 3) for b in sorted(set(before) | set(after))}
    id_floor = min((id_conf.get(b, 0.0) for b in involved if b in id_conf), default=0.0)
    ev_conf = [e.confidence for e in events if e.confidence is not None and e.type not in ("strike", "rest")]
    confidence = min([0.95, id_floor, *ev_conf]) if ev_conf else min(0.95, id_floor)
    extra: dict[str, object] = {"identity_confidence": ident, **notes}
    return Shot(shot=number, t_start=float(events[0].t), t_end=float(events[-1].t), before=before, after=after,
                events=tuple(events), frozen=tuple(frozen), near_rail=tuple(near),
                confidence=round(float(confidence), 3), extra=extra)


def _drop_strays(g: TableGeometry, ball: int, times: np.ndarray, xy: np.ndarray, series: dict[int, np.ndarray],
                 tol: float) -> np.ndarray:
    """The ball's series without its lone detector outliers (``lone_outliers``) that nothing on the table can
    explain: no other ball within reach of it then, no pocket mouth near, and no cushion it was pressed toward (a
    cushion only pushes a ball back into the table, so a sighting off toward one may be a press into it and back
    out: ho98 break-8-951's 10 at 60/1080p, struck into the left cushion it hugged). Such a sighting started a
    piece of its own, and the kink it made hid and mistimed a real one (ho98 break-14.1-951's 2 at 60/1080p,
    rolling along the left cushion at 0.27 m/s: one sighting 19 mm behind and off the rail, a left contact called
    76 ms after the true one, which the piece through it had smoothed over). The mouth is ``events._in_mouth``'s,
    widened by the tolerance: where a jaw's tip may have turned the ball. It was a whole mouth's width and a radius
    from the pocket's centre, which kept a sighting 22 mm off a ball rolling along the left cushion 13 cm from
    side-left's middle, its centre 7.5 cm from where the nose line ends at the mouth (4.6 cm more than a radius);
    its piece hid the contact a few frames before (ho105 break-14.1-1021's 10, 60/720p)."""
    R = g.ball_radius
    strays = []
    for k, at in lone_outliers(times, xy, tol):
        off = xy[k] - at
        reach = float(np.linalg.norm(off)) + tol
        lo, hi = max(k - 1, 0), k + 2
        if any(np.any(np.linalg.norm(o[lo:hi] - at, axis=1) <= 2 * R + reach)
               for b, o in series.items() if b != ball):
            continue
        if _in_mouth(g, at, tol):
            continue  # where a jaw may have turned it (its tip within a radius of the ball), give or take the noise
        d = g.rail_distance(*at)
        if any(d[r] <= R + reach and float(off @ n) < 0 for r, n in _INWARD.items()):
            continue
        strays.append(k)
    if not strays:
        return xy
    log.debug("ball %d: %d lone detector outliers dropped (t=%s)", ball, len(strays),
              ", ".join(f"{times[k]:.3f}" for k in strays))
    xy = xy.copy()
    xy[strays] = np.nan
    return xy


def _former_holder(tracker: BallTracker, ball: int, times: np.ndarray, xy: np.ndarray, apart: float) -> np.ndarray:
    """``ball``'s sightings over ``times`` with a former holder of its name put back where it held the name, when on
    some such frame it was seen on its resting place (its first sighting's) while the holder was seen more than
    ``apart`` from it: one thing cannot be in two places, and the name was the former's then. There the former's
    sighting stands where the holder was unseen or the former was on its spot, and the holder's sightings near where
    it was seen on those frames are that other thing again (ho85 kick-824 30/720p: a blob on the arm over the
    covered 6, scored as the cue ball while the cue over the real one lowered its scores, was a track seen on three
    frames; when the cue ball, lost beside the 6 after hitting it, came out from under the arm, that track took it
    and later the name, and the shot read the blob as the cue ball resting until 2.4 s: no strike, an extra shot).
    Off its spot the former may have gone on to something else as the ball left (ho84x jump-813 60/1080p: the cue
    ball's first track, lost as it jumped at the strike, took the cue over its spot while the holder had the flying
    ball), so there the holder's sightings stand. A former born after the holder only had the name a while (ho85
    scratch-824: a track at the table's edge, born 0.4 s after the cue ball's)."""
    out = xy
    holder = next((tr for tr in tracker.tracks if tr.ball == ball and tr.times), None)
    for f in tracker.former_holders(ball):
        if holder is None or not f.times or f.times[0] >= holder.times[0]:
            continue
        held = np.array([f.name_at(float(t)) == ball for t in times])
        if not held.any():
            continue
        f_xy = f.on_frames(times)
        both = held & ~np.isnan(f_xy[:, 0]) & ~np.isnan(out[:, 0])
        clash = np.flatnonzero(both)[np.linalg.norm(out[both] - f_xy[both], axis=1) > apart]
        # surely the ball against another sighting only on its resting place (the docstring's jump-813)
        anchor = np.asarray(f.xy[0], dtype=float)
        on_spot = np.linalg.norm(f_xy - anchor, axis=1) <= tracker.cfg.rest_radius
        clash = clash[on_spot[clash]]
        if not len(clash):
            continue
        elsewhere = out[clash]
        out = out.copy()
        # the holder seen, while the former held the name, where it was seen while the former was seen on its spot
        # is that other thing again
        seen = np.flatnonzero(held & ~np.isnan(out[:, 0]))
        again = seen[np.min(np.linalg.norm(out[seen][:, None, :] - elsewhere[None, :, :], axis=2), axis=1)
                     < 0.5 * apart]
        out[again] = np.nan
        mine = held & ~np.isnan(f_xy[:, 0]) & (np.isnan(out[:, 0]) | on_spot)
        out[mine] = f_xy[mine]
    return out


def _covered_tail(tracker: BallTracker, ball: int, times: np.ndarray, xy: np.ndarray, pre: np.ndarray,
                  span: float = 1.0) -> np.ndarray | None:
    """``xy`` with the pre-roll frames after the ball's last sighting there filled with its rest over its last
    ``span`` of sightings, when it rested then (``BallTracker.covered_rest``); None when it was not missed before the
    window's first frame or did not rest."""
    idx = np.flatnonzero(pre)
    seen = idx[~np.isnan(xy[idx, 0])]
    if not len(seen):
        return None
    # not the window's first frame: the struck ball met there is often merged with the cue ball (ho81 rails-783
    # 30/720p: the 3, hit 0.15 ms before that frame and unseen on it, put at rest there lost the cue ball's cushion)
    unseen = idx[(idx > seen[-1]) & (idx < idx[-1])]
    if not len(unseen):
        return None
    covered = tracker.covered_rest(ball, float(times[unseen[0]]), span=span)
    if covered is None:
        return None
    out = xy.copy()
    out[unseen] = covered
    return out


def is_hand_placement(shot: Shot, still: float = 0.01, cue_before: tuple[float, float] | None = None) -> bool:
    """Balls moved while the cue ball stayed put and touched nothing: a re-rack, a spotted ball or a hand,
    not a shot (SCHEMA.md: a shot starts when the cue strikes the cue ball). ``cue_before`` (where the cue ball
    rested after the last window) stands in when an arm hid it through the whole pre-roll, as racking hands do.
    Not the track's last sighting: while the cue ball is hidden its id fades and a rack ball can borrow it."""
    before, after = shot.before.get(0, cue_before), shot.after.get(0)
    if before is None or after is None:
        return _nothing_moved(shot, still)
    moved = ((before[0] - after[0]) ** 2 + (before[1] - after[1]) ** 2) ** 0.5
    if moved > still:
        return _set_down(shot, moved)
    return not any(e.ball == 0 or (e.balls is not None and 0 in e.balls) for e in shot.events)


def _nothing_moved(shot: Shot, still: float) -> bool:
    """No cue ball in the window, no event but its strike and rest, and no ball on the table moved: the motion
    that opened it was not a ball's (a hand carrying the cue ball in after a scratch, dev nine-ball-rack-5)."""
    if any(e.type not in ("strike", "rest") for e in shot.events):
        return False
    for b, p in shot.before.items():
        q = shot.after.get(b)
        if q is None or ((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2) ** 0.5 > still:
            return False
    return True


def nothing_rolled(tracker: BallTracker, window: ShotWindow, step: float, span: float = 0.1) -> bool:
    """No ball was seen rolling in the window: none moved more than ``step`` over each of two spans of ``span``
    seconds running, in about the same direction. Every struck ball rolls on over frames; balls that only jump
    from one rest to another were lifted and put down (a re-rack, spotting). The simulator re-racks in one frame
    after the 9 on the break wins the rack, the hidden cue ball's track took the apex ball 0.45 m away and the
    re-rack was a "shot" with a first contact (pooltool dev break-9-11, 11.57 s)."""
    times, series, _ = tracker.series(window.t_start, window.t_done)
    if len(times) < 3:
        return False
    dt = float(np.median(np.diff(times)))
    # (frames per span, allowing 2 % for frame times written to 0.1 ms: at 30 fps their median step is 33.3 ms,
    # and a bare ceiling made the span 4 frames, not 3, on every clip read from a file (60 fps: 16.7 ms, 6 either
    # way); ho74 eight-ball-rack-161, 13.75 s: a stun shot's cue ball rolled 6 frames into the 4 and stopped dead,
    # the 4 dropped a frame later, and the shot was dropped as a re-rack)
    k = max(1, int(np.ceil(0.98 * span / max(dt, 1e-6))))
    for xy in series.values():
        if _rolls(_steady(xy), k, step):
            return False
        # a ball struck into a pocket close by rolls for less than two spans: seen moving on two frame intervals
        # running and never again (toy dev kick-34, 30/720p: the cue ball 25 cm from side-left, struck at 3.75
        # m/s, seen twice on its way in; its scratch was dropped with the "re-rack"). Only on a line into a pocket:
        # a hand withdrawing after it put the cue ball down (ball in hand) is found as a few circles in a row that
        # the cue ball's track, lost under it, takes, heading nowhere near one (ho57 nine-ball-rack-144, 30/720p,
        # 37.3 s: an extra shot with the cue ball off the table)
        # (the first of the two moves may be any part of a frame's run: struck just before the frame, ho106
        # eight-ball-rack-193's 1 at 30/720p moved 13.8 mm and then 98 mm into side-left, and the cue ball, stopped
        # dead on it after five frames, was no roll either: the shot was dropped as a re-rack)
        seen = np.flatnonzero(~np.isnan(xy[:, 0]))
        if k > 1 and len(seen) >= 3 and _rolls(xy[: seen[-1] + 1][-3:], 1, step, throughout=False) and \
                seen[-1] < len(xy) - k and _into_a_pocket(tracker.geometry, xy[seen[-2]], xy[seen[-1]]):
            return False
    return True


def cue_never_left(tracker: BallTracker, window: ShotWindow, shot: Shot, still: float = 0.01,
                   pre_roll: float = 0.5, end_frames: int = 5, rest_radius: float = 0.008) -> bool:
    """The cue ball's track went off its spot and was back on it, resting there to the window's end, sooner than a
    ball can come back, and every ball seen resting at the window's start rests where it was at its end: the cue
    ball was never struck (its track took a passing arm's blobs), so there was no shot.

    A struck cue ball that ends where it started came back off a ball or a cushion at least as far out as its
    farthest sighting; rolling back over that distance and stopping, with cloth friction (at most ``MAX_DECEL``) the
    only brake, takes at least ``sqrt(2 * distance / MAX_DECEL)`` (a ball it ran into at its spot would have moved:
    the second condition). ho82 straight-pool-run-169 (30/720p review, 49.8-50.5 s): the shooter's arm swept over
    the resting balls; the cue ball's track, its ball under the arm, took blobs 35 cm off (49.87 s), then 17 and 12
    cm off (50.03, 50.07 s), and was back on its spot at 50.10 s (0.23 s after the farthest, 0.27 s with a frame's
    allowance; rolling 33 cm back and stopping takes 0.37 s); hidden rack balls' tracks ran off on the arm, and a
    false shot with three balls "off the table" was ruled a foul (``test_arm_sweep``: from 48.6 s, 22 cm off, back
    in 0.067 s, 0.28 s needed). Not when a ball seen resting before is gone or rests elsewhere after: a stun into a
    frozen ball that drops leaves the cue ball in place, and its track may have strayed onto the ball's blur."""
    before, after = shot.before.get(0), shot.after.get(0)
    if before is None or after is None or float(np.hypot(before[0] - after[0], before[1] - after[1])) > still:
        return False
    times, series, _ = tracker.series(window.t_start - pre_roll, window.t_done)
    cue = series.get(0)
    if cue is None or len(times) < 3:
        return False
    pre = times <= window.t_start + 1e-9
    end = np.zeros(len(times), dtype=bool)
    end[-end_frames:] = True
    for ball, xy in series.items():
        if ball == 0:
            continue
        start_rest = _resting(xy[pre], rest_radius)
        if start_rest is None:
            continue  # not seen resting before the window: a hidden ball's track, or one born on the arm
        end_rest = _resting(xy[end], rest_radius)
        if end_rest is None or float(np.linalg.norm(end_rest - start_rest)) > still:
            return False
    d = np.linalg.norm(cue[~pre] - np.asarray(before), axis=1)
    t = times[~pre]
    seen = np.flatnonzero(~np.isnan(d))
    if not len(seen):
        return False
    far = seen[np.argmax(d[seen])]
    reach = float(d[far]) - 2 * still
    if reach <= 0:
        return False
    back = seen[seen > seen[d[seen] > still][-1]]  # its sightings on its spot after it was last off it
    if not len(back):
        return False
    frame_dt = float(np.median(np.diff(times)))
    return float(t[back[0]] - t[far]) + frame_dt < float(np.sqrt(2 * reach / MAX_DECEL))


def cue_carried(tracker: BallTracker, window: ShotWindow, pre_roll: float = 0.5, reach: float = 0.1) -> bool:
    """The cue ball's track at the window's start never rested on the table and ran more than ``reach`` over its
    sightings in the pre-roll: a cue ball in hand carried over the table, not one struck (a struck ball leaves
    from rest). A track born on a struck ball's blur has no sightings before the strike and is not one.
    ho92 straight-pool-run-179 (30/720p review, 44.6-45.3 s): after a scratch the shooter carried the cue ball in
    hand over the table; a blob of the hand, scored as the cue ball, ran 2 m/s to the right rail and vanished,
    and a false shot was ruled a no-contact foul with the cue ball off the table, every ruling after it shifted."""
    tr = next((t for t in tracker.tracks if t.name_at(window.t_start) == 0), None)
    if tr is None or tr.rested:
        return False
    pts = np.asarray([p for t, p in zip(tr.times, tr.xy, strict=True)
                      if window.t_start - pre_roll - 1e-9 <= t <= window.t_start + 1e-9], dtype=float).reshape(-1, 2)
    if len(pts) < 3:
        return False
    return float(np.max(np.linalg.norm(pts - pts[0], axis=1))) > reach


def _resting(xy: np.ndarray, radius: float, least: int = 3) -> np.ndarray | None:
    """Where a ball's sightings (F, 2; NaN unseen) rest: their mean, when at least ``least`` of them lie within
    ``radius`` of it; None otherwise."""
    ok = xy[~np.isnan(xy[:, 0])]
    if len(ok) < least:
        return None
    m = ok.mean(axis=0)
    return m if float(np.max(np.linalg.norm(ok - m, axis=1))) <= radius else None


def _into_a_pocket(g: TableGeometry, p1: np.ndarray, p2: np.ndarray, reach: float = 1.0) -> bool:
    """Whether the line from ``p1`` on through ``p2`` passes within a pocket's capture radius of its centre, ahead of
    ``p2`` and within ``reach`` (m) of it."""
    d = np.asarray(p2, float) - np.asarray(p1, float)
    n = float(np.linalg.norm(d))
    if n < 1e-9:
        return False
    u = d / n
    for pk in g.pockets:
        rel = np.asarray(pk.centre, float) - np.asarray(p2, float)
        along = float(rel @ u)
        if -pk.capture_radius <= along <= reach + pk.capture_radius and \
                float(abs(rel[0] * u[1] - rel[1] * u[0])) < pk.capture_radius:
            return True
    return False


def _steady(xy: np.ndarray) -> np.ndarray:
    """A ball's sightings (F, 2; NaN unseen) less those with no sighting on the frame before or after: a rolling
    ball is seen on frames running, a flickering circle is not. Racking hands withdrawing over the table are found
    as a dozen circles each, on and off; the hidden cue ball's track took some of them, 0.1 s apart, and the
    re-rack was a "shot" (ho7 break-9-170 60/1080p: an extra shot at 10.79-11.65 s)."""
    seen = ~np.isnan(xy[:, 0])
    beside = np.zeros_like(seen)
    beside[1:] |= seen[:-1]
    beside[:-1] |= seen[1:]
    return np.where((seen & beside)[:, None], xy, np.nan)


def _rolls(xy: np.ndarray, k: int, step: float, throughout: bool = True) -> bool:
    """Whether a ball's sightings (F, 2; NaN unseen) move more than ``step`` over two spans of ``k`` frames running,
    in about the same direction (and, with ``throughout``, on every frame of them: ``_moves_throughout``)."""
    if len(xy) <= 2 * k:
        return False
    a, b, c = xy[:-2 * k], xy[k:-k], xy[2 * k:]
    d1, d2 = b - a, c - b
    n1, n2 = np.linalg.norm(d1, axis=1), np.linalg.norm(d2, axis=1)
    with np.errstate(invalid="ignore"):
        same_way = np.sum(d1 * d2, axis=1) > 0.5 * n1 * n2
        rolls = (n1 > step) & (n2 > step) & same_way  # (NaN, an unseen end, compares False)
    return any(not throughout or _moves_throughout(xy[i:i + 2 * k + 1]) for i in np.flatnonzero(rolls))


STILL_STEP = 0.25  # a rolling ball's move on any frame interval is at least this share of its mean move over the roll


def _moves_throughout(xy: np.ndarray) -> bool:
    """Whether a ball moved between every two sightings on frames running (NaN unseen) by at least STILL_STEP of
    its mean move over those: a rolling ball moves on every frame, a ball passed from place to place stands still
    between its jumps. The simulator re-racks in one frame after the 8 ends the rack; a rack ball's track jumped
    from its old rest into the rack, stood still, then jumped one rack spot (5.7 cm) as the names settled, and the
    two jumps read as a roll (dev eight-ball-rack-109 q30_720, 68.0 s: an extra shot after the last). Relative to
    the mean move, so that detector noise on the still frames does not pass for rolling."""
    seen = ~np.isnan(xy[:, 0])
    both = seen[1:] & seen[:-1]
    if not both.any():
        return True
    steps = np.linalg.norm(np.diff(xy, axis=0), axis=1)[both]
    return bool(np.all(steps >= STILL_STEP * steps.mean()))


def _set_down(shot: Shot, moved: float) -> bool:
    """The cue ball moved and touched nothing, and stopped faster than cloth friction can stop a ball: it was
    put down by hand (ball in hand), not struck. A struck ball leaves at once and slows at a steady rate, so
    covering ``moved`` and stopping within the window's ``T`` takes at least ``2 * moved / T**2``."""
    if any(e.type not in ("strike", "rest") for e in shot.events):
        return False
    duration = shot.t_end - shot.t_start
    return duration <= 0 or 2 * moved / duration ** 2 > MAX_DECEL


def track_shots(observations: Iterable[BallObservations], geometry: TableGeometry | None = None,
                game: str = "straight-pool", first_shot: int = 1,
                tracker: BallTracker | None = None, segmenter: ShotSegmenter | None = None,
                cfg: ShotBuildConfig | None = None) -> Iterator[Shot]:
    """The whole tracking stage as a generator: observations in, shot records out as each shot ends."""
    tracker = tracker or BallTracker(geometry, game)
    cfg = cfg or ShotBuildConfig()
    segmenter = segmenter or ShotSegmenter(move_threshold=max(0.012, 6 * cfg.noise_sigma),
                                           still_drift=max(0.004, 2 * cfg.noise_sigma))
    number = first_shot
    last_cue: tuple[float, float] | None = None
    for obs in observations:
        states = tracker.update(obs)
        window = segmenter.update(obs.t, states)
        if window is None:
            if not segmenter.moving:
                # no shot in progress: a ball lost at a pocket now is a hand's doing, not a drop
                tracker.release_pocket_holds()
            continue
        shot = build_shot(tracker, window, number, cfg)
        placed = is_hand_placement(shot, cue_before=last_cue) or nothing_rolled(
            tracker, window, max(0.005, 4 * cfg.noise_sigma)) or cue_never_left(
            tracker, window, shot, pre_roll=cfg.pre_roll, end_frames=cfg.end_frames,
            rest_radius=tracker.cfg.rest_radius) or cue_carried(tracker, window, pre_roll=cfg.pre_roll)
        last_cue = shot.after.get(0)
        tracker.release_pocket_holds()  # its pockets are called: a ball lost at one and not called fades as hidden
        if placed:
            log.info("%.2f-%.2f s: balls moved but the cue ball was not struck; not a shot", shot.t_start,
                     shot.t_end)
            continue
        number += 1
        for e in shot.events:
            if e.type in ("pocket", "off_table") and e.ball is not None:
                tracker.retire_ball(e.ball)
                # the cue ball always comes back (ball in hand): only object balls leave play
                if e.ball != 0:
                    tracker.remove_ball(e.ball)
        yield shot
    window = segmenter.finish()
    if window is not None:
        shot = build_shot(tracker, window, number, cfg)
        # cut off before everything stopped: say so, and ask for a look
        extra = {**shot.extra, "unfinished": True}
        conf = min(shot.confidence if shot.confidence is not None else 1.0, 0.5)
        yield Shot(shot=shot.shot, t_start=shot.t_start, t_end=shot.t_end, before=shot.before, after=shot.after,
                   events=shot.events, frozen=shot.frozen, near_rail=shot.near_rail, confidence=conf, extra=extra)
