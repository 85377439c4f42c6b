"""Find the playing surface in a frame and calibrate the camera from it, with no help from the user.

Why this way: the cloth is the one large, evenly coloured region in the middle of any pool broadcast or overhead
camera, whatever its colour. So we (1) learn the cloth colour from the centre of the frame (Lab chroma, which
shrugs off the lighting fall-off), (2) keep the connected cloth region that covers the centre (graphics, players
and the room are cut off by the dark rails), (3) fit one straight line per rail to the region's outline with a
robust fit that ignores pocket cut-outs, arms and balls, refine each line on the full-resolution gradient, then
(4) step inward from the cloth's outer edge to the cushion nose (the strongest edge within a cushion's width),
and map the nose rectangle to the table frame. The quality figure is the RMS distance, in mm on the table, of
the nose edge samples from the fitted nose lines.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from adjudicator.errors import CalibrationError
from vision.calibration import TableCalibration, across_to_upright, order_corners
from vision.geometry import TABLE_SIZES

WORK_WIDTH = 640  # px: the coarse search runs at this width
CUSHION_BAND = (0.015, 0.085)  # m: where to look for the cushion nose, inward from the cloth's outer edge
CUSHION_DEFAULT = 0.05  # m: the nose inset used when no nose edge stands out
MIN_AREA_FRACTION = 0.06  # the cloth must cover at least this share of the frame
MIN_CHROMA = 8.0  # Lab chroma units: below this the "cloth" is grey and cannot be told from the room

HINT = ("try --corners x1,y1,...,x4,y4 (the four cushion-nose corners; `cueref corners SOURCE` writes a page to "
        "click them on) or a frame where the whole table is visible")


@dataclass
class ClothModel:
    """The cloth's colour: its hue (angle of the Lab chroma), chroma and lightness, with tolerances.

    Hue is what stays put across the cloth: the cushion tops, a lamp's fall-off and shadows change lightness
    and chroma (darker Lab colours have less chroma) but not hue, so the test is on hue, with lenient lightness
    and chroma bounds that still exclude the dark rails and the room."""

    ab: np.ndarray
    hue_tol: float  # radians
    lightness: float

    def mask(self, lab: np.ndarray) -> np.ndarray:
        a = lab[..., 1].astype(np.float32) - 128.0
        b = lab[..., 2].astype(np.float32) - 128.0
        c0 = self.ab - 128.0
        chroma0 = float(np.hypot(*c0))
        chroma = np.sqrt(a * a + b * b)
        cos = (a * c0[0] + b * c0[1]) / np.maximum(chroma * chroma0, 1e-6)
        lum = lab[..., 0].astype(np.float32)
        ok = ((cos > np.cos(self.hue_tol)) & (chroma > 0.35 * chroma0) & (lum > 0.5 * self.lightness)
              & (lum < 1.6 * self.lightness + 40))
        return ok.astype(np.uint8) * 255


def learn_cloth(lab: np.ndarray) -> ClothModel:
    """The dominant chroma in the central quarter of the frame (where a table always is)."""
    h, w = lab.shape[:2]
    centre = lab[h // 4: 3 * h // 4, w // 4: 3 * w // 4].reshape(-1, 3).astype(np.float32)
    ab = centre[:, 1:3]
    hist, xe, ye = np.histogram2d(ab[:, 0], ab[:, 1], bins=64, range=[[0, 256], [0, 256]])
    hist = cv2.GaussianBlur(hist.astype(np.float32), (5, 5), 1.0)
    i, j = np.unravel_index(int(np.argmax(hist)), hist.shape)
    peak = np.array([(xe[i] + xe[i + 1]) / 2, (ye[j] + ye[j + 1]) / 2], dtype=np.float32)
    near = np.linalg.norm(ab - peak, axis=1) < 10
    if near.mean() < 0.25:
        raise CalibrationError("no cloth colour dominates the centre of the frame: is there a pool table in view? "
                               + HINT)
    mean_ab = ab[near].mean(axis=0)
    chroma = float(np.linalg.norm(mean_ab - 128))
    if chroma < MIN_CHROMA:
        raise CalibrationError("no coloured cloth fills the centre of the frame (no table in view, a grey cloth, or "
                               "a table too small or too far off-centre); " + HINT)
    ang = np.arctan2(ab[near, 1] - 128, ab[near, 0] - 128)
    mean_ang = float(np.arctan2(mean_ab[1] - 128, mean_ab[0] - 128))
    spread = float(np.sqrt(np.mean(np.angle(np.exp(1j * (ang - mean_ang))) ** 2)))
    return ClothModel(ab=mean_ab, hue_tol=max(np.deg2rad(14.0), 3.5 * spread),
                      lightness=float(np.median(centre[near, 0])))


def _cloth_region(mask: np.ndarray) -> np.ndarray:
    """The connected cloth component covering the frame centre, holes (balls, cues) filled."""
    h, w = mask.shape
    k = max(3, w // 160) | 1
    m = cv2.morphologyEx(mask, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    m = cv2.morphologyEx(m, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3 * k, 3 * k)))
    n, labels, stats, _ = cv2.connectedComponentsWithStats(m, connectivity=4)
    if n <= 1:
        raise CalibrationError("no cloth-coloured region found; " + HINT)
    centre = labels[h // 4: 3 * h // 4, w // 4: 3 * w // 4]
    counts = np.bincount(centre.ravel(), minlength=n)
    counts[0] = 0
    best = int(np.argmax(counts))
    region = (labels == best).astype(np.uint8) * 255
    if stats[best, cv2.CC_STAT_AREA] < MIN_AREA_FRACTION * h * w:
        raise CalibrationError(f"the table covers only {100 * stats[best, cv2.CC_STAT_AREA] / (h * w):.0f}% of the "
                               "frame, too small to calibrate; " + HINT)
    contours, _ = cv2.findContours(region, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    filled = np.zeros_like(region)
    cv2.drawContours(filled, contours, -1, 255, thickness=cv2.FILLED)
    return filled


def _line_intersection(l1: np.ndarray, l2: np.ndarray) -> np.ndarray:
    """Lines as (a, b, c) with a x + b y + c = 0."""
    p = np.cross(l1, l2)
    if abs(p[2]) < 1e-12:
        raise CalibrationError("two rails came out parallel; " + HINT)
    return p[:2] / p[2]


def _fit_line(pts: np.ndarray) -> np.ndarray:
    vx, vy, x0, y0 = cv2.fitLine(pts.astype(np.float32), cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
    a, b = -vy, vx
    return np.array([a, b, -(a * x0 + b * y0)], dtype=np.float64)


def _ransac_line(pts: np.ndarray, tol: float, iters: int = 200, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """The line most points agree with (within ``tol`` px), refitted on them: a player leaning over a rail or
    a ball against the cushion bends the outline, but only over a short stretch. Returns (line, inlier mask)."""
    n = len(pts)
    rng = np.random.default_rng(seed)
    i = rng.integers(0, n, iters)
    j = rng.integers(0, n, iters)
    keep = i != j
    p, q = pts[i[keep]], pts[j[keep]]
    d = q - p
    norm = np.hypot(d[:, 0], d[:, 1])
    good = norm > 1e-6
    p, d, norm = p[good], d[good], norm[good]
    nrm = np.c_[-d[:, 1], d[:, 0]] / norm[:, None]
    c = -(nrm * p).sum(axis=1)
    dist = np.abs(pts @ nrm.T + c)  # (n, hypotheses)
    inl = dist < tol
    best = int(np.argmax(inl.sum(axis=0))) if inl.size else 0
    mask = inl[:, best] if inl.size else np.ones(n, bool)
    if mask.sum() < 2:
        mask = np.ones(n, bool)
    return _fit_line(pts[mask]), mask


def _side_points(contour: np.ndarray, quad: np.ndarray, tol: float) -> list[np.ndarray]:
    """Outline points belonging to each side of a quadrilateral, without the corners and the side-pocket middles."""
    out = []
    for s in range(4):
        p0, p1 = quad[s], quad[(s + 1) % 4]
        d = p1 - p0
        length = float(np.linalg.norm(d))
        u = d / length
        nrm = np.array([-u[1], u[0]])
        rel = contour - p0
        along = rel @ u / length
        across = np.abs(rel @ nrm)
        keep = (across < tol) & (along > 0.07) & (along < 0.93) & ~((along > 0.44) & (along < 0.56))
        out.append(contour[keep])
    return out


def _quad_from_lines(lines: list[np.ndarray]) -> np.ndarray:
    """Corner k is where side k-1 meets side k (side k runs from corner k to corner k+1)."""
    return np.array([_line_intersection(lines[k - 1], lines[k]) for k in range(4)])


def _coarse_quad(region: np.ndarray) -> np.ndarray:
    """Four rail lines fitted to the cloth outline, as the quadrilateral of their intersections.

    Two starting shapes: when the hull simplifies to 4 vertices, that quadrilateral (a perspective view needs it),
    and the hull's rotated rectangle. Each is refined on the outline; the rectangle's result replaces the 4-gon's
    only when the 4-gon's fails or the rectangle's sides hold clearly more outline points (> 3 %: where both fit
    the rails they agree within 1 %, 0-10 points of ~1000, and a coin flip would move the corners by a pixel). Taking the
    4-gon whenever it exists failed when a sleeve over a rail cut one corner off the cloth (and the pockets
    chamfered the others): its vertices sat at the cuts' inner ends and the fit ran a rail 20+ px off, losing a
    side (an error) or keeping a quad 0.16-3 m out; there the rectangle's sides hold 10-60 % more (vcal18)."""
    contours, _ = cv2.findContours(region, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    contour = max(contours, key=cv2.contourArea).reshape(-1, 2).astype(np.float64)
    hull = cv2.convexHull(contour.astype(np.float32))
    starts = []
    approx = cv2.approxPolyDP(hull, 0.02 * cv2.arcLength(hull, True), True).reshape(-1, 2)
    if len(approx) == 4:
        starts.append(approx.astype(np.float64))
    starts.append(cv2.boxPoints(cv2.minAreaRect(hull)).astype(np.float64))
    best: tuple[int, np.ndarray] | None = None
    error: CalibrationError | None = None
    for start in starts:
        try:
            quad, support = _refine_quad(contour, start)
        except CalibrationError as e:
            error = e
            continue
        if best is None or support > 1.03 * best[0]:
            best = (support, quad)
    if best is None:
        assert error is not None
        raise error
    return best[1]


def _refine_quad(contour: np.ndarray, start: np.ndarray) -> tuple[np.ndarray, int]:
    """Rail lines refitted twice from a starting quadrilateral; also how many outline points lie on the result's
    sides (within 0.4 % of its size), the score that picks between starting shapes."""
    quad = _ccw_from_top_left(start)
    size = float(np.sqrt(cv2.contourArea(quad.astype(np.float32))))
    for tol in (0.06 * size, 0.02 * size):
        sides = _side_points(contour, quad, tol)
        if min(len(s) for s in sides) < 10:
            raise CalibrationError("could not see all four rails of the table; " + HINT)
        lines = [_ransac_line(s, max(1.5, 0.004 * size))[0] for s in sides]
        quad = _quad_from_lines(lines)
    support = sum(len(s) for s in _side_points(contour, quad, max(1.5, 0.004 * size)))
    return quad, support


def _ccw_from_top_left(quad: np.ndarray) -> np.ndarray:
    """Order 4 points top-left, top-right, bottom-right, bottom-left (clockwise on screen)."""
    from vision.calibration import order_corners

    return order_corners(quad)


def _profiles(gray: np.ndarray, p0: np.ndarray, p1: np.ndarray, inward: np.ndarray, offsets: np.ndarray,
              n: int) -> tuple[np.ndarray, np.ndarray]:
    """Grey-level profiles along the inward normal at ``n`` stations of a side: (stations (n,2), values (n,k))."""
    ts = np.linspace(0.08, 0.92, n)
    ts = ts[~((ts > 0.43) & (ts < 0.57))]
    stations = p0[None] + ts[:, None] * (p1 - p0)[None]
    pts = stations[:, None, :] + offsets[None, :, None] * inward[None, None, :]
    mapx = pts[..., 0].astype(np.float32)
    mapy = pts[..., 1].astype(np.float32)
    vals = cv2.remap(gray, mapx, mapy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return stations, vals.astype(np.float64)


def _first_strong(g: np.ndarray, frac: float = 0.6) -> int:
    """The first local maximum reaching ``frac`` of the profile's maximum: the cushion nose comes before the
    far side of its shadow."""
    i = int(np.argmax(g >= frac * g.max()))
    while i + 1 < len(g) and g[i + 1] >= g[i]:
        i += 1
    return i


def _subpixel_peak(g: np.ndarray, i: int) -> float:
    if 0 < i < len(g) - 1:
        a, b, c = g[i - 1], g[i], g[i + 1]
        den = a - 2 * b + c
        if abs(den) > 1e-9:
            return i + 0.5 * (a - c) / den
    return float(i)


@dataclass
class TableFit:
    """What the finder saw, in full-resolution pixels: outer cloth quad, nose quad, edge residual (px)."""

    cloth_quad: np.ndarray
    nose_quad: np.ndarray
    nose_points: list[np.ndarray]
    nose_lines: list[np.ndarray]
    nose_found: list[bool]
    long_horizontal: bool | None = None  # from the side pockets; None when they do not tell


def fit_table(image: np.ndarray, table: str = "9ft") -> TableFit:
    """Find the cloth's outer edge and the cushion-nose rectangle in a BGR frame."""
    if image is None or image.ndim != 3 or min(image.shape[:2]) < 64:
        raise CalibrationError("the frame is empty or too small to calibrate; " + HINT)
    h, w = image.shape[:2]
    gray_full = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY).astype(np.float32)
    if float(gray_full.mean()) < 12:
        raise CalibrationError("the frame is too dark to find the table; " + HINT)
    s = WORK_WIDTH / w
    small = cv2.resize(image, (WORK_WIDTH, max(1, round(h * s))), interpolation=cv2.INTER_AREA)
    lab_small = cv2.cvtColor(small, cv2.COLOR_BGR2LAB)
    model = learn_cloth(lab_small)
    region = _cloth_region(model.mask(lab_small))
    quad = _coarse_quad(region) / s

    # Refine each outer edge at full resolution on the cloth-likelihood gradient.
    lab_full = cv2.cvtColor(image, cv2.COLOR_BGR2LAB)
    cloth = cv2.GaussianBlur(model.mask(lab_full).astype(np.float32), (0, 0), 1.5)
    length, width = TABLE_SIZES.get(table, (2.54, 1.27))
    side_px = [float(np.linalg.norm(quad[(k + 1) % 4] - quad[k])) for k in range(4)]
    long_px = (side_px[0] + side_px[2]) / 2 if side_px[0] + side_px[2] >= side_px[1] + side_px[3] else \
        (side_px[1] + side_px[3]) / 2
    px_per_m = long_px / (length + 2 * CUSHION_DEFAULT)
    centre = quad.mean(axis=0)
    outer_lines = []
    win = max(4.0, 3.0 / s)
    offs = np.arange(-win, win + 0.5, 0.5)
    for k in range(4):
        p0, p1 = quad[k], quad[(k + 1) % 4]
        inward = _inward(p0, p1, centre)
        stations, vals = _profiles(cloth, p0, p1, inward, offs, 80)
        grad = np.diff(vals, axis=1)
        pts = []
        for st, g in zip(stations, grad, strict=True):
            i = int(np.argmax(g))
            if g[i] > 40:
                pos = offs[0] + 0.5 * (_subpixel_peak(g, i) + 0.5)
                pts.append(st + pos * inward)
        outer_lines.append(_ransac_line(np.array(pts), 1.5)[0] if len(pts) >= 8 else _fit_line(np.array([p0, p1])))
    cloth_quad = _quad_from_lines(outer_lines)
    margin = 2.0
    outside = (cloth_quad[:, 0] < margin) | (cloth_quad[:, 0] > w - 1 - margin) | \
        (cloth_quad[:, 1] < margin) | (cloth_quad[:, 1] > h - 1 - margin)
    if outside.any():
        raise CalibrationError("the table runs off the edge of the frame (a rail is not in view), so it cannot be "
                               "measured; " + HINT)

    # Step inward to the cushion nose: the strongest grey-level edge within a cushion's width of the outer edge.
    inward_scale = _inward_scales(cloth_quad, (w, h), length, width)
    gsm = cv2.GaussianBlur(gray_full, (0, 0), 1.0)
    nose_lines, nose_points, found = [], [], []
    for k in range(4):
        p0, p1 = cloth_quad[k], cloth_quad[(k + 1) % 4]
        inward = _inward(p0, p1, cloth_quad.mean(axis=0))
        px_per_m = inward_scale[k]
        band = np.arange(CUSHION_BAND[0] * px_per_m, CUSHION_BAND[1] * px_per_m, 0.5)
        stations, vals = _profiles(gsm, p0, p1, inward, band, 60)
        grad = np.abs(np.diff(vals, axis=1)) * 2  # grey levels per pixel
        idx = np.array([_first_strong(g) for g in grad])
        strength = grad[np.arange(len(idx)), idx]
        pos = np.array([band[0] + 0.5 * (_subpixel_peak(g, i) + 0.5) for g, i in zip(grad, idx, strict=True)])
        ok = strength > max(3.0, 0.5 * float(np.median(strength)))
        if ok.sum() >= 8:
            med = float(np.median(pos[ok]))
            ok &= np.abs(pos - med) < 0.01 * px_per_m
        if ok.sum() >= 8:
            pts = stations[ok] + pos[ok, None] * inward
            line, inl = _ransac_line(pts, 1.5)
            nose_lines.append(line)
            nose_points.append(pts[inl])
            found.append(True)
        else:
            inset = CUSHION_DEFAULT * px_per_m
            pts = np.array([p0, p1]) + inset * inward
            nose_lines.append(_fit_line(pts))
            nose_points.append(np.zeros((0, 2)))
            found.append(False)
    nose_quad = _quad_from_lines(nose_lines)
    if not (cv2.isContourConvex(nose_quad.astype(np.float32)) and
            cv2.contourArea(nose_quad.astype(np.float32)) > MIN_AREA_FRACTION * h * w * 0.7):
        raise CalibrationError("the rails found do not make a table; " + HINT)
    return TableFit(cloth_quad=cloth_quad, nose_quad=nose_quad, nose_points=nose_points, nose_lines=nose_lines,
                    nose_found=found, long_horizontal=_long_rails_across(cloth, cloth_quad))


def _inward(p0: np.ndarray, p1: np.ndarray, centre: np.ndarray) -> np.ndarray:
    """The unit normal of side p0-p1 that points into the quad (towards ``centre``)."""
    u = (p1 - p0) / np.linalg.norm(p1 - p0)
    inward = np.array([-u[1], u[0]])
    return inward if np.dot(centre - p0, inward) >= 0 else -inward


def _inward_scales(quad: np.ndarray, size: tuple[int, int], length: float, width: float) -> list[float]:
    """Pixels per metre across each side of the cloth's outer quad (side k runs from corner k to k + 1), inward
    from its middle, through the quad's homography to the outer rectangle (the long axis from
    ``across_to_upright``).

    Why: one scale for the whole table (the long sides' pixels over their length) made the band searched for
    the nose, and the default inset, ~2x too deep at the far rail of an end-on camera, where the table is
    foreshortened: the nose was taken ~10 cm inside the far rail (UniPD game 4), and balls frozen there fell
    outside the table. For an overhead camera every side gets about that one scale."""
    c = CUSHION_DEFAULT
    ordered = order_corners(quad)
    across = across_to_upright(ordered, size) >= 1.0
    ax, ay = (length + 2 * c, width + 2 * c) if across else (width + 2 * c, length + 2 * c)
    hom, _ = cv2.findHomography(ordered, np.array([[0, 0], [ax, 0], [ax, ay], [0, ay]], np.float64), 0)
    out = []
    centre = quad.mean(axis=0)
    for k in range(4):
        p0, p1 = quad[k], quad[(k + 1) % 4]
        inward = _inward(p0, p1, centre)
        mid = (p0 + p1) / 2
        pts = np.array([mid, mid + 10.0 * inward], np.float64).reshape(-1, 1, 2)
        t = cv2.perspectiveTransform(pts, hom).reshape(-1, 2)
        out.append(10.0 / max(float(np.linalg.norm(t[1] - t[0])), 1e-9))
    return out


def _long_rails_across(cloth: np.ndarray, quad: np.ndarray) -> bool | None:
    """Whether the long rails run across the image, from where the side pockets are.

    A steep camera makes the near short rail look longer than the far long rails, so side lengths mislead; but
    only a long rail has a pocket in its middle, where the cloth along the rail breaks off. The middle is taken
    projectively (through a homography of the quad), so perspective does not move it."""
    ordered = quad.astype(np.float64)
    h, _ = cv2.findHomography(np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float64), ordered)
    if h is None:
        return None

    def cloth_share(t0: float, t1: float, side: int) -> float:
        ts = np.linspace(t0, t1, 15)
        inset = 0.03  # a little inside the cloth's outer edge, where a pocket cuts the cushion
        u = {0: np.c_[ts, np.full_like(ts, inset)], 1: np.c_[np.full_like(ts, 1 - inset), ts],
             2: np.c_[ts, np.full_like(ts, 1 - inset)], 3: np.c_[np.full_like(ts, inset), ts]}[side]
        p = cv2.perspectiveTransform(u.reshape(-1, 1, 2), h).reshape(-1, 2)
        xi = np.clip(np.round(p[:, 0]).astype(int), 0, cloth.shape[1] - 1)
        yi = np.clip(np.round(p[:, 1]).astype(int), 0, cloth.shape[0] - 1)
        return float((cloth[yi, xi] > 127).mean())

    drop = []
    for side in range(4):
        mid = cloth_share(0.47, 0.53, side)
        rest = (cloth_share(0.2, 0.35, side) + cloth_share(0.65, 0.8, side)) / 2
        drop.append(rest - mid)
    # sides 0 and 2 run across the image (top, bottom); both rails of a pair must show the pocket gap
    if min(drop[0], drop[2]) >= 0.25 and max(drop[1], drop[3]) < 0.15:
        return True
    if min(drop[1], drop[3]) >= 0.25 and max(drop[0], drop[2]) < 0.15:
        return False
    return None


def calibrate_image(image: np.ndarray, *, table: str = "9ft", head: str | None = None) -> TableCalibration:
    """Calibrate from one frame (``head`` None: the default for the table's orientation; see ``vision.head``)."""
    fit = fit_table(image, table)
    h, w = image.shape[:2]
    cal = TableCalibration.from_corners(fit.nose_quad, (w, h), head=head, table=table, source="auto",
                                        long_horizontal=fit.long_horizontal)
    # Quality: RMS distance of the nose edge samples from their fitted lines, in table mm.
    errs = []
    for pts, line in zip(fit.nose_points, fit.nose_lines, strict=True):
        if len(pts):
            d_px = np.abs(pts @ line[:2] + line[2]) / np.linalg.norm(line[:2])
            errs.append(d_px * cal.metres_per_pixel(pts) * 1000)
    all_err = np.concatenate(errs) if errs else np.zeros(0)
    cal.reprojection_error_mm = float(np.sqrt(np.mean(all_err ** 2))) if len(all_err) else None
    cal.extra = {"cloth_quad_px": fit.cloth_quad.round(2).tolist(), "long_rails_from_pockets": fit.long_horizontal,
                 "nose_edges_found": int(sum(fit.nose_found)), "head_known": head is not None}
    return cal
