"""Facts the rules need, derived from a shot's events (the tracker reports events and never pre-judges these).

Each function is a small named predicate over the event list, shared by every game.
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.records import CUE_BALL, Shot, ShotEvent


@dataclass(frozen=True)
class ShotFacts:
    """What happened in one shot, in the terms the rule books use."""

    first_contact: int | None  # first object ball the cue ball touched
    first_contact_t: float | None
    first_contact_confidence: float | None
    split_with: frozenset[int]  # other object balls the cue ball met within the split-hit window of its first contact
    rail_after_contact: bool  # any ball (cue or object) touched a cushion after the first contact
    object_balls_to_rail: frozenset[int]  # object balls that touched a cushion at any time in the shot
    pocketed: tuple[int, ...]  # object balls pocketed, in order
    pocket_of: dict[int, str]
    scratch: bool  # cue ball pocketed
    off_table: tuple[int, ...]  # balls (cue ball included) that left the table
    cue_off_table: bool
    rails_touched_by: dict[int, tuple[str, ...]]  # rails each ball touched after the first contact
    low_confidence: bool  # some event the ruling may rest on has confidence < 0.5 (``_matters``)


def _collides_with_cue(e: ShotEvent) -> int | None:
    if e.type == "collision" and e.balls is not None and CUE_BALL in e.balls:
        other = e.balls[1] if e.balls[0] == CUE_BALL else e.balls[0]
        return other
    return None


def first_contact(shot: Shot) -> ShotEvent | None:
    """The cue ball's first collision with an object ball, or None when it touched none."""
    for e in shot.events:
        if _collides_with_cue(e) is not None:
            return e
    return None


def split_hit(shot: Shot, first: ShotEvent, window: float) -> frozenset[int]:
    """Object balls other than the first the cue ball met within ``window`` seconds of its first contact: a split
    hit, whose order no footage can settle (the tracker times contacts to a few milliseconds)."""
    first_ball = _collides_with_cue(first)
    return frozenset(b for e in shot.events if (b := _collides_with_cue(e)) is not None and b != first_ball
                     and first.t <= e.t <= first.t + window)


def _matters(e: ShotEvent, shot: Shot, sure: float, fc_t: float | None, split_window: float) -> bool:
    """Whether a ruling can rest on ``e``: leaving it out could change a fact a rule reads. Object balls meeting each
    other change none; the cue ball's contacts after the first (and past a split hit's window) change none; a cushion
    after the first contact changes none when the same ball touched a rail after it on a surer event (the same rail,
    for a ball frozen to a cushion before the shot). Cushions before the contact stay (the kitchen rules read them),
    as do the strike, pockets and balls off the table."""
    if e.type == "collision":
        return e.balls is not None and CUE_BALL in e.balls and (fc_t is None or e.t <= fc_t + split_window + 1e-9)
    if e.type == "cushion" and fc_t is not None and e.t >= fc_t:
        own = [o for o in shot.events if o is not e and o.type == "cushion" and o.ball == e.ball and o.t >= fc_t
               and (o.confidence is None or o.confidence >= sure)]
        # a rail after contact, and each ball's reaching a rail (object balls to a rail, the cue ball to one), rest
        # on it unless surer cushions say the same; which rail only matters for a frozen ball (it must leave its own)
        return not own or (e.ball in shot.frozen and not any(o.rail == e.rail for o in own))
    return e.type != "rest"


def _rests_on_doubt(shot: Shot, review_below: float, fc_t: float | None, split_window: float) -> bool:
    """SCHEMA.md: a ruling that rests on a low-confidence event asks for review. A record whose own confidence is low
    for a reason beyond its events (below every event's: the tracker's doubt about an identity) asks too."""
    low = [e for e in shot.events if e.confidence is not None and e.confidence < review_below]
    if shot.confidence is not None and shot.confidence < review_below and \
            all(e.confidence is None or e.confidence > shot.confidence + 1e-9 for e in shot.events):
        return True
    return any(_matters(e, shot, review_below, fc_t, split_window) for e in low)


def derive(shot: Shot, review_below: float = 0.5, split_window: float = 0.0) -> ShotFacts:
    """All shared facts of a shot in one pass over its events."""
    fc = first_contact(shot)
    fc_ball = _collides_with_cue(fc) if fc else None
    fc_t = fc.t if fc else None
    split = split_hit(shot, fc, split_window) if fc is not None and split_window > 0 else frozenset()
    rail_after = False
    to_rail: set[int] = set()
    rails_by: dict[int, list[str]] = {}
    pocketed: list[int] = []
    pocket_of: dict[int, str] = {}
    off: list[int] = []
    scratch = False
    for e in shot.events:
        if e.type == "cushion" and e.ball is not None:
            if e.ball != CUE_BALL:
                to_rail.add(e.ball)
            if fc_t is not None and e.t >= fc_t:
                rail_after = True
                rails_by.setdefault(e.ball, [])
                if e.rail and e.rail not in rails_by[e.ball]:
                    rails_by[e.ball].append(e.rail)
        elif e.type == "pocket" and e.ball is not None:
            if e.ball == CUE_BALL:
                scratch = True
            elif e.ball not in pocket_of:
                pocketed.append(e.ball)
                pocket_of[e.ball] = e.pocket or ""
        elif e.type == "off_table" and e.ball is not None and e.ball not in off:
            off.append(e.ball)
    low = _rests_on_doubt(shot, review_below, fc_t, split_window)
    return ShotFacts(
        first_contact=fc_ball, first_contact_t=fc_t, first_contact_confidence=fc.confidence if fc else None,
        split_with=split,
        rail_after_contact=rail_after, object_balls_to_rail=frozenset(to_rail), pocketed=tuple(pocketed),
        pocket_of=pocket_of, scratch=scratch, off_table=tuple(off), cue_off_table=CUE_BALL in off,
        rails_touched_by={b: tuple(r) for b, r in rails_by.items()}, low_confidence=low,
    )
