"""Every ball on the table in one frame: sub-pixel centres, radius, confidence, identity evidence.

Why this design (a budget of a few ms per 1080p frame on one core):
- Only the table is looked at: a fixed crop around the cushion-nose rectangle, shrunk so a ball is ~5 px in
  radius. There the cloth is modelled per pixel (learnt from the first frame, so vignetting and any cloth
  colour are handled); "not cloth" is a ball, a hand, a cue, a chalk cube or a shadow.
- Balls are found as peaks of the distance transform of the not-cloth mask: a ball's peak is one radius high,
  which is what tells a ball from a cue (too thin), a hand or arm (too wide), a chalk cube or a speck (too
  small); touching balls keep separate peaks because the mask pinches between spheres.
- A peak is kept only where a ball centre can be: inside the nose rectangle, away from the pocket mouths (so
  never a pocket, diamond or the room).
- Each kept peak is refined at full resolution: a fixed-radius circle fitted to the ball's own cloth boundary
  (points shared with a touching neighbour are ignored), which gives sub-pixel centres without a full-res pass.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace

import cv2
import numpy as np

from vision import _jit, _jit_search, _jit_votes, region
from vision.calibration import TableCalibration
from vision.geometry import TableGeometry
from vision.region import RegionParams
from vision.types import N_IDS, BallObservations, Frame

TARGET_RADIUS_PX = 5.0  # ball radius at the working resolution
STREAK_CONFIDENCE = 0.4  # a ball smeared into a long streak (kind 6): found, but its place along the streak is a guess
LEAVE_CONFIDENCE = 0.4  # a ball seen past the nose line, leaving the table (``_leaving``): no circle fitted to it
MIN_CLUSTER_GAP = 1.5  # radii: the closest two k-means centres of a correctly split rack may come (blur, shadow)
SPLIT_TIE = 0.02  # radii: two splits of a blob whose outline fits differ by less fit it as well (the more balls win)
MAX_SCALLOP_DEVIATION = 0.25  # radii: how far a rack's outline may stray from its balls' circles (80th pct)
# A packed rack on a lattice (``_snap_to_lattice``): splits of this many centres or more (the 3-row triangle), a
# k-means centre within this share of a lattice cell of the consensus offset, a node whose disc is this much not
# cloth (dev clips' racks, first frames of ho6/ho7: tolerance 0.2 or fill 0.8 left 1-2 of those 4 racks wrong)
LATTICE_MIN = 6
LATTICE_TOL = 0.15
LATTICE_FILL = 0.7
# A rack's convex hull: its sides' directions agree modulo 60 degrees at least this much (|mean of exp(6i angle)|,
# weighted by length squared; blurred racks of dev seeds 201 and 481: 0.95-0.97)
LATTICE_HULL = 0.8


def _clip(a: np.ndarray, lo: float, hi: float) -> np.ndarray:
    """``np.clip`` for the hot path: the same values (NaN stays NaN), without ``np.clip``'s ~10 us of dispatch and
    dtype checks per call (it is called ~40 times a frame)."""
    return np.minimum(np.maximum(a, lo), hi)


def _gather(a: np.ndarray, yi: np.ndarray, xi: np.ndarray, flat: np.ndarray | None = None) -> np.ndarray:
    """``a[yi, xi]`` (an image, any channels, at in-range pixels) by ``take`` on the flat index (``flat``: it,
    when already made): the same values, at a third to a half of the cost of the 2-D fancy index. A cropped view
    (a region pass's window) is indexed as usual (flattening it would copy it)."""
    if not a.flags.c_contiguous:
        return a[yi, xi]
    if flat is None:
        flat = yi * a.shape[1] + xi
    return a.reshape(-1, *a.shape[2:]).take(flat, axis=0)


def _pixels(pts: np.ndarray, w: int, h: int) -> tuple[np.ndarray, np.ndarray]:
    """Nearest pixel (xi, yi) of points (..., 2), clipped into a w x h image: ``_clip(np.round(p).astype(int))``
    per coordinate, done on both at once (half the numpy calls; the same numbers)."""
    q = np.rint(pts).astype(np.intp)
    np.maximum(q, 0, out=q)
    np.minimum(q, (w - 1, h - 1), out=q)
    return q[..., 0], q[..., 1]


@dataclass
class DetectorParams:
    """Thresholds, in units of the ball radius or Lab distance; tuned on the dev data named in bench/vision.py.

    Attributes:
        fg_threshold: BGR distance across the cloth's colour direction above which a pixel is "not cloth".
        dark_fraction, bright_fraction: a pixel this much darker / brighter than the cloth (share of the cloth's
            brightness) is not cloth either; shadows are milder.
        min_peak: smallest distance-transform peak accepted, x radius (cue shafts, chalk and specks fall below).
        max_peak: largest accepted, x radius (hands and arms are wider than a ball).
        beside_votes: a ball pressed against a body or arm is kept when its outline votes this many times the
            usual threshold (see ``_beside``).
        body_radius, body_votes, body_fill: an outline spot the clutter test rejects is a ball pressed against an
            arm when, with the arm's mask (what a disc of ``body_radius`` radii fits inside) as its neighbour, the
            rest of its rings pass, ``body_fill`` of its disc lies off that mask and its outline votes
            ``body_votes`` x the threshold, and ``body_rim`` of the ring just outside its edge is cloth (see
            ``_against_body``).
        smear_solidity: a blob one ball wide and a little longer is one ball smeared by motion when it fills
            this share of its convex hull (two touching balls pinch in between).
        hole_weak_fill: a spot deep in a rack is a ball when this share of its disc is mildly off the cloth.
        static_diff, static_pixels: a frame is unchanged (the last detection is reused) when fewer than
            ``static_pixels`` working pixels on the table changed by more than ``static_diff`` levels
            (``region.change``: the channels' changes summed with the grey weights) since the last full detection.
        thin_peak, thin_elongation: a peak lower than this (x radius) amid pixels this elongated (ratio of the
            second moments) is a cue shaft, not a ball.
        bar_width, bar_fill: an outline spot is a cue's butt when the rings round it cross one straight not-cloth
            bar at most ``bar_width`` radii wide that fills at least ``bar_fill`` of its disc (see ``_bar_end``).
        min_separation: two centres closer than this (x radius) are one ball.
        edge_margin: how far (x radius) a centre may lie beyond the cushion nose line (calibration slack).
        pocket_clearance: a centre this close (m) to a pocket centre is the pocket, not a ball.
        cluster_fill: share of a rack's blob area that is ball (the rest: gaps and shadows between balls).
        cluster_solidity: a wide blob is split into balls only if it fills this share of its convex hull.
        cushion_width: m beyond the nose line watched for hands and cues reaching over the rail.
        pocket_dark: brightest channel below which a pocket-zone pixel is pocket (when it was dark when learnt).
        edge_min: Sobel magnitude (grey, working resolution) of an edge pixel that votes for a ball centre.
        symmetry_min: share of a ball's outline that must vote for its centre for a ball the colour test missed.
        outline_min_fill: least not-cloth share inside a ball found only by its outline (fingers and cue
            tips cast outlines on bare cloth).
        outline_weak_fill: or, failing that, least share of its disc mildly off the cloth's colour (a sphere's
            shading and highlight; see ``_weak_filled``).
        side_clearance: a centre this close (m) to a side pocket's centre is in it (its mouth is wider and
            lies beyond the nose line, so a ball on its lip is nearer than ``pocket_clearance``).
        jaw_inset: a centre past a nose line by up to a radius is in a corner pocket's jaws (a ball stopped there)
            when it lies within half the mouth less this many radii of the pocket's diagonal.
        jaw_peak, jaw_area: a ball in the jaws is a blob whose distance peak is at least this high (x radius) and
            whose area is at most this many balls' (``_jaw_balls``).
        faint_votes, faint_fill, faint_weak: a weaker outline (this share of the usual vote threshold: a ball of
            the cloth's colour smeared by motion) is a ball when this share of its disc is not cloth and this
            share mildly off the cloth's colour (``_faint_spots``).
        cloth_votes, cloth_weak: or, with no fill at all, when its votes reach this share of the threshold and
            this share of its disc is mildly off the cloth's colour (a maroon 7 at rest on red cloth).
        revote_apart: a peak the clutter test rejected is moved to its outline's votes and tested again only when no
            other rejected peak lies within this many radii (two or more along a blur streak, as a break's cue
            ball on the 2019 clips 11 and 12, each passed alone and became two balls; a hand too).
        split_weak_fit: a ball of a rack's split (kind 0) whose refined circle fits at least this well needs only
            ``outline_weak_fill`` of its disc mildly off the cloth's colour, not half of it not cloth (``_measure``:
            a cloth-coloured ball in a rack).
        tile_min, tile_cover, tile_solidity: a rack that was not split (``_rack_tiles``) holds at least ``tile_min``
            balls by its area, fills ``tile_solidity`` of its convex hull (less than a split needs: blurred balls
            fray it, 0.79 on dev seed 152 frame 22), and its distance peaks, outline spots and found balls leave at
            most 1 - ``tile_cover`` of it more than 1.25 radii from any of them.
        streak_min, streak_votes: a blob one ball wide that is longer than a smear (or has several distance peaks
            along it) is one ball smeared into a streak (2019 clip 14's pink ball, a break's cue ball) when it is at
            least ``streak_min`` radii long (two touching balls in line are 4; a still ball with a blurred one
            rolling against it 4.8-5.3 on the 2019 clips 1, 8 and 14) and holds at most one outline whose votes
            reach ``streak_votes`` x the threshold (a chain of touching still balls has one per ball, a smear
            none, a struck ball's sharp start one; ``_streak``).
        trail_min, trail_alpha, trail_across: a shorter blob, at least ``trail_min`` radii long, with exactly one
            such outline is one ball too when the rest of it is a translucent trail of that ball: its pixels'
            colour offsets from the cloth, split along the sharp ball's and across it (shares of the sharp
            ball's), reach at most ``trail_alpha`` along (90th percentile) and ``trail_across`` across (median).
            On every frame of the 18 2019 clips: the struck cue balls of clip 12 frame 0 and clip 8 frame 18
            0.57 / 0.05 and 0.61 / 0.06, a lone blurred cue ball (clip 2 frame 26) 0.76 / 0.08; touching pairs
            (a still ball, another blurred against it) 1.09-1.65 along, or 0.18-1.4 across (``_trail_share``).
        smear_width: a shorter blob with no such outline at all is one ball smeared over more than its width when
            its area over its length is at least this many radii (a ball-wide smear of 4-5 radii, round-ended, 1.8;
            a jump shot's ball at 10 m/s, 4.0-4.2 radii long, 1.67-1.69, and a break's cue ball at 60 fps, 4.3-4.6
            radii, 1.56-1.68, on dev set ho54x 60/720p; a band along a cushion's nose lit up with the whole view,
            1.0-1.3) and its narrowest across its middle half is at least ``smear_waist`` of its widest (those
            smears 0.89-0.97; two touching balls, one blurred a little and neither outline sharp against an arm,
            0.43). Touching still balls have a sharp outline each, a still ball with a blurred one against it one.
        faint_clutter, faint_ring_weak, faint_elongation: and when it stands alone on clear cloth: at most these
            shares of its rings not cloth / mildly off-cloth, its not-cloth pixels no band (``_clear_round``).
        low_peak: a distance peak lower than this (x radius) may lie off its ball's centre (a cloth-coloured
            band, a bite out of the blob); it moves to the peak of its outline's votes (``_recentre``).
        split_votes: a rack's k-means split starts from the points inside it whose outline votes reach this share
            of the usual threshold (``_blob_vote_peaks``).
        max_clutter: largest share of the rings around a ball that may be not-cloth unexplained by other balls
            (hands, arms and sleeves are cluttered; a ball on the cloth or in a rack is not).
        leave_near, leave_step, leave_peak: a ball of the last frame within ``leave_near`` (m) of a nose line is
            looked for past that line (over the cushion top, where the centre test does not let it be), at most
            ``leave_step`` radii away and further out, as a blob of one ball whose distance peak reaches
            ``leave_peak`` radii (``_leaving``: a ball jumping the rail, 2019 clip 11's cue ball), and whose disc,
            away from the ball's last place, was at most ``leave_new`` not cloth in the last frame, while at most
            ``leave_steady`` of the rest of the searched box (off every ball) changed since it.
        rail_band: a line along a rail (within 6 radii of its nose) that is not cloth over at least this share of
            the rail's length in the learnt frame is the table's (the foot of a far cushion's face seen from a
            high-angle end camera, UniPD game1_clip4), and the clutter test does not look at it (``_rail_bands``).
    """

    fg_threshold: float = 22.0
    dark_fraction: float = 0.45
    bright_fraction: float = 0.45
    min_peak: float = 0.55
    max_peak: float = 1.45
    min_separation: float = 1.3
    edge_margin: float = 0.25
    pocket_clearance: float = 0.058
    cluster_fill: float = 0.9
    cluster_solidity: float = 0.8
    max_clutter: float = 0.3
    pocket_dark: float = 60.0
    cushion_width: float = 0.04
    edge_min: float = 40.0
    symmetry_min: float = 0.45
    outline_min_fill: float = 0.03
    outline_weak_fill: float = 0.3
    thin_peak: float = 0.85
    static_diff: float = 24.0
    static_pixels: int = 6
    hole_weak_fill: float = 0.5
    smear_solidity: float = 0.93
    beside_votes: float = 1.6
    body_radius: float = 1.4
    body_votes: float = 1.2
    body_fill: float = 0.35
    body_rim: float = 0.1
    thin_elongation: float = 4.0
    bar_width: float = 1.3
    bar_fill: float = 0.25
    split_votes: float = 0.7
    side_clearance: float = 0.045
    jaw_inset: float = 0.5
    jaw_peak: float = 0.75
    jaw_area: float = 2.2
    faint_votes: float = 0.65
    faint_clutter: float = 0.1
    faint_ring_weak: float = 0.3
    faint_elongation: float = 6.0
    low_peak: float = 0.8
    faint_fill: float = 0.3
    faint_weak: float = 0.8
    cloth_votes: float = 0.7
    cloth_weak: float = 0.65
    revote_apart: float = 6.0
    tile_min: float = 4.0
    split_weak_fit: float = 0.9
    tile_cover: float = 0.85
    tile_solidity: float = 0.7
    streak_min: float = 5.4
    streak_votes: float = 1.6
    trail_min: float = 3.0
    smear_width: float = 1.4
    smear_waist: float = 0.75
    trail_alpha: float = 0.8
    trail_across: float = 0.12
    leave_near: float = 0.09
    leave_step: float = 5.0
    leave_peak: float = 0.7
    leave_new: float = 0.25
    leave_steady: float = 0.1
    rail_band: float = 0.6


@dataclass
class _Measured:
    """The balls of the last full detection, as measured (full-resolution centres, radii, the circle fit's
    share, identity scores), each with the working-resolution (colour) window it was measured against."""

    at: np.ndarray
    centres: np.ndarray
    radii: np.ndarray
    fit: np.ndarray
    ids: np.ndarray
    windows: list[tuple[int, int, int, int]]
    patches: list[np.ndarray]


class BallDetector:
    """Finds balls in frames from one fixed camera (see the module docstring for the method).

    Args:
        calibration: the camera's table calibration.
        identifier: object with ``fast_scores(image, centres_px, radii_px) -> (N, 16)`` (default: E's
            ``vision.identify.BallIdentifier`` when importable, else uniform scores); ``False`` for uniform.
        params: thresholds (``DetectorParams``).
    """

    def __init__(self, calibration: TableCalibration, identifier: object | None = None,
                 params: DetectorParams | None = None) -> None:
        _jit.require()  # CUEREF_NUMBA=1 without numba: one clear line, not a silent numpy path
        _jit.announce_compiles()  # one line on stderr when the kernels compile (first use, ~1-2 min)
        self.cal = calibration
        self.p = params or DetectorParams()
        self.geometry = calibration.geometry
        if identifier is None:
            try:
                from vision.identify import BallIdentifier

                identifier = BallIdentifier()
            except Exception:  # identification is optional for detection
                identifier = False
        self.identifier = identifier or None
        self._setup()
        self._bg: np.ndarray | None = None  # per-pixel cloth colour (basis coordinates) at working resolution

    # ----- geometry, fixed per camera ----------------------------------------------------------------------
    def _setup(self) -> None:
        cal, g = self.cal, self.geometry
        w, h = cal.image_size
        nose = cal.table_to_image([[0, 0], [g.length, 0], [g.length, g.width], [0, g.width]])
        r_px = float(np.median(cal.ball_radius_px([[g.length / 2, g.width / 2], [0.1, 0.1],
                                                   [g.length - 0.1, g.width - 0.1]])))
        self.r_full = r_px
        pad = 1.5 * r_px
        x0 = int(max(0, np.floor(nose[:, 0].min() - pad)))
        y0 = int(max(0, np.floor(nose[:, 1].min() - pad)))
        x1 = int(min(w, np.ceil(nose[:, 0].max() + pad)))
        y1 = int(min(h, np.ceil(nose[:, 1].max() + pad)))
        if x1 - x0 < 8 * r_px or y1 - y0 < 4 * r_px:
            from adjudicator.errors import CalibrationError

            raise CalibrationError("the calibrated table lies outside the frame; recalibrate (cueref calibrate)")
        self.roi = (x0, y0, x1, y1)
        self.scale = min(1.0, TARGET_RADIUS_PX / r_px)
        self.small_size = (max(1, round((x1 - x0) * self.scale)), max(1, round((y1 - y0) * self.scale)))
        self.r_small = r_px * self.scale
        # Where a ball's pixels may be: the nose polygon grown by a little (balls overhang nothing, but the
        # calibration may be a few mm off); everything else (rails, pockets, room) is masked out.
        grow = self.p.edge_margin * g.ball_radius
        poly = cal.table_to_image([[-grow, -grow], [g.length + grow, -grow], [g.length + grow, g.width + grow],
                                   [-grow, g.width + grow]])
        mask = np.zeros((self.small_size[1], self.small_size[0]), np.uint8)
        pts = (poly - [x0, y0]) * self.scale
        cv2.fillPoly(mask, [np.round(pts * 16).astype(np.int32)], 255, cv2.LINE_8, 4)
        self.table_mask = mask
        # Where a centre lies in a corner pocket's jaws (its mouth, from the jaw tips along the facings) past the
        # rectangle of centres ``_plausible`` allows anywhere: a ball stopped there (2019 clip 18's 4, its centre
        # 4 mm inside the foot nose) is looked for by ``_jaw_balls``. (Adding the jaws to ``table_mask`` instead
        # changed every blob reaching them: a sleeve over a corner was split into a "rack" that vouched for itself.)
        # Each corner's crop for that search: 3 radii round its jaws.
        jaws = np.zeros_like(mask)
        grow = 3 * float(r_px * self.scale)
        self._jaw_boxes = []
        for wedge in self._corner_wedges(g):
            wpts = (cal.table_to_image(wedge) - [x0, y0]) * self.scale
            cv2.fillPoly(jaws, [np.round(wpts * 16).astype(np.int32)], 255, cv2.LINE_8, 4)
            self._jaw_boxes.append((max(int(wpts[:, 0].min() - grow), 0), max(int(wpts[:, 1].min() - grow), 0),
                                    min(int(np.ceil(wpts[:, 0].max() + grow)) + 1, mask.shape[1]),
                                    min(int(np.ceil(wpts[:, 1].max() + grow)) + 1, mask.shape[0])))
        m = g.ball_radius * (1.0 - self.p.edge_margin)
        inner = cal.table_to_image([[m, m], [g.length - m, m], [g.length - m, g.width - m], [m, g.width - m]])
        cv2.fillPoly(jaws, [np.round((inner - [x0, y0]) * self.scale * 16).astype(np.int32)], 0, cv2.LINE_8, 4)
        self.jaw_mask = jaws
        # The cushion tops (cloth-coloured, a ball never reaches over them): something not-cloth there is a
        # hand, an arm or a cue reaching over the rail, which the clutter test must see.
        cw = self.p.cushion_width
        poly = cal.table_to_image([[-cw, -cw], [g.length + cw, -cw], [g.length + cw, g.width + cw],
                                   [-cw, g.width + cw]])
        cushion = np.zeros_like(mask)
        cv2.fillPoly(cushion, [np.round((poly - [x0, y0]) * self.scale * 16).astype(np.int32)], 255, cv2.LINE_8, 4)
        self.cushion_mask = cushion
        # The cushion band's outer rim: not-cloth joined to a blob on the table and reaching out to here comes from
        # beyond the rail (an arm, a sleeve, a cue), which a ball never does (``_over_rail``).
        self._rail_rim = cushion & ~cv2.erode(cushion, np.ones((3, 3), np.uint8), borderValue=255)
        # The expected ball radius at every working pixel: a camera at an angle sees near balls bigger.
        gy_, gx_ = np.mgrid[0:mask.shape[0]:8, 0:mask.shape[1]:8].astype(np.float64)
        full = np.stack([gx_, gy_], axis=-1) / self.scale + [x0, y0]
        rgrid = cal.ball_radius_px(cal.image_to_table(full)) * self.scale
        rgrid = np.nan_to_num(rgrid, nan=self.r_small).clip(0.4 * self.r_small, 3.0 * self.r_small)
        self.rmap = cv2.resize(rgrid.astype(np.float32), (mask.shape[1], mask.shape[0]),
                               interpolation=cv2.INTER_LINEAR)
        self._open_kernel = np.ones((2, 2), np.uint8)
        # Pocket zones: the pocket holes and liners are dark, not cloth, and reach the nose rectangle at the jaws;
        # there a pixel that is dark now and was dark in the learnt frame is pocket, not ball.
        self._zones: list[tuple[slice, slice, np.ndarray]] = []
        sh, sw = mask.shape
        for pk in g.pockets:
            c = (cal.table_to_image(pk.centre) - [x0, y0]) * self.scale
            rad = (pk.mouth / 2 + 0.06) * float(np.mean(cal.ball_radius_px(pk.centre))) / g.ball_radius * self.scale
            xa, ya = max(int(c[0] - rad), 0), max(int(c[1] - rad), 0)
            xb, yb = min(int(c[0] + rad) + 1, sw), min(int(c[1] + rad) + 1, sh)
            if xa >= xb or ya >= yb:
                continue
            yy, xx = np.mgrid[ya:yb, xa:xb]
            zone = ((xx - c[0]) ** 2 + (yy - c[1]) ** 2 <= rad * rad).astype(np.uint8)
            self._zones.append((slice(ya, yb), slice(xa, xb), zone))
        self._static: list[np.ndarray] = []
        # each pocket's centre, mouth and whether it is a side pocket, for _plausible (the geometry makes them anew)
        self._pockets = (np.array([pk.centre[0] for pk in g.pockets]), np.array([pk.centre[1] for pk in g.pockets]),
                         np.array([pk.mouth / 2 for pk in g.pockets]),
                         np.array([2 * g.ball_radius < pk.centre[0] < g.length - 2 * g.ball_radius for pk in g.pockets]))
        self._split_cache: dict[tuple[int, int, int, int], tuple[np.ndarray, np.ndarray, bool]] = {}
        # _jaw_balls' last answer per crop (whole-image box): the not-cloth crop and the balls found there
        self._jaw_cache: dict[tuple[int, ...], tuple[np.ndarray, list[tuple[float, float, float]]]] = {}
        self._win_off = (0, 0)  # the searched window's origin (working pixels) while a region pass crops to one
        self._ref: tuple[np.ndarray, BallObservations] | None = None  # the last detection and its (colour) image
        self._fg: np.ndarray | None = None  # the last foreground mask, which region passes update where they search
        self._region_passes = 0  # region passes since the last whole-table pass
        self._balls: _Measured | None = None  # its balls as measured, for reuse where nothing changed
        a = np.linspace(0, 2 * np.pi, 24, endpoint=False)
        self._ring = np.c_[np.cos(a), np.sin(a)]
        self._rings = np.concatenate([self._ring * 1.35, self._ring * 1.7])  # the clutter test's two rings (2K, 2)
        gy, gx = np.mgrid[-4:5, -4:5] / 4.0
        inside_disc = gx * gx + gy * gy <= 1.0
        self._disc = np.c_[gx[inside_disc], gy[inside_disc]]

    def _small(self, image: np.ndarray) -> np.ndarray:
        x0, y0, x1, y1 = self.roi
        return cv2.resize(image[y0:y1, x0:x1], self.small_size, interpolation=cv2.INTER_LINEAR)

    # ----- cloth model ---------------------------------------------------------------------------------------
    def learn_cloth(self, image: np.ndarray) -> None:
        """Per-pixel cloth colour from a frame: the dominant colour on the table, smoothed over the balls.

        Stored in a colour basis (e1, e2, u) where u is the cloth's colour direction: along u is brightness
        (shadows, vignetting), across it (e1, e2) is hue, so the per-frame test is two cheap OpenCV calls."""
        small_u8 = self._small(image)
        self._ref = None  # a new cloth model: nothing detected before it is reused
        self._balls = None
        # Pocket-zone pixels that were dark when learnt (all channels below ``pocket_dark``), inside the zone.
        lo, hi = (0, 0, 0), (int(np.ceil(self.p.pocket_dark)) - 1,) * 3
        self._static = [cv2.inRange(small_u8[ys, xs], lo, hi) & (zone * 255) for ys, xs, zone in self._zones]
        small = small_u8.astype(np.float32)
        inside = self.table_mask > 0
        med = np.median(small[inside], axis=0)
        # Cloth: the table's dominant colour direction, at any brightness a lamp's fall-off gives it (a colour
        # distance would keep only the cloth under the lamp).
        norm = np.linalg.norm(small, axis=-1) + 1e-6
        cos = (small @ (med / (np.linalg.norm(med) + 1e-6))) / norm
        ratio = norm / (np.linalg.norm(med) + 1e-6)
        near = np.linalg.norm(small - med, axis=-1) < 0.25 * np.linalg.norm(med) + 12
        cloth = (inside & (near | ((cos > np.cos(np.deg2rad(4.0))) & (ratio > 0.6) & (ratio < 1.6)))).astype(np.float32)
        u = med / max(float(np.linalg.norm(med)), 1.0)
        e1 = np.cross(u, [0.0, 0.0, 1.0] if abs(u[2]) < 0.9 else [1.0, 0.0, 0.0])
        e1 /= np.linalg.norm(e1)
        e2 = np.cross(u, e1)
        self._basis = np.array([e1, e2, u], dtype=np.float32)
        self._basis_rows = [np.ascontiguousarray(self._basis[i:i + 1]) for i in range(3)]
        q = cv2.transform(small, self._basis)
        size = int(round(8 * self.r_small)) | 1
        wsum = cv2.boxFilter(cloth, -1, (size, size), normalize=False, borderType=cv2.BORDER_REFLECT)
        qmed = self._basis @ med
        big = 4 * size + 1
        wbig = cv2.boxFilter(cloth, -1, (big, big), normalize=False, borderType=cv2.BORDER_REFLECT)
        bg = np.empty_like(q)
        for c in range(3):
            v = cv2.boxFilter(q[..., c] * cloth, -1, (size, size), normalize=False, borderType=cv2.BORDER_REFLECT)
            vb = cv2.boxFilter(q[..., c] * cloth, -1, (big, big), normalize=False, borderType=cv2.BORDER_REFLECT)
            far = np.where(wbig > 0.5, vb / np.maximum(wbig, 1e-6), qmed[c])  # fill big gaps (a rack) widely
            bg[..., c] = np.where(wsum > 0.5, v / np.maximum(wsum, 1e-6), far)
        self._bg = bg
        self._bg_planes = [np.ascontiguousarray(bg[..., c]) for c in range(3)]
        self._dark = (1.0 - self.p.dark_fraction) * self._bg_planes[2]
        self._bright = (1.0 + self.p.bright_fraction) * self._bg_planes[2]
        self._rail_band = self._rail_bands(small_u8)

    def _rail_bands(self, small: np.ndarray) -> np.ndarray:
        """uint8 mask of the lines along a rail, within 6 radii of its nose, that are not cloth along most of
        its length in the learnt frame: the foot of a far cushion's face seen from a high-angle camera, a nose's
        shadow line. They are the table's, not clutter: the clutter test does not look at them."""
        g, R = self.geometry, self.geometry.ball_radius
        L, W = g.length, g.width
        h, w = self.table_mask.shape
        nc = self._not_cloth(small, self._bg_planes, self._dark, self._bright) & (self.table_mask > 0)
        band = np.zeros((h, w), np.uint8)
        x0, y0 = self.roi[:2]
        step = 0.4 * R / max(self.r_small, 1e-6)  # ~0.4 working px in metres
        depth = np.arange(0.0, 6 * R, step)  # metres: at a far rail seen at a grazing angle, 6 R is a few pixels
        clear = self.p.pocket_clearance + R
        for k in range(4):
            length = W if k < 2 else L
            s = np.arange(clear, length - clear, step)
            if k >= 2:
                s = s[np.abs(s - L / 2) > self.p.side_clearance + 2 * R]  # not the side pocket's mouth
            if len(s) < 10:
                continue
            ss, tt = np.meshgrid(s, depth)
            edge = [0.0, L, 0.0, W][k]
            inward = [1.0, -1.0, 1.0, -1.0][k]
            across = edge + inward * tt
            pts = np.stack([across, ss], axis=-1) if k < 2 else np.stack([ss, across], axis=-1)
            px = (self.cal.table_to_image(pts.reshape(-1, 2)) - [x0, y0]) * self.scale
            xi, yi = _pixels(px, w, h)
            on = (nc[yi, xi] > 0).reshape(tt.shape)
            rows = on.mean(axis=1) >= self.p.rail_band
            band[yi.reshape(tt.shape)[rows], xi.reshape(tt.shape)[rows]] = 1
        return band

    def _not_cloth(self, bgr: np.ndarray, planes: list[np.ndarray] | tuple[np.ndarray, ...],
                   dark: np.ndarray | float, bright: np.ndarray | float) -> np.ndarray:
        """uint8 mask (1 = not cloth): the colour leaves the cloth's hue (a ball's colour, a white ball), or is
        far darker or brighter than the cloth (the 8 on dark cloth); a shadow only scales the cloth colour down a
        little, so it stays cloth."""
        return self._not_cloth255(bgr, planes, dark, bright) & 1

    def _not_cloth255(self, bgr: np.ndarray, planes: list[np.ndarray] | tuple[np.ndarray, ...],
                      dark: np.ndarray | float, bright: np.ndarray | float) -> np.ndarray:
        """``_not_cloth`` as 0/255 (OpenCV's comparison values, which the foreground mask keeps). The planes are
        worked on in place (each OpenCV call writes into an array it has made): half the memory traffic of a
        new array per step, which is most of the cost on the whole table."""
        f = bgr.astype(np.float32)
        # one plane per basis row (half the cost of a 3-channel transform and cv2.split; the same dot products,
        # summed in OpenCV's single-row order, so q2 and q3 may differ from the 3-row transform's in the last bit)
        q1, q2, q3 = (cv2.transform(f, row) for row in self._basis_rows)
        cv2.subtract(q1, planes[0], dst=q1)
        cv2.subtract(q2, planes[1], dst=q2)
        perp = cv2.magnitude(q1, q2, q1)
        m = cv2.compare(perp, self.p.fg_threshold, cv2.CMP_GT)
        more = cv2.compare(q3, dark, cv2.CMP_LT)
        cv2.bitwise_or(m, more, dst=m)
        cv2.compare(q3, bright, cv2.CMP_GT, dst=more)
        return cv2.bitwise_or(m, more, dst=m)

    # ----- per frame ---------------------------------------------------------------------------------------
    def foreground(self, image: np.ndarray, small: np.ndarray | None = None) -> np.ndarray:
        """Not-cloth mask (uint8 0/255) at working resolution, inside the table (``small``: the frame's working
        image when already made)."""
        if self._bg is None:
            self.learn_cloth(image)
        if small is None:
            small = self._small(image)
        self._last_small = small
        if _jit_votes.ENABLED and _jit_votes.FG_OK and small.dtype == np.uint8 and small.ndim == 3 \
                and small.shape[2] == 3:
            got = self._foreground_jit(small)
            if got is not None:
                return got
        return self._foreground_numpy(small)

    def _foreground_numpy(self, small: np.ndarray) -> np.ndarray:
        """``foreground`` by OpenCV calls (the default path)."""
        fg = self._not_cloth255(small, self._bg_planes, self._dark, self._bright)
        lo, hi = (0, 0, 0), (int(np.ceil(self.p.pocket_dark)) - 1,) * 3  # brightest channel < pocket_dark
        for (ys, xs, _), static in zip(self._zones, self._static, strict=True):
            pocket = cv2.inRange(small[ys, xs], lo, hi)
            cv2.bitwise_and(pocket, static, dst=pocket)  # dark now and when learnt, in the zone
            fg[ys, xs] &= cv2.bitwise_not(pocket, dst=pocket)
        self._fg_rails = cv2.bitwise_and(fg, self.cushion_mask)
        return cv2.bitwise_and(fg, self.table_mask, dst=fg)

    _static_map: tuple[object, object, np.ndarray] | None = None  # (zones, static, their union as one mask)

    def _foreground_jit(self, small: np.ndarray) -> np.ndarray | None:
        """``foreground`` by one kernel pass (``vision._jit_votes.not_cloth_fg``: the same transform, compares,
        pocket zones and masks), or None where a pixel's hue distance lies too near the threshold to decide
        without OpenCV's own ``cv2.magnitude`` (then the numpy path runs)."""
        c = self._static_map
        if c is None or c[0] is not self._zones or c[1] is not self._static or c[2].shape != small.shape[:2]:
            full = np.zeros(small.shape[:2], np.uint8)  # the zones' static pocket pixels as one mask (they are
            for (ys, xs, _), static in zip(self._zones, self._static, strict=True):  # ANDed in turn: the same)
                full[ys, xs] |= static
            c = self._static_map = (self._zones, self._static, full)
        rows = self._basis_rows
        fg, rails, amb = _jit_votes.not_cloth_fg(small, rows[0][0], rows[1][0], rows[2][0], self._bg_planes[0],
                                                 self._bg_planes[1], self._dark, self._bright,
                                                 np.float32(self.p.fg_threshold), int(np.ceil(self.p.pocket_dark)) - 1,
                                                 c[2], self.cushion_mask, self.table_mask)
        if amb:
            return None
        if not _jit_votes.FG_CHECKED:  # once a process: OpenCV's rounding is the one the kernel copies?
            want = self._foreground_numpy(small)
            _jit_votes.FG_CHECKED = True
            if not (np.array_equal(want, fg) and np.array_equal(self._fg_rails, rails)):
                _jit_votes.FG_OK = False  # (an OpenCV built without FMA rounds each product of cv2.transform)
                return want
        if not _jit_votes.FG_OK:
            return None
        self._fg_rails = rails
        return fg

    def _open(self, fg: np.ndarray) -> np.ndarray:
        """``cv2.morphologyEx(fg, MORPH_OPEN, self._open_kernel)`` (by a kernel when enabled: the same minima and
        maxima)."""
        if _jit_votes.ENABLED:
            return _jit_votes.open2x2(fg)
        return cv2.morphologyEx(fg, cv2.MORPH_OPEN, self._open_kernel)

    region_pass: bool = True  # search again only where the frame changed (see vision/region.py); False: always all
    region_params = RegionParams()

    def detect(self, frame: Frame) -> BallObservations:
        """The balls in one frame, table coordinates via the calibration.

        When the table looks as it did when its balls were last decided (fewer than ``static_pixels`` working
        pixels changed by more than ``static_diff`` levels, ``region.change``: balls at rest
        between shots, a player walking round the table outside it), those balls are returned again at a
        fraction of the cost. When only parts of it changed (a cue and an arm over one end, a rolling ball), only
        those parts are searched again (``region_pass``, see vision/region.py). A ball of the last frame near a
        cushion that the frame's search did not find may be leaving over the rail: it is looked for past the
        nose line (``_leaving``)."""
        small = self._small(frame.image)
        self._unchanged = False
        obs = self._decide(frame, small)
        if self._last_out is not None and 0 < len(self._last_out) <= N_IDS and self._bg is not None and \
                not self._unchanged:  # (a ball that left changed the table where it was)
            # (more balls than a set has: the last frame's detections are not to be trusted, 2019 clip 12's
            # disco light gave 25, and a "ball" among them by a rail is no ball to follow over it)
            obs = self._leaving(small, obs, self._last_out, self._last_frame)
        self._last_out, self._last_frame = obs, small
        return obs

    _last_out: BallObservations | None = None  # what ``detect`` returned for the last frame
    _last_frame: np.ndarray | None = None  # and that frame's working image
    _unchanged = False  # ``_decide`` returned the last balls again: nothing on the table changed

    def _decide(self, frame: Frame, small: np.ndarray) -> BallObservations:
        """The balls on the cloth (``detect`` less the balls leaving it)."""
        if self._ref is not None:
            ref_small, ref_obs = self._ref
            changed = region.changed_mask(small, ref_small, self.p.static_diff, self.table_mask)
            if cv2.countNonZero(changed) < self.p.static_pixels:
                self._unchanged = True
                return replace(ref_obs, t=frame.t, frame_index=frame.index)
            grey = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
            since = self._region_passes
            if self.region_pass and since < self.region_params.full_every and self._fg is not None:
                todo = region.plan(changed, float(self.rmap.max()), self.region_params)
                if todo is not None and not todo.boxes:  # only compression specks changed
                    self._unchanged = True
                    return replace(ref_obs, t=frame.t, frame_index=frame.index)
                found = self._detect_regions(frame, small, grey, todo) if todo is not None else None
                if todo is not None and found is not None:
                    obs = found
                    new_ref = ref_small.copy()
                    np.copyto(new_ref, small, where=self._taken[..., None] > 0)
                    self._ref = (new_ref, obs)
                    self._region_passes = since + 1
                    return obs
        else:
            grey = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
        obs = self._detect_full(frame, small, grey)
        self._ref = (small, obs)
        self._region_passes = 0
        return obs

    def _leaving(self, small: np.ndarray, obs: BallObservations, last: BallObservations,
                 before: np.ndarray | None) -> BallObservations:
        """``obs`` with the balls seen leaving the table: a ball of the last frame within ``leave_near`` of a nose
        line, found now past the line's margin (where ``_plausible`` lets no centre be) and further out, within
        ``leave_step`` radii, as a blob of one ball on the cushion top (its distance peak ``leave_peak`` radii
        high, its area and extent one ball's: not a hand or a cue over the rail) that is new there: its disc,
        away from where the ball was, was cloth in the last frame (``before``; a hand over the rail was there
        already, it does not jump in from nowhere in a frame). Why: the search masks the
        playing surface, so a ball jumping a rail (2019 clip 11's cue ball, 0.9 m/s into the bottom cushion)
        was last seen 4 cm inside the nose and tracking could not tell it from a ball lost under an arm. Only
        around such a ball is anything past the nose looked at, so the rails, diamonds, pockets and the room
        give nothing. Confidence ``LEAVE_CONFIDENCE``, uniform identity scores (its colours are half the
        cushion's); it is not remembered as a ball on the cloth (the region and unchanged-frame tests)."""
        g, R = self.geometry, self.geometry.ball_radius
        L, W = g.length, g.width
        margin = R * (1.0 - self.p.edge_margin)
        x0, y0 = self.roi[:2]
        sh, sw = small.shape[:2]
        found: list[np.ndarray] = []
        pockets = np.array([q.centre for q in g.pockets])
        reach = self.p.leave_step * R
        # each ball's distances to the four nose lines at once; only those within leave_near of one go on
        xy = last.xy
        every = np.stack([xy[:, 0], L - xy[:, 0], xy[:, 1], W - xy[:, 1]], axis=1)
        side = np.argmin(every, axis=1)
        near = ~(every[np.arange(len(xy)), side] > self.p.leave_near)
        if near.any() and len(obs):
            # a ball found again within a radius of its last place is still on the cloth: not looked for past the
            # nose (its box cost ~0.3 ms a ball; a rack or balls resting by the rails paid it every frame)
            sq = (xy[near, None, :] - obs.xy[None, :, :]) ** 2
            near[near] = np.sqrt(sq[..., 0] + sq[..., 1]).min(axis=1) >= R
        todo = np.flatnonzero(near).tolist()
        if not todo:
            return obs
        table_xy, area = self._leave_maps()
        corners = []
        for i in todo:
            p, k = xy[i], int(side[i])
            along = 1 - k // 2  # 1: the head/foot rails run along y, 0: the long rails along x
            lo, hi = p.copy(), p.copy()
            lo[along], hi[along] = p[along] - reach, p[along] + reach
            inward = [1.0, -1.0, 1.0, -1.0][k]
            edge = [0.0, L, 0.0, W][k]
            lo[1 - along] = edge - inward * (self.p.cushion_width + R)  # the cushion top and a little more
            hi[1 - along] = edge + inward * 2 * R
            corners.append(np.array([[lo[0], lo[1]], [hi[0], lo[1]], [hi[0], hi[1]], [lo[0], hi[1]]]))
        # one mapping for every box (a call each cost more than its use); the box is whole pixels round it, so a
        # corner a few ulps off can only move it when it lies on a whole pixel: then that box is mapped alone
        boxes = ((self.cal.table_to_image(np.concatenate(corners)) - [x0, y0]) * self.scale).reshape(-1, 4, 2)
        ends = np.concatenate([boxes.min(axis=1), boxes.max(axis=1)], axis=1)  # (balls, 4): x, y low; x, y high
        for b in np.flatnonzero((np.abs(ends - np.round(ends)) < 1e-6).any(axis=1)):
            box = (self.cal.table_to_image(corners[b]) - [x0, y0]) * self.scale
            ends[b] = np.concatenate([box.min(axis=0), box.max(axis=0)])
        ends = np.concatenate([np.floor(ends[:, :2]), np.ceil(ends[:, 2:])], axis=1).astype(int).tolist()
        for i, (bx0, by0, bx1, by1) in zip(todo, ends, strict=True):
            p, k = xy[i], int(side[i])
            dists = every[i]
            bx0, by0, bx1, by1 = max(bx0, 0), max(by0, 0), min(bx1 + 1, sw), min(by1 + 1, sh)
            if bx1 - bx0 < 3 or by1 - by0 < 3:
                continue
            ys, xs = slice(by0, by1), slice(bx0, bx1)
            # off the cloth's hue or darker than it, not brighter only: a lamp's spot on the cushion top is the
            # cloth lit (2019 clip 12's moving disco light gave four such "balls"); a white ball is off its hue
            nc = self._not_cloth(small[ys, xs], [pl[ys, xs] for pl in self._bg_planes], self._dark[ys, xs], 1e9)
            nc &= area[ys, xs]  # not the wood
            nc = cv2.morphologyEx(nc, cv2.MORPH_OPEN, self._open_kernel)
            if not nc.any():
                continue
            dist = cv2.distanceTransform(nc, cv2.DIST_L2, 3)
            vy, vx = np.nonzero(dist > 0)
            # The pixels' table places from the per-pixel map (mapped in another batch, so possibly a few ulps off
            # ``image_to_table(full)``): the tests below read them unless one lies within 1e-9 m of its threshold;
            # the place reported is mapped as before.
            full = None
            txy = table_xy[vy + by0, vx + bx0]
            exact = False
            while True:
                d_k = txy[:, k // 2] if k % 2 == 0 else (L if k == 1 else W) - txy[:, k // 2]
                moved = np.hypot(txy[:, 0] - p[0], txy[:, 1] - p[1])
                limit = dists[k] - 0.25 * R
                past = (d_k < margin) & (d_k < limit) & (moved <= reach)
                if exact or not ((np.abs(d_k - margin) < 1e-9) | (np.abs(d_k - limit) < 1e-9)
                                 | (np.abs(moved - reach) < 1e-9)).any():
                    break
                full = np.stack([vx + bx0, vy + by0], axis=1) / self.scale + [x0, y0] + (0.5 / self.scale - 0.5)
                txy, exact = self.cal.image_to_table(full), True
            if not past.any():
                continue
            j = np.flatnonzero(past)[int(np.argmax(dist[vy[past], vx[past]]))]
            _, lab, stats, _ = cv2.connectedComponentsWithStats(nc, connectivity=8)
            own = np.flatnonzero(lab[vy, vx] == lab[vy[j], vx[j]])
            j = own[int(np.argmax(dist[vy[own], vx[own]]))]  # the blob's own peak (not the rim of a ball inside)
            if not past[j]:
                continue
            r = float(self.rmap[vy[j] + by0, vx[j] + bx0])
            if dist[vy[j], vx[j]] < self.p.leave_peak * r:
                continue
            st = stats[lab[vy[j], vx[j]]]
            if st[cv2.CC_STAT_AREA] > self.p.jaw_area * np.pi * r * r or \
                    max(st[cv2.CC_STAT_WIDTH], st[cv2.CC_STAT_HEIGHT]) > 3.5 * r:
                continue
            # (the place tests before the last frame's: a ball still on the cloth by the rail ends here, cheaply; on
            # the mapped place when that is clearly in a pocket or on a ball, else on the place mapped as before)
            c = txy[j]
            taken = np.concatenate([obs.xy, np.array(found).reshape(-1, 4)[:, :2]])  # (table x, y; pixel x, y)
            if not exact:
                if (np.hypot(pockets[:, 0] - c[0], pockets[:, 1] - c[1]) < self.p.pocket_clearance + R - 1e-9).any() \
                        or (np.hypot(taken[:, 0] - c[0], taken[:, 1] - c[1]) < 1.5 * R - 1e-9).any():
                    continue
                full = np.stack([vx + bx0, vy + by0], axis=1) / self.scale + [x0, y0] + (0.5 / self.scale - 0.5)
                c = self.cal.image_to_table(full)[j]
            assert full is not None
            if (np.hypot(pockets[:, 0] - c[0], pockets[:, 1] - c[1]) < self.p.pocket_clearance + R).any():
                continue  # a pocket's mouth or jaws: the pocket tests decide there
            if len(taken) and (np.hypot(taken[:, 0] - c[0], taken[:, 1] - c[1]) < 1.5 * R).any():
                continue
            if before is not None and before.shape == small.shape:
                # the blob's disc away from the ball's last place was cloth in the last frame
                disc = np.hypot(vx - vx[j], vy - vy[j]) <= r
                lp = (self.cal.table_to_image(p[None]) - [x0, y0]) * self.scale - [bx0, by0]
                new = disc & (np.hypot(vx - lp[0, 0], vy - lp[0, 1]) > 1.1 * r)
                if new.any():
                    was = self._not_cloth(before[ys, xs], [pl[ys, xs] for pl in self._bg_planes],
                                          self._dark[ys, xs], 1e9)
                    if was[vy[new], vx[new]].mean() > self.p.leave_new:
                        continue
                # and nothing else round it changed: a light sweeping the table changes it all (2019 clip 12)
                balls = np.concatenate([last.xy, obs.xy]) if len(obs) else last.xy
                bp = (self.cal.table_to_image(balls) - [x0, y0]) * self.scale - [bx0, by0]
                bp = np.concatenate([bp, [[vx[j], vy[j]]]])
                gy, gx = np.mgrid[0:by1 - by0, 0:bx1 - bx0]
                rest = (area[ys, xs] > 0) & \
                    (np.hypot(gx[..., None] - bp[:, 0], gy[..., None] - bp[:, 1]).min(axis=-1) > 1.3 * r)
                moved_px = region.change(small[ys, xs], before[ys, xs]) > self.p.static_diff
                if rest.any() and moved_px[rest].mean() > self.p.leave_steady:
                    continue
            found.append(np.concatenate([c, full[j]]))
        if not found:
            return obs
        f = np.array(found)
        n = len(f)
        return BallObservations(
            t=obs.t, frame_index=obs.frame_index, xy=np.concatenate([obs.xy, f[:, :2]]),
            xy_px=np.concatenate([obs.xy_px, f[:, 2:]]), radius_px=np.concatenate([obs.radius_px, self._radii_px(f[:, 2:])]),
            confidence=np.concatenate([obs.confidence, np.full(n, LEAVE_CONFIDENCE)]),
            id_scores=np.concatenate([obs.id_scores, np.full((n, N_IDS), 1.0 / N_IDS)]),
            streak=np.concatenate([obs.streak, np.zeros((n, 2))]))

    _leave_maps_: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None  # (table mask made for, place map, area)

    def _leave_maps(self) -> tuple[np.ndarray, np.ndarray]:
        """For ``_leaving``, made once on first use (~17 ms at 1080p) instead of per ball and frame: the table
        place (m) of every working pixel's centre (H, W, 2), and where a ball's pixels can be, the table or the
        cushion tops (uint8 0/1, not the wood)."""
        if self._leave_maps_ is None or self._leave_maps_[0] is not self.table_mask:
            sw, sh = self.small_size
            gy, gx = np.mgrid[0:sh, 0:sw]
            full = np.stack([gx.ravel(), gy.ravel()], axis=1) / self.scale + list(self.roi[:2]) + (0.5 / self.scale - 0.5)
            self._leave_maps_ = (self.table_mask, self.cal.image_to_table(full).reshape(sh, sw, 2),
                                 ((self.table_mask | self.cushion_mask) > 0).astype(np.uint8))
        return self._leave_maps_[1:]

    def _detect_full(self, frame: Frame, small: np.ndarray, grey: np.ndarray | None = None) -> BallObservations:
        if grey is None:
            grey = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
        fg = self.foreground(frame.image, small)
        fg = self._open(fg)
        self._fg = fg  # kept for region passes, which update it where they search
        cands, kinds = self._search(fg, grey)
        if len(cands) == 0:
            self._balls = None
            return BallObservations.empty(frame.t, frame.index)
        return self._measure(frame, small, fg, cands, kinds)

    def _search(self, fg: np.ndarray, grey: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Candidate centres (working resolution) and how each was found, in the not-cloth mask ``fg`` (the whole
        table, or one window of it while ``_window`` has cropped the per-pixel models)."""
        cands, kinds = self._candidates(fg)
        ok = self._isolated(fg, cands) | (kinds == 3) | (kinds == 6)  # a smeared ball is a blob of its own
        # A low distance peak (a ball with a cloth-coloured band or a bite out of its blob: a maroon 15 at a
        # rail) lies off the ball's centre: its outline is left to vote, and it moves to its votes' peak.
        low = (kinds == 1) & (self._heights < self.p.low_peak)
        if low.any():  # at a rail only (the cushion's shade cuts the blob; elsewhere the split handles bites)
            low[low] = self._at_edge(cands[low])
        self._votes(self._last_small, cands[~low], grey)
        if low.any():
            moved = self._recentre(cands[low])[0]
            if (moved != cands[low]).any():
                cands, kinds = cands.copy(), kinds.copy()
                idx = np.flatnonzero(low)[(moved != cands[low]).any(axis=1)]
                cands[low] = moved
                kinds[idx] = 2
                ok[idx] = self._isolated(fg, cands[idx], others=np.delete(cands, idx, axis=0)[np.delete(ok, idx)])
            self._votes(self._last_small, cands, grey)  # every candidate's outline out again
        # A peak the clutter test rejected may lie off its ball's centre (a stripe's white band or a side of the
        # cloth's colour bites into the blob; two touching balls then give one off-centre peak, or peaks closer
        # than two balls can stand, so neither vouches for the other): moved to its own outline's votes, it is
        # tested again (a knuckle or a sleeve stays cluttered wherever it moves).
        bad = np.flatnonzero(~ok & ((kinds == 1) | (kinds == 3)))
        if len(bad):
            cands, kinds = self._revote_rejected(fg, grey, cands, kinds, ok, bad)
        # A low distance peak elsewhere (a green 6 smeared on green cloth: only its lit half is not cloth) whose
        # outline votes for a ball within a radius is judged as a ball found by its outline (kind 4), not by
        # its fill.
        low = (kinds == 1) & (self._heights < self.p.low_peak)
        if low.any():
            voted = np.flatnonzero(low)[self._recentre(cands[low])[1]]
            if len(voted):
                kinds = kinds.copy()
                kinds[voted] = 4
        extra = self._symmetric_spots(cands)
        split_out = cands[~ok & (kinds == 0)]  # rack members the clutter test rejected (see the holes below)
        # every spot looked at: a faint peak beside one is that one, unless it is a low distance peak that the
        # clutter test rejected (off its ball's centre, its rings cut into the neighbours: a green 14 between two)
        seen = cands[ok | (kinds != 1) | (self._heights >= self.p.low_peak)]
        extra_all = extra
        if len(extra):
            keep = self._isolated(fg, extra, others=cands[ok])
            if not keep.all():  # (``_beside`` judges each point alone: only those the clutter test rejected)
                keep[~keep] = self._beside(fg, extra[~keep])
            if not keep.all():  # a ball pressed against an arm: the arm stands as its neighbour
                keep[~keep] = self._against_body(fg, extra[~keep], others=np.concatenate([cands[ok], extra[keep]]))
            if keep.any():  # a cue's rounded butt on the cloth votes like a ball's outline
                keep[keep] = ~self._bar_end(fg, extra[keep])
            spots = extra_all[~keep]  # outline spots the clutter test rejected (``_rack_tiles``)
            extra = extra[keep]
            if (~ok).any() and len(extra):  # a ball found by its outline may explain a rejected neighbour
                ok[~ok] = self._isolated(fg, cands[~ok], others=np.concatenate([cands[ok], extra]))
        else:
            spots = np.zeros((0, 2))
        gone = ~ok & ((kinds == 1) | (kinds == 4))  # distance peaks the clutter test rejected
        lost, lost_kinds = cands[gone], kinds[gone]
        cands = np.concatenate([cands[ok], extra.reshape(-1, 2)])
        kinds = np.concatenate([kinds[ok], np.full(len(extra), 2, np.int8)])
        faint = self._faint_spots(np.concatenate([seen, extra_all]), fg)
        if len(faint):
            alone = np.array([bool(self._isolated(fg, f[None], others=cands)[0]) for f in faint])
            if len(lost):
                spots = np.concatenate([spots, faint[~alone]])
            faint = faint[alone]
            faint = faint[self._clear_round(fg, faint, cands)]
            cands = np.concatenate([cands, faint])
            kinds = np.concatenate([kinds, np.full(len(faint), 2, np.int8)])
        if len(lost):
            cands, kinds = self._rack_tiles(fg, cands, kinds, lost, lost_kinds, spots)
        holes = self._rack_holes(cands)
        if len(holes):
            cands = np.concatenate([cands, holes])
            kinds = np.concatenate([kinds, np.full(len(holes), 2, np.int8)])
        if len(split_out):
            cands, kinds = self._rack_cascade(fg, cands, kinds, split_out)
        if self._streaks:
            cands, kinds = self._off_streaks(cands, kinds)
        return self._jaw_balls(cands, kinds)

    def _rack_tiles(self, fg: np.ndarray, cands: np.ndarray, kinds: np.ndarray, lost: np.ndarray,
                    lost_kinds: np.ndarray, spots: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Distance peaks the clutter test rejected (``lost``) in a rack that was not split: balls of the cloth's
        colour and balls blurred by motion leave no centre, so the peaks beside them lie off their balls and find
        their rings unexplained, and once they fail they no longer vouch for their neighbours: the rack collapses
        (dev seed 895 frame 10, a full rack on red cloth with the maroon 7 and 15 in it and the 1 and 6 rolling
        away: 10 of its 15 balls lost; vpost16's cause G). The outline spots the clutter test rejected there
        (``spots``: a cloth-coloured ball's symmetric or faint spot) are members too (kind 2; a peak keeps its
        kind, ``lost_kinds``). In a blob of at least ``tile_min`` balls by its area, compact (``tile_solidity``)
        and not reaching in over a rail, the peaks, those spots and the balls already found inside its hull vouch
        for each other when they tile it: each rejected one has a member two radii off (1.5-2.4), and
        ``tile_cover`` of the blob lies within 1.25 radii of a member. Each rejected member then comes back when its
        rings are explained with every member standing as a neighbour (one pass, no cascade). A hand gives no such
        tiling: its distance peaks are either too wide to be balls (then it has none) or a few along its fingers."""
        labels, stats = self._blobs  # ``_candidates``' labelling of this same mask
        p = self.p
        h, w = fg.shape
        xi, yi = _pixels(lost, w, h)
        lab = labels[yi, xi].astype(np.int64)
        back: list[np.ndarray] = []
        back_kind: list[np.ndarray] = []
        for k in np.unique(lab[lab > 0]):
            x, y, bw, bh, area = (int(v) for v in stats[k, :5])
            r = float(self.rmap[min(y + bh // 2, h - 1), min(x + bw // 2, w - 1)])
            if area * p.cluster_fill / (np.pi * r * r) < p.tile_min:
                continue
            comp = (labels[y:y + bh, x:x + bw] == k).astype(np.uint8)
            contours, _ = cv2.findContours(comp, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
            hull = cv2.convexHull(max(contours, key=cv2.contourArea)) + np.array([x, y], np.int32)
            hull_area = cv2.contourArea(hull)
            if hull_area <= 0 or area / hull_area < p.tile_solidity or self._over_rail(fg, comp, x, y):
                continue
            found = cands[_in_hull(hull, cands, 0.5 * r)]
            mine, mine_kinds = lost[lab == k], lost_kinds[lab == k]
            if len(found):  # (a peak a spot already stands in for)
                far = np.linalg.norm(mine[:, None] - found[None], axis=-1).min(axis=1) > p.min_separation * r
                mine, mine_kinds = mine[far], mine_kinds[far]
            sp = spots[_in_hull(hull, spots, 0.5 * r)]
            if len(sp):
                known = np.concatenate([found, mine])
                sp = sp[np.linalg.norm(sp[:, None] - known[None], axis=-1).min(axis=1) > p.min_separation * r]
            test = np.concatenate([mine, sp])
            members = np.concatenate([found, test])
            d = np.linalg.norm(test[:, None] - members[None], axis=-1)
            tiled = ((d >= 1.5 * r) & (d <= 2.4 * r)).any(axis=1)
            if not tiled.any():
                continue
            py, px = np.nonzero(comp)
            pix = np.stack([px + x, py + y], axis=1).astype(np.float64)
            near = np.linalg.norm(pix[:, None] - members[None], axis=-1).min(axis=1) <= 1.25 * r
            if near.mean() < p.tile_cover:
                continue
            ok = tiled & self._isolated(fg, test, others=np.concatenate([cands, test]))
            back.append(test[ok])
            back_kind.append(np.concatenate([mine_kinds, np.full(len(sp), 2, np.int8)])[ok])
        if not back:
            return cands, kinds
        return np.concatenate([cands] + back), np.concatenate([kinds] + back_kind)

    def _off_streaks(self, cands: np.ndarray, kinds: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Drops candidates found on a streak (kind 6) by other means: the streak is one ball, but the outline of
        its sharp end or its faint trail votes for a second centre on it (2019 clips 12 and 14)."""
        drop = np.zeros(len(cands), bool)
        xi, yi = np.round(cands[:, 0]).astype(int), np.round(cands[:, 1]).astype(int)
        for x, y, comp in self._streaks:
            h, w = comp.shape
            on = (xi >= x) & (xi < x + w) & (yi >= y) & (yi < y + h)
            on[on] = comp[yi[on] - y, xi[on] - x] > 0
            drop |= on
        keep = ~drop | (kinds == 6)
        return cands[keep], kinds[keep]

    def _rack_cascade(self, fg: np.ndarray, cands: np.ndarray, kinds: np.ndarray,
                      split_out: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Rack members the clutter test rejected because their neighbours of the cloth's colour were not found
        (dev seed 28: a maroon 7 and 15 in a rack on red cloth left the blue 2 and the 12 beside them cluttered,
        and with those two missing the 7 and 15 lacked the three found neighbours a hole needs). The holes are
        looked for again with the rejected members standing in as neighbours (the same vote or shading test);
        a rejected member comes back when, with those holes as neighbours, its rings are explained, and a hole
        is kept only beside a member that came back (each vouches for the other; a hand split like a rack has
        no holes with a ball's outline or shading between its pieces). A member with a candidate already within
        ``min_separation`` of it stays out: that is the hole ``_rack_holes`` put at its place, and both would
        refine onto the one ball (dev seed 88 frame 6: a duplicate 2-3 mm off a rolling ball; eval seed 1368
        frame 22 showed the same, described by vpost17)."""
        more = self._rack_holes(np.concatenate([cands, split_out]))
        if len(more) == 0:
            return cands, kinds
        back = self._isolated(fg, split_out, others=np.concatenate([cands, more]))
        h, w = fg.shape
        if back.any() and len(cands):  # one already stands there (the hole ``_rack_holes`` put at its place)
            rm = self.rmap[_pixels(split_out, w, h)[::-1]]
            gap = np.linalg.norm(split_out[:, None] - cands[None], axis=-1).min(axis=1)
            back &= gap >= self.p.min_separation * rm
        if not back.any():
            return cands, kinds
        r = self.rmap[_pixels(more, w, h)[::-1]]
        beside = (np.linalg.norm(more[:, None] - split_out[back][None], axis=-1) < 2.4 * r[:, None]).any(axis=1)
        more = more[beside]
        # with only the kept holes, the members must still pass
        back[back] = self._isolated(fg, split_out[back], others=np.concatenate([cands, more]))
        if not back.any():
            return cands, kinds
        cands = np.concatenate([cands, split_out[back], more])
        kinds = np.concatenate([kinds, np.zeros(int(back.sum()), np.int8), np.full(len(more), 2, np.int8)])
        return cands, kinds

    def _jaw_balls(self, cands: np.ndarray, kinds: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Balls stopped in a corner pocket's jaws (2019 clip 18's 4), added as kind 5, the only kind
        ``_plausible`` lets past the nose lines there.

        Such a ball overhangs the nose lines, so the table mask cuts its blob (its peak is low, its centroid off
        towards the hole) and the centre found is taken for the pocket. Here it is looked for in the not-cloth
        mask that reaches over the cushions (``_fg_rails``): a blob of its own, about one ball's area, that does
        not reach along the mask's outer edge (a hand, arm or cue over the pocket comes from beyond it), whose
        distance peak, a ball's radius high, lies in the jaws (``jaw_mask``). A candidate there (a cut blob's
        peak or centroid) gives way to it; one elsewhere within a ball of it keeps its place."""
        ext = getattr(self, "_fg_rails", None)
        jaw = self.jaw_mask
        if ext is None or ext.shape != jaw.shape:
            return cands, kinds
        h, w = jaw.shape
        ox, oy = self._win_off
        found: list[tuple[float, float, float]] = []
        # one crop per corner (3 radii round its jaws; a blob that reaches the crop's edge is bigger than a ball
        # there), cut to the window when a region pass searches one
        for box in self._jaw_boxes:
            x0, y0 = max(box[0] - ox, 0), max(box[1] - oy, 0)
            x1, y1 = min(box[2] - ox, w), min(box[3] - oy, h)
            if x0 >= x1 or y0 >= y1:
                continue
            crop, jcrop = ext[y0:y1, x0:x1], jaw[y0:y1, x0:x1]
            hits = cv2.findNonZero(cv2.bitwise_and(crop, jcrop))
            if hits is None:
                continue
            # the jaws' own shade is there in every frame: where fewer pixels changed than make a frame "unchanged"
            # (``static_pixels``), the last answer stands
            key = (x0 + ox, y0 + oy, x1 + ox, y1 + oy)
            last = self._jaw_cache.get(key)
            if last is not None and cv2.countNonZero(cv2.absdiff(last[0], crop)) < self.p.static_pixels:
                found += [(x - ox, y - oy, r) for x, y, r in last[1]]
                continue
            inside = (x0 > 0 or ox > 0, y0 > 0 or oy > 0, x1 < w, y1 < h)  # crop edges that cut the mask
            got = self._jaw_blobs(crop, jcrop, self.cushion_mask[y0:y1, x0:x1], self.rmap[y0:y1, x0:x1], x0, y0,
                                  inside, hits.reshape(-1, 2) + [x0, y0])
            self._jaw_cache[key] = (crop.copy(), [(x + ox, y + oy, r) for x, y, r in got])
            found += got
        if not found:
            return cands, kinds
        cands, kinds = cands.copy(), kinds.copy()
        for cx, cy, r in found:
            near = np.flatnonzero(np.hypot(cands[:, 0] - cx, cands[:, 1] - cy) < 2.0 * r) if len(cands) else []
            xi, yi = _pixels(cands[near], w, h) if len(near) else (np.zeros(0, int), np.zeros(0, int))
            if len(near) and (jaw[yi, xi] == 0).any():
                continue  # a ball beside it that the table holds: not one in the jaws
            cands = np.concatenate([np.delete(cands, near, axis=0), [[cx, cy]]])
            kinds = np.concatenate([np.delete(kinds, near), np.array([5], np.int8)])
        return cands, kinds

    def _jaw_blobs(self, ext: np.ndarray, jaw: np.ndarray, cushion: np.ndarray, rmap: np.ndarray, x0: int,
                   y0: int, inside: tuple[bool, bool, bool, bool], hits: np.ndarray) -> list[tuple[float, float, float]]:
        """The balls in one corner's jaws (``_jaw_balls``) within a crop at (x0, y0): (x, y, radius) each;
        ``hits``: the not-cloth pixels in the jaws (whole-image coordinates)."""
        r0 = float(rmap.min())
        # first, cheaply: no ball when no point of the jaws lies jaw_peak radii deep in a blob (holes filled)
        solid = cv2.copyMakeBorder(ext, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0)  # (OpenCV calls: ~10 us)
        cv2.floodFill(solid, None, (0, 0), 128)  # the cloth round the blobs; their holes stay
        deep = cv2.distanceTransform(cv2.compare(solid, 128, cv2.CMP_NE), cv2.DIST_L2, 5)[1:-1, 1:-1]
        if cv2.minMaxLoc(deep, mask=jaw)[1] < self.p.jaw_peak * r0:
            return []
        n, labels, stats = _components((ext > 0).astype(np.uint8))
        h, w = jaw.shape
        found: list[tuple[float, float, float]] = []
        inner = None
        for i in np.unique(labels[hits[:, 1] - y0, hits[:, 0] - x0]):  # the blobs that reach into the jaws
            x, y, bw, bh, area = (int(v) for v in stats[i, :5])
            if area < 0.5 * np.pi * r0 * r0:
                continue  # a speck or the jaws' own shade: less than half a ball
            if (x == 0 and inside[0]) or (y == 0 and inside[1]) or (x + bw == w and inside[2]) or \
                    (y + bh == h and inside[3]):
                continue  # reaches the crop's edge: more than a ball
            ys, xs = slice(max(y - 1, 0), min(y + bh + 1, h)), slice(max(x - 1, 0), min(x + bw + 1, w))
            comp = (labels[ys, xs] == i).astype(np.uint8)
            solid = np.pad(comp, 1)  # its holes filled (a number's disc or a highlight the colour test passed)
            cv2.floodFill(solid, None, (0, 0), 2)
            dist = cv2.distanceTransform((solid != 2).astype(np.uint8), cv2.DIST_L2, 5)[1:-1, 1:-1]
            py, px = np.unravel_index(int(np.argmax(dist)), dist.shape)
            cx, cy = px + xs.start, py + ys.start
            r = float(rmap[cy, cx])
            if inner is None:
                inner = cv2.erode(cushion, np.ones((3, 3), np.uint8))
            edge = int((comp & (inner[ys, xs] == 0)).sum())  # pixels along the over-cushion mask's outer edge
            if jaw[cy, cx] == 0 or edge > 0.5 * r or not (0.5 <= area / (np.pi * r * r) <= self.p.jaw_area) or \
                    not (self.p.jaw_peak * r <= dist[py, px] <= self.p.max_peak * r):
                continue
            top = np.argwhere(dist >= dist[py, px] - 0.5).mean(axis=0)  # the peak's plateau, for a sub-pixel centre
            found.append((float(top[1] + xs.start + x0), float(top[0] + ys.start + y0), r))
        return found

    def _revote_rejected(self, fg: np.ndarray, grey: np.ndarray, cands: np.ndarray, kinds: np.ndarray,
                         ok: np.ndarray, bad: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Candidates ``bad`` (rejected by the clutter test) moved to the peak of their own outline's votes within
        one radius (``_local_votes``: no ball masked) when it reaches the usual threshold, and accepted (``ok``
        set in place, kind 2: judged by their outline) when the clutter test passes there. Only balls already
        accepted vouch (two passes: one moved in the first may vouch in the second), and a peak with another
        rejected one within ``revote_apart`` radii is left (the ends of a streak would each pass alone)."""
        if len(bad) > 1:  # rejected peaks near each other: the ends of a streak, or a hand
            h, w = fg.shape
            rb = self.rmap[_pixels(cands[bad], w, h)[::-1]]
            d = np.linalg.norm(cands[bad][:, None] - cands[bad][None], axis=-1)
            np.fill_diagonal(d, np.inf)
            bad = bad[d.min(axis=1) >= self.p.revote_apart * rb]
        moved, found = self._local_votes(grey, cands[bad])
        idx, moved = bad[found], moved[found]
        if len(idx) == 0:
            return cands, kinds
        cands, kinds = cands.copy(), kinds.copy()
        h, w = fg.shape
        r = self.rmap[_pixels(moved, w, h)[::-1]]
        todo = np.ones(len(idx), bool)
        for _ in range(2):
            if not todo.any() or not ok.any():
                break
            acc = cands[ok]
            fresh = todo & (np.linalg.norm(moved[:, None] - acc[None], axis=-1).min(axis=1)
                            > self.p.min_separation * r)
            if not fresh.any():
                break
            good = np.zeros(len(idx), bool)
            for i in np.flatnonzero(fresh):  # each alone: the points tested together would vouch for each other
                good[i] = self._isolated(fg, moved[i:i + 1], others=acc)[0]
            if not good.any():
                break
            cands[idx[good]] = moved[good]
            kinds[idx[good]] = 2
            ok[idx[good]] = True
            todo &= ~good
        return cands, kinds

    def _pixel_radius(self, x: float, y: float) -> tuple[int, int, float]:
        """The working-resolution pixel nearest a point and the ball radius expected there (the radius map is
        read at the nearest pixel inside the image, so a point just off the edge still has one)."""
        h, w = self.rmap.shape[:2]
        xi, yi = int(round(x)), int(round(y))
        return xi, yi, float(self.rmap[min(max(yi, 0), h - 1), min(max(xi, 0), w - 1)])

    def _local_votes(self, grey: np.ndarray, pts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """For each point (working resolution): the strongest symmetry vote within one local radius, from a
        window of ``grey`` round it where every edge votes (as ``_votes``, no ball masked), and whether it
        reaches the usual threshold."""
        h, w = grey.shape
        k = self._vote_threshold()
        out = pts.copy()
        found = np.zeros(len(pts), bool)
        for i, (x, y) in enumerate(pts):
            xi, yi, r = self._pixel_radius(x, y)
            pad = int(np.ceil(2 * r)) + 2
            x0, y0, x1, y1 = max(xi - pad, 0), max(yi - pad, 0), min(xi + pad + 1, w), min(yi + pad + 1, h)
            win = grey[y0:y1, x0:x1]
            if win.shape[0] < 3 or win.shape[1] < 3:
                continue
            gx16, gy16 = cv2.spatialGradient(win)
            gx, gy = gx16.astype(np.float32), gy16.astype(np.float32)
            mag = cv2.magnitude(gx, gy)
            vote = (mag > self.p.edge_min) & (self.table_mask[y0:y1, x0:x1] > 0)
            iy, ix = np.nonzero(vote)
            if len(ix) == 0:
                continue
            m = mag[iy, ix]
            rv = self.rmap[iy + y0, ix + x0]
            ux, uy = gx[iy, ix] / m * rv, gy[iy, ix] / m * rv
            ww, hh = x1 - x0, y1 - y0
            vx = _clip(np.round(np.concatenate([ix + ux, ix - ux])).astype(np.int32), 0, ww - 1)
            vy = _clip(np.round(np.concatenate([iy + uy, iy - uy])).astype(np.int32), 0, hh - 1)
            acc = cv2.GaussianBlur(np.bincount(vy * ww + vx, minlength=hh * ww).astype(np.float32).reshape(hh, ww),
                                   (0, 0), 0.8)
            gy_, gx_ = np.mgrid[y0:y1, x0:x1]
            acc = np.where((gx_ - x) ** 2 + (gy_ - y) ** 2 <= r * r, acc, 0.0)
            j = int(np.argmax(acc))
            if acc.flat[j] >= k * r:
                out[i] = (gx_.flat[j], gy_.flat[j])
                found[i] = True
        return out, found

    def _window(self, box: tuple[int, int, int, int]) -> dict[str, object]:
        """Crop the per-pixel models to ``box`` (working resolution) so that the search runs on that window
        alone; returns what it replaced, for ``_unwindow``."""
        x0, y0, x1, y1 = box
        ys, xs = slice(y0, y1), slice(x0, x1)
        saved = {k: getattr(self, k) for k in _WINDOWED}
        self._win_off = (x0, y0)
        for k in ("rmap", "table_mask", "cushion_mask", "_rail_rim", "jaw_mask", "_bg", "_dark", "_bright", "_rail_band"):
            setattr(self, k, saved[k][ys, xs])  # type: ignore[index]
        self._bg_planes = [p[ys, xs] for p in saved["_bg_planes"]]  # type: ignore[attr-defined]
        zones, static = [], []
        for (zy, zx, zone), st in zip(saved["_zones"], saved["_static"], strict=True):  # type: ignore[call-overload]
            ya, yb, xa, xb = max(zy.start, y0), min(zy.stop, y1), max(zx.start, x0), min(zx.stop, x1)
            if ya >= yb or xa >= xb:
                continue
            cut = (slice(ya - zy.start, yb - zy.start), slice(xa - zx.start, xb - zx.start))
            zones.append((slice(ya - y0, yb - y0), slice(xa - x0, xb - x0), zone[cut]))
            static.append(st[cut])
        self._zones, self._static = zones, static
        # the last split blobs inside the window, in its coordinates (a still rack is not split again)
        off = np.array([x0, y0], np.float32)
        self._split_cache = {(bx - x0, by - y0, bw, bh): (comp, split - off, use)
                             for (bx, by, bw, bh), (comp, split, use) in saved["_split_cache"].items()  # type: ignore[attr-defined]
                             if bx >= x0 and by >= y0 and bx + bw <= x1 and by + bh <= y1}
        return saved

    def _unwindow(self, saved: dict[str, object], box: tuple[int, int, int, int]) -> None:
        """Put back what ``_window`` replaced; the blobs split in the window replace the cache's there."""
        x0, y0, x1, y1 = box
        found = self._split_cache
        for k, v in saved.items():
            setattr(self, k, v)
        off = np.array([x0, y0], np.float32)
        cache = {key: v for key, v in self._split_cache.items()
                 if key[0] >= x1 or key[1] >= y1 or key[0] + key[2] <= x0 or key[1] + key[3] <= y0}
        cache.update({(bx + x0, by + y0, bw, bh): (comp, split + off, use)
                      for (bx, by, bw, bh), (comp, split, use) in found.items()})
        self._split_cache = cache

    def _detect_regions(self, frame: Frame, small: np.ndarray, grey: np.ndarray,
                        todo: region.RegionPlan) -> BallObservations | None:
        """A search of the windows in ``todo`` only: inside its accept zone the balls found now, elsewhere the
        balls of the last frame, as they were measured. None when a window would have to grow too large."""
        found: list[np.ndarray] = []
        how: list[np.ndarray] = []
        fg_all = self._fg.copy()
        h, w = grey.shape
        limit = self.region_params.max_share * h * w
        margin = int(np.ceil(self.region_params.margin_radii * float(self.rmap.max())))
        taken = todo.accept_px.copy()  # where the balls are decided afresh (and the reference renewed)
        boxes = []
        for box in todo.boxes:  # grown first round the last frame's blobs: most windows then search once
            for _ in range(4):
                grown = region.grow_window(box, fg_all, float(self.rmap.max()), self.region_params)
                if (grown[2] - grown[0]) * (grown[3] - grown[1]) > limit:
                    return None
                if grown == box:
                    break
                box = grown
            boxes.append(box)
        if sum((b[2] - b[0]) * (b[3] - b[1]) for b in boxes) > limit:
            return None
        for k, box in enumerate(boxes, start=1):
            for _ in range(3):
                x0, y0, x1, y1 = box
                saved = self._window(box)
                try:
                    fg = self.foreground(frame.image, small[y0:y1, x0:x1])
                    fg = self._open(fg)
                    cands, kinds = self._search(fg, grey[y0:y1, x0:x1])
                finally:
                    self._unwindow(saved, box)
                fg_all[y0:y1, x0:x1] = fg
                # A blob cut by the window's edge is judged by its part inside (an arm cut to a ball's width
                # would give balls): the window grows to hold every blob that crosses its edge, then searches again.
                grown = region.grow_window(box, fg_all, float(self.rmap.max()), self.region_params)
                if grown == box:
                    break
                if (grown[2] - grown[0]) * (grown[3] - grown[1]) > limit:
                    return None
                box = grown
            else:
                return None
            # A window's inside (the margin away from its inner edges) was searched with all the context a search
            # of the whole table has: its balls are decided afresh too, and the reference is renewed there (a
            # player's body that grew the window does not keep tripping the comparison).
            x0, y0, x1, y1 = box
            ix0, iy0 = (x0 + margin if x0 > 0 else 0), (y0 + margin if y0 > 0 else 0)
            ix1, iy1 = (x1 - margin if x1 < w else w), (y1 - margin if y1 < h else h)
            if ix0 < ix1 and iy0 < iy1:
                taken[iy0:iy1, ix0:ix1] = 255
            if len(cands):
                cands = cands + [x0, y0]
                mine = (todo.at(todo.labels, cands) == k) & (todo.at(todo.near, cands) > 0)
                mine |= (cands[:, 0] >= ix0) & (cands[:, 0] < ix1) & (cands[:, 1] >= iy0) & (cands[:, 1] < iy1)
                found.append(cands[mine])
                how.append(kinds[mine])
        self._fg = fg_all
        self._taken = taken
        # _unwindow put back the working image of the last whole-table pass: the fill tests of _measure read
        # this frame's (they read the last one's, stale where the windows are, i.e. where every ball measured is)
        self._last_small = small
        cands = np.concatenate(found) if found else np.zeros((0, 2))
        kinds = np.concatenate(how) if how else np.zeros(0, np.int8)
        if len(found) > 1 and len(cands) > 1:  # windows may overlap: one candidate per ball
            rc = self.rmap[_pixels(cands, w, h)[::-1]]
            d = np.linalg.norm(cands[:, None] - cands[None], axis=-1)
            dup = np.triu(d < self.p.min_separation * rc[:, None], 1).any(axis=0)
            cands, kinds = cands[~dup], kinds[~dup]
        old = self._balls
        keep = np.zeros(0, bool)
        if old is not None and len(old.at):
            keep = (todo.at(todo.accept, old.at) == 0) & (
                taken[_pixels(old.at, w, h)[::-1]] == 0)
            if keep.any() and len(cands):  # a kept ball stands: a candidate on it at the zone's edge is that ball
                h, w = grey.shape
                rc = self.rmap[_pixels(cands, w, h)[::-1]]
                gap = np.linalg.norm(cands[:, None] - old.at[keep][None], axis=-1).min(axis=1)
                cands, kinds = cands[gap >= self.p.min_separation * rc], kinds[gap >= self.p.min_separation * rc]
        if len(cands) == 0 and not keep.any():
            self._balls = None
            return BallObservations.empty(frame.t, frame.index)
        return self._measure(frame, small, fg_all, cands, kinds, keep)

    def _measure(self, frame: Frame, small: np.ndarray, fg: np.ndarray, cands: np.ndarray, kinds: np.ndarray,
                 keep: np.ndarray | None = None) -> BallObservations:
        """Refine, test and identify candidates (working resolution) into observations; ``keep``: the last
        frame's balls (``_balls``) that stand unchanged beside them (a region pass); ``small``: the frame's
        working image (colour), whose windows say which balls stand unchanged."""
        image = frame.image
        x0, y0 = self.roi[:2]
        centres = cands / self.scale + [x0, y0] + (0.5 / self.scale - 0.5)
        # Balls whose neighbourhood has not changed since they were last measured keep that measurement (a
        # player or a rolling ball over one part of the table costs the refinement of that part only); identity
        # scores are reused only when every ball is (they are computed for a frame's balls together).
        prev = self._kept_balls(cands, small)
        fresh = prev < 0
        radii, fit = np.zeros(len(centres)), np.zeros(len(centres))
        ids = np.zeros((len(centres), N_IDS))
        if fresh.any():
            streak = fresh & (kinds == 6)  # a long streak: a circle fitted to its sides would slide along it
            start = centres[streak]
            centres[fresh], radii[fresh], fit[fresh] = self._refine(image, centres[fresh])
            if streak.any():  # its centre at mid-exposure stays the middle of the streak
                centres[streak], radii[streak], fit[streak] = start, self._radii_px(start), 0.0
        if (~fresh).any():
            old = self._balls
            assert old is not None
            centres[~fresh], radii[~fresh] = old.centres[prev[~fresh]], old.radii[prev[~fresh]]
            fit[~fresh], ids[~fresh] = old.fit[prev[~fresh]], old.ids[prev[~fresh]]
        xy = self.cal.image_to_table(centres)
        at = (centres - [x0, y0]) * self.scale
        # the disc samples both fill tests read, made once (``_weak_filled`` reads ``_last_small``, of fg's size)
        outlined = (kinds == 2) | (kinds == 4) | (kinds == 5)  # found, or confirmed, by its outline's votes
        # a rack member the split found whose refined circle fits well may be of the cloth's colour (a maroon 15 in
        # a rack on red cloth: 0.31-0.47 of its disc not cloth): the outline's shading test judges it too
        fitted = (kinds == 0) & (fit >= self.p.split_weak_fit)
        if _jit.ENABLED and fg.shape == self._last_small.shape[:2] and fg.flags.c_contiguous \
                and self._last_small.flags.c_contiguous:
            filled, weak = _jit.fill_core(fg, self._last_small, self._bg, self._basis, self.rmap, at, self._disc,
                                          np.float32(0.5 * self.p.fg_threshold), bool((outlined | fitted).any()))
            samples = None
        else:
            samples = self._disc_samples(at, fg.shape[1], fg.shape[0]) \
                if fg.shape == self._last_small.shape[:2] else None
            filled = self._filled(fg, at, samples)
            weak = None
        # A ball found by its outline alone may match the cloth, but not perfectly: a sphere is shaded (its limb
        # darker than the cloth) and lit (a highlight), so a share of its disc is off the cloth's colour by a
        # milder margin than the colour test's (a green 6 on green cloth).
        outline_ok = filled >= self.p.outline_min_fill
        shaded = np.zeros(len(at), bool)
        if (outlined | fitted).any():
            shaded = (self._weak_filled(at, samples) if weak is None else weak) >= self.p.outline_weak_fill
            outline_ok |= shaded
        ok = self._plausible(xy, kinds == 5) & np.where(outlined, outline_ok, (filled >= 0.5) | (fitted & shaded))
        centres, radii, xy, kinds, fit = centres[ok], radii[ok], xy[ok], kinds[ok], fit[ok]
        ids, prev, fresh = ids[ok], prev[ok], fresh[ok]
        conf = _clip(np.where(kinds > 0, 0.55, 0.45) + 0.45 * fit, 0.0, 1.0)
        conf[kinds == 6] = STREAK_CONFIDENCE  # where along its streak the ball was is the least sure
        streak = np.zeros((len(centres), 2))
        if (kinds == 6).any():
            streak[kinds == 6] = self._half_paths(fg, at[ok][kinds == 6], centres[kinds == 6])
        if keep is not None and keep.any() and self._balls is not None and self._ref is not None:
            old, last = self._balls, self._ref[1]
            dup = (prev >= 0) & keep[np.maximum(prev, 0)]  # a candidate at the zone's edge that is a kept ball
            centres, radii, xy, fit, ids = centres[~dup], radii[~dup], xy[~dup], fit[~dup], ids[~dup]
            conf, prev, fresh, streak = conf[~dup], prev[~dup], fresh[~dup], streak[~dup]
            k = np.flatnonzero(keep)
            centres, radii = np.concatenate([old.centres[k], centres]), np.concatenate([old.radii[k], radii])
            fit, ids = np.concatenate([old.fit[k], fit]), np.concatenate([old.ids[k], ids])
            xy, conf = np.concatenate([last.xy[k], xy]), np.concatenate([last.confidence[k], conf])
            streak = np.concatenate([last.streak[k], streak])
            prev, fresh = np.concatenate([k, prev]), np.concatenate([np.zeros(len(k), bool), fresh])
        if fresh.any():  # all balls together: an identifier may make one frame's scores consistent (one_of_each)
            # but not a streak: its colours are smeared over the cloth's (2019 clip 12's break cue ball scored as
            # the 5, 0.37), and it took one of the CNN's per-frame slots from a ball whose identity it could read
            ids = np.full((len(centres), N_IDS), 1.0 / N_IDS)
            seen = ~np.any(streak != 0, axis=1)
            ids[seen] = self._identify(image, centres[seen], radii[seen])
        self._remember(small, centres, radii, fit, ids, prev)
        if len(centres) == 0:
            return BallObservations.empty(frame.t, frame.index)
        return BallObservations(t=frame.t, frame_index=frame.index, xy=xy, xy_px=centres, radius_px=radii,
                                confidence=conf, id_scores=ids, streak=streak)

    def _half_paths(self, fg: np.ndarray, at: np.ndarray, centres: np.ndarray) -> np.ndarray:
        """Half the path of each ball seen as a long streak (kind 6; its centroid ``at`` in the not-cloth mask
        ``fg``, working resolution, ``centres`` in the image) during the exposure, in table metres: half the
        streak's length along its main axis (the tracker takes the ball to have been anywhere on it,
        ``BallObservations.streak``). Not less a ball's width: a pixel on the path is covered for a share of the
        exposure that ramps up over the ball's width at each end, from nothing a radius beyond the path's end to
        the full share a radius inside it, so the cloth test cuts the blob near the path's ends (rendered 8-10
        radius smears: within 25 % of the path's half, ~28 % short with a width taken off)."""
        out = np.zeros((len(at), 2))
        h, w = fg.shape
        for i, (cx, cy) in enumerate(at):
            xi, yi = min(max(int(round(cx)), 0), w - 1), min(max(int(round(cy)), 0), h - 1)
            reach = int(np.ceil(8 * float(self.rmap[yi, xi])))
            bx, by = max(xi - reach, 0), max(yi - reach, 0)
            crop = np.ascontiguousarray(fg[by:min(yi + reach + 1, h), bx:min(xi + reach + 1, w)])
            _, lab = cv2.connectedComponents(crop, connectivity=8)
            mine = lab[yi - by, xi - bx]
            if mine == 0:
                continue
            py, px = np.nonzero(lab == mine)
            pts = np.stack([px, py], axis=1).astype(np.float64)
            pts -= pts.mean(axis=0)
            u = np.linalg.eigh(pts.T @ pts)[1][:, -1]  # the main axis
            t = pts @ u
            half = 0.5 * (float(t.max() - t.min()) + 1.0) / self.scale
            ends = self.cal.image_to_table(np.stack([centres[i] - half * u, centres[i] + half * u]))
            out[i] = 0.5 * (ends[1] - ends[0])
        return out

    def _ball_window(self, at: np.ndarray) -> tuple[int, int, int, int]:
        """The working-resolution window (x0, y0, x1, y1) whose change makes a ball's measurement stale: its disc
        and the ring the refinement and the clutter test look at (1.7 radii)."""
        h, w = self.table_mask.shape
        x, y = int(round(float(at[0]))), int(round(float(at[1])))
        r = float(self.rmap[min(max(y, 0), h - 1), min(max(x, 0), w - 1)])
        half = int(np.ceil(1.7 * r))
        return max(x - half, 0), max(y - half, 0), min(x + half + 1, w), min(y + half + 1, h)

    def _ball_windows(self, at: np.ndarray) -> list[tuple[int, int, int, int]]:
        """``_ball_window`` of each point (N, 2), computed together (the same rounding: half to even)."""
        if len(at) == 0:
            return []
        h, w = self.table_mask.shape
        x, y = np.round(at[:, 0]).astype(int), np.round(at[:, 1]).astype(int)
        r = self.rmap[_clip(y, 0, h - 1), _clip(x, 0, w - 1)].astype(np.float64)
        half = np.ceil(1.7 * r).astype(int)
        return list(zip(np.maximum(x - half, 0).tolist(), np.maximum(y - half, 0).tolist(),
                        np.minimum(x + half + 1, w).tolist(), np.minimum(y + half + 1, h).tolist(), strict=True))

    def _kept_balls(self, cands: np.ndarray, small: np.ndarray) -> np.ndarray:
        """For each candidate (working resolution), the index of the remembered ball it is, when that ball's
        window of the working image ``small`` looks as it did when the ball was measured (no pixel changed by more
        than ``static_diff``, as ``region.changed_mask`` measures it; compared with the ball's own snapshot, so
        slow drift adds up until it trips), else -1."""
        out = np.full(len(cands), -1)
        old = self._balls
        if old is None or len(old.at) == 0 or len(cands) == 0:
            return out
        h, w = small.shape[:2]
        r = self.rmap[_pixels(cands, w, h)[::-1]]
        sq = cands[:, None] - old.at[None]
        sq *= sq
        d = np.sqrt(sq[..., 0] + sq[..., 1])  # as np.linalg.norm computes it, without its Python checks
        j = np.argmin(d, axis=1)
        near = d[np.arange(len(cands)), j] < 0.35 * r
        still: dict[int, bool] = {}  # per remembered ball: its window unchanged (no pixel off by > static_diff)
        for i in np.flatnonzero(near):
            k = int(j[i])
            if k not in still:
                x0, y0, x1, y1 = old.windows[k]
                patch = old.patches[k]
                still[k] = patch.size == 0 or float(region.change(small[y0:y1, x0:x1], patch).max()) <= (
                    self.p.static_diff)
            if still[k]:
                out[i] = k
                still[k] = False  # one candidate per ball
        return out

    def _remember(self, small: np.ndarray, centres: np.ndarray, radii: np.ndarray, fit: np.ndarray,
                  ids: np.ndarray, prev: np.ndarray) -> None:
        """Keep this frame's balls for ``_kept_balls``: a ball measured afresh with a snapshot of its window now,
        a kept ball with the snapshot it was measured against."""
        x0, y0 = self.roi[:2]
        at = (centres - [x0, y0]) * self.scale
        old = self._balls
        windows: list[tuple[int, int, int, int]] = []
        patches: list[np.ndarray] = []
        fresh = self._ball_windows(at)
        for i in range(len(centres)):
            if prev[i] >= 0 and old is not None:
                windows.append(old.windows[prev[i]])
                patches.append(old.patches[prev[i]])
            else:
                wx0, wy0, wx1, wy1 = fresh[i]
                windows.append(fresh[i])
                patches.append(small[wy0:wy1, wx0:wx1].copy())
        self._balls = _Measured(at=at, centres=centres.copy(), radii=radii.copy(), fit=fit.copy(), ids=ids.copy(),
                                windows=windows, patches=patches)

    def _candidates(self, fg: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Candidate ball centres at working resolution (K, 2) and how each was found (1: a distance peak, 0: a
        cluster split, 3: a ball smeared by motion, 6: one smeared into a long streak; ``_search`` adds 2: by its outline's votes, 4: a low distance
        peak its outline's votes confirm); the clutter test comes later."""
        p = self.p
        dist = cv2.distanceTransform(fg, cv2.DIST_L2, 3)
        on = _fg_flat(fg)  # the distance map is 0 off these: its peaks and the labelling read only them
        # 16-bit labels (stats twice as fast) when the most blobs an 8-connected mask can hold fit in them
        labels_type = cv2.CV_16U if (fg.shape[0] + 1) // 2 * ((fg.shape[1] + 1) // 2) < 65535 else cv2.CV_32S
        if _jit_search.ENABLED and dist.flags.c_contiguous:  # (the same numbers by two kernels)
            ys, xs, rloc, vals = _jit_search.peaks_core(dist, on, np.float32(p.min_peak * self._rmin()), self.rmap,
                                                        np.float32(p.min_peak))
            n, labels, stats = _components(fg, labels_type, on)
            lab, comp_max, ball_sized, rc, guess, wide, todo = _jit_search.blobs_core(
                labels, ys, xs, vals, stats, self.rmap, np.float32(p.max_peak), float(p.cluster_fill))
            ball_sized &= ~self._ridge(fg, xs, ys, vals, rloc)
            kept = _greedy_nms(xs, ys, vals, p.min_separation * rloc, ball_sized)
            area = stats[:, cv2.CC_STAT_AREA]
        else:
            ys, xs = _local_maxima(dist, p.min_peak * self._rmin(), at=on)
            rloc = self.rmap[ys, xs]
            keep = dist[ys, xs] >= p.min_peak * rloc
            ys, xs, rloc = ys[keep], xs[keep], rloc[keep]
            vals = dist[ys, xs] / rloc  # peak height in local radii
            # Components (one cheap labelling pass): peaks are grouped by blob, and blobs of several balls' area
            # are split as a whole.
            n, labels, stats = _components(fg, labels_type, on)
            lab = labels[ys, xs]
            comp_max = np.zeros(n, np.float32)
            np.maximum.at(comp_max, lab, vals)
            ball_sized = vals <= p.max_peak
            ball_sized &= comp_max[lab] <= p.max_peak  # a wide blob that is not a rack (hand, arm) gives no balls
            ball_sized &= ~self._ridge(fg, xs, ys, vals, rloc)
            kept = _greedy_nms(xs, ys, vals, p.min_separation * rloc, ball_sized)
            area = stats[:, cv2.CC_STAT_AREA]
            cy = np.minimum(stats[:, 1] + stats[:, 3] // 2, fg.shape[0] - 1)
            cx = np.minimum(stats[:, 0] + stats[:, 2] // 2, fg.shape[1] - 1)
            rc = self.rmap[cy, cx]
            guess = np.round(area * p.cluster_fill / (np.pi * rc * rc)).astype(int)
            # A blob is split as a whole when it is wide (a rack whose gaps are filled by shadow: one broad
            # distance peak) or when its area holds clearly more balls than it has peaks (a rack whose balls
            # merge without pinching, so only some give peaks).
            wide = comp_max > p.max_peak
            under = guess >= 3
            todo = np.flatnonzero((wide | under) & (guess >= 2) & (guess <= 17))
            todo = todo[todo > 0]
        out: list[tuple[float, float]] = []
        kinds: list[int] = []
        replaced = np.zeros(n, bool)
        cache: dict[tuple[int, int, int, int], tuple[np.ndarray, np.ndarray, bool]] = {}
        # Wide blobs: a rack or cluster (compact, area a whole number of balls) is split with k-means; anything
        # else wide (a hand, an arm, a cue lying across balls) is dropped whole, balls touching it included (they
        # come back when it moves away; tracking bridges the gap).
        for k in todo:
            x, y, w, h = stats[k, :4]
            r = float(rc[k])
            comp = (labels[y:y + h, x:x + w] == k).astype(np.uint8)
            if self._over_rail(fg, comp, int(x), int(y)):
                continue  # an arm or sleeve reaching in over the rail, cut to a few balls' size by the table's edge
            contours, _ = cv2.findContours(comp, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
            outline = max(contours, key=cv2.contourArea)
            hull_area = cv2.contourArea(cv2.convexHull(outline))
            if hull_area <= 0 or area[k] / hull_area < p.cluster_solidity:
                continue
            if not wide[k] and _minor_spread(comp) < 0.8 * r:
                continue  # one ball thick (a chain, or one ball smeared by motion): the peaks are the balls
            key = (int(x), int(y), int(w), int(h))
            contour = outline.reshape(-1, 2).astype(np.float32) + [x, y]
            hit = _same_blob(self._split_cache, key, comp, 0.4 * np.pi * r * r)  # less than half a ball changed
            if hit is not None and hit[1] and _scallop(contour, hit[0], r) <= 0.15:
                split, use = hit  # the same blob as in the last frame (a rack before the break), still fitting
            else:
                py, px = np.nonzero(comp)
                pts = np.stack([px + x, py + y], axis=1).astype(np.float32)
                mine = [i for i in kept if lab[i] == k]
                peaks = np.stack([xs[mine], ys[mine]], axis=1).astype(np.float32)
                peak_fit = _scallop(contour, peaks, r)
                if not wide[k] and peak_fit <= 0.1:
                    split, use = peaks, False  # the peaks already follow the outline closely: nothing to split
                else:
                    # A wide blob (a rack whose gaps shadows fill) has no distance peak per ball, but every ball's
                    # visible outline still points at its centre: k-means also starts from the voted centres.
                    # (A blob with its peaks keeps the peaks' start: there the votes' start more often found a
                    # count that fits the outline as well with a ball too few.)
                    voted = self._blob_vote_peaks(comp, int(x), int(y), r) if wide[k] else np.zeros((0, 2))
                    seeds = _merge_seeds(voted, peaks, 1.5 * r) if len(voted) else None
                    split = _split_cluster(pts, int(guess[k]), r, contour, peaks, seeds)
                    counts = _split_counts(int(guess[k]))
                    if len(split) >= LATTICE_MIN:
                        split = _snap_to_lattice(split, comp, int(x), int(y), r, contour, counts)
                    elif len(split) == 0 and guess[k] >= LATTICE_MIN:
                        # no count fitted (a rack holding blurred balls): a lattice may still, its angle from the
                        # distance peaks (and voted centres)
                        at = peaks if seeds is None else seeds
                        if len(at) >= 3:
                            split = _snap_to_lattice(at, comp, int(x), int(y), r, contour, counts, angle_only=True)
                    # A blob that is not wide keeps its peaks unless the split explains its outline better, or as
                    # well with more balls (as a larger count wins a tie in the split itself): a 15-ball triangle
                    # with 13 peaks split into 15 fitting 0.164 radius against the peaks' 0.164 lost the 1, 2, 8 and
                    # 12 to the peaks (dev clip break-8-160, 30/720p).
                    fit = _scallop(contour, split, r) if len(split) else np.inf
                    use = bool(wide[k]) or fit < peak_fit or (fit <= peak_fit + SPLIT_TIE and len(split) > len(peaks))
            cache[key] = (comp, split, use)
            if not use:
                continue
            replaced[k] = True
            for c in split:
                out.append((float(c[0]), float(c[1])))
                kinds.append(0)
        self._split_cache = cache  # blobs of this frame, reused in the next where unchanged
        # A ball smeared by motion: a blob of its own, one ball wide, a little longer, and convex (a chain of
        # touching balls pinches between them). Its centre at mid-exposure is the blob's centroid. A longer
        # streak (a break's cue ball, with several distance peaks along its ridge) is one ball too when it is
        # longer than two touching balls and holds at most one sharp outline (``_streak``; kind 6).
        n_peaks = np.bincount(lab[kept], minlength=n)
        streaks: list[tuple[int, int, np.ndarray]] = []
        for k in np.flatnonzero((n_peaks >= 1) & ~replaced & ~wide & (area > 1.3 * np.pi * rc * rc)):
            if k == 0:
                continue
            x, y, w, h = stats[k, :4]
            r = float(rc[k])
            comp = (labels[y:y + h, x:x + w] == k).astype(np.uint8)
            m = cv2.moments(comp, binaryImage=True)
            a, b, c = m["mu20"] / m["m00"], m["mu11"] / m["m00"], m["mu02"] / m["m00"]
            half = np.sqrt(((a - c) / 2) ** 2 + b * b)
            major, minor = np.sqrt((a + c) / 2 + half), np.sqrt(max((a + c) / 2 - half, 0.0))
            if minor > 0.75 * r:
                continue
            short = n_peaks[k] == 1 and major <= 1.8 * r  # two touching balls give two peaks
            if not short and not self._streak(comp, m, a, b, c, r, int(x), int(y)):
                continue
            if self._over_rail(fg, comp, int(x), int(y)):
                continue  # a sleeve's end or a cue's shaft cut by the table's edge to a ball's width
            contours, _ = cv2.findContours(comp, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
            hull_area = cv2.contourArea(cv2.convexHull(max(contours, key=cv2.contourArea)))
            if hull_area <= 0 or area[k] / hull_area < p.smear_solidity:
                continue
            replaced[k] = True
            out.append((x + m["m10"] / m["m00"], y + m["m01"] / m["m00"]))
            kinds.append(3 if short else 6)
            if not short:
                streaks.append((int(x), int(y), comp))
        self._streaks = streaks
        # Ordinary peaks: one ball or a few touching, each ball a distance peak about one radius high.
        height = np.ones(len(out))
        mine = [i for i in kept if not replaced[lab[i]]]
        out.extend((float(xs[i]), float(ys[i])) for i in mine)
        kinds.extend([1] * len(mine))
        self._heights = np.concatenate([height, vals[mine]])  # distance peak heights (x radius), 1 for the rest
        self._blobs = (labels, stats)  # the mask's blobs, for ``_rack_tiles``
        return np.array(out, dtype=np.float64).reshape(-1, 2), np.array(kinds, dtype=np.int8)

    def _over_rail(self, fg: np.ndarray, comp: np.ndarray, x: int, y: int) -> bool:
        """True when the blob ``comp`` (at ``x, y``, working resolution) goes on, not-cloth, over the cushion top
        out to its outer rim: something reaching in from beyond the rail (an arm, a sleeve, a cue butt), not a rack
        or a cluster of balls, whose pixels stop at the nose line. The table's edge cuts such an arm to a compact
        blob of a few balls' area that the rack split filled with balls (dev seed 1128: a forearm over the foot
        rail, 8 false balls a frame, on any cloth colour)."""
        rails = getattr(self, "_fg_rails", None)
        if rails is None or rails.shape != fg.shape:
            return False
        hh, ww = fg.shape
        m = int(np.ceil(1.5 * self._rmax())) + 2  # the cushion band (1.4 radii) and a pixel or two
        x0, y0 = max(x - m, 0), max(y - m, 0)
        x1, y1 = min(x + comp.shape[1] + m, ww), min(y + comp.shape[0] + m, hh)
        rim = self._rail_rim[y0:y1, x0:x1]
        if not rim.any():
            return False
        both = rails[y0:y1, x0:x1] | fg[y0:y1, x0:x1]
        _, lab = cv2.connectedComponents(both, connectivity=8)
        py, px = np.nonzero(comp)
        mine = lab[py[0] + y - y0, px[0] + x - x0]
        return bool(((lab == mine) & (rim > 0)).any())

    def _streak(self, comp: np.ndarray, m: dict[str, float], a: float, b: float, c: float, r: float, x: int,
                y: int) -> bool:
        """True when the blob ``comp`` (at ``x, y``, working resolution; its moments ``m`` and central second
        moments ``a, b, c``) is one ball smeared into a streak: at least ``streak_min`` radii long (two touching
        balls in line are 4, a still ball with a blurred one against it ~5; the pinch between them is too shallow
        to tell at this resolution) and with at most one sharp outline in it (votes >= ``streak_votes`` x the
        threshold: a struck ball's sharp start; a chain of touching still balls has one per ball, a smear none)."""
        theta = 0.5 * np.arctan2(2 * b, a - c)
        py, px = np.nonzero(comp)
        dx, dy = px - m["m10"] / m["m00"], py - m["m01"] / m["m00"]
        t = dx * np.cos(theta) + dy * np.sin(theta)
        length = float(t.max() - t.min()) + 1
        if length < self.p.trail_min * r:
            return False
        sharp = self._blob_vote_peaks(comp, x, y, r, self.p.streak_votes)
        if length >= self.p.streak_min * r:
            return len(sharp) <= 1
        if len(sharp) == 0:
            # Shorter, with no sharp outline at all: one ball smeared over more than its own width, when it is a
            # ball wide and without a waist (``smear_width``, ``smear_waist``). Its ridge is flat, so the distance
            # peaks along it would make two balls of it, one near each end.
            return (float(m["m00"]) >= self.p.smear_width * r * length
                    and _waist(t, dy * np.cos(theta) - dx * np.sin(theta)) >= self.p.smear_waist)
        # Shorter: a struck ball with a faint trail, or a still ball with a blurred one rolling against it. The
        # blurred ball moved less than its own diameter (else the blob would be longer), so its core was covered
        # all the exposure and is opaque; a trail is not.
        if len(sharp) != 1:
            return False
        share, across = self._trail_share(comp, x, y, r, sharp[0], px, py)
        return share <= self.p.trail_alpha and across <= self.p.trail_across

    def _trail_share(self, comp: np.ndarray, x: int, y: int, r: float, centre: np.ndarray, px: np.ndarray,
                     py: np.ndarray) -> tuple[float, float]:
        """How opaque the blob ``comp`` (at ``x, y``; its pixels ``px, py``) is away from its one sharp outline's
        ``centre`` (beyond 1.5 radii), and how far from the sharp ball's colour: each pixel's colour offset from
        the cloth is split along the sharp ball's (its disc within 0.6 radius) and across it, both as shares of
        the ball's; returned are the 90th percentile along and the median across. A trail of the struck ball
        itself is its colour blended with the cloth's: along it, less than 1, little across (2019 clip 12 frame 0:
        0.57, 0.05); a ball blurred by less than its diameter is opaque at its core, of its own colour (clip 14
        frame 22: 1.09, 0.19; a red ball against the white, clip 4 frame 39: 0.60, 0.63; a green one against the
        white, clip 11 frame 138: 0.15, 0.33)."""
        h, w = comp.shape
        q = cv2.transform(self._last_small[y:y + h, x:x + w].astype(np.float32), self._basis)
        off = (q - self._bg[y:y + h, x:x + w])[py, px]
        d = np.hypot(px - (centre[0] - x), py - (centre[1] - y))
        core, rest = d <= 0.6 * r, d >= 1.5 * r
        ball = off[core].mean(axis=0) if core.any() else np.zeros(3)
        norm = float(np.sqrt(ball @ ball))
        if not rest.any() or norm < self.p.fg_threshold:
            return np.inf, np.inf  # nothing beyond the sharp ball, or a sharp "ball" of the cloth's colour
        along = off[rest] @ (ball / norm)
        across = np.sqrt(np.maximum((off[rest] ** 2).sum(axis=1) - along * along, 0.0))
        return float(np.percentile(along, 90)) / norm, float(np.median(across)) / norm

    def _blob_vote_peaks(self, comp: np.ndarray, x: int, y: int, r: float, share: float | None = None) -> np.ndarray:
        """Ball centres inside one blob (mask ``comp`` at ``x, y``, working resolution) by a one-radius radial
        symmetry transform of the working image round it (as ``_votes``, no ball excluded), strongest first:
        inside a packed, shadow-filled rack the outlines between balls still vote for each ball's centre."""
        small = self._last_small
        hh, ww = small.shape[:2]
        pad = int(np.ceil(1.5 * r)) + 1
        bx0, by0 = max(x - pad, 0), max(y - pad, 0)
        bx1, by1 = min(x + comp.shape[1] + pad, ww), min(y + comp.shape[0] + pad, hh)
        grey = cv2.cvtColor(small[by0:by1, bx0:bx1], cv2.COLOR_BGR2GRAY)
        h, w = grey.shape
        if h < 3 or w < 3:
            return np.zeros((0, 2), np.float32)
        if _jit_votes.ENABLED:  # the same votes and peaks by the compiled kernels (the blur by OpenCV)
            f, tp, tm = _jit_votes.edge_votes(grey, None, self.rmap, np.float32(self.p.edge_min), bx0, by0)
            if len(f) == 0:
                return np.zeros((0, 2), np.float32)
            counts = _jit_votes.vote_counts(h * w, f, tp, tm, None)[0]
            acc = cv2.GaussianBlur(counts.reshape(h, w), (0, 0), 0.8)
            k = (self.p.split_votes if share is None else share) * self._vote_threshold() * r
            pts = _jit_votes.blob_peaks(acc, np.float32(k), comp, bx0 - x, by0 - y, 1.5 * r)
            pts[:, 0] += bx0
            pts[:, 1] += by0
            return pts
        gx16, gy16 = cv2.spatialGradient(grey)
        gx, gy = gx16.astype(np.float32), gy16.astype(np.float32)
        mag = cv2.magnitude(gx, gy)
        f = np.flatnonzero(mag > self.p.edge_min)  # by flat index (cheaper to find and gather with)
        if len(f) == 0:
            return np.zeros((0, 2), np.float32)
        iy, ix = np.divmod(f, w)
        m = mag.reshape(-1).take(f)
        rv = self.rmap[iy + by0, ix + bx0]
        ux, uy = gx.reshape(-1).take(f) / m * rv, gy.reshape(-1).take(f) / m * rv
        vx = _clip(np.round(np.concatenate([ix + ux, ix - ux])).astype(np.int32), 0, w - 1)
        vy = _clip(np.round(np.concatenate([iy + uy, iy - uy])).astype(np.int32), 0, h - 1)
        counts = np.bincount(vy * w + vx, minlength=h * w).astype(np.float32).reshape(h, w)
        acc = cv2.GaussianBlur(counts, (0, 0), 0.8)
        k = (self.p.split_votes if share is None else share) * self._vote_threshold() * r
        py, px = _local_maxima(acc, k)
        # inside the blob (its own pixels, not the gaps between it and the box)
        cy, cx = py + by0 - y, px + bx0 - x
        inside = (cy >= 0) & (cy < comp.shape[0]) & (cx >= 0) & (cx < comp.shape[1])
        inside[inside] = comp[cy[inside], cx[inside]] > 0
        py, px = py[inside], px[inside]
        if len(px) == 0:
            return np.zeros((0, 2), np.float32)
        keep = _greedy_nms(px, py, acc[py, px], 1.5 * r)
        return np.stack([px[keep] + bx0, py[keep] + by0], axis=1).astype(np.float32)

    def _ridge(self, fg: np.ndarray, xs: np.ndarray, ys: np.ndarray, vals: np.ndarray,
               rloc: np.ndarray) -> np.ndarray:
        """True for a thin distance peak (below ``thin_peak`` radii) on a band: the not-cloth pixels within 1.5
        radii spread along one direction (second moments more than ``thin_elongation`` times larger along it than
        across). A cue shaft lying on the cloth is such a band; a ball's pixels spread evenly (a blurred ball
        is elongated too, but a ball wide)."""
        thin = vals < self.p.thin_peak
        out = np.zeros(len(xs), bool)
        if not thin.any():
            return out
        h, w = fg.shape
        half = int(np.ceil(1.5 * float(rloc[thin].max())))
        if _jit_search.ENABLED:
            return _jit_search.ridge_core(fg, np.asarray(xs, np.int64), np.asarray(ys, np.int64), vals, rloc,
                                          np.float32(self.p.thin_peak), float(self.p.thin_elongation), half)
        gy, gx = _grid(half)
        inside = (gx * gx + gy * gy) <= (1.5 * rloc[thin])[:, None, None] ** 2  # (K, S, S)
        wx = _clip(xs[thin, None, None] + gx[None], 0, w - 1)
        wy = _clip(ys[thin, None, None] + gy[None], 0, h - 1)
        m = ((fg[wy, wx] > 0) & inside).reshape(len(wx), -1).astype(np.float64)
        # the raw moments as one product (integer sums, so exactly the per-moment sums)
        s0, sx, sy, sxx, syy, sxy = (m @ _moment_basis(half)).T
        n = np.maximum(s0, 1.0)
        mx, my = sx / n, sy / n
        cxx = sxx / n - mx * mx
        cyy = syy / n - my * my
        cxy = sxy / n - mx * my
        tr, det = cxx + cyy, cxx * cyy - cxy * cxy
        disc = np.sqrt(np.maximum(tr * tr / 4 - det, 0.0))
        big, small = tr / 2 + disc, np.maximum(tr / 2 - disc, 1e-6)
        out[thin] = big > self.p.thin_elongation * small
        return out

    # the grey image and table mask last voted on, its gradients, their magnitude and the edge pixels on the table
    # (flat indices, raster order)
    _edges: tuple[np.ndarray, ...] | None = None

    def _votes(self, small: np.ndarray, known: np.ndarray, grey: np.ndarray | None = None) -> None:
        """A one-radius fast radial symmetry transform of the working image: a sphere's outline is a circle of
        edges whose gradients all point at its centre, so edge pixels vote one local radius along their
        gradient (both ways) and a ball piles up votes where cloth texture does not. Edges on the balls already
        ``known`` do not vote (their outlines would vote for the holes between them). Keeps the blurred vote
        map in ``_acc``."""
        if grey is None:
            grey = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
        if _jit_votes.ENABLED:
            return self._votes_jit(known, grey)
        c = self._edges
        if c is None or len(c) != 6 or c[0] is not grey or c[1] is not self.table_mask:  # (a search votes twice when peaks move)
            gx16, gy16 = cv2.spatialGradient(grey)
            gx, gy = gx16.astype(np.float32), gy16.astype(np.float32)
            mag = cv2.magnitude(gx, gy)
            edges = cv2.compare(mag, self.p.edge_min, cv2.CMP_GT) & self.table_mask
            c = self._edges = (grey, self.table_mask, gx, gy, mag, _fg_flat(edges))
        gx, gy, mag = c[2], c[3], c[4]
        f = c[5]  # the edge pixels on the table by flat index (cheaper to gather with)
        h, w = grey.shape
        if len(known) and len(f):  # balls already found vote for nothing new
            f = f[self._known_discs(known, h, w).reshape(-1).take(f) == 0]
        if len(f) == 0:
            self._acc = self._acc_dil = np.zeros((h, w), np.float32)
            return
        ys, xs = np.divmod(f, w)
        m = mag.ravel().take(f)
        rv = self.rmap.ravel().take(f)  # each voter votes one local radius away
        ux, uy = gx.ravel().take(f) / m * rv, gy.ravel().take(f) / m * rv
        # rounded, clipped and made one flat index in float64 (whole numbers: exact), in place
        vx = np.concatenate([xs + ux, xs - ux])
        vy = np.concatenate([ys + uy, ys - uy])
        for v, hi in ((vx, w - 1), (vy, h - 1)):
            np.round(v, out=v)
            np.clip(v, 0, hi, out=v)
        vy *= w
        vy += vx
        acc = np.bincount(vy.astype(np.intp), minlength=h * w).astype(np.float32)
        self._acc = cv2.GaussianBlur(acc.reshape(h, w), (0, 0), 0.8)
        self._acc_dil = cv2.dilate(self._acc, _K3)  # its 3x3 maximum: the peak searches and _beside share it

    def _known_discs(self, known: np.ndarray, h: int, w: int) -> np.ndarray:
        """A (h, w) uint8 mask of 0.9 local radii round each ball already found (1 inside): their outlines vote for
        nothing new. Drawn on an empty mask for the edge pixels to be read at (the same pixels as drawing them out
        of a copy of the edge mask, without the copy and a second whole-image nonzero)."""
        kx = np.round(known[:, 0] * 16).astype(int).tolist()
        ky = np.round(known[:, 1] * 16).astype(int).tolist()
        rk = self.rmap[np.minimum(np.round(known[:, 1]).astype(int), h - 1),
                       np.minimum(np.round(known[:, 0]).astype(int), w - 1)]
        discs = np.zeros((h, w), np.uint8)
        for x, y, rr in zip(kx, ky, np.round(0.9 * rk.astype(np.float64) * 16).astype(int).tolist(), strict=True):
            cv2.circle(discs, (x, y), rr, 1, -1, cv2.LINE_8, 4)
        return discs

    def _votes_jit(self, known: np.ndarray, grey: np.ndarray) -> None:
        """``_votes`` by the compiled kernels (``vision._jit_votes``: the same integer gradients, float32 steps and
        float64 rounding; the known balls' discs still drawn by ``cv2.circle``, the blur and dilation by OpenCV)."""
        c = self._edges
        if c is None or len(c) != 5 or c[0] is not grey or c[1] is not self.table_mask:
            f, tp, tm = _jit_votes.edge_votes(grey, self.table_mask, self.rmap, np.float32(self.p.edge_min), 0, 0)
            c = self._edges = (grey, self.table_mask, f, tp, tm)
        f, tp, tm = c[2], c[3], c[4]
        h, w = grey.shape
        flat: np.ndarray | None = None
        if len(known) and len(f):  # balls already found vote for nothing new
            flat = self._known_discs(known, h, w).reshape(-1)
        acc, voters = _jit_votes.vote_counts(h * w, f, tp, tm, flat)
        if voters == 0:
            self._acc = self._acc_dil = np.zeros((h, w), np.float32)
            return
        self._acc = cv2.GaussianBlur(acc.reshape(h, w), (0, 0), 0.8)
        self._acc_dil = cv2.dilate(self._acc, _K3)

    _radius_range: tuple[np.ndarray, float, float] | None = None  # (the radius map, its min, its max)

    def _rmin(self) -> float:
        """``float(self.rmap.min())``, found once per radius map (a region pass crops it to its window)."""
        c = self._radius_range
        if c is None or c[0] is not self.rmap:
            c = self._radius_range = (self.rmap, float(self.rmap.min()), float(self.rmap.max()))
        return c[1]

    def _rmax(self) -> float:
        """``float(self.rmap.max())``, as ``_rmin``."""
        self._rmin()
        assert self._radius_range is not None
        return self._radius_range[2]

    _acc_peaks: tuple[np.ndarray, float, np.ndarray, np.ndarray, np.ndarray] | None = None

    def _acc_maxima(self, threshold: float) -> tuple[np.ndarray, np.ndarray]:
        """``_local_maxima(self._acc, threshold, self._acc_dil)``: the vote map's maxima are found once, at the lower
        of the two thresholds the search asks for (``_symmetric_spots`` the usual one, ``_faint_spots`` a share of
        it), and each call keeps those at or above its own (the same compare, on the maxima's values only; OpenCV
        takes a 1 x 1 array for a scalar, hence the repeat)."""
        acc = self._acc
        low = min(1.0, self.p.faint_votes) * self._vote_threshold() * self._rmin()
        jit = _jit_votes.ENABLED
        if threshold < low:
            if jit:
                return _jit_votes.maxima_dil(acc, self._acc_dil, np.float32(threshold))[:2]
            return _local_maxima(acc, threshold, self._acc_dil)
        c = self._acc_peaks
        if c is None or c[0] is not acc or c[1] != low:
            if jit:  # the same compares in one pass (cv2.compare's float32 threshold)
                ys, xs, v = _jit_votes.maxima_dil(acc, self._acc_dil, np.float32(low))
                c = self._acc_peaks = (acc, low, ys, xs, v)
            else:
                ys, xs = _local_maxima(acc, low, self._acc_dil)
                c = self._acc_peaks = (acc, low, ys, xs, acc[ys, xs])
        ys, xs, v = c[2], c[3], c[4]
        if threshold == low or len(v) == 0:
            return ys, xs
        sel = (cv2.compare(v if len(v) > 1 else np.repeat(v, 2), float(threshold), cv2.CMP_GE).ravel() > 0)[:len(v)]
        return ys[sel], xs[sel]

    def _vote_threshold(self) -> float:
        """Votes per unit of local radius that a ball's centre collects: a ball's outline has 2 pi r pixels;
        blurred, its peak keeps about 1 / (2 pi 0.8^2) of them, and ``symmetry_min`` of the outline must vote."""
        return self.p.symmetry_min / (2 * np.pi * 0.8 ** 2) * 2 * np.pi

    def _symmetric_spots(self, known: np.ndarray) -> np.ndarray:
        """Ball centres the colour test missed (a red ball on red cloth, a green 6 on green): peaks of the
        symmetry votes (``_votes``, cast without the balls already known). Returns new centres, (K, 2) at
        working resolution, away from ``known``."""
        acc = self._acc
        self._last_acc = acc
        k = self._vote_threshold()
        py, px = self._acc_maxima(k * self._rmin())
        if _jit_votes.ENABLED:  # the selection, NMS and known test in one kernel (the same float32/float64 steps)
            return _jit_votes.symmetric_spots(acc, self.rmap, py, px, k, self.p.min_separation,
                                              np.ascontiguousarray(known, np.float64).reshape(-1, 2))
        rloc = self.rmap[py, px]
        sel = acc[py, px] >= k * rloc
        py, px, rloc = py[sel], px[sel], rloc[sel]
        if len(px) == 0:
            return np.zeros((0, 2))
        keep = _greedy_nms(px, py, acc[py, px], self.p.min_separation * rloc)
        pts = np.stack([px[keep], py[keep]], axis=1).astype(np.float64)
        if len(known):
            d = np.linalg.norm(pts[:, None] - known[None], axis=-1).min(axis=1)
            pts = pts[d > self.p.min_separation * rloc[keep]]
        return pts

    def _bar_end(self, fg: np.ndarray, pts: np.ndarray) -> np.ndarray:
        """True for an outline spot (working resolution) at the rounded end of a straight not-cloth bar: a cue's
        butt lying on the cloth, whose round end votes for a ball-sized centre (dev seeds 603, 558: a false ball
        in every frame). Rings round the spot at 0.6, 1.5, 2 and 3 radii each cross exactly one not-cloth run, all
        in one direction (the shaft runs straight on), the outer three narrower than a ball (``bar_width`` radii)
        and of one width (the shaft's), and the bar fills ``bar_fill`` of the spot's disc (it ends inside it).
        A ball touching a cue's tip is not such a spot: its own disc is not-cloth all round (the inner ring is
        whole), or, of the cloth's colour, hardly filled by the tip; a ball beside a shaft or a smeared ball has
        two runs on a ring, or runs that widen outwards."""
        out = np.zeros(len(pts), bool)
        if len(pts) == 0:
            return out
        h, w = fg.shape
        xi, yi = _pixels(pts, w, h)
        r = self.rmap[yi, xi]
        radii = np.array([0.6, 1.5, 2.0, 3.0])
        ang = np.linspace(0, 2 * np.pi, 48, endpoint=False)  # finer than ``_ring``: the bar is a radius wide at 3
        unit = np.c_[np.cos(ang), np.sin(ang)]
        ring = pts[:, None, None, :] + unit[None, None] * (radii[None, :, None, None] * r[:, None, None, None])
        rx, ry = _pixels(ring.reshape(-1, 2), w, h)
        on = (fg[ry, rx] > 0).reshape(len(pts), len(radii), -1)  # (N, 4, K)
        runs = (on & ~np.roll(on, 1, axis=-1)).sum(axis=-1)  # starts of not-cloth runs round each ring
        one = (runs == 1).all(axis=1)
        share = on.mean(axis=-1)
        width = share[:, 1:] * 2 * np.pi * radii[1:]  # the runs' widths, in radii
        # each run's direction (circular mean of its samples' angles) against the 1.5-radius ring's
        c = (on * np.cos(ang)).sum(axis=-1)
        s_ = (on * np.sin(ang)).sum(axis=-1)
        d = np.arctan2(s_, c)
        turn = np.abs((d - d[:, 1:2] + np.pi) % (2 * np.pi) - np.pi)  # (N, 4)
        straight = (turn[:, 2:] <= np.radians(25)).all(axis=1) & (turn[:, 0] <= np.radians(60))
        bar = (width.max(axis=1) <= self.p.bar_width) & (width.max(axis=1) - width.min(axis=1) <= 0.5)
        cand = one & straight & bar
        if cand.any():
            cand[cand] = self._filled(fg, pts[cand]) >= self.p.bar_fill
        return cand

    def _at_edge(self, pts: np.ndarray) -> np.ndarray:
        """True for points (working resolution) within 1.2 local radii of the table mask's edge."""
        h, w = self.table_mask.shape
        r = self.rmap[_pixels(pts, w, h)[::-1]]
        ring = pts[:, None, :] + self._ring[None] * (1.2 * r)[:, None, None]
        rx, ry = np.round(ring[..., 0]).astype(int), np.round(ring[..., 1]).astype(int)
        out = (rx < 0) | (ry < 0) | (rx >= w) | (ry >= h)
        out[~out] = self.table_mask[ry[~out], rx[~out]] == 0
        return out.any(axis=1)

    def _recentre(self, pts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Each point (working resolution) moved to the strongest symmetry vote within one local radius when that
        reaches the usual threshold (a ball's outline points at its centre), else left where it is; and whether
        it was (a ball's outline is there)."""
        acc = self._acc
        h, w = acc.shape
        k = self._vote_threshold()
        if _jit_votes.ENABLED and pts.dtype == np.float64:
            moved, found = _jit_votes.recentre(acc, self.rmap, np.ascontiguousarray(pts), k)
            return moved, found
        out = pts.copy()
        found = np.zeros(len(pts), bool)
        for i, (x, y) in enumerate(pts):
            xi, yi, r = self._pixel_radius(x, y)
            half = int(np.ceil(r))
            ya, xa = max(yi - half, 0), max(xi - half, 0)
            win = acc[ya:yi + half + 1, xa:xi + half + 1]
            if win.size == 0:
                continue
            # the window's columns and rows broadcast (the same distances as its full index grids, fewer arrays)
            wh, ww = win.shape
            gx, gy = np.arange(xa, xa + ww)[None, :], np.arange(ya, ya + wh)[:, None]
            win = np.where((gx - x) ** 2 + (gy - y) ** 2 <= r * r, win, 0.0)
            j = int(np.argmax(win))
            if win.flat[j] >= k * r:
                out[i] = (xa + j % ww, ya + j // ww)
                found[i] = True
        return out, found

    def _faint_spots(self, known: np.ndarray, fg: np.ndarray) -> np.ndarray:
        """Balls of the cloth's colour smeared by motion (a red ball rolling on red cloth): the blur weakens
        their outline, so its votes reach only ``faint_votes`` of the threshold, but the disc itself shows a
        ball: ``faint_fill`` of it not cloth (its highlight, its lit side) and ``faint_weak`` of it mildly off
        the cloth's colour; or a ball of the cloth's colour at rest, whose disc is hardly not-cloth at all but
        whose votes reach ``cloth_votes`` and ``cloth_weak`` of its disc is off the cloth's colour. Returns such
        peaks of ``_acc`` (K, 2), away from ``known``; the caller tests each
        one's surroundings alone (faint peaks along an arm must not vouch for each other)."""
        acc = self._acc
        k = self._vote_threshold()
        py, px = self._acc_maxima(self.p.faint_votes * k * self._rmin())
        rloc = self.rmap[py, px]
        v = acc[py, px]
        sel = (v >= self.p.faint_votes * k * rloc) & (v < k * rloc)
        py, px, rloc, v = py[sel], px[sel], rloc[sel], v[sel]
        if len(px) == 0:
            return np.zeros((0, 2))
        pts = np.stack([px, py], axis=1).astype(np.float64)
        # the disc test before the strongest is picked: a rail's edge beside the ball may vote more
        small = self._last_small
        if _jit_votes.ENABLED and fg.shape == small.shape[:2] and fg.flags.c_contiguous and small.flags.c_contiguous:
            filled, weak = _jit.fill_core(fg, small, self._bg, self._basis, self.rmap, pts, self._disc,
                                          np.float32(0.5 * self.p.fg_threshold), True)
        else:
            samples = self._disc_samples(pts, fg.shape[1], fg.shape[0]) if fg.shape == small.shape[:2] else None
            weak = self._weak_filled(pts, samples)
            filled = self._filled(fg, pts, samples)
        sel = (filled >= self.p.faint_fill) & (weak >= self.p.faint_weak)
        # a ball of the cloth's own colour at rest (a maroon 7 on red cloth): hardly any of it is not cloth, but
        # its outline votes nearer the threshold and its shaded, lit disc is mostly off the cloth's colour
        sel |= (v >= self.p.cloth_votes * k * rloc) & (weak >= self.p.cloth_weak)
        if _jit_votes.ENABLED:
            lim = self.p.min_separation * rloc
            if len(known):
                sel &= _jit_votes.far_from(px, py, np.ascontiguousarray(known, np.float64).reshape(-1, 2), lim)
            py, px, lim, pts = py[sel], px[sel], lim[sel], pts[sel]
            return pts[_jit_votes.greedy_nms(px, py, acc[py, px], lim.astype(np.float64) ** 2)]
        if len(known):
            sel &= np.linalg.norm(pts[:, None] - known[None], axis=-1).min(axis=1) > self.p.min_separation * rloc
        py, px, rloc, pts = py[sel], px[sel], rloc[sel], pts[sel]
        return pts[_greedy_nms(px, py, acc[py, px], self.p.min_separation * rloc)]

    def _clear_round(self, fg: np.ndarray, pts: np.ndarray, others: np.ndarray) -> np.ndarray:
        """True for a faint spot that stands alone on clear cloth: the rings round it (1.35 and 1.7 radii, off
        the ``others``' discs) hold at most ``faint_clutter`` not-cloth and ``faint_ring_weak`` mildly off-cloth
        samples, and the not-cloth pixels within 1.5 radii are not a band (second moments at most
        ``faint_elongation`` to 1). A cue shaft, a tip, a glove of the cloth's colour or a long streak fail; a
        ball smeared by motion on its own colour passes (2019 clips and dev seeds checked)."""
        if len(pts) == 0:
            return np.zeros(0, bool)
        h, w = fg.shape
        small = self._last_small
        out = np.zeros(len(pts), bool)
        ring = np.concatenate([self._ring * 1.35, self._ring * 1.7])
        for i, pt in enumerate(pts):
            x, y = float(pt[0]), float(pt[1])
            r = float(self.rmap[min(max(round(y), 0), h - 1), min(max(round(x), 0), w - 1)])
            q = pt + ring * r
            rx, ry = _clip(np.round(q[:, 0]).astype(int), 0, w - 1), _clip(np.round(q[:, 1]).astype(int), 0, h - 1)
            free = self.table_mask[ry, rx] > 0
            if len(others):
                gap = np.linalg.norm(others - pt, axis=1)
                dd = np.linalg.norm(q[:, None] - others[None], axis=-1)
                free &= ~((dd < 1.15 * r) & (gap >= 1.5 * r)[None]).any(axis=1)
            n = max(int(free.sum()), 1)
            col = small[ry, rx].astype(np.float32) @ self._basis.T
            bg = self._bg[ry, rx]
            perp = np.hypot(col[:, 0] - bg[:, 0], col[:, 1] - bg[:, 1])
            ratio = col[:, 2] / np.maximum(bg[:, 2], 1.0)
            weak = (perp > 0.5 * self.p.fg_threshold) | (ratio < 0.85) | (ratio > 1.25)
            if ((fg[ry, rx] > 0) & free).sum() > self.p.faint_clutter * n or (weak & free).sum() > self.p.faint_ring_weak * n:
                continue
            half = int(np.ceil(1.5 * r))
            ya, xa = max(round(y) - half, 0), max(round(x) - half, 0)
            win = fg[ya:round(y) + half + 1, xa:round(x) + half + 1] > 0
            gy, gx = np.mgrid[ya:ya + win.shape[0], xa:xa + win.shape[1]]
            win &= (gx - x) ** 2 + (gy - y) ** 2 <= (1.5 * r) ** 2
            if win.sum() >= 3:
                ev = np.linalg.eigvalsh(np.cov(np.stack([gx[win], gy[win]]).astype(np.float64)))
                if ev[1] > self.p.faint_elongation * max(ev[0], 1e-6):
                    continue
            out[i] = True
        return out

    def _rack_holes(self, cands: np.ndarray) -> np.ndarray:
        """Balls inside a rack that match the cloth (a green 14 in a rack on green cloth): a hole in the packing,
        two radii from at least three found balls, where the outline votes reach 70 % of the usual threshold."""
        acc = getattr(self, "_last_acc", None)
        if acc is None or len(cands) < 3:
            return np.zeros((0, 2))
        h, w = acc.shape
        if _jit_votes.ENABLED and self.rmap.shape == acc.shape:
            spots, rs, support = _jit_votes.hole_spots(np.ascontiguousarray(cands, np.float64), self.rmap)
            return self._hole_votes(acc, spots, rs, support)
        r = self.rmap[_clip(np.round(cands[:, 1]).astype(int), 0, h - 1),
                      _clip(np.round(cands[:, 0]).astype(int), 0, w - 1)]
        d = np.linalg.norm(cands[:, None] - cands[None], axis=-1)
        i, j = np.nonzero(np.triu((d > 1.7 * r[:, None]) & (d < 2.3 * r[:, None]), 1))
        if len(i) == 0:
            return np.zeros((0, 2))
        mid = (cands[i] + cands[j]) / 2
        perp = (cands[j] - cands[i])[:, ::-1] * [1.0, -1.0] * (np.sqrt(3) / 2)
        spots = np.concatenate([mid + perp, mid - perp])  # third corners of equilateral triangles
        dd = np.linalg.norm(spots[:, None] - cands[None], axis=-1)
        rs = self.rmap[_clip(np.round(spots[:, 1]).astype(int), 0, h - 1),
                       _clip(np.round(spots[:, 0]).astype(int), 0, w - 1)]
        support = ((dd > 1.6 * rs[:, None]) & (dd < 2.4 * rs[:, None])).sum(axis=1)
        # no found centre on the spot: its neighbours' distance peaks may lie off their centres, pushed away from
        # a cloth-coloured ball (1.6 radii seen; two balls cannot stand closer than 2)
        free = dd.min(axis=1) > 1.5 * rs
        keep = (support >= 3) & free
        return self._hole_votes(acc, spots[keep], rs[keep], support[keep])

    def _hole_votes(self, acc: np.ndarray, spots: np.ndarray, rs: np.ndarray, support: np.ndarray) -> np.ndarray:
        """``_rack_holes``' spots (their radii and support) that the outline's votes or a weakly filled disc deep in
        a rack confirm, more than 1.6 radii apart."""
        if len(spots) == 0:
            return np.zeros((0, 2))
        h, w = acc.shape
        k = 0.7 * self._vote_threshold()
        # Deep in a rack (4+ neighbours at two radii) an empty spot cannot be, so a shaded, lit disc there (mildly
        # off the cloth's colour) is enough even when its outline votes weakly (a maroon 7 in a rack on red).
        small, fg = self._last_small, self._fg
        if _jit_votes.ENABLED and fg is not None and fg.shape == small.shape[:2] and fg.flags.c_contiguous \
                and small.flags.c_contiguous:
            wf = _jit.fill_core(fg, small, self._bg, self._basis, self.rmap, spots, self._disc,
                                np.float32(0.5 * self.p.fg_threshold), True)[1]
        else:
            wf = self._weak_filled(spots)
        weak = wf >= self.p.hole_weak_fill
        out: list[np.ndarray] = []
        for sp, rr, sup, wk in zip(spots, rs, support, weak, strict=True):
            x, y = int(round(sp[0])), int(round(sp[1]))
            if not (0 <= x < w and 0 <= y < h) or self.table_mask[y, x] == 0:
                continue
            win = acc[max(y - 1, 0):y + 2, max(x - 1, 0):x + 2]
            if ((float(win.max()) >= k * rr or (sup >= 4 and wk))
                    and all(np.linalg.norm(sp - o) > 1.6 * rr for o in out)):
                out.append(sp)
        return np.array(out).reshape(-1, 2)

    def _beside(self, fg: np.ndarray, pts: np.ndarray) -> np.ndarray:
        """True for an outline-found ball pressed against something large (a player's body, an arm), which the
        clutter test rejects: a whole ball is there when its disc is solidly not-cloth, its outline votes far
        more than the usual threshold (``beside_votes`` x), and part of the ring just outside it is cloth
        (a ball in front of the body, not a bump inside it)."""
        if len(pts) == 0:
            return np.zeros(0, bool)
        return self._solid_beside(fg, pts, self.p.beside_votes)

    def _solid_beside(self, fg: np.ndarray, pts: np.ndarray, votes_x: float) -> np.ndarray:
        """A whole ball's look beside something large: its disc solidly not-cloth, its outline voting ``votes_x``
        times the threshold, and part of the ring at 1.3 r cloth (``_beside``, ``_against_body``)."""
        h, w = fg.shape
        xi, yi = _pixels(pts, w, h)
        r = self.rmap[yi, xi]
        votes = self._acc_dil[yi, xi]
        return ((votes >= votes_x * self._vote_threshold() * r) & (self._filled(fg, pts) >= 0.9)
                & (self._cloth_share(fg, pts, 1.3) >= 0.3))

    def _cloth_share(self, fg: np.ndarray, pts: np.ndarray, scale: float) -> np.ndarray:
        """The share of each point's ring at ``scale`` radii that is cloth (not-cloth mask off, on the table)."""
        h, w = fg.shape
        xi, yi = _pixels(pts, w, h)
        r = self.rmap[yi, xi]
        ring = pts[:, None, :] + self._ring[None] * (scale * r)[:, None, None]
        rx, ry = _pixels(ring, w, h)
        return ((fg[ry, rx] == 0) & (self.table_mask[ry, rx] > 0)).mean(axis=1)

    def _against_body(self, fg: np.ndarray, pts: np.ndarray, others: np.ndarray) -> np.ndarray:
        """True for an outline-found ball pressed against an arm, a sleeve or a hand (dev seeds 930, 933, 946:
        the ball's blob is the arm's, so no distance peak marks it, and the clutter test rejects its outline spot
        because its rings run onto the arm). The body is what of the not-cloth mask (with the cushion tops) a disc
        of ``body_radius`` radii fits inside: wider than any ball, so no ball and no pair of balls is body, and
        a stretch of arm is (a packed rack may be too, but a spot inside one has no cloth round it). With the
        body's pixels taken as the spot's neighbour, the clutter test is run again on the rest of its rings; the
        spot must also be a whole ball beside the body: ``body_fill`` of its disc off it (the mask may cover half
        a ball that overlaps the arm's outline, dev 930/2: 0.51; a spot along the arm's own edge has ~0), its disc
        ``_filled``, its outline voting ``body_votes`` x the threshold (these balls: 1.46-1.53, short of
        ``beside_votes``) and part of the ring just outside it cloth (as ``_beside``), some of it right at its edge
        (``body_rim`` of the ring at 1.15 r: a bridge hand's fist, a skin disc a little wider than a ball at the
        sleeve's end with the cue through it, has none: the sample video nine_ball_rack's false ball behind the cue
        ball at the break, found after the freeze of round 18; the arm-pressed balls have 0.25-0.71). Called only
        for spots the clutter test and ``_beside`` rejected, each with a local crop, so the per-frame path is
        unchanged."""
        out = np.zeros(len(pts), bool)
        if len(pts) == 0:
            return out
        h, w = fg.shape
        xi, yi = _pixels(pts, w, h)
        r = self.rmap[yi, xi]
        cand = self._solid_beside(fg, pts, self.p.body_votes) & (self._cloth_share(fg, pts, 1.15) >= self.p.body_rim)
        saved = getattr(self, "_fg_rails", None)
        rails = saved if saved is not None and saved.shape == fg.shape else np.zeros_like(fg)
        bodies: dict[int, tuple[np.ndarray, np.ndarray, int, int]] = {}
        for i in np.flatnonzero(cand):
            b = int(np.ceil(self.p.body_radius * r[i]))
            m = int(np.ceil(1.7 * r[i])) + 2 * b + 2
            x0, y0 = max(int(xi[i]) - m, 0), max(int(yi[i]) - m, 0)
            x1, y1 = min(int(xi[i]) + m + 1, w), min(int(yi[i]) + m + 1, h)
            both = fg[y0:y1, x0:x1] | rails[y0:y1, x0:x1]
            body = cv2.morphologyEx(both, cv2.MORPH_OPEN,
                                    cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * b + 1, 2 * b + 1)))
            if not body.any():
                continue
            sub = fg[y0:y1, x0:x1] & ~body
            qx, qy = _pixels(pts[i] - [x0, y0] + self._disc * (0.7 * r[i]), x1 - x0, y1 - y0)
            share = float((sub[qy, qx] > 0).mean())
            if share >= self.p.body_fill:
                bodies[int(i)] = (sub, rails[y0:y1, x0:x1] & ~body, x0, y0)
        # Two balls pressed together against the arm vouch for each other once one is in (eval-like 1364).
        while bodies:
            more = False
            for i in list(bodies):
                sub, sub_rails, x0, y0 = bodies[i]
                fg2, rails2 = fg.copy(), rails.copy()
                fg2[y0:y0 + sub.shape[0], x0:x0 + sub.shape[1]] = sub
                rails2[y0:y0 + sub.shape[0], x0:x0 + sub.shape[1]] = sub_rails
                if rails is saved:  # (the clutter test sees over the cushion tops: the arm there is body too)
                    self._fg_rails = rails2
                try:
                    out[i] = self._isolated(fg2, pts[i:i + 1], others=np.concatenate([others, pts[out]]))[0]
                finally:
                    self._fg_rails = saved
                if out[i]:
                    del bodies[i]
                    more = True
            if not more:
                break
        return out

    def _isolated(self, fg: np.ndarray, cands: np.ndarray, others: np.ndarray | None = None) -> np.ndarray:
        """False for a candidate whose surroundings are not-cloth that no other ball explains: a knuckle of a
        hand, a chunk of an arm or sleeve, a cue butt lying on the cloth. Samples two rings around the
        candidate; a sample on a neighbouring candidate's disc counts as explained."""
        if len(cands) == 0:
            return np.zeros(0, bool)
        if _jit_search.ENABLED:
            got = _jit_search.isolated(self, fg, cands, others)
            if got is not None:
                return got
        h, w = fg.shape
        r = self.rmap[_pixels(cands, w, h)[::-1]][:, None]  # (N, 1)
        pts = cands[:, None, :] + self._rings[None] * r[:, :, None]  # (N, 2K, 2)
        xi, yi = _pixels(pts, w, h)
        flat = yi * w + xi
        ext = getattr(self, "_fg_rails", None)
        if ext is not None and ext.shape == fg.shape:  # see over the cushion tops too
            on = (_gather(fg, yi, xi, flat) > 0) | (_gather(ext, yi, xi, flat) > 0)
            inside = _gather(self.cushion_mask, yi, xi, flat) > 0
        else:
            on = _gather(fg, yi, xi, flat) > 0
            inside = _gather(self.table_mask, yi, xi, flat) > 0  # off the table nothing is known (fg is masked there)
        band = getattr(self, "_rail_band", None)
        if band is not None and band.shape == fg.shape:  # the table's own lines along a rail are not clutter
            table = _gather(band, yi, xi, flat) > 0
            on &= ~table
            inside &= ~table
        every = cands if others is None or len(others) == 0 else np.concatenate([cands, others])
        # A voucher must stand where a real neighbour can: balls do not overlap, so two centres closer than
        # 1.5 radii are not two balls (knuckles, or points along an arm, would otherwise vouch for each other).
        gap = np.linalg.norm(cands[:, None, :] - every[None, :, :], axis=-1)  # (N, N + M)
        can = gap >= 1.5 * r  # (never itself: gap 0)
        # Only neighbours within 3 radii can hold a ring sample (1.7 radii out) on their disc (1.15 radii), so
        # the samples' distances are taken to those few only (in a spread-out scene none or a handful, instead
        # of every candidate: the same flags, most of the (N, 2K, N + M) arrays' cost gone).
        reach = can & (gap < 3.0 * r)
        cols = np.flatnonzero(reach.any(axis=0))
        dx = pts[:, :, None, 0] - every[None, None, cols, 0]
        dy = pts[:, :, None, 1] - every[None, None, cols, 1]
        d = np.sqrt(dx * dx + dy * dy)  # (N, 2K, C), as np.linalg.norm computes it
        near = (d < 1.15 * r[:, :, None]) & reach[:, None, cols]
        # Only accepted balls vouch for their neighbours (two knuckles must not vouch for each other), except
        # members of a packed group (3+ neighbours near 2 radii: a rack), which always vouch, so that one missed
        # rack ball cannot cascade through the rack.
        packed = ((gap < 2.4 * r) & can).sum(axis=1) >= 3
        ok = np.ones(len(cands), bool)
        for _ in range(4):
            voucher = np.concatenate([ok | packed, np.ones(len(every) - len(cands), bool)])[cols]
            explained = (near & voucher[None, None, :]).any(axis=-1)
            unexplained = (on & ~explained).sum(axis=1) / np.maximum(inside.sum(axis=1), 1)
            new_ok = unexplained <= self.p.max_clutter
            if (new_ok == ok).all():
                break
            ok = new_ok
        return ok

    def _disc_samples(self, pts: np.ndarray, w: int, h: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(xi, yi, flat index) of the pixels ``_filled`` and ``_weak_filled`` read: the disc within 0.7 radius
        of each point (working resolution) in a w x h image (made once when both look at the same points)."""
        r = self.rmap[_pixels(pts, w, h)[::-1]]
        q = pts[:, None, :] + self._disc[None] * (0.7 * r)[:, None, None]
        xi, yi = _pixels(q, w, h)
        return xi, yi, yi * w + xi

    def _weak_filled(self, pts: np.ndarray,
                     samples: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None) -> np.ndarray:
        """Share of the disc within 0.7 radius of each point (working resolution) whose colour is mildly off the
        cloth's: hue off by half the colour test's margin, or brightness below 0.85x or above 1.25x the cloth
        (``samples``: ``_disc_samples`` of the points, when already made)."""
        small = self._last_small
        h, w = small.shape[:2]
        xi, yi, flat = self._disc_samples(pts, w, h) if samples is None else samples
        col = _gather(small, yi, xi, flat).astype(np.float32) @ self._basis.T  # (N, S, 3) in the cloth basis
        assert self._bg is not None
        bg = _gather(self._bg, yi, xi, flat)
        perp = np.hypot(col[..., 0] - bg[..., 0], col[..., 1] - bg[..., 1])
        ratio = col[..., 2] / np.maximum(bg[..., 2], 1.0)
        weak = (perp > 0.5 * self.p.fg_threshold) | (ratio < 0.85) | (ratio > 1.25)
        return weak.mean(axis=1)

    def _filled(self, fg: np.ndarray, pts: np.ndarray,
                samples: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None) -> np.ndarray:
        """Share of not-cloth pixels within 0.7 radius of each point (working resolution): a refined centre
        must still sit on something (``samples``: ``_disc_samples`` of the points in an image of ``fg``'s size,
        when already made)."""
        h, w = fg.shape
        xi, yi, flat = self._disc_samples(pts, w, h) if samples is None else samples
        return (_gather(fg, yi, xi, flat) > 0).mean(axis=1)

    @staticmethod
    def _corner_wedges(g: TableGeometry) -> list[np.ndarray]:
        """Each corner pocket's mouth beyond the nose lines (table metres): from its jaw tips along the facings,
        which turn 38 degrees outwards from the noses (a 142-degree pocket) for 7 cm, deep enough for a ball
        stopped in the jaws and short of the hole's far side."""
        out = []
        t = g.corner_mouth / np.sqrt(2.0)
        ca, sa = np.cos(np.deg2rad(38.0)), np.sin(np.deg2rad(38.0))
        for x0, y0 in ((0.0, 0.0), (0.0, g.width), (g.length, 0.0), (g.length, g.width)):
            ix, iy = (1.0 if x0 == 0 else -1.0), (1.0 if y0 == 0 else -1.0)  # into the table
            a, b = np.array([x0 + ix * t, y0]), np.array([x0, y0 + iy * t])  # the jaw tips
            fa, fb = np.array([-ix * ca, -iy * sa]), np.array([-ix * sa, -iy * ca])
            out.append(np.array([a, a + 0.07 * fa, b + 0.07 * fb, b]))
        return out

    def _plausible(self, xy: np.ndarray, jaws: np.ndarray | None = None) -> np.ndarray:
        """Centres where a ball can rest: inside the nose rectangle (with slack), not in a pocket mouth; ``jaws``:
        those confirmed in a corner pocket's jaws by their outline (``_search``, kind 5), which may lie past it.

        A side pocket's mouth has no cushion: a ball rolling along it, or stopping on its lip, has its centre
        past the usual slack, up to the nose line itself, and nearer the pocket's centre than a corner
        pocket allows (``side_clearance``)."""
        g = self.geometry
        if len(xy) == 0:
            return np.zeros(0, bool)
        m = g.ball_radius * (1.0 - self.p.edge_margin)
        inx = (xy[:, 0] > m) & (xy[:, 0] < g.length - m)
        iny = (xy[:, 1] > m) & (xy[:, 1] < g.width - m)
        ok = inx & iny
        cx, cy, half_mouth, side = self._pockets  # all pockets at once: (N, pockets) arrays
        dx = xy[:, 0, None] - cx
        # in a side pocket's mouth span a centre may reach the nose line
        ok |= inx & ((np.abs(dx[:, side]) < half_mouth[side]).any(axis=1) & (xy[:, 1] > 0) & (xy[:, 1] < g.width))
        # in a corner pocket's mouth (between its jaws, across the diagonal) a centre may pass the nose lines
        # by up to a radius: the jaws' facings narrow towards the hole, so a ball there overhangs no cushion
        if jaws is not None and jaws.any():
            corner = ~side
            flip = np.sign(cx[corner] - g.length / 2) * np.sign(cy[corner] - g.width / 2)
            along = (dx[:, corner] - flip * (xy[:, 1, None] - cy[corner])) / np.sqrt(2.0)  # across the diagonal
            mouth = (np.abs(along) < half_mouth[corner] - self.p.jaw_inset * g.ball_radius).any(axis=1)
            r = g.ball_radius
            ok |= jaws & mouth & (np.abs(xy[:, 0] - g.length / 2) < g.length / 2 + r) & \
                (np.abs(xy[:, 1] - g.width / 2) < g.width / 2 + r)
        clear = np.where(side, self.p.side_clearance, self.p.pocket_clearance)
        ok &= (np.hypot(dx, xy[:, 1, None] - cy) > clear).all(axis=1)
        return ok

    def _refine(self, image: np.ndarray, centres: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Sub-pixel centres: a fixed-radius circle fitted to each ball's own boundary against the cloth.

        All balls at once (one window per ball, stacked): the cloth test at full resolution, the boundary pixels
        (not-cloth with a cloth neighbour; a touching ball's side has none), then Gauss-Newton steps on
        sum (|p - c| - r)^2 over the boundary pixels near the circle. Returns centres, radii (from the
        calibration at each centre) and the share of the circle the fit rested on (0 when a ball had too little
        cloth boundary, e.g. inside a rack; its centre is then kept)."""
        n = len(centres)
        radii = self._radii_px(centres)
        fit = np.zeros(n)
        out = centres.copy()
        if n == 0:
            return out, radii, fit
        h, w = image.shape[:2]
        half = int(np.ceil(1.35 * float(radii.max())))
        size = 2 * half + 1
        if size > min(h, w):
            return out, radii, fit
        corner = np.round(centres).astype(int)  # windows kept inside the image (both coordinates at once)
        corner -= half
        np.maximum(corner, 0, out=corner)
        np.minimum(corner, (w - size, h - size), out=corner)
        x0, y0 = corner[:, 0], corner[:, 1]
        if _jit.ENABLED:
            return self._refine_jit(image, centres, radii, corner, size, out, fit)
        # the windows, stacked (one copy of views) and made float in one pass
        f = np.stack([image[b:b + size, a:a + size] for a, b in corner.tolist()]).astype(np.float32)
        f = f.reshape(n * size, size, 3)
        q1, q2, q3 = (cv2.transform(f, row).reshape(n, size, size) for row in self._basis_rows)
        bg = self._bg_at_many(centres)  # (n, 3) float32
        d1 = q1 - bg[:, 0, None, None]
        d1 *= d1
        d2 = q2 - bg[:, 1, None, None]
        d2 *= d2
        d1 += d2
        fg = d1 > np.float32(self.p.fg_threshold ** 2)
        fg |= q3 < ((1 - self.p.dark_fraction) * bg[:, 2]).astype(np.float32)[:, None, None]
        fg |= q3 > ((1 + self.p.bright_fraction) * bg[:, 2]).astype(np.float32)[:, None, None]
        edge = _boundary(fg)
        # boundary pixels as one list, tagged with their ball: np.nonzero(edge), from the flat indices (the same
        # arrays in the same order; numpy's 3-D nonzero is ~3x slower)
        bi, rest = np.divmod(np.flatnonzero(edge), size * size)
        iy, ix = np.divmod(rest, size)
        if len(bi) == 0:
            return out, radii, fit
        # gathers by ball as take() (the same values; a 2-D array's fancy index costs ~10 us here, take ~1)
        cb = centres.take(bi, axis=0)
        pt = np.empty((2, len(bi)), np.float32)  # offsets from the start centre: x row, y row
        pt[0] = x0.take(bi) + ix - cb[:, 0]
        pt[1] = y0.take(bi) + iy - cb[:, 1]
        rb = radii.take(bi).astype(np.float32)
        est = np.zeros((2, n), np.float32)  # the centres' moves, x row and y row
        near = 0.3 * rb
        # The six per-ball sums of a step: the boundary list is sorted by ball, so one reduceat over each ball's
        # run of terms, in float64 and in order, as np.bincount added them (the same values; ~5 us, not ~25).
        m = len(bi)
        runs = np.flatnonzero(np.concatenate(([True], bi[1:] != bi[:-1])))  # where each ball's run starts
        owners = bi[runs]
        terms = np.empty((6, m), np.float32)
        sums = np.zeros((6, n))

        sel = terms[5]
        for _ in range(4):  # the same arithmetic as the textbook step, in fewer numpy calls (in place, x and y
            d = pt - est.take(bi, axis=1)  # rows together)
            rho = d[0] * d[0]
            rho += d[1] * d[1]
            np.sqrt(rho, out=rho)
            rho += np.float32(1e-6)
            off = rho - rb
            np.less(np.abs(off), near, out=sel)
            d /= rho
            d *= sel  # ux, uy
            off *= sel  # the residual
            np.multiply(d, d[0], out=terms[0:2])  # ux ux, uy ux
            np.multiply(d[1], d[1], out=terms[2])
            np.multiply(d, off, out=terms[3:5])
            sums[:, owners] = np.add.reduceat(terms.astype(np.float64), runs, axis=1)
            # rows a, b, c, gx, gy, count: det = a c - b b; the step (c gx - b gy, a gy - b gx) / det, both
            # components at once through views of the rows (the same products, in the same order)
            det = sums[0] * sums[2]
            det -= sums[1] * sums[1]
            good = (sums[5] >= 8) & (det > 1e-6)
            num = sums[2::-2] * sums[3:5]  # (c gx, a gy)
            num -= sums[1] * sums[4:2:-1]  # - (b gy, b gx)
            step = np.divide(num, det, out=np.zeros_like(num), where=good).astype(np.float32)  # 0 where not good
            est += step
            if float(np.abs(step).max()) < 0.02:
                break
        # Share of 16 directions round the fitted circle that have boundary pixels on it.
        d = pt - est.take(bi, axis=1)
        on = np.abs(np.sqrt(d[0] * d[0] + d[1] * d[1]) - rb) < 0.25 * rb
        sector = ((np.arctan2(d[1][on], d[0][on]) + np.pi) / (2 * np.pi) * 16).astype(int) % 16
        hits = np.zeros((n, 16), bool)
        hits[bi[on], sector] = True
        span = hits.sum(axis=1) / 16.0  # (the count of each row: count_nonzero's, without its Python layers)
        est = est.T
        ok = (np.hypot(est[:, 0], est[:, 1]) < 0.6 * radii) & (span >= 0.3)
        out[ok] = centres[ok] + est[ok]
        fit[ok] = span[ok]
        return out, radii, fit

    def _refine_jit(self, image: np.ndarray, centres: np.ndarray, radii: np.ndarray, corner: np.ndarray, size: int,
                    out: np.ndarray, fit: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``_refine`` after its windows are placed, by the compiled kernel (``vision._jit``; the same arithmetic).
        The kernel projects the pixels on the cloth basis itself, unless its projection differed from
        cv2.transform's in the once-a-process check (another OpenCV build or CPU): then OpenCV's planes go in."""
        bg = self._bg_at_many(centres)
        q = _NO_Q
        if not (_jit.REFINE_CHECKED and _jit.REFINE_OK):
            n = len(centres)
            f = np.stack([image[b:b + size, a:a + size] for a, b in corner.tolist()]).astype(np.float32)
            f = f.reshape(n * size, size, 3)
            q = np.stack([cv2.transform(f, row).reshape(n, size, size) for row in self._basis_rows])
            if not _jit.REFINE_CHECKED:
                _jit.REFINE_CHECKED = True
                _jit.REFINE_OK = np.array_equal(q, _jit.project_core(image, corner, self._basis, size))
        est, span, anyb = _jit.refine_core(image, corner, centres, radii, bg, self._basis,
                                          np.float32(self.p.fg_threshold ** 2),
                                          np.float32(1 - self.p.dark_fraction),
                                          np.float32(1 + self.p.bright_fraction), size, q)
        if not anyb:
            return out, radii, fit
        ok = (np.hypot(est[:, 0], est[:, 1]) < 0.6 * radii) & (span >= 0.3)
        out[ok] = centres[ok] + est[ok]
        fit[ok] = span[ok]
        return out, radii, fit

    def _radii_px(self, centres: np.ndarray) -> np.ndarray:
        """``cal.ball_radius_px`` at image points (N, 2), the three projections in one call (a third of the
        calls into OpenCV's lens model)."""
        n = len(centres)
        xy = self.cal.image_to_table(centres)
        r = self.geometry.ball_radius
        p = self.cal.table_to_image(np.concatenate([xy, xy + [r, 0.0], xy + [0.0, r]]))
        c, ex, ey = p[:n], p[n:2 * n], p[2 * n:]
        ex, ey = ex - c, ey - c
        ex *= ex
        ey *= ey  # np.linalg.norm's sqrt of the summed squares, without its Python layers (the same values)
        return np.maximum(np.sqrt(ex[:, 0] + ex[:, 1]), np.sqrt(ey[:, 0] + ey[:, 1]))

    def _bg_at_many(self, c: np.ndarray) -> np.ndarray:
        """The cloth model at image points (N, 2) -> (N, 3)."""
        assert self._bg is not None
        x0, y0 = self.roi[:2]
        s = ((c - (x0, y0)) * self.scale).astype(int)
        np.maximum(s, 0, out=s)
        np.minimum(s, (self._bg.shape[1] - 1, self._bg.shape[0] - 1), out=s)
        return self._bg[s[:, 1], s[:, 0]]

    def _identify(self, image: np.ndarray, centres: np.ndarray, radii: np.ndarray) -> np.ndarray:
        if self.identifier is not None and len(centres):
            try:
                s = np.asarray(self.identifier.fast_scores(image, centres, radii), dtype=float)  # type: ignore[attr-defined]
                if s.shape == (len(centres), N_IDS) and np.isfinite(s).all():
                    return s
            except Exception:  # a broken identifier must not stop detection
                pass
        return np.full((len(centres), N_IDS), 1.0 / N_IDS)


def _local_maxima(a: np.ndarray, threshold: float, dilated: np.ndarray | None = None,
                  at: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(ys, xs) of 3x3 local maxima at or above ``threshold`` (a cheap first pass; plateaus give several);
    ``dilated``: ``a``'s 3x3 maximum when already computed; ``at``: the flat indices (raster order) of the only
    pixels that can reach a positive ``threshold`` (``a`` is 0 elsewhere: the distance map off the not-cloth
    mask). The few pixels at or above the threshold are found first and only they are compared with their
    neighbours (the same compares, on a few hundred values instead of whole-image passes)."""
    h, w = a.shape
    if _jit_search.ENABLED and dilated is None and a.dtype == np.float32 and a.flags.c_contiguous:
        if at is not None and threshold > 0:
            f = _jit_search.maxima_at(a, at, np.float32(threshold))
        else:
            f = _jit_search.maxima_all(a, np.float32(threshold))
        return np.divmod(f, w)
    flat = a.reshape(-1)
    if at is not None and threshold > 0 and a.dtype == np.float32:  # (cv2.compare's float32 threshold)
        f = at[flat.take(at) >= np.float32(threshold)]
    else:
        f = _fg_flat(cv2.compare(a, float(threshold), cv2.CMP_GE))
    v = flat.take(f)
    if dilated is not None:
        top = v >= dilated.reshape(-1).take(f)
    else:  # the 3x3 maximum at those pixels only (an edge pixel's window is cut by the image, as cv2.dilate's)
        ys, xs = np.divmod(f, w)
        rows = (np.maximum(ys - 1, 0) * w, ys * w, np.minimum(ys + 1, h - 1) * w)
        cols = (np.maximum(xs - 1, 0), xs, np.minimum(xs + 1, w - 1))
        top = np.ones(len(v), bool)
        for ry in rows:
            for cx in cols:
                top &= v >= flat.take(ry + cx)
    return np.divmod(f[top], w)


def _nonzero_yx(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(ys, xs) of the nonzero pixels of a 0/255 (or 0/1) uint8 mask in raster order, as ``cv2.findNonZero`` lists
    them: a flat nonzero on a bool view (~15 us on a 1080p table's working image; ``cv2.findNonZero`` ~65 us,
    numpy's 2-D nonzero ~200 us)."""
    ys, xs = np.divmod(_fg_flat(mask), mask.shape[1])
    return ys, xs


def _fg_flat(mask: np.ndarray) -> np.ndarray:
    """Flat indices (raster order) of a 0/255 (or 0/1) uint8 mask's set pixels, as ``_nonzero_yx``."""
    return np.flatnonzero((mask & 1).view(bool))


def _boundary(fg: np.ndarray) -> np.ndarray:
    """Boundary pixels of a stack of bool windows (K, S, S): set pixels with an unset 4-neighbour, none on a
    window's first or last row or column. One erosion of the stacked windows (a window's edge rows, where the
    stack's neighbours leak in, are cleared anyway; ~0.02 ms less than the four numpy shifts it replaces)."""
    k, hh, ww = fg.shape
    fg8 = np.ascontiguousarray(fg).view(np.uint8).reshape(k * hh, ww)
    edge = (fg8 & ~cv2.erode(fg8, _CROSS)).view(bool).reshape(k, hh, ww)
    edge[:, 0] = edge[:, -1] = False  # (plain slices: a list index costs a fancy assignment each)
    edge[:, :, 0] = edge[:, :, -1] = False
    return edge


def _components(mask: np.ndarray, labels_type: int = cv2.CV_32S,
                f: np.ndarray | None = None) -> tuple[int, np.ndarray, np.ndarray]:
    """``cv2.connectedComponentsWithStats`` (8-connected; count, labels, stats) with the stats taken from the few
    labelled pixels: OpenCV's stats pass reads every pixel (~0.18 ms on a 1080p table's working image, whose
    not-cloth mask is ~1 % set; this ~0.09 ms). The same numbers, background row included. ``f``: the mask's
    set pixels as flat indices (``_fg_flat``) when the caller has them."""
    n, labels = cv2.connectedComponentsWithAlgorithm(mask, 8, labels_type, cv2.CCL_SPAGHETTI)
    h, w = mask.shape
    if f is None:
        f = _fg_flat(mask)
    if _jit_search.ENABLED:
        return n, labels, _jit_search.component_stats(labels, f, n, h, w)
    ys, xs = np.divmod(f, w)
    lab = labels.reshape(-1).take(f).astype(np.intp)
    x0, y0 = np.full(n, w, np.intp), np.full(n, h, np.intp)
    x1, y1 = np.full(n, -1, np.intp), np.full(n, -1, np.intp)
    np.minimum.at(x0, lab, xs)
    np.maximum.at(x1, lab, xs)
    np.minimum.at(y0, lab, ys)
    np.maximum.at(y1, lab, ys)
    area = np.bincount(lab, minlength=n)
    area[0] = h * w - len(ys)
    rows = np.flatnonzero(np.bincount(ys, minlength=h) < w)  # the background's rows and columns: those with a 0
    if len(rows):
        cols = np.flatnonzero(np.bincount(xs, minlength=w) < h)
        y0[0], y1[0], x0[0], x1[0] = rows[0], rows[-1], cols[0], cols[-1]
    stats = np.stack([x0, y0, x1 - x0 + 1, y1 - y0 + 1, area], axis=1).astype(np.int32)
    if not len(rows):  # no background pixel: OpenCV's placeholder box
        stats[0, :4] = (-1, np.iinfo(np.int32).max, 0, 0)
    return n, labels, stats


def _greedy_nms(xs: np.ndarray, ys: np.ndarray, vals: np.ndarray, min_dist: np.ndarray | float,
                allowed: np.ndarray | None = None) -> list[int]:
    """Indices of the strongest points, dropping any closer than ``min_dist`` (per point, or one for all) to
    one already kept."""
    if _jit_search.ENABLED:
        return _jit_search.greedy_nms(xs, ys, vals, min_dist, allowed)
    if len(vals) <= _NMS_SMALL:
        return _greedy_nms_small(xs, ys, vals, min_dist, allowed)
    idx = np.argsort(-np.asarray(vals), kind="stable")
    if allowed is not None:
        idx = idx[np.asarray(allowed)[idx]]
    if len(idx) == 0:
        return []
    x = np.asarray(xs, np.float64)[idx]
    y = np.asarray(ys, np.float64)[idx]
    d2 = np.broadcast_to(np.asarray(min_dist, dtype=np.float64) ** 2, np.shape(vals))[idx]
    close = ((x[:, None] - x[None]) ** 2 + (y[:, None] - y[None]) ** 2) < d2[:, None]  # row i: too near i
    if np.count_nonzero(close) == np.count_nonzero(close.diagonal()):
        return idx.tolist()  # none near another: all kept
    # Column j as a Python int bit set (the points that j, once kept, suppresses): one bit operation per kept
    # point instead of a numpy call per point (~2 us each, ~30 points a frame).
    cols = np.packbits(close.T, axis=1, bitorder="little").tobytes()
    nb = (len(idx) + 7) // 8
    free = (1 << len(idx)) - 1
    kept: list[int] = []
    for i in range(len(idx)):
        if free >> i & 1:
            kept.append(i)
            free &= ~int.from_bytes(cols[i * nb:(i + 1) * nb], "little")
    return [int(i) for i in idx[kept]]


_NMS_SMALL = 64  # up to this many points ``_greedy_nms`` loops in Python (the numpy path's ~10 calls cost more)


def _greedy_nms_small(xs: np.ndarray, ys: np.ndarray, vals: np.ndarray, min_dist: np.ndarray | float,
                      allowed: np.ndarray | None = None) -> list[int]:
    """``_greedy_nms`` for a few points as plain Python floats: the same order (a stable sort, strongest first),
    the same float64 squared distances and the same rule (a point is dropped when it lies within its own
    ``min_dist`` of one kept before it), so the same indices. Most calls hold 2-30 points (the vote map's and
    distance map's peaks, a blob's voted centres), where the numpy path's fixed cost (~10 calls, a packed
    bit matrix) was ~40-100 us a call at 1080p, 4 calls a frame."""
    v = np.asarray(vals).tolist()
    order = sorted(range(len(v)), key=v.__getitem__, reverse=True)  # stable, as argsort(-vals, "stable")
    if allowed is not None:
        ok = np.asarray(allowed).tolist()
        order = [i for i in order if ok[i]]
    x = np.asarray(xs, np.float64).tolist()
    y = np.asarray(ys, np.float64).tolist()
    d2 = np.broadcast_to(np.asarray(min_dist, dtype=np.float64) ** 2, np.shape(vals)).tolist()
    kept: list[int] = []
    for i in order:
        xi, yi, di = x[i], y[i], d2[i]
        for j in kept:
            dx, dy = xi - x[j], yi - y[j]
            if dx * dx + dy * dy < di:
                break
        else:
            kept.append(i)
    return kept


_K3 = np.ones((3, 3), np.uint8)
_NO_Q = np.zeros((0, 0, 0, 0), np.float32)
_CROSS = cv2.getStructuringElement(cv2.MORPH_CROSS, (3, 3))
# what a region pass crops to its window while it searches (BallDetector._window)
_WINDOWED = ("rmap", "table_mask", "cushion_mask", "_rail_rim", "jaw_mask", "_bg", "_dark", "_bright", "_rail_band",
             "_bg_planes", "_zones", "_static",
             "_split_cache", "_acc", "_acc_dil", "_last_acc", "_fg_rails", "_last_small", "_win_off")


@functools.lru_cache(maxsize=32)
def _grid(half: int) -> tuple[np.ndarray, np.ndarray]:
    """(gy, gx) integer offsets of a (2 half + 1)^2 window, cached (``np.mgrid`` costs more than its use)."""
    gy, gx = np.mgrid[-half:half + 1, -half:half + 1]
    gy.flags.writeable = False
    gx.flags.writeable = False
    return gy, gx


@functools.lru_cache(maxsize=32)
def _moment_basis(half: int) -> np.ndarray:
    """(S^2, 6) columns 1, x, y, x^2, y^2, xy over the window of ``_grid(half)``: a mask times it gives the raw
    second-order moments of each window at once."""
    gy, gx = _grid(half)
    x, y = gx.ravel().astype(np.float64), gy.ravel().astype(np.float64)
    b = np.stack([np.ones_like(x), x, y, x * x, y * y, x * y], axis=1)
    b.flags.writeable = False
    return b


def _split_counts(guess: int) -> range:
    """The ball counts a blob of ``guess`` balls by its area may hold: shadows inflate the area, so the guess is
    often a ball or two off (2 at least: one ball is no cluster; 16 at most: every ball on the table)."""
    return range(max(2, guess - 2), min(guess + 2, 16) + 1)


def _split_cluster(pts: np.ndarray, guess: int, r: float, contour: np.ndarray,
                   seeds: np.ndarray | None = None, alt_seeds: np.ndarray | None = None) -> np.ndarray:
    """Centres of the touching balls that make up one blob: k-means for counts around the area's guess (shadows
    inflate the area, so the guess alone is often a ball or two off). A count is acceptable when its centres stay
    a ball apart (touching balls are 2 radii apart; one centre too many splits a ball and brings two centres
    within ~1.4 radii); of those, the one whose circles follow the blob's scalloped outline best wins.

    k-means starts deterministically from the blob's distance peaks (``seeds``) topped up by farthest-point
    picks (the pixel farthest from every centre so far lies in a ball with no centre yet): random starts made
    a rack split differently from one frame to the next. With ``alt_seeds`` (another start, e.g. the voted
    centres), each count is run from both and the start that follows the outline better is kept: k-means ends
    in a local optimum, and neither start is always the better one. When no count fits from those starts, the
    split is tried once more from farthest-point picks alone (distance peaks on a 9-ball diamond's filled gaps)."""
    step = max(1, len(pts) // 250)  # some fifteen pixels a ball place the centres as well as all of them
    sample = pts[::step].astype(np.float64)
    starts = [np.zeros((0, 2)) if seeds is None else np.asarray(seeds, np.float64).reshape(-1, 2)]
    if alt_seeds is not None and len(alt_seeds):
        starts.append(np.asarray(alt_seeds, np.float64).reshape(-1, 2))
    counts = [c for c in _split_counts(guess) if c <= len(sample)]
    if not counts:
        return np.zeros((0, 2), np.float32)
    # each start's picks once, for the largest count: a smaller count's start is a prefix of it (the seeds, then
    # farthest points, which do not depend on how many are wanted)
    best, best_score = _best_count(sample, counts, [_farthest_init(sample, s, counts[-1]) for s in starts],
                                   contour, r)
    if (best is None or best_score > MAX_SCALLOP_DEVIATION) and len(starts[0]):
        # Distance peaks can lie *between* balls: in a 9-ball diamond the gaps fill, and its peaks (7 for 9 balls
        # on the dev clip nine-ball-rack-106, two of them on gaps) held every count's k-means in a local optimum
        # whose circles missed the outline (0.26 radius at best for 9; from farthest-point picks alone 0.18).
        # With no count fitting, the split is tried once more from farthest-point picks alone.
        best, best_score = _best_count(sample, counts, [_farthest_init(sample, np.zeros((0, 2)), counts[-1])],
                                       contour, r)
    # A rack's outline is scalloped: every outline point lies about a radius from its nearest ball centre. An
    # arm, a sleeve or a hand split the same way has straight sides and ends far from any centre.
    if best is None or best_score > MAX_SCALLOP_DEVIATION:
        return np.zeros((0, 2), np.float32)
    return best.astype(np.float32)


def _best_count(sample: np.ndarray, counts: list[int], inits: list[np.ndarray], contour: np.ndarray,
                r: float) -> tuple[np.ndarray | None, float]:
    """``_split_cluster``'s choice among ``counts`` (k-means from each start in ``inits``, the best-fitting start
    per count): the centres whose circles follow ``contour`` best, and that fit (80th percentile, radii). A
    count whose centres come closer than ``MIN_CLUSTER_GAP`` radii splits a ball and is not acceptable; a larger
    count that fits as well (within ``SPLIT_TIE``) is preferred."""
    best: np.ndarray | None = None
    best_score = np.inf
    for count in counts:
        score, centers = np.inf, None
        for init in inits:
            c = _lloyd(sample, init[:count])
            if _jit_search.ENABLED:
                gap = _jit_search.min_gap(c)
            else:
                gap = float((np.linalg.norm(c[:, None] - c[None], axis=-1) + np.eye(count) * 1e9).min())
            if gap < MIN_CLUSTER_GAP * r:
                continue
            sc = _scallop(contour, c, r)
            if sc < score:
                score, centers = sc, c
        if centers is None:
            continue
        if score < best_score - SPLIT_TIE or (score <= best_score + SPLIT_TIE and best is not None
                                              and count > len(best)):
            best, best_score = centers, min(score, best_score)
    return best, best_score


def _lattice_basis(theta: float, d: float) -> tuple[np.ndarray, np.ndarray]:
    """A triangular lattice's basis (columns: spacing ``d`` at ``theta`` and 60 degrees on) and its inverse."""
    basis = d * np.array([[np.cos(theta), np.cos(theta + np.pi / 3)], [np.sin(theta), np.sin(theta + np.pi / 3)]])
    return basis, np.linalg.inv(basis)


def _snap_to_lattice(split: np.ndarray, comp: np.ndarray, x: int, y: int, r: float,
                     contour: np.ndarray, counts: range, angle_only: bool = False) -> np.ndarray:
    """A rack's split replaced by the nodes of a triangular lattice of one ball's spacing, when they follow its
    outline as well (within ``SPLIT_TIE``). The outline says nothing of a packed rack's inner balls: on the first
    frames of the dev clips of ho6/ho7 k-means put 14 or 16 centres in 15-ball triangles, some between two balls,
    fitting the outline as well as the true 15 (0.15-0.16 radius), and 1-3 balls were missed with as many false
    ones (ho7 break-14.1-170 at 30/720p; ho6 eight-ball-rack-106, break-8-160 and break-14.1-160 at 60/720p). Balls
    racked touching sit on that lattice; the k-means centres that do (most of them) fix its offset: the lattice's
    angle is their neighbours' mean direction modulo 60 degrees (tried +-2 degrees), its offset the one that most
    centres lie within ``LATTICE_TOL`` of a cell, and its balls the nodes whose disc is ``LATTICE_FILL`` not cloth
    in the blob ``comp`` (box at ``x``, ``y``). Not used when it changes the count by more than two.

    When few centres agree on an offset (a rack holding balls blurred by motion: their smears fray the outline,
    k-means puts several centres 1-3 pixels off, dev seed 201 frame 18, lattice 0.68 radius), every offset of a
    cell (an 8 x 8 grid) is tried and the best-fitting kept. ``counts`` (the counts the split tried, from the
    blob's area): a lattice of such a count that fits better than the split by more than ``SPLIT_TIE`` is used
    even when it changes the count by more than two (seed 201 frame 18: 12 k-means centres at 0.23 radius, the
    true 15 at 0.14). ``angle_only``: no count fitted the outline (seeds 201 frame 24, 481 frame 16: k-means stuck
    at 0.26-0.29 radius, the whole rack lost), ``split`` is the blob's distance peaks, which give the angle only;
    a lattice of one of ``counts`` within ``MAX_SCALLOP_DEVIATION`` is used.

    Everything is placed in the blob's own frame (its box corner ``x``, ``y`` at 0): the offsets tried and the
    cells' rounding are then the same for a window (region pass) and a full pass of one frame. In the working
    image's frame a 1-pixel shift of the same inputs moved members by 1.2 radius and a window's lattice differed
    from the full pass's (vpost17: eval 1357/16, a false ball and a missed one; dev 779/4, 884/3, 895/15)."""
    org = np.array([x, y], np.float64)
    split_in = split
    split = (split.astype(np.float64) - org).astype(np.float32)  # exact for a box inside the image
    contour = contour - np.float32([x, y])
    x, y = 0, 0
    c = split.astype(np.float64)
    d = 2.0 * r
    diff = c[:, None] - c[None]
    near_pair = (np.hypot(diff[..., 0], diff[..., 1]) < 1.4 * d) & ~np.eye(len(c), dtype=bool)
    if not near_pair.any():
        return np.zeros((0, 2), np.float32) if angle_only else split_in
    ang = np.arctan2(diff[..., 1], diff[..., 0])[near_pair]
    theta = float(np.angle(np.exp(6j * ang).mean())) / 6.0
    pad = int(np.ceil(r)) + 1
    h, w = comp.shape
    padded = cv2.copyMakeBorder(comp.astype(np.float32), pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    ky, kx = np.mgrid[-pad:pad + 1, -pad:pad + 1]
    kern = (kx * kx + ky * ky <= r * r).astype(np.float32)
    fill = cv2.filter2D(padded, -1, kern / kern.sum(), borderType=cv2.BORDER_CONSTANT)  # disc share not cloth
    fh, fw = fill.shape
    grid = (np.arange(8) + 0.5) / 8 - 0.5
    gu, gv = (g.ravel() for g in np.meshgrid(grid, grid))
    box = np.array([[x, y], [x + w, y], [x, y + h], [x + w, y + h]], np.float64)

    def filled(nodes: np.ndarray) -> np.ndarray:
        """Which ``nodes`` (any leading shape, then x, y) have a disc ``LATTICE_FILL`` not cloth in the blob."""
        px = np.round(nodes[..., 0] - x + pad).astype(np.intp)
        py = np.round(nodes[..., 1] - y + pad).astype(np.intp)
        ok = (px >= 0) & (px < fw) & (py >= 0) & (py < fh)
        ok[ok] = fill[py[ok], px[ok]] >= LATTICE_FILL
        return ok

    def nodes_at(o: np.ndarray, basis: np.ndarray, inv: np.ndarray) -> np.ndarray:
        """The lattice's nodes (offset ``o``) whose disc is ``LATTICE_FILL`` not cloth in the blob."""
        span = (box - o) @ inv.T
        lo, hi = np.floor(span.min(axis=0)), np.ceil(span.max(axis=0))
        ii, jj = np.meshgrid(np.arange(lo[0], hi[0] + 1), np.arange(lo[1], hi[1] + 1))
        nodes = o + np.stack([ii.ravel(), jj.ravel()], axis=1) @ basis.T
        if _jit_search.ENABLED:
            return nodes[_jit_search.lattice_filled(nodes, fill, x, y, pad, np.float32(LATTICE_FILL))]
        return nodes[filled(nodes)]

    split_fit = np.inf if angle_only else _scallop(contour, split, r)

    def accepted(best: np.ndarray, best_fit: float) -> bool:
        if best_fit > MAX_SCALLOP_DEVIATION or best_fit > split_fit + SPLIT_TIE:
            return False
        if abs(len(best) - len(split)) <= 2 and np.isfinite(split_fit):
            return True
        return len(best) in counts and best_fit < split_fit - SPLIT_TIE

    best_fit, best = np.inf, np.zeros((0, 2))
    for th in theta + np.deg2rad([-2.0, 0.0, 2.0]):
        basis, inv = _lattice_basis(th, d)
        uv = c @ inv.T
        if _jit_search.ENABLED:
            j, mu, mv = _jit_search.lattice_consensus(uv, gu, gv, LATTICE_TOL ** 2)
        else:
            frac = uv - np.round(uv)  # each centre's place in its lattice cell
            du = frac[:, None, 0] - gu[None]
            dv = frac[:, None, 1] - gv[None]
            du -= np.round(du)
            dv -= np.round(dv)
            close = du * du + dv * dv + du * dv < LATTICE_TOL ** 2  # |u a + v b|^2 / d^2 on the 60-degree basis
            j = int(np.argmax(close.sum(axis=0)))
            inl = close[:, j]
            mu, mv = du[inl, j].mean(), dv[inl, j].mean()
        nodes = nodes_at(basis @ np.array([gu[j] + mu, gv[j] + mv]), basis, inv)
        if len(nodes):
            f = _scallop(contour, nodes, r)
            if f < best_fit:
                best_fit, best = f, nodes
    if accepted(best, best_fit):
        return (best + org).astype(np.float32)
    # The consensus missed; the centres' angle may be off too (seed 201 frame 18: 18.6 degrees against 30.3). A
    # rack's convex hull is a triangle or diamond whose sides run along the lattice: its sides' directions modulo
    # 60 degrees, weighted by length squared, give the angle (within a degree on seeds 201 and 481). A hull whose
    # sides do not agree (``LATTICE_HULL``) is no rack. Every offset of a cell is then tried.
    hull = cv2.convexHull(contour.astype(np.float32)).reshape(-1, 2).astype(np.float64)
    side = np.roll(hull, -1, axis=0) - hull
    sq = side[:, 0] ** 2 + side[:, 1] ** 2
    z = (sq * np.exp(6j * np.arctan2(side[:, 1], side[:, 0]))).sum() / max(float(sq.sum()), 1e-9)
    if abs(z) < LATTICE_HULL:
        return np.zeros((0, 2), np.float32) if angle_only else split_in
    cx, cy = contour[:, 0].astype(np.float64), contour[:, 1].astype(np.float64)

    def best_offset(cells: np.ndarray, offs: np.ndarray, basis: np.ndarray) -> np.ndarray | None:
        """Of the lattices ``cells`` (M, 2 lattice units) moved by each of ``offs`` (K, 2), the members of the one
        holding one of ``counts`` filled nodes whose outline deviation (80th percentile) is least (None: none)."""
        nodes = (cells @ basis.T)[None] + (offs @ basis.T)[:, None]  # (K, M, 2)
        if _jit_search.ENABLED:
            j, on = _jit_search.lattice_offsets_core(nodes, fill, x, y, pad, np.float32(LATTICE_FILL), counts.start,
                                                     counts.stop, cx, cy, r)
            if j < 0:
                return None
        else:
            on = filled(nodes)
            used = on.any(axis=0)
            nodes, on = nodes[:, used], on[:, used]
            n = on.sum(axis=1)
            cand = np.flatnonzero((n >= counts.start) & (n < counts.stop))
            if len(cand) == 0:
                return None
            dx = cx[None, :, None] - nodes[cand, None, :, 0]
            dy = cy[None, :, None] - nodes[cand, None, :, 1]
            d2 = np.where(on[cand, None, :], dx * dx + dy * dy, np.inf).min(axis=2)  # (offsets, outline points)
            dev = np.abs(np.sqrt(d2) / r - 1.0)
            j = int(cand[np.argmin(np.percentile(dev, 80, axis=1))])
        return nodes[j][on[j]]

    offsets = np.stack([gu, gv], axis=1)
    step = (np.arange(5) - 2) / 32.0  # a finer look round the best: the grid's step is a quarter radius
    fine = np.stack([g.ravel() for g in np.meshgrid(step, step)], axis=1)
    for th in float(np.angle(z)) / 6.0 + np.deg2rad([-1.0, 0.0, 1.0]):
        # all offsets at once: the nodes of offset 0 over the box and a cell round it
        basis, inv = _lattice_basis(th, d)
        span = box @ inv.T
        lo, hi = np.floor(span.min(axis=0)) - 1, np.ceil(span.max(axis=0)) + 1
        ii, jj = np.meshgrid(np.arange(lo[0], hi[0] + 1), np.arange(lo[1], hi[1] + 1))
        cells = np.stack([ii.ravel(), jj.ravel()], axis=1).astype(np.float64)
        got = best_offset(cells, offsets, basis)
        if got is None:
            continue
        # the offset the grid chose, from any of its members (their cell's place is a whole number)
        uv0 = got[0] @ inv.T
        got = best_offset(cells, (uv0 - np.round(uv0)) + fine, basis)
        if got is None:
            continue
        f = _scallop(contour, got, r)
        if f < best_fit:
            best_fit, best = f, got
    if accepted(best, best_fit):
        return (best + org).astype(np.float32)
    return np.zeros((0, 2), np.float32) if angle_only else split_in


def _in_hull(hull: np.ndarray, pts: np.ndarray, margin: float) -> np.ndarray:
    """Which of ``pts`` (N, 2) lie inside the polygon ``hull`` or within ``margin`` pixels of it."""
    return np.array([cv2.pointPolygonTest(hull, (float(q[0]), float(q[1])), True) >= -margin for q in pts],
                    bool).reshape(-1)


def _merge_seeds(first: np.ndarray, then: np.ndarray, min_dist: float) -> np.ndarray:
    """``first``, followed by the points of ``then`` not within ``min_dist`` of any of them."""
    if len(first) == 0:
        return then
    if len(then) == 0:
        return first
    d = np.linalg.norm(then[:, None] - first[None], axis=-1).min(axis=1)
    return np.concatenate([first, then[d >= min_dist]]).astype(np.float32)


def _minor_spread(comp: np.ndarray) -> float:
    """Standard deviation of a blob's pixels across its long axis (pixels): about 0.58 radius for a band one
    ball wide (a chain of balls, a ball smeared by motion), more for a rack or a cluster two balls thick."""
    m = cv2.moments(comp, binaryImage=True)
    if m["m00"] <= 0:
        return 0.0
    a, b, c = m["mu20"] / m["m00"], m["mu11"] / m["m00"], m["mu02"] / m["m00"]
    return float(np.sqrt(max((a + c) / 2 - np.sqrt(((a - c) / 2) ** 2 + b * b), 0.0)))


def _same_blob(cache: dict[tuple[int, int, int, int], tuple[np.ndarray, np.ndarray, bool]],
               key: tuple[int, int, int, int], comp: np.ndarray, tol: float) -> tuple[np.ndarray, bool] | None:
    """The last frame's split of a blob that differs from ``comp`` (mask of bounding box ``key``) by at most
    ``tol`` pixels, its box moved by at most a pixel: compression noise must not make a still rack cost a
    split every frame."""
    x, y, w, h = key
    for (px, py, pw, ph), (pcomp, split, use) in cache.items():
        if max(abs(px - x), abs(py - y), abs(px + pw - x - w), abs(py + ph - y - h)) > 1:
            continue
        x0, y0 = min(x, px), min(y, py)
        x1, y1 = max(x + w, px + pw), max(y + h, py + ph)
        a = np.zeros((y1 - y0, x1 - x0), np.uint8)
        b = np.zeros_like(a)
        a[y - y0:y - y0 + h, x - x0:x - x0 + w] = comp
        b[py - y0:py - y0 + ph, px - x0:px - x0 + pw] = pcomp
        if np.count_nonzero(a != b) <= tol:
            return split, use
    return None


def _farthest_init(pts: np.ndarray, seeds: np.ndarray, count: int) -> np.ndarray:
    """``count`` starting centres: the first seeds, then farthest-point picks among ``pts``."""
    c = list(seeds[:count])
    if not c:
        c.append(pts.mean(axis=0))
        c[0] = pts[int(np.argmin(np.linalg.norm(pts - c[0], axis=1)))]
    if _jit_search.ENABLED and pts.dtype == np.float64:
        return _jit_search.farthest_core(pts, np.array(c, np.float64).reshape(-1, 2), count)
    d = np.linalg.norm(pts[:, None] - np.array(c)[None], axis=-1).min(axis=1)
    px, py = pts[:, 0].copy(), pts[:, 1].copy()
    while len(c) < count:
        j = int(np.argmax(d))
        c.append(pts[j])
        dx, dy = px - px[j], py - py[j]
        d = np.minimum(d, np.sqrt(dx * dx + dy * dy))  # np.linalg.norm's arithmetic, without its overhead
    return np.array(c)


def _lloyd(pts: np.ndarray, centers: np.ndarray) -> np.ndarray:
    """k-means from given centres (deterministic): OpenCV's k-means started from the labels they imply."""
    if _jit_search.ENABLED and pts.dtype == np.float64 and centers.dtype == np.float64:
        labels = _jit_search.nearest_labels(pts, centers)
    else:
        dx = pts[:, None, 0] - centers[None, :, 0]
        dy = pts[:, None, 1] - centers[None, :, 1]
        d = dx * dx + dy * dy
        labels = np.argmin(d, axis=1).astype(np.int32).reshape(-1, 1)
    crit = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 15, 0.02)
    _, _, out = cv2.kmeans(pts.astype(np.float32), len(centers), labels, crit, 1, cv2.KMEANS_USE_INITIAL_LABELS)
    return out.astype(np.float64)


def _waist(along: np.ndarray, across: np.ndarray) -> float:
    """How narrow a blob (its pixels' offsets along its main axis and across it) gets across its middle half, as a
    share of its widest, in eight slices along the axis: a ball smeared along it is as wide all along, two touching
    balls pinch between them."""
    edges = np.linspace(float(along.min()), float(along.max()) + 1e-9, 9)
    slot = np.clip(np.searchsorted(edges, along, side="right") - 1, 0, 7)
    widths = np.zeros(8)
    for k in range(8):
        a = across[slot == k]
        if len(a):
            widths[k] = float(a.max() - a.min()) + 1.0
    return float(widths[2:6].min() / max(widths.max(), 1e-9))


def _scallop(contour: np.ndarray, centres: np.ndarray, r: float) -> float:
    """How far (80th percentile, in radii) a blob's outline strays from the circles of the given centres."""
    if len(centres) == 0:
        return float("inf")
    if _jit_search.ENABLED:
        return _jit_search.scallop(contour, centres, r)
    dx = contour[:, None, 0] - centres[None, :, 0]
    dy = contour[:, None, 1] - centres[None, :, 1]
    d = np.sqrt((dx * dx + dy * dy).min(axis=1)) / r  # sqrt after the min: monotone, one root per point
    return _percentile80(np.abs(d - 1.0))


def _percentile80(a: np.ndarray) -> float:
    """``np.percentile(a, 80)`` (linear interpolation) of a 1-D array by partition: a tenth of the cost on the
    few hundred outline points of a blob (equal to NumPy's up to rounding in the last bit)."""
    n = len(a)
    g = 0.8 * (n - 1)
    lo = int(g)
    if lo >= n - 1:
        return float(a.max())
    part = np.partition(a, [lo, lo + 1])
    t = g - lo
    x, y = float(part[lo]), float(part[lo + 1])
    return y - (y - x) * (1.0 - t) if t >= 0.5 else x + (y - x) * t
