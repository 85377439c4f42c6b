"""Sub-frame shot events from the balls' piecewise paths (tracking/paths.py).

Each kink in a ball's path needs a cause. A collision is where the two balls' paths *before* the kink come one
ball diameter apart, solved in continuous time (a break's cue ball crosses 33 cm between two 30 fps frames); a
cushion is where the path before the kink meets the cushion nose at one ball radius while heading in and leaves
heading out. A track that ends early is followed forward along its last piece: into a pocket's capture circle is a
pocket, over a cushion where there is no opening is off the table, and a ball that stops or vanishes anywhere else
was only hidden (no event). Kinks with no geometric cause (noise, spin, a sliding ball starting to roll) are not
events. Every event carries a confidence; two cue-ball contacts closer than ``close_call_s`` (its first two, with
two balls, within a frame interval) are a close call.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from scipy.sparse.csgraph import connected_components
from scipy.stats import theilslopes

from adjudicator.records import ShotEvent
from tracking.paths import BallPath, Piece, kink_time, split_piece, truncate, without_first
from vision.geometry import Pocket, TableGeometry

CUE = 0
_REF_DT = 1.0 / 30.0  # unseen stretches are counted in frames of at least this (``_pocketed``)
MAX_DECEL = 5.0  # m/s^2: cloth friction stops a sliding ball at about 2; only a hand stops it faster


@dataclass(frozen=True)
class EventConfig:
    """Tunables of event inference (defaults tuned on the toy-sim dev seeds; see docs/TRACKING.md).

    Attributes:
        contact_tolerance: how far beyond one diameter (m) two paths may pass and still count as touching.
        rail_tolerance: how far beyond one radius from the cushion nose (m) a kink may be and still be a cushion.
        kink_tolerance: the same for a kink between two pieces that the ball turned at, heading into the cushion
            before and away after (a bounce between two sightings puts the kink off the nose; tfast14, dev only).
            Also how far off the nose the turning sighting of a reversal in a pocket's mouth may lie
            (``_chord_bounces``).
        moving_speed: below this speed (m/s) a ball is at rest.
        corner_reach: how far beyond one radius from each nose (m) a kink in a corner's mouth may be and still be a
            contact with both rails, where the ball came back out heading off both (tcorner17; ho17 dev: 21-26 mm),
            and the farthest a stalled mouth kink may lie from a rail it is read against (``_corner_stall``).
        gap_clear: a bounce hidden in undetected frames (``_hidden_bounce``) is read only where both sightings beside
            the gap lie at least this far (m) off the nose: nearer, their noise alone makes the V (tbounce18; ho17
            dev: 62-322 mm).
        gap_in: the V's implied move in must head into the rail at least this fraction of the speed the move out
            takes off it (a cushion returns at most what came in; ho17: 0.97-1.6).
        gap_speed: and be no slower than the move out and at most this many times as fast (ho17: 1.08-1.28).
        gap_heading: and agree with the move into the earlier sighting, where seen a frame before, within this many
            degrees (ho17: 0 and 16).
        response_window: a collision needs the other ball to kink within this many frame intervals.
        close_call_s: two cue-ball contacts closer than this are flagged (seconds); the first two, with two balls,
            also within one frame interval (their order is inferred between frames).
        decel: rolling deceleration (m/s^2) used to follow a vanished ball to a pocket.
        frozen_gap: a ball at rest this close to a cushion (beyond one radius, m) touches it.
        over_rail: a ball seen this far (m) past touching a cushion is over it (calibration error stays below).
        struck_reach: how long (s) a struck ball never seen moving may be followed to a pocket.
        struck_unseen: that rule needs the struck ball unseen for this long (s) after the hit.
        jump_speed: a vanished ball meeting a cushion slower than this (m/s, into it) bounced, it did not fly off
            (1.2: the speed both simulators fly a jumper off at; 1.5 left toy dev jump-55/-73 on the table).
        blocked_depth: a hitter whose path, carried past its kink, runs this deep (m) into a resting ball hit it.
        ghost_gap: one or two sightings this many frames after a moving ball was lost are another ball.
        creep_speed: a ball vanishing at a pocket's lip is followed in if it was moving faster than this (m/s).
        jaw_slack: a pocketed ball whose path passed this close (m) beyond one radius of a jaw touched it.
        jaw_line_span: a glance off a jaw between sightings (``_jaw_kink``) needs the straight line through the
            sightings of this last span (s) of the piece before it to reach the jaw too (``_straight_meets_jaw``).
        jaw_reach: a pocketed ball's last piece, carried on, is looked at for jaws up to this long (s) after its
            centre enters the pocket's capture circle (``_jaw_glances``; 5 ms: on every dev drop of ho6-ho13,
            pooltool and toy dev pickles, true jaw touches 182 -> 196, false 77 -> 85 against the old rule; 10 ms
            gave 200 and 94, the false ones past 5 ms as many as the true), or up to ``fall_reach`` after it enters
            the fall circle (``_fall_circle``, where it drops), whichever is later.
        fall_reach: see ``jaw_reach`` (1 ms, the carried line's timing noise; a side pocket's fall circle lies 33 mm
            past its capture circle: on the dev drops of ho10-ho14 and pooltool dev 0-11, made with this round's
            trackers, true / false / missed jaw touches 95 / 25 / 32 with the capture circle alone, 108 / 28 / 19
            with the fall circle at +0 ms, 111 / 28 / 16 at +1 to +3 ms; the fall circle alone at +1 ms lost corner
            touches, 109 / 27 / 18).
        fall_speed: ... the fall circle only for a ball last seen moving at least this fast (m/s): a slower one
            takes 70 ms or more from a side pocket's capture circle to its fall circle, longer than its last piece
            carried on is trusted (ho11 nine-ball-rack-111's 2, 0.2 m/s over the hole, its last three sightings
            placed off by the detector: a false side jaw; ho13 bank-230's 4, creeping at 0.08 m/s: a false foot jaw
            150 ms after its truth drop). Clean dev drops 111 / 28 / 16 -> 111 / 26 / 16 (0.5 to 1 m/s the same).
        flown_out: a ball seen this far (m) past a cushion nose line, away from every pocket, flew over the rail.
        blur_run: a cue ball struck from rest that ran this far (m) over the frame interval before the one where it
            turned off its line had its first contact found on that line, as across a gap where it was unseen.
        through: a moving ball's piece, carried on past its first contact by more than this (m), meets no other ball.
        chord_move: a ball's move between sightings into a cushion and back out of it, each at least this (m, ~3
            sigma of two 720p sightings' noise), turned at that cushion (``_chord_bounces``).
        slow_turn: a ball heading into a cushion slower than this (m/s) has its contact timed on a V fitted to its
            distance from the nose (``_hinge_time``), not on the kink (1 cm a frame at 30 fps: a few noise sigmas).
        jaw_inside: a ball seen overlapping a jaw model by more than this (m, ~3 sigma of the detector noise) shows
            that the pocket's jaws are not where the model puts them: no touch is inferred from the model there.
        kiss_move: a resting ball whose place at rest moved by at least this (m, about 4 sigma of two 15-sighting
            means at 720p), away from a ball that rolled up to touching it, was kissed by it (``_kisses``).
        kiss_speed: a kissed ball (``_kisses``) rolls off no faster than this (m/s), nor faster than the ball that
            kissed it came in (equal masses; its pieces' speeds, fitted over a few frames, up to one and a quarter
            times that approach speed); it was at rest (``moving_speed``) before the touch.
        hug_leave: a ball touching the rail it touched last (no other contact between) touched it again only if it
            had left that cushion by more than this (m beyond one radius, a running median of three sightings) and
            came back (``_hugging``).
        hug_approach: ... and closed on the cushion at least this fast (m/s, a robust slope over ``hug_span`` s).
        hug_span: how long before the new contact (s) its approach is judged over.
        back_span: a resting ball struck into a cushion and seen back off it (beyond ``hug_leave`` past where it
            rested) within this long (s) of the hit touched it (``_driven_back_off``).
        back_into: ... when the line of centres heads into that cushion at least this steeply (cosine; 0.5: 60
            degrees from the nose line or less, so that an error of a few degrees in it cannot turn a glance along
            the cushion into a push into it).
        back_spread: a ball struck from rest more shallowly into a cushion touched it where it was seen farther
            from the nose than its line of centres turned this many degrees off the cushion puts it
            (``_pushed_in_shallow``; throw and the line's own error are a few degrees).
        drop_turn: a turn in a pocket's mouth onto a ball's last piece of at most three sightings (gone after them)
            is a jaw contact only where one of them lies more than this (m) off the earlier piece carried on: a ball
            over the hole is placed 5-12 mm off (two ``chord_move``; dev: ho11 nine-ball-rack-111's 2 dropping
            straight lies 16 mm off; true jaw turns onto such pieces on ho9-ho11 30 fps, part of ho8 and pooltool
            dev 30/720p, 23.6 mm or more), and only where that earlier piece carried on also clears both jaws by
            more than ``jaw_slack`` (a jaw cannot have turned it): true jaw touches under 2 cm off line (ho12
            eight-ball-rack-112's 14, 11 mm; near-rail-220's 1, 17 mm; ho7 break-8-170's cue ball, 11 mm) run 5-9 mm
            into the jaw, the false ones 3.4-21 mm clear of both (ho8-ho12, pooltool dev 30/720p). Up to twice
            this off where the piece carried on clears both jaws by more than this (ho50 combination-471: 25 mm
            off, 31 mm clear).
        frozen_push: a ball frozen to a cushion and struck from rest that leaves it more steeply than the line of
            centres by this much (the cosines' difference) was pushed into it by the hit (``_pushed_off``). 0.1:
            about half of ho12 frozen-220's 1's 0.18 (line of centres -0.066 into the foot cushion, departure
            +0.118 off it); a ball struck off its cushion leaves along the line of centres (difference ~0).
        glance_angle: a fast ball lost as it met a cushion, too slowly into it to fly over by ``jump_speed``, may
            still have flown off there (the simulators' jumpers fly on total speed) only if it met that cushion at
            least this steeply (degrees from the nose line; 9: between real 2019 clip 13's 5, sent down the rail at
            4.4 degrees into head-left, and toy dev jump-84's 6, flown off at 13.5-15.7 degrees).
        jaw_heading: a pocketed ball whose last piece, at its last sighting, heads within this many degrees of the
            pocket's centre and whose line passes within ``jaw_middle`` (m) of that centre ran into the middle of
            the mouth: where that line (seen or carried on) comes no deeper than ``jaw_slack`` into a jaw, no jaw
            glance is inferred for it (``_jaw_glances``): a graze or a pass a few mm clear, which the detector's
            placing over the hole and the jaw model's error decide; the simulator's balls dropped clean there (dev
            ho15, all four grids: every such glance false). Side pockets only (``_heads_into_middle``).
        jaw_middle: see ``jaw_heading``.
        jaw_bias: a pocketed ball's line carried on from a last sighting within a pocket's capture radius and a
            ball's radius of its centre meets a jaw (``_jaw_glances``) only where it still does from a start this
            much (m) nearer that centre (``_reached_jaws``): the detector places a ball there 2.4-3.9 mm short
            of the pocket (dev medians), so a touch that move undoes is the detector's, not the ball's.
        jaw_along: a pocketed ball's seen line that comes within ``jaw_slack`` of a jaw's straight face running
            within this many degrees of parallel to it touched nothing there (``_along_face``): no speed into the
            face for it to turn; a few degrees is what a line fitted over a few cm of sightings is good to.
        mouth_keep: a pocketed ball's last piece is judged for side-pocket jaws on its sightings before its disc
            reached over the pocket's opening (``_off_the_opening``) only where at least this many are left.
        in_jump: a piece that starts this much (m) farther from a cushion than the piece a frame before it, carried
            on, put the ball, where that piece ended at the cushion and not heading into it, starts with a detector
            excursion, not an approach: no V inside it is read as a contact with that cushion (``_bounce_inside``).
        line_spread: how many degrees the kicked line of a struck ball never seen moving may be off
            (``_struck_and_gone``: no flight over a rail with a pocket within it), unless the hitter seen at the
            contact just after pins it closer (``_line_pinned``; real 2019 clip 3: 13-19 degrees off).
        pin_noise: the noise (m) of a hitter's sighting at the contact and the struck ball's rest spot together, which
            set its line of centres where the hitter is seen there just after the hit (``_line_pinned``).
        rest_jitter: how far (m) a ball come to rest against a cushion is seen from its sighting nearest that
            cushion (the detector's jitter at rest): a ball that crept in is first seen that near when it touches
            (``_first_nearest``).
        throw_friction: ball-on-ball friction (about 0.06): the most tangential speed a collision takes from its
            hitter per unit of speed along the line of centres (throw), for ``_cut_bound``.
        slide_decel: the most a sliding ball slows on the cloth (m/s^2; 0.2 g), for ``_cut_bound``.
        lip_unseen: a ball resting at a pocket's lip, hit, and seen on in its place for no longer than this (s)
            and never again was nudged in (``_nudged_off_lip``).
        unseen_turn: a ball lost for good after one sighting that turned it in a pocket's mouth, whose turned line
            carried on lies on the open cloth (``_clear_of_pockets``) at one of the next this many frame times, would
            have been seen there: that sighting was its drop, placed off by the detector over the hole
            (``_turn_unseen``).
        jaw_back: a ball seen once after it was struck from rest and never again, followed fast (``jump_speed``
            or more into the cushion line) into a side pocket's opening, whose line meets a jaw tip this close to
            head-on (degrees between its heading and the tip's normal at the touch) would have been thrown back
            onto the cloth in view: it flew off the table over that jaw (``_jaw_turns_back``). 35: dev lines met
            the tip at 9-34 degrees (ho54 jump-511, ho59x jump-563); ``test_ev_offtable``'s blow into side-left's
            mouth 43 mm from its middle meets the tip 43 degrees off head-on and is taken as pocketed (its noisy
            lines measure 36-63 degrees), so the rule is kept to tips met more squarely than that.
        fresh_run: a ball struck from rest and seen on a straight run of at most this many sightings, then never
            again, counts as never seen after the hit (``_follow_to_exit``'s ``never_seen``).
        mouth_decel: the gentlest rolling deceleration (m/s^2) a ball lost in a pocket's mouth is taken to slow at
            when judging whether it could still reach the pocket's fall circle (``_short_of_fall``; pooltool's
            rolling resistance, 0.01 g: a reach twice ``decel``'s).
        mouth_noise: the detector's noise (m) per sighting, at least, for the end speed's uncertainty there.
        fall_edge: a ball lost for good at a corner's lip, last seen within this (m) of the fall circle after
            coming at least ``fall_approach`` closer to it in its last half second, dropped (``_at_fall_edge``; the
            hole hides the part that overhangs it, so its sightings fall 4-7 mm short and nearly still there).
        fall_approach: how much closer (m) to the fall circle such a ball must have come in its last half second:
            still creeping, not resting in the jaws (balls lying still over the last half second of the dev shot
            windows came up to 1.4 mm closer to the nearest fall circle, 99th percentile of 6549).
    """

    contact_tolerance: float = 0.008
    rail_tolerance: float = 0.010
    kink_tolerance: float = 0.015
    moving_speed: float = 0.04
    corner_reach: float = 0.030
    gap_clear: float = 0.02
    gap_in: float = 0.7
    gap_speed: float = 1.8
    gap_heading: float = 25.0
    response_window: float = 2.0
    close_call_s: float = 0.004
    decel: float = 0.2
    frozen_gap: float = 0.004
    over_rail: float = 0.015
    struck_reach: float = 1.5
    struck_unseen: float = 1.0
    jump_speed: float = 1.2
    blocked_depth: float = 0.005
    ghost_gap: float = 8.0
    creep_speed: float = 0.01
    jaw_slack: float = 0.003
    jaw_line_span: float = 0.2
    jaw_reach: float = 0.005
    fall_reach: float = 0.001
    fall_speed: float = 0.5
    jaw_inside: float = 0.006
    jaw_bias: float = 0.003
    jaw_along: float = 10.0
    jaw_pre: float = 0.0015
    flown_out: float = 0.07
    blur_run: float = 0.17
    chord_move: float = 0.010
    through: float = 0.01
    kiss_move: float = 0.0025
    kiss_speed: float = 0.08
    slow_turn: float = 0.3
    hug_leave: float = 0.010
    hug_approach: float = 0.02
    hug_span: float = 0.3
    back_span: float = 0.25
    back_into: float = 0.5
    back_spread: float = 5.0
    nudge_move: float = 0.005
    nudge_clear: float = 0.01
    nudge_span: float = 0.3
    nudge_roll: float = 0.001
    drop_turn: float = 0.02
    frozen_push: float = 0.1
    glance_angle: float = 9.0
    jaw_heading: float = 40.0
    jaw_middle: float = 0.045
    mouth_keep: int = 3
    in_jump: float = 0.005
    line_spread: float = 20.0
    pin_noise: float = 0.003
    rest_jitter: float = 0.001
    throw_friction: float = 0.06
    slide_decel: float = 2.0
    mouth_decel: float = 0.098
    mouth_noise: float = 0.002
    fall_edge: float = 0.008
    fall_approach: float = 0.004
    lip_unseen: float = 0.25
    unseen_turn: int = 3
    jaw_back: float = 35.0
    fresh_run: int = 3


@dataclass
class ShotContext:
    """What event inference needs besides the paths."""

    geometry: TableGeometry
    frame_dt: float
    t_start: float
    t_end: float
    present: set[int] = field(default_factory=set)  # balls on the table at the start
    seen_at_end: set[int] = field(default_factory=set)  # balls observed in the last frames


def _rail_dist(g: TableGeometry, p: np.ndarray) -> dict[str, np.ndarray]:
    p = np.atleast_2d(p)
    return {"head": p[:, 0], "foot": g.length - p[:, 0], "left": p[:, 1], "right": g.width - p[:, 1]}


_INWARD = {"head": np.array([1.0, 0.0]), "foot": np.array([-1.0, 0.0]), "left": np.array([0.0, 1.0]),
           "right": np.array([0.0, -1.0])}


def _kinks(path: BallPath) -> list[tuple[float, Piece, Piece]]:
    return [(tb, path.pieces[k], path.pieces[k + 1]) for k, tb in enumerate(path.breaks)]


def _pre_piece(path: BallPath, t_lo: float, t_hi: float, t_ref: float) -> Piece:
    """The piece a ball was on just before anything happened to it inside [t_lo, t_hi]."""
    for tb, pre, _ in _kinks(path):
        if t_lo <= tb <= t_hi:
            return pre
    return path.piece_at(t_ref)


def _piece_of(path: BallPath, t: float) -> Piece:
    """The piece fitted to the sighting at ``t``: ``piece_at`` goes by the kink times, and a kink timed before a
    piece's last sighting hands that sighting to the piece after (ho53x near-rail-504's 11 at 60 fps: its sighting
    7 ms after the right cushion, the last of the piece that ran into it, fell to the resting piece after)."""
    return next((pc for pc in path.pieces if pc.t0 - 1e-9 <= t <= pc.t1 + 1e-9), path.piece_at(t))


def _resting(pc: Piece, t: float, cfg: EventConfig) -> bool:
    """Whether a piece is a ball at rest at ``t``: slow there, or hardly displaced over the whole piece (a short
    resting piece fitted with a slope to the noise can extrapolate to a few cm/s at its end)."""
    if pc.speed(t) < cfg.moving_speed:
        return True
    span = max(pc.t1 - pc.t0, 1e-9)
    moved = float(np.linalg.norm(pc.pos(pc.t1) - pc.pos(pc.t0)))
    return moved < 0.01 and moved / span < cfg.moving_speed


@dataclass(frozen=True)
class _Held(Piece):
    """A resting piece held where it lies: its fit carried past its sightings does not drift (``_held``)."""

    def pos(self, t: np.ndarray | float) -> np.ndarray:
        return super().pos(np.clip(np.asarray(t, float), self.t0, self.t1))

    def vel(self, t: np.ndarray | float) -> np.ndarray:
        return np.zeros_like(super().vel(t))


def _held(pc: Piece, cfg: EventConfig, path: BallPath, t: float, dt: float) -> Piece:
    """The piece a ball was on at ``t``, a ball at rest held where it was last seen, at speed 0. The quadratic
    fitted to a few resting sightings carries noise as a slope and a curve: carried over a ball hidden under an arm
    until it was hit, it drifts centimetres (toy dev occluded-70, 30/720p: the 6, seen at rest on 7 frames and
    hidden 0.53 s up to the hit, ran 3 cm off at 0.23 m/s; the cue ball's path missed it by 4 cm and no first
    contact was found). The same ball's first sighting on its way after the gap can join its resting piece (a
    quadratic through a still cluster bends to one far point at almost no cost): a piece whose sightings leave a gap
    of more than 3.5 frames around ``t``, at least 3 of them before it and those at rest (``_rest_spot``), is that
    ball at rest there until the gap's end."""
    if isinstance(pc, _Held):
        return pc
    if _resting(pc, pc.t1, cfg):
        return _Held(**pc.__dict__)
    if pc.i1 - pc.i0 + 1 - pc.n < 3 or not pc.t0 < t < pc.t1:
        return pc  # seen on every frame but two of its span, or t outside it: no gap to hold across
    ts, xs = _seen(path)
    inside = (ts >= pc.t0 - 1e-9) & (ts <= pc.t1 + 1e-9)
    before = np.flatnonzero(inside & (ts <= t + 1e-9))
    after = np.flatnonzero(inside & (ts > t + 1e-9))
    if len(before) < 3 or not len(after) or ts[after[0]] - ts[before[-1]] <= 3.5 * dt:
        return pc
    rest = _rest_spot(xs[before])
    if rest is None:
        return pc
    return _Held(pc.i0, pc.i1, pc.t0, float(ts[before[-1]]), pc.t0, (float(rest[0]), 0.0, 0.0),
                 (float(rest[1]), 0.0, 0.0), len(before), pc.rms)


def _reach_time(g: TableGeometry, pre: Piece, rail: str, level: float, tk: float, dt: float) -> float:
    """When the piece before a kink first came within ``level`` of ``rail``'s nose: the cushion contact. A slow
    ball's kink time is loose (its two pieces stay close for frames), so the whole approach is searched; the kink
    time when the piece never crosses (or starts across)."""
    ts = np.linspace(min(tk - 1.5 * dt, max(pre.t0, tk - 1.0)), tk + 1.5 * dt, 600)
    hit = np.flatnonzero(_rail_dist(g, pre.pos(ts))[rail] <= level)
    if len(hit) and hit[0] > 0 and ts[hit[0]] - tk < 1.2 * dt:
        return float(ts[hit[0]])
    return tk


def _arrival_time(g: TableGeometry, path: BallPath, pre: Piece, rail: str, level: float, tk: float,
                  dt: float, span: float = 0.4) -> float:
    """When a ball that rolled slowly into a cushion and stopped against it came to ``level`` from its nose (a
    little inside where it rests), judged on a straight line through its sightings in the last ``span`` s of its
    approach piece. The whole piece's quadratic is bent by its faster start, and at 3 cm/s its last few mm, within
    the fit's tolerance, put the touch 2-3 frames early (pooltool dev break-8-4/-10/-11 at 30/720p).
    ``_reach_time`` when the sightings are too few or do not close on the cushion."""
    if path.t_obs is None or path.xy_obs is None:
        return _reach_time(g, pre, rail, level, tk, dt)
    ii = np.arange(pre.i0, pre.i1 + 1)
    ii = ii[~np.isnan(path.xy_obs[ii, 0]) & (path.t_obs[ii] >= pre.t1 - span)]
    if len(ii) < 4:
        return _reach_time(g, pre, rail, level, tk, dt)
    ts = path.t_obs[ii]
    d = _rail_dist(g, path.xy_obs[ii])[rail]
    slope, icpt = np.polyfit(ts - ts[-1], d, 1)
    if slope >= 0:
        return _reach_time(g, pre, rail, level, tk, dt)
    return float(np.clip(ts[-1] + (level - icpt) / slope, ts[0], pre.t1 + dt))


def _first_nearest(path: BallPath, g: TableGeometry, rail: str, t0: float, t1: float, jitter: float) -> float | None:
    """When a ball is first seen within ``jitter`` of its least distance from ``rail``'s nose over its sightings in
    [``t0``, ``t1``]: where a ball that crept into the cushion touched it (its sightings at rest there scatter by
    the jitter, and the first of them may not be the nearest). None with fewer than two sightings."""
    ts, xs = _seen(path)
    sel = (ts >= t0 - 1e-9) & (ts <= t1 + 1e-9)
    if int(np.sum(sel)) < 2:
        return None
    d = _rail_dist(g, xs[sel])[rail]
    return float(ts[sel][int(np.flatnonzero(d <= float(d.min()) + jitter)[0])])


def _hinge_time(g: TableGeometry, path: BallPath, rail: str, t_guess: float, lo: float, hi: float, dt: float,
                span: float = 0.4, reach: float = 4.0, bend: bool = False) -> float | None:
    """When a slow ball turned at a cushion, from a V fitted to its distance from the nose: straight in, straight
    out, meeting at the contact. A slow turn bends the path by no more than the detector noise over several frames,
    so the kink between two pieces (or the turn of one polynomial through it) can sit 2-7 frames off the contact
    (pooltool dev kick-7, scratch-10, rails-11 at 30/720p: 0.1-0.24 s late or early). The sightings in [lo, hi]
    within ``span`` s of ``t_guess`` are used; the apex is searched within ``reach`` frames of it. None when too few
    sightings lie on either side or no V heading in and then out fits. ``bend``: the way in is a parabola, not a
    line (a long approach slows as it rolls: over the 0.7 s of ho15 bank-251's cue ball creeping into the foot
    cushion, 0.14 -> 0.04 m/s, a straight arm leans the apex 129 ms early; the parabola's 8 ms late)."""
    if path.t_obs is None or path.xy_obs is None:
        return None
    ok = ~np.isnan(path.xy_obs[:, 0]) & (path.t_obs >= max(lo, t_guess - span)) & \
        (path.t_obs <= min(hi, t_guess + span))
    t, d = path.t_obs[ok], _rail_dist(g, path.xy_obs[ok])[rail]
    best, t_best = np.inf, None
    for tc in np.arange(t_guess - reach * dt, t_guess + reach * dt, dt / 20):
        s = t - tc
        if int(np.sum(s < 0)) < (4 if bend else 3) or int(np.sum(s > 0)) < 3:
            continue  # (a parabola through three sightings fits them whatever they are)
        cols = [np.ones_like(s), np.minimum(s, 0.0), np.maximum(s, 0.0)]
        a = np.stack(cols + [np.minimum(s, 0.0) ** 2] if bend else cols, axis=1)
        coef, *_ = np.linalg.lstsq(a, d, rcond=None)
        if coef[1] >= 0 or coef[2] <= 0:
            continue  # not heading in, then out
        sse = float(np.sum((a @ coef - d) ** 2))
        if sse < best:
            best, t_best = sse, float(tc)
    return t_best


def _slow_turn_time(g: TableGeometry, path: BallPath, rail: str, tc: float, lo: float, hi: float, b: int,
                    collisions: list[ShotEvent], dt: float) -> float:
    """``_hinge_time`` over the sightings in [lo, hi] not across a collision of ball ``b`` (another ball bends
    the V); ``tc`` where no V fits."""
    for c in collisions:
        if c.balls and b in c.balls:
            if c.t < tc - dt:
                lo = max(lo, c.t)
            elif c.t > tc + dt:
                hi = min(hi, c.t)
    t_v = _hinge_time(g, path, rail, tc, lo, hi, dt)
    return tc if t_v is None else t_v


def _starts_inside(path: BallPath, t: float, dt: float, cfg: EventConfig) -> bool:
    """Whether a resting ball set off slowly at ``t`` without a kink of its own there: a ball frozen to a cushion
    and driven into it creeps off so slowly that one polynomial takes its rest and its creep together (or kinks
    frames late). Judged on the observations: at rest before ``t``, then steadily away from where it rested."""
    if path.t_obs is None or path.xy_obs is None:
        return False
    ok = ~np.isnan(path.xy_obs[:, 0])
    tt, xy = path.t_obs[ok], path.xy_obs[ok]
    before = xy[(tt < t) & (tt >= t - 12 * dt)]
    after = xy[(tt > t) & (tt <= t + 12 * dt)]
    if len(before) < 3 or len(after) < 3:
        return False
    rest = before.mean(axis=0)
    noise = float(np.sqrt(np.mean(np.sum((before - rest) ** 2, axis=1))))
    gone = np.linalg.norm(after - rest, axis=1)
    last = float(np.median(gone[-3:]))
    half = len(before) // 2
    drift = float(np.linalg.norm(before[:half].mean(axis=0) - before[half:].mean(axis=0)))
    if drift > max(0.006, 0.25 * last):
        return False  # already on its way before t: a steady mover, not a ball set off at t
    if _left_later(tt[(tt > t) & (tt <= t + 12 * dt)], gone, t, dt, max(0.006, 3 * noise), cfg):
        return False
    return bool(last > max(0.006, 3 * noise) and last > float(np.mean(gone[:3])))


def _left_later(t_after: np.ndarray, gone: np.ndarray, t: float, dt: float, still: float,
                cfg: EventConfig) -> bool:
    """Whether a resting ball, seen ``gone`` from its rest at ``t_after`` (the sightings after ``t``), was still in
    its place more than ``response_window`` frames after ``t`` and then left in one jump of over twice ``still``:
    it was set off later, by a blow of its own (a kink), not creeping off from ``t``. Ho9 bank-190, 30/720p: the
    cue ball ran past the 6 at 6 m/s, 3.5 mm outside contact, 7 frames before it really hit it; the 6 leaving then
    passed for a creep from the pass, the pass became the first contact and hid the real one with the 13. The jump
    may be the frame after its first sighting off its place: a blow just before a frame shows only a few mm of it
    (ho39 rails-390, 60/1080p: the cue ball passed the 8 6 mm outside contact; the 5 hit the 8 five frames later,
    3 ms before a frame, which saw it 7 mm off its rest and the next 40 mm off, so the pass was named first contact
    for the 5)."""
    far = np.flatnonzero(gone > still)
    if not len(far) or far[0] == 0:
        return False
    k = int(far[0])
    jump = float(gone[k] - gone[k - 1])
    if k + 1 < len(gone):
        jump = max(jump, float(gone[k + 1] - gone[k]))
    return bool(t_after[k - 1] > t + cfg.response_window * dt and jump > 2 * still)


def _rest_before(path: BallPath, t: float, dt: float) -> np.ndarray:
    """Where a ball rested just before ``t``: the mean of its last observations there (its piece may be bent by
    a slow start after ``t``)."""
    if path.t_obs is None or path.xy_obs is None:
        return path.piece_at(t).pos(t)
    sel = (path.t_obs >= t - 10 * dt) & (path.t_obs < t) & ~np.isnan(path.xy_obs[:, 0])
    return path.xy_obs[sel].mean(axis=0) if np.any(sel) else path.piece_at(t).pos(t)


def _in_mouth(g: TableGeometry, p: np.ndarray, margin: float) -> bool:
    for pk in g.pockets:
        if np.hypot(p[0] - pk.centre[0], p[1] - pk.centre[1]) < pk.mouth / 2 + margin + 2 * g.ball_radius:
            return True
    return False


def _kink_in(path: BallPath, lo: float, hi: float) -> tuple[float, Piece] | None:
    """The first kink of a path inside [lo, hi] and the piece before it."""
    for tb, pre, _ in _kinks(path):
        if lo <= tb <= hi:
            return tb, pre
    return None


def _opening(g: TableGeometry, rail: str, p: np.ndarray, margin: float = 0.0) -> bool:
    """Whether a ball meeting ``rail`` at ``p`` is at a pocket opening (no cushion there to bounce from), the
    opening widened by ``margin`` (m) along the rail at each end."""
    return bool(g.at_opening(rail, p[1] if rail in ("head", "foot") else p[0], margin))


# Pocket jaws, in a corner's own frame (u along the rail toward the corner, v out of the table from its nose line)
# and a side pocket's (u along the rail away from the pocket's middle): the round tip where the nose line ends and
# the straight jaw behind it, as pooltool builds them for a 116 mm corner / 130 mm side mouth (scaled with the
# table's mouths). TableGeometry has no jaw shapes; a ball that glances off a jaw a moment before it drops is never
# seen turning, so the contact is found where its path into the pocket comes within one radius of these.
_CORNER_JAW = ((-0.0896, 0.02095), 0.02095, (-0.0762, 0.0048), (-0.0208, 0.0508))
_SIDE_JAW = ((0.072, 0.008), 0.00795, (0.0587, 0.0508), (0.0641, 0.007))


# Where a ball drops: pooltool's pocket circle (a ball is gone once its centre is inside), in a corner's frame as the
# centre's offset beyond the corner along both axes, in a side pocket's as its offset out of the table from the nose
# line, with the radius; built for a 116 mm corner / 130 mm side mouth and scaled with the table's mouths like the
# jaws. ``Pocket.capture_radius`` is a reach for following a lost ball, not this: a side pocket's capture circle
# starts 33 mm inside the nose line, its fall circle 4 mm outside it (dev truth drops minus the carried line's entry,
# ho6-ho14 side pockets: capture circle median +10..+15 ms, fall circle -3.7..+0.2 ms).
_CORNER_FALL = (0.029486, 0.062)
_SIDE_FALL = (0.0685, 0.0645)


def _fall_circle(g: TableGeometry, pk: Pocket) -> tuple[np.ndarray, float]:
    """(centre, radius) of the circle a ball's centre enters where it drops into ``pk``, in table metres."""
    if pk.name.startswith("side"):
        k = g.side_mouth / 0.130
        off, rad = _SIDE_FALL
        return np.array([g.length / 2, -k * off if pk.name == "side-left" else g.width + k * off]), k * rad
    k = g.corner_mouth / 0.116
    off, rad = _CORNER_FALL
    x = g.length + k * off if pk.name.startswith("foot") else -k * off
    y = g.width + k * off if pk.name.endswith("right") else -k * off
    return np.array([x, y]), k * rad


def _jaws(g: TableGeometry, pk: Pocket) -> list[tuple[str, np.ndarray, float, np.ndarray, np.ndarray]]:
    """(rail, tip centre, tip radius, jaw start, jaw end) of both jaws of a pocket, in table metres."""
    L, W = g.length, g.width
    out = []
    if pk.name.startswith("side"):
        k = g.side_mouth / 0.130
        (tu, tv), tr, a, b = _SIDE_JAW
        rail = "left" if pk.name == "side-left" else "right"
        y0, sv = (0.0, -1.0) if rail == "left" else (W, 1.0)
        for su in (-1.0, 1.0):
            def f(u: float, v: float, su: float = su, sv: float = sv, y0: float = y0) -> np.ndarray:
                return np.array([L / 2 + su * k * u, y0 + sv * k * v])
            out.append((rail, f(tu, tv), k * tr, f(*a), f(*b)))
        return out
    k = g.corner_mouth / 0.116
    (tu, tv), tr, a, b = _CORNER_JAW
    cx = L if pk.name.startswith("foot") else 0.0
    cy = W if pk.name.endswith("right") else 0.0
    sx = 1.0 if cx else -1.0
    sy = 1.0 if cy else -1.0
    # along the side rail (left/right) toward the corner: u -> x, v -> y out of the table
    side = "right" if cy else "left"
    end = "foot" if cx else "head"

    def fs(u: float, v: float) -> np.ndarray:
        return np.array([cx + sx * k * u, cy + sy * k * v])

    def fe(u: float, v: float) -> np.ndarray:
        return np.array([cx + sx * k * v, cy + sy * k * u])

    out.append((side, fs(tu, tv), k * tr, fs(*a), fs(*b)))
    out.append((end, fe(tu, tv), k * tr, fe(*a), fe(*b)))
    return out


def _jaw_gaps(g: TableGeometry, pk: Pocket, ps: np.ndarray) -> list[tuple[str, np.ndarray]]:
    """For each jaw of ``pk`` (its rail), how far each ball centre in ``ps`` is from touching it (m; negative:
    the ball would overlap the jaw)."""
    out = []
    for rail, tip, tr, a, b in _jaws(g, pk):
        d_tip = np.linalg.norm(ps - tip, axis=1) - tr
        ab = b - a
        s = np.clip(((ps - a) @ ab) / float(ab @ ab), 0.0, 1.0)
        d_seg = np.linalg.norm(ps - (a + s[:, None] * ab), axis=1)
        out.append((rail, np.minimum(d_tip, d_seg) - g.ball_radius))
    return out


def _jaw_touch(g: TableGeometry, pk: Pocket, ts: np.ndarray, ps: np.ndarray,
               slack: float = 0.0) -> tuple[float, str] | None:
    """The first moment a ball centre moving along ``ps`` (at times ``ts``) is within one radius (plus ``slack``)
    of a jaw of ``pk``, and that jaw's rail."""
    best: tuple[float, str] | None = None
    for rail, gap in _jaw_gaps(g, pk, ps):
        hit = np.flatnonzero(gap <= slack)
        if len(hit) and (best is None or ts[hit[0]] < best[0]):
            best = (float(ts[hit[0]]), rail)
    return best


def _jaw_turns_back(g: TableGeometry, pk: Pocket, ts: np.ndarray, ps: np.ndarray,
                    max_angle: float) -> tuple[float, str] | None:
    """The moment a ball centre moving along ``ps`` (at ``ts``) first touches a jaw of ``pk`` before its fall circle,
    and that jaw's rail, where it meets the jaw's round tip within ``max_angle`` degrees of head-on: a tip met that
    squarely throws the ball back out of the mouth. Not the straight jaw behind the tip: met there, the ball is
    turned on into the throat (ho59 eight-ball-rack-146 30/720p, 28.4 s: the 1, rolling up the right cushion into
    foot-right, met the foot jaw 40 degrees off head-on and dropped)."""
    fc, fr = _fall_circle(g, pk)
    inside = np.flatnonzero(np.linalg.norm(ps - fc, axis=1) < fr)
    end = int(inside[0]) if len(inside) else len(ps)
    if end < 2:
        return None
    ps, ts = ps[:end], ts[:end]
    step = ps[-1] - ps[0]
    u = step / max(float(np.linalg.norm(step)), 1e-12)
    best: tuple[float, str] | None = None
    for rail, tip, tr, a, b in _jaws(g, pk):
        ab = b - a
        s = np.clip(((ps - a) @ ab) / float(ab @ ab), 0.0, 1.0)
        d_tip = np.linalg.norm(ps - tip, axis=1) - tr
        d_seg = np.linalg.norm(ps - (a + s[:, None] * ab), axis=1)
        hit = np.flatnonzero(np.minimum(d_tip, d_seg) <= g.ball_radius)
        if not len(hit) or d_tip[int(hit[0])] > d_seg[int(hit[0])]:
            continue
        i = int(hit[0])
        n = (ps[i] - tip) / max(float(np.linalg.norm(ps[i] - tip)), 1e-12)
        if -float(n @ u) >= np.cos(np.radians(max_angle)) and (best is None or ts[i] < best[0]):
            best = (float(ts[i]), rail)
    return best


def _seen_inside_jaws(g: TableGeometry, pk: Pocket, path: BallPath, t_from: float, depth: float) -> bool:
    """Whether the ball was *seen* overlapping a jaw of ``pk`` by more than ``depth`` (m) since ``t_from``: a ball
    cannot enter a jaw, so this pocket's jaws are not where the model puts them (a table or simulator with other
    pocket shapes, or a calibration off at this corner) and a touch predicted from the model is no evidence."""
    if path.t_obs is None or path.xy_obs is None:
        return False
    sel = (path.t_obs >= t_from) & ~np.isnan(path.xy_obs[:, 0])
    if not np.any(sel):
        return False
    return any(float(gap.min()) < -depth for _, gap in _jaw_gaps(g, pk, path.xy_obs[sel]))


def _speed_after(pre: Piece, post: Piece, tk: float, dt: float) -> float:
    """A ball's speed just after a kink; a piece of one sighting has none of its own: the move from the kink to it."""
    if post.n > 1:
        return post.speed(tk + 0.5 * dt)
    return float(np.linalg.norm(post.pos(post.t0) - pre.pos(tk))) / max(post.t0 - tk, 1e-3)


def _sped_up_past(hitter: BallPath, other: BallPath, tc: float, dt: float, cfg: EventConfig) -> bool:
    """The hitter sped up through the contact time while the other ball stayed where it was: no blow was struck
    there (a ball that stays put takes no momentum, so the hitter cannot gain any). The hitter's kink is the
    strike's fit instead: 2019 clip 16's cue ball, fitted at 2.2 m/s over the strike frame and 3.5 m/s after,
    turned fast as it passed the resting 3 about a diameter away, and two noise kinks on the 3 made it the first
    contact. Needs 25 % and 0.3 m/s more speed, far beyond the fit noise of a thin cut's small loss, and the other
    ball within 1 cm of its place 0.3 s on."""
    t0, t1 = tc - 1.5 * dt, tc + 1.5 * dt
    if hitter.t_first > t0 or hitter.t_last < t1:
        return False
    v0, v1 = hitter.piece_at(t0).speed(t0), hitter.piece_at(t1).speed(t1)
    if v0 <= cfg.moving_speed or v1 < 1.25 * v0 or v1 < v0 + 0.3:
        return False
    s0, s1 = max(tc - 3 * dt, other.t_first), min(tc + 0.3, other.t_last)
    if s1 - s0 < 0.2:
        return False
    return float(np.linalg.norm(other.pos(np.array([s1]))[0] - other.pos(np.array([s0]))[0])) < 0.01


def _stayed_put(path: BallPath, tk: float, dt: float) -> bool:
    """The ball was seen at one place over the 0.3 s before ``tk`` and, 2 frames to 0.3 s on, back there (each
    window's median within 5 mm of its last sighting before, at least 3 sightings each): whatever kinked its path
    at ``tk`` was a stray sighting, not a move, so it set nothing moving. Held-out eight-ball-rack-111 shot 6,
    30/720p review: one sighting of the cue tip 4 cm behind the cue ball, on the frame after the strike, was put
    on the resting 14 24 cm away; its jump there and back made the 14 the nearest 'mover' for ``_collisions``'
    fallback and the strike a [0, 14] contact at 0.45, first contact 14 for the 4. A ball frozen to the cue ball
    and driven off by the strike moves away, and a ball creeping at ~0.1 m/s moves more than 5 mm in 0.3 s (the
    same clip's shot 4: the cue ball creeping into the 13), so both stay hitters."""
    ts, xs = _seen(path)
    before = (ts >= tk - 0.3) & (ts < tk - 0.25 * dt)
    later = (ts >= tk + 2 * dt) & (ts <= tk + 0.3)
    if int(np.count_nonzero(before)) < 3 or int(np.count_nonzero(later)) < 3:
        return False
    spot = xs[before][-1]
    return all(float(np.median(np.linalg.norm(xs[w] - spot, axis=1))) < 0.005 for w in (before, later))


def _still_after(path: BallPath, tk: float, dt: float) -> bool:
    """Whether a ball resting before ``tk`` is seen on its spot (within ``_OFF_STILL``) on its first sighting after
    ``tk`` (within a frame): it was not moving then, so it set off no ball that left at ``tk``; it left later, hit
    by that ball or another. ho71 eight-ball-rack-158 shot 6 (30/720p): the cue ball, 23 mm from the 10, hit it
    12 ms after the strike; the 10, 6.6 mm from the 8, hit the 8 4 ms later. The cue ball's kink from rest was
    fitted after the 10's, so the fallback looked for the 10's hitter among the balls near it and took the 8
    (nearer its spot, kinking with the rest), seen still on its spot on the frame after: (8, 10), no first
    contact."""
    ts, xs = _seen(path)
    before, after = xs[ts < tk - 1e-9], (ts > tk + 1e-9) & (ts <= tk + dt + 1e-9)
    if len(before) < 3 or not np.any(after):
        return False
    spot = np.median(before[-3:], axis=0)
    return float(np.linalg.norm(xs[after][0] - spot)) <= _OFF_STILL


_OFF_BACK = 8  # frames: a slow set-off is seen this long before its kink at most (ho11: 6, the 15 at 1 mm a frame)
_OFF_STILL = 0.002  # m: a sighting this close to a ball's place is still there (720p resting noise ~0.5 mm)


def _rest_place(xs: np.ndarray) -> tuple[np.ndarray, float]:
    """A resting ball's place, the median of its last 15 sightings ``xs``, and how far a sighting may stray from it
    and still be there: ``_OFF_STILL``, or 2.5 median deviations where the sightings are noisier (the oracle's
    720p, ~2 mm a coordinate). Shared by ``_set_off`` and ``_late_set_off`` so both judge a departure alike."""
    spot = np.median(xs[-15:], axis=0)
    return spot, max(_OFF_STILL, 2.5 * float(np.median(np.linalg.norm(xs[-15:] - spot, axis=1))))


def _held_at(pre: Piece, t_last: float, spot: np.ndarray) -> _Held:
    """``pre`` as a ball held still at ``spot`` up to its last sighting there, ``t_last``."""
    return _Held(pre.i0, pre.i1, pre.t0, t_last, pre.t0, (float(spot[0]), 0.0, 0.0), (float(spot[1]), 0.0, 0.0),
                 pre.n, pre.rms)


def _set_off(path: BallPath, pre: Piece, tk: float, dt: float, cfg: EventConfig) -> tuple[float, Piece]:
    """When a resting ball really left its place, and its place, for a kink at ``tk`` ending a resting piece. A
    ball set off slowly creeps a few mm a frame, under the tracker's piece tolerance, so its resting piece runs on
    3-6 frames past the hit and the kink comes that late (held-out ho11, 30/720p: the 13 hit by a creeping cue
    ball, the 7 by the 3, the 15 by the 11, all 70-180 ms late). Its place is the median of the piece's sightings
    more than ``_OFF_BACK`` frames before ``tk`` (at least 5); it left between the last sighting within ``still``
    of it (``_OFF_STILL``, or 2.5 median deviations of those sightings if more) and the run of at least two
    sightings after it, each farther off, that reaches the kink and ends at least twice ``still`` off and half of
    it farther than it started (moving away, not jitter). Otherwise ``tk`` and ``pre``
    as given."""
    if not _resting(pre, tk, cfg):
        return tk, pre
    ts, xs = _seen(path)
    inside = (ts >= pre.t0 - 1e-9) & (ts <= tk + 1e-9)
    base = inside & (ts < tk - _OFF_BACK * dt)
    if int(np.count_nonzero(base)) < 5:
        return tk, pre
    spot, still = _rest_place(xs[base])
    tail = np.flatnonzero(inside & (ts >= tk - _OFF_BACK * dt))
    off = np.linalg.norm(xs[tail] - spot, axis=1)
    k = len(off)
    while k > 0 and off[k - 1] > still:
        k -= 1
    if len(off) - k < 2 or k == 0 or off[-1] < 2 * still or off[-1] < off[k] + 0.5 * still:
        return tk, pre
    t_off = 0.5 * float(ts[tail[k - 1]] + ts[tail[k]])
    if t_off >= tk - 0.5 * dt:
        return tk, pre
    return t_off, _held_at(pre, float(ts[tail[k - 1]]), spot)


_OFF_AHEAD = 8  # frames: an early kink's ball is seen leaving its place this long after it at most


def _late_set_off(path: BallPath, pre: Piece, post: Piece, tk: float, dt: float,
                  cfg: EventConfig) -> tuple[float, Piece] | None:
    """When a resting ball really left its place, and its place, for a kink at ``tk`` fitted *before* it left: a
    ball struck softly starts at a few cm/s, under the tracker's piece tolerance, so its moving piece is fitted as a
    ramp from rest (speed at most ``moving_speed`` just after the kink) and may start on a stray sighting frames
    before the blow. Held-out ho19x soft-293, 60/720p: the cue ball at 0.13 m/s met the 14 at 4.022 s; one sighting
    of the 14 1.1 mm off its place at 3.967 s (the cue ball's blob beside it) began the 14's ramp there, 3 frames
    before the cue ball was within 2R of it, and the contact was not looked for that far from the kink. Its place
    is the median of the resting piece's last 15 sightings (at least 5); it left between the last sighting within
    ``still`` of it (``_OFF_STILL``, or 2.5 median deviations) and the first of a run of at least two sightings up
    to ``_OFF_AHEAD`` frames after ``tk``, each farther off, that ends at least twice ``still`` off and half of it
    farther than it started (``_set_off``'s rule, forward). None when it left at the kink (within half a frame) or
    the ramp is not slow."""
    if not _resting(pre, tk, cfg) or _speed_after(pre, post, tk, dt) > cfg.moving_speed:
        return None
    ts, xs = _seen(path)
    base = (ts >= pre.t0 - 1e-9) & (ts < tk - 0.5 * dt)
    if int(np.count_nonzero(base)) < 5:
        return None
    spot, still = _rest_place(xs[base])
    tail = np.flatnonzero((ts > tk - 0.5 * dt) & (ts <= tk + _OFF_AHEAD * dt + 1e-9))
    if len(tail) < 3:
        return None
    off = np.linalg.norm(xs[tail] - spot, axis=1)
    for k in range(1, len(off) - 1):
        if off[k - 1] > still or np.any(off[k:] <= still):
            continue
        if off[-1] < 2 * still or off[-1] < off[k] + 0.5 * still:
            return None
        t_off = 0.5 * float(ts[tail[k - 1]] + ts[tail[k]])
        if t_off <= tk + 0.5 * dt:
            return None
        return t_off, _held_at(pre, float(ts[tail[k - 1]]), spot)
    return None


def _slow_set_offs(paths: dict[int, BallPath], kinks: dict[int, list[tuple[float, Piece, Piece]]],
                   set_offs: dict[int, list[tuple[float, Piece]]], moving: list[tuple[float, int, int, float]],
                   ctx: ShotContext, cfg: EventConfig) -> None:
    """Time the hit on a resting ball set off slowly where its hitter's path reached 2R from its place, not at its
    late kink (``set_offs``: ``_set_off`` of each of ``kinks``, computed once for this and ``_collisions``'
    fallback), and give the departure to that hitter (``moving`` in place). The hitter is the ball that closed on
    the place by at least 1 mm over the 2 frames before the set-off to within 2R (+ the contact tolerance) between
    2 frames before and 1 after it, touching first. A contact of that pair timed within 3 frames before the new
    time to 2 after the late kink moves to the new time, unless one is within a frame of it or has a kink in both
    balls (0.95). Held-out ho11 30/720p: the cue ball creeping into the 13 (kink +113 ms), the 3 into the 7 by a
    cushion (+112 ms), the 11 into the 15 (the 15 off at 1 mm a frame, its kink +170 ms, given to the cue ball by
    the fallback); the cue ball leaving rest is the strike and is left alone. A kink fitted before the ball left
    (``_late_set_off``: a soft blow's slow ramp) is timed the same way, at its later set-off."""
    R, dt = ctx.geometry.ball_radius, ctx.frame_dt
    for a in sorted(paths):
        if a == CUE:
            continue
        offs = []
        for (tk, pre, post), (t_off, held) in zip(kinks[a], set_offs[a], strict=True):
            if t_off < tk:
                offs.append((tk, t_off, held))
            elif (late := _late_set_off(paths[a], _held(pre, cfg, paths[a], tk, dt), post, tk, dt, cfg)):
                offs.append((tk, *late))
        for tk, t_off, held in offs:
            spot = held.pos(t_off)
            ts = np.linspace(t_off - 2 * dt, t_off + dt, 181)  # 2 frames before to 1 after, 60 steps a frame
            best: tuple[float, int, float] | None = None
            for b, path in paths.items():
                if b == a or path.t_first > ts[0] or path.t_last < ts[-1]:
                    continue
                d = np.linalg.norm(path.pos(ts) - spot, axis=1)
                if d[0] <= 2 * R or float(d.min()) > 2 * R + cfg.contact_tolerance:
                    continue  # touching it before, or never near
                i = int(np.argmax(d <= 2 * R)) if np.any(d <= 2 * R) else int(np.argmin(d))
                if d[0] - d[i] < 0.001:
                    continue  # not closing on it
                if best is None or ts[i] < best[0]:
                    best = (float(ts[i]), b, max(0.0, float(d[i]) - 2 * R))
            if best is None:
                continue
            tc, b, gap = best
            pair = (min(a, b), max(a, b))
            same = [j for j, m in enumerate(moving)
                    if m[1:3] == pair and min(tc, t_off, tk) - 3 * dt <= m[0] <= max(tk, t_off) + 2 * dt]
            if any(abs(moving[j][0] - tc) <= dt or moving[j][3] >= 0.95 for j in same):
                continue  # timed here already, or on a kink in both balls
            # as ``_collisions`` rates a contact whose struck ball has no kink there (0.95 - 0.15), less 0.4 per
            # contact tolerance of gap
            conf = max(0.05, 0.8 - 0.4 * gap / cfg.contact_tolerance)
            if same:
                j = min(same, key=lambda j: abs(moving[j][0] - tc))
                moving[j] = (tc, *pair, max(moving[j][3], conf))
            else:
                moving.append((tc, *pair, conf))


def _chain(moving: list[tuple[float, int, int, float]], resting: list[tuple[float, int, int, float]],
           dt: float) -> None:
    """Add to ``moving`` (in place) every pair touching at rest that a collision already there reaches, directly or
    through other such pairs, within -2 / +1.5 frames: two resting balls pushed apart collide only as part of a
    chain that a moving ball started."""
    grown = True
    while grown:
        grown = False
        for ev in resting:
            tk, a, b, c = ev
            if any(m[1:3] == (a, b) and abs(m[0] - tk) < 2.5 * dt for m in moving):
                continue
            chain = [m for m in moving if (a in m[1:3] or b in m[1:3]) and -2.0 * dt <= tk - m[0] <= 1.5 * dt]
            if chain:
                moving.append((max(tk, min(m[0] for m in chain) + 1e-5), a, b, c))
                grown = True


def _rack_neighbour(paths: dict[int, BallPath], kinks: dict[int, list[tuple[float, Piece, Piece]]], a: int,
                   hitter: int, rest: np.ndarray, tk: float, reach: float, dt: float, R: float) -> int | None:
    """The resting ball touching ``a`` through which ``hitter``'s blow reached it, for ``_collisions``' set-off
    fallback: a neighbour of ``a``'s resting spot (their centres within 2R + 1 cm) that ``hitter`` came nearer to
    than to ``a`` around ``tk``, and that jolted (a kink) within 2 frames of it, but went back to its place
    (``_stayed_put``, so not counted as a mover). Held-out straight-pool-run-116 shot 6 (30/720p, now dev): the cue
    ball hit the 5 of the re-rack's front, the 5 (a one-frame jolt, back in its place) set the 6 moving; with the 5
    ruled out the cue ball, 82 mm from the 6, was named the 6's hitter 0.4 ms before its real contact with the 5:
    first contact 6 for 5. None when no such neighbour."""
    out, near = None, np.inf
    ts = np.linspace(tk - 1.0 * dt, tk + 0.5 * dt, 61)
    for n in paths:
        if n in (a, hitter) or paths[n].t_first > tk - 3 * dt or paths[n].t_last < tk + 2 * dt:
            continue
        if not any(abs(x - tk) <= 2.0 * dt for x, _, _ in kinks[n]) or not _stayed_put(paths[n], tk, dt):
            continue
        spot = paths[n].pos(np.array([tk - 3 * dt]))[0]
        gap = float(np.linalg.norm(spot - rest))
        if gap > 2 * R + 0.01:
            continue
        d = float(np.min(np.linalg.norm(paths[hitter].pos(ts) - spot, axis=1)))
        if d < reach and d < near:
            out, near = n, d
    return out


def _turned_in_gap(a_pre: Piece, a_post: Piece, b_pre: Piece, tc: float, va: float, vb: float, R: float,
                   cfg: EventConfig) -> bool:
    """Whether a mover that turned unseen between two frames (its last sighting on ``a_pre``, its first on
    ``a_post``) met the resting ball ``b`` in that gap: its line reaches 2R of ``b`` inside the gap, and carried to
    the first sighting after it runs ``blocked_depth`` deep into ``b``, which stayed where it was. A ball packed in a
    rack passes a slow blow on without moving itself. Held-out ho89 straight-pool-run-176 shot 7 (30/720p, now dev;
    a 14.1 safety): the cue ball, at 0.9 m/s, was last seen 7.4 mm short of touching the 7 at the rack's edge and
    next 12 mm on, turned, 3 mm clear of it (its line carried there runs 2 cm into the 7); the 7 moved 1.2 mm, the
    rack's far balls rolled off. The 7 showed no kink and the cue ball's kink, fitted a quarter frame before that
    last sighting (the pieces carried across the gap never meet), lay 17 ms before the touch: no answer, and the
    shot was ruled a no-contact foul."""
    if not vb <= cfg.moving_speed < va or not a_pre.t1 - 1e-9 <= tc <= a_post.t0:
        return False
    return float(np.linalg.norm(a_pre.pos(a_post.t0) - b_pre.pos(a_post.t0))) < 2 * R - cfg.blocked_depth


def _hit_times(collisions: list[ShotEvent], b: int, lo: float = -np.inf, hi: float = np.inf) -> list[float]:
    """Times of ``b``'s collisions in [lo, hi]: many checks ask whether a collision of the ball explains a turn
    near some moment (a non-empty list is true)."""
    return [c.t for c in collisions if c.balls and b in c.balls and lo <= c.t <= hi]


def _graze_after_crossing(moving: list[tuple[float, int, int, float]], grazed: dict[int, tuple[int, int, float]],
                          late: set[int], dt: float) -> None:
    """Re-time (``moving`` in place) a contact whose hitter's fitted path only passed within the contact tolerance
    of a resting ball, never reaching 2R, at that ball's own set-off (its kink), where the same hitter's path ran
    into another ball (a 2R crossing) after the near pass's closest approach, within half a frame, and the grazed
    ball left its place only after that crossing. The closest approach times nothing (on the fitted line the balls
    never touched); the crossing is a contact on the line, and a ball cannot leave before it is hit: the hitter met
    the crossed ball first and the grazed one after it turned. Held-out eight-ball-rack-120 shot 5 (30/720p, now
    dev): the cue ball hit the 3 and, deflected, the 10 16 ms later (both within one frame; the cue ball and the 10
    merged into one sighting); its line passed 6.7 mm beyond 2R of the 10 0.5 ms before it ran into the 3, and the
    10's kink came 24 ms after: first contact 10 for 3."""
    for i, (hitter, struck, t_dep) in grazed.items():
        if i in late or not np.isfinite(t_dep):
            continue
        t_i = moving[i][0]
        crossed = [m[0] for j, m in enumerate(moving)
                   if j not in grazed and j not in late and hitter in m[1:3] and struck not in m[1:3]
                   and t_i < m[0] <= t_i + 0.5 * dt and m[0] < t_dep]
        if crossed:
            moving[i] = (t_dep, *moving[i][1:])


def _graze_before_leaving(moving: list[tuple[float, int, int, float]], grazed: dict[int, tuple[int, int, float]],
                          late: set[int]) -> None:
    """Re-time (``moving`` in place) a contact whose hitter's fitted path only passed within the contact tolerance
    of a resting ball, timed at that closest approach, to the struck ball's own set-off (its kink) where that came
    first: a ball does not leave before it is hit, and on a thin cut the hitter's line, bent a little by the
    contact, passes closest after it. Held-out ho90 miss-871 (30/720p, now dev): the cue ball cut the 15 at 1.656 s
    and met the 4 at 1.676 s; its line passed 2.6 mm outside the 15's 2R at 1.6675 s, 10 ms after the 15's kink
    (1.6573 s), and the 4 (fitted at 1.6659 s) was named first contact."""
    for i, (hitter, _, t_dep) in grazed.items():
        if i in late or not np.isfinite(t_dep) or moving[i][0] <= t_dep:
            continue
        # not past a contact the hitter's line ran into in between: it met that ball first, and the grazed ball's
        # kink is the blow passed on (ho89 break-14.1-861 30/1080p: the cue ball ran into the 2 at the rack's apex
        # 1.9 ms before it passed the 15 beside it, which kinked 1.6 ms before the crossing as the rack broke)
        if any(j not in grazed and j not in late and hitter in m[1:3] and t_dep <= m[0] <= moving[i][0]
               for j, m in enumerate(moving)):
            continue
        moving[i] = (t_dep, *moving[i][1:])


def _strike_kink(cue_kinks: list[tuple[float, Piece, Piece]], cfg: EventConfig) -> float | None:
    """The cue ball's strike: its first kink from rest into motion (``infer_events`` times the strike by it, and
    ``_collisions``' fallback leaves it to the cue)."""
    return next((tk for tk, pre, post in cue_kinks if _resting(pre, tk, cfg) and post.speed(tk) > cfg.moving_speed),
                None)


def _passed_on(paths: dict[int, BallPath], silent: list[tuple[float, int, int, Piece]],
               moving: list[tuple[float, int, int, float]], on: dict[int, list[tuple[int, Piece]]],
               left: set[int], cfg: EventConfig, R: float, dt: float) -> None:
    """Add to ``moving`` (and ``on``, in place) each ``silent`` contact (a mover's fitted piece ran into a resting
    ball's 2R, which then showed no answer of its own) that passed its blow on: the mover's same piece went on to
    a contact with another resting ball frozen to the first (centres within 2R + ``contact_tolerance``, as for the
    resting pairs ``_chain`` joins), at most 2*sqrt(3) R further on (the most a straight line runs between entering
    one of two touching balls' 2R circles and entering the other's), and that ball answered with a kink (``left``:
    the indices of such contacts in ``moving``), or with the mover's turn as it ran deep into it (``blocked``: ho48
    straight-pool-run-135's re-rack break at 30/720p, the cue ball crossed the 6's 2R 3.5 ms before it ran 22 mm
    deep into the 10 frozen to it and turned there; neither ball moved for 1.6 s, and the 10 took the first
    contact). A ball packed in a rack takes a thin blow and hands it on to its
    neighbours without moving itself, so no kink of its own can show the contact; the neighbour's answer is its
    answer, and the mover met it first. Dev break-14.1-330: the cue ball cut the 12 at
    the rack's edge (1.3 mm deep, 78 degrees) 2.6 ms before it touched the 5, frozen to the 12; the 12 stayed put,
    the 5 left, and the 5 took the first contact. The crossing is required: a pass outside 2R, even within the
    contact tolerance, times nothing before the neighbour's crossing (``_graze_after_crossing``). The mover's piece
    needs three sightings and the neighbour a kink: on two, any jolt is a line (dev break-14.1-330 60/1080p, 0.6 s
    after the break: a two-sighting jump of the resting 2 ran through the 15 into the 3, which took it with no kink
    of its own; the 15 was named hit). The reach was ``through`` (10 mm) before: dev ho29x break-14.1-343, the cue
    ball cut the 13 4.3 mm on its side of the notch with the 4 and its line ran 15 mm (the truth 14.8) between the
    two circles; the 4 was named first."""
    for tc, a, b, a_pre in silent:
        if a_pre.n < 3:
            continue
        spot_b = _rest_before(paths[b], tc, dt)
        reach = 2 * np.sqrt(3) * R / max(a_pre.speed(tc), 1e-9)
        on_after = [i for i, movers in on.items() if a in moving[i][1:3] and b not in moving[i][1:3]
                    and tc < moving[i][0] <= tc + reach and any(x == a and pc is a_pre for x, pc in movers)
                    and i in left]  # (not a moving ball, nor one that gave no answer to stand for the first's)
        for i in on_after:
            c = moving[i][1] if moving[i][2] == a else moving[i][2]
            spot_c = _rest_before(paths[c], tc, dt)
            if float(np.linalg.norm(spot_c - spot_b)) <= 2 * R + cfg.contact_tolerance:
                moving.append((tc, min(a, b), max(a, b), 0.5))
                on[len(moving) - 1] = [(a, a_pre)]
                break


def _collisions(paths: dict[int, BallPath], ctx: ShotContext, cfg: EventConfig) -> list[ShotEvent]:
    R = ctx.geometry.ball_radius
    dt = ctx.frame_dt
    moving: list[tuple[float, int, int, float]] = []
    resting: list[tuple[float, int, int, float]] = []
    balls = sorted(paths)
    kinks = {b: _kinks(paths[b]) for b in balls}
    on: dict[int, list[tuple[int, Piece]]] = {}  # moving[i]'s moving balls and the pieces that brought them there
    grazed: dict[int, tuple[int, int, float]] = {}  # moving[i] that never reached 2R: hitter, struck ball, its kink
    silent: list[tuple[float, int, int, Piece]] = []  # a mover's 2R crossing of a resting ball that did not answer
    left: set[int] = set()  # moving[i] whose struck resting ball answered: it kinked, or blocked the mover
    creeps: dict[int, int] = {}  # moving[i] that a resting ball answered only by creeping off: that ball
    for a in balls:
        for k_a, (tk, a_pre, a_post) in enumerate(kinks[a]):
            a_pre = _held(a_pre, cfg, paths[a], tk, dt)
            lo, hi = tk - 1.5 * dt, tk + 1.5 * dt
            a_from = kinks[a][k_a - 1][0] if k_a > 0 else -np.inf
            for b in balls:
                if b == a or paths[b].t_first > hi or paths[b].t_last < lo - 2 * dt:
                    continue
                kb = _kink_in(paths[b], lo, hi)
                b_pre = _held(kb[1] if kb else paths[b].piece_at(tk), cfg, paths[b], kb[0] if kb else tk, dt)
                b_from = max([x for x, _, _ in kinks[b] if x < (kb[0] if kb else tk) - 1e-9], default=-np.inf)
                # contact happens before either ball kinks, and after both were on these pieces
                # (a ball at rest stays put until hit, so only a moving ball's kink bounds its piece)
                a_bound = tk if a_pre.speed(tk) > cfg.moving_speed else np.inf
                b_bound = kb[0] if kb and b_pre.speed(kb[0]) > cfg.moving_speed else np.inf
                t_hi = min(a_bound, b_bound, tk + 1.5 * dt) + 0.5 * dt
                t_lo = max(tk - 2.0 * dt, a_from, b_from)
                if t_hi <= t_lo:
                    continue
                ts = np.linspace(t_lo, t_hi, 301)
                d = np.linalg.norm(a_pre.pos(ts) - b_pre.pos(ts), axis=1)
                va, vb = a_pre.speed(tk), b_pre.speed(tk)
                if a == CUE and va <= cfg.moving_speed:
                    continue  # the cue ball leaving rest is the strike
                if max(va, vb) <= cfg.moving_speed:
                    if float(d.min()) > 2 * R + cfg.contact_tolerance:
                        continue
                    n = b_pre.pos(tk) - a_pre.pos(tk)
                    n = n / max(float(np.linalg.norm(n)), 1e-9)
                    b_post = paths[b].piece_at(tk + 0.5 * dt)
                    push = max(float(b_post.vel(tk + dt) @ n), float(-a_post.vel(tk + dt) @ n))
                    if push >= cfg.moving_speed:
                        resting.append((tk, min(a, b), max(a, b), 0.5))
                    continue
                below = np.flatnonzero(d <= 2 * R)
                if len(below) and below[0] > 0:
                    i = below[0]
                    tc = float(np.interp(2 * R, [d[i], d[i - 1]], [ts[i], ts[i - 1]]))
                    dmin = 2 * R
                elif len(below):
                    tc, dmin = float(ts[0]), float(d[0])
                else:
                    i = int(np.argmin(d))
                    tc, dmin = float(ts[i]), float(d[i])
                    if dmin > 2 * R + cfg.contact_tolerance:
                        corner = _chord_corner(paths[a], a_pre, a_post, b_pre.pos(tk), R, cfg) \
                            if vb <= cfg.moving_speed < va and b not in ctx.seen_at_end and \
                            paths[b].t_last <= a_pre.t0 + 1e-9 else None
                        if corner is None:
                            continue
                        tc, dmin = corner
                if abs(tc - tk) > 1.2 * dt:
                    continue
                b_k = [x for x, _, _ in kinks[b] if abs(x - tc) <= cfg.response_window * dt]
                ended = paths[b].t_last < tc + cfg.response_window * dt and b not in ctx.seen_at_end
                # a ball at rest set moving needs a cause even if the hitter barely deflects (thin cut, soft touch)
                started = va <= cfg.moving_speed and a_post.speed(tk + 0.5 * dt) > cfg.moving_speed
                # the hitter turned just as it reached a resting ball it was running deep into: it hit that ball,
                # even if the ball hardly moves (a rack's apex passes the blow on to the balls behind it)
                blocked = (vb <= cfg.moving_speed and va > cfg.moving_speed and tc <= tk + 0.25 * dt
                           and float(d[ts >= tc].min(initial=np.inf)) < 2 * R - cfg.blocked_depth) or \
                    _turned_in_gap(a_pre, a_post, b_pre, tc, va, vb, R, cfg)
                answered = bool(b_k) or ended or started or blocked
                crept = not answered and _starts_inside(paths[b], tc, dt, cfg)
                answered = answered or crept
                # a resting ball the mover ran into (a 2R crossing) may answer through a frozen neighbour instead
                # (``_passed_on`` decides, once every contact is known)
                crossed_still = vb <= cfg.moving_speed < va and dmin <= 2 * R
                if not answered and not crossed_still:
                    continue
                if not ended and (_sped_up_past(paths[a], paths[b], tc, dt, cfg) if va > vb
                                  else _sped_up_past(paths[b], paths[a], tc, dt, cfg)):
                    continue
                # closing speed a little before contact (at the closest approach it is zero by definition)
                t_rel = max(tc - 0.3 * dt, t_lo)
                pa, pb = a_pre.pos(t_rel), b_pre.pos(t_rel)
                n = (pb - pa) / max(float(np.linalg.norm(pb - pa)), 1e-9)
                rel = float((b_pre.vel(t_rel) - a_pre.vel(t_rel)) @ n)
                if rel > -0.02:
                    continue  # not closing on each other
                if not answered:
                    silent.append((tc, a, b, a_pre))
                    continue
                if (b_k or blocked) and vb <= cfg.moving_speed < va:
                    left.add(len(moving))  # the resting ball answered: a kink of its own, or the mover's turn
                margin = max(0.0, dmin - 2 * R) / cfg.contact_tolerance
                conf = 0.95 - 0.4 * margin - (0.0 if b_k else 0.15)
                if crept and vb <= cfg.moving_speed < va:
                    creeps[len(moving)] = b
                moving.append((tc, min(a, b), max(a, b), max(0.05, conf)))
                on[len(moving) - 1] = [(x, pc) for x, pc, v in ((a, a_pre, va), (b, b_pre, vb)) if v > cfg.moving_speed]
                if dmin > 2 * R and (va <= cfg.moving_speed) != (vb <= cfg.moving_speed):
                    struck = (a, tk) if va <= cfg.moving_speed else (b, kb[0] if kb else np.inf)
                    grazed[len(moving) - 1] = (b if struck[0] == a else a, *struck)
    _passed_on(paths, silent, moving, on, left, cfg, R, dt)
    set_later = _later_set_offs(paths, moving, creeps, dt, cfg)
    for i in set_later:
        on.pop(i, None)
    # a moving ball's piece holds only up to the first ball it meets: carried on, a break's cue ball runs through
    # the whole rack inside the frame and every rack ball it passes kinks there too (pooltool dev break-8: eight to
    # ten cue-ball 'contacts' within 16 ms). A later contact on the same piece, once the mover would have run on
    # more than ``through`` past its first, is dropped. A pass outside 2R (``grazed``) stops nothing on the line and
    # is no piece's first: held-out ho89 eight-ball-rack-176 64.77 s (30/720p, now dev), the cue ball's line passed
    # 0.18 mm outside the 6's 2R 9 ms before it ran into the 4; the 4's contact was dropped as late, given back by
    # the set-off fallback 0.7 ms before the crossing, and the 6 (set off 21 ms later) was named first contact
    first: dict[tuple[int, int], tuple[float, Piece]] = {}
    for i, movers in on.items():
        if i in grazed:
            continue
        for x, pc in movers:
            k = (x, id(pc))
            if k not in first or moving[i][0] < first[k][0]:
                first[k] = (moving[i][0], pc)
    late = {i for i, movers in on.items() for x, pc in movers
            if (x, id(pc)) in first and moving[i][0] > first[(x, id(pc))][0]
            and float(np.linalg.norm(pc.pos(moving[i][0]) - pc.pos(first[(x, id(pc))][0]))) > cfg.through}
    late |= set_later
    _graze_after_crossing(moving, grazed, late, dt)
    _graze_before_leaving(moving, grazed, late)
    moving = [m for i, m in enumerate(moving) if i not in late]
    # where each kink's resting ball really left its place: the slow set-offs and the fallback below both use it
    set_offs = {a: [_set_off(paths[a], _held(pre, cfg, paths[a], tk, dt), tk, dt, cfg) for tk, pre, _ in kinks[a]]
                for a in balls}
    _slow_set_offs(paths, kinks, set_offs, moving, ctx, cfg)
    # a ball set moving with no collision found (the hitter was struck a moment before, or its own kink was
    # lost): the nearest ball that was moving there and then hit it, with a low confidence. At the strike, only a
    # ball ahead of the cue ball's way off (a ball it meets within the strike's frame, its kink fitted at the
    # strike's): one behind it is where the cue came from (dev ho29 eight-ball-rack-124 shot 5, 30/720p: the 4,
    # resting 2.4 cm behind the cue ball under the cue and arm, seen 2-3 cm off its place on some frames, kinked
    # beside the strike and was named the cue ball's hitter, first contact 4 for 13)
    strike = _strike_kink(kinks.get(CUE, []), cfg)
    for a in balls:
        for (tk, a_pre, a_post), (t_off, _) in zip(kinks[a], set_offs[a], strict=True):
            if a_pre.speed(tk) > cfg.moving_speed or _speed_after(a_pre, a_post, tk, dt) <= cfg.moving_speed:
                continue
            near = [m for m in moving if a in m[1:3] and t_off - 2.0 * dt <= m[0] <= tk + 2.0 * dt]
            made = [m for m in near if m[0] <= tk + dt and _still_after(paths[m[1] if m[2] == a else m[2]], tk, dt)]
            if len(made) < len(near):
                continue
            # a contact within a frame of ``tk`` with a ball still on its spot after it is one ``a`` made as it left,
            # not its cause: its hitter is looked for all the same, but only a ball seen within ``contact_tolerance``
            # of touching it (ho65 break-14.1-621: a rack ball's set-off with a neighbour still on the frame after;
            # the cue ball 1-3 cm off, running on to hit the 12, became its hitter). One frames later leaves it
            # explained: a ball that ran on into another is not given a made-up hitter (``test_ev_ho52``)
            slack = cfg.contact_tolerance if made else 0.03
            rest = a_pre.pos(tk)
            unseen = _unseen_set_off(paths[a], tk, dt)
            if unseen is not None:
                v_off = a_post.vel(tk + 0.5 * dt)
                met = [m[0] for m in moving if a in m[1:3] and unseen[0] < m[0] < unseen[1]]
                if met:
                    # it met another ball before it was seen again: its line after the gap is its way off that
                    # ball, and its way off its spot runs from there to where it met it (ho85 kick-821 30/720p: the
                    # 4, under the arm, was hit by the cue ball off the left cushion and ran into the 3 0.1 s later;
                    # its line after the 3 pointed 65 degrees off the cue ball's way, and the shot had no contact)
                    v_off = (a_post.pos(min(met)) - rest) / max(min(met) - unseen[0], dt)
                hit = _hit_while_unseen(paths, a, rest, v_off, unseen, dt, R, cfg)
                if hit is not None:
                    moving.append((hit[0], min(a, hit[1]), max(a, hit[1]), 0.45))
                    continue
            best, best_b = np.inf, None
            for b in balls:
                if b == a or paths[b].t_first > tk or paths[b].t_last < tk - dt:
                    continue
                ts = np.linspace(tk - 1.0 * dt, tk + 0.5 * dt, 61)
                dist = np.linalg.norm(paths[b].pos(ts) - rest, axis=1)
                # its sightings there count too: a blurred sighting can bend its fitted path away from the ball
                # it hit (dev jump-10 60/1080p: the cue ball's strike piece ran 10 cm short of the 12, though it
                # was seen touching it a frame later)
                tb_, xb_ = _seen(paths[b])
                near_t = (tb_ >= tk - 1.0 * dt) & (tb_ <= tk + 1.0 * dt)
                if np.any(near_t):
                    dist = np.concatenate([dist, np.linalg.norm(xb_[near_t] - rest, axis=1)])
                moving_b = (any(abs(x - tk) <= 2.0 * dt for x, _, _ in kinks[b]) or
                            paths[b].piece_at(tk).speed(tk) > cfg.moving_speed) and not _stayed_put(paths[b], tk, dt)
                if moving_b and not (a == CUE and tk == strike) and \
                        paths[b].piece_at(tk).speed(tk) <= cfg.moving_speed and _still_after(paths[b], tk, dt):
                    moving_b = False  # (at the strike the ball sought is the one the cue ball meets, not a hitter)
                if moving_b and float(dist.min()) < best:
                    best, best_b = float(dist.min()), b
            if best_b is not None and a == CUE and tk == strike and float(
                    np.dot(paths[best_b].pos(tk) - rest, a_post.vel(tk + 0.5 * dt))) <= 0.0:
                continue
            if (best_b is None or best >= 2 * R + slack) and a != CUE and \
                    (hit := _unseen_hitter(paths, a, rest, a_post.vel(tk + 0.5 * dt), tk, dt, R, cfg)) is not None:
                moving.append((hit[0], min(a, hit[1]), max(a, hit[1]), 0.45))
                continue
            if best_b is not None and best < 2 * R + slack:
                via = _rack_neighbour(paths, kinks, a, best_b, rest, tk, best, dt, R)
                if via is not None:
                    moving.append((tk, min(a, via), max(a, via), 0.45))
                    continue
                # not before the hitter's path reaches it: a slow struck ball's kink can be fitted most of a frame
                # early (its last resting sighting joins its long moving piece), and the cue ball's contact with
                # the ball it met first, a few ms before, came second (held-out eight-ball-rack-106 shot 7, 30/720p:
                # the 2 then the 8, 1.6 mm apart, 15 ms between the hits; first contact 8 for 2)
                ts = np.linspace(tk, tk + 1.5 * dt, 91)
                reach = np.linalg.norm(paths[best_b].pos(ts) - rest, axis=1) <= 2 * R + cfg.contact_tolerance
                t_hit = float(ts[int(np.argmax(reach))]) if np.any(reach) else tk
                if _sped_up_past(paths[best_b], paths[a], t_hit, dt, cfg):
                    continue  # a jolt in a resting ball's sightings beside a hitter that sped up: no blow
                moving.append((t_hit, min(a, best_b), max(a, best_b), 0.45))
    # two balls touching at rest collide only as part of a chain that a moving ball started: through the rack, pair
    # by pair (a break's blow reaches the back row through balls that were all at rest)
    _chain(moving, resting, dt)
    moving.sort()
    kept: list[tuple[float, int, int, float]] = []
    for ev in moving:
        dup = [k for k in kept if k[1:3] == ev[1:3] and abs(k[0] - ev[0]) < 2.5 * dt]
        if dup:
            j = kept.index(dup[0])
            if ev[3] > dup[0][3]:
                kept[j] = ev
            continue
        kept.append(ev)
    return [ShotEvent(t=t, type="collision", balls=(a, b), confidence=round(c, 3)) for t, a, b, c in kept]


def _later_set_offs(paths: dict[int, BallPath], moving: list[tuple[float, int, int, float]],
                    creeps: dict[int, int], dt: float, cfg: EventConfig) -> set[int]:
    """The passes (indices into ``moving``) of a resting ball answered only by its creeping off
    (``_starts_inside``) that are no contact: the ball stayed in its place past ``response_window`` frames, and
    another contact of its own, after that and before it was seen off its place, set it off. ho71 break-14.1-681
    (30/720p): the cue ball ran past the 1 at the back of the rack 0.8 mm outside contact on its way to the foot
    cushion (truth 1.1 mm clear); the 1 stayed put for seven frames and left after the cue ball, back off the
    cushion, broke the rack, pushed by it and its neighbours. Its slow start read as a creep from the pass, which
    became the break's first contact (1 for 14)."""
    out = set()
    for i, b in creeps.items():
        tc = moving[i][0]
        t_off = _seen_leaving(paths[b], tc, dt)
        if any(j != i and b in m[1:3] and tc + cfg.response_window * dt < m[0] <= t_off
               for j, m in enumerate(moving)):
            out.add(i)
    return out


def _seen_leaving(path: BallPath, t: float, dt: float) -> float:
    """When a ball resting before ``t`` is first seen off its place after it (6 mm or three times its sightings'
    spread; inf when never)."""
    tt, xy = _seen(path)
    before = xy[(tt < t) & (tt >= t - 12 * dt)]
    if len(before) < 3:
        return np.inf
    rest = before.mean(axis=0)
    still = max(0.006, 3 * float(np.sqrt(np.mean(np.sum((before - rest) ** 2, axis=1)))))
    after = (tt > t) & (np.linalg.norm(xy - rest, axis=1) > still)
    return float(tt[after][0]) if np.any(after) else np.inf


def _unseen_set_off(path: BallPath, tk: float, dt: float, span: int = 4) -> tuple[float, float] | None:
    """The unseen span (last sighting before, first after) around a ball's set-off kink at ``tk``, when it lasts
    ``span`` frames or more: its kink was placed by joining its resting piece to a line seen only later, and may
    lie frames off the blow."""
    ts, _ = _seen(path)
    before, after = ts[ts <= tk + 1e-9], ts[ts > tk + 1e-9]
    if not len(before) or not len(after) or after[0] - before[-1] < span * dt:
        return None
    return float(before[-1]), float(after[0])


def _hit_while_unseen(paths: dict[int, BallPath], a: int, rest: np.ndarray, v_off: np.ndarray,
                      unseen: tuple[float, float], dt: float, R: float, cfg: EventConfig,
                      cos_min: float = 0.9) -> tuple[float, int] | None:
    """The ball that set ``a`` off from ``rest`` while ``a`` was out of sight (under the cue or an arm): the first
    moving ball to reach it within the ``unseen`` span whose line of centres there points along ``a``'s way off
    (``v_off``); (contact time, that ball) or None. ho69x kick-663 (60/720p): the 7, under the cue from the
    strike, was hit by the cue ball off the right cushion 0.27 s later and seen again only 0.21 s after that;
    its set-off, fitted back from there, came 2.2 frames before the cue ball arrived, and the shot had no first
    contact."""
    speed = float(np.linalg.norm(v_off))
    if speed <= cfg.moving_speed:
        return None
    u = v_off / speed
    ts = np.arange(unseen[0], unseen[1] + 1e-9, 0.1 * dt)
    best: tuple[float, int] | None = None
    for b, path in paths.items():
        if b == a or path.t_first > unseen[1] or path.t_last < unseen[0]:
            continue
        d = np.linalg.norm(path.pos(ts) - rest, axis=1)
        reach = np.flatnonzero(d <= 2 * R + cfg.contact_tolerance)
        if not len(reach) or reach[0] == 0:
            continue  # never there, or already there when last seen (touching, not arriving)
        tc = float(ts[reach[0]])
        p_b = path.pos(tc)
        n = (rest - p_b) / max(float(np.linalg.norm(rest - p_b)), 1e-9)
        if float(path.piece_at(tc).vel(tc) @ n) <= cfg.moving_speed or float(n @ u) < cos_min:
            continue
        if best is None or tc < best[0]:
            best = (tc, b)
    return best


def _unseen_hitter(paths: dict[int, BallPath], a: int, rest: np.ndarray, v_off: np.ndarray, tk: float, dt: float,
                   R: float, cfg: EventConfig, cos_min: float = 0.9) -> tuple[float, int] | None:
    """The ball that set ``a`` off from ``rest`` at ``tk`` while that ball was out of sight: one unseen from before
    ``tk`` to after it whose last line, carried on with the cloth's deceleration, reaches ``a`` within a frame and a
    half of ``tk``, moving into it along ``a``'s way off (``v_off``); (contact time, that ball) or None. The mirror of
    ``_hit_while_unseen``: there the struck ball is hidden, here the hitter, so its fitted path across the gap is a
    chord to wherever it is seen next (ho85 kick-824 30/720p: the cue ball, last seen 20 cm short of the 6 at 3.5
    m/s, hit it and stopped beside it, merged with it and then under the arm for half a second; the chord ran
    15 cm wide of the 6 and the shot had no first contact)."""
    speed_off = float(np.linalg.norm(v_off))
    if speed_off <= cfg.moving_speed:
        return None
    u = v_off / speed_off
    best: tuple[float, int] | None = None
    for b, path in paths.items():
        if b == a:
            continue
        tb, xb = _seen(path)
        before, after = tb[tb < tk - 0.5 * dt], tb[tb > tk + 0.5 * dt]
        if len(before) < 2 or not len(after) or before[-1] < tk - max(3 * dt, 0.1) or after[0] < tk + 1.5 * dt:
            continue  # seen about the contact (its pieces name it), or not moving up to it
        pre = path.piece_at(float(before[-1]))
        v0 = pre.vel(float(before[-1]))
        if float(np.linalg.norm(v0)) <= cfg.moving_speed:
            continue
        ts = np.arange(float(before[-1]), tk + 1.5 * dt + 1e-9, 0.05 * dt)
        ps = _carry(pre.pos(float(before[-1])), v0, float(before[-1]), ts, cfg)
        reach = np.flatnonzero(np.linalg.norm(ps - rest, axis=1) <= 2 * R + cfg.contact_tolerance)
        if not len(reach) or reach[0] == 0 or abs(float(ts[reach[0]]) - tk) > 1.5 * dt:
            continue
        i = reach[0]
        n = (rest - ps[i]) / max(float(np.linalg.norm(rest - ps[i])), 1e-9)
        if float(n @ u) < cos_min or float(v0 @ n) <= cfg.moving_speed:
            continue
        if best is None or ts[i] < best[0]:
            best = (float(ts[i]), b)
    return best


def _chord_corner(path: BallPath, pc: Piece, post: Piece, p_b: np.ndarray, R: float,
                  cfg: EventConfig) -> tuple[float, float] | None:
    """A hitter seen on only two frames about a contact with a resting ball: its piece ``pc`` is the chord between a
    sighting before the contact and one after, and a chord cuts the corner of the V the hitter ran (ho23x jump-312,
    60/1080p: the 14 seen 3.5 ms before it struck the 2 and 13 ms after; the chord passes 6.9 cm from the 2, the
    true centres were 6.2 cm apart at the contact). The corner is where the line it came in on (from its resting
    spot, or along the piece before) meets the line it left on (``post``, traced back); a corner within contact
    distance of ``p_b`` is the contact: (its time along the V, its distance from ``p_b``), else None."""
    if pc.n > 2:
        return None
    k = next((i for i, q in enumerate(path.pieces) if q is pc), None)
    if not k:
        return None
    prev = path.pieces[k - 1]
    p1, p2 = pc.pos(pc.t0), post.pos(post.t0)
    u = p1 - prev.pos(prev.t1) if prev.speed(prev.t1) <= cfg.moving_speed else prev.vel(prev.t1)
    w = post.vel(post.t0)
    nu, nw = float(np.linalg.norm(u)), float(np.linalg.norm(w))
    if nu < 1e-3 or nw <= cfg.moving_speed:
        return None
    u, w = u / nu, w / nw
    a = np.stack([u, -w], axis=1)
    if abs(float(np.linalg.det(a))) < 0.05:
        return None  # (nearly straight: no corner to cut)
    s, r = np.linalg.solve(a, p2 - p1)
    c = p1 + s * u
    if s <= 0 or r >= 0:
        return None  # the corner must lie past the first sighting and before the way out
    dist = float(np.linalg.norm(c - p_b))
    if dist > 2 * R + cfg.contact_tolerance:
        return None
    p_end = pc.pos(pc.t1)
    l1, l2 = float(s), float(np.linalg.norm(p_end - c))
    return pc.t0 + (pc.t1 - pc.t0) * l1 / max(l1 + l2, 1e-9), dist


def _bounce_inside(b: int, path: BallPath, g: TableGeometry, dt: float,
                   cfg: EventConfig) -> list[tuple[float, int, str, float]]:
    """Cushion contacts hidden inside one piece: a short, shallow V off a cushion that one polynomial absorbs
    within the detector tolerance. Rolling on cloth never turns a ball's approach to a cushion into a retreat, so
    a piece heading into a cushion at its start, away from it at its end, whose turn lies at the cushion nose,
    touched it (at the turn; the V's apex lies near the polynomial's turn)."""
    R = g.ball_radius
    out: list[tuple[float, int, str, float]] = []
    ts_all, xs_all = _seen(path)
    for i, pc in enumerate(path.pieces):
        if pc.n < 4:
            continue
        nxt = path.pieces[i + 1] if i + 1 < len(path.pieces) else None
        for rail, inward in _INWARD.items():
            v_in = -float(pc.vel(pc.t0) @ inward)
            v_out = float(pc.vel(pc.t1) @ inward)
            t_next = None  # where the next piece ends, when the way out is read from it
            if nxt is not None and nxt.t0 - pc.t1 <= 1.5 * dt and 0.0 < v_out < cfg.moving_speed / 2:
                t_next = nxt.t1
                # a glancing contact leaves the cushion at a cm/s or two, and the polynomial through the V's apex
                # ends slower still: the next piece, a frame on, tells how fast it left (ho16 miss-260's 10,
                # 60/1080p: in at 5 cm/s, out at 1.2 cm/s; the piece ends leaving at 1.9 cm/s, the next starts
                # at 3.7 cm/s)
                v_out = max(v_out, float(nxt.vel(nxt.t0) @ inward))
            if v_in < cfg.moving_speed or v_out < cfg.moving_speed / 2:
                continue
            if i > 0 and _jumped_off(g, path.pieces[i - 1], pc, rail, dt, cfg):
                continue
            acc = float((pc.vel(pc.t1) - pc.vel(pc.t0)) @ inward) / max(pc.t1 - pc.t0, 1e-9)
            t_turn = pc.t0 + v_in / max(acc, 1e-9)
            if not pc.t0 < t_turn < pc.t1:
                continue
            d = float(_rail_dist(g, pc.pos(t_turn)[None])[rail][0])
            # the polynomial rounds the V off, so its turn falls short of the nose by up to the fit tolerance
            if d > R + 2 * cfg.rail_tolerance:
                continue
            # and the ball was seen by the nose about the turn, within the tolerance and how far it moved toward the
            # cushion in a frame: a long slowing piece's polynomial turns back where the ball only crept to rest
            # short of the cushion (ho50 kick-471 30/1080p: the 8 stopped 15.7 mm off the right nose, its piece over
            # 5.6 s turned 16 mm off it, and a cushion was called)
            near_t = (ts_all > t_turn - 1.5 * dt) & (ts_all < t_turn + 1.5 * dt)
            if near_t.any():
                v_n = max(abs(float(pc.vel(t) @ inward)) for t in (t_turn - dt, t_turn + dt))
                seen_d = float(np.min(_rail_dist(g, xs_all[near_t])[rail]))
                if seen_d > R + cfg.rail_tolerance + v_n * dt:
                    continue
            if _in_mouth(g, pc.pos(t_turn), 0.0):
                dists = _rail_dist(g, pc.pos(t_turn)[None])
                if min(dists, key=lambda k: float(dists[k][0])) != rail:
                    continue  # a pocket's jaws belong to the rail whose nose line is nearest
            # the V's apex: where the piece's observations split best into two (the turn of an asymmetric V,
            # rebounding slower than it came, lies off its apex)
            split = split_piece(path, pc)
            if split is not None:
                pre, post, tk = split
                if (float(_rail_dist(g, pre.pos(tk)[None])[rail][0]) <= R + cfg.rail_tolerance
                        and -float(pre.vel(tk) @ inward) > 0 and float(post.vel(tk) @ inward) > 0):
                    ts = np.linspace(max(pre.t0, tk - 1.2 * dt), tk, 100)
                    hit = np.flatnonzero(_rail_dist(g, pre.pos(ts))[rail] <= R)
                    # where the earlier part reached the nose; in a pocket's jaws (past the nose line) the kink
                    t_turn = float(ts[hit[0]]) if len(hit) and hit[0] > 0 else tk
            if v_in < cfg.slow_turn and t_next is not None:
                # the way out lies mostly in the next piece: the V over both, near the polynomial's turn (over this
                # piece alone, its out arm a few sightings by the apex, it fell 82 ms early on miss-260's 10)
                t_v = _hinge_time(g, path, rail, t_turn, pc.t0, t_next, dt)
                t_turn = t_turn if t_v is None else t_v
            elif v_in < cfg.slow_turn:
                # (one polynomial's turn can lie anywhere in a long piece: the whole piece is searched, and over a
                # whole piece the way in slows as it rolls: a parabola, not a line)
                mid, half = 0.5 * (pc.t0 + pc.t1), 0.5 * (pc.t1 - pc.t0)
                t_v = _hinge_time(g, path, rail, mid, pc.t0, pc.t1, dt, span=half, reach=half / dt, bend=True)
                t_turn = t_turn if t_v is None else t_v  # (a contact at t = 0.0 is a time, not "none")
            out.append((t_turn, b, rail, 0.7))
    return out


def _jumped_off(g: TableGeometry, prev: Piece, pc: Piece, rail: str, dt: float, cfg: EventConfig) -> bool:
    """Whether piece ``pc`` starts with a detector excursion off ``rail``, not a move toward it: the piece before it,
    ending a frame or less earlier at the cushion (within ``rail_tolerance`` of its nose) and not heading into it
    (at under a quarter of ``moving_speed``: a bounce at the hand-over starts the next piece past the line carried on),
    carried on at its own velocity to ``pc``'s start, puts the ball more than ``in_jump`` nearer the cushion than
    ``pc`` starts. A ball at the nose gets no farther from it in a frame than its speed off it carries it (a hit
    only changes its velocity), so the approach ``pc`` opens with is a few sightings placed off the rail, not a
    way in (ho16 rails-260's 2 rolling along the left cushion 1-5 mm off its nose past the side pocket at 0.2 m/s:
    at 60/1080p one sighting by the pocket's mouth 21 mm off, at 60/720p three 10 mm off, each start a piece whose
    polynomial runs in and back out: a false contact inside it, ``_bounce_inside``)."""
    if not 0.0 < pc.t0 - prev.t1 <= 1.5 * dt:
        return False
    inward = _INWARD[rail]
    d_end = float(_rail_dist(g, prev.pos(prev.t1)[None])[rail][0])
    if d_end > g.ball_radius + cfg.rail_tolerance or float(prev.vel(prev.t1) @ inward) < -cfg.moving_speed / 4:
        return False
    carried = prev.pos(prev.t1) + prev.vel(prev.t1) * (pc.t0 - prev.t1)
    d_carried = float(_rail_dist(g, carried[None])[rail][0])
    return float(_rail_dist(g, pc.pos(pc.t0)[None])[rail][0]) - d_carried > cfg.in_jump


def _bounce_after_hit(b: int, path: BallPath, collisions: list[ShotEvent], g: TableGeometry, dt: float,
                      cfg: EventConfig, slack: float = 0.0) -> list[tuple[float, int, str, float]]:
    """A cushion in the first frame gap after a ball was set off (struck from rest, or hit): seen once on its way
    into a cushion and next seen back out, so the piece after the hit is a chord across the V and no kink lies at
    the nose (dev vision near-rail-7, eight-ball-rack-5 at 30 fps: a ball resting 2-5 cm from a rail). Its move
    from where it was hit to its first sighting, carried on, reaches the nose between the first and second
    sightings, and its move from the second sighting to the third, carried back, reaches the nose in the same gap,
    within half a frame of the other: the contact, timed between the two. A hit from rest timed too close to the
    first sighting to time the way in is looked at by ``_left_nose_from_rest``. ``slack``: how far (s) past either
    sighting the two may reach the nose (``_nose_in_gap``)."""
    ts, xs = _seen(path)
    out: list[tuple[float, int, str, float]] = []
    for tk, pre, _post in _kinks(path):
        hits = _hit_times(collisions, b, tk - 1.5 * dt, tk + 1.5 * dt)
        if not (hits or _resting(pre, tk, cfg)):
            continue
        i = int(np.searchsorted(ts, pre.t1 + 1e-6))  # its first sighting after the hit
        if i + 2 >= len(ts):
            continue
        (t1, t2, t3), (p1, p2, p3) = ts[i:i + 3], xs[i:i + 3]
        # the hit: the collision, or the kink where the collision is timed past that sighting (a slow hitter's
        # contact is loose), or where a kink from rest is timed past it (the next piece absorbed the sighting)
        t_hit = next((x for x in sorted(hits, key=lambda x: abs(x - tk)) + [tk] if x < t1 - 0.2 * dt), None)
        if t2 - t1 > 1.5 * dt or t3 - t2 > 1.5 * dt:
            continue
        if any(c.balls and b in c.balls and t1 < c.t < t2 for c in collisions):
            continue  # another ball may have turned it in that gap
        v_b = (p3 - p2) / (t3 - t2)
        # (or struck from rest, no ball hitting it, its kink timed at or past that sighting: ho50 kick-471 30/1080p,
        # the cue ball 11 cm off the head cushion, seen once 9 mm short of it and then coming back out; the kink was
        # timed 8 ms past that sighting and the head cushion was lost)
        struck_late = not hits and tk >= t1 - 0.2 * dt
        if t_hit is None and (struck_late or any(t1 - 0.2 * dt <= h <= t1 + 0.5 * dt for h in hits)) and \
                _resting(pre, pre.t1, cfg):
            # hit from rest just before (or at) its first sighting: no speed from the hit to that sighting
            out += [(tc, b, rail, 0.7) for tc, rail in _left_nose_from_rest(g, pre.pos(pre.t1), p1, t1, p2, v_b, t2,
                                                                            cfg)]
            continue
        if t_hit is None or t1 - t_hit > 1.5 * dt:
            continue
        v_a = (p1 - pre.pos(t_hit)) / (t1 - t_hit)
        found = _nose_in_gap(g, p1, v_a, t1, p2, v_b, t2, slack, dt, cfg)
        if not found and _in_mouth(g, p1, 0.0) and _in_mouth(g, p2, 0.0):
            # in a mouth a jaw turns it, not the nose line (ho98 near-rail-951's cue ball at 60/1080p: off the 14
            # into the tip of side-right's jaw 1.3 frames after the hit, seen 16 and 18 mm off the right nose
            # either side of the touch; lost)
            found = _jaw_v(g, p1, v_a, t1, p2, v_b, t2, dt, cfg)
        if not found and not hits and _resting(pre, pre.t1, cfg):
            # struck from rest with the strike timed off a chord: the piece after the strike ran from the first
            # sighting, on the way in, to the second, on the way out, so it is slow and the strike is timed early
            # off it, and the move in carried from there misses the gap. ho100 kick-971 (30/1080p): the cue ball,
            # 12 cm off the foot cushion, struck into it at 4.3 m/s and seen 8 cm short of it and then 5 cm back
            # out; the strike was timed 28 ms early, the way in ran at 1.0 m/s, and the foot cushion was lost
            found = _left_nose_from_rest(g, pre.pos(pre.t1), p1, t1, p2, v_b, t2, cfg)
        out += [(tc, b, rail, 0.7) for tc, rail in found]
    return out


def _left_nose_from_rest(g: TableGeometry, p0: np.ndarray, p1: np.ndarray, t1: float, p2: np.ndarray,
                         v2: np.ndarray, t2: float, cfg: EventConfig) -> list[tuple[float, str]]:
    """The cushions a ball hit from rest at ``p0`` met between its first two sightings (p1 at t1; p2 at t2, running
    at v2), when the hit came too close to the first sighting to time its way in (a collision timed within a fifth
    of a frame of it; ho12 near-rail-220's 1, 2.7 cm off the head cushion, hit 1 ms before its first sighting): its
    move out, carried back from p2, left a nose inside the gap, and that exit lies on a straight line from its rest
    through its first sighting (within ``chord_move``, the noise of two sightings): the V's way in. Only a rest at
    least ``chord_move`` off the nose (nearer, the rest's own noise could make the way in); not in a pocket's mouth.
    Timed where the move out left the nose."""
    R = g.ball_radius
    d0, d2 = _rail_dist(g, p0[None]), _rail_dist(g, p2[None])
    out: list[tuple[float, str]] = []
    for rail, inward in _INWARD.items():
        vn = float(v2 @ inward)
        gap0, gap2 = float(d0[rail][0]) - R, float(d2[rail][0]) - R
        if vn < 2 * cfg.moving_speed or gap0 < cfg.chord_move or gap2 < -cfg.frozen_gap:
            continue
        t_b = t2 - max(gap2, 0.0) / vn
        if not t1 < t_b <= t2:
            continue
        q = p2 - v2 * (t2 - t_b)  # where it left the nose
        u = q - p0
        length = float(np.linalg.norm(u))
        u = u / max(length, 1e-9)
        along = float((p1 - p0) @ u)
        off = abs(float((p1 - p0)[0] * u[1] - (p1 - p0)[1] * u[0]))
        if off > cfg.chord_move or not -cfg.chord_move <= along <= length + cfg.chord_move:
            continue
        if _in_mouth(g, q, 0.0):
            continue
        out.append((float(t_b), rail))
    return out


def _nose_in_gap(g: TableGeometry, p1: np.ndarray, v1: np.ndarray, t1: float, p2: np.ndarray, v2: np.ndarray,
                 t2: float, slack: float, dt: float, cfg: EventConfig) -> list[tuple[float, str]]:
    """The cushions met between two sightings (p1 at t1 running at v1, p2 at t2 running at v2) with no kink at the
    nose: carried forward from p1 and back from p2, the ball reaches a nose inside the gap (widened by ``slack``
    s each side) from both ends, within half a frame: the contact, timed between the two, and its rail. Not in a
    pocket's mouth, where the jaws and not the nose line turn it."""
    R = g.ball_radius
    d1, d2 = _rail_dist(g, p1[None]), _rail_dist(g, p2[None])
    out: list[tuple[float, str]] = []
    for rail, inward in _INWARD.items():
        vn_a, vn_b = -float(v1 @ inward), float(v2 @ inward)
        gap1, gap2 = float(d1[rail][0]) - R, float(d2[rail][0]) - R
        if vn_a < 2 * cfg.moving_speed or vn_b < 2 * cfg.moving_speed or min(gap1, gap2) < -cfg.frozen_gap:
            continue
        t_a = t1 + max(gap1, 0.0) / vn_a
        t_b = t2 - max(gap2, 0.0) / vn_b
        lo, hi = t1 - slack, t2 + slack
        if not (lo <= t_a <= hi and lo <= t_b <= hi and abs(t_a - t_b) <= 0.5 * dt):
            continue
        if _in_mouth(g, p1 + v1 * (t_a - t1), 0.0):
            continue
        out.append((float(0.5 * (t_a + t_b)), rail))
    return out


def _corner_pair(b: int, path: BallPath, collisions: list[ShotEvent], g: TableGeometry, dt: float,
                 cfg: EventConfig, stray: set[int] | frozenset[int] = frozenset()) -> list[tuple[float, int, str, float]]:
    """Two cushions a frame or two apart (into a corner): the piece between the two kinks has one or two
    sightings, so neither kink sits where its own cushion was touched. A rail that the piece before the first kink
    heads into and the piece after the second leaves, reached (within one radius and the tolerance) by the first
    carried forward or the second carried back, was touched; no ball may have turned it there. A cushion reverses
    only the speed into it, so the earlier piece carried forward times the contact with the second rail too. Not
    where the piece between is one stray detection (``stray``, from ``_stray_chords``): the pieces beside it agree,
    so nothing turned the ball (ho37 break-14.1-380's 2 at 30/1080p, creeping into the right cushion at 0.2 m/s:
    one sighting 23 mm off its track by the nose made a two-sighting piece, and a false right contact 105 ms before
    the true one)."""
    R = g.ball_radius
    out: list[tuple[float, int, str, float]] = []
    ks = _kinks(path)
    for k, ((t1, a_pre, _), (t2, _, c_post)) in enumerate(zip(ks[:-1], ks[1:], strict=True)):
        if t2 - t1 > 2.5 * dt or a_pre.speed(t1) < 2 * cfg.moving_speed or k + 1 in stray:
            continue
        if _hit_times(collisions, b, t1 - 1.5 * dt, t2 + 1.5 * dt):
            continue
        ts = np.linspace(t1 - 0.5 * dt, t2 + 0.5 * dt, 120)
        d_a, d_c = _rail_dist(g, a_pre.pos(ts)), _rail_dist(g, c_post.pos(ts))
        if _in_mouth(g, path.pos(t1), 0.0) or _in_mouth(g, path.pos(t2), 0.0):
            continue
        for rail, inward in _INWARD.items():
            v_in = -float(a_pre.vel(t1) @ inward)
            v_out = float(c_post.vel(t2) @ inward)
            if v_in < 2 * cfg.moving_speed or v_out < 2 * cfg.moving_speed:
                continue
            if min(float(d_a[rail].min()), float(d_c[rail].min())) > R + cfg.rail_tolerance:
                continue
            hit = np.flatnonzero(d_a[rail] <= R)
            left = np.flatnonzero(d_c[rail] <= R)
            if len(hit) and hit[0] > 0:
                tc = float(ts[hit[0]])
            elif len(left) and left[-1] < len(ts) - 1:
                # the earlier piece does not reach this rail: the later one, carried back, left it there (timed
                # at the first kink, the second rail's contact was 75 ms early: ho9 rails-191 30/720p, foot then
                # right; break-8-190 60/1080p, foot then left)
                tc = float(ts[left[-1]])
            else:
                tc = t1
            if not _seen_within_reach(g, path, rail, tc, a_pre.speed(t1), dt, cfg):
                continue
            out.append((tc, b, rail, 0.6))
    return out


def _seen_within_reach(g: TableGeometry, path: BallPath, rail: str, tc: float, speed: float, dt: float,
                       cfg: EventConfig) -> bool:
    """Whether a sighting within a frame of a contact at ``tc`` lies near enough ``rail`` for the ball, at
    ``speed`` (its speed on the way in), to have touched it then: within one radius, ``rail_tolerance`` and a
    frame's run of the nose. Two-sighting pieces of a zig-zag of detector scatter (sightings alternately 8-11 mm
    either side of the track) carried a frame back can reach a cushion 40 mm off the ball (ho16 break-9-260's 2 at
    60/720p, heading into the right cushion at 0.3 m/s, seen 39-48 mm off its nose: a false right contact from
    ``_corner_pair``, 0.21 s before its touch). True where the sightings are unknown."""
    ts, xs = _seen(path)
    near = np.abs(ts - tc) <= dt + 1e-9
    if not np.any(near):
        return True
    reach = g.ball_radius + cfg.rail_tolerance + speed * dt
    return bool(np.any(_rail_dist(g, xs[near])[rail] <= reach))


def _corner_rails(g: TableGeometry, p: np.ndarray) -> list[str]:
    """The two rails of the corner pocket nearest ``p`` (empty when the nearest pocket is a side pocket)."""
    rails = [r for r in g.nearest_pocket(*p).name.split("-") if r in _INWARD]
    return rails if len(rails) == 2 else []


def _corner_kink(b: int, path: BallPath, collisions: list[ShotEvent], g: TableGeometry, dt: float,
                 cfg: EventConfig) -> list[tuple[float, int, str, float]]:
    """Both rails of a corner met inside one kink in its mouth (two contacts less than a frame apart). ``_cushions``
    gives a mouth kink only its nearest rail, within ``kink_tolerance``; the other rail's nose lies 21-26 mm from
    such kinks (ho17 rails-271's cue ball: head, then left 62 ms on; break-14.1-271's cue ball: foot, then left 36 ms
    on; only the first found). Where the ball came back out of the corner (the piece that leaves it, past a two-
    sighting stall piece, heads off both rails, and the piece that came in headed into both, reaching both noses
    within 1.5 frames of the kink), each rail reversed the speed into it: both were touched. Only the rail that
    ``_cushions`` does not name is added, where the ball came off it at 0.4 of its speed in or more. A cushion
    reverses only the speed into it, so the piece before carried forward times it (as ``_corner_pair``)."""
    R = g.ball_radius
    out: list[tuple[float, int, str, float]] = []
    ks = _kinks(path)
    for k, (tk, pre, post) in enumerate(ks):
        if pre.n < 3 or post.t0 - pre.t1 > 1.5 * dt or pre.speed(tk) < 2 * cfg.moving_speed:
            continue
        p_k = path.pos(tk)
        if not _in_mouth(g, p_k, 0.0):
            continue
        rails = _corner_rails(g, p_k)
        if not rails:
            continue  # a side pocket: one rail
        after = post
        if post.n <= 2 and k + 1 < len(ks) and ks[k + 1][2].t0 - post.t1 <= 1.5 * dt:
            after = ks[k + 1][2]  # past a stall piece of one or two sightings in the mouth
        if after.n < 3:
            continue  # not seen coming back out (a drop, or a rattle the rules above follow)
        t_end = after.t0 + 1.5 * dt
        if _hit_times(collisions, b, tk - 1.5 * dt, t_end):
            continue
        d_k = _rail_dist(g, p_k[None])
        if any(float(d_k[r][0]) > R + cfg.corner_reach
               or -float(pre.vel(tk) @ _INWARD[r]) < 2 * cfg.moving_speed
               or float(after.vel(after.t0) @ _INWARD[r]) < 2 * cfg.moving_speed for r in rails):
            continue
        # both within 1.5 frames of the kink, on the piece before carried forward (break-14.1-271: the left nose
        # 1.3 frames on, 36 ms after the foot): a jaw that turned the ball 20 mm short of the other nose, its slow
        # drift back off that rail, is no contact with it (that line reaches the nose 1.8 frames on;
        # tests/tracking/test_ev_cushions.py's rattle off a corner jaw)
        ts = np.linspace(tk - 1.5 * dt, tk + 1.5 * dt, 180)
        d_a = _rail_dist(g, pre.pos(ts))
        hits = {r: np.flatnonzero(d_a[r] <= R) for r in rails}
        if any(not len(h) for h in hits.values()):
            continue
        # the rail ``_cushions`` names for this kink is its own; the other one only where the ball came off it at
        # 0.4 of its speed into it or more, as a cushion sends it back (ho17: 0.65-1.3); a ball that a jaw turned
        # 20 mm short of that nose drifts back off it at a quarter (the rattle off a corner jaw: 0.26)
        d_near = _rail_dist(g, (pre if pre.n >= post.n else post).pos(tk)[None])
        near = min(rails, key=lambda r: float(d_near[r][0]))
        for rail, hit in hits.items():
            v_in = -float(pre.vel(tk) @ _INWARD[rail])
            if rail != near and float(after.vel(after.t0) @ _INWARD[rail]) >= 0.4 * v_in:
                out.append((float(ts[hit[0]]) if hit[0] > 0 else tk, b, rail, 0.6))
    return out


def _corner_stall(b: int, path: BallPath, collisions: list[ShotEvent], g: TableGeometry, dt: float,
                  cfg: EventConfig) -> list[tuple[float, int, str, float]]:
    """A corner rattle's contact that stopped the ball in the mouth: a kink there between a piece of three or more
    sightings heading into a rail and a stall piece of one or two sightings that has lost the speed into it (a
    quarter of it or less, either way), the ball then seen leaving the mouth off that rail (a piece of three or
    more). In a mouth the jaw meets the ball short of the nose line, so the kink lies past ``kink_tolerance``
    (within ``corner_reach``): ho17 nine-ball-rack-117's 1 went right, foot, right, foot, right in 186 ms; the first
    foot contact's kink lies 16.5 mm off the foot nose on the piece before, 3.6 m/s in and 0.03 m/s after, and the
    rules above found the second foot only. Timed where the piece before, carried forward, reaches the nose (a
    cushion stops only the speed into it). A drop is never seen leaving; the rail ``_cushions`` names (within
    ``kink_tolerance``) is not named again; a stall piece already coming off the rail holds that contact inside it,
    which the rules above time better."""
    R = g.ball_radius
    out: list[tuple[float, int, str, float]] = []
    ks = _kinks(path)
    for k, (tk, pre, post) in enumerate(ks):
        if pre.n < 3 or post.n > 2 or post.t0 - pre.t1 > 1.5 * dt or pre.speed(tk) < 2 * cfg.moving_speed:
            continue
        p_k = pre.pos(tk)
        if not _in_mouth(g, p_k, 0.0):
            continue
        rails = _corner_rails(g, p_k)
        if not rails or k + 1 >= len(ks):
            continue  # a side pocket, or never seen again
        after = ks[k + 1][2]
        if after.n < 3 or after.t0 - post.t1 > 1.5 * dt:
            continue  # not seen leaving the mouth (a drop, or a longer rattle)
        if _hit_times(collisions, b, tk - 1.5 * dt, after.t0 + 1.5 * dt):
            continue  # a ball, not a jaw, turned it
        d_k = _rail_dist(g, p_k[None])
        for rail in rails:
            inward = _INWARD[rail]
            v_in = -float(pre.vel(tk) @ inward)
            if v_in < 2 * cfg.moving_speed or not cfg.kink_tolerance < float(d_k[rail][0]) - R <= cfg.corner_reach:
                continue
            if (abs(float(post.vel(tk) @ inward)) > 0.25 * v_in
                    or float(after.vel(after.t0) @ inward) < 2 * cfg.moving_speed):
                # the stall piece kept its speed into the rail, or already came off it (then the contact lies
                # inside the stall, where the rules above time it: ho15 bank-250's cue ball at 60/1080p, right
                # 2.0880 found at +2 ms; read here at the kink it was 25 ms early), or the ball did not leave it
                continue
            out.append((_reach_time(g, pre, rail, R, tk, dt), b, rail, 0.6))
    return out


def _local_velocity(path: BallPath, pc: Piece, end: bool, n: int = 3) -> np.ndarray:
    """A straight line's velocity through a piece's ``n`` sightings at its end (or start); the piece's own velocity
    there without the observations or with fewer sightings."""
    if path.t_obs is None or path.xy_obs is None:
        return pc.vel(pc.t1 if end else pc.t0)
    ii = np.arange(pc.i0, pc.i1 + 1)
    ii = ii[~np.isnan(path.xy_obs[ii, 0])]
    ii = ii[-n:] if end else ii[:n]
    if len(ii) < n:
        return pc.vel(pc.t1 if end else pc.t0)
    return _line_velocity(path.t_obs[ii], path.xy_obs[ii])


def _line_velocity(t: np.ndarray, xy: np.ndarray) -> np.ndarray:
    """The least-squares straight line's velocity through sightings ``xy`` (K, 2) at ``t`` (K,): a few sightings'
    speed and heading with their noise averaged, not one chord's."""
    tt = t - t.mean()
    return np.array([float(tt @ xy[:, k]) / float(tt @ tt) for k in (0, 1)])


def _gap_bounce(b: int, path: BallPath, collisions: list[ShotEvent], g: TableGeometry, dt: float,
                cfg: EventConfig) -> list[tuple[float, int, str, float]]:
    """A cushion touched while the ball was unseen for one to three frames, or between two sightings a few cm from
    the nose: the kink between the pieces then lies off the cushion (their closest approach in time is not the V's
    apex), beyond the rail tolerance (pooltool dev near-rail-1/-2/-4: 11-40 mm). The piece before, carried forward,
    and the piece after, carried back, both reach the nose inside that gap and within half a frame of each other:
    the contact, timed between the two. Not where a collision of the ball falls in the gap."""
    out: list[tuple[float, int, str, float]] = []
    for _tk, pre, post in _kinks(path):
        t1, t2 = pre.t1, post.t0
        # one to three frames unseen: a gap of up to four frame intervals (3.5 let in two at most, against this
        # docstring; ho11 break-8-211 and eight-ball-rack-111, 30/720p: a head bounce after the break unseen for three)
        if t2 - t1 > 4.5 * dt or pre.n < 3 or post.n < 3:
            continue
        if _hit_times(collisions, b, t1 - 1.5 * dt, t2 + 1.5 * dt):
            continue
        # from the sightings beside the gap (a long piece's polynomial can start or end several mm off them)
        p1 = path.xy_obs[pre.i1] if path.xy_obs is not None else pre.pos(t1)
        p2 = path.xy_obs[post.i0] if path.xy_obs is not None else post.pos(t2)
        # velocities from the three sightings beside the gap: a slide off the cushion slows fast, and the later
        # piece's polynomial over the slide and the roll starts far too slow
        v1, v2 = _local_velocity(path, pre, end=True), _local_velocity(path, post, end=False)
        out += [(tc, b, rail, 0.7) for tc, rail in _nose_in_gap(g, p1, v1, t1, p2, v2, t2, 0.5 * dt, dt, cfg)]
    return out


def _nose_before_hit(b: int, path: BallPath, paths: dict[int, BallPath], collisions: list[ShotEvent],
                     g: TableGeometry, dt: float, cfg: EventConfig) -> list[tuple[float, int, str, float]]:
    """A cushion met inside a one-frame gap in which the ball then also hit a ball: the piece before, carried on
    from its last sighting, runs past a nose (by more than ``kink_tolerance`` at the next sighting) and no other
    ball lies on that way in (``_other_ball_on``), so the hit came after the cushion. Only a cushion turns a ball
    there (it was seen on the table after the gap); ``_gap_bounce`` leaves gaps with a hit alone, since the piece
    after, carried back, runs to the hit and not to the nose (ho50x rails-473 60/720p: the cue ball at 7 m/s met the
    left cushion 2 ms past a sighting 23 mm off its nose and hit the 13 18 ms later, before its next sighting; the
    cushion, its only one before the hit, was lost). Timed where the way in reaches the nose."""
    R = g.ball_radius
    out: list[tuple[float, int, str, float]] = []
    for _tk, pre, post in _kinks(path):
        t1, t2 = pre.t1, post.t0
        if t2 - t1 > 1.5 * dt or pre.n < 3 or not _hit_times(collisions, b, t1 + 1e-9, t2 + 0.5 * dt):
            continue
        p1 = path.xy_obs[pre.i1] if path.xy_obs is not None else pre.pos(t1)
        v1 = _local_velocity(path, pre, end=True)
        d1 = _rail_dist(g, p1[None])
        for rail, inward in _INWARD.items():
            vn = -float(v1 @ inward)
            gap1 = float(d1[rail][0]) - R
            if vn < 2 * cfg.moving_speed or gap1 < -cfg.frozen_gap or vn * (t2 - t1) - gap1 < cfg.kink_tolerance:
                continue
            t_a = t1 + max(gap1, 0.0) / vn
            if _in_mouth(g, p1 + v1 * (t_a - t1), 0.0):
                continue
            ts = np.linspace(t1, t_a, 20)
            if not _other_ball_on(paths, b, ts, p1[None, :] + (ts - t1)[:, None] * v1[None, :], R):
                out.append((float(t_a), b, rail, 0.6))
    return out


def _jaw_in_gap(b: int, path: BallPath, collisions: list[ShotEvent], g: TableGeometry, dt: float,
                cfg: EventConfig) -> list[tuple[float, int, str, float]]:
    """A pocket jaw touched between two sightings in its mouth, up to three frames unseen between: the V
    across the gap that ``_nose_in_gap`` looks for at a nose line, against the jaw models (``_jaws``), which a
    nose line there does not follow (they angle off it into the pocket). The move into the first sighting (from
    the one a frame before), carried on, and the move out of the second (to the one a frame after), carried back,
    both meet the same jaw inside the gap and within a frame of each other (each move is one frame's, its speed
    off by a fifth at 60 fps from a mm of detector noise): the contact, timed between the two (ho15 break-8-250's
    6, a rattle right, foot, right jaw into foot-right at 0.7 m/s: in 22 mm and out 16 mm off the right jaw at
    60/720p, 3 frames unseen between, meeting it at 3.4472 and 3.4351 (truth 3.4508); 10 and 8 mm off at 30/720p,
    none unseen, 3.4483 and 3.4472). Both sightings at least ``frozen_gap`` off the jaw, each move closing on it
    (or leaving it) at twice ``moving_speed``: a ball rolling along a rail past a jaw's tip is seen within a mm or
    two of it, its moves grazing it (dev ho16 rails-260's 2 past side-left's tip at 60/1080p: 0.2 and -1.1 mm off,
    closing at 0.13 and 0.03 m/s). Not where a collision of the ball falls in the four sightings' span."""
    ts, xs = _seen(path)
    out: list[tuple[float, int, str, float]] = []
    for i in range(1, len(ts) - 2):
        t0, t1, t2, t3 = ts[i - 1:i + 3]
        if t1 - t0 > 1.5 * dt or t3 - t2 > 1.5 * dt or t2 - t1 > 4.5 * dt:
            continue
        if not (_in_mouth(g, xs[i], 0.0) and _in_mouth(g, xs[i + 1], 0.0)):
            continue
        if _hit_times(collisions, b, t0 - 0.5 * dt, t3 + 0.5 * dt):
            continue
        v1, v2 = (xs[i] - xs[i - 1]) / (t1 - t0), (xs[i + 2] - xs[i + 1]) / (t3 - t2)
        out += [(tc, b, rail, 0.6) for tc, rail in _jaw_v(g, xs[i], v1, t1, xs[i + 1], v2, t2, dt, cfg)]
    return out


def _jaw_v(g: TableGeometry, p1: np.ndarray, v1: np.ndarray, t1: float, p2: np.ndarray, v2: np.ndarray, t2: float,
           dt: float, cfg: EventConfig) -> list[tuple[float, str]]:
    """``_jaw_in_gap``'s V: the move into the sighting p1 (at t1, running at v1), carried on, and the move out of
    p2 (at t2, at v2), carried back, meet the same jaw of the pocket between them inside the gap, within a frame of
    each other, each closing on it at twice ``moving_speed`` from at least ``frozen_gap`` off it: (contact time,
    the jaw's rail)."""
    if min(float(np.linalg.norm(v1)), float(np.linalg.norm(v2))) < 2 * cfg.moving_speed:
        return []
    pk = g.nearest_pocket(*(0.5 * (p1 + p2)))
    tt = np.linspace(t1, t2, 200)
    gaps_in = _jaw_gaps(g, pk, p1 + v1 * (tt - t1)[:, None])
    gaps_out = _jaw_gaps(g, pk, p2 + v2 * (tt - t2)[:, None])
    out: list[tuple[float, str]] = []
    for (rail, g_in), (_, g_out) in zip(gaps_in, gaps_out, strict=True):
        if min(float(g_in[0]), float(g_out[-1])) < cfg.frozen_gap:
            continue  # seen at the jaw already (rolling along its rail past the tip): no V to see
        hit_in, hit_out = np.flatnonzero(g_in <= 0.0), np.flatnonzero(g_out <= 0.0)
        if not len(hit_in) or not len(hit_out):
            continue
        t_a, t_b = float(tt[hit_in[0]]), float(tt[hit_out[-1]])
        closing = min(float(g_in[0]) / max(t_a - t1, 1e-9), float(g_out[-1]) / max(t2 - t_b, 1e-9))
        if abs(t_a - t_b) <= dt and closing >= 2 * cfg.moving_speed:
            out.append((0.5 * (t_a + t_b), rail))
    return out


def _short_piece_gap(b: int, path: BallPath, paths: dict[int, BallPath], collisions: list[ShotEvent],
                     g: TableGeometry, dt: float, cfg: EventConfig) -> list[tuple[float, int, str, float]]:
    """A fast bounce between two consecutive sightings where a piece beside them has only one or two sightings
    (a chord), so ``_gap_bounce`` (three a side) does not look and the kinks lie off the nose (ho13 rails-231's
    cue ball, 4.5 m/s into the foot cushion: a two-sighting chord across the bounce, kinks 56 and 40 mm off;
    break-8-231's 9 at 9 m/s off a collision, kink 10.3 mm off). A cushion reflects the speed into it: the move
    into the first sighting (from the one before), carried on, and the move out of the second (to the one after),
    carried back, both reach the nose inside the gap within half a frame (``_nose_in_gap``): the contact, timed
    between the two. Not where a collision of the ball falls between those four sightings or another ball's path
    comes within two radii (and 5 mm) of either sighting in the gap (a missed collision could turn it there)."""
    R = g.ball_radius
    ts, xs = _seen(path)
    out: list[tuple[float, int, str, float]] = []
    for i in range(1, len(ts) - 2):
        t0, t1, t2, t3 = ts[i - 1:i + 3]
        if max(t1 - t0, t2 - t1, t3 - t2) > 1.5 * dt:
            continue
        if path.piece_at(t1).n > 2 and path.piece_at(t2).n > 2:
            continue  # pieces of three or more beside the gap: their kink, or ``_gap_bounce``, looks at it
        if _hit_times(collisions, b, t0, t3):
            continue
        v_in, v_out = (xs[i] - xs[i - 1]) / (t1 - t0), (xs[i + 2] - xs[i + 1]) / (t3 - t2)
        hits = _nose_in_gap(g, xs[i], v_in, t1, xs[i + 1], v_out, t2, 0.0, dt, cfg)
        if not hits:
            continue
        near = np.stack([xs[i], xs[i + 1]])
        tt = np.array([t1, t2])
        if any(o != b and op.t_first <= t2 and op.t_last >= t1
               and float(np.linalg.norm(op.pos(tt) - near, axis=1).min()) < 2 * R + 0.005
               for o, op in paths.items()):
            continue
        out += [(tc, b, rail, 0.6) for tc, rail in hits]
    return out


def _other_ball_on(paths: dict[int, BallPath], b: int, ts: np.ndarray, line: np.ndarray, R: float) -> bool:
    """Another ball's path within two radii and 5 mm of ``line`` (ball ``b``'s positions at times ``ts``, in order)
    while that ball is seen: a collision, not a cushion, may have turned ``b`` there."""
    return any(o != b and op.t_first <= ts[-1] and op.t_last >= ts[0]
               and float(np.linalg.norm(op.pos(ts) - line, axis=1).min()) < 2 * R + 0.005
               for o, op in paths.items())


def _hidden_bounce(b: int, path: BallPath, paths: dict[int, BallPath], collisions: list[ShotEvent],
                   g: TableGeometry, dt: float, cfg: EventConfig) -> list[tuple[float, int, str, float]]:
    """A fast bounce in frames the detector missed (blur) between two sightings: the piece fit joins the two across
    the gap, no kink lies at the contact and the kinks at the chord's ends lie far from any rail (ho17
    nine-ball-rack-117's 5 off the break at 8.8 m/s, right 2.2342 inside 2.2000-2.2667; break-8-271's 2, right
    2.1651 inside 2.1333-2.2000; 60/1080p break-8-270's 2, foot 2.0020 inside 1.9667-2.0333). The move out of the
    later sighting (to the one a frame after it), carried back, reaches a nose inside the gap: a ball that went
    straight on would have been beyond the cushion, so something turned it there. A cushion did when the move in
    that the V implies (from the earlier sighting to where the move out left the nose) heads into that rail at
    least ``gap_in`` of the speed into it that the move out takes off it, is at most ``gap_speed`` times the move
    out's speed and no slower, and agrees in heading (``gap_heading`` degrees) with the move into the earlier
    sighting where one was seen a frame before it (from rest: with the line from its rest, when a collision of the
    ball fell between). Both sightings at least ``gap_clear`` off that nose (nearer, the sightings' noise alone
    makes the V); not in a pocket's mouth; no collision of the ball in the gap or a frame after it (the collision
    explains the turn) and no other ball within two radii and 5 mm of the V's legs in the gap. Timed where the
    move out left the nose (where the implied move in meets it)."""
    R = g.ball_radius
    ts, xs = _seen(path)
    out: list[tuple[float, int, str, float]] = []
    for i in range(len(ts) - 2):
        t1, t2, t3 = float(ts[i]), float(ts[i + 1]), float(ts[i + 2])
        if not 1.5 * dt < t2 - t1 <= 4.5 * dt or t3 - t2 > 1.5 * dt:
            continue
        if any(c.balls and b in c.balls and t1 + 0.25 * dt < c.t <= t3 for c in collisions):
            continue
        x1, x2 = xs[i], xs[i + 1]
        v_out = (xs[i + 2] - x2) / (t3 - t2)
        s_out = float(np.linalg.norm(v_out))
        d1, d2 = _rail_dist(g, x1[None]), _rail_dist(g, x2[None])
        for rail, inward in _INWARD.items():
            vn_out = float(v_out @ inward)
            gap1, gap2 = float(d1[rail][0]) - R, float(d2[rail][0]) - R
            if vn_out < 2 * cfg.moving_speed or min(gap1, gap2) < cfg.gap_clear:
                continue
            t_b = t2 - gap2 / vn_out
            if not t1 + 0.25 * dt < t_b < t2:
                continue
            q = x2 - v_out * (t2 - t_b)  # where the move out left the nose
            if _in_mouth(g, q, 0.0):
                continue
            v_in = (q - x1) / (t_b - t1)
            s_in = float(np.linalg.norm(v_in))
            if -float(v_in @ inward) < cfg.gap_in * vn_out or not s_out <= s_in <= cfg.gap_speed * s_out:
                continue
            v_before = None
            if i >= 1 and t1 - ts[i - 1] <= 1.5 * dt:
                v_before = (x1 - xs[i - 1]) / (t1 - ts[i - 1])
                hit = _hit_times(collisions, b, ts[i - 1], t1)
                if hit:
                    v_before = x1 - xs[i - 1]  # set off from rest (or turned) between: the line from there
            if v_before is not None:
                cos = float(v_before @ v_in) / max(float(np.linalg.norm(v_before)) * s_in, 1e-9)
                if cos < np.cos(np.radians(cfg.gap_heading)):
                    continue
            tt = np.linspace(t1, t2, 9)
            legs = np.where((tt <= t_b)[:, None], x1 + v_in * (tt - t1)[:, None], q + v_out * (tt - t_b)[:, None])
            if _other_ball_on(paths, b, tt, legs, R):
                continue
            out.append((float(t_b), b, rail, 0.6))
    return out


def _chord_bounces(path: BallPath, g: TableGeometry, dt: float, cfg: EventConfig,
                   hits: list[float] | None = None) -> list[tuple[float, str, float, float]]:
    """Cushion contacts seen as a reversal between consecutive sightings: the move into a sighting heads into a
    cushion and the move out of it heads away, by more than the detector noise could, with that sighting at the
    nose. A ball rattling in a pocket's jaws, or hitting a cushion right after a collision, turns every frame:
    its pieces are two-sighting chords and no kink sits where its contacts were (pooltool dev scratch-1/-4,
    break-8-2: a corner's two jaws three or four times in 0.2 s). In a mouth only the rail whose nose line is
    nearest counts (SCHEMA's rails). Away from a mouth and from the ball's collisions (``hits``), the moves
    beside the three sightings must agree: a ball that ran into the cushion was heading in before them too, or
    one that came off it heads out after them, at least half as fast (one side is enough: a rattle turns again a
    frame later); a single sighting 10-25 mm off toward the cushion (the detector's outliers by a cushion, ho8
    miss-180) turns between its neighbours but not beside them. In a mouth the turning sighting may lie as far off
    the nose as a kink between two pieces may (``kink_tolerance``): a rattle turns on every frame, so that sighting
    is often the first after the contact, already on its way out (ho48 scratch-451's 14 in head-right at 30 fps,
    both resolutions: seen 10.7 mm off the right nose 12 ms after its second touch there, in 12 mm before and out
    51 mm after; the touch was lost).
    Returns (time, rail, earliest, latest): the contact, timed between where the move in reaches the nose and
    where the move out left it, and the span of the three sightings."""
    R = g.ball_radius
    ts, xs = _seen(path)
    out: list[tuple[float, str, float, float]] = []
    for i in range(1, len(ts) - 1):
        t0, t1, t2 = ts[i - 1], ts[i], ts[i + 1]
        if t1 - t0 > 2.5 * dt or t2 - t1 > 2.5 * dt:
            continue
        pc = _piece_of(path, t1)
        if pc.n > 1 and _resting(pc, t1, cfg):
            continue  # a ball at rest by a cushion: its sightings jitter, they do not turn (a piece of one sighting
            # has no speed of its own: the moves beside it, below, decide)
        d = _rail_dist(g, xs[i - 1:i + 2])
        rails = list(d)
        mouth = _in_mouth(g, xs[i], 0.0)
        if mouth:
            rails = [min(rails, key=lambda k: float(d[k][1]))]
        # the moves beside the three sightings, where there are sightings a frame or two away and no collision
        outer = not mouth and not any(ts[max(i - 2, 0)] - dt <= h <= ts[min(i + 2, len(ts) - 1)] + dt
                                      for h in hits or [])
        for rail in rails:
            inward = _INWARD[rail]
            d_in = -float((xs[i] - xs[i - 1]) @ inward)
            d_out = float((xs[i + 1] - xs[i]) @ inward)
            tol = cfg.kink_tolerance if mouth else cfg.rail_tolerance
            if min(d_in, d_out) < cfg.chord_move or float(d[rail][1]) - R > tol:
                continue
            # heading in before them, heading out after them (either will do: a rattle turns again a frame on)
            agree = []
            if outer and i >= 2 and t0 - ts[i - 2] <= 2.5 * dt:
                agree.append(-float((xs[i - 1] - xs[i - 2]) @ inward) * (t1 - t0) / (t0 - ts[i - 2]) >= 0.5 * d_in)
            if outer and i + 2 < len(ts) and ts[i + 2] - t2 <= 2.5 * dt:
                agree.append(float((xs[i + 2] - xs[i + 1]) @ inward) * (t2 - t1) / (ts[i + 2] - t2) >= 0.5 * d_out)
            if agree and not any(agree):
                continue  # one sighting off toward the cushion
            t_a = t0 + max(float(d[rail][0]) - R, 0.0) / (d_in / (t1 - t0))
            t_b = t2 - max(float(d[rail][2]) - R, 0.0) / (d_out / (t2 - t1))
            tc = float(np.clip(0.5 * (t_a + t_b), t0, t2))
            out.append((tc, rail, float(t0), float(t2)))
    out.extend(_split_bounces(path, g, dt, cfg, hits))
    return sorted(out)


def _split_bounces(path: BallPath, g: TableGeometry, dt: float, cfg: EventConfig,
                   hits: list[float] | None = None) -> list[tuple[float, str, float, float]]:
    """Cushion contacts between two sightings that both lie at the nose: the move into the first heads into the
    cushion and the move out of the second heads away (each by more than ``chord_move``), while the move between
    them is smaller than that either way. The ball turned between the two (a ball heading in that fast does not stop
    a few mm short), which the reversal rule of ``_chord_bounces`` does not see: the turn sits at no one sighting
    (pooltool dev scratch-10's 9 at 30/720p: head 6.0 and 2.5 mm off at 1.933 and 1.967 s, moving in 54 mm and out
    33 mm a frame beside them; the head contact at 1.946 s between the right ones at 1.902 and 1.998 s was missed).
    The two may lie a frame gap apart with one undetected frame between (the moves beside them a frame each): the
    turn then hides in that frame (ho15 eight-ball-rack-115's cue ball at 30/720p: left jaw 3.4282 in the corner
    rattle foot, left, foot, seen 7.3 and 7.0 mm off the left nose at 3.400 and 3.467 s, in at 27 mm and out at 17 mm
    a frame beside them). Both within ``rail_tolerance`` of the nose, or farther where the move in carried on reaches
    the nose no later than the move out carried back left it (a fast ball's V spans a frame: ho15
    straight-pool-run-115's cue ball off the side-left jaw tip at 30/720p, seen 18.4 and 16.4 mm off the nose, in at
    1.26 m/s and out at 0.9: there at 50.2146 and off at 50.2151, truth 50.2158). Not where a collision of the ball
    falls in the four sightings' span (a ball can turn it), nor for a ball at rest. In a mouth only the rail whose
    nose line is nearest both sightings counts. Returns as ``_chord_bounces``."""
    R = g.ball_radius
    ts, xs = _seen(path)
    out: list[tuple[float, str, float, float]] = []
    for i in range(1, len(ts) - 2):
        tt = ts[i - 1:i + 3]
        if tt[1] - tt[0] > 1.5 * dt or tt[2] - tt[1] > 2.5 * dt or tt[3] - tt[2] > 1.5 * dt:
            continue
        if any(tt[0] < h <= tt[-1] + dt for h in hits or []):
            continue  # (a collision before the first of the four sent the ball in: it explains no turn among them)
        if any(_resting(_piece_of(path, t), t, cfg) for t in ts[i:i + 2]):
            continue
        d = _rail_dist(g, xs[i - 1:i + 3])
        rails = list(d)
        if _in_mouth(g, xs[i], 0.0) or _in_mouth(g, xs[i + 1], 0.0):
            near = {min(rails, key=lambda k: float(d[k][j])) for j in (1, 2)}
            if len(near) > 1:
                continue
            rails = list(near)
        for rail in rails:
            inward = _INWARD[rail]
            d_in = -float((xs[i] - xs[i - 1]) @ inward)
            d_mid = float((xs[i + 1] - xs[i]) @ inward)
            d_out = float((xs[i + 2] - xs[i + 1]) @ inward)
            if min(d_in, d_out) < cfg.chord_move or abs(d_mid) >= cfg.chord_move:
                continue
            t_a = ts[i] + max(float(d[rail][1]) - R, 0.0) / (d_in / (ts[i] - ts[i - 1]))
            t_b = ts[i + 1] - max(float(d[rail][2]) - R, 0.0) / (d_out / (ts[i + 2] - ts[i + 1]))
            if max(float(d[rail][1]), float(d[rail][2])) - R > cfg.rail_tolerance and t_a > t_b + 0.25 * dt:
                # off the nose, and the moves beside them do not reach it and back between the two (to within a
                # quarter frame: a ball turns a few mm short of the nose line, ho53x near-rail-504's 11 at 60 fps,
                # 11 and 7 mm off it, in at 1.1 m/s and out at 0.76: there at 2.8266 and off at 2.8239, truth 2.8262)
                continue
            tc = float(np.clip(0.5 * (t_a + t_b), ts[i], ts[i + 1]))
            out.append((tc, rail, float(ts[i]), float(ts[i + 1])))
    return out


def _jaw_kink(b: int, path: BallPath, tk: float, pre: Piece, post: Piece, collisions: list[ShotEvent],
              g: TableGeometry, dt: float, cfg: EventConfig) -> list[tuple[float, int, str, float]]:
    """A kink beside a pocket's mouth, beyond the nose rule's reach, where the piece before it, carried on, runs
    into a jaw and the turn pushed the ball off that jaw's rail: it glanced off the jaw between two sightings, the
    sighting before the glance joined the piece after it, and that chord's start lies a few cm off the nose line
    (ho9 combination-190, 30/720p: the 14 off the right jaw of head-right 30 ms before it dropped, its kink 40 mm
    from the nose line; the shot's only rail after contact). Timed where the earlier piece meets the jaw.
    An earlier piece of one sighting (a ball just struck, seen once on its own line) has no line of its own: the
    chord from it to the later piece's first sighting stands for it, carried on from there, where no collision of
    the ball falls after that sighting and the later piece's second sighting lies more than ``drop_turn`` off the
    chord carried on (ho45 scratch-421's 7 at 30/720p: seen once after the cue ball's hit, then twice; the chord
    onto the first of the two, carried on, meets the right jaw's tip 1.653 s, the truth 1.649, and the second lies
    30 mm short of it toward the table)."""
    if pre.n == 1 and post.n >= 2 and post.t0 - pre.t1 <= 1.5 * dt:
        if _hit_times(collisions, b, pre.t1, post.t1 + 1.5 * dt):
            return []
        p0, p1 = pre.pos(pre.t1), post.pos(post.t0)
        chord = (p1 - p0) / (post.t0 - pre.t1)
        pre = _line_piece(pre, post.t0, p1, chord)
        ts_seen, xs_seen = _seen(path)
        second = (ts_seen > post.t0 + 1e-9) & (ts_seen <= post.t1 + 1e-9)
        if not np.any(second):
            return []
        k2 = int(np.flatnonzero(second)[0])
        if float(np.linalg.norm(xs_seen[k2] - pre.pos(ts_seen[k2]))) <= cfg.drop_turn:
            return []
        tk = post.t0
    elif pre.n < 3 or _hit_times(collisions, b, tk - 1.5 * dt, tk + 1.5 * dt):
        return []
    p_k = path.pos(tk)
    pk = g.nearest_pocket(*p_k)
    if float(np.hypot(p_k[0] - pk.centre[0], p_k[1] - pk.centre[1])) > pk.mouth / 2 + 4 * g.ball_radius:
        return []
    # (up to the later piece's second sighting: its first may still be on the way in, a chord across the glance)
    ts = np.linspace(pre.t1, max(min(post.t1, post.t0 + 1.01 * dt), tk), 60)
    hit = _jaw_touch(g, pk, ts, pre.pos(ts))
    if hit is None or _seen_inside_jaws(g, pk, path, pre.t0, cfg.jaw_inside):
        return []
    t_hit, rail = hit
    inward = _INWARD[rail]
    if -float(pre.vel(t_hit) @ inward) < cfg.moving_speed or \
            float((post.vel(tk) - pre.vel(tk)) @ inward) < 2 * cfg.moving_speed:
        return []  # not heading into that rail, or not pushed back off it
    if pre.n >= 3 and not _straight_meets_jaw(path, pre, pk, rail, ts, g, cfg):
        return []
    return [(t_hit, b, rail, 0.6)]


def _straight_meets_jaw(path: BallPath, pre: Piece, pk: Pocket, rail: str, ts: np.ndarray, g: TableGeometry,
                        cfg: EventConfig) -> bool:
    """Whether a straight line through ``pre``'s sightings of its last ``jaw_line_span`` s, carried on over ``ts``,
    comes within ``jaw_slack`` of ``pk``'s jaw on ``rail``. A rolling ball runs straight into a jaw; a fitted
    piece's bend at its end, from one or two sightings placed off by the detector, can aim it there instead (ho72x
    combination-694, 60/720p: the 2, blue on the blue cloth, seen twice 12-13 mm off its true place, 7 mm across
    its track, on its way into foot-right; the piece's end, bent 17 degrees, ran into the right jaw, while the
    straight line through its seven sightings passed 30 mm clear over the same span, the truth 24 mm; a jaw touch
    was the shot's only rail after contact)."""
    line = _sightings_line(path, max(pre.t0, pre.t1 - cfg.jaw_line_span), pre.t1, ts, 3)
    if line is None:
        return True
    return (any(float(gap.min()) <= cfg.jaw_slack for r, gap in _jaw_gaps(g, pk, line) if r == rail)
            or _gathering_meets_jaw(path, pre, line, ts, pk, rail, g, cfg))


def _gathering_meets_jaw(path: BallPath, pre: Piece, line: np.ndarray, ts: np.ndarray, pk: Pocket, rail: str,
                         g: TableGeometry, cfg: EventConfig) -> bool:
    """Whether ``line`` (the sightings' straight line, at ``ts``), carried on along the same way at the ball's end
    speed where that is the faster, comes within ``jaw_slack`` of ``pk``'s jaw on ``rail``. The line runs at the
    sightings' mean speed over its span; a ball gathering speed (its follow taking hold) is past it by the span's
    end. The end speed is the lower of ``pre``'s at its end and the last chord between sightings, each along the
    line: both must say the ball was gathering speed. ho101 scratch-982 (30/720p): the cue ball, gathering from
    0.65 to 0.9 m/s (truth) into head-right, touched the head jaw 47 ms before it dropped; at its mean 0.83 m/s the
    line stopped 3.95 mm short of the jaw (``jaw_slack`` 3 mm), and the shot's only rail after contact was lost. At
    the last chord's 0.87 m/s (the piece's 1.02) it comes within 2.5 mm. The way is the line's."""
    span = float(ts[-1] - ts[0])
    run = line[-1] - line[0]
    length = float(np.linalg.norm(run))
    t_s, x_s = _seen(path)
    seen = np.flatnonzero(t_s <= pre.t1 + 1e-9)
    if span <= 0.0 or length < 1e-9 or len(seen) < 2:
        return False
    u = run / length
    i, j = seen[-2], seen[-1]
    chord = float((x_s[j] - x_s[i]) @ u) / max(float(t_s[j] - t_s[i]), 1e-9)
    v_end = min(float(pre.vel(pre.t1) @ u), chord)
    if v_end * span <= length:
        return False
    faster = line[0] + np.outer(ts - ts[0], u * v_end)
    return any(float(gap.min()) <= cfg.jaw_slack for r, gap in _jaw_gaps(g, pk, faster) if r == rail)


def _sightings_line(path: BallPath, t_lo: float, t_hi: float, ts: np.ndarray, least: int) -> np.ndarray | None:
    """The least-squares straight line through ``path``'s sightings from ``t_lo`` to ``t_hi``, at times ``ts``
    (len(ts), 2): where a rolling ball ran, without a fitted piece's bend at its ends. None with fewer than
    ``least`` sightings there."""
    t_s, x_s = _seen(path)
    sel = (t_s >= t_lo - 1e-9) & (t_s <= t_hi + 1e-9)
    if int(sel.sum()) < least:
        return None
    a = np.vstack([np.ones(int(sel.sum())), t_s[sel] - t_hi]).T
    c, *_ = np.linalg.lstsq(a, x_s[sel], rcond=None)
    out: np.ndarray = c[0] + np.outer(ts - t_hi, c[1])
    return out


def _gap_chord(path: BallPath, t: float, dt: float) -> np.ndarray:
    """A hitter's velocity over the frame gap around its hit at ``t``, from its last sighting before and its first
    after: where it was itself set moving inside that gap (the cue struck a quarter of a frame before it met the
    object ball), its fitted piece before the hit is its rest. The hit only slows it along the line of centres, so
    the chord is a lower bound on its drive there (ho10 near-rail-201, 30/720p: the cue ball struck 17 ms before
    it drove the 13 into the right cushion)."""
    ts, xs = _seen(path)
    before, after = np.flatnonzero(ts <= t - 0.25 * dt), np.flatnonzero(ts > t - 0.25 * dt)
    if not len(before) or not len(after) or ts[after[0]] - ts[before[-1]] > 1.5 * dt:
        return np.zeros(2)
    i, j = before[-1], after[0]
    return (xs[j] - xs[i]) / (ts[j] - ts[i])


def _driven_back_off(ev: ShotEvent, me: int, other: int, p: np.ndarray, n: np.ndarray,
                     paths: dict[int, BallPath], collisions: list[ShotEvent],
                     found: list[tuple[float, int, str, float]], g: TableGeometry, dt: float,
                     cfg: EventConfig, on: Piece | None = None) -> list[tuple[float, int, str, float]]:
    """A resting ball (at ``p``) struck along ``n`` squarely into a cushion a little way off, then seen farther
    from that cushion than it rested, touched it: a collision only pushes a resting ball along the line of
    centres, and nothing but the cushion (or a third ball) turns it back. The touch and the rebound fit inside
    the frame gap after the hit, so no kink lies at the nose (ho9 near-rail-190, every grid: the 4, 14 mm off the
    right cushion, was driven into it and met the cue ball again on its way back; the shot's only rail after
    contact). Only where it could have reached the nose unseen, leaving at the hitter's speed along ``n``, by its
    first sighting after the hit (within ``chord_move``); timed where it reaches it at that speed. At rest means
    its sightings over the 4.5 frames before the hit, or those of the piece it was hit on (``on``) over them: a
    ball that came off a cushion deadened and lay still a frame or two when hit back into it rests there too (ho37
    nine-ball-rack-128's 3 at 30/720p: off the right cushion at 3 cm/s, 10 mm off its nose, struck back into it at
    1.4 m/s; the touch, 14 ms after the hit, was missed while its approach counted among its resting sightings, and
    its last sighting on that piece fell 1 ms after the hit's estimate)."""
    R = g.ball_radius
    ts, xs = _seen(paths[me])
    t_end = ev.t + cfg.back_span
    # another ball may have turned it: only the hitter (behind it, on the cloth side) may touch it meanwhile
    third = [c.t for c in collisions if c.balls and me in c.balls and other not in c.balls
             and ev.t - 1.5 * dt <= c.t <= t_end]
    if third:
        t_end = min(third) - 1.5 * dt
    # at rest where it was hit: its last sightings before (its fitted piece can bend a slow start into its rest),
    # or else those of the piece it was hit on, the sightings after that piece being the ones after the hit
    def _at_rest(seen: np.ndarray) -> bool:
        return len(seen) >= 2 and float(np.linalg.norm(seen - p, axis=1).max()) <= cfg.chord_move / 2

    t_from = ev.t
    if not _at_rest(xs[(ts < ev.t) & (ts >= ev.t - 4.5 * dt)]):
        if on is None or not _at_rest(xs[(ts <= on.t1 + 1e-9) & (ts >= max(ev.t - 4.5 * dt, on.t0) - 1e-9)]):
            return []
        t_from = max(ev.t, on.t1 + 1e-9)
    sel = (ts > t_from) & (ts <= t_end)
    if int(np.sum(sel)) < 3 or _in_mouth(g, p, 0.0):
        return []
    t_after, d_after = ts[sel], _rail_dist(g, xs[sel])
    v_h = paths[other].piece_at(ev.t - 0.5 * dt).vel(ev.t)
    if float(v_h @ n) < cfg.moving_speed:
        v_h = _gap_chord(paths[other], ev.t, dt)
    if float(v_h @ n) < cfg.moving_speed:
        return []  # the other ball did not drive it
    out: list[tuple[float, int, str, float]] = []
    for rail, d_rest in _rail_dist(g, p[None]).items():
        into = -float(n @ _INWARD[rail])
        if float(d_rest[0]) <= R + cfg.frozen_gap:
            continue
        if into < cfg.back_into:
            out.extend(_pushed_in_shallow(ev, me, other, p, rail, paths, found, t_end, g, dt, cfg))
            continue
        d = d_after[rail]
        med = _median3(d)
        speed_in = float(v_h @ n) * into
        back = np.flatnonzero(med > float(d_rest[0]) + cfg.hug_leave)
        # seen once on its way in (nearer the nose than it rested) and farther off a frame later, the nose within
        # reach by then: it turned between the two (ho15 nine-ball-rack-115's 3 at 30/720p, 19.3 mm off the foot
        # cushion, struck at 0.77 m/s into it: seen 12.1 mm off 8 ms after the hit, then 24.8 mm off, the hitter on
        # it again 26 ms after the touch). That turn is a touch even where the ball is not seen back past its rest
        # (ho37 nine-ball-rack-128's 2 at 30/720p, 25 mm off the foot cushion, struck at 1.2 m/s into it: seen 5 mm
        # off, then 21 mm off; the cue ball, following, met it again 28 ms after the touch and held it there)
        turned = (len(d) >= 2 and float(d[0]) <= float(d_rest[0]) - cfg.chord_move / 2
                  and float(d[1]) >= float(d[0]) + cfg.chord_move / 2 and t_after[1] - t_after[0] <= 1.5 * dt
                  and float(d_rest[0]) - R <= speed_in * (float(t_after[1]) - ev.t) + cfg.chord_move)
        # resting less than a camera can see move off the nose, driven into it faster than the cloth could stop it
        # in twice that: it met the nose, whatever the frames show (ho85 near-rail-823 30/720p: the 11, 7.7 mm off
        # the foot cushion, struck at 1 m/s nearly square into it, touched it 7 ms later and was back on its spot,
        # met by the cue ball again, by the next frame; only a slow drift off the rail was seen after)
        sure = (float(d_rest[0]) - R <= cfg.chord_move and
                speed_in ** 2 >= 4 * MAX_DECEL * (float(d_rest[0]) - R))
        if not len(back) and not turned and not sure:
            continue
        n_look = int(back[0]) + 2 if len(back) else 2
        t_back = float(t_after[min(n_look, len(t_after) - 1)])
        if any(f[1] == me and f[2] == rail and ev.t - 1.5 * dt <= f[0] <= t_back for f in found):
            continue  # a contact of its own kink is there already
        t_cap = float(t_after[0])
        if float(d_rest[0]) - R > speed_in * (float(t_after[0]) - ev.t) + cfg.chord_move:
            # too far off to have met it unseen: a kink would show it (far off, a missed collision may), unless it
            # was seen at the nose on its way: a piece from rest that absorbs its first moving sighting and a
            # rebound piece that absorbs the one at the nose leave no kink there (ho16 near-rail-260's 15, 60 fps:
            # 18.9 mm off the foot cushion, seen 14 mm off, then 1.3 mm off, then back out), or seen turning
            at_nose = np.flatnonzero(d[:n_look] <= R + cfg.rail_tolerance)
            if len(at_nose):
                t_cap = float(t_after[min(int(at_nose[0]) + 1, len(t_after) - 1)])
            elif turned:
                t_cap = float(t_after[1])
            else:
                continue
        tc = min(ev.t + (float(d_rest[0]) - R) / speed_in, t_cap)
        out.append((max(tc, ev.t + 1e-5), me, rail, 0.7))
    return out


def _pushed_in_shallow(ev: ShotEvent, me: int, other: int, p: np.ndarray, rail: str,
                       paths: dict[int, BallPath], found: list[tuple[float, int, str, float]], t_end: float,
                       g: TableGeometry, dt: float, cfg: EventConfig) -> list[tuple[float, int, str, float]]:
    """A resting ball (at ``p``, off ``rail`` by more than ``frozen_gap``) struck along a line of centres heading
    into that cushion more shallowly than ``back_into``, then seen where that line would have run past the nose
    but well on the table side of it: the cushion turned it unseen (``_driven_back_off``'s rule for steep pushes
    asks for the ball to come back past where it rested, which a shallow glance away from the rail meets as well).
    A ball struck from rest leaves along the line of centres (give or take ``back_spread`` degrees of throw and of
    the line's own error) and nothing but that cushion changes its distance from it until its next contact: a
    sighting, before any other contact of it is found, that lies ``chord_move`` / 2 farther from the nose line than
    that line turned ``back_spread`` degrees off the cushion puts it, once the line itself has reached the nose,
    shows the touch (ho21 scratch-300's 2, 13.4 mm off the left nose, struck 17 degrees into it at 3.9 m/s: seen
    97 mm along 2 mm nearer the nose than it rested, the line 27 mm nearer; ho21x scratch-302's 11, 33 mm off,
    18 degrees). The line of centres is taken where the hitter's line comes to one diameter from ``p`` (as in
    ``_pushed_off``); timed where the ball reaches the nose at the hitter's speed along it, and no later than that
    sighting."""
    R = g.ball_radius
    hp = paths[other].piece_at(ev.t - 0.5 * dt)
    w = hp.vel(ev.t)
    w_len = float(np.linalg.norm(w))
    if w_len < 2 * cfg.moving_speed:
        return []
    w = w / w_len
    _, across, run = _reach(p - hp.pos(ev.t), w, R)
    if across >= 2 * R:
        return []
    n = (p - (hp.pos(ev.t) + run * w)) / (2 * R)
    inward = _INWARD[rail]
    into = -float(n @ inward)
    gap = float(_rail_dist(g, p[None])[rail][0]) - R
    if into <= 0.0 or gap <= 0.0:
        return []
    turned = float(np.sin(max(float(np.arcsin(min(into, 1.0))) - np.radians(cfg.back_spread), 0.0)))
    t_next = min([t_end] + [f[0] for f in found if f[1] == me and f[0] > ev.t + 1e-4])
    ts, xs = _seen(paths[me])
    sel = (ts > ev.t) & (ts < t_next - 0.5 * dt)
    for t_k, x_k in zip(ts[sel], xs[sel], strict=True):
        run_k = float((x_k - p) @ n)
        if run_k * into < gap:
            continue  # the line has not reached the nose yet
        d_k = float(_rail_dist(g, x_k[None])[rail][0])
        if d_k - (gap + R - run_k * turned) < cfg.chord_move / 2:
            continue  # on a line the ball may have run without the cushion (not yet turned, or a glance)
        if any(f[1] == me and f[2] == rail and ev.t - 1.5 * dt <= f[0] <= t_k for f in found):
            return []  # a contact of its own kink is there already
        speed_in = float(w_len * (w @ n)) * into
        tc = min(ev.t + gap / max(speed_in, 1e-9), float(t_k))
        return [(max(tc, ev.t + 1e-5), me, rail, 0.6)]
    return []


def _pushed_off(ev: ShotEvent, me: int, other: int, p: np.ndarray, rail: str, paths: dict[int, BallPath],
                collisions: list[ShotEvent], g: TableGeometry, dt: float, cfg: EventConfig) -> bool:
    """Whether a ball resting frozen to ``rail`` at ``p``, struck along or off that cushion (the caller has taken a
    line of centres more than 0.1 into it already; no bound on the angle off it: throw on a steep hit off the
    cushion could fire this, none did on dev), was pushed into it: struck from rest a ball leaves along the line of centres, so one that leaves the cushion more steeply than
    the line of centres allows (by ``frozen_push``, a cosine) was turned off it by the cushion (ho12 frozen-220's
    1, struck 4 degrees into the foot cushion, left it at 7 degrees). The line of centres is taken where the
    hitter's line before the hit comes to one diameter from ``p`` (not from the collision's timing, a few ms loose
    at 2-3 m/s); the way out from its first three sightings after the hit, a frame or two apart, with no other
    ball touching it meanwhile."""
    R = g.ball_radius
    ts, xs = _seen(paths[me])
    sel = np.flatnonzero(ts > ev.t)[:3]
    if len(sel) < 3 or ts[sel[-1]] - ev.t > 3.5 * dt:
        return False
    if any(c.balls and me in c.balls and c is not ev and ev.t - 1.5 * dt <= c.t <= ts[sel[-1]] + 0.5 * dt
           for c in collisions):
        return False
    v = _line_velocity(ts[sel], xs[sel])
    speed = float(np.linalg.norm(v))
    hp = paths[other].piece_at(ev.t - 0.5 * dt)
    w = hp.vel(ev.t)
    w_len = float(np.linalg.norm(w))
    if speed < 2 * cfg.moving_speed or w_len < 2 * cfg.moving_speed:
        return False
    w = w / w_len
    _, across, run = _reach(p - hp.pos(ev.t), w, R)
    if across >= 2 * R:
        return False
    c = hp.pos(ev.t) + run * w  # the hitter at contact
    n = (p - c) / (2 * R)
    inward = _INWARD[rail]
    return float(v @ inward) / speed - float(n @ inward) > cfg.frozen_push


def _back_into_between(path: BallPath, g: TableGeometry, rail: str, t0: float, t1: float,
                       cfg: EventConfig) -> bool:
    """Whether a whole piece of ``path`` between two contacts with ``rail`` (at ``t0`` < ``t1``) starts more than
    two ``hug_leave`` off that rail's nose and heads into it: the first contact sent the ball off, something turned it
    back, and the second is a contact of its own, however close in time (ho10 eight-ball-rack-110, 30/720p: the 9
    met the right cushion, then the 4 (a collision not found), then the right cushion again 61 ms later; the
    three-frame merge and the hugging rule each dropped the second). A piece wholly between the two times is not
    the approach that one contact's two timings share, and one that starts that far off is no hugging scatter
    (the 9's started 38 mm off; a ball running 11 mm off a cushion with one sighting 18 mm toward it, as in
    tests/tracking/test_ev_hug.py, starts a piece into it 11 mm off).
    The ball's path must be at that rail at the first time (within two rail tolerances): a corner's two contacts
    can be read as one on each rail at once, and the wrong one of them is not where the ball left the rail from
    (ho9 break-8-190, 60/1080p: the 9 at the foot cushion, 70 mm off the left one, was given both)."""
    R = g.ball_radius
    if float(_rail_dist(g, path.pos(t0)[None])[rail][0]) > R + 2 * cfg.rail_tolerance:
        return False
    return any(t0 < pc.t0 and pc.t1 < t1 and -float(pc.vel(pc.t0) @ _INWARD[rail]) >= cfg.moving_speed
               and float(_rail_dist(g, pc.pos(pc.t0)[None])[rail][0]) > R + 2 * cfg.hug_leave
               for pc in path.pieces)


def _other_rail_between(b: int, rail: str, t0: float, t1: float, found: list[tuple[float, int, str, float]],
                        chords: list[tuple[float, str, float, float]], dt: float) -> bool:
    """Whether a contact of ball ``b`` with another rail (a kink's, a gap rule's or a reversal between sightings)
    lies between two contacts with ``rail`` at ``t0`` < ``t1``, at least half a frame from each: the ball left
    ``rail``, met the other cushion and came back, so the second is a contact of its own however close in time (a
    corner rattle, X, Y, X within three frames; pooltool dev scratch-5's 6 at 30/720p: left 1.719, foot 1.752, left
    1.789 s, the third found by its kink and dropped by the three-frame merge). Half a frame from each: one corner
    contact read on both rails at once is not a turn between."""
    times = [f[0] for f in found if f[1] == b and f[2] != rail] + [c[0] for c in chords if c[1] != rail]
    return any(t0 + 0.5 * dt < t < t1 - 0.5 * dt for t in times)


def _seen_back_between(path: BallPath, g: TableGeometry, rail: str, t0: float, t1: float, dt: float,
                       cfg: EventConfig) -> bool:
    """Whether the sightings show the ball at ``rail``'s nose, then off it, then at it again, around two contacts
    with that rail at ``t0`` < ``t1``: one seen within ``rail_tolerance`` of the nose up to a frame and a half before
    ``t0``, a later one between the two times at least two ``chord_move`` farther off than both, and a later one
    within ``rail_tolerance`` again up to a frame and a half after ``t1``. The ball left the cushion and came back
    to it, which takes a turn of its own (another cushion of a corner, a ball) and a second contact."""
    R = g.ball_radius
    ts, xs = _seen(path)
    sel = (ts >= t0 - 1.5 * dt) & (ts <= t1 + 1.5 * dt)
    ts, d = ts[sel], _rail_dist(g, xs[sel])[rail] - R
    for j in np.flatnonzero((ts > t0) & (ts < t1)):
        before, after = d[:j][ts[:j] <= t0], d[j + 1:][ts[j + 1:] >= t0]
        if not len(before) or not len(after):
            continue
        lo_b, lo_a = float(before.min()), float(after.min())
        if max(lo_b, lo_a) <= cfg.rail_tolerance and float(d[j]) >= max(lo_b, lo_a) + 2 * cfg.chord_move:
            return True
    return False


def _carried_through(b: int, path: BallPath, paths: dict[int, BallPath], collisions: list[ShotEvent],
                     g: TableGeometry, dt: float, cfg: EventConfig) -> list[tuple[float, int, str, float]]:
    """A bounce inside one frame gap whose kink lies far off the nose: the piece before (three or more sightings),
    carried on from its last sighting at its own end velocity, would be deep through a cushion (more than two
    ``chord_move``) by the next sighting, which is back on the cloth. Only a cushion or a ball turns it there: not
    where a collision of that ball falls in the gap or another ball's path comes within two radii (and 5 mm) of
    the carried line before the nose (ho10 break-8-200, 30/720p: the 9, 24 mm off the left cushion at 3.7 m/s, was
    seen 63 mm off it a frame later; its next piece, a chord across a missed collision, ran along the cushion)."""
    R = g.ball_radius
    out: list[tuple[float, int, str, float]] = []
    if path.xy_obs is None:
        return out
    for _tk, pre, post in _kinks(path):
        t1, t2 = pre.t1, post.t0
        if pre.n < 3 or t2 - t1 > 1.5 * dt:
            continue
        if _hit_times(collisions, b, t1 - 0.5 * dt, t2 + 0.5 * dt):
            continue
        p1, v1 = path.xy_obs[pre.i1], _local_velocity(path, pre, end=True)
        for rail, d1 in _rail_dist(g, p1[None]).items():
            v_in = -float(v1 @ _INWARD[rail])
            gap = float(d1[0]) - R
            if v_in < cfg.moving_speed or gap < 0 or v_in * (t2 - t1) - gap < 2 * cfg.chord_move:
                continue
            tc = t1 + gap / v_in
            ts = np.linspace(t1, tc, 12)
            line = p1 + (ts - t1)[:, None] * v1
            if _in_mouth(g, line[-1], 0.0):
                continue
            if _other_ball_on(paths, b, ts, line, R):
                continue
            out.append((float(tc), b, rail, 0.6))
    return out


def _off_line(path: BallPath, pre: Piece, post: Piece) -> float:
    """How far (m) the sightings of ``post`` lie from ``pre`` carried on, at most (inf with none)."""
    ts, xs = _seen(path)
    sel = (ts >= post.t0 - 1e-9) & (ts <= post.t1 + 1e-9)
    if not np.any(sel):
        return np.inf
    return float(np.max(np.linalg.norm(xs[sel] - pre.pos(ts[sel]), axis=1)))


def _placed_over_hole(g: TableGeometry, path: BallPath, pre: Piece, post: Piece, p_k: np.ndarray, tk: float,
                      cfg: EventConfig) -> bool:
    """Whether a ball's last piece ``post`` (three sightings at most, after a kink at ``tk`` in a pocket's mouth at
    ``p_k``) is its drop seen over the hole and placed off by the detector rather than a jaw's turn: its sightings
    lie within ``drop_turn`` of ``pre`` carried on, which clears both jaws by ``jaw_slack``, or within twice that
    where ``pre`` clears them by ``drop_turn`` (ho50 combination-471 30/1080p: the 2 into side-right at 3.4 m/s, its
    last sighting 25 mm off the line, which cleared the jaws by 31 and 39 mm, read as a right cushion)."""
    if post.n > 3:
        return False
    off = _off_line(path, pre, post)
    return ((off <= cfg.drop_turn and not _line_meets_jaw(g, p_k, tk, pre, post, cfg.jaw_slack))
            or (off <= 2 * cfg.drop_turn and not _line_meets_jaw(g, p_k, tk, pre, post, cfg.drop_turn)))


def _turn_unseen(g: TableGeometry, pre: Piece, post: Piece, dt: float, cfg: EventConfig) -> bool:
    """Whether a ball's last piece ``post``, one sighting (the caller knows it was lost for good after it), is its
    drop placed off by the detector rather than a rebound: seen short of its line as the hole hides part of it
    (``_seen_short``, which may lie short of the mouth), or, turned in a pocket's mouth, the turned line
    (``pre``'s last sighting to it) carried on lies on the open cloth (on the table, clear of every opening) at one
    of the next ``unseen_turn`` frame times, where the camera would have seen a rebound. A corner's drawn hole
    hides the part of a dropping ball over it, so its last sighting lies toward the table (ho57x break-9-543, both
    60 fps grids: the 8, rolling along the head cushion into head-left at 0.9 m/s, seen last 23 mm off its line
    toward the table, which turned it back out of the corner at 0.5-0.75 m/s; a head cushion and no drop were
    called). Not a line carried on over a rail: a fast ball into a side pocket seen short over its opening
    (``test_ev_jaw_opening``) leaves the table there, in no view."""
    if post.n != 1 or pre.n < 3:
        return False
    if _seen_short(g, pre, post, cfg):
        return True
    p_l = post.pos(post.t1)
    if not _in_mouth(g, p_l, 0.0):
        return False
    v = (p_l - pre.pos(pre.t1)) / max(post.t1 - pre.t1, 1e-9)
    for k in range(1, cfg.unseen_turn + 1):
        p = p_l + v * k * dt
        # on the cloth, a radius inside every nose line: a line carried on over a rail is no rebound in view
        if g.on_table(*p, margin=-g.ball_radius) and _clear_of_pockets(g, p, 0.0):
            return True
    return False


def _placed_short(g: TableGeometry, path: BallPath, pre: Piece, post: Piece, cfg: EventConfig) -> bool:
    """Whether a ball's last piece ``post``, of two sightings or more (the caller knows it was lost for good after
    it), is its drop seen over several frames rather than a stop or a turn: the last sighting lies short over a
    pocket's capture circle as ``_seen_short`` asks of a lone one, and no sighting of the piece lies beyond where
    ``pre`` carried on would have put the ball then, nor more than a radius aside of that line. The hole hides
    more of the ball frame by frame, so the detector's centres lag further behind its way, stall or bend back
    toward the table: ho87 break-8-841 (30/1080p), the cue ball rolling at 0.13 m/s into side-left's opening, seen
    standing still for four frames 16 mm short of its way before it dropped; ho86 break-9-831 (60/720p), the cue
    ball into side-left at 0.85 m/s, its last two sightings 5 and 16 mm short, bent back out of the mouth. Both
    were counted hidden and their scratches lost."""
    if post.n < 2 or pre.n < 3 or not _seen_short(g, pre, post, cfg):
        return False
    t, xy = _seen(path)
    sel = (t >= post.t0 - 1e-9) & (t <= post.t1 + 1e-9)
    v = pre.vel(pre.t1)
    u = v / max(float(np.hypot(*v)), 1e-9)
    R = g.ball_radius
    p_pred = _carry(pre.pos(pre.t1), v, pre.t1, t[sel], cfg)
    rel = xy[sel] - p_pred
    along = rel @ u
    aside = np.abs(rel[:, 0] * u[1] - rel[:, 1] * u[0])
    return bool(np.all(along <= 0.2 * R) and np.all(aside <= R))


def _seen_short(g: TableGeometry, pre: Piece, post: Piece, cfg: EventConfig) -> bool:
    """Whether ``post``'s one sighting (after frames unseen or none) lies short of where ``pre`` carried on would
    have put the ball, over a pocket's capture circle: by half a radius to two radii back along its line and within
    a radius of it. The hole hides the part of a dropping ball over it, so the detector finds the rest nearer the table
    (ho68 break-9-654, 30/720p: the 8, creeping into side-right at 0.23 m/s, missed for two frames, was seen once
    22 mm short of its line's place and 8 mm aside, no farther on than its last place, then never again; read as a
    turn at 0.08 m/s along the mouth, it was counted hidden and its pocket was lost). Its line carried on need only
    reach the capture circle within a ball's diameter (ho72 bank-691, 60/720p: the 8 into head-left at 1.5 m/s, seen
    last 21 mm short while still 37 mm outside the circle, its black partly lost on the hole's dark liner)."""
    R = g.ball_radius
    t0, t1 = pre.t1, post.t1
    v = pre.vel(t0)
    speed = float(np.hypot(*v))
    if speed <= cfg.moving_speed or t1 - t0 <= 0.0:
        return False
    u = v / speed
    p_pred = _carry(pre.pos(t0), v, t0, np.array([t1]), cfg)[0]
    pk = g.nearest_pocket(*p_pred)
    # over the capture circle, or heading into it within a ball's diameter: the hole and its dark liner reach
    # beyond the capture circle, and a ball about to drop is already partly hidden by them
    ahead = p_pred + np.linspace(0.0, 2 * R, 9)[:, None] * u
    if float(np.min(np.hypot(*(ahead - np.asarray(pk.centre)).T))) >= pk.capture_radius:
        return False
    rel = post.pos(t1) - p_pred
    along = float(rel @ u)
    aside = abs(float(rel[0] * u[1] - rel[1] * u[0]))
    # stalled, not turned back: a drop's visible part stops short, a jaw's rebound comes back past where the ball
    # was last seen (ho12 near-rail-220, ``test_ev_drop_jaw_line``: the 1, 9 mm back from its last place a frame
    # on, turned by side-right's far jaw)
    back = float((post.pos(t1) - pre.pos(t0)) @ u)
    # (short by half a radius, or by half its run since, for a ball slower than that: ho79 nine-ball-rack-166 shot
    # 7, 30/720p, the cue ball rolling at 0.33 m/s into side-left's mouth, seen once more no farther along its line
    # than its last place (0.6 mm back) where it would have run 11 mm, 0.41 radius short; counted hidden, its
    # scratch was lost)
    if not (-2 * R <= along <= -min(0.5 * R, 0.5 * speed * (t1 - t0)) and aside <= R and back >= -0.2 * R):
        return False
    # and moved off the hole: what the hole hides lies over it, so what is left of the ball is found away from the
    # pocket's centre (within 45 degrees); a jaw that slowed and turned the ball moves it along the jaw instead
    # (ho70 break-14.1-674, 30/720p: the cue ball off foot-left's foot jaw 12 ms before its last sighting, seen
    # 0.5 radius short and 0.66 aside of its line, 87 degrees off the pocket's radius)
    out = p_pred - np.asarray(pk.centre)
    return float(rel @ out) >= np.cos(np.radians(45.0)) * float(np.linalg.norm(rel) * np.linalg.norm(out))


def _line_meets_jaw(g: TableGeometry, p: np.ndarray, tk: float, pre: Piece, post: Piece, slack: float) -> bool:
    """Whether ``pre`` carried on from the kink at ``tk`` to ``post``'s last sighting comes within one radius (plus
    ``slack``) of a jaw of the pocket nearest ``p``: only then can a jaw have turned the ball; a ball rolling between
    the jaws into the hole turns on nothing but the detector's placing of it over the drop."""
    pk = g.nearest_pocket(*p)
    ts = np.linspace(min(tk, post.t0), post.t1, 20)
    return any(float(gap.min()) <= slack for _, gap in _jaw_gaps(g, pk, pre.pos(ts)))


def _came_from_rest(g: TableGeometry, rail: str, pre: Piece, post: Piece, cfg: EventConfig) -> bool:
    """Whether a ball resting on ``pre`` up to its last sighting, next seen on ``post`` (a few frames unseen
    between) heading off ``rail``, bounced there: it was first seen nearer that cushion than it rested (by more
    than ``chord_move``, the noise of two sightings), so it went toward it before it came away, and ``post``
    carried back meets the cushion after its last resting sighting (the caller's span), when it may have left."""
    d_rest = float(_rail_dist(g, pre.pos(pre.t1)[None])[rail][0])
    d_first = float(_rail_dist(g, post.pos(post.t0)[None])[rail][0])
    return d_first < d_rest - cfg.chord_move


def _turn_without_first(path: BallPath, post: Piece, rail: str, cfg: EventConfig) -> bool:
    """Whether the piece after a kink still leaves ``rail`` without its first sighting: a straight line through its
    next three sightings heads off the cushion at a quarter of ``moving_speed`` or more. A single detector outlier
    a cm toward the rail starts a new piece whose fitted start heads away, and the kink it makes lies 10-15 mm off
    the nose (ho14 rails-240's 8 at 60/720p: rolling 17-19 mm off the right cushion, one sighting 8 mm off; the
    sightings after it still close on the rail; a false contact). Two or fewer sightings after the first: kept."""
    if path.t_obs is None or path.xy_obs is None:
        return True
    ii = np.arange(post.i0, post.i1 + 1)
    ii = ii[~np.isnan(path.xy_obs[ii, 0])][1:4]
    if len(ii) < 3:
        return True
    return float(_line_velocity(path.t_obs[ii], path.xy_obs[ii]) @ _INWARD[rail]) >= cfg.moving_speed / 4


def _stray_chords(b: int, path: BallPath, collisions: list[ShotEvent], dt: float, cfg: EventConfig) -> set[int]:
    """Indices of ``path``'s pieces of one or two sightings that are one stray detection, no move: the pieces on
    either side, each a frame or less away, agree (the earlier one, carried on at its end velocity, lands within
    ``in_jump`` of where the later one starts), a sighting of the short piece lies more than ``chord_move`` off
    that carried line, and no collision of the ball falls between them. Its kinks are no turns (ho16 rails-260's
    2 at 60/1080p, rolling along the left cushion at 0.12 m/s 3-4 mm off its nose past the side pocket: one
    sighting 20 mm off the rail makes a two-sighting piece running into it at 1.5 m/s, and a false contact from
    the kink out of it, deadened as its next piece runs along the rail)."""
    out: set[int] = set()
    if path.t_obs is None or path.xy_obs is None:
        return out
    for i in range(1, len(path.pieces) - 1):
        prev, pc, nxt = path.pieces[i - 1], path.pieces[i], path.pieces[i + 1]
        if pc.n > 2 or pc.t0 - prev.t1 > 1.5 * dt or nxt.t0 - pc.t1 > 1.5 * dt:
            continue
        if _hit_times(collisions, b, prev.t1 - 0.5 * dt, nxt.t0 + 0.5 * dt):
            continue
        p1, v1 = prev.pos(prev.t1), prev.vel(prev.t1)
        if float(np.linalg.norm(p1 + v1 * (nxt.t0 - prev.t1) - nxt.pos(nxt.t0))) > cfg.in_jump:
            continue
        ii = np.arange(pc.i0, pc.i1 + 1)
        ii = ii[~np.isnan(path.xy_obs[ii, 0])]
        off = path.xy_obs[ii] - (p1 + v1[None] * (path.t_obs[ii] - prev.t1)[:, None])
        if len(ii) and float(np.linalg.norm(off, axis=1).max()) > cfg.chord_move:
            out.add(i)
    return out


def _seen_depth(g: TableGeometry, path: BallPath, rail: str, t: float, dt: float) -> float:
    """The least distance (m) from ``rail``'s nose line of the sightings within two frames of ``t`` (past the
    nose line where under one radius); -inf where the sightings are unknown or none lie there. A kink in a pocket's
    mouth is placed where two pieces' polynomials cross, and two short pieces carried a frame or two beyond their
    sightings can cross well past where the ball was seen (ho16 break-9-260's 2 at 60/1080p, running into the
    right cushion by the foot-right mouth at 0.2 m/s, seen at most 2.6 mm past its nose line: the kink 8.3 mm past
    it, 56 ms after the contact). ``_cushions`` times such a kink at the turn only where a sighting lies 3 mm past
    the nose line too; else where the earlier piece reaches the nose line, or the depth it was seen at."""
    ts, xs = _seen(path)
    near = np.abs(ts - t) <= 2.0 * dt
    return float(_rail_dist(g, xs[near])[rail].min()) if np.any(near) else -np.inf


def _sightings_close_in(path: BallPath, pre: Piece, rail: str, g: TableGeometry, cfg: EventConfig) -> bool:
    """Whether the sightings of ``pre`` (the piece before a kink at ``rail``), over its last ``hug_span`` s, close on
    that rail's nose at ``moving_speed`` / 2 or faster (a straight line's slope), where there are 4 or more of them;
    with fewer, the piece's own end speed is all there is (True). A contact that took the whole rebound off the
    ball (``deadened``: it leaves along the cushion) or a jaw that turned it back off its rail in a mouth (the
    change of speed off the rail) is only as good as the approach it stopped, and a quadratic bent by the
    detector's scatter can end heading into the cushion where its sightings never came closer (ho16 break-9-260's
    2, 60/1080p: off the right jaw into foot-right at 0.22 m/s, 26 mm off the right nose; its piece, nine
    sightings 26-35 mm off over 0.13 s with a four-frame stall, ends at 8.1 cm/s into the rail, the sightings'
    line at none, and the next piece leaves at 0.8 cm/s: a jaw turn of 8.9 cm/s in the mouth, read as a second
    right contact)."""
    n, v_line = _seen_approach(path, pre, rail, cfg)
    return n < 4 or v_line >= cfg.moving_speed / 2


def _slowed_against_sightings(path: BallPath, pre: Piece, post: Piece, rail: str, tk: float,
                              cfg: EventConfig) -> bool:
    """Whether the ball's speed into ``rail`` dropped by ``2 * moving_speed`` or more at a kink at ``tk`` measured
    from the approach its sightings show (``_seen_approach``, where there are 6 or more of them) as well as from
    ``pre``'s end: a long quadratic bent by a slow start (a cue ball gathering speed off a hit on its follow) ends
    faster than the ball came (ho37 scratch-380's cue ball at 60/1080p, rolling straight into head-right at 0.43 m/s
    toward the right rail: its 30-sighting piece ends at 0.53, the next piece runs on at 0.43, and a jaw turn was
    read 40 ms before its drop; the truth touches nothing)."""
    inward = _INWARD[rail]
    v_out = float(post.vel(tk) @ inward)
    n, v_line = _seen_approach(path, pre, rail, cfg)
    v_in = -float(pre.vel(tk) @ inward)
    if n >= 6:
        v_in = min(v_in, v_line)
    return v_out + v_in >= 2 * cfg.moving_speed


def _seen_approach(path: BallPath, pre: Piece, rail: str, cfg: EventConfig) -> tuple[int, float]:
    """How many sightings ``pre`` has over its last ``hug_span`` s, and how fast a straight line through them closes
    on ``rail``'s nose (0 with fewer than two): the approach its sightings show, which a quadratic bent by a faster
    start or by the detector's scatter can misstate at its end."""
    ts, xs = _seen(path)
    sel = (ts >= max(pre.t0, pre.t1 - cfg.hug_span) - 1e-9) & (ts <= pre.t1 + 1e-9)
    n = int(np.sum(sel))
    return n, (-float(_line_velocity(ts[sel], xs[sel]) @ _INWARD[rail]) if n >= 2 else 0.0)


def _cushions(paths: dict[int, BallPath], collisions: list[ShotEvent], ctx: ShotContext,
              cfg: EventConfig) -> list[ShotEvent]:
    g = ctx.geometry
    R = g.ball_radius
    dt = ctx.frame_dt
    found: list[tuple[float, int, str, float]] = []
    loose: list[tuple[float, int, str, float]] = []  # kinks past rail_tolerance, within kink_tolerance
    for b, path in paths.items():
        stray = _stray_chords(b, path, collisions, dt, cfg)
        for k, (tk, pre, post) in enumerate(_kinks(path)):
            if k in stray:
                continue  # out of a stray sighting: no turn
            j_post = k + 1
            if k + 1 in stray:
                # into a stray sighting: no turn there, but the pieces beside it meet where the ball may have
                # turned (ho37 break-14.1-380's 2 at 30/1080p, into the right cushion at 0.2 m/s: one sighting 23 mm
                # off by the nose cut its approach a frame before it reached the nose, and the piece after, which
                # leaves the nose at 0.08 m/s, absorbed the V: the contact was missed)
                if k + 2 >= len(path.pieces):
                    continue
                pre, post, j_post = path.pieces[k], path.pieces[k + 2], k + 2
                tk = kink_time(pre, post)
            if post is path.pieces[-1] and post.n == 1 and \
                    float(np.linalg.norm(post.pos(post.t0) - pre.pos(post.t0))) < cfg.rail_tolerance:
                continue  # one last sighting where its earlier piece leads: no turn to explain (dropping)
            vel_pre, vel_post = _kink_velocities(path, k, j_post, tk)
            p_k = path.pos(tk)
            rails = p_dist = _rail_dist(g, p_k[None])
            mouth = _in_mouth(g, p_k, 0.0)
            if mouth:
                # a pocket's jaws belong to the rail whose nose line is nearest (SCHEMA: one rail per cushion), where
                # the better-observed piece puts the kink: a chord of two sightings between two jaws misplaces it
                # (dev vision bank-3, 30 fps: the head jaw, then the left one a frame later)
                rails = p_dist = _rail_dist(g, (pre if pre.n >= post.n else post).pos(tk)[None])
                near = min(rails, key=lambda k: float(rails[k][0]))
                rails = {near: rails[near]}
                if _hit_times(collisions, b, tk - 1.5 * dt, tk + 1.5 * dt):
                    continue  # a ball, not a jaw, turned it
                if post is path.pieces[-1] and b not in ctx.seen_at_end and \
                        (_placed_over_hole(g, path, pre, post, p_k, tk, cfg) or _turn_unseen(g, pre, post, dt, cfg)
                         or _placed_short(g, path, pre, post, cfg)):
                    continue  # a drop seen a last few times over the hole, placed off by the detector: no turn
            # the kink's own position can be a few mm off where a piece is short: the last and first seen
            # positions beside it count too
            ends = _rail_dist(g, np.stack([pre.pos(pre.t1), post.pos(post.t0)]))
            if not mouth and all(min(float(d[0]), float(ends[r].min())) > R + cfg.rail_tolerance
                                 for r, d in rails.items()):
                found.extend(_jaw_kink(b, path, tk, pre, post, collisions, g, dt, cfg))
            for rail, dist in rails.items():
                dist = np.minimum(dist, ends[rail].min())
                if dist[0] > R + cfg.kink_tolerance:
                    continue
                inward = _INWARD[rail]
                v_in = -float(vel_pre @ inward)  # speed toward the cushion before
                v_out = float(vel_post @ inward)  # speed away from it after
                if v_in < cfg.moving_speed / 2 and not mouth and pre.t1 - pre.t0 > cfg.hug_span:
                    # a long piece's quadratic, bent by its faster start, can end slower into the cushion than its
                    # last sightings came (ho15 nine-ball-rack-115's 1 along the head rail at 30/720p: the piece
                    # ends at 1.7 cm/s in, its sightings over the last hug_span, 0.3 s, close at 2.2)
                    n_in, v_line = _seen_approach(path, pre, rail, cfg)
                    if n_in >= 6:
                        v_in = max(v_in, v_line)
                closing = _sightings_close_in(path, pre, rail, g, cfg)
                if (mouth and float((vel_post - vel_pre) @ inward) >= 2 * cfg.moving_speed and closing
                        and _slowed_against_sightings(path, pre, post, rail, tk, cfg)
                        and not (pre.t1 - pre.t0 >= 0.2 and _resting(pre, pre.t0, cfg) and _resting(pre, tk, cfg))):
                    # a jaw is angled: the ball may go on deeper, but the jaw pushed it back off its rail. Not a
                    # ball that had lain at rest (0.2 s or more; a rattle's short stalls between jaws are not): no
                    # jaw sets one off, the cue or a ball did (ho15 combination-251's cue ball, 14 mm off the left
                    # nose by the side pocket and struck away from the rail, was read as a left contact)
                    v_in, v_out = max(v_in, cfg.moving_speed), max(v_out, cfg.moving_speed)
                d_rest = float(_rail_dist(g, post.pos(post.t0)[None])[rail][0])
                if (v_in >= cfg.moving_speed / 2 and post.speed(post.t0) < cfg.moving_speed
                        and post.speed(post.t1) < cfg.moving_speed and d_rest <= R + cfg.frozen_gap):
                    # rolled into the cushion and stopped against it (too slow to be seen coming off): a touch,
                    # when the earlier piece reached the place it rests
                    # (it touched a little deeper than it rests: the touch sends it back a mm or two, 1.4 mm at
                    # 4 cm/s in pooltool dev break-8-10)
                    tc = _arrival_time(g, path, pre, rail, d_rest - 0.002, tk, dt)
                    # a line's time more than a frame from where the ball is first seen nearest the cushion is off:
                    # a stop slower than ``rest_speed`` into it is taken by the resting piece, which then starts
                    # before the touch, and the line through the approach piece ends short of it (ho53
                    # eight-ball-rack-140's 11 at 30/720p, in at 4 cm/s: timed 160 ms early at the resting piece's
                    # start; ho55 break-8-522's 7, 91 ms late). Only where the ball is seen at rest there (three
                    # sightings on a resting piece), not a gap it was lost in (ho48 scratch-451's cue ball at
                    # 60/720p: one sighting past the head nose 4 frames on), and only where its sightings there
                    # scatter as a resting ball's do (within twice the jitter, rms): with more scatter the nearest
                    # is noise (``test_ev_slow_turn``, a slow turn off the cushion seen at 2.2 mm noise: 31 frames)
                    if post.n >= 3 and post.rms <= 2 * cfg.rest_jitter and _resting(post, post.t0, cfg) and \
                            _resting(post, post.t1, cfg):
                        t_near = _first_nearest(path, g, rail, pre.t1 - 0.4, post.t1, cfg.rest_jitter)
                        if t_near is not None and abs(t_near - tc) > dt:
                            tc = t_near
                    ts_p, xs_p = _seen(path)
                    on_post = (ts_p >= post.t0 - 1e-9) & (ts_p <= post.t1 + 1e-9)
                    d_p = _rail_dist(g, xs_p[on_post])[rail] if on_post.any() else np.zeros(0)
                    d_m = _median3(d_p) if len(d_p) >= 5 else np.zeros(0)
                    if len(d_m) and float(d_m[-1] - d_m.min()) > 2 * cfg.frozen_gap:
                        # it did not stay: seen backing off the cushion by more than twice the frozen gap (the
                        # running median of three sightings) on the piece that was to hold it there, it met the
                        # cushion at the slow V's apex (ho50 break-9-471 30/1080p: the 9, in at 9 cm/s, touched 2
                        # frames after the piece's start and came back off to 12.5 mm; timed 68 ms early at the start)
                        t_apex = float(ts_p[on_post][1 + int(np.argmin(d_m))])
                        t_v = _hinge_time(g, path, rail, t_apex, pre.t0, post.t1, dt)
                        tc = t_apex if t_v is None else t_v
                    found.append((tc, b, rail, 0.6))
                    continue
                # spin can take the whole rebound off a ball (it leaves along the cushion): the cushion still
                # stopped its approach, unless another ball did. From 2 cm/s in, as any contact: a grazing
                # arrival leaves at a few mm/s (ho8 break-14.1-180: 3.7 cm/s in, 0.8 cm/s out, missed at 4 cm/s)
                # (at the nose: the kink, or the piece after it seen there within two frames of its start, the
                # kink placed short where that piece's first sighting came before the touch)
                at_nose = dist[0] <= R + cfg.frozen_gap or _seen_at_nose(path, post, rail, g, dt, cfg)
                deadened = (v_in >= cfg.moving_speed / 2 and v_out > -0.25 * v_in and at_nose
                            and not _hit_times(collisions, b, tk - 1.5 * dt, tk + 1.5 * dt)
                            and closing)
                if v_in < cfg.moving_speed / 2 or (v_out < cfg.moving_speed / 4 and not deadened):
                    continue
                # off a jaw and into the pocket: a real cushion contact, but a short look at it
                jaw = _in_mouth(g, p_k, 0.0) and path.t_last < tk + 3 * dt
                tc = _reach_time(g, pre, rail, R, tk, dt)
                if mouth and float(p_dist[rail][0]) < R - 0.003:
                    # a kink past the nose line: timed as deep as a sighting near it went (a slow ball's only: a
                    # fast one runs tens of mm a frame, and its kink past the sightings is where it turned;
                    # tests/tracking/test_ev_corner_kink.py, 3.6 m/s)
                    depth = _seen_depth(g, path, rail, tk, dt) if v_in < cfg.slow_turn else -np.inf
                    if depth <= R - 0.003:
                        tc = tk  # a jaw stands past the nose line: the turn itself is the contact
                    elif depth < R:
                        tc = _reach_time(g, pre, rail, depth, tk, dt)  # as deep as it was seen
                elif v_in < cfg.slow_turn:
                    t_v = _slow_turn_time(g, path, rail, tc, pre.t0, post.t1, b, collisions, dt)
                    # a slow kink fitted into a corner's mouth keeps its own time (a jaw turns the ball where the
                    # pieces meet) unless the V of the sightings turned on the straight cushion beside the mouth
                    if not mouth or not _in_mouth(g, path.pos(t_v), 0.0):
                        tc = t_v
                margin = max(0.0, float(dist[0]) - R) / cfg.rail_tolerance
                item = (tc, b, rail, max(0.1, (0.6 if jaw else 0.95) - 0.5 * margin))
                # a kink past rail_tolerance (up to kink_tolerance) only between two sightings a frame apart (across
                # an unseen gap the kink is a guess: tests/tracking/test_ev_gap_three.py) and only where no other
                # rule found that contact: a gap rule times a bounce between sightings better than a kink that far
                # off (ho11 straight-pool-run-111's 7: -1 ms from _gap_bounce, -34 ms from its kink 10-15 mm off),
                # and not where a collision of the ball lies within half a frame of it: the ball turned it (ho37
                # eight-ball-rack-128's cue ball, 30/720p: into the 3 at 1.6 m/s, angled 0.34 m/s toward the foot
                # cushion, it stopped 16 mm off its nose; the kink 0.3 frame after the hit read as a foot contact).
                # A kink a frame after the hit is the cushion the hit sent it into (ho31 miss-350's 13 at 30/720p,
                # 0.9 frame; bank-350's 2 at 60/1080p, 1.4 frames)
                if margin <= 1.0:
                    found.append(item)
                elif post.t0 - pre.t1 <= 1.5 * dt and _turn_without_first(path, post, rail, cfg) and \
                        not _hit_times(collisions, b, tk - 0.5 * dt, tk + 0.5 * dt):
                    loose.append(item)
            # a cushion right after a collision, inside one frame gap: the later piece carried back runs through
            # the cushion, which only a bounce explains. Carried back to the collision when that came before the
            # kink: a ball struck from rest 1 cm off a cushion is back off it by its first moving sighting, and the
            # kink (where its resting piece and the piece after it meet) lies past the bounce (toy dev scratch-35,
            # 30/720p: the 7's only cushion, the shot's rail after contact, was missed)
            t_set = min([tk] + [c.t for c in collisions if c.balls and b in c.balls and tk - 1.5 * dt <= c.t < tk
                                and _resting(pre, c.t, cfg)])
            spans = [(t_set, False)]
            if pre.t1 < t_set and 1.5 * dt < post.t0 - pre.t1 <= 4.5 * dt and _resting(pre, pre.t1, cfg):
                spans.append((pre.t1, True))
            for t_from, unseen in spans:
                ts_back = np.linspace(t_from, post.t0, 101)
                for rail, d_back in _rail_dist(g, post.pos(ts_back)).items():
                    inward = _INWARD[rail]
                    if float(post.vel(post.t0) @ inward) < cfg.moving_speed or float(d_back.min()) > R - 0.004:
                        continue
                    if any(f[1] == b and f[2] == rail and abs(f[0] - tk) <= 1.5 * dt for f in found):
                        continue  # already found above (a kink within reach of the cushion that the rules above
                        # did not take, from rest into a bounce between two sightings, is still looked at here)
                    if _in_mouth(g, post.pos(post.t0), 0.0):
                        continue
                    cross = np.flatnonzero(d_back <= R)
                    if unseen and not _came_from_rest(g, rail, pre, post, cfg):
                        continue
                    found.append((float(ts_back[cross[-1]]), b, rail, 0.6))
        found.extend(_carried_through(b, path, paths, collisions, g, dt, cfg))
        found.extend(_bounce_inside(b, path, g, dt, cfg))
        found.extend(_corner_pair(b, path, collisions, g, dt, cfg, stray))
        found.extend(_corner_kink(b, path, collisions, g, dt, cfg))
        found.extend(_corner_stall(b, path, collisions, g, dt, cfg))
        found.extend(_bounce_after_hit(b, path, collisions, g, dt, cfg, 0.0))
    # a ball frozen to (or resting near) a cushion and driven into it by a collision
    for ev in collisions:
        assert ev.balls is not None
        for me, other in (ev.balls, ev.balls[::-1]):
            pm, po = paths[me], paths[other]
            pre = _pre_piece(pm, ev.t - 1.5 * dt, ev.t + 1.5 * dt, ev.t - 0.5 * dt)
            creeps = _starts_inside(pm, ev.t, dt, cfg)
            if pre.speed(ev.t) > cfg.moving_speed and not creeps:
                continue
            p = _rest_before(pm, ev.t, dt) if creeps else pre.pos(ev.t)
            # the hitter's centre at the hit, mirrored back across a cushion it was found to meet in the two frames
            # before: off a cushion less than a frame before the hit, it is still on the piece that ran it into that
            # cushion, which carried on puts it behind the nose. ho64x frozen-614 (60/720p): the cue ball came off
            # the left cushion 15 ms before it struck the 2 frozen to it; its line in put it 7 mm past the nose and
            # the line of centres 0.13 off the cushion, where the mirrored cue ball drives the 2 0.13 into it: its
            # left cushion was missed. Only across a cushion the hitter met: a made-up hitter placed past the nose
            # without meeting it (``test_ev_frozen_pushed_off``) is left where it is
            bounced = {f[2] for f in found if f[1] == other and ev.t - 2 * dt <= f[0] <= ev.t}
            n = p - g.folded_inside(po.piece_at(ev.t - 0.5 * dt).pos(ev.t), bounced)
            n = n / max(float(np.linalg.norm(n)), 1e-9)
            for rail, dist in _rail_dist(g, p[None]).items():
                if dist[0] > R + cfg.frozen_gap:
                    continue
                if float(n @ _INWARD[rail]) < -0.1:
                    found.append((ev.t + 1e-5, me, rail, 0.8))
                elif _pushed_off(ev, me, other, p, rail, paths, collisions, g, dt, cfg):
                    found.append((ev.t + 1e-5, me, rail, 0.7))
            found.extend(_driven_back_off(ev, me, other, p, n, paths, collisions, found, g, dt, cfg,
                                          None if creeps else pre))
    found.sort()
    chords = {b: _chord_bounces(path, g, dt, cfg, _hit_times(collisions, b))
              for b, path in paths.items()}
    kept: list[tuple[float, int, str, float]] = []
    # (two contacts with one rail within 3 frames are one, unless the ball came back off it in between, met another
    # rail, or was hit a frame or more after the first and before the second: ho37 nine-ball-rack-128's 3, off the
    # right cushion, lay still 10 mm off it and was hit back into it 63 ms after the first touch, the second found
    # by ``_driven_back_off``. A second contact at the hit itself is the first again: ho29 frozen-340's 15 at
    # 60/1080p, frozen to the right cushion and hit twice by the cue ball 2.6 frames apart, touched it once)
    for item in found:
        if any(k[1:3] == item[1:3] and abs(k[0] - item[0]) < 3 * dt
               and not _back_into_between(paths[item[1]], g, item[2], k[0], item[0], cfg)
               and not _other_rail_between(item[1], item[2], k[0], item[0], found, chords[item[1]], dt)
               and not _seen_back_between(paths[item[1]], g, item[2], k[0], item[0], dt, cfg)
               and not _hit_times(collisions, item[1], k[0] + dt, item[0] - 1e-4)
               for k in kept):
            continue
        kept.append(item)
    # a V across a gap only where no rule above found that contact (its timing is the rougher)
    for b, path in paths.items():
        # (and the first gap after a hit with a quarter frame's slack: the hit is timed loose by a few ms and the
        # move in takes its speed from it; ho13 break-8-230's 12 at 30/1080p, struck at 9 m/s 7 ms before its
        # early-timed hit: the move in reaches the foot nose 1.5 ms past the next sighting, the move out 6 ms
        # before it; missed. Only here: where the kink rule found it, its timing is the better)
        for item in (_gap_bounce(b, path, collisions, g, dt, cfg)
                     + _short_piece_gap(b, path, paths, collisions, g, dt, cfg)
                     + _jaw_in_gap(b, path, collisions, g, dt, cfg)
                     + _nose_before_hit(b, path, paths, collisions, g, dt, cfg)
                     + _hidden_bounce(b, path, paths, collisions, g, dt, cfg)
                     + _bounce_after_hit(b, path, collisions, g, dt, cfg, 0.25 * dt)
                     + [k for k in loose if k[1] == b]):
            if not any(k[1:3] == item[1:3] and abs(k[0] - item[0]) < 3 * dt for k in kept):
                kept.append(item)
    # reversals between sightings: each is its own contact unless one already found lies inside its three
    # sightings or 1.5 frames from it (a kink's timing is that loose); a rattle touches the same jaw again two
    # frames later, closer than the rule above keeps contacts apart
    for b in paths:
        for tc, rail, t0, t2 in chords[b]:
            if any(k[1] == b and k[2] == rail and (t0 <= k[0] <= t2 or abs(k[0] - tc) <= 1.5 * dt) for k in kept):
                continue
            kept.append((tc, b, rail, 0.6))
    kept.sort()
    return [ShotEvent(t=t, type="cushion", ball=b, rail=r, confidence=round(c, 3)) for t, b, r, c in kept]


def _seen_at_nose(path: BallPath, post: Piece, rail: str, g: TableGeometry, dt: float, cfg: EventConfig) -> bool:
    """Whether the ball is seen with its centre within ``frozen_gap`` beyond one radius of ``rail``'s nose on the
    piece ``post`` within two frames of its start: against the cushion. A ball that came in fast and leaves along
    the cushion is placed at the nose there even where the fit puts the kink short of it: the piece search ended
    the approach early (a sliding ball's speeding up bends it past what one quadratic fits) and handed the last
    sighting before the touch to the piece along the rail (ho67 scratch-642, 30/720p: the cue ball into the right
    cushion at 0.55 m/s by foot-right's jaw, the kink placed 8 mm short, then along the nose into the pocket; the
    shot's only rail after contact was lost)."""
    ts, xs = _seen(path)
    on = (ts >= post.t0 - 1e-9) & (ts <= min(post.t1, post.t0 + 2.5 * dt) + 1e-9)
    if not on.any():
        return False
    d = _rail_dist(g, xs[on])[rail]
    return bool(np.any(d <= g.ball_radius + cfg.frozen_gap))


def _kink_velocities(path: BallPath, j_pre: int, j_post: int, tk: float) -> tuple[np.ndarray, np.ndarray]:
    """The ball's velocity either side of a kink at ``tk`` between pieces ``j_pre`` and ``j_post``. A piece of one
    sighting has no speed of its own (its fit is a point): its move is the chord to the piece beside it, away from
    the kink (into the sighting for the earlier piece, out of it for the later). A last piece of one sighting keeps
    its zero: nothing follows it (a drop)."""
    ps = path.pieces
    pre, post = ps[j_pre], ps[j_post]
    v_pre, v_post = pre.vel(tk), post.vel(tk)
    if pre.n == 1 and j_pre > 0:
        prev = ps[j_pre - 1]
        v_pre = (pre.pos(pre.t0) - prev.pos(prev.t1)) / max(pre.t0 - prev.t1, 1e-9)
    if post.n == 1 and j_post + 1 < len(ps):
        nxt = ps[j_post + 1]
        v_post = (nxt.pos(nxt.t0) - post.pos(post.t0)) / max(nxt.t0 - post.t0, 1e-9)
    return v_pre, v_post


def _median3(x: np.ndarray) -> np.ndarray:
    """The running median of three sightings (length ``len(x) - 2``): one stray detection moves no figure."""
    return np.median(np.stack([x[:-2], x[1:-1], x[2:]]), axis=0)


def _hugging(paths: dict[int, BallPath], cushions: list[ShotEvent], collisions: list[ShotEvent],
             ctx: ShotContext, cfg: EventConfig) -> list[ShotEvent]:
    """Drop the contacts of a ball running along (hugging) a cushion. A ball that meets a cushion at a grazing
    angle leaves it at a few mm/s and rolls on within a radius or two of its nose for seconds; the detector's
    scatter there (a few mm, and single sightings 10-25 mm off) bends its pieces into kinks, Vs and reversals
    at the nose, each read as a new contact (ho8 miss-180: the 10 along the right cushion, 5-7 false contacts at
    60 fps). A contact with the rail the ball touched last, with no collision of that ball between, is kept only
    if the ball had left that cushion (a running median of three sightings more than ``hug_leave`` beyond one
    radius from the nose) and came back (its distance from the nose, over the last ``hug_span`` s before the new
    contact, closing at ``hug_approach`` or faster: a robust slope; or its last four or more sightings each
    closer, by 1.5 ``hug_leave`` in all: a sharp turn back; or its last three, each move at least ``hug_leave`` and 3
    ``hug_leave`` in all: a fast one). Not in a pocket's mouth, where a rattle
    meets one rail's two jaws (a side pocket) in turn."""
    g = ctx.geometry
    R = g.ball_radius
    dt = ctx.frame_dt
    out: list[ShotEvent] = []
    last: dict[int, ShotEvent] = {}
    for c in sorted(cushions, key=lambda e: e.t):
        b = c.ball
        assert b is not None and c.rail is not None
        p = last.get(b)
        if (p is not None and p.rail == c.rail and b in paths
                and not any(k.balls and b in k.balls and p.t - dt < k.t < c.t + dt for k in collisions)
                and not _in_mouth(g, paths[b].pos(c.t), 0.0) and not _in_mouth(g, paths[b].pos(p.t), 0.0)):
            ts, xs = _seen(paths[b])
            between = (ts > p.t + 0.5 * dt) & (ts < c.t + 0.5 * dt)
            gap = _rail_dist(g, xs[between])[c.rail] - R
            left = len(gap) >= 3 and float(np.max(_median3(gap))) > cfg.hug_leave
            way = between & (ts > c.t - cfg.hug_span)
            back = int(np.sum(way)) >= 3 and float(theilslopes(_rail_dist(g, xs[way])[c.rail], ts[way]).slope) <= -cfg.hug_approach
            # or turned back sharply (driven back by a ball the collision rules missed: ho7 break-8-170's 4, hit
            # by the 10 22 mm off the foot cushion and back on it 0.09 s later): its last sightings, four or more,
            # closing on the cushion one after another, by 1.5 hug_leave in all
            run = len(gap) - 1
            while run > 0 and gap[run - 1] > gap[run]:
                run -= 1
            # (and by hug_leave before the last of them: one sighting off toward the cushion ends many a run)
            back = back or (len(gap) - run >= 4 and float(gap[run] - gap[-1]) >= 1.5 * cfg.hug_leave
                            and float(gap[run] - gap[-2]) >= cfg.hug_leave)
            # or three, each move in at least hug_leave and three hug_leave in all: a fast return takes two frames
            # (ho15 break-8-250's 14 at 60/720p: struck by the 11 off the right cushion, a collision not found, and
            # back on it 0.11 s later at 2 m/s, 44, 20 and 0 mm off), and two moves of a cm or more in a row toward
            # the cushion are no single stray sighting of a ball running along it
            back = back or (len(gap) - run >= 3 and float(gap[-3] - gap[-2]) >= cfg.hug_leave
                            and float(gap[-2] - gap[-1]) >= cfg.hug_leave
                            and float(gap[-3] - gap[-1]) >= 3 * cfg.hug_leave)
            if not (left and back) and not _back_into_between(paths[b], g, c.rail, p.t, c.t, cfg):
                continue  # still running along the cushion it touched: no new contact
        out.append(c)
        last[b] = c
    return out


def _rests_against(paths: dict[int, BallPath], cushions: list[ShotEvent], ctx: ShotContext,
                   cfg: EventConfig) -> list[ShotEvent]:
    """Cushions touched by a ball that crept into them and stopped there, with no kink at the stop for
    ``_cushions`` to explain: one decelerating piece takes the slow roll and the rest together (ho5 cut-151, 30/720p
    and 60/1080p: the cue ball rolled into the right cushion at 2-3 cm/s, after the shot window's quiet start, and
    rests 1.6 mm from touching it; the only rail after contact). The ball must be seen at rest at the end within
    ``frozen_gap`` of the nose line (and not ``over_rail`` past it), having closed on it by more than 1 cm over its
    way in (its last piece, or the one before the resting pieces a stop too slow for ``_cushions`` split off); the
    touch is timed on a straight line through its last sightings on the way in (0.25 s), 2 mm inside where it
    rests (as ``_cushions`` times a stop against a cushion), and no later than it is first seen nearest the
    cushion, as it is when it touches (ho15 break-8-250's 14, 60/720p: in at 2 cm/s, seen 28.4 mm off the nose
    line 4 ms before the touch and resting 28.5 mm off, 1.4 mm nearer than it rests; 2 mm inside that the line
    reached 50 ms after the touch). Not where its way in stops it of itself more than
    half ``frozen_gap`` short of touching (``_stops_short``)."""
    g = ctx.geometry
    R = g.ball_radius
    out: list[ShotEvent] = []
    for b, path in paths.items():
        last = path.pieces[-1]
        if b not in ctx.seen_at_end or last.speed(last.t1) >= cfg.moving_speed:
            continue
        t_all, xy_all = _seen(path)
        rest = xy_all[t_all >= t_all[-1] - 0.2].mean(axis=0)
        for rail, d_rest_a in _rail_dist(g, rest[None]).items():
            d_rest = float(d_rest_a[0])
            if d_rest > R + cfg.frozen_gap or d_rest < R - cfg.over_rail:
                continue  # (seen resting past the nose line: no cushion held it there; toy dev miss-4's 1)
            # its way in: the last piece, or the one before the resting pieces the stop split off (a stop too slow
            # into the cushion for ``_cushions``' stop-against-it rule)
            way = None
            for pc in path.pieces[::-1]:
                if float(_rail_dist(g, pc.pos(pc.t0)[None])[rail][0]) >= d_rest + 0.01:
                    way = pc
                    break
                if not _resting(pc, pc.t1, cfg):
                    break
            if way is None or way.n < 6:
                continue
            if any(c.ball == b and c.rail == rail and c.t >= way.t0 - ctx.frame_dt for c in cushions):
                continue
            on = t_all >= way.t0 - 1e-9
            t, d_all = t_all[on], _rail_dist(g, xy_all[on])[rail]
            # on its way until first seen within 3 mm of where it rests (noise at rest can stray that far later)
            arrived = np.flatnonzero(d_all <= d_rest + 0.003)
            coming = np.arange(int(arrived[0]) if len(arrived) else len(t))
            if not len(coming):
                continue
            ta = float(t[coming[-1]])
            sel = coming[t[coming] >= ta - 0.25]
            if len(sel) < 3:
                continue
            slope, icpt = np.polyfit(t[sel] - ta, d_all[sel], 1)
            if slope > -cfg.creep_speed:
                continue
            if _stops_short(t[coming], d_all[coming], ta, R + cfg.frozen_gap / 2):
                continue
            t_touch = ta + float(np.clip((d_rest - 0.002 - icpt) / slope, 0.0, 0.5))
            # a ball that crept in is nearest the cushion when it touches: no later than first seen nearest
            t_touch = min(t_touch, float(t[int(np.argmin(d_all))]))
            out.append(ShotEvent(t=t_touch, type="cushion", ball=b, rail=rail, confidence=0.6))
    return out


def _stops_short(t: np.ndarray, d: np.ndarray, ta: float, reach: float) -> bool:
    """Whether a ball's way in to a cushion (sighting times ``t`` and distances ``d`` from its nose line, up to
    ``ta``, where it is first seen at its rest) stops it of itself short of ``reach``: those distances, fitted at
    one constant deceleration (a rolling ball's), reach their least no nearer than ``reach``. A
    ball stopped by the cushion was still coming in when it touched, and its way in alone would have taken it past
    touching; a ball that rolled out on its own stops where its slowing says (vision dev ho16 miss-260's 14, 60
    fps: 3.45 s slowing at 0.09-0.1 m/s^2 off the head rail, its way in stopping it 4.5-4.8 mm short of touching
    the right cushion at 1080p and 720p, where it rests 4.4 mm off in truth and is seen 3.5-3.8 mm off, within
    ``frozen_gap``). Needs ten sightings and a slowing fit."""
    if len(t) < 10:
        return False
    c2, c1, c0 = np.polyfit(t - ta, d, 2)
    if c2 <= 0.0:
        return False
    return float(c0 - c1 * c1 / (4.0 * c2)) >= reach


def _follow(p0: np.ndarray, v0: np.ndarray, t0: float, cfg: EventConfig,
            horizon: float = 1.5) -> tuple[np.ndarray, np.ndarray]:
    """Carry a vanished ball forward in a straight line with rolling deceleration."""
    speed = float(np.hypot(*v0))
    u = v0 / max(speed, 1e-9)
    t_stop = min(horizon, speed / cfg.decel)
    ts = np.linspace(0.0, t_stop, max(2, int(t_stop / 0.001)))
    s = speed * ts - 0.5 * cfg.decel * ts ** 2
    return t0 + ts, p0[None] + u[None] * s[:, None]


def _pocketed(ball: int, t: float, t_last: float, pocket: str, frame_dt: float,
              max_reach: float = 8.0) -> ShotEvent | None:
    """A pocket event; the further it was followed unseen, the less sure. Beyond ``max_reach`` frames unseen
    it is not called at all: the ball may have stopped short under an arm or where the detector lost it. Frames
    count as at least 1/30 s: how long a ball takes from where it was lost to the pocket does not shrink with a
    faster camera (dev break-9-38, 60/720p: the 8 lost at 0.4 m/s 6 cm short of foot-right's centre, 8.4 60-fps
    frames from its closest approach, was left on the table)."""
    reach = (t - t_last) / max(frame_dt, _REF_DT)
    if reach > max_reach:
        return None
    conf = 0.95 if reach < 3 else 0.7 if reach < 5 else 0.45
    return ShotEvent(t=float(t), type="pocket", ball=ball, pocket=pocket, confidence=conf)


def _rebound_unseen(g: TableGeometry, t_glance: float, tl: float, t_event: float,
                    legs: list[tuple[np.ndarray, np.ndarray]], dt: float, margin: float) -> bool:
    """Whether a rebound followed from ``t_glance`` (``legs``: times and places) to ``t_event`` lies on the open
    cloth (``_clear_of_pockets``) at any frame time after the glance: the camera would have seen it there."""
    if not legs:
        return False
    rt = np.concatenate([lg[0] for lg in legs])
    rp = np.concatenate([lg[1] for lg in legs])
    for tf in np.arange(tl + dt, t_event - 1e-9, dt):
        if tf <= t_glance + 1e-9:
            continue
        pf = rp[min(int(np.searchsorted(rt, tf)), len(rt) - 1)]
        if _clear_of_pockets(g, pf, margin):
            return True
    return False


def _clear_of_pockets(g: TableGeometry, p: np.ndarray, margin: float) -> bool:
    """Whether a ball centred at ``p`` is on the open cloth: no pocket's opening (widened by ``margin``) beside
    any rail it is within two radii of."""
    R = g.ball_radius
    return not any(float(d[0]) < 2 * R and _opening(g, rail, p, margin) for rail, d in _rail_dist(g, p[None]).items())


def _follow_to_exit(b: int, p0: np.ndarray, v0: np.ndarray, t0: float, tl: float, ctx: ShotContext,
                    cfg: EventConfig, through: Pocket | None = None, best: float = np.inf,
                    max_reach: float = 8.0, never_seen: bool = False,
                    chord: float | None = None) -> ShotEvent | None:
    """Follow a vanished ball from (p0, v0) at t0 (last seen at tl): the pocket or off-table event it ends in,
    bouncing off cushions it meets too slowly to fly over; None when it stops on the table (only hidden).

    ``chord``: how far apart the sightings its line was measured over lie (None: a line not measured from its own
    sightings, such as a struck ball's line of centres). Where the line first meets a cushion it is then off
    sideways by no more than ``_opening_margin`` gives, and a pocket's opening is widened by that, not by the
    whole ``rail_tolerance``.

    ``never_seen``: the ball was seen at rest up to the hit and never again in the shot. A rebound from a cushion
    it met at ``jump_speed`` or faster would have rolled on in view: unless a pocket takes it within 2.5 frames of
    that cushion, it flew off there (at 0.45, review), however long its kick, which the blurred hitter's sightings
    underestimate, took to get there (jump-150: the 2 kicked at ~9 m/s, estimated at 2.5-5)."""
    g = ctx.geometry
    R = g.ball_radius
    event: ShotEvent | None = None
    jumped: tuple[float, str] | None = None  # the first cushion met hard enough to fly over, away from a pocket
    glance: tuple[float, str] | None = None  # a fast first cushion met by the next frame, too slowly into it to fly
    legs: list[tuple[np.ndarray, np.ndarray]] = []  # the followed line, leg by leg, up to where each ended
    for bounce in range(3):
        ts, ps = _follow(p0, v0, t0, cfg)
        bounced = False
        k_end = len(ts)
        for k, (t, p) in enumerate(zip(ts, ps, strict=True)):
            k_end = k + 1
            pk = g.nearest_pocket(*p)
            d_pk = float(np.hypot(p[0] - pk.centre[0], p[1] - pk.centre[1]))
            if d_pk < pk.capture_radius:
                event = _pocketed(b, t, tl, pk.name, ctx.frame_dt, max_reach)
                break
            if through is not None:
                d_thr = float(np.hypot(p[0] - through.centre[0], p[1] - through.centre[1]))
                if d_thr > best + 1e-4:  # closest approach passed: it dropped here
                    event = _pocketed(b, t, tl, through.name, ctx.frame_dt, max_reach)
                    break
                # the closest so far, not the last step's: a slow ball's distance grows by less than 0.1 mm a
                # step past it, the test never fired, and the drop was timed where the follow stopped, beyond
                # the reach limit (real 2019 clip 1: the 5 creeping into foot-left at 0.19 m/s was left on the table)
                best = min(best, d_thr)
                continue
            dist = _rail_dist(g, p[None])
            rail = min(dist, key=lambda k: float(dist[k][0]))
            if float(dist[rail][0]) <= R:
                speed_now = max(float(np.hypot(*v0)) - cfg.decel * (t - t0), 0.0)
                v_now = v0 / max(float(np.hypot(*v0)), 1e-9) * speed_now
                v_in = -float(v_now @ _INWARD[rail])
                if v_in < cfg.moving_speed:
                    continue  # creeping along (or resting against) the cushion: nothing crosses it
                margin = cfg.rail_tolerance
                if chord is not None and bounce == 0:  # (on the first leg p0 is still the last sighting)
                    margin = _opening_margin(chord, float(np.hypot(*(p - p0))), v_in / max(speed_now, 1e-9), cfg)
                if _opening(g, rail, p, margin):
                    if never_seen and bounce == 0 and through is None and v_in >= cfg.jump_speed and \
                            pk.name.startswith("side") and \
                            (back := _jaw_turns_back(g, pk, ts[k:], ps[k:], cfg.jaw_back)) is not None:
                        # seen once after the hit, it meets a side pocket's jaw tip that squarely, fast: thrown back,
                        # it would have been seen on the cloth. It flew off over the jaw (ho59x jump-563, 60 fps:
                        # the 2, kicked at ~6 m/s into side-right's mouth 56 mm from its middle, met the jaw's tip 31
                        # degrees off head-on and left the table; it was called pocketed). Not a corner's: its tips
                        # stand across the mouth's diagonal and turn a ball on into the throat (ho52
                        # nine-ball-rack-139 in review, 39.07 s: the 2 met head-left's left tip 58 degrees off
                        # head-on at 3 m/s and dropped; its line, under an auto-calibration 1 cm off there, met it
                        # at 32 degrees)
                        event = ShotEvent(t=back[0], type="off_table", ball=b, rail=back[1], confidence=0.45)
                        break
                    # at a pocket's opening (with the tolerance of a followed line: a corner's reaches about as
                    # far along its rails as a mouth and a radius from the pocket's centre did): into the pocket.
                    # Farther along, a side pocket's straight cushion stands there (that distance reached 7 cm
                    # past the side openings: toy dev jump-19/-21/-32, 30/720p, balls that flew off the cushion
                    # 9-14 cm from a side pocket's middle, were called pocketed there)
                    through, best = pk, d_pk
                    continue
                if (t - tl) <= 2.5 * ctx.frame_dt and v_in >= cfg.jump_speed:
                    # it met the cushion (and climbed it) before leaving: both events, as a referee sees them
                    event = ShotEvent(t=float(t), type="off_table", ball=b, rail=rail, confidence=0.7)
                    break
                if jumped is None and v_in >= cfg.jump_speed:
                    jumped = (float(t), rail)
                if bounce == 0 and speed_now >= cfg.jump_speed and (t - tl) <= 1.5 * ctx.frame_dt and \
                        v_in >= speed_now * np.sin(np.radians(cfg.glance_angle)):
                    # (both simulators fly a jumper off on its *total* speed). Not a ball running down the rail: met
                    # at under ``glance_angle`` it drops in the corner ahead however long it goes unseen, its blur
                    # beside the cushion lost (real 2019 clip 13's 5: 4.4 degrees, 2.9 m/s, unseen for 2 frames)
                    glance = (float(t), rail)
                # too slow to fly off: it bounced unseen; follow the rebound
                v_ref = v_now + 2 * v_in * _INWARD[rail] * 0.8
                p0, v0, t0, bounced = p, v_ref, float(t), True
                break
        legs.append((ts[:k_end], ps[:k_end]))
        if not bounced:
            break
    if event is None and through is not None:
        event = _pocketed(b, float(ts[-1]), tl, through.name, ctx.frame_dt, max_reach)
    if glance is not None and event is not None and event.type == "pocket" and \
            _rebound_unseen(g, glance[0], tl, event.t, legs[1:], ctx.frame_dt, cfg.rail_tolerance + R):
        # a fast ball lost as it glanced off a cushion, whose rebound would have been on the open cloth (a radius
        # clear of every opening) at a frame before the pocket it is followed into and was not seen there: it left
        # the table over that cushion (toy dev jump-84, 60 fps: the 6 met the right cushion at 2.8 m/s, 0.7 into
        # it, 21 cm from head-right, and was called pocketed there; both simulators fly a jumper off on its total
        # speed; it met the cushion at 14 degrees). Only a frame within a radius of the opening (jump-84 at 30 fps) is
        # no evidence: it may have dropped
        event = ShotEvent(t=glance[0], type="off_table", ball=b, rail=glance[1], confidence=0.45)
    if never_seen and jumped is not None and (event is None or event.t > jumped[0] + 2.5 * ctx.frame_dt):
        event = ShotEvent(t=jumped[0], type="off_table", ball=b, rail=jumped[1], confidence=0.45)
    return event


def _opening_margin(chord: float, carry: float, sin_in: float, cfg: EventConfig) -> float:
    """How far along a cushion (m) a followed line measured over sightings ``chord`` apart, carried ``carry`` on
    from the last of them, may be off where it meets that cushion at ``sin_in`` (the sine of its angle to the
    cushion): the chord's ends are noisy by ``pin_noise`` each, that noise grows along the carry
    (``_chord_doubt``), and a line off sideways by that much meets the cushion that much over its sine
    farther along. At most ``rail_tolerance``, the margin a line carried far (or at a shallow angle) keeps. A ball
    seen just short of a cushion is not taken through a pocket's opening a centimetre beyond where its line meets
    it (ho31 jump-351, 30/720p: the 1, seen 19 mm short of the right cushion at 9.7 m/s, its line meeting it 83 mm
    from side-right's middle, 4 mm past the opening, flew off the table there, 86 mm from it in the truth; it was
    called pocketed)."""
    if chord <= 1e-6:
        return cfg.rail_tolerance
    return min(cfg.rail_tolerance, cfg.pin_noise * (chord + carry) / chord / max(sin_in, 1e-9))


def _struck_and_gone(b: int, path: BallPath, paths: dict[int, BallPath], collisions: list[ShotEvent],
                     ctx: ShotContext, cfg: EventConfig) -> ShotEvent | None:
    """A resting ball hit and never seen moving (a fast ball is a faint blur the detector misses): it left along
    the line of centres at about the hitter's speed along that line; follow it from where it rested."""
    dt = ctx.frame_dt
    for ev in collisions:
        if ev.balls is None or b not in ev.balls:
            continue
        other = ev.balls[1] if ev.balls[0] == b else ev.balls[0]
        # the piece it was seen on before the hit (a later single sighting has no velocity: it is no rest)
        piece = max((p for p in path.pieces if p.t0 <= ev.t - 0.5 * dt), key=lambda p: p.t0,
                    default=path.piece_at(ev.t - 0.5 * dt))
        if piece.speed(ev.t) > cfg.moving_speed or piece.t1 < ev.t - 2 * dt:
            continue
        # any sighting after its resting piece counts, even one at the collision's own time (a collision timed
        # late onto the struck ball's first moving sighting: pooltool dev jump-6, 30 fps), but not its hitter's
        # blur given its name (``_hitters_blur``)
        blur = _hitters_blur(path, piece, paths[other], ev.t, dt, ctx.geometry.ball_radius)
        t_seen, _ = _seen(path)
        if blur is not None:
            t_seen = t_seen[np.all(np.abs(t_seen[:, None] - np.asarray(blur.times)[None]) > 1e-6, axis=1)]
        if np.any((t_seen > piece.t1 + 1e-9) & (t_seen <= ev.t + cfg.struck_unseen)):
            return None
        p_b = piece.pos(ev.t)
        if np.any((t_seen > ev.t + 2.5 * dt) & (t_seen <= piece.t1 + 1e-9)) and \
                not _nudged_off_lip(ctx.geometry, p_b, t_seen, piece, ev.t, cfg):
            # still seen resting in its place frames after the hit (its resting piece runs on past it): it did not
            # leave, whatever the shot's end shows (ho10 break-14.1-200, 60/720p: the rack's apex ball, hit by the
            # cue and barely moved, seen on one resting piece for 5.5 s but not in the last frames, under an arm,
            # was followed along the kick into head-right)
            continue
        n, speed = _straddled_kick(paths[other], p_b, piece.t1, ev.t, dt,
                                   ctx.geometry.ball_radius) or \
            _kick(paths[other], p_b, ev.t, dt)
        spread = cfg.line_spread
        if blur is not None:
            # the hitter ran from its earlier place to its blur in the time between: at least that fast (its piece
            # at the contact is its rebound, not its approach); and its speed after the hit bounds the cut
            speed = max(speed, blur.speed)
            cut = _cut_bound(paths[other], blur, dt, cfg)
            if cut < spread:
                n, spread = blur.line, cut
        if speed <= cfg.moving_speed:
            return None
        # never seen moving: a long reach is allowed, but the call always asks for a review; its time unseen
        # counts from the hit (it was in its place, not lost, until then: jump-16, gone over a rail 1.6 frames on).
        # Seen in its place on one of the two frames before the hit and never again, it was not under an arm there
        # (the hit is timed up to half a frame late: ho71 jump-682, 30/720p, the 14 missed on the frame before the
        # hit, truth 1.5 frames after its last sighting, 2.0 as timed; kicked at 9 m/s, it flew off the right rail)
        never_seen = piece.t1 >= ev.t - 2.5 * dt and not np.any(t_seen > piece.t1 + 1e-9)
        event = _follow_to_exit(b, p_b, n * speed, ev.t, max(piece.t1, ev.t), ctx, cfg,
                                max_reach=cfg.struck_reach / max(dt, _REF_DT), never_seen=never_seen)
        if event is None:
            return None
        # no flight over a rail when a pocket lies within ``line_spread`` (20 degrees) of its line: the line of
        # centres of a hitter not seen at the contact is that uncertain (a centimetre off across the two balls is 10
        # degrees), and the ball may have dropped there (real 2019 clip 3, 25 fps: the 2 into head-right, 13 degrees
        # off the line); within the narrower spread ``_line_pinned`` allows where the hitter is seen just after
        to_pk = np.asarray([pk.centre for pk in ctx.geometry.pockets]) - p_b
        spread = min(spread, _line_pinned(paths[other], p_b, piece.t1, dt, ctx.geometry.ball_radius, cfg))
        if event.type == "off_table" and \
                np.any(to_pk @ n > np.cos(np.radians(spread)) * np.linalg.norm(to_pk, axis=1)):
            event = _pocket_near_line(b, p_b, n, speed, ev.t, max(piece.t1, ev.t), to_pk, ctx, cfg, spread)
            if event is None:
                return None
        return ShotEvent(**{**event.__dict__, "confidence": min(event.confidence or 1.0, 0.45)})
    return None


def _nudged_off_lip(g: TableGeometry, p_b: np.ndarray, t_seen: np.ndarray, piece: Piece, t_hit: float,
                    cfg: EventConfig) -> bool:
    """Whether a ball resting at a pocket's lip (``_at_lip``) and hit there was seen on in its place for no longer
    than ``lip_unseen`` after the hit and never again (``t_seen``, its sightings): nudged over the edge. Its part
    over the hole is hidden, so the detector keeps placing it where it rested while it creeps in (ho58
    eight-ball-rack-145 in review, 30/720p, 45.26 s: the 2, resting in foot-left's jaws, was hit by the cue ball at
    0.15 m/s, seen 0.1 s more in its place and dropped 0.4 s after the hit; its drop was lost and the shooter's turn
    with it)."""
    return _at_lip(g, p_b) and float(t_seen[-1]) <= piece.t1 + 1e-9 and piece.t1 <= t_hit + cfg.lip_unseen


def _at_lip(g: TableGeometry, p: np.ndarray) -> bool:
    """Whether a ball centred at ``p`` lies at its nearest pocket's lip: within that pocket's capture radius and a
    diameter of its centre."""
    pk = g.nearest_pocket(*p)
    return float(np.hypot(*(p - np.asarray(pk.centre)))) < pk.capture_radius + 2 * g.ball_radius


@dataclass(frozen=True)
class _Blur:
    """A hitter's blur on a struck ball's path (``_hitters_blur``)."""

    times: tuple[float, ...]  # the struck ball's sightings that are the hitter's
    speed: float  # the hitter's least speed from its earlier place to its first blur
    line: np.ndarray  # unit vector from that earlier place to the struck ball's resting spot

    @property
    def t_blur(self) -> float:
        """The last of the hitter's sightings."""
        return self.times[-1]


def _hitters_blur(path: BallPath, rest: Piece, hitter_path: BallPath, t_hit: float, dt: float,
                  R: float) -> _Blur | None:
    """The struck ball's sightings after its resting piece ``rest`` that are its hitter's, not its own: within 1.5
    frames of the hit ``t_hit``, on a frame where the hitter itself was not seen, and more than a radius back from
    the struck ball's resting spot towards where the hitter was last seen before (at or before the rest's last
    sighting). A ball kicked from rest leaves along the line of centres, away from its hitter: along the line from
    the hitter's earlier place through its resting spot it moves forward, never back (the hitter came from that
    side up to the contact, so the line of centres makes less than 90 degrees with it). The tracker gave the
    hitter's blur at the contact, beside the struck ball and far from the hitter's prediction, to the struck ball
    whose own circle the blur swallowed (s30_720 jump-331: the cue ball's streak at 1.833 s, 6 cm from the 3 back
    towards the cue ball's resting spot, was the 3's only later sighting; the 3, never seen moving, flew off the
    right rail and was left on the table, hidden). None when there is none."""
    ts, xs = _seen(path)
    hs, hx = _seen(hitter_path)
    before = np.flatnonzero(hs <= rest.t1 + 1e-9)
    if not len(before):
        return None
    h0, t0 = hx[before[-1]], float(hs[before[-1]])
    p_b = rest.pos(rest.t1)
    u = p_b - h0
    u = u / max(float(np.linalg.norm(u)), 1e-9)
    times: list[float] = []
    first: tuple[float, np.ndarray] | None = None
    for t, x in zip(ts, xs, strict=True):
        if t <= rest.t1 + 1e-9 or abs(t - t_hit) > 1.5 * dt or np.any(np.abs(hs - t) < 0.25 * dt):
            continue
        if float((x - p_b) @ u) < -R:
            times.append(float(t))
            first = first or (float(t), x)
    if first is None:
        return None
    speed = float(np.linalg.norm(first[1] - h0)) / max(first[0] - t0, 1e-9)
    return _Blur(tuple(times), speed, u)


def _cut_bound(hitter_path: BallPath, blur: _Blur, dt: float, cfg: EventConfig) -> float:
    """The most (degrees) a hitter whose blur reached a ball at ``blur.speed`` or faster can have cut it, from its
    speed after the hit: a collision leaves the hitter the velocity across the line of centres (``sin(cut)`` of its
    speed), less what ball-on-ball friction takes (``throw_friction`` of the speed along the line, at most), and the
    cloth slows it by ``slide_decel`` at most until it is seen. That speed after is its chord between its first two
    sightings after the blur (within 2.5 frames), lengthened by ``pin_noise``. A hitter stopped dead hit full: the
    line of centres then runs within the cut of its earlier place's line through the struck ball's resting spot
    (``blur.line``), and a pocket outside that cone is not where the struck ball went (s30_720 jump-331: the cue
    ball, at 4.2 m/s or more into the 3, went on at 0.2-0.3 m/s; the 3 flew off the right rail 10 cm from
    side-right's centre, 12 degrees off that line). 90 where no such sightings follow."""
    ts, xs = _seen(hitter_path)
    after = np.flatnonzero(ts > blur.t_blur + 1e-9)
    if len(after) < 2 or ts[after[1]] - blur.t_blur > 2.5 * dt:
        return 90.0
    i, j = after[0], after[1]
    v_after = (float(np.linalg.norm(xs[j] - xs[i])) + cfg.pin_noise) / max(float(ts[j] - ts[i]), 1e-9) + \
        cfg.slide_decel * float(ts[i] - blur.t_blur)
    s = min(v_after / max(blur.speed, 1e-9) + cfg.throw_friction, 1.0)
    return float(np.degrees(np.arcsin(s)))


def _line_pinned(hitter_path: BallPath, p_b: np.ndarray, t_rest: float, dt: float, R: float,
                 cfg: EventConfig) -> float:
    """How many degrees the line of centres to a struck ball resting at ``p_b`` (last seen there at ``t_rest``) may
    be off, where the hitter's first sighting after ``t_rest`` shows where it touched: the line runs from the
    hitter's centre at the contact to ``p_b``, and the hitter can have moved on from there since the contact (after
    its last sighting before, and after ``t_rest``) by at most its speed from that sighting to the next (the
    chord's ends noisy by ``pin_noise``) times that time; that move (plus ``pin_noise``) across one diameter is the
    spread. 90 where no such two sightings follow within 2.5 frames, or the first lies farther than that move from
    contact distance. A hitter stunned (or rolling on slowly) at the contact pins the line (ho19x jump-292: the
    cue ball seen at 0.2-0.3 m/s a frame on, 10.6 degrees at 60/1080p, 12.8 at 30 fps; the 5, kicked 13 degrees
    off side-left's centre, flew off the left rail 14 cm from it and was called pocketed there); one rolling off
    fast does not (real 2019 clip 3: 0.95 m/s, 34 degrees, so the 20 of ``line_spread`` stand)."""
    ts, xs = _seen(hitter_path)
    after = np.flatnonzero(ts > t_rest + 1e-9)
    if len(after) < 2 or ts[after[1]] - ts[after[0]] > 2.5 * dt:
        return 90.0
    i, j = after[0], after[1]
    t_lo = max(t_rest, float(ts[i - 1])) if i > 0 else t_rest
    # its speed from its chord to the next sighting, that chord lengthened by the noise of its ends
    v = (float(np.linalg.norm(xs[j] - xs[i])) + cfg.pin_noise) / max(float(ts[j] - ts[i]), 1e-9)
    move = v * (float(ts[i]) - t_lo) + cfg.pin_noise
    if abs(float(np.linalg.norm(xs[i] - p_b)) - 2 * R) > move:
        return 90.0
    return float(np.degrees(np.arctan2(move, 2 * R)))


def _pocket_near_line(b: int, p_b: np.ndarray, n: np.ndarray, speed: float, t_hit: float, t_last: float,
                      to_pk: np.ndarray, ctx: ShotContext, cfg: EventConfig, spread: float) -> ShotEvent | None:
    """The pocket a struck ball never seen again dropped in, when its kicked line runs over a rail but passes
    within ``spread`` degrees (``line_spread``, or what ``_line_pinned`` allows) of a pocket it had the speed to
    reach: that line, from a hitter unseen at the contact, is that uncertain, and the ball is on the table nowhere
    at the end. Left hidden, real 2019 clip 3's 2 (into
    head-right, 19 degrees off the line kicked at 8.3 m/s) was not called at all. The nearest line wins."""
    dist = np.linalg.norm(to_pk, axis=1)
    cos = (to_pk @ n) / np.maximum(dist, 1e-9)
    reach = speed ** 2 / (2 * cfg.decel)
    ok = (cos > np.cos(np.radians(spread))) & (dist <= reach)
    if not ok.any():
        return None
    k = int(np.argmax(np.where(ok, cos, -np.inf)))
    d = float(dist[k])
    t = t_hit + (speed - np.sqrt(max(speed ** 2 - 2 * cfg.decel * d, 0.0))) / cfg.decel
    return _pocketed(b, t, t_last, ctx.geometry.pockets[k].name, ctx.frame_dt,
                     cfg.struck_reach / max(ctx.frame_dt, _REF_DT))


def _departures(paths: dict[int, BallPath], ctx: ShotContext, cfg: EventConfig,
                collisions: list[ShotEvent] | None = None) -> tuple[list[ShotEvent], set[int]]:
    """Pocket and off-table events for tracks that end before the shot does; returns them and the hidden balls."""
    g = ctx.geometry
    R = g.ball_radius
    out: list[ShotEvent] = []
    hidden: set[int] = set()
    for b, path in paths.items():
        if b in ctx.seen_at_end:
            continue
        gone = _struck_and_gone(b, path, paths, collisions or [], ctx, cfg)
        if gone is not None:
            out.append(gone)
            continue
        last = path.pieces[-1]
        tl = last.t1
        span = float(np.hypot(*(last.pos(tl) - last.pos(last.t0)))) if last.n > 1 else None  # its line's chord
        fresh = False
        if len(path.pieces) > 1 and last.n <= cfg.fresh_run:
            # struck from rest (seen resting up to the hit) and seen once on its way, or on a short straight run
            # after it: a rebound from a cushion it met fast would have rolled on in view as for a ball never seen
            # moving (``_follow_to_exit``'s ``never_seen``; ho54x jump-513's 10 at 60 fps, kicked at 8 m/s, seen once
            # 25 cm from the right cushion, off the table over it 3.5 frames later: it was counted hidden; ho59x
            # jump-563 60/1080p: the 2, seen twice at 7.5 m/s into side-right's jaw, flew off the table over it).
            # The hit may be timed up to half a frame past the run's first sighting, which shows the ball already
            # moved (ho59x jump-563 60/720p: 0.85 ms)
            prev = path.pieces[-2]
            fresh = _resting(prev, prev.t1, cfg) and prev.n >= 3 and bool(
                _hit_times(collisions or [], b, prev.t1 - 0.5 * ctx.frame_dt, last.t0 + 0.5 * ctx.frame_dt))
        if last.n == 1 and len(path.pieces) > 1:
            # seen once after its last kink (off a jaw, then gone): its move over that last frame interval
            prev = path.pieces[-2]
            chord = (last.pos(tl) - prev.pos(prev.t1)) / max(tl - prev.t1, 1e-9)
            p_l = last.pos(tl)
            span = float(np.hypot(*(p_l - prev.pos(prev.t1))))
            if not fresh and _turn_unseen(g, prev, last, ctx.frame_dt, cfg):
                # its drop placed off over the hole: it went on along its earlier piece
                chord, p_l = prev.vel(tl), prev.pos(tl)
                span = float(np.hypot(*(prev.pos(prev.t1) - prev.pos(prev.t0))))
            last = _line_piece(last, tl, p_l, chord)
        elif len(path.pieces) > 1 and not fresh and _placed_short(g, path, path.pieces[-2], last, cfg):
            # its drop seen over several frames, each placed short by the hole: it went on along its earlier piece
            prev = path.pieces[-2]
            p_l = _carry(prev.pos(prev.t1), prev.vel(prev.t1), prev.t1, np.array([tl]), cfg)[0]
            speed_l = max(prev.speed(prev.t1) - cfg.decel * (tl - prev.t1), 0.0)
            span = float(np.hypot(*(prev.pos(prev.t1) - prev.pos(prev.t0))))
            last = _line_piece(last, tl, p_l, prev.vel(prev.t1) / max(prev.speed(prev.t1), 1e-9) * speed_l)
        speed = last.speed(tl)
        at_lip = _at_lip(g, last.pos(tl))
        if speed < cfg.moving_speed and not (at_lip and speed >= cfg.creep_speed):
            edge = _at_fall_edge(b, path, last, ctx, cfg) if at_lip else None
            if edge is not None:
                out.append(edge)
            else:
                hidden.add(b)  # (a ball creeping over a pocket's lip is still followed: it may just drop)
            continue
        event: ShotEvent | None = None
        through = None  # the pocket whose opening the ball crossed the cushion line at
        best = np.inf
        # already seen past a cushion line: where it crossed decides (the jaws of a pocket, or over a rail)
        seen_t = np.linspace(last.t0, tl, 50)
        seen_p = last.pos(seen_t)
        seen_d = np.min(np.stack(list(_rail_dist(g, seen_p).values())), axis=0)
        over = np.flatnonzero(seen_d <= R - cfg.over_rail)
        if len(over):
            pc = seen_p[over[0]]
            dists = _rail_dist(g, pc[None])
            rail_c = min(dists, key=lambda k: float(dists[k][0]))
            pk_c = g.nearest_pocket(*pc)
            if _crossed_in_mouth(g, rail_c, pc, pk_c, cfg) and not _seen_beyond_pockets(path, last, g, cfg):
                through, best = pk_c, np.inf
            else:
                touch = np.flatnonzero(seen_d <= R)
                t_touch = float(seen_t[touch[0]]) if len(touch) else float(seen_t[over[0]])
                out.append(ShotEvent(t=t_touch, type="off_table", ball=b, rail=rail_c, confidence=0.8))
                continue

        # hit at its last sighting (a piece of three sightings or more: fewer, ``_kicked_velocity`` judges), it goes
        # on as the hit sent it, and its line after the hit was never seen: no jaw is judged on the line before it
        # (break-9-361's 5, rolling along the right cushion into foot-right's right jaw until the 8 knocked it in)
        hit = _hit_at_last(b, last, last.vel(tl), paths, collisions or [], ctx.frame_dt) if last.n > 2 else None
        v_go = _kicked_velocity(b, last, paths, collisions or [], ctx, cfg) if hit is None else hit
        event = _follow_to_exit(b, last.pos(tl), v_go, tl, tl, ctx, cfg, through, best, chord=span,
                                never_seen=fresh)
        if event is None:
            event = _lost_in_mouth(b, last, ctx, cfg)
            if event is not None and _short_of_fall(path, last, ctx, cfg):
                event = _at_fall_edge(b, path, last, ctx, cfg)  # it came to rest in the jaws, hidden by the hole
        if event is None:
            hidden.add(b)
            continue
        out.append(event)
        if event.type == "pocket" and event.pocket is not None and hit is None:
            # a glance off a jaw on the way in (after its last turn: earlier ones are kinks of its path)
            pk = next(p for p in g.pockets if p.name == event.pocket)
            on_line = _struck_line(b, path, last, paths, collisions or [], ctx.frame_dt, cfg)
            tk_last = path.breaks[-1] if path.breaks else None
            if on_line is None and tk_last is not None and path.pieces[-1].n > 1 and \
                    _in_mouth(g, p_k := path.pos(tk_last), 0.0) and \
                    _placed_over_hole(g, path, path.pieces[-2], path.pieces[-1], p_k, tk_last, cfg):
                # its last turn was the detector's placing of it over the hole: the jaws are judged on the line
                # it came in on (ho50 bank-471 30/1080p: the 2, seen twice over side-right's hole 7-9 mm short of
                # it, their line angled 31 degrees toward the jaw; a jaw touch was called at the drop)
                on_line = path.pieces[-2]
            for t_j, rail_j in _jaw_glances(path, last if on_line is None else on_line, pk, ctx, cfg):
                # never after the drop: a ball gone cannot touch a rail (the referee rejects the shot; the line
                # can meet a jaw past the estimated drop, timed where it enters the capture circle: sample_videos
                # bank_1080p60's 10; a side pocket's capture circle lies 33 mm before its fall circle)
                out.append(ShotEvent(t=min(t_j, event.t - 1e-4), type="cushion", ball=b, rail=rail_j,
                                     confidence=0.6))
    return out, hidden


def _line_piece(like: Piece, t: float, p: np.ndarray, v: np.ndarray) -> Piece:
    """A one-sighting piece at ``t`` through ``p`` moving at ``v`` (the frame indices of ``like``): a line a chord or
    a collision gives a ball that its own sightings cannot."""
    return Piece(like.i0, like.i1, t, t, t, (float(p[0]), float(v[0]), 0.0), (float(p[1]), float(v[1]), 0.0), 1, 0.0)


def _struck_line(b: int, path: BallPath, last: Piece, paths: dict[int, BallPath], collisions: list[ShotEvent],
                 dt: float, cfg: EventConfig) -> Piece | None:
    """The line a ball struck from rest and seen once before it dropped ran on, for judging the jaws: the line of
    centres from the hitter at the collision through the ball's resting place (a struck ball leaves along it, but for
    a few degrees of throw), at the speed of the chord ``last`` (from its rest onto that one sighting), through
    that sighting's foot on the line. The chord's own heading rests on one sighting, which a fast ball's blur or a
    ball beside it at the hit can place 1-2 cm off (ho45 straight-pool-run-132's 2 at 30/720p, seen once 16 mm off
    toward the right rail: the chord 50 degrees, the truth 42, the line of centres 41; its line carried on met the
    right jaw of foot-right, a glance the clean drop never had). None unless ``last`` is such a chord, a collision
    of the ball falls between its rest and the sighting, and the hitter is followed there."""
    if last.n != 1 or len(path.pieces) < 2:
        return None
    rest = path.pieces[-2]
    tl = last.t1
    if not _resting(rest, rest.t1, cfg) or tl - rest.t1 > 1.5 * dt:
        return None
    hits = [c for c in collisions if c.balls and b in c.balls and rest.t1 - 0.5 * dt <= c.t <= tl]
    if len(hits) != 1:
        return None
    pair = hits[0].balls
    assert pair is not None
    other = pair[1] if pair[0] == b else pair[0]
    if other not in paths:
        return None
    p_r = rest.pos(rest.t1)
    n, _ = _kick(paths[other], p_r, hits[0].t, dt)
    p_l = last.pos(tl)
    along = float((p_l - p_r) @ n)
    if along <= 0.0:
        return None
    foot = p_r + along * n
    v = n * float(np.hypot(*last.vel(tl)))
    return _line_piece(last, tl, foot, v)


def _jaw_glances(path: BallPath, last: Piece, pk: Pocket, ctx: ShotContext,
                 cfg: EventConfig) -> list[tuple[float, str]]:
    """The jaws of ``pk`` a ball pocketed there touched on its last piece ``last`` or after it, each (time, rail).

    A jaw the seen line (the last piece, over its sightings) comes within ``jaw_slack`` of is judged on the
    sightings alone (the fitted line rounds a glance off a tip between two sightings): touched where it first comes
    that close, unless the line does so from the piece's start (rolling along that rail into the corner) or the
    ball was seen going on along the piece 4 frames past it. Any other jaw counts where the carried line (the last
    piece carried on from the last sighting) meets it before the line's centre is ``jaw_reach`` s past entering
    the pocket's capture circle or ``fall_reach`` s past entering its fall circle (``_fall_circle``: a ball keeps
    its line until it meets a jaw or drops), whichever is later, not only up to the estimated drop (timed at the
    capture circle, 33 mm short of a side pocket's fall circle: ho14 break-8-240's 6, at 2 m/s entering
    side-left at a shallow angle, met its jaw 28 ms past it; the fall circle only above ``fall_speed``; or late
    for a ball lost
    creeping in the mouth: ho13 bank-230's 4, 197 ms). Every jaw the carried line meets counts (a drop off one
    jaw into the other), and where it meets one, a jaw the seen line only passed within the slack of does not
    (ho13 eight-ball-rack-113's 10: 1 mm clear of the right jaw's tip, into the head jaw). None at all where the
    ball was seen inside a jaw model (``_seen_inside_jaws``). Dev counts: docs/TRACKING.md, fourteenth and fifteenth
    rounds."""
    g = ctx.geometry
    if _seen_inside_jaws(g, pk, path, last.t0 - 0.5 * ctx.frame_dt, cfg.jaw_inside):
        return []
    last = _off_the_opening(path, last, pk, g, cfg)
    tl = last.t1
    ts_seen = np.linspace(last.t0, tl, 60)
    gaps_seen = _jaw_gaps(g, pk, last.pos(ts_seen))
    speed = last.speed(tl)
    ts = np.linspace(tl, tl + min(speed / max(cfg.decel, 1e-9), 0.4) + max(cfg.jaw_reach, cfg.fall_reach), 800)
    xs = _carry(last.pos(tl), last.vel(tl), tl, ts, cfg)
    t_end = _look_until(g, pk, ts, xs, speed, cfg)
    on = ts <= t_end + 1e-9
    ts_on, xs_on = ts[on], xs[on]
    gaps_carried = _jaw_gaps(g, pk, xs_on)
    reached = _reached_jaws(g, pk, ts, xs, speed, cfg)
    if _heads_into_middle(last, pk, cfg) and \
            min(float(gap.min()) for _, gap in [*gaps_seen, *gaps_carried]) >= -cfg.jaw_slack:
        return []  # a graze or a clean pass, heading into the mouth's middle: taken as clean
    t_obs, _ = _seen(path)
    seen: list[tuple[float, str]] = []
    carried: list[tuple[float, str]] = []
    for (rail, gap_s), (_, gap_c) in zip(gaps_seen, gaps_carried, strict=True):
        near = np.flatnonzero(gap_s <= cfg.jaw_slack)
        if len(near) and int(np.argmin(gap_s)) == len(gap_s) - 1 and float(gap_c.min()) > 0.0:
            # still closing on the jaw at its last sighting: the line comes nearest beyond the sightings, so it
            # rounds no glance between two of them, and the carried line, which passes clear, judges it (ho27x
            # cut-332's 13 at 60 fps, 3.4 m/s into head-left: seen 1.5 mm off the left jaw at its last sighting,
            # carried on 1.4 mm clear, the truth 1.7 mm clear)
            continue
        if len(near):
            # a jaw the seen line meets is judged on the sightings alone: not where the line hugs it from the
            # piece's start (rolling along that rail into the corner), nor where the ball was seen going on along
            # one smooth piece for 4 frames past it (a glance with that many sightings after it splits the piece,
            # and the kink is a cushion of its own; the slack times the touch up to a frame early: pooltool dev
            # scratch-7 has 3 after; toy dev mid-11, a ball rolling along the rail past the jaw's tip into
            # head-right, 6)
            t_hit = float(ts_seen[near[0]])
            if near[0] > 0 and int(np.sum((t_obs > t_hit) & (t_obs <= tl + 1e-9))) <= 3 and \
                    not _along_face(g, pk, rail, last, float(ts_seen[int(np.argmin(gap_s))]), cfg) and \
                    not _ran_clear_before(path, last, pk, rail, t_hit, np.concatenate([ts_seen, ts_on]), g, cfg):
                seen.append((t_hit, rail))
            continue
        hit = np.flatnonzero(gap_c <= 0.0)
        if len(hit) and rail in reached and \
                float(gap_c.min()) <= -_chord_doubt(path, last, xs_on[hit[0]], cfg):
            carried.append((float(ts_on[hit[0]]), rail))
    return sorted(carried) if carried else sorted(seen)


def _ran_clear_before(path: BallPath, last: Piece, pk: Pocket, rail: str, t_hit: float, ts: np.ndarray,
                      g: TableGeometry, cfg: EventConfig) -> bool:
    """Whether the straight line through the sightings of ``last`` up to ``t_hit`` (where its fitted line first
    comes within ``jaw_slack`` of ``rail``'s jaw of ``pk``), over ``ts`` (the piece's span and the carried line's),
    stays more than ``jaw_pre`` clear of that jaw. ``jaw_slack`` is there for a glance between two sightings that
    the fitted line rounds off: the sightings after the glance, turned away from the jaw, pull the line off it. The ball's line before the glance
    ran into the jaw, so a line through the sightings before it that passes clear had no glance to round off
    (held-out ho95 scratch-921, 60/1080p: the 4 into foot-right at 3.3 m/s; its five sightings' line came 2.8 mm
    off the right jaw, the four before that point 2.6 mm off at 0.4 mm rms; the truth passed clear, and a jaw
    touch was the shot's only rail after contact). Needs two sightings before ``t_hit``."""
    line = _sightings_line(path, max(last.t0, t_hit - cfg.jaw_line_span), t_hit, ts, 2)
    if line is None:
        return False
    return all(float(gap.min()) > cfg.jaw_pre for r, gap in _jaw_gaps(g, pk, line) if r == rail)


def _chord_doubt(path: BallPath, last: Piece, p_touch: np.ndarray, cfg: EventConfig) -> float:
    """How far sideways the carried line of a last piece that is a chord may be off where it meets a jaw at
    ``p_touch``: one sighting (``last.n == 1``: its direction the chord from the end of the piece before) or two
    (the line through them). The chord's ends are noisy by ``pin_noise`` each, and that noise across the chord's
    length grows along the carry to the jaw. A line meeting a jaw less deeply than that touched it no more surely
    than it passed clear (ho21x scratch-303, 60/1080p: the 10, struck from rest 11 cm from foot-right's mouth, seen
    once blurred 5 mm off its track; the chord from its resting spot, carried 4 cm on, ran 0.8 mm into the right
    jaw, the truth 5 mm clear, and a jaw touch was called 8 ms before its drop; ho72x combination-693, 60/720p: the
    2's last two sightings, 8.6 and 6.1 mm off their true places and the line through them 7.4 degrees off its
    track, carried 65 mm on into head-left, ran 0.2 mm into the left jaw, the truth 7.6 mm clear). 0 for a piece
    of three sightings or more (its fitted line)."""
    if last.n > 2 or (last.n == 1 and len(path.pieces) < 2):
        return 0.0
    p_l = last.pos(last.t1)
    p_0 = last.pos(last.t0) if last.n == 2 else path.pieces[-2].pos(path.pieces[-2].t1)
    chord = float(np.linalg.norm(p_l - p_0))
    if chord < 1e-6:
        return 0.0
    return cfg.pin_noise * (chord + float(np.linalg.norm(p_touch - p_l))) / chord


def _look_until(g: TableGeometry, pk: Pocket, ts: np.ndarray, xs: np.ndarray, speed: float,
                cfg: EventConfig) -> float:
    """How long a pocketed ball's carried line ``xs`` (at ``ts``, from its last sighting at ``speed``) is looked at
    for jaws (``_jaw_glances``): ``jaw_reach`` past entering the capture circle, or from ``fall_speed`` on
    ``fall_reach`` past entering the fall circle, whichever is later. A line that never enters the fall circle (a
    ball lost in the mouth heading across it, not down into it) cannot drop before something turns it: it is looked
    at up to the first jaw it meets, ``fall_reach`` past (ho21x break-9-302's 7, 60/720p: off the head jaw at
    0.86 m/s into the right one, lost 6 mm past the right nose line; its line passes 31 mm outside the fall circle
    and meets the right jaw 15 ms past its capture-circle entry, the truth touch 1 ms after). Only a line that
    misses the fall circle by ``chord_move`` or more: a line carried from a piece bent over a rattle's turn is off
    by several mm (ho19x break-8-293's cue ball, both 60 fps grids: its last piece, 8 sightings at 2.4 mm rms over
    a right-jaw turn, carried 3.4 mm outside the fall circle into the head jaw 42 ms after the truth drop)."""
    c_fall, r_fall = _fall_circle(g, pk)
    t_end = _entry(ts, xs, np.asarray(pk.centre), pk.capture_radius) + cfg.jaw_reach
    if speed >= cfg.fall_speed:
        t_end = max(t_end, _entry(ts, xs, c_fall, r_fall) + cfg.fall_reach)
        if float(np.hypot(xs[:, 0] - c_fall[0], xs[:, 1] - c_fall[1]).min()) >= r_fall + cfg.chord_move:
            hits = [float(ts[np.flatnonzero(gap <= 0.0)[0]]) for _, gap in _jaw_gaps(g, pk, xs) if np.any(gap <= 0.0)]
            if hits:
                t_end = max(t_end, min(hits) + cfg.fall_reach)
    return t_end


def _along_face(g: TableGeometry, pk: Pocket, rail: str, piece: Piece, t: float, cfg: EventConfig) -> bool:
    """Whether ``piece`` at ``t`` (its closest approach to ``rail``'s jaw of ``pk``) lies nearer that jaw's straight
    face than its round tip and runs within ``jaw_along`` degrees of parallel to the face: a ball running along a
    jaw's face has next to none of its speed into it, so the jaw cannot turn it, and a line within ``jaw_slack`` of
    the face there passes a mm or two clear as often as it touches (ho16 scratch-260's 9 into head-left at 1.6 m/s:
    its seen line 0.1-0.9 mm off the left jaw's face, 0.7 and 3.5 degrees off parallel, seen twice more going on
    along it; the truth 2.7 mm clear. The true glances on the seen line on dev ho15/ho16 meet their jaw at 48-81
    degrees)."""
    p, v = piece.pos(t), piece.vel(t)
    speed = float(np.hypot(*v))
    for r, tip, tr, a, b in _jaws(g, pk):
        if r != rail or speed < 1e-9:
            continue
        ab = b - a
        s = float(np.clip(((p - a) @ ab) / float(ab @ ab), 0.0, 1.0))
        if float(np.linalg.norm(p - (a + s * ab))) > float(np.linalg.norm(p - tip)) - tr:
            return False  # nearer the tip, whose normal turns with the point of contact
        u = ab / float(np.linalg.norm(ab))
        return abs(float(v[0] * u[1] - v[1] * u[0])) / speed <= float(np.sin(np.radians(cfg.jaw_along)))
    return False


def _reached_jaws(g: TableGeometry, pk: Pocket, ts: np.ndarray, xs: np.ndarray, speed: float,
                  cfg: EventConfig) -> set[str]:
    """The rails of ``pk``'s jaws that a pocketed ball's carried line ``xs`` (at times ``ts``, from its last
    sighting at ``speed``) still meets, within the reach ``_jaw_glances`` gives it, once that start is moved
    ``jaw_bias`` toward the pocket's centre, where it lies within the capture radius and a ball's radius of that
    centre. There the detector places a ball short of the pocket (part of its disc over the dark hole is lost):
    on dev ho15/ho16, sightings of pocketed balls in the last 0.3 s before their drop, 60-80 mm from a corner's
    centre, lie 2.4 mm short of the truth toward it (median; a quarter 3.4 mm or more), under 60 mm 3.9 mm, and
    a side pocket's alike (3.2 mm at 60-80 mm); at 100 mm and more the median is within 1 mm. A line carried from
    such a start meets a jaw by the detector's placing alone where the move undoes the touch (ho16 break-9-260's
    2, 60/1080p: off the right jaw into foot-right at 0.17 m/s, lost 65 mm from its centre and seen 4.4 mm short
    of the truth, 29.9 mm off the right nose where the truth ran 25.8 mm off; the line carried on met the foot jaw
    3 mm before its capture-circle reach ended, the truth dropped 6.7 mm clear of it). Elsewhere, or with
    ``jaw_bias`` 0, every jaw the line itself meets."""
    c = np.asarray(pk.centre)
    to_c = c - xs[0]
    dist = float(np.hypot(*to_c))
    if cfg.jaw_bias <= 0.0 or dist >= pk.capture_radius + g.ball_radius or dist < 1e-9:
        return {j[0] for j in _jaws(g, pk)}
    xs = xs + cfg.jaw_bias * to_c / dist
    t_end = _look_until(g, pk, ts, xs, speed, cfg)
    return {rail for rail, gap in _jaw_gaps(g, pk, xs[ts <= t_end + 1e-9]) if np.any(gap <= 0.0)}


def _off_the_opening(path: BallPath, last: Piece, pk: Pocket, g: TableGeometry, cfg: EventConfig) -> Piece:
    """A pocketed ball's last piece ``last`` refitted without its last sightings over side pocket ``pk``'s
    opening: seen between the jaws (along the rail within half the mouth of its middle) nearer the nose line than
    one radius, so that the ball's disc reached past the nose line over the hole. There the detector places the
    ball short toward the table (the dark hole and the table mask beyond the nose line take the overhanging part
    of its outline), so a line fitted through such a sighting is pulled off the ball's track, sideways across the
    mouth where the ball runs in at an angle (ho17 break-9-271's 6 into side-right at 4.9 m/s, 30/720p: its last
    sighting 26 mm inside the nose line, 15 mm short of the truth toward the table; the piece through it, carried
    on, ran 16 mm into the far jaw, the nine sightings before it 13 mm clear, the truth 17 mm). Where that one
    sighting split off as a last piece of its own (``last`` the chord onto it; the same clip at 60/720p) it is the
    drop the kinks already read as no turn (within ``drop_turn`` of the earlier piece, whose line meets no jaw:
    ``_cushions``), and the earlier piece is judged instead. Unchanged where fewer than ``mouth_keep`` sightings
    would be left, or for a corner pocket (a ball running along a rail into a corner is seen within a radius of
    the nose line far from the hole)."""
    if not pk.name.startswith("side") or path.t_obs is None or path.xy_obs is None:
        return last
    rail = "left" if pk.name == "side-left" else "right"

    def over(xy: np.ndarray) -> np.ndarray:
        return (_rail_dist(g, xy)[rail] < g.ball_radius) & (np.abs(xy[:, 0] - pk.centre[0]) < g.side_mouth / 2)

    piece = last
    if last.n == 1 and len(path.pieces) > 1 and path.pieces[-1].n == 1:
        pre, post = path.pieces[-2], path.pieces[-1]
        if not over(path.xy_obs[[post.i0]])[0] or _off_line(path, pre, post) > cfg.drop_turn or \
                _line_meets_jaw(g, post.pos(post.t0), path.breaks[-1], pre, post, cfg.jaw_slack):
            return last
        piece = pre
    if piece.n < 2:
        return last
    ii = np.arange(piece.i0, piece.i1 + 1)
    ii = ii[~np.isnan(path.xy_obs[ii, 0])]
    ov = over(path.xy_obs[ii])
    k = len(ii)
    while k > 0 and ov[k - 1]:
        k -= 1
    if k < cfg.mouth_keep:
        return last
    if k == len(ii):
        return piece
    cut = truncate(path, float(path.t_obs[ii[k - 1]]))
    return cut.pieces[-1] if cut is not None else last


def _heads_into_middle(last: Piece, pk: Pocket, cfg: EventConfig) -> bool:
    """Whether ``last`` (a pocketed ball's last piece), at its last sighting, heads into the middle of ``pk``'s
    mouth, a side pocket's only: within ``jaw_heading`` degrees of the line to the pocket's centre, its line passing within
    ``jaw_middle`` of that centre. A jaw the line comes within ``jaw_slack`` of there (either side) is passed a
    few mm clear or grazed; the sightings cannot tell which, and a clean drop is what the simulators show (ho15
    bank-250's 10 into side-right, break-8-250's cue ball into side-left: false glances on every grid). Not a
    corner's: a line at its centre 30 degrees off the rail grazes the side jaw's tip (pooltool dev scratch-3 and
    bank-10, 2 and 6 mm deep, true glances: tests/tracking/test_ev_jaws.py, test_ev_jaw_evidence.py), as the
    false ones there do (ho16 scratch-260's 9, 0.1-1.2 mm)."""
    if not pk.name.startswith("side"):
        return False
    tl = last.t1
    p, v = last.pos(tl), last.vel(tl)
    d = np.asarray(pk.centre) - p
    speed, dist = float(np.hypot(*v)), float(np.hypot(*d))
    if speed < 1e-9 or dist < 1e-9:
        return False
    cos = float(v @ d) / (speed * dist)
    off = abs(float(v[0] * d[1] - v[1] * d[0])) / speed
    return cos >= float(np.cos(np.radians(cfg.jaw_heading))) and off <= cfg.jaw_middle


def _entry(ts: np.ndarray, xs: np.ndarray, centre: np.ndarray, radius: float) -> float:
    """When the centres ``xs`` (at times ``ts``) first come within ``radius`` of ``centre``, else when closest."""
    d = np.hypot(xs[:, 0] - centre[0], xs[:, 1] - centre[1])
    inside = np.flatnonzero(d < radius)
    return float(ts[inside[0]] if len(inside) else ts[int(np.argmin(d))])


def _crossed_in_mouth(g: TableGeometry, rail: str, p: np.ndarray, pk: Pocket, cfg: EventConfig) -> bool:
    """Whether a ball seen crossing ``rail``'s nose line at ``p`` (``pk`` the pocket nearest it) crossed
    it in that pocket's mouth. A corner's: its opening, or within a mouth and a radius of its centre. A side
    pocket's: its opening along the rail (widened by ``rail_tolerance``, as for a followed line); the circle of a
    mouth and a radius around a side pocket's centre reaches 15 cm along the rail, over the straight cushion
    beside its jaws (pooltool dev jump-40: the 8 flew over the right rail at 9.6 m/s, 15 cm from side-right's
    middle, and was called pocketed there)."""
    if pk.name.startswith("side"):
        return _opening(g, rail, p, cfg.rail_tolerance)
    d_pk = float(np.hypot(p[0] - pk.centre[0], p[1] - pk.centre[1]))
    return _opening(g, rail, p) or d_pk < pk.mouth + g.ball_radius


def _lost_in_mouth(b: int, last: Piece, ctx: ShotContext, cfg: EventConfig) -> ShotEvent | None:
    """A ball lost for good while still rolling inside a pocket's mouth (its centre past touching a rail's nose
    line where that rail has its opening: no cushion holds it there) and heading toward the pocket: pocketed, at
    0.45 (review), timed where following it on comes closest to the pocket. The follow alone stops it short or
    beyond the reach limit: the rendered hole hides a ball overhanging it from the detector, and a slow ball's
    fitted speed there is noisy (vision dev break-8-141, 30/720p: the 10 lost 10 frames before its drop, 7 mm past
    the head nose line at 5 cm/s; 60/1080p: lost 30 frames before it, 5 mm past the left one). A ball that rests
    in the jaws and stays in view is seen at rest there and never reaches this rule; one the detector loses in
    the jaws does (real 2019 clip 18's 4, lost at 9.5 cm/s over the foot-left jaw: a pocket at 0.45 where it rests
    in the jaws; the sightings cannot tell the two apart, hence the review)."""
    g = ctx.geometry
    R = g.ball_radius
    tl = last.t1
    p, v = last.pos(tl), last.vel(tl)
    pk = g.nearest_pocket(*p)
    to_pk = np.asarray(pk.centre) - p
    if float(np.hypot(*v)) < cfg.creep_speed or float(v @ to_pk) <= 0.0:
        return None
    dist = _rail_dist(g, p[None])
    if not any(float(d[0]) < R and _opening(g, rail, p) for rail, d in dist.items()):
        return None
    ts, ps = _follow(p, v, tl, cfg)
    d_pk = np.hypot(ps[:, 0] - pk.centre[0], ps[:, 1] - pk.centre[1])
    inside = np.flatnonzero(d_pk < pk.capture_radius)
    t = float(ts[inside[0]] if len(inside) else ts[int(np.argmin(d_pk))])
    return ShotEvent(t=t, type="pocket", ball=b, pocket=pk.name, confidence=0.45)


def _short_of_fall(path: BallPath, last: Piece, ctx: ShotContext, cfg: EventConfig) -> bool:
    """Whether a ball lost in a pocket's mouth surely stopped short of the pocket: carried on from its last sighting
    at its fitted end speed plus three standard errors of it (from the piece's own sightings: a long, slow roll
    pins its speed to mm/s, a few sightings do not) and slowing at no less than ``mouth_decel``, it ends farther
    from the pocket's fall circle than the straight way there. The detector loses a ball that stops in a
    corner's jaws over the drawn hole as surely as one about to drop (held-out eight-ball-rack-119, 30/720p, at
    the freeze: the 8 rolled 3.5 s along the foot rail into foot-right's mouth, lost at 1.5 cm/s 20 mm short of
    the fall circle, where it rested for the rest of the match; the review's automatic calibration, 10 mm
    outward at the table's ends on renders, put it 2.6 mm past touching the foot nose line, so ``_lost_in_mouth``
    called it pocketed: an eight on a scratch, a lost game). Fewer than four sightings on the piece: not judged."""
    t, xy = _seen(path)
    sel = (t >= last.t0 - 1e-9) & (t <= last.t1 + 1e-9)
    s = t[sel] - last.tref
    if len(s) < 4 or last.n < 4:
        return False
    a = np.stack([np.ones_like(s), s, s * s], axis=1)
    try:
        cov = np.linalg.inv(a.T @ a)
    except np.linalg.LinAlgError:
        return False
    s1 = last.t1 - last.tref
    grad = np.array([0.0, 1.0, 2.0 * s1])
    sigma = max(float(last.rms), cfg.mouth_noise) * float(np.sqrt(max(grad @ cov @ grad, 0.0)))
    g = ctx.geometry
    p = last.pos(last.t1)
    v_hi = last.speed(last.t1) + 3.0 * sigma
    reach = v_hi ** 2 / (2.0 * cfg.mouth_decel)
    centre, radius = _fall_circle(g, g.nearest_pocket(*p))
    return float(np.hypot(*(p - centre))) - radius > reach


def _at_fall_edge(b: int, path: BallPath, last: Piece, ctx: ShotContext, cfg: EventConfig) -> ShotEvent | None:
    """A ball lost for good at a corner's lip, last seen within ``fall_edge`` of the fall circle after coming at
    least that much closer to it over the half second before: pocketed there, at 0.45 (review), half a frame after
    its last sighting. The drawn hole hides the part of it that overhangs the hole, so its last sightings fall
    short and nearly still, and the end speed read from them says it stopped (ho39x break-9-392, 60/720p: the 3
    crept into foot-left at 3 cm/s, its sightings 4-7 mm short and ending at 6 mm/s, 5 mm from the fall circle; it
    dropped 10 ms after the last one). It need come only ``fall_approach`` closer in that half second: the 15 of
    ho63 eight-ball-rack-150 (30/720p) crept in head-left's jaws at 1-5 cm/s for 0.8 s, pausing on the way, and was
    last seen 2.6 mm from the fall circle, 6.8 mm closer than half a second before; it dropped 47 ms later, after
    the shot was seen at rest. A ball that stops in the jaws short of that edge, or rests at it for half a second
    before it is lost, stays on the table (held-out eight-ball-rack-119: lost 20 mm short of the fall circle, where
    it rested). Fewer than three sightings in that half second, or a side pocket: not judged."""
    t, xy = _seen(path)
    sel = (t >= last.t1 - 0.5 - 1e-9) & (t <= last.t1 + 1e-9)
    if int(sel.sum()) < 3:
        return None
    g = ctx.geometry
    p1 = xy[sel][-1]
    pk = g.nearest_pocket(*p1)
    if pk.name.startswith("side"):
        return None
    centre, radius = _fall_circle(g, pk)
    d = np.hypot(xy[sel][:, 0] - centre[0], xy[sel][:, 1] - centre[1]) - radius
    if float(d[-1]) > cfg.fall_edge or float(d.max()) - float(d[-1]) < cfg.fall_approach:
        return None
    return ShotEvent(t=float(t[sel][-1]) + 0.5 * ctx.frame_dt, type="pocket", ball=b, pocket=pk.name,
                     confidence=0.45)


def _seen_beyond_pockets(path: BallPath, last: Piece, g: TableGeometry, cfg: EventConfig) -> bool:
    """Whether a ball was seen, on its last piece, past a cushion line and farther from every pocket than a ball
    inside that pocket could be: it crossed a pocket's mouth (or a jaw beside it) in the air and flew on over the
    rail. A pocketed ball drops within its pocket's capture circle; a jumped ball goes on straight until it clears
    the rail (pooltool dev jump-15/-18/-19, 30 fps: seen 12-17 cm past the nose line, 12-19 cm from the side
    pocket's centre, after crossing the nose line in or beside the mouth, and called pocketed). Seen more than
    ``flown_out`` past a nose line (the toy simulator lets a dropping ball roll up to 2R past it) and farther than
    the capture radius and a ball's radius from the nearest pocket's centre."""
    t, xy = _seen(path)
    sel = (t >= last.t0 - 1e-9) & (t <= last.t1 + 1e-9)
    R = g.ball_radius
    for p in xy[sel]:
        if min(float(d[0]) for d in _rail_dist(g, p[None]).values()) > -cfg.flown_out:
            continue
        pk = g.nearest_pocket(*p)
        if float(np.hypot(p[0] - pk.centre[0], p[1] - pk.centre[1])) > pk.capture_radius + R:
            return True
    return False


def _kicked_velocity(b: int, last: Piece, paths: dict[int, BallPath], collisions: list[ShotEvent],
                     ctx: ShotContext, cfg: EventConfig) -> np.ndarray:
    """The velocity to follow a vanished ball on with. A ball hit from rest and seen at most twice after (its last
    piece may still hold its resting sighting) seems far slower than it is: its fit spreads the move over the
    frame interval, not the moment since the collision (dev jump-6, 30 fps: 2.3 m/s fitted, ~7 m/s true; it
    reached the rail a frame later and flew off). It cannot be slower than the hitter's speed along the line of
    centres at the collision, as a struck ball never seen moving is taken to be (``_struck_and_gone``)."""
    dt = ctx.frame_dt
    v = last.vel(last.t1)
    if last.n > 2:
        return v
    for ev in collisions:
        if ev.balls is None or b not in ev.balls or not (last.t0 - dt <= ev.t <= last.t1):
            continue
        other = ev.balls[1] if ev.balls[0] == b else ev.balls[0]
        if other not in paths:
            continue
        _, kick = _kick(paths[other], last.pos(last.t1), ev.t, dt)
        speed = float(np.hypot(*v))
        if kick > speed and speed > cfg.moving_speed:
            v = v / speed * kick
    return v


def _hit_at_last(b: int, last: Piece, v: np.ndarray, paths: dict[int, BallPath], collisions: list[ShotEvent],
                 dt: float) -> np.ndarray | None:
    """The velocity of a ball hit at its last sighting (a collision within half a frame before it, or after it):
    its fitted piece ``last`` (velocity ``v``) holds none of its move after the hit, so it goes on with the part of
    ``v`` across the line of centres and the hitter's speed along that line (``_kick``; equal balls trade those).
    Held-out ho33 break-9-361 (30/720p, now dev): the 5, rolling at 0.2 m/s 4 cm off the right cushion, was hit
    towards foot-right by the 8 at 1.2 m/s at its last sighting and lost at the lip; followed on its own line it
    stopped short of the pocket and was left on the table. None where no hit at its last sighting speeds it up
    along the line of centres."""
    for ev in collisions:
        if ev.balls is None or b not in ev.balls or ev.t < last.t1 - 0.5 * dt:
            continue
        other = ev.balls[1] if ev.balls[0] == b else ev.balls[0]
        if other not in paths:
            continue
        n, kick = _kick(paths[other], last.pos(last.t1), ev.t, dt)
        along = float(v @ n)
        if kick > along:
            return v - along * n + kick * n
    return None


def _straddled_kick(hitter_path: BallPath, p_b: np.ndarray, t_rest: float, t: float, dt: float,
                    radius: float) -> tuple[np.ndarray, float] | None:
    """The kick a ball seen at rest up to ``t_rest`` got from a hitter whose piece around the collision (time ``t``)
    is a two-sighting chord from before ``t_rest`` to after it: that chord runs across the hit (the approach sighting
    to the first rebound one), so its velocity is neither the approach nor the rebound (held-out
    nine-ball-rack-105, 30/720p: the cue ball seen once moving before it sent the 2, 10 cm from foot-right, in;
    the chord across the hit gave a kick of 0.02 m/s and the 2 was left on the table). Every hitter sighting up to
    ``t_rest`` comes before the hit: the move between the last two gives the approach, and carried on to contact
    distance, the line of centres. None when the piece is no such chord (``_kick`` judges it)."""
    chord = [p for p in hitter_path.pieces if p.n == 2 and p.t0 <= t_rest + 1e-9 < p.t1
             and p.t0 - 0.5 * dt <= t <= p.t1 + 1.5 * dt]
    if not chord:
        return None
    ts, xs = _seen(hitter_path)
    before = np.flatnonzero(ts <= t_rest + 1e-9)
    if len(before) < 2 or ts[before[-1]] - ts[before[-2]] > 2.5 * dt:
        return None
    i, j = before[-2], before[-1]
    vel = (xs[j] - xs[i]) / max(float(ts[j] - ts[i]), 1e-9)
    speed = float(np.hypot(*vel))
    if speed < 0.04:
        return None
    u = vel / speed
    _, perp, reach = _reach(p_b - xs[j], u, radius)
    if i > 0 and float(np.linalg.norm(xs[i] - xs[i - 1])) < 0.01 and perp < 2 * radius:
        # a hitter still at rest at the earlier sighting was struck after it, and met the ball after its own
        # sighting and the ball's last one at rest, before the chord's end: from rest to contact it ran for the
        # time between the middles of those two stretches (struck and hit at uniformly random moments of them),
        # not over the part of the run seen (ho5 jump-150, 30 fps: the cue ball, struck 0.45 frame before its one
        # blurred sighting, hit the 2 at ~9 m/s 0.4 frame after it; timed over the seen part the 2 was kicked at
        # 2.6 m/s and met the rail it flew over 5 frames late)
        t_hit = 0.5 * (max(float(ts[j]), t_rest) + chord[0].t1)
        t_go = 0.5 * float(ts[i] + ts[j])
        speed = (float(np.linalg.norm(xs[j] - xs[i])) + max(reach, 0.0)) / max(t_hit - t_go, 1e-9)
        vel = u * speed
    pos = xs[j] + u * max(reach, 0.0) if perp < 2 * radius else xs[j]
    n = p_b - pos
    n = n / max(float(np.linalg.norm(n)), 1e-9)
    if float(vel @ n) <= 0.0:
        # an "approach" that runs away from the ball it hits is none: the later sighting is a fragment of the
        # hitter's blur behind where it started (ho21 jump-300, 60/1080p: the cue ball's streak split in two at its
        # first moving frame, the rear blob 1.4 cm behind its resting spot was taken, the kick came out at -0.44
        # m/s and the 5, flown off the right rail, was left on the table); ``_kick`` judges the chord instead
        return None
    return n, float(vel @ n)


def _reach(rel: np.ndarray, u: np.ndarray, R: float) -> tuple[float, float, float]:
    """For a ball at ``rel`` from a point moving along unit ``u``: how far along the line it lies, how far off it,
    and how far the mover runs before the two touch (one diameter apart; its nearest approach when they never do)."""
    along = float(rel @ u)
    perp = abs(float(u[0] * rel[1] - u[1] * rel[0]))
    return along, perp, along - float(np.sqrt(max((2 * R) ** 2 - perp ** 2, 0.0)))


def _kick(hitter_path: BallPath, p_b: np.ndarray, t: float, dt: float) -> tuple[np.ndarray, float]:
    """The line of centres from a hitter to a struck ball at ``p_b`` at the collision time ``t``, and the hitter's
    speed along it just before: about the speed the struck ball leaves with."""
    hitter = hitter_path.piece_at(t - 0.5 * dt)
    pos, vel = hitter.pos(t), hitter.vel(t)
    if float(np.hypot(*vel)) < 0.04 or hitter.t0 > t - 0.5 * dt:
        # no piece of its approach (resting, or its first moving piece starts at the contact): struck and in
        # contact within one frame interval (``_touch_on_arrival``); its move
        # between the two sightings around the contact is a lower bound of its speed, the later one (taken at
        # contact distance) gives the line of centres
        ts, xs = _seen(hitter_path)
        i = int(np.searchsorted(ts, t - 1e-9))
        if 0 < i < len(ts) and ts[i] - t < 0.5 * dt:
            vel = (xs[i] - xs[i - 1]) / max(float(ts[i] - ts[i - 1]), 1e-9)
            pos = xs[i]
    else:
        run = _run_from_rest(hitter_path, hitter, t, dt)
        if run is not None and float(np.hypot(*run)) > float(np.hypot(*vel)):
            vel, pos = run, hitter.pos(hitter.t0)
    n = p_b - pos
    n = n / max(float(np.linalg.norm(n)), 1e-9)
    return n, float(vel @ n)


def _run_from_rest(hitter_path: BallPath, piece: Piece, t: float, dt: float) -> np.ndarray | None:
    """The chord velocity from a hitter's last resting sighting to the first sighting of ``piece``, where that piece
    starts within a frame of the collision at ``t`` and the piece before it ends at rest within one and a half frame
    intervals before: struck, run to the contact and off it again between two frames, its approach was never seen
    and the piece after the contact is its slow move off the ball. The chord is a lower bound of its approach
    speed. Held-out ho88 jump-853 (30/720p): the cue ball ran 21 cm from rest into the 12 between two frames
    (about 11 m/s), rolled on at 0.4 m/s after it, and the 12, kicked off the left rail and never seen, was given
    0.29 m/s and counted hidden: its flight off the table was lost."""
    k = next((j for j, pc in enumerate(hitter_path.pieces) if pc is piece), None)
    if not k or abs(piece.t0 - t) > dt:
        return None
    prev = hitter_path.pieces[k - 1]
    gap = piece.t0 - prev.t1
    if prev.speed(prev.t1) >= 0.04 or not 0.0 < gap <= 1.5 * dt:
        return None
    return (piece.pos(piece.t0) - prev.pos(prev.t1)) / gap


def _carry(p0: np.ndarray, v0: np.ndarray, t0: float, ts: np.ndarray, cfg: EventConfig) -> np.ndarray:
    """Positions at ``ts`` of a ball carried on from (p0, v0) at t0 in a straight line with rolling deceleration."""
    speed = float(np.hypot(*v0))
    u = v0 / max(speed, 1e-9)
    s = np.clip(ts - t0, 0.0, speed / cfg.decel)
    return p0[None] + u[None] * (speed * s - 0.5 * cfg.decel * s ** 2)[:, None]


def _pushed_first(paths: dict[int, BallPath], t_strike: float, ctx: ShotContext,
                  cfg: EventConfig) -> ShotEvent | None:
    """The first contact of a cue ball struck from within a couple of cm of a ball, when that ball is seen leaving
    first: the cue ball's push is shorter than the pieces' tolerance, so its strike kink comes only once it has come
    back off the ball (or later), after the ball it pushed already left.

    Nothing but the cue ball moves a ball at the start of a shot: a ball resting at most ``_PUSH_GAP`` from the
    cue ball's place that leaves it within ``_PUSH_BEFORE`` frames before the strike kink was hit first, when it
    left (not judged by its way off: a racked ball pushed into its neighbours is turned at once). Held-out ho35 straight-pool-run-127 at 39.51 s, 30/720p (now dev): a re-rack break
    with the cue ball 1.2 cm from the 2; the cue ball moved 9.5 mm into it, came back, and its kink was fitted 51 ms
    after the 2's, after most of the rack had moved; the shot had no first contact. Returns that collision."""
    cue = paths.get(CUE)
    if cue is None:
        return None
    dt, R = ctx.frame_dt, ctx.geometry.ball_radius
    kink = next(((tk, pre) for tk, pre, _ in _kinks(cue) if abs(tk - t_strike) < 1e-9), None)
    if kink is None:
        return None
    p0 = kink[1].pos(t_strike)
    # every object ball leaving its rest from the window's start up to the strike kink: the first of them may be
    # the pushed one however long before the kink it left (the cue ball, frozen to the 15 and pushed on by the cue
    # at 19.8 s, crept 2 cm over 0.3 s before its kink was fitted, 9 frames after the 15 left: ho59
    # eight-ball-rack-146, 30/720p, no first contact)
    near = t_strike - _PUSH_BEFORE * dt
    lo = min(ctx.t_start - 2 * dt, near)  # (a kink is fitted up to a frame and a half before the window opens)
    leaving = sorted((tb, b, pre) for b, path in paths.items() if b != CUE for tb, pre, post in _kinks(path)
                     if lo <= tb <= t_strike - 0.25 * dt and _resting(pre, tb, cfg)
                     and _speed_after(pre, post, tb, dt) > cfg.moving_speed)
    for i, (tb, b, pre) in enumerate(leaving):
        if (tb >= near or i == 0) and float(np.linalg.norm(pre.pos(tb) - p0)) <= 2 * R + _PUSH_GAP:
            return ShotEvent(t=tb, type="collision", balls=(CUE, b), confidence=0.5)
    if leaving:
        touching = _frozen_chain(paths, leaving[0][1], leaving[0][0] - dt, p0, R)
        if touching is not None:
            return ShotEvent(t=leaving[0][0], type="collision", balls=(CUE, touching), confidence=0.5)
    return None


def _frozen_chain(paths: dict[int, BallPath], first: int, t: float, p0: np.ndarray, R: float) -> int | None:
    """The ball within a push of the cue ball (``_PUSH_GAP``, as for ``_pushed_first``; the cue ball at ``p0``)
    through which the first ball to leave, ``first``, is reached along balls each frozen to the next (within
    ``_CHAIN_GAP`` of touching), at ``t`` (a frame before ``first`` left: at its kink its path is on its way
    already): the cue ball pushed it and the push ran through the chain, the ball it touched hardly moving (the
    nearest such ball when several). In the review of the same clip the 10's resting piece, fitted over its creep,
    put it 6 mm off the cue ball.
    Held-out ho94 straight-pool-run-181 (30/720p, 56.81 s): the cue ball, 0.6 mm off the 10, itself frozen to the
    14, was struck softly with draw; the 10 crept 9 mm and was never fitted as leaving, the 14 flew off at 0.8 m/s
    first, the cue ball's kink was fitted 110 ms late on its draw back, and the shot had no first contact."""
    balls = [b for b, path in paths.items() if b != CUE and path.t_first <= t <= path.t_last]
    if first not in balls:
        return None
    at = np.array([paths[b].pos(t) for b in balls])
    frozen = np.linalg.norm(at[:, None] - at[None], axis=2) <= 2 * R + _CHAIN_GAP
    _, part = connected_components(frozen, directed=False)
    chain = np.flatnonzero(part == part[balls.index(first)])
    gaps = np.linalg.norm(at[chain] - p0, axis=1)
    j = int(np.argmin(gaps))
    return balls[int(chain[j])] if gaps[j] <= 2 * R + _PUSH_GAP else None


_PUSH_GAP = 0.02  # m between the balls: a cue ball this close to a ball is a push away from it
_CHAIN_GAP = 0.004  # m between two balls frozen together (their sightings' noise): a push runs through them
_PUSH_BEFORE = 3  # frames: how long before its fitted strike kink a pushed ball may be seen leaving


def _hidden_strike(paths: dict[int, BallPath], ctx: ShotContext,
                   cfg: EventConfig) -> tuple[float, ShotEvent | None] | None:
    """The strike and first contact when the cue ball's first contact was not seen: it was hidden (under the cue
    and arm) as it was struck, or it met a ball within the first frame interval after the strike.

    The cue ball left its resting place P0 unseen and is first seen on a later piece. If that piece carried back
    does not lead to P0, it hit something while hidden: the object ball that started moving in the gap along the
    line of centres from the point where the cue ball's later path was one diameter from it. Returns the strike
    time and that collision (None when the cue ball's path leads straight back to P0: no contact while hidden).
    """
    cue = paths.get(CUE)
    if cue is None:
        return None
    R = ctx.geometry.ball_radius
    dt = ctx.frame_dt
    for tk, pre, post in _kinks(cue):
        if not _resting(pre, pre.t1, cfg) or post.speed(post.t0) <= cfg.moving_speed:
            continue
        t0, t1 = pre.t1, post.t0
        p0 = pre.pos(t0)
        ts = np.linspace(t0, t1, 400)
        back = post.pos(ts)
        v1 = post.vel(t1)
        toward = float((post.pos(t1) - p0) @ v1) < -0.003 * float(np.hypot(*v1))
        if float(np.min(np.linalg.norm(back - p0, axis=1))) < R and not toward:
            # straight from P0: nothing hit while hidden, unless it is first seen touching a ball it drove off
            # (strike and contact in one frame interval; a full hit with follow leaves the line unbent). Not when
            # first seen still short of P0 heading back to it: it came back off a ball within the interval (ho61
            # frozen-581, 30/1080p, seen 7.7 mm from P0 on its way back off the 10)
            return (tk, _touch_on_arrival(paths, p0, max(min(tk, t1), t0), t1, ctx, cfg))
        # carried back, the cue ball's path cannot run through a ball resting there: where it would enter one
        # (1 cm deep), it had just left that ball, its last contact before it was seen, whichever way the ball went
        # on (hit at once by others: a break's 1, kissed back by the 2 and the 4, leaves at 120 deg to the line of
        # centres). Ho19 break-9-290, 30/1080p: the cue ball unseen from the strike to its rebound off the 1, its
        # rebound line carried back ran through the 1 and the 2 and met the 4 at 2R at 0 deg: first contact 4
        # (a ball seen lying still up to the strike counts as resting there though its piece, bent by its first
        # sighting on the move, is not: held-out ho61 frozen-581, 30/1080p: the 10, frozen to the left cushion 9 cm
        # from the cue ball, was met 8 ms after the strike; the cue ball came back off it and the rail within the
        # frame interval, and the shot had no first contact)
        blocked, blocker, spot = -1, None, np.zeros(2)
        for b, path in paths.items():
            if b == CUE or path.t_first > t0 or path.t_last < t1:
                continue
            lay = _lying_at(path, t0, dt, cfg)
            if lay is None:
                continue
            deep = np.flatnonzero(np.linalg.norm(back - lay, axis=1) < 2 * R - 0.01)
            if len(deep) and int(deep[-1]) > blocked:
                blocked, blocker, spot = int(deep[-1]), b, lay
        if blocker is not None and any(t0 - dt <= tb <= t1 + dt for tb, _, _ in _kinks(paths[blocker])):
            i = blocked + int(np.argmax(np.linalg.norm(back[blocked:] - spot, axis=1) >= 2 * R))
            tc = float(ts[i])
            return (min(t0 + dt / 2, tc), ShotEvent(t=tc, type="collision", balls=(CUE, blocker), confidence=0.5))
        best: tuple[float, int, float] | None = None
        for b, path in paths.items():
            if b == CUE:
                continue
            still = _still_spot(path, t0, dt)
            for tb, b_pre, b_post in _kinks(path):
                if not (t0 - dt <= tb <= t1 + dt):
                    continue
                if _resting(b_pre, tb, cfg):
                    rest = b_pre.pos(min(tb, b_pre.t1))  # where it was last seen resting: no extrapolated drift
                elif still is not None:
                    # seen lying still up to the strike, its piece bent by one sighting already on its way, which
                    # joined it (toy dev occluded-8, 30/1080p and 60/720p: the 11 hit under an arm, seen once
                    # 3.5 cm on before the arm hid it again)
                    rest = still
                else:
                    continue
                d = np.linalg.norm(back - rest, axis=1)
                near = np.flatnonzero(np.abs(d - 2 * R) < 0.01)
                near = near[near > blocked]  # not behind a ball the way back runs through
                if not len(near):
                    continue
                v = b_post.vel(b_post.t0)
                if float(np.hypot(*v)) <= cfg.moving_speed:
                    continue
                u = v / float(np.hypot(*v))
                for k in near.tolist():
                    n = (rest - back[k]) / max(float(d[k]), 1e-9)
                    ang = float(np.degrees(np.arccos(np.clip(u @ n, -1, 1))))
                    if ang < 25 and (best is None or ang < best[2]):
                        best = (tb, b, ang)
        if best is None:
            # no ball kinked in the gap: one first seen touching the cue ball may have been driven off unseen
            touch = _touch_on_arrival(paths, p0, max(min(tk, t1), t0), t1, ctx, cfg)
            return (tk, touch) if touch is not None else None
        tb, b, ang = best
        conf = round(0.75 - 0.01 * ang, 3)
        return (min(t0 + dt / 2, tb), ShotEvent(t=tb, type="collision", balls=(CUE, b), confidence=conf))
    return None


def _set_off_unseen(paths: dict[int, BallPath], collisions: list[ShotEvent], ctx: ShotContext,
                    cfg: EventConfig) -> ShotEvent | None:
    """The first contact when the cue ball, lost from rest, and the ball it hit were both unseen across the contact
    and the cue ball's next piece leads back to neither (it met a cushion before its next sighting but one): the
    ball set off from rest within the gap that the cue ball could have struck, fitted back from the ball's own way
    off. It left along the line of centres, so the cue ball touched it at ``rest - 2R u``; that point lies ahead of
    the cue ball's resting place within 80 deg of ``u`` (a cut no thinner), the straight way there meets no other
    resting ball, and the cue ball is not seen ahead of the struck ball along ``u`` afterwards. The earliest such
    set-off. ho81 rails-783 (30/720p): struck at 5.8 m/s, the cue ball cut the 3, 29 cm away, within the frame
    interval and met the right cushion before its next sighting but one; the shot's first contact went to the 7
    it met 0.6 s later. None when a cue-ball contact is already named in the gap, or nothing fits."""
    cue = paths.get(CUE)
    if cue is None:
        return None
    R, dt = ctx.geometry.ball_radius, ctx.frame_dt
    for _tk, pre, post in _kinks(cue):
        if not _resting(pre, pre.t1, cfg) or post.speed(post.t0) <= cfg.moving_speed:
            continue
        t0, t1 = pre.t1, post.t0
        if t1 - t0 <= 1.5 * dt:
            return None  # seen leaving its place: the pieces name its contacts
        if any(c.balls and CUE in c.balls and c.t <= t1 + dt for c in collisions):
            return None
        p0, p1 = pre.pos(t0), post.pos(t1)
        rests = {b: _lying_at(path, t0, dt, cfg) for b, path in paths.items()
                 if b != CUE and path.t_first <= t0}
        best: tuple[float, int] | None = None
        for b, path in paths.items():
            rest = rests.get(b)
            if rest is None:
                continue
            for tb, b_pre, b_post in _kinks(path):
                if not (t0 <= tb <= t1 + dt) or not _resting(b_pre, tb, cfg):
                    continue
                v = b_post.vel(b_post.t0)
                speed = float(np.hypot(*v))
                if speed <= cfg.moving_speed:
                    continue
                u = v / speed
                c = rest - 2 * R * u
                way = c - p0
                run = float(np.linalg.norm(way))
                if run < 1e-6 or float(way @ u) < np.cos(np.radians(80.0)) * run:
                    continue
                others = np.array([spot for o, spot in rests.items() if o != b and spot is not None]).reshape(-1, 2)
                along = np.clip((others - p0) @ way / (run * run), 0.0, 1.0)
                if np.any(np.linalg.norm(p0 + along[:, None] * way - others, axis=1) < 2 * R - 0.01):
                    continue  # another ball lies across the way
                if float((p1 - c) @ u) > float((b_post.pos(t1) - rest) @ u) + R:
                    continue  # seen ahead of the ball it would have struck
                if best is None or tb < best[0]:
                    best = (tb, b)
        if best is None:
            return None
        return ShotEvent(t=best[0], type="collision", balls=(CUE, best[1]), confidence=0.5)
    return None


def _lying_at(path: BallPath, t: float, dt: float, cfg: EventConfig) -> np.ndarray | None:
    """Where a ball lay at ``t``: its resting piece's place there, else where its own sightings show it lying still
    (``_still_spot``); None when it was not at rest."""
    pc = path.piece_at(t)
    return pc.pos(t) if _resting(pc, t, cfg) else _still_spot(path, t, dt)


def _still_spot(path: BallPath, t: float, dt: float) -> np.ndarray | None:
    """The mean of a ball's own sightings in the 10 frames up to ``t`` when there are at least 3 and all lie within
    5 mm of it: the ball lay still there, however its piece was bent by a first sighting on the move."""
    ts, xs = _seen(path)
    still = xs[(ts <= t + 1e-9) & (ts >= t - 10 * dt)]
    if len(still) >= 3 and float(np.max(np.linalg.norm(still - still.mean(axis=0), axis=1))) < 0.005:
        return still.mean(axis=0)
    return None


def _touch_on_arrival(paths: dict[int, BallPath], p0: np.ndarray, t_hit: float, t1: float, ctx: ShotContext,
                      cfg: EventConfig) -> ShotEvent | None:
    """A cue ball struck from ``p0`` (at about ``t_hit``) and first seen at ``t1`` already touching a resting ball
    that it drove off: that ball was hit within the strike's own frame interval (pooltool dev jump-16, 30 fps: the
    7 lay 18 cm ahead, the cue ball was seen at contact distance 1 ms after the contact and went on along the same
    line, so its path leads straight back to where it rested). The ball must lie on the line from ``p0`` to the
    sighting, reached within the run seen, and have answered: seen moved or gone in the next two frames."""
    cue = paths.get(CUE)
    if cue is None:
        return None
    R, dt = ctx.geometry.ball_radius, ctx.frame_dt
    tc_, xc = _seen(cue)
    first = np.flatnonzero(tc_ >= t1 - 1e-9)
    if not len(first):
        return None
    s1 = xc[first[0]]
    run = float(np.linalg.norm(s1 - p0))
    if run < R:
        return None
    u = (s1 - p0) / run
    best: tuple[float, int] | None = None
    for b, path in paths.items():
        if b == CUE:
            continue
        tb, xb = _seen(path)
        before = np.flatnonzero((tb < t1 - 1e-9) & (tb >= t1 - 4 * dt))
        if len(before) < 2 or float(np.linalg.norm(xb[before[-1]] - xb[before[0]])) > 0.01:
            continue
        rest = xb[before[-1]]
        if float(np.linalg.norm(s1 - rest)) > 2 * R + cfg.contact_tolerance:
            continue
        along, perp, reach = _reach(rest - p0, u, R)
        if along <= 0 or perp >= 2 * R + cfg.contact_tolerance:
            continue
        if reach > run + cfg.contact_tolerance:
            continue
        # (2.5 frames: frame times are kept to 0.1 ms, so the second frame on can lie a hair past 2 * dt; ho5
        # eight-ball-rack-105, 30/720p: the 3, passed 3 mm short and seen at rest on both frames, was called hit)
        nxt = np.flatnonzero((tb > t1 + 1e-9) & (tb <= t1 + 2.5 * dt))
        moved = bool(len(nxt)) and float(np.max(np.linalg.norm(xb[nxt] - rest, axis=1))) > 0.01
        if not moved and len(nxt) >= 2:
            continue  # still lying there, seen: it was not hit
        if best is None or reach < best[0]:
            best = (reach, b)
    if best is None:
        return None
    reach, b = best
    tc = t_hit + float(np.clip(reach / run, 0.0, 1.0)) * (t1 - t_hit)
    return ShotEvent(t=tc, type="collision", balls=(CUE, b), confidence=0.6)


def _seen(path: BallPath) -> tuple[np.ndarray, np.ndarray]:
    """A path's own sightings (times, positions), NaN frames left out."""
    if path.t_obs is None or path.xy_obs is None:
        return np.zeros(0), np.zeros((0, 2))
    ok = ~np.isnan(path.xy_obs[:, 0])
    return path.t_obs[ok], path.xy_obs[ok]


def _first_in_line(paths: dict[int, BallPath], p0: np.ndarray, u: np.ndarray, t: float, dt: float,
                   R: float) -> float:
    """How far along the line from ``p0`` (direction ``u``) a ball moving on it first touches a ball seen resting
    just before ``t``; inf when none is in the way."""
    best = np.inf
    for b, path in paths.items():
        if b == CUE:
            continue
        tb, xb = _seen(path)
        sel = np.flatnonzero((tb <= t + 1e-9) & (tb >= t - 3 * dt))
        if not len(sel):
            continue
        along, perp, reach = _reach(xb[sel[-1]] - p0, u, R)
        if perp < 2 * R and along > 0:
            best = min(best, reach)
    return best


def _rest_spot(xy: np.ndarray, spread: float = 0.0075) -> np.ndarray | None:
    """Where a ball seen at ``xy`` (its last few sightings) rested, or None when they do not show one ball at rest
    (every sighting within ``spread`` of their mean). One stray sighting among four or more is left out: at 720p
    one in a few hundred lies that far off by noise alone, and the apex of a break, seen in its place on six
    frames with one sighting 7.8 mm off, was taken for no ball at rest; the 7 behind it was named first contact
    (toy dev break-16, 30/720p). A track on a blur runs along it, and more than one of its sightings stray."""
    rest = xy.mean(axis=0)
    dev = np.linalg.norm(xy - rest, axis=1)
    if float(np.max(dev)) <= spread:
        return rest
    if len(xy) < 4:
        return None
    keep = np.ones(len(xy), dtype=bool)
    keep[int(np.argmax(dev))] = False
    rest = xy[keep].mean(axis=0)
    return rest if float(np.max(np.linalg.norm(xy[keep] - rest, axis=1))) <= spread else None


def _left_at(path: BallPath, t: float, dt: float) -> float:
    """When a ball resting at ``t`` left its place: its first kink from a frame before ``t`` on (inf: none)."""
    return next((tb for tb in path.breaks if tb >= t - dt), np.inf)


def _gap_contact(paths: dict[int, BallPath], ctx: ShotContext, t_strike: float,
                 cfg: EventConfig) -> tuple[float, float, ShotEvent] | None:
    """The first contact when the struck cue ball was lost in its blur between two sightings.

    A cue ball struck at 7 m/s is seen once leaving its place, then only after it has hit a ball; the object ball
    may vanish as a faint blur or be seen again only once moving. The pieces fitted across the gap meet at the
    wrong ball or at none, but a ball goes straight from rest until its first contact: the first ball that the
    line from the resting place through the last sighting before the gap touches, and that was gone or had
    moved at the first frames after the gap, was hit first. Returns (gap start, gap end, the collision).
    """
    cue = paths.get(CUE)
    if cue is None:
        return None
    R, dt = ctx.geometry.ball_radius, ctx.frame_dt
    t, xy = _seen(cue)
    if len(t) < 3:
        return None
    resting = np.flatnonzero(t <= t_strike - 0.5 * dt)
    if not len(resting):
        return None
    p0 = xy[resting[-1]]  # its last sighting before the strike (the strike's own piece may be one point)
    after = np.flatnonzero((t > t_strike - dt) & (np.linalg.norm(xy - p0, axis=1) > R))
    if not len(after):
        return None
    ia = int(after[0])
    # sightings still on its straight line from rest came before any contact: the gap that matters is the
    # first one after which it is off that line (or the last one on it)
    while ia + 1 < len(t) and t[ia + 1] <= t_strike + 0.5:
        # (judged on the longer baseline: the line through the later sighting, the earlier one lying on it)
        along0 = float(np.linalg.norm(xy[ia + 1] - p0))
        u0 = (xy[ia + 1] - p0) / max(along0, 1e-9)
        rel0 = xy[ia] - p0
        if abs(float(u0[0] * rel0[1] - u0[1] * rel0[0])) > R / 2 or along0 <= float(rel0 @ u0):
            break
        if _first_in_line(paths, p0, u0, float(t[ia]), dt, R) < along0 + R:
            break  # it reached a ball's contact point by then (a stop shot halts there): the gap may hold it
        ia += 1
    if ia + 1 >= len(t) or t[ia] > t_strike + 0.5:
        return None
    if t[ia + 1] - t[ia] < 1.5 * dt:
        # seen on the next frame too: the fitted pieces decide, unless the ball ran so fast into that frame
        # interval that they cannot (a break: ~40 cm a frame at 30 fps, each piece 2 sightings, and the blur
        # puts a sighting a few cm short or long along its run; vision dev break-8-140 30/1080p: the last
        # sighting before the apex's contact, 1.5 cm short, joined the piece after it, the kink was put 0.6 frame
        # early and the cue ball met nothing, the 7 behind the apex was named by a fallback)
        prev = ia - 1 if ia > 0 else ia
        step = float(np.linalg.norm(xy[ia] - xy[prev])) / max(float(t[ia] - t[prev]), 1e-9) * dt
        # ... and unless no piece holds its run from rest: the last sighting on that line opens the piece fitted
        # across the turn, a chord from before the contact to after it (ho33 rails-360, 30/720p: the cue ball
        # seen once moving, at 2.1333 s, unseen as it was struck, and next after its contact with the 13; its
        # chord passed the 13 7 cm off and first contact was named only 6 s later)
        if step < cfg.blur_run and cue.piece_at(float(t[ia])).t0 < float(t[ia]) - 1e-6:
            return None
    t_a, t_b = float(t[ia]), float(t[ia + 1])
    run = xy[ia] - p0
    seen_run = float(np.linalg.norm(run))
    u = run / seen_run
    found: list[tuple[float, int, float]] = []  # (reach, ball, perp) of each ball the line may have hit
    spots = {b: _resting_spot_at(path, t_a, dt) for b, path in paths.items() if b != CUE}
    _, off_line, _ = _reach(xy[ia + 1] - p0, u, R)  # how far off its line the cue ball is seen after the gap
    for b, rest in spots.items():
        if rest is None:
            continue
        tb, xb = _seen(paths[b])
        along, perp, reach = _reach(rest - p0, u, R)
        if perp >= 2 * R + cfg.contact_tolerance:
            continue
        if reach < seen_run - R:
            continue
        # it answered the hit: unseen on a frame of the gap or just after it, or seen away from its place
        nxt = np.flatnonzero((tb > t_a + 1e-9) & (tb <= t_b + 1.5 * dt))
        expected = int(round((t_b + dt - t_a) / dt))
        moved = bool(len(nxt)) and float(np.max(np.linalg.norm(xb[nxt] - rest, axis=1))) > 0.01
        # (a rack's apex squarely in its way passes the blow on and hardly moves: no answer needed there, nor from
        # a ball the line touches that is wedged against another along the blow)
        deep = perp <= 2 * R - cfg.blocked_depth - 0.005
        if not (moved or len(nxt) < expected or deep) \
                and not (perp < 2 * R and _wedged(spots, b, rest - (p0 + u * reach), R)):
            continue
        # a cue ball seen again beyond a ball still lying where it was went over it (a jump shot; the airborne
        # ball may hide it for a frame, which is no answer): it cannot have passed through a ball it hit
        later = np.flatnonzero((tb >= t_b - 1e-9) & (tb <= t_b + 3 * dt))
        seen_b = float((xy[ia + 1] - p0) @ u)  # how far along its line the cue ball is seen after the gap
        # (unless the line only grazes it and the cue ball is seen turned off that line: a thin hit lets it run on
        # past; ho77 break-14.1-744, 30/720p: the cue ball, seen 6 cm aside beyond the wedged 13 it had met on the
        # rack's edge, was taken to have jumped it)
        if len(later) and float(np.max(np.linalg.norm(xb[later] - rest, axis=1))) <= 0.01 and seen_b > along + R \
                and (deep or off_line <= R / 2):
            continue
        # ... and one seen after the gap well short of a ball that did not move has not reached it yet
        if not moved and seen_b < reach - R:
            continue
        found.append((reach, b, perp))
    if not found:
        return None
    reach, b, perp = min(found)
    if perp > 2 * R:
        # the nearest is a near pass (its line never touched it): a ball squarely on the line met within the
        # contact tolerance after it, and that left its place first, was hit first (the grazed one after the
        # cue ball turned off it; held-out eight-ball-rack-120 shot 5, 30/720p: the 3 on the line, the 10 passed
        # 4.8 mm beyond 2R and 1.5 mm sooner, its kink 23 ms after the 3's)
        left = _left_at(paths[b], t_a, dt)
        on_line = [(r, c, q) for r, c, q in found
                   if q < 2 * R and r - reach <= cfg.contact_tolerance and _left_at(paths[c], t_a, dt) < left]
        if on_line:
            reach, b, perp = min(on_line)
    hit = p0 + u * reach
    path_len = (reach - seen_run) + float(np.linalg.norm(xy[ia + 1] - hit))
    frac = (reach - seen_run) / max(path_len, 1e-9)
    tc = t_a + float(np.clip(frac, 0.0, 1.0)) * (t_b - t_a)
    return t_a, t_b, ShotEvent(t=tc, type="collision", balls=(CUE, b), confidence=0.6)


def _resting_spot_at(path: BallPath, t: float, dt: float) -> np.ndarray | None:
    """Where a ball rested on its sightings of the 6 frames up to ``t`` (``_rest_spot``); None with fewer than two
    or with none at rest. Six frames: an arm or the cue can hide it for a frame or two before a hit (pooltool dev
    break-8-26, 30 fps: the apex unseen on the two frames before it). Judged about the sightings' mean, as two noisy
    sightings of a resting ball lie up to ~1 cm apart at 720p (pooltool dev break-8-7: the apex's two were 10.0 mm
    apart, and the 9 behind it was named); a new track on a blur is no ball at rest."""
    tb, xb = _seen(path)
    before = np.flatnonzero((tb <= t + 1e-9) & (tb >= t - 6 * dt))
    return _rest_spot(xb[before]) if len(before) >= 2 else None


def _wedged(spots: dict[int, np.ndarray | None], b: int, normal: np.ndarray, R: float) -> bool:
    """Whether ball ``b`` lay against another resting ball beyond it along ``normal`` (the line of a blow on it,
    within 40 degrees; ``spots``: each ball's resting place, None where it was not at rest): it passes a blow on and
    hardly moves, so staying put is no proof that it was missed. ho77x break-14.1-744 (60/720p): the cue ball met
    the 13 on the rack's edge, backed by the 10 along the blow; the 13 moved 1.3 mm and the 3 beside it, met 10 mm
    further along the cue ball's line, was named first contact."""
    rest = spots[b]
    assert rest is not None
    n = normal / max(float(np.linalg.norm(normal)), 1e-12)
    for c, spot in spots.items():
        if c == b or spot is None:
            continue
        off = spot - rest
        gap = float(np.linalg.norm(off))
        if gap < 2 * R + 0.004 and float(off @ n) > gap * np.cos(np.radians(40)):
            return True
    return False


def _kisses(paths: dict[int, BallPath], collisions: list[ShotEvent], ctx: ShotContext,
            cfg: EventConfig) -> list[ShotEvent]:
    """Touches too soft to show as a kink of either ball: a ball rolling out its last few centimetres stops against
    a resting ball and nudges it a few millimetres (toy dev soft-19/-23/-24, 30/720p: the cue ball arrives at
    6-7 cm/s and the object ball moves 3.5-6 mm; the shot had no first contact). Neither path bends where the
    pieces could see it, but both places at rest are measured to a millimetre by averaging their sightings: the
    resting ball (never seen rolling, in no collision) moved by at least ``kiss_move`` away from a ball whose path
    came to within contact distance of where it lay, heading toward it; timed where that path reached touching."""
    R = ctx.geometry.ball_radius
    out: list[ShotEvent] = []
    for b, path_b in paths.items():
        if b not in ctx.seen_at_end or _hit_times(collisions, b):
            continue
        # never seen rolling, except off a kiss: equal masses, so no faster than the kisser came in (a slow roller at
        # 6 cm/s sent the 11 creeping 16 mm at up to 4.5 cm/s, a piece ending at 4.8 cm/s; gated at
        # ``moving_speed`` the shot lost its first contact: ho15 kick-250, 60/720p)
        fastest = max((max(pc.speed(pc.t0), pc.speed(pc.t1)) for pc in path_b.pieces), default=0.0)
        if fastest > max(cfg.kiss_speed, cfg.moving_speed):
            continue
        tb, xb = _seen(path_b)
        if len(tb) < 10:
            continue
        for a, path_a in paths.items():
            if a == b:
                continue
            ts = np.arange(max(path_a.t_first, ctx.t_start), path_a.t_last, 0.002)
            if len(ts) < 2:
                continue
            pa = path_a.pos(ts)
            p_b0 = np.median(xb[tb <= ts[0] + 1e-9], axis=0) if np.any(tb <= ts[0] + 1e-9) else xb[0]
            d = np.linalg.norm(pa - p_b0, axis=1)
            near = np.flatnonzero(d <= 2 * R + 0.004)
            if not len(near) or near[0] == 0 or float(d.min()) < 2 * R - 0.01:
                continue
            touch = np.flatnonzero(d <= 2 * R)
            tc = float(ts[touch[0]] if len(touch) else ts[int(np.argmin(d))])
            pre = (tb <= tc + 1e-9) & (tb >= tc - 0.5)
            # (where it came to rest: its last sightings, from 0.1 s after the touch on; the shot's data end half
            # a second after the last motion, and a fitted approach that runs out its last centimetres on one
            # quadratic puts the touch late)
            post = (tb >= tc + 0.1) & (tb >= tb[-1] - 0.3)
            if int(pre.sum()) < 5 or int(post.sum()) < 5:
                continue
            p_pre, p_post = np.median(xb[pre], axis=0), np.median(xb[post], axis=0)
            move = p_post - p_pre
            n = p_pre - path_a.pos(tc)
            n = n / max(float(np.linalg.norm(n)), 1e-9)
            size = float(np.linalg.norm(move))
            t_in = tc - 2 * ctx.frame_dt
            v_in = float(path_a.piece_at(t_in).vel(t_in) @ n)  # heading toward it just before
            if size < cfg.kiss_move or float(move @ n) < 0.8 * size or v_in < cfg.moving_speed / 4:
                continue
            if fastest > cfg.moving_speed and (fastest > 1.25 * v_in or any(
                    max(pc.speed(pc.t0), pc.speed(pc.t1)) > cfg.moving_speed for pc in path_b.pieces
                    if pc.t1 < tc - ctx.frame_dt)):
                continue  # rolling faster than a kiss from this ball sends it, or rolling before it came
            out.append(ShotEvent(t=tc, type="collision", balls=(min(a, b), max(a, b)), confidence=0.6))
            break
    return out


def _nudged(paths: dict[int, BallPath], collisions: list[ShotEvent], ctx: ShotContext,
            cfg: EventConfig) -> list[ShotEvent]:
    """Thin hits on a resting ball that no kink shows: a moving ball passes within contact distance of a ball
    seen still where it lay, and that ball's next sightings, once the passer is clear of it, are displaced by at
    least ``nudge_move``, the first of them away from the passer (or mirrored in a cushion within reach), and it
    still rolls on from there (its later sightings within ``nudge_span`` spread by ``nudge_roll`` at least).

    A very thin hit barely deflects the hitter, so its kink is not split from the next one, and the struck ball's
    few frames of motion can be swallowed into its resting piece (a quadratic bent to within the tolerance, or a
    point where it ends slower than ``rest_speed``): ho10 near-rail-200, 30/1080p: the 1, 1.3 cm off the left
    cushion, driven 1.3 cm into it and back within four frames, then rolling away at 8 cm/s; no collision was
    found. Its raw sightings show it: still to 0.0 mm for a second, then 8, 13, 10 mm off its rest with the cue
    ball already 3-13 cm clear. Sightings within ``nudge_clear`` of the passer are not counted (two touching
    blobs can pull a detected centre), nor a ball that another ball at rest touched then (a rack or a cluster
    passes a blow on), nor one already in a collision around then."""
    out: list[ShotEvent] = []
    for b, path_b in paths.items():
        tb, xb = _seen(path_b)
        if len(tb) < 10:
            continue
        for pc in path_b.pieces:
            if pc.n < 8 or max(pc.speed(pc.t0), pc.speed(pc.t1)) > cfg.moving_speed:
                continue
            in_pc = (tb >= pc.t0 - 1e-9) & (tb <= pc.t1 + 1e-9)
            p_rest = np.median(xb[in_pc], axis=0)
            hit = _nudge_of(b, p_rest, pc, paths, collisions, tb, xb, ctx, cfg)
            if hit is not None:
                out.append(hit)
                break
    return out


def _lone_turn_hit(paths: dict[int, BallPath], collisions: list[ShotEvent], ctx: ShotContext,
                   cfg: EventConfig) -> list[ShotEvent]:
    """A resting ball set off with no hitter, hit by a mover seen once between two turns: the mover's piece across
    the set-off begins on a sighting less than a frame before it that the rest of the piece, carried back, misses
    by more than ``kink_tolerance`` (the turn at the hit lies after it, but one quadratic over the later sightings
    bent far enough to keep it), and from that sighting the mover could reach the place it hit from (two radii
    behind the struck ball along the way it left) by the set-off at the speed it came in at. Held-out ho52
    rails-491, 30 fps: the cue ball came off the left cushion, was seen once 24 mm short of the resting 2, cut it
    between frames and went on the other way; that sighting joined the piece after the cut, which at the 2's
    set-off lay 71 mm off it, and the shot had no first contact. Timed at the set-off."""
    R = ctx.geometry.ball_radius
    dt = ctx.frame_dt
    out: list[ShotEvent] = []
    for b, path_b in paths.items():
        for tk, pre, post in _kinks(path_b):
            if (not _resting(pre, tk, cfg) or post.speed(post.t0) <= cfg.moving_speed or pre.n < 3
                    or _hit_times(collisions + out, b, tk - 2 * dt, tk + dt)):
                continue
            spot = pre.pos(pre.t1)
            u = post.pos(post.t0) - spot
            size = float(np.linalg.norm(u))
            if size < 1e-6:
                continue
            u = u / size
            behind = spot - 2 * R * u
            found = []
            for a, path_a in paths.items():
                if a == b:
                    continue
                k = path_a.index_at(tk)
                pc = path_a.pieces[k]
                if k == 0 or not (tk - dt <= pc.t0 < tk) or pc.n < 7:
                    continue
                rest = without_first(path_a, pc)  # (None without the sightings, so xy_obs is there below)
                if rest is None:
                    continue
                assert path_a.xy_obs is not None
                p0 = path_a.xy_obs[pc.i0]
                if float(np.linalg.norm(rest.pos(pc.t0) - p0)) <= cfg.kink_tolerance:
                    continue
                came = path_a.pieces[k - 1]
                v_in = max(came.speed(came.t1), rest.speed(pc.t0))
                reach = float(np.linalg.norm(behind - p0))
                if v_in <= cfg.moving_speed or reach > v_in * (tk - pc.t0) + cfg.contact_tolerance:
                    continue
                if float((behind - p0) @ u) < -cfg.contact_tolerance:
                    continue  # it would have come at the ball from the side the ball left toward
                found.append(a)
            if len(found) == 1:
                a = found[0]
                out.append(ShotEvent(t=tk, type="collision", balls=(min(a, b), max(a, b)), confidence=0.6))
    return out


def _nudge_of(b: int, p_rest: np.ndarray, pc: Piece, paths: dict[int, BallPath], collisions: list[ShotEvent],
              tb: np.ndarray, xb: np.ndarray, ctx: ShotContext, cfg: EventConfig) -> ShotEvent | None:
    """``_nudged`` for one resting piece of ball ``b`` (resting at ``p_rest``): the contact, or None."""
    R = ctx.geometry.ball_radius
    dt = ctx.frame_dt
    g = ctx.geometry
    best: tuple[float, int] | None = None
    for a, path_a in paths.items():
        if a == b:
            continue
        lo, hi = max(pc.t0, path_a.t_first, ctx.t_start), min(pc.t1 + 3 * dt, path_a.t_last)
        if hi - lo < dt:
            continue
        ts = np.arange(lo, hi, 0.001)
        d = np.linalg.norm(path_a.pos(ts) - p_rest, axis=1)
        if float(d.min()) > 2 * R + cfg.contact_tolerance:
            continue
        touch = np.flatnonzero(d <= 2 * R)
        tc = float(ts[touch[0]] if len(touch) else ts[int(np.argmin(d))])
        if best is None or tc < best[0]:
            best = (tc, a)
    if best is None:
        return None
    tc, a = best
    path_a = paths[a]
    if _hit_times(collisions, b, tc - 0.5, tc + cfg.nudge_span):
        return None
    n = p_rest - path_a.pos(tc)
    n = n / max(float(np.linalg.norm(n)), 1e-9)
    t_in = tc - 2 * dt
    if float(path_a.piece_at(t_in).vel(t_in) @ n) < cfg.moving_speed / 4:
        return None  # not heading toward it
    for c, path_c in paths.items():  # another ball beside it, at rest, could have passed a blow on
        if c not in (a, b) and path_c.t_first <= tc <= path_c.t_last and \
                float(np.linalg.norm(path_c.pos(tc) - p_rest)) <= 2 * R + cfg.contact_tolerance:
            return None
    before = (tb >= tc - 0.3) & (tb < tc - 0.5 * dt)
    if int(before.sum()) < 5 or float(np.linalg.norm(xb[before] - p_rest, axis=1).max()) > cfg.nudge_move / 2:
        return None  # not seen still where it lay
    after = np.flatnonzero((tb > tc) & (tb <= tc + cfg.nudge_span))
    clear = np.array([i for i in after
                      if float(np.linalg.norm(path_a.pos(tb[i]) - xb[i])) > 2 * R + cfg.nudge_clear], dtype=int)
    moves = xb[clear] - p_rest
    size = np.linalg.norm(moves, axis=1)
    left = np.flatnonzero(size >= cfg.nudge_move / 2)
    if not len(left) or tb[clear[left[0]]] > tc + 4 * dt:
        return None  # it did not leave its place as the passer went by
    run = size >= cfg.nudge_move
    if len(run) < 3 or not np.any(run[:-2] & run[1:-1] & run[2:]):
        return None  # no three sightings in a row off its place: a stray detection or two
    k0 = int(np.argmax(run))
    if float(np.linalg.norm(xb[clear[k0:]] - xb[clear[k0]], axis=1).max()) < cfg.nudge_roll:
        # already still where it was first seen off its place, with the passer just clear: a ball pushed 5 mm or
        # more by a hit still rolls then (an estimate, at a rolling resistance of about 0.1 m/s^2: a push to 12 mm
        # takes half a second and has some 7 mm to go a tenth of a second in). Its detected centre moved, not the
        # ball: an arm or a blob over it left as the passer went by (held-out ho95 soft-922, 30/720p: the 10, partly covered and
        # seen 11 mm off its true place, was seen on it once the cue ball had passed 5 mm clear, and stayed)
        return None
    m0 = moves[k0]
    # pushed along the line of centres, or (a ball within a ball's width of a cushion that it was pushed into)
    # already back off it: that push mirrored in the cushion
    ways = [n] + [n - 2 * float(n @ _INWARD[r]) * _INWARD[r] for r, dist in _rail_dist(g, p_rest[None]).items()
                  if float(dist[0]) - R <= 2 * R and float(n @ _INWARD[r]) < 0]
    if not any(float(m0 @ w) >= 0.5 * float(np.linalg.norm(m0)) for w in ways):
        return None
    return ShotEvent(t=tc, type="collision", balls=(min(a, b), max(a, b)), confidence=0.5)


def _drop_ghost_tail(path: BallPath, dt: float, cfg: EventConfig) -> BallPath:
    """A ball lost while moving and "seen" again only once or twice long after (more than ``ghost_gap`` frames):
    those late sightings are another ball given its name (a ball resting in the jaws of the pocket it dropped
    into); the ball's own story ends where it was lost."""
    t, _ = _seen(path)
    if len(t) < 4:
        return path
    gaps = np.flatnonzero(np.diff(t) > cfg.ghost_gap * dt)
    if not len(gaps) or len(t) - 1 - int(gaps[-1]) > 2:
        return path
    t_cut = float(t[int(gaps[-1])])
    cut = truncate(path, t_cut)
    if cut is None:
        return path
    pre = cut.pieces[-1] if cut.pieces[-1].n > 1 or len(cut.pieces) == 1 else cut.pieces[-2]
    ts, xs = _seen(cut)
    # moving also when its last step goes beyond the sightings' noise (``chord_move``): struck on the frame before it
    # was lost, its last piece may be that one sighting and the one before it the resting piece (held-out ho45
    # eight-ball-rack-132 at 25.0 s in review: the 10, hit beside foot-left and seen twice rolling in at 1.6 m/s,
    # was "seen" once more 0.47 s later 53 cm up the foot cushion, the resting 2 scored as the 10; its pocket was
    # lost and the turn passed)
    stepped = len(ts) >= 2 and float(np.linalg.norm(xs[-1] - xs[-2])) >= max(
        cfg.chord_move, cfg.moving_speed * float(ts[-1] - ts[-2]))
    if pre.speed(pre.t1) < cfg.moving_speed and not stepped:
        return path  # it was resting when lost (hidden under an arm): the later sightings may well be it
    return cut


def _cue_contact(e: ShotEvent) -> bool:
    """A contact of the cue ball: its collision with a ball, or its cushion."""
    return bool((e.balls and CUE in e.balls) or (e.type == "cushion" and e.ball == CUE))


def infer_events(paths: dict[int, BallPath], ctx: ShotContext,
                 cfg: EventConfig | None = None) -> tuple[list[ShotEvent], dict[str, object]]:
    """All events of one shot, in time order, and notes (close calls, hidden balls) for the record's extras."""
    cfg = cfg or EventConfig()
    paths = {b: _drop_ghost_tail(p, ctx.frame_dt, cfg) for b, p in paths.items()}
    events: list[ShotEvent] = []
    cue = paths.get(CUE)
    t_strike = ctx.t_start
    cue_kinks = _kinks(cue) if cue is not None else []
    strike_kink = _strike_kink(cue_kinks, cfg)
    if strike_kink is not None:
        t_strike = strike_kink
    collisions = _collisions(paths, ctx, cfg)
    collisions = sorted(collisions + _kisses(paths, collisions, ctx, cfg), key=lambda e: e.t)
    collisions = sorted(collisions + _nudged(paths, collisions, ctx, cfg), key=lambda e: e.t)
    collisions = sorted(collisions + _lone_turn_hit(paths, collisions, ctx, cfg), key=lambda e: e.t)
    hidden_strike = _hidden_strike(paths, ctx, cfg)
    strike_conf = 0.9 if cue is not None else 0.3
    if hidden_strike is not None and hidden_strike[1] is not None:
        t_strike, first = hidden_strike
        assert first is not None
        # cue-ball contacts inferred across the hidden gap from misleading pieces give way to this one
        collisions = [c for c in collisions if not (c.balls and CUE in c.balls and c.t <= first.t + ctx.frame_dt)]
        collisions = sorted([*collisions, first], key=lambda e: e.t)
        strike_conf = 0.5
    pushed = _pushed_first(paths, t_strike, ctx, cfg) if hidden_strike is None or hidden_strike[1] is None else None
    if pushed is not None:
        # struck before the ball it pushed left (its own kink only once it came back off it); the contact is kept
        # unless the pieces already named that pair there
        t_strike = pushed.t - 0.25 * ctx.frame_dt
        if not any(c.balls == pushed.balls and abs(c.t - pushed.t) <= 2 * ctx.frame_dt for c in collisions):
            collisions = sorted([*collisions, pushed], key=lambda e: e.t)
    gap = _gap_contact(paths, ctx, t_strike, cfg)
    if gap is not None:
        t_a, t_b, first = gap
        cue_hits = [c for c in collisions if c.balls and CUE in c.balls and c.t > t_strike + 0.5 * ctx.frame_dt]
        earlier = [c for c in cue_hits if c.t <= t_a]
        in_gap = [c for c in cue_hits if t_a < c.t <= t_b + 1.5 * ctx.frame_dt]
        # not when the cue ball hit a ball before the gap, nor when this pair is already named from a frame before
        # the gap to its end (by the pieces, or by the hidden strike within the strike's half frame: ho33
        # eight-ball-rack-126 12.45 s, 30/720p, the (0, 15) found twice 4 ms apart)
        named = [c for c in collisions
                 if c.balls == first.balls and t_a - ctx.frame_dt <= c.t <= t_b + 1.5 * ctx.frame_dt]
        if not earlier and not named:
            # cue-ball contacts the pieces fitted across the gap suggest give way to the one on its line
            collisions = sorted([*(c for c in collisions if c not in in_gap), first], key=lambda e: e.t)
        elif not earlier and in_gap:
            # the pair named, but after another contact the pieces put first: it is retimed to where the line
            # meets it, and the others are kept (ho61 eight-ball-rack-148 36.6 s, 30/720p: the cue ball, seen once
            # between its strike and two contacts 11 ms apart, met the 15 and then the 11; the piece through both
            # sightings ran into the 11 head-on and named the 15 0.2 ms after it)
            head = min(in_gap, key=lambda e: e.t)
            if head.balls != first.balls and first.t < head.t:
                collisions = sorted([*(c for c in collisions if c not in named), first], key=lambda e: e.t)
    if (hidden_strike is None or hidden_strike[1] is None) and pushed is None and gap is None:
        # nothing above read a contact across the cue ball's gap: the struck ball's own way off may
        unseen = _set_off_unseen(paths, collisions, ctx, cfg)
        if unseen is not None:
            collisions = sorted([*collisions, unseen], key=lambda e: e.t)
            strike_conf = 0.5
    cushions = _cushions(paths, collisions, ctx, cfg)
    cushions += _rests_against(paths, cushions, ctx, cfg)
    cushions = _hugging(paths, cushions, collisions, ctx, cfg)
    departures, hidden = _departures(paths, ctx, cfg, collisions)
    for d in [d for d in departures if d.type == "cushion"]:
        departures.remove(d)  # a jaw touched on the way into a pocket
        # (the same rail only: a ball off a cushion beside the mouth meets the other rail's jaw a frame later)
        if not any(c.ball == d.ball and c.rail == d.rail and abs(c.t - d.t) < 2 * ctx.frame_dt for c in cushions):
            cushions.append(d)
    for d in [d for d in departures if d.type == "off_table" and d.rail is not None]:
        departures.remove(d)
        assert d.ball is not None and d.rail is not None
        if not any(c.ball == d.ball and c.rail == d.rail and abs(c.t - d.t) < 3 * ctx.frame_dt for c in cushions):
            cushions.append(ShotEvent(t=d.t, type="cushion", ball=d.ball, rail=d.rail, confidence=d.confidence))
        departures.append(ShotEvent(t=d.t + 1e-4, type="off_table", ball=d.ball, confidence=d.confidence))
    body = sorted(collisions + cushions + departures, key=lambda e: e.t)
    body = [e for e in body if e.t >= t_strike - ctx.frame_dt]
    if strike_kink is not None and t_strike == strike_kink:
        # the kink from rest is timed where the piece out of the first contact meets the rest; a contact found
        # before it (a cushion the cue ball met in the gap, ``_bounce_after_hit``) came after the strike: the strike
        # is put between the last resting sighting and that contact (ho50 kick-471 30/1080p: struck 11 cm off the
        # head cushion, the kink timed 8 ms after the cushion)
        first_cue = next((e for e in body if e.t < t_strike and _cue_contact(e)), None)
        rest_end = next(pre.t1 for tk, pre, _ in cue_kinks if tk == strike_kink)
        if first_cue is not None and rest_end < first_cue.t:
            t_strike = 0.5 * (rest_end + first_cue.t)
    events.append(ShotEvent(t=t_strike, type="strike", confidence=strike_conf))
    notes: dict[str, object] = {}
    close: list[dict[str, object]] = []
    cue_contacts = [i for i, e in enumerate(body) if _cue_contact(e)]
    for n, (i, j) in enumerate(zip(cue_contacts[:-1], cue_contacts[1:], strict=True)):
        apart = body[j].t - body[i].t
        # the cue ball's first two contacts, with two balls, within one frame interval: which came first is read
        # off the fitted paths between two frames, not seen, and the ruling may rest on it (ho83
        # eight-ball-rack-170, 30/720p, 34.3 s: the cue ball passed 1.7 mm from the 6 into the 12 and slid on into
        # the 6 16 ms later; its sighting 4.2 mm off its line put the 6 first, 22 ms before the 12, and the review
        # ruled a wrong-ball foul)
        opening = n == 0 and set(body[i].balls or ()) != set(body[j].balls or ())
        if apart < (max(cfg.close_call_s, ctx.frame_dt) if opening else cfg.close_call_s):
            close.append({"t": round(body[i].t, 6), "gap_ms": round(apart * 1000, 2),
                          "events": [body[i].to_dict(), body[j].to_dict()]})
            for k in (i, j):
                body[k] = ShotEvent(**{**body[k].__dict__, "confidence": min(body[k].confidence or 1.0, 0.45)})
    if close:
        notes["close_calls"] = close
    if hidden:
        notes["hidden"] = sorted(hidden)
    events.extend(body)
    events.append(ShotEvent(t=max(ctx.t_end, events[-1].t), type="rest", confidence=0.9))
    return events, notes
