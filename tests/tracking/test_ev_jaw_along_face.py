"""A ball struck from rest into a corner, its line running along the near jaw's straight face (ho16 scratch-260's 9
into head-left at 1.6 m/s, 60 fps: its real detections at 1080p and 720p, no noise added; truth: a clean drop at
2.5415 s, 2.7 mm clear of the left jaw). The seen line comes within ``jaw_slack`` of the left jaw's face (0.9 and
0.1 mm), 0.7 and 3.5 degrees off parallel to it, and the ball is seen twice more going on along it: nothing of its
speed into the jaw, no glance (``_along_face``). tracking.paths and tracking.events alone."""

from __future__ import annotations

import numpy as np
import pytest
from madeup import PIPE_TOLERANCE, G

from tracking.events import EventConfig, ShotContext, infer_events
from tracking.paths import fit_path

FPS = 60.0
REST = {"1080p": [0.199, 0.1324], "720p": [0.1985, 0.1326]}
MOVING = {"1080p": [[0.1991, 0.1324], [0.178, 0.1156], [0.1539, 0.0966], [0.1308, 0.0778], [0.109, 0.06],
                    [0.0822, 0.0395], [0.0635, 0.0238], [0.0435, 0.0058]],
          "720p": [[0.1997, 0.1329], [0.1792, 0.1159], [0.1532, 0.0968], [0.131, 0.0775], [0.1057, 0.0592],
                   [0.0823, 0.041], [0.0616, 0.0233], [0.0446, 0.0051]]}


def _events(res: str, cfg: EventConfig | None = None) -> list[tuple[str, str | None, str | None]]:
    t = np.round(2.25 + np.arange(43) / FPS, 4)  # at rest to 2.4167, moving to 2.5333, then unseen to 2.95
    xy = np.full((len(t), 2), np.nan)
    xy[:10] = REST[res]
    xy[10:18] = MOVING[res]
    path = fit_path(9, t, xy, tolerance=PIPE_TOLERANCE)
    assert path is not None
    ctx = ShotContext(G, 1.0 / FPS, float(t[0]), float(t[-1]), {9}, set())
    est, _ = infer_events({9: path}, ctx, cfg)
    return [(e.type, e.rail, e.pocket) for e in est if e.type in ("cushion", "pocket")]


@pytest.mark.parametrize("res", ["1080p", "720p"])
def test_a_line_along_a_jaws_face_within_the_slack_drops_clean(res: str) -> None:
    got = _events(res)
    assert got == [("pocket", None, "head-left")], got


def test_without_the_rule_the_face_within_the_slack_is_a_glance() -> None:
    # 720p: the seen line comes within the slack of the face before its last sighting. The line through the
    # sightings before that point passes clear of the jaw too (``_ran_clear_before``), so both rules are off here
    got = _events("720p", EventConfig(jaw_along=0.0, jaw_pre=np.inf))
    assert ("cushion", "left", None) in got, got


def test_the_line_before_the_slack_passes_clear_so_no_glance_either() -> None:
    got = _events("720p", EventConfig(jaw_along=0.0))
    assert got == [("pocket", None, "head-left")], got


def test_at_1080p_the_line_is_still_closing_at_its_last_sighting() -> None:
    # 1080p: the seen line reaches the slack only at its last sighting, still closing, and carried on passes clear:
    # a clean drop without ``_along_face`` too (round 23, tests/tracking/test_ev_jaw_still_closing.py)
    got = _events("1080p", EventConfig(jaw_along=0.0))
    assert got == [("pocket", None, "head-left")], got
