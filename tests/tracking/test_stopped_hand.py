"""A track not known to be a ball that has been hidden past ``stop_after`` makes no collision hypothesis (issue 5,
first contact; ``BallTracker._collision_hypotheses``).

ho59x bank-563 at 60/720p (scored held-out, now dev; fixture ``stopped_hand_b563.json``, the detections 0.4-3.8 s,
nine-ball with the 0, 6 and 8): the player's back hand on the cue was found as a ball from 0.65 s and its track,
never named, was lost at 2.65 s by the left rail. Its prediction had frozen 25 cm on, and the straight move from its
last sighting to there ran into the cue ball's last sighting as the cue ball came off the head rail at 3.6 s: the
hypothesis put the hand's track 3.7 cm from the cue ball's detection, cheaper than the cue ball's own track (its
prediction still running into the cushion), which it took; named the cue ball 0.9 s later, the hand's path became
the cue ball's and the shot had no strike and no first contact (both 60 fps grids)."""

from __future__ import annotations

from pathlib import Path

from madeobs import track_from, tracked_fixture

FIX = Path(__file__).parent / "fixtures"


def test_the_cue_ball_keeps_its_track_off_the_head_rail() -> None:
    tracker = tracked_fixture(FIX / "stopped_hand_b563.json", "nine-ball", {0, 6, 8})
    cue = track_from(tracker, (1.4956, 0.4986), 0.005)
    assert cue.times[-1] > 3.79 and cue.xy[-1][0] > 0.2, "the cue ball's track followed it back off the head rail"
    hand = track_from(tracker, (0.321, 0.045), 0.01)
    assert max(hand.times) < 2.7 and min(x for x, _ in hand.xy) > 0.25, "the hand's track took no ball"
