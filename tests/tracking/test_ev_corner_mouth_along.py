"""A ball running into a side cushion by a corner pocket's mouth and on along it into the pocket (ho16
break-9-260's 2: into the right cushion at 0.23-0.3 m/s by foot-right, touching it at 3.4809 s, then on along it
2-4 mm past its nose line at 0.22 m/s and into the pocket at 3.82 s). The detector scatters the ball there:

- at 60/1080p the kink after the touch, where two short pieces' polynomials cross, lies 8.3 mm past the nose
  line, past every sighting near it (at most 2.6 mm past, the scatter a few mm): it was taken for a jaw past the
  nose and its time (3.5369 s, 56 ms late) for the contact's. Only a kink a sighting confirms that deep is timed
  so (``_seen_depth``); this one is timed where the earlier piece reaches the nose (3.488 s);
- at 60/720p, on its way in 39-48 mm off the nose, the sightings zig-zag 8-11 mm either side of its track, and
  two two-sighting pieces, the later one carried a frame back, reached the cushion: a false right contact from
  ``_corner_pair`` at 3.2709 s. No sighting within a frame of it lies within a radius, ``rail_tolerance`` and a
  frame's run of the nose (``_seen_within_reach``).

The clip's sightings, one a frame (unseen: NaN), with a little extra noise, split into pieces where the clip's
pieces split (``tracking.paths._piece``)."""

from __future__ import annotations

import numpy as np
import pytest

import tracking.events as te
from tracking.events import EventConfig, ShotContext, infer_events
from tracking.paths import BallPath, _piece, kink_time
from vision.geometry import TableGeometry

G = TableGeometry()
FPS = 60.0
T_TOUCH = 3.4809
nan = np.nan
# the 2's sightings at 60/1080p from 3.2 s (frame 192); its pieces start at 3.5333 and 3.6833 s
AT_1080 = np.array([
    [2.4070, 1.1758], [2.4122, 1.1797], [2.4137, 1.1831], [2.4183, 1.1883], [2.4218, 1.1916], [2.4267, 1.1973],
    [2.4290, 1.2003], [2.4308, 1.2055], [2.4348, 1.2088], [2.4387, 1.2121], [2.4416, 1.2171], [2.4458, 1.2213],
    [2.4508, 1.2227], [2.4508, 1.2272], [2.4560, 1.2322], [2.4627, 1.2365], [2.4642, 1.2406], [2.4672, 1.2440],
    [2.4687, 1.2413], [2.4742, 1.2430], [2.4867, 1.2413], [2.4914, 1.2435], [2.4957, 1.2419], [2.4941, 1.2381],
    [2.4953, 1.2352], [2.4954, 1.2423], [2.5008, 1.2390], [2.5088, 1.2402], [2.5107, 1.2411], [2.5139, 1.2417],
    [2.5168, 1.2398], [nan, nan], [nan, nan], [nan, nan], [nan, nan], [nan, nan], [2.5335, 1.2401]])
# at 60/720p from 3.1167 s (frame 187) to 3.4833 s; its pieces start at 3.2667, 3.3 and 3.3333 s
AT_720 = np.array([
    [2.3927, 1.1542], [2.4011, 1.1593], [2.4013, 1.1630], [2.4032, 1.1686], [2.4049, 1.1705], [2.4078, 1.1750],
    [2.4118, 1.1817], [2.4162, 1.1850], [2.4189, 1.1879], [2.4392, 1.2025], [2.4287, 1.1932], [2.4455, 1.2134],
    [2.4344, 1.2010], [2.4371, 1.2083], [2.4425, 1.2097], [2.4472, 1.2144], [2.4503, 1.2169], [2.4529, 1.2220],
    [2.4653, 1.2299], [2.4679, 1.2321], [2.4693, 1.2346], [2.4607, 1.2341], [2.4659, 1.2409]])
CASES = {"1080": (AT_1080, 192, (20, 29)), "720": (AT_720, 187, (9, 11, 13))}


def _path(b: int, t: np.ndarray, xy: np.ndarray, cuts: tuple[int, ...]) -> BallPath:
    idx = np.arange(len(t))
    bounds = [0, *cuts, len(t)]
    pieces = []
    for i, j in zip(bounds, bounds[1:], strict=False):
        ok = idx[i:j][~np.isnan(xy[i:j, 0])]
        pieces.append(_piece(t[ok], xy[ok], ok))
    return BallPath(b, tuple(pieces), tuple(kink_time(a, c) for a, c in zip(pieces, pieces[1:], strict=False)), t, xy)


def _rights(case: str, seed: int, sigma: float = 0.0003) -> list[float]:
    track, frame, cuts = CASES[case]
    t = (frame + np.arange(len(track))) / FPS
    xy = track + np.random.default_rng(seed).normal(0.0, sigma, track.shape)
    paths = {2: _path(2, t, xy, cuts), 1: _path(1, t, np.tile([1.0, 0.6], (len(t), 1)), ())}
    ctx = ShotContext(G, 1.0 / FPS, 3.0, 4.3, {1, 2}, {1})
    ev, _ = infer_events(paths, ctx, EventConfig())
    return [e.t for e in ev if e.type == "cushion" and e.ball == 2 and e.rail == "right"]


@pytest.mark.parametrize("seed", range(4))
def test_the_first_right_contact_is_timed_at_the_touch(seed: int) -> None:
    rights = _rights("1080", seed)
    assert rights and abs(rights[0] - T_TOUCH) < 0.02, rights


@pytest.mark.parametrize("seed", range(4))
def test_without_the_sighting_check_the_deep_kink_times_it_late(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(te, "_seen_depth", lambda *a: -np.inf)
    assert min(abs(t - T_TOUCH) for t in _rights("1080", seed)) > 0.05


@pytest.mark.parametrize("seed", range(4))
def test_a_zig_zag_on_the_way_in_touches_nothing(seed: int) -> None:
    assert not [t for t in _rights("720", seed) if t < 3.4]


@pytest.mark.parametrize("seed", range(4))
def test_without_the_reach_check_the_zig_zag_is_a_contact(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(te, "_seen_within_reach", lambda *a: True)
    assert len([t for t in _rights("720", seed) if t < 3.4]) == 1
