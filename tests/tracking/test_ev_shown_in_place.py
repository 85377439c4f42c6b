"""A ball flying off the rack blurred, scored as its neighbour, is still its own track's when that neighbour is seen
in its own place (``BallTracker._shown_in_place``; issue 5, pockets).

ho27x break-9-332 (60/720p): the break's 7 flew off the rack at 8 m/s and, missed on the contact frame, was next
found 20 cm off its spot, blurred, scored 0.66 as the 8 and 0.004 as the 7; the kicked 8 was seen 17 mm off its own
spot. Two rules kept the 7's (hidden) track off that detection as "surely another ball": a surely named hidden track
is not re-acquired far off by one, and the 8's track, still unmatched in the frame, claimed it. So the 7's track took
the 8 and the 8's track the 7, the 7's drop in side-right went to the 8's track (which took the 8 back 1 m from the
pocket 0.2 s later) and nobody was pocketed. At 60/1080p the same sighting scored 0.013 as the 7, above those rules'
0.01, and the tracks were right. The detections below are the 720p clip's (its cache, to the mm; two identity scores
each)."""

from __future__ import annotations

from tests.tracking.madeobs import frame
from tracking.tracker import BallTracker
from vision.geometry import TableGeometry

G = TableGeometry()
FPS = 60.0
RACK = [((1.906, 0.635), {1: 0.71, 5: 0.23}), ((1.956, 0.608), {6: 0.82, 14: 0.10}),
        ((2.005, 0.580), {3: 0.74, 11: 0.19}), ((1.956, 0.663), {5: 0.63, 1: 0.18}),
        ((2.007, 0.633), {9: 0.67, 13: 0.18}), ((2.052, 0.611), {2: 0.71, 10: 0.28}),
        ((2.004, 0.691), {7: 0.58, 3: 0.14}), ((2.055, 0.661), {8: 0.74, 10: 0.05}),
        ((2.101, 0.635), {4: 0.86, 12: 0.11})]
CUE = ((0.525, 0.393), {0: 0.53, 10: 0.13})
# the struck cue ball's blur, found as two circles a frame, on its way to the 1
BLUR = [((0.561, 0.397), (0.626, 0.409)), ((0.777, 0.436), (0.844, 0.446)), ((1.057, 0.485), (0.993, 0.476)),
        ((1.269, 0.521), (1.203, 0.510)), ((1.485, 0.559), (1.437, 0.551)), ((1.696, 0.595), (1.634, 0.586))]
CONTACT = [((1.846, 0.624), {0: 0.79, 12: 0.05}), ((2.055, 0.661), {8: 0.48, 2: 0.08}),
           ((1.904, 0.631), {1: 0.78, 5: 0.20}), ((2.107, 0.629), {4: 0.88, 2: 0.03}),
           ((2.055, 0.607), {2: 0.85, 10: 0.13})]
AFTER = [
    [((2.103, 0.862), {8: 0.66, 4: 0.28, 7: 0.004}), ((2.012, 0.634), {9: 0.65, 1: 0.17}),
     ((2.188, 0.582), {4: 0.71, 12: 0.22}), ((2.033, 0.528), {7: 0.40, 3: 0.27}),
     ((2.061, 0.677), {8: 0.35, 10: 0.13}), ((1.968, 0.593), {6: 0.79, 14: 0.13}),
     ((1.957, 0.665), {5: 0.60, 3: 0.14}), ((1.900, 0.621), {1: 0.70, 5: 0.25}),
     ((1.831, 0.619), {0: 0.88, 10: 0.03}), ((2.081, 0.620), {2: 0.82, 10: 0.17})],
    [((2.058, 0.487), {7: 0.37, 3: 0.31}), ((2.182, 0.998), {8: 0.78, 4: 0.12, 7: 0.006}),
     ((2.018, 0.635), {9: 0.72, 1: 0.11}), ((1.958, 0.667), {5: 0.66, 1: 0.14}),
     ((2.264, 0.539), {4: 0.86, 12: 0.06}), ((2.065, 0.689), {8: 0.24, 2: 0.13}),
     ((1.895, 0.608), {1: 0.73, 5: 0.23}), ((1.814, 0.613), {0: 0.88, 10: 0.03}),
     ((1.975, 0.580), {6: 0.87, 14: 0.05}), ((2.117, 0.606), {2: 0.75, 10: 0.24})],
    [((2.084, 0.446), {7: 0.45, 3: 0.33}), ((2.259, 1.137), {8: 0.71, 4: 0.19, 7: 0.006}),
     ((1.889, 0.595), {1: 0.68, 5: 0.27}), ((1.958, 0.668), {5: 0.60, 3: 0.15}),
     ((2.342, 0.494), {4: 0.59, 12: 0.36}), ((2.027, 0.635), {9: 0.62, 1: 0.17}),
     ((2.070, 0.700), {8: 0.29, 10: 0.11}), ((1.796, 0.609), {0: 0.75, 10: 0.06}),
     ((1.985, 0.569), {6: 0.88, 14: 0.05}), ((2.134, 0.607), {2: 0.53, 10: 0.46})],
]
SEVEN = [(2.103, 0.862), (2.182, 0.998), (2.259, 1.137)]
EIGHT = [(2.061, 0.677), (2.065, 0.689), (2.070, 0.700)]


def _named(tracker: BallTracker) -> dict[int, list[tuple[float, float]]]:
    return {tr.ball: tr.xy for tr in tracker.tracks if tr.ball is not None}


def _break(tracker: BallTracker, after: list[list], rack: list | None = None, contact: list | None = None) -> None:
    k = 0
    for _ in range(60):  # the rack and the cue ball at rest
        tracker.update(frame(k, FPS, [*(RACK if rack is None else rack), CUE]))
        k += 1
    for a, b in BLUR:
        tracker.update(frame(k, FPS, [*(RACK if rack is None else rack), (a, {4: 0.20, 12: 0.18}),
                                      (b, {12: 0.25, 4: 0.15})]))
        k += 1
    tracker.update(frame(k, FPS, CONTACT if contact is None else contact))  # the 7 (and most of the rack) missed
    k += 1
    for dets in after:
        tracker.update(frame(k, FPS, dets))
        k += 1


def test_the_seven_flying_off_scored_as_the_eight_stays_the_sevens() -> None:
    tracker = BallTracker(G, "nine-ball")
    _break(tracker, AFTER)
    named = _named(tracker)
    assert [tuple(p) for p in named[7][-3:]] == SEVEN
    assert [tuple(p) for p in named[8][-3:]] == EIGHT


def test_with_no_track_of_the_eight_the_sevens_hidden_track_is_not_re_acquired_by_it() -> None:
    # guard: where the ball a detection surely shows is not seen in its place (here it has no track: the 8 left the
    # table on an earlier shot; a ball put back at a re-rack, or the one a jump shot's cue ball lands beside, unseen
    # as it flies off), a surely named hidden track is still not re-acquired 20 cm off by that detection
    tracker = BallTracker(G, "nine-ball")
    tracker.remove_ball(8)
    eight = [(2.055, 0.661), *EIGHT]
    _break(tracker, [[d for d in dets if tuple(d[0]) not in eight] for dets in AFTER[:1]],
           rack=[d for d in RACK if tuple(d[0]) not in eight], contact=[d for d in CONTACT if tuple(d[0]) not in eight])
    named = _named(tracker)
    assert 8 not in named and 7 in named
    assert tuple(named[7][-1]) != SEVEN[0]
