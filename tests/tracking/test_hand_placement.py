"""Balls moved by hand (a re-rack, a spotted ball) while the cue ball stays still are not a shot."""

import pytest

from adjudicator.records import Shot, ShotEvent
from tracking.shots import is_hand_placement


def _shot(cue_after: tuple[float, float] | None, events: list[ShotEvent]) -> Shot:
    after = {5: (2.0, 0.6)} if cue_after is None else {0: cue_after, 5: (2.0, 0.6)}
    return Shot(shot=1, t_start=0.0, t_end=1.0, before={0: (0.5, 0.5), 5: (1.5, 0.6)}, after=after,
                events=(ShotEvent(0.0, "strike"), *events, ShotEvent(1.0, "rest")))


@pytest.mark.parametrize("cue_after, events, expected", [
    ((0.5, 0.5), [ShotEvent(0.3, "collision", balls=(5, 7))], True),       # rack balls shuffled by hand
    ((0.5, 0.5), [], True),
    ((0.505, 0.5), [ShotEvent(0.2, "collision", balls=(0, 5))], False),    # soft touch on a frozen ball
    ((0.8, 0.5), [], False),                                               # cue ball moved: a miss, still a shot
    ((0.5, 0.5), [ShotEvent(0.2, "cushion", ball=0, rail="left")], False),
    (None, [ShotEvent(0.4, "pocket", ball=0, pocket="foot-left")], False),  # scratch
])
def test_hand_placement(cue_after, events, expected) -> None:
    assert is_hand_placement(_shot(cue_after, events)) is expected


def test_cue_ball_hidden_by_the_racking_arm_uses_where_it_last_rested() -> None:
    """A re-rack where the arm covered the cue ball through the pre-roll: where it rested after the last window
    stands in for `before`; a cue ball that really moved from there (a hidden strike) is a shot."""
    racked = Shot(shot=1, t_start=0.0, t_end=1.0, before={5: (1.5, 0.6)}, after={0: (0.5, 0.5), 5: (2.0, 0.6)},
                  events=(ShotEvent(0.0, "strike"), ShotEvent(0.3, "collision", balls=(5, 7)), ShotEvent(1.0, "rest")))
    assert is_hand_placement(racked, cue_before=(0.502, 0.5)) is True
    assert is_hand_placement(racked, cue_before=(0.9, 0.5)) is False
    assert is_hand_placement(racked) is False  # nothing known about the cue ball before: keep the shot



@pytest.mark.parametrize("moved, duration, expected", [
    (0.06, 0.1, True),    # ball in hand: 6 cm "in" 0.1 s would need 12 m/s^2
    (0.06, 0.6, False),   # a soft tap that touches nothing: 0.7 m/s^2, a real (foul) shot
    (0.30, 1.5, False),
])
def test_cue_ball_set_down_by_hand_is_not_a_shot(moved: float, duration: float, expected: bool) -> None:
    shot = Shot(shot=1, t_start=10.0, t_end=10.0 + duration, before={0: (0.5, 0.5)}, after={0: (0.5 + moved, 0.5)},
                events=(ShotEvent(10.0, "strike"), ShotEvent(10.0 + duration, "rest")))
    assert is_hand_placement(shot) is expected
    with_cushion = Shot(shot=1, t_start=10.0, t_end=10.0 + duration, before=shot.before, after=shot.after,
                        events=(ShotEvent(10.0, "strike"), ShotEvent(10.05, "cushion", ball=0, rail="left"),
                                ShotEvent(10.0 + duration, "rest")))
    assert is_hand_placement(with_cushion) is False  # it touched something: struck
