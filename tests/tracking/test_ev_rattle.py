"""A ball rattling in a corner pocket's jaws (sixth round; pooltool dev scratch-1/-2/-4/-8/-10, break-8-2, bank-7
at 30/720p): it turns off one jaw, then the other, every frame or two, so its pieces are two-sighting chords and
no kink sits at the contacts; the kink rule found one or two of three or four. Each reversal between sightings
(the move into a sighting heads into a cushion, the move out heads away, the sighting at the nose) is a contact.
Made-up sightings fitted straight (no tracker)."""

from __future__ import annotations

import numpy as np
from madeup import FPS, G, run

from tracking.events import ShotContext, infer_events
from tracking.paths import BallPath, _piece, fit_path, kink_time

R = G.ball_radius
L, W = G.length, G.width


def rattle(t: np.ndarray) -> tuple[np.ndarray, list[tuple[float, str]]]:
    """Struck from rest at 1.5 s into the foot-right corner: right, foot, right, foot (the jaws' nose lines) at 1.866,
    1.902, 1.936, 1.992 s, then out, at rest from 2.6 s. Returns the centres and the contacts."""
    knots = [(0.0, (2.05, 1.02)), (1.5, (2.05, 1.02)), (1.866, (2.44, W - R)), (1.902, (L - R, W - R - 0.03)),
             (1.936, (L - R - 0.045, W - R)), (1.992, (L - R, W - R - 0.06)), (2.6, (L - R - 0.3, W - R - 0.5)),
             (9.0, (L - R - 0.3, W - R - 0.5))]
    tk = np.array([k[0] for k in knots])
    pk = np.array([k[1] for k in knots])
    xy = np.stack([np.interp(t, tk, pk[:, 0]), np.interp(t, tk, pk[:, 1])], axis=1)
    return xy, [(1.866, "right"), (1.902, "foot"), (1.936, "right"), (1.992, "foot")]


def test_every_jaw_of_a_rattle_is_a_contact() -> None:
    t = np.arange(0.0, 4.0, 1.0 / FPS)
    xy, truth = rattle(t)
    for seed in range(8):
        ev = run({0: xy}, t, {0}, seed)
        got = [(e.t, e.rail) for e in ev if e.type == "cushion"]
        assert [r for _, r in got] == [r for _, r in truth], (seed, got)
        assert max(abs(a - b) for (a, _), (b, _) in zip(got, truth, strict=True)) < 1.0 / FPS, (seed, got)


def test_a_ball_resting_by_a_cushion_jitters_without_contacts() -> None:
    """A resting ball 3 mm off a cushion whose sightings jump 11 mm in and out every frame (720p noise, 2.2 mm, is
    fitted with a 9.9 mm tolerance; an arm's edge over the ball): one resting piece, and no contact."""
    t = np.arange(0.0, 4.0, 1.0 / FPS)
    xy = np.tile([1.2, R + 0.009], (len(t), 1))
    xy[:, 1] += np.where(np.arange(len(t)) % 2 == 0, 0.0055, -0.0055)
    path = fit_path(3, t, xy, tolerance=4.5 * 0.0022)
    assert path is not None and len(path.pieces) == 1
    ctx = ShotContext(G, 1.0 / FPS, float(t[0]), float(t[-1]), {3}, {3})
    assert not [e for e in infer_events({3: path}, ctx)[0] if e.type == "cushion"]


def test_a_rattle_with_a_jaw_sighting_as_a_piece_of_its_own() -> None:
    """The same rattle cut as the piece search cuts a fast ball's short runs since round 47: the sighting at the
    foot jaw (1.9 s) a piece of one sighting, the three after it (right jaw, between, foot jaw) one line. A piece of
    one sighting has no speed of its own: its moves in and out are the chords to the pieces beside it. Read as a
    ball at rest, it hid the turns on either side (a cushion contact read as one the ball stopped dead against,
    timed at the sighting, and the reversals at 1.9 and 1.933 s skipped)."""
    t = np.arange(0.0, 4.0, 1.0 / FPS)
    xy, truth = rattle(t)
    cuts = [(0.0, 1.49), (1.5, 1.87), (1.89, 1.91), (1.92, 2.01), (2.02, 2.61), (2.62, 4.0)]
    for seed in range(8):
        obs = xy + np.random.default_rng(seed).normal(0.0, 0.0015, xy.shape)
        idx = [np.flatnonzero((t >= a) & (t <= b)) for a, b in cuts]
        pieces = tuple(_piece(t[i], obs[i], i, 0.03) for i in idx)
        assert [pc.n for pc in pieces][2:4] == [1, 3]
        path = BallPath(0, pieces, tuple(kink_time(a, b) for a, b in zip(pieces[:-1], pieces[1:], strict=True)),
                        t, obs)
        ctx = ShotContext(G, 1.0 / FPS, float(t[0]), float(t[-1]), {0}, {0})
        got = [(e.t, e.rail) for e in infer_events({0: path}, ctx)[0] if e.type == "cushion"]
        assert [r for _, r in got] == [r for _, r in truth], (seed, got)
        assert max(abs(a - b) for (a, _), (b, _) in zip(got, truth, strict=True)) < 1.0 / FPS, (seed, got)
