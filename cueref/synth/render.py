"""The overhead-camera renderer: table, balls, cue and arms, lens, light and sensor (OpenCV + numpy).

The static table is drawn in *undistorted* pixels through ``CameraModel`` (so every 3-D height projects right)
and bent once by the lens model with ``cv2.remap``; per frame, balls, cue and arms are drawn straight into the
final image at their centres sent through the same lens model (``cv2.projectPoints``), scaled by its local
magnification. The truth calibration is the homography at ball-centre height plus that lens model, so a rendered
ball centre lands where ``TableCalibration.table_to_image`` says.

Balls are shaded spheres rendered per pixel from a body orientation (stripes, number discs with the number,
Lambert + ambient + a specular highlight, a soft shadow); a ball moving during the exposure is blurred along
its path (the sprite is convolved with the exposure's path, i.e. positions integrated over the exposure).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import cv2
import numpy as np

from cueref.synth.camera import CameraModel

# Standard pool ball colours (BGR): 1 yellow, 2 blue, 3 red, 4 purple, 5 orange, 6 green, 7 maroon, 8 black.
BALL_COLOURS: dict[int, tuple[int, int, int]] = {
    0: (236, 240, 242), 1: (10, 195, 250), 2: (165, 60, 15), 3: (25, 25, 205), 4: (115, 35, 85),
    5: (10, 110, 245), 6: (50, 115, 15), 7: (35, 35, 120), 8: (22, 22, 22),
}
BALL_WHITE = (232, 238, 240)
CLOTH_COLOURS: dict[str, tuple[int, int, int]] = {
    "blue": (150, 95, 25), "green": (45, 125, 25), "red": (35, 35, 140), "grey": (110, 105, 100),
    "tan": (110, 150, 175),
}
STRIPE_HALF_ANGLE = np.deg2rad(36.0)  # the stripe band covers latitudes within this of the equator
NUMBER_DISC_HALF_ANGLE = np.deg2rad(27.0)  # angular radius of the white number circle
LIGHT_DIR = np.array([-0.25, -0.35, -0.90]) / np.linalg.norm([-0.25, -0.35, -0.90])  # camera frame, toward lamp


def ball_colour(ball_id: int) -> tuple[int, int, int]:
    """Base colour of a ball (stripes share the colour of ball_id - 8)."""
    return BALL_COLOURS[ball_id - 8 if ball_id > 8 else ball_id]


@lru_cache(maxsize=32)
def _number_glyph(ball_id: int, size: int = 64) -> np.ndarray:
    """White disc with the black number, (size, size, 3) float32 BGR; outside the disc is unused."""
    g = np.full((size, size, 3), BALL_WHITE, dtype=np.uint8)
    text = str(ball_id)
    font = cv2.FONT_HERSHEY_SIMPLEX
    scale = 1.55 if len(text) == 1 else 1.2
    (tw, th), _ = cv2.getTextSize(text, font, scale, 4)
    cv2.putText(g, text, ((size - tw) // 2, (size + th) // 2), font, scale, (25, 25, 25), 4, cv2.LINE_AA)
    return g.astype(np.float32)


def orientation_matrix(spin_angle: float = 0.0, tilt: float = np.deg2rad(70.0)) -> np.ndarray:
    """Body -> camera rotation: the number axis tilted ``tilt`` from lying flat toward the camera, then turned
    ``spin_angle`` (radians) about the view axis."""
    c, s = np.cos(tilt), np.sin(tilt)
    ry = np.array([[c, 0, s], [0, 1, 0], [-s, 0, c]])
    c2, s2 = np.cos(spin_angle), np.sin(spin_angle)
    rz = np.array([[c2, -s2, 0], [s2, c2, 0], [0, 0, 1]])
    return rz @ ry


def random_orientation(rng: np.random.Generator) -> np.ndarray:
    """A uniformly random body orientation (for training crops and rack set-ups)."""
    q = rng.normal(size=4)
    q /= np.linalg.norm(q)
    w, x, y, z = q
    return np.array([[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
                     [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
                     [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]])


def _line_kernel(dx: float, dy: float) -> np.ndarray:
    """Normalised kernel spreading a point evenly along the segment (-d/2, +d/2): the exposure's path."""
    half = int(np.ceil(max(abs(dx), abs(dy)) / 2)) + 1
    n = 2 * half + 1
    k = np.zeros((n, n), np.float32)
    steps = max(2, int(np.ceil(np.hypot(dx, dy) * 3)))
    for s in np.linspace(-0.5, 0.5, steps):
        x, y = half + s * dx, half + s * dy
        x0, y0 = int(np.floor(x)), int(np.floor(y))
        fx, fy = x - x0, y - y0
        k[y0, x0] += (1 - fx) * (1 - fy)
        k[y0, x0 + 1] += fx * (1 - fy)
        k[y0 + 1, x0] += (1 - fx) * fy
        k[y0 + 1, x0 + 1] += fx * fy
    return k / k.sum()


def ball_sprite(centre_px: Sequence[float], radius_px: float, ball_id: int, orientation: np.ndarray,
                *, blur_px: Sequence[float] = (0.0, 0.0), gain: float = 1.0,
                light_dir: np.ndarray = LIGHT_DIR,
                stretch: tuple[float, float, float] | None = None) -> tuple[np.ndarray, np.ndarray, int, int]:
    """Render one ball into a small patch: (premultiplied BGR float32, alpha float32, x0, y0 of the patch).

    Pixel centres sit at integer coordinates (OpenCV convention), so the alpha-weighted centroid of an unblurred
    sprite is ``centre_px``. ``stretch`` = (ux, uy, k): a sphere off the optical axis images as an ellipse
    elongated by k (= 1 / cos of the ray's angle to the axis) along the unit direction (ux, uy) away from the
    principal point; None draws a circle.
    """
    cx, cy = float(centre_px[0]), float(centre_px[1])
    r = max(float(radius_px), 0.5)
    bx, by = float(blur_px[0]), float(blur_px[1])
    k = 1.0 if stretch is None else max(1.0, float(stretch[2]))
    pad = int(np.ceil(r * k + 2 + max(abs(bx), abs(by)) / 2))
    x0, y0 = int(np.floor(cx)) - pad, int(np.floor(cy)) - pad
    n = 2 * pad + 2
    xs = (np.arange(n, dtype=np.float32) + x0 - cx) / r
    ys = (np.arange(n, dtype=np.float32) + y0 - cy) / r
    dx, dy = np.meshgrid(xs, ys)
    if stretch is not None and k > 1.0:
        ux, uy = float(stretch[0]), float(stretch[1])
        along = (dx * ux + dy * uy) * (1.0 / k - 1.0)
        dx, dy = dx + along * ux, dy + along * uy
    d2 = dx * dx + dy * dy
    dist = np.sqrt(d2) * r
    alpha = np.clip(r + 0.5 - dist, 0.0, 1.0).astype(np.float32)
    scale = np.where(d2 > 1.0, 1.0 / np.sqrt(np.maximum(d2, 1e-12)), 1.0)
    nx, ny = dx * scale, dy * scale
    nz = -np.sqrt(np.clip(1.0 - nx * nx - ny * ny, 0.0, 1.0))
    normals = np.stack([nx, ny, nz], axis=-1)  # camera frame, pointing toward the camera
    body = normals @ orientation.astype(np.float32)  # = orientation.T @ n per pixel
    base = np.empty((n, n, 3), np.float32)
    colour = np.array(ball_colour(ball_id), np.float32)
    white = np.array(BALL_WHITE, np.float32)
    if ball_id == 0:
        base[:] = white
    elif ball_id <= 8:
        base[:] = colour
    else:
        band = np.abs(body[..., 2]) < np.sin(STRIPE_HALF_ANGLE)
        base[:] = white
        base[band] = colour
    if ball_id != 0:
        glyph = _number_glyph(ball_id)
        gs = glyph.shape[0]
        sin_r, cos_r = np.sin(NUMBER_DISC_HALF_ANGLE), np.cos(NUMBER_DISC_HALF_ANGLE)
        for sign in (1.0, -1.0):
            on = sign * body[..., 0] > cos_r
            if on.any():
                u = sign * body[..., 1][on] / sin_r
                v = -body[..., 2][on] / sin_r
                gx = np.clip(((u + 1) / 2 * (gs - 1)).round().astype(np.int32), 0, gs - 1)
                gy = np.clip(((v + 1) / 2 * (gs - 1)).round().astype(np.int32), 0, gs - 1)
                base[on] = glyph[gy, gx]
    lambert = np.clip(normals @ light_dir.astype(np.float32), 0.0, 1.0)
    half = light_dir + np.array([0.0, 0.0, -1.0])
    half = (half / np.linalg.norm(half)).astype(np.float32)
    spec = np.clip(normals @ half, 0.0, 1.0) ** 80 * 255.0 * 0.85
    rim = 0.78 + 0.22 * (-nz)
    shade = (0.38 + 0.72 * lambert) * rim * gain
    rgb = base * shade[..., None] + spec[..., None] * gain
    rgb = np.clip(rgb, 0, 255) * alpha[..., None]
    if abs(bx) > 0.5 or abs(by) > 0.5:
        k = _line_kernel(bx, by)
        rgb = cv2.filter2D(rgb, -1, k, borderType=cv2.BORDER_CONSTANT)
        alpha = cv2.filter2D(alpha, -1, k, borderType=cv2.BORDER_CONSTANT)
    return rgb, alpha, x0, y0


def composite(img: np.ndarray, premult: np.ndarray, alpha: np.ndarray, x0: int, y0: int) -> None:
    """Alpha-composite a premultiplied patch onto ``img`` (uint8 or float, HxWx3) in place, clipped to the image."""
    h, w = img.shape[:2]
    ph, pw = alpha.shape
    xa, ya, xb, yb = max(x0, 0), max(y0, 0), min(x0 + pw, w), min(y0 + ph, h)
    if xa >= xb or ya >= yb:
        return
    sub_a = alpha[ya - y0:yb - y0, xa - x0:xb - x0, None]
    sub_c = premult[ya - y0:yb - y0, xa - x0:xb - x0]
    region = img[ya:yb, xa:xb].astype(np.float32)
    out = region * (1.0 - sub_a) + sub_c
    img[ya:yb, xa:xb] = np.clip(out, 0, 255).astype(img.dtype) if img.dtype == np.uint8 else out


def draw_ball(img: np.ndarray, centre_px: Sequence[float], radius_px: float, ball_id: int,
              spin_angle: float = 0.0, *, orientation: np.ndarray | None = None, tilt: float = np.deg2rad(70.0),
              blur_px: Sequence[float] = (0.0, 0.0), gain: float = 1.0) -> np.ndarray:
    """Draw pool ball ``ball_id`` (0 cue, 1-15) centred at ``centre_px`` (sub-pixel) with ``radius_px``, in place.

    Args:
        img: HxWx3 BGR image (uint8 or float32), modified in place and returned.
        spin_angle: in-plane turn of the ball (radians), used when ``orientation`` is None.
        orientation: 3x3 body->camera rotation (see ``orientation_matrix`` / ``random_orientation``).
        tilt: how far the number disc is turned toward the camera when ``orientation`` is None (radians).
        blur_px: the ball's displacement in pixels during the exposure (motion blur), (0, 0) for none.
        gain: brightness of the light at this spot (lighting gradient).
    """
    if not 0 <= ball_id <= 15:
        raise ValueError(f"ball_id must be 0-15, got {ball_id}")
    o = orientation if orientation is not None else orientation_matrix(spin_angle, tilt)
    rgb, alpha, x0, y0 = ball_sprite(centre_px, radius_px, ball_id, o, blur_px=blur_px, gain=gain)
    composite(img, rgb, alpha, x0, y0)
    return img


# ----- occluders: a cue stick and players' arms -------------------------------------------------------------
@dataclass(frozen=True)
class Occluder:
    """A tapered capsule above the table: from ``p0`` (radius ``r0``) to ``p1`` (radius ``r1``), table metres,
    at ``height`` metres above the cloth. ``kind`` picks the look: "cue", "sleeve" or "skin"."""

    p0: tuple[float, float]
    p1: tuple[float, float]
    r0: float
    r1: float
    height: float = 0.12
    kind: str = "sleeve"
    colour: tuple[int, int, int] | None = None


_OCCLUDER_COLOURS = {"cue": (95, 150, 205), "sleeve": (70, 55, 50), "skin": (120, 150, 200)}


def occluder_capsules_px(camera: CameraModel, occluders: Sequence[Occluder]) -> np.ndarray:
    """(K, 6) undistorted-pixel capsules: x0, y0, x1, y1, r0, r1."""
    out = np.zeros((len(occluders), 6))
    for i, o in enumerate(occluders):
        a = camera.project_xy(np.array(o.p0), o.height)
        b = camera.project_xy(np.array(o.p1), o.height)
        s = np.linalg.norm(camera.project_xy(np.array(o.p0) + [0.01, 0.0], o.height) - a) / 0.01
        out[i] = (a[0], a[1], b[0], b[1], o.r0 * s, o.r1 * s)
    return out


def covered(points_px: np.ndarray, capsules: np.ndarray) -> np.ndarray:
    """Which points (N, 2) fall inside any tapered capsule (K, 6): a ball whose centre is covered is hidden."""
    pts = np.asarray(points_px, dtype=np.float64).reshape(-1, 2)
    hidden = np.zeros(len(pts), bool)
    for x0, y0, x1, y1, r0, r1 in capsules:
        d = np.array([x1 - x0, y1 - y0])
        ll = float(d @ d) or 1e-12
        s = np.clip(((pts[:, 0] - x0) * d[0] + (pts[:, 1] - y0) * d[1]) / ll, 0.0, 1.0)
        px, py = x0 + s * d[0], y0 + s * d[1]
        hidden |= np.hypot(pts[:, 0] - px, pts[:, 1] - py) <= r0 + (r1 - r0) * s
    return hidden


def _draw_capsule(img: np.ndarray, cap: np.ndarray, colour: tuple[int, int, int], *, cue: bool = False) -> None:
    x0, y0, x1, y1, r0, r1 = cap
    d = np.array([x1 - x0, y1 - y0])
    length = float(np.hypot(*d)) or 1e-6
    nrm = np.array([-d[1], d[0]]) / length
    quad = np.array([[x0, y0] + nrm * r0, [x1, y1] + nrm * r1, [x1, y1] - nrm * r1, [x0, y0] - nrm * r0])
    sh = 4  # fixed-point sub-pixel bits for anti-aliased polygons
    cv2.fillConvexPoly(img, np.round(quad * (1 << sh)).astype(np.int32), colour, cv2.LINE_AA, sh)
    for (x, y), r in (((x0, y0), r0), ((x1, y1), r1)):
        cv2.circle(img, (int(round(x * (1 << sh))), int(round(y * (1 << sh)))), int(round(r * (1 << sh))),
                   colour, -1, cv2.LINE_AA, sh)
    # a lighter stripe along the top for a bit of roundness
    hl = tuple(min(255, int(c * 1.25 + 12)) for c in colour)
    off = nrm * 0.35 * min(r0, r1)
    p0 = np.array([x0, y0]) + off
    p1 = np.array([x1, y1]) + off
    cv2.line(img, tuple(int(v) for v in p0), tuple(int(v) for v in p1), hl, max(1, int(min(r0, r1) * 0.4)),
             cv2.LINE_AA)
    if cue:  # white ferrule and a dark tip at the p1 end
        fer = np.array([x1, y1]) - d / length * max(3.0, 2.5 * r1 * 2)
        cv2.line(img, tuple(int(v) for v in fer), (int(x1), int(y1)), (235, 235, 235), max(1, int(2 * r1)),
                 cv2.LINE_AA)
        cv2.circle(img, (int(x1), int(y1)), max(1, int(r1)), (60, 80, 110), -1, cv2.LINE_AA)


# ----- the static scene ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class RenderStyle:
    """How real the camera looks. Defaults imitate a fixed overhead camera; ``clean()`` turns the effects off."""

    cloth: str | tuple[int, int, int] = "blue"
    noise_sigma: float = 2.5  # sensor noise, grey levels (per channel, per frame)
    light_falloff: float = 0.22  # brightness lost toward the frame corners (lighting gradient)
    light_offset: tuple[float, float] = (0.12, -0.08)  # lamp offset from the image centre, fraction of the size
    motion_blur: bool = True
    exposure: float = 1 / 120  # s: motion blur spans the ball's path over this time, centred on the frame time
    shadows: bool = True
    perspective: bool = True  # balls off the optical axis drawn as the ellipses a pinhole camera sees

    @classmethod
    def clean(cls, cloth: str | tuple[int, int, int] = "blue") -> RenderStyle:
        return cls(cloth=cloth, noise_sigma=0.0, light_falloff=0.0, motion_blur=False, shadows=False)


@dataclass
class TableScene:
    """A camera, a table and a style, with the static background (cloth, rails, pockets, light) drawn once."""

    camera: CameraModel
    style: RenderStyle = field(default_factory=RenderStyle)

    def __post_init__(self) -> None:
        self.geometry = self.camera.geometry
        self.light = self._lighting()
        background = self._draw_background()
        maps = self.camera.distortion_maps()
        if maps is not None:  # the static table is bent by the lens once; moving things are drawn bent per frame
            background = cv2.remap(background, maps[0], maps[1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        if self.style.light_falloff > 0:
            background = np.clip(background.astype(np.float32) * self.light[..., None], 0, 255).astype(np.uint8)
        self.background = background
        self._noise_bank: list[np.ndarray] = []

    _NOISE_PAD = 64

    def noise_view(self, rng: np.random.Generator) -> np.ndarray:
        """Sensor noise for one frame: a random window of one of four pre-drawn Gaussian fields (int16).

        Drawing 6 M normal samples per 1080p frame costs ~30 ms; a random window of a bank is as random to a
        detector and costs nothing."""
        w, h = self.camera.image_size
        pad = self._NOISE_PAD
        if not self._noise_bank:
            seed = np.random.default_rng(int(rng.integers(0, 2**31)))
            for _ in range(4):
                field = np.round(seed.normal(0.0, self.style.noise_sigma, (h + pad, w + pad, 3)))
                self._noise_bank.append(field.astype(np.int16))
        k = int(rng.integers(0, len(self._noise_bank)))
        dy, dx = (int(v) for v in rng.integers(0, pad, 2))
        return self._noise_bank[k][dy:dy + h, dx:dx + w]

    # -- static parts
    def _lighting(self) -> np.ndarray:
        w, h = self.camera.image_size
        cx = w / 2 * (1 + 2 * self.style.light_offset[0])
        cy = h / 2 * (1 + 2 * self.style.light_offset[1])
        xs, ys = np.meshgrid(np.arange(w, dtype=np.float32), np.arange(h, dtype=np.float32))
        rr = ((xs - cx) / (w / 2)) ** 2 + ((ys - cy) / (h / 2)) ** 2
        return (1.0 - self.style.light_falloff * np.clip(rr / 2.0, 0, 1.5)).astype(np.float32)

    def light_at(self, px: np.ndarray) -> np.ndarray:
        w, h = self.camera.image_size
        xi = np.clip(np.round(px[..., 0]).astype(int), 0, w - 1)
        yi = np.clip(np.round(px[..., 1]).astype(int), 0, h - 1)
        return self.light[yi, xi]

    def _poly(self, img: np.ndarray, xy: np.ndarray, height: float, colour: tuple[int, int, int]) -> None:
        px = self.camera.project_xy(np.asarray(xy, float), height)
        cv2.fillPoly(img, [np.round(px * 16).astype(np.int32)], colour, cv2.LINE_AA, 4)

    def _draw_background(self) -> np.ndarray:
        cam, g = self.camera, self.geometry
        w, h = cam.image_size
        L, W, rw = g.length, g.width, g.rail_width
        rng = np.random.default_rng(12345)
        floor = rng.normal(48, 6, size=(h // 8 + 1, w // 8 + 1, 3)).clip(0, 255).astype(np.uint8)
        img = cv2.resize(floor, (w, h), interpolation=cv2.INTER_LINEAR)
        cloth = CLOTH_COLOURS[self.style.cloth] if isinstance(self.style.cloth, str) else self.style.cloth
        cloth_dark = tuple(int(c * 0.72) for c in cloth)
        wood, wood_dark = (40, 60, 95), (25, 38, 62)
        cush = 0.05  # cushion width (nose to rail wood), m
        z_rail, z_nose = 0.040, 0.036
        rect = lambda x0, y0, x1, y1: np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]])  # noqa: E731
        self._poly(img, rect(-rw - 0.02, -rw - 0.02, L + rw + 0.02, W + rw + 0.02), z_rail, wood_dark)
        self._poly(img, rect(-rw, -rw, L + rw, W + rw), z_rail, wood)
        self._poly(img, rect(-cush, -cush, L + cush, W + cush), z_nose, cloth_dark)  # cushion tops
        # the cloth as the camera sees it: bounded by the cushion noses, which stand over it at nose height and hide
        # the cloth beneath them. Bounded at cloth level instead, the cushion's edge showed 1 % of the distance from
        # the image centre nearer it than the noses (10 mm at the ends of a 9 ft table seen from 2.8 m), and the
        # auto-calibration, which takes that edge for the noses, read balls frozen to an end cushion 10 mm past it:
        # beyond the detector's slack, they were not found (ho58 nine-ball-rack-145, ho59 eight-ball-rack-146)
        self._poly(img, rect(0, 0, L, W), z_nose, cloth)
        # cloth texture: faint low-frequency mottling
        tex = rng.normal(0, 3.0, size=(h // 16 + 1, w // 16 + 1)).astype(np.float32)
        tex = cv2.resize(tex, (w, h), interpolation=cv2.INTER_CUBIC)
        img = np.clip(img.astype(np.float32) + tex[..., None], 0, 255).astype(np.uint8)
        # diamonds (sights) on the rail tops, a third of the way in from the outer edge
        mid = cush + (rw - cush) * 0.5
        sights = [(k * L / 8, -mid) for k in range(1, 8) if k != 4] + [(k * L / 8, W + mid) for k in range(1, 8) if k != 4]
        sights += [(-mid, k * W / 4) for k in range(1, 4)] + [(L + mid, k * W / 4) for k in range(1, 4)]
        for sx, sy in sights:
            c = cam.project_xy(np.array([sx, sy]), z_rail)
            s = np.linalg.norm(cam.project_xy(np.array([sx + 0.01, sy]), z_rail) - c) / 0.01
            ax = (max(1, int(0.009 * s)), max(1, int(0.005 * s)))
            cv2.ellipse(img, (int(round(c[0])), int(round(c[1]))), ax, 45, 0, 360, (215, 225, 230), -1, cv2.LINE_AA)
        # pockets: a dark liner and the black hole, cutting through cushion and rail
        for p in g.pockets:
            c = cam.project_xy(np.array(p.centre), 0.0)
            s = np.linalg.norm(cam.project_xy(np.array(p.centre) + [0.01, 0.0], 0.0) - c) / 0.01
            r_hole = p.mouth * 0.55
            cv2.circle(img, (int(round(c[0] * 16)), int(round(c[1] * 16))), int(round((r_hole + 0.012) * s * 16)),
                       (30, 30, 32), -1, cv2.LINE_AA, 4)
            cv2.circle(img, (int(round(c[0] * 16)), int(round(c[1] * 16))), int(round(r_hole * s * 16)),
                       (8, 8, 8), -1, cv2.LINE_AA, 4)
        return img

    # -- per frame: everything that moves is placed in the final (distorted) image directly
    def ball_stretch(self, positions: np.ndarray) -> np.ndarray:
        """(N, 3) ellipse elongation of balls at ``positions``: unit direction away from the principal point and
        k = 1 / cos(angle of the ray to the optical axis) (see ``ball_sprite``)."""
        cam = self.camera
        und = cam.project_xy(positions, self.geometry.ball_radius)
        rx = (und[:, 0] - cam.k[0, 2]) / cam.k[0, 0]
        ry = (und[:, 1] - cam.k[1, 2]) / cam.k[1, 1]
        rho = np.hypot(rx, ry)
        safe = np.where(rho > 1e-9, rho, 1.0)
        return np.stack([np.where(rho > 1e-9, rx / safe, 1.0), np.where(rho > 1e-9, ry / safe, 0.0),
                         np.sqrt(1.0 + rho * rho)], axis=1)

    def ball_pixels(self, positions: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Image pixel centres (N, 2) and radii (N,) of balls at table ``positions`` (N, 2)."""
        r = self.geometry.ball_radius
        cam = self.camera
        c = cam.distort(cam.project_xy(positions, r))
        ex = cam.distort(cam.project_xy(positions + [r, 0.0], r))
        ey = cam.distort(cam.project_xy(positions + [0.0, r], r))
        rad = np.sqrt(np.linalg.norm(ex - c, axis=-1) * np.linalg.norm(ey - c, axis=-1))
        return c, rad

    def capsules_px(self, occluders: Sequence[Occluder]) -> np.ndarray:
        """Occluder capsules in image pixels (endpoints through the lens, radii by its local scale)."""
        caps = occluder_capsules_px(self.camera, occluders)
        if self.camera.dist is None or not len(caps):
            return caps
        out = caps.copy()
        for k, (i, j) in enumerate(((0, 1), (2, 3))):
            p = caps[:, [i, j]]
            d = self.camera.distort(p)
            d1 = self.camera.distort(p + [1.0, 0.0])
            out[:, [i, j]] = d
            out[:, 4 + k] = caps[:, 4 + k] * np.linalg.norm(d1 - d, axis=1)
        return out


def render_frame(scene: TableScene, positions: np.ndarray, *, orientations: np.ndarray | None = None,
                 velocities: np.ndarray | None = None, occluders: Sequence[Occluder] = (),
                 rng: np.random.Generator | None = None) -> np.ndarray:
    """Draw one video frame (uint8 BGR, the camera's image size).

    Args:
        scene: the prepared camera, table and style (``TableScene``).
        positions: (16, 2) ball centres in table metres, NaN for a ball not on the table.
        orientations: (16, 3, 3) body->camera rotations (None: numbers facing up).
        velocities: (16, 2) m/s, for motion blur over ``scene.style.exposure`` (None: no blur).
        occluders: cue stick and arm capsules above the table at this instant.
        rng: noise source (None: no sensor noise).
    """
    img = scene.background.copy()
    pos = np.asarray(positions, dtype=np.float64)
    present = np.flatnonzero(np.isfinite(pos).all(axis=1))
    if len(present):
        centres, radii = scene.ball_pixels(pos[present])
        gains = scene.light_at(centres) if scene.style.light_falloff > 0 else np.ones(len(present))
        blur = np.zeros((len(present), 2))
        if velocities is not None and scene.style.motion_blur:
            v = np.nan_to_num(np.asarray(velocities, float)[present])
            half = v * scene.style.exposure / 2
            cam, r = scene.camera, scene.geometry.ball_radius
            blur = cam.distort(cam.project_xy(pos[present] + half, r)) - cam.distort(cam.project_xy(pos[present] - half, r))
        if scene.style.shadows:
            for c, r in zip(centres, radii, strict=True):
                _shadow(img, c, r)
        stretch = scene.ball_stretch(pos[present]) if scene.style.perspective else None
        for j, b in enumerate(present):
            o = orientations[b] if orientations is not None else orientation_matrix(0.0, np.deg2rad(80.0))
            rgb, alpha, x0, y0 = ball_sprite(centres[j], radii[j], int(b), o, blur_px=blur[j], gain=float(gains[j]),
                                             stretch=None if stretch is None else tuple(stretch[j]))
            composite(img, rgb, alpha, x0, y0)
    if occluders:
        caps = scene.capsules_px(occluders)
        for o, cap in zip(occluders, caps, strict=True):
            colour = o.colour or _OCCLUDER_COLOURS.get(o.kind, (70, 55, 50))
            _draw_capsule(img, cap, colour, cue=o.kind == "cue")
    if rng is not None and scene.style.noise_sigma > 0:
        img = cv2.add(img, scene.noise_view(rng), dtype=cv2.CV_8U)  # saturating
    return img


@lru_cache(maxsize=64)
def _shadow_sprite(r_q: int) -> np.ndarray:
    r = r_q / 4.0
    n = int(np.ceil(r * 3)) * 2 + 1
    ax = np.arange(n, dtype=np.float32) - n // 2
    xx, yy = np.meshgrid(ax, ax)
    return np.exp(-((xx / (1.1 * r)) ** 2 + (yy / (1.1 * r)) ** 2) * 1.6).astype(np.float32) * 0.55


def _shadow(img: np.ndarray, centre: np.ndarray, radius: float) -> None:
    """A soft contact shadow under the ball, offset away from the lamp."""
    s = _shadow_sprite(int(round(radius * 4)))
    n = s.shape[0]
    cx = centre[0] - LIGHT_DIR[0] * radius * 0.5
    cy = centre[1] - LIGHT_DIR[1] * radius * 0.5
    x0, y0 = int(round(cx)) - n // 2, int(round(cy)) - n // 2
    h, w = img.shape[:2]
    xa, ya, xb, yb = max(x0, 0), max(y0, 0), min(x0 + n, w), min(y0 + n, h)
    if xa >= xb or ya >= yb:
        return
    sub = s[ya - y0:yb - y0, xa - x0:xb - x0, None]
    img[ya:yb, xa:xb] = (img[ya:yb, xa:xb].astype(np.float32) * (1.0 - sub)).astype(img.dtype)
