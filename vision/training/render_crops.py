"""Rendered training crops of single pool balls, varied the ways real footage varies. numpy + OpenCV only.

Each sample draws a ball (3-D sphere: random rotation, stripe band, number discs with ink, Lambert shading,
one or more specular highlights, a contact shadow) on a random cloth, sometimes with a touching neighbour or an
occluding cue/hand, then degrades it the way a camera does (motion and focus blur, white-balance and exposure
shifts, sensor noise, JPEG) and cuts the crop with ``vision.identify.crop_balls`` at a slightly wrong centre and
radius, as the detector would. ``draw_ball_patch`` is the sphere itself; ``render_sample`` a whole crop.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.colors import COLOUR_VARIANTS_BGR, CUE_BGR, colour_number, is_stripe
from vision.identify import CROP_MARGIN, CROP_SIZE, crop_balls

SUPERSAMPLE = 4


def _random_rotation(rng: np.random.Generator) -> np.ndarray:
    """A uniformly random 3-D rotation matrix (from a random unit quaternion)."""
    q = rng.normal(size=4)
    w, x, y, z = q / np.linalg.norm(q)
    return np.array([
        [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
        [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
        [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
    ])


def _jitter_paint(rng: np.random.Generator, bgr: tuple[int, int, int], amount: float) -> np.ndarray:
    """The paint colour moved a little in Lab: ball sets and cameras differ."""
    lab = cv2.cvtColor(np.array([[bgr]], dtype=np.float32) / 255.0, cv2.COLOR_BGR2Lab)[0, 0]
    lab = lab + rng.normal(0.0, [6.0 * amount, 5.0 * amount, 5.0 * amount])
    lab[0] = np.clip(lab[0], 3.0, 97.0)
    out = cv2.cvtColor(lab.reshape(1, 1, 3).astype(np.float32), cv2.COLOR_Lab2BGR)[0, 0]
    return np.clip(out * 255.0, 0, 255)


def paint_of(rng: np.random.Generator, ball_id: int, amount: float = 1.0) -> np.ndarray:
    number = colour_number(ball_id)
    if number is None:
        return _jitter_paint(rng, CUE_BGR, 0.4 * amount)
    variants = COLOUR_VARIANTS_BGR[number]
    return _jitter_paint(rng, variants[int(rng.integers(len(variants)))], amount)


def draw_ball_patch(
    rng: np.random.Generator, ball_id: int, radius: float, light: np.ndarray, ambient: float,
    n_highlights: int, paint: np.ndarray | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """Render one ball (orthographic top view) into a (2R+1)^2 float BGR patch and its coverage mask, R = radius."""
    half = int(np.ceil(radius)) + 1
    yy, xx = np.mgrid[-half:half + 1, -half:half + 1].astype(float)
    nx, ny = xx / radius, yy / radius
    rho2 = nx * nx + ny * ny
    inside = rho2 < 1.0
    nz = np.sqrt(np.clip(1.0 - rho2, 0.0, 1.0))
    normals = np.stack([nx, ny, nz], axis=-1)
    body = normals @ _random_rotation(rng)  # surface point in the ball's own frame
    paint = paint_of(rng, ball_id) if paint is None else paint
    white = np.array([238.0, 240.0, 242.0]) + rng.normal(0, 4, 3)
    colour = np.broadcast_to(paint, normals.shape).copy()
    if ball_id == 0:
        # Tournament cue balls sometimes carry red dots or a logo: a few small marks.
        if rng.random() < 0.3:
            for _ in range(int(rng.integers(1, 4))):
                d = rng.normal(size=3)
                d /= np.linalg.norm(d)
                dot = body @ d > np.cos(np.radians(8))
                colour[dot] = (40, 40, 190)
    else:
        white_mask = np.zeros(inside.shape, dtype=bool)
        if is_stripe(ball_id):
            white_mask |= np.abs(body[..., 2]) > rng.uniform(0.42, 0.62)
        disc_r = np.radians(rng.uniform(17, 28))
        for sign in (1.0, -1.0):
            cos_a = sign * body[..., 0]
            in_disc = cos_a > np.cos(disc_r)
            white_mask |= in_disc
        colour[white_mask] = white
        # Number ink: strokes inside the discs (one or two digits).
        two_digits = ball_id >= 10
        for sign in (1.0, -1.0):
            u, v = body[..., 1] * sign, body[..., 2]
            near = sign * body[..., 0] > np.cos(disc_r * 0.62)
            if two_digits:
                ink = (np.abs(np.abs(u) - 0.09) < 0.035) | (np.abs(v) < 0.03) & (u > 0)
            else:
                ink = (np.abs(u) < 0.035) | (np.abs(v - 0.06) < 0.025) & (np.abs(u) < 0.09)
            colour[near & ink] = (25, 25, 25)
    diffuse = np.clip(normals @ light, 0.0, 1.0)
    shade = ambient + (1.0 - ambient) * diffuse
    # Darker rim (Fresnel-free approximation of the cloth-bounce-free edge).
    shade *= 0.75 + 0.25 * nz
    img = colour * shade[..., None]
    for _ in range(n_highlights):
        h = rng.normal(0, 0.35, 3)
        h[2] = abs(h[2]) + 1.0
        h /= np.linalg.norm(h)
        spec = np.clip(normals @ h, 0.0, 1.0) ** rng.uniform(60, 400)
        img += 255.0 * rng.uniform(0.6, 1.2) * spec[..., None]
    return np.clip(img, 0, 255), inside.astype(float)


def _cloth(rng: np.random.Generator, size: int) -> np.ndarray:
    """A cloth of a random common colour with a slow illumination gradient and fine texture."""
    hue = rng.choice([105, 100, 90, 60, 70, 0, 175, 130, 20, 15])  # blues, teal, greens, red, purple, tan
    sat = rng.uniform(60, 255) if hue not in (20, 15) else rng.uniform(30, 120)
    val = rng.uniform(70, 230)
    hsv = np.array([[[hue + rng.uniform(-4, 4) % 180, sat, val]]], dtype=np.float32)
    base = cv2.cvtColor(np.clip(hsv, 0, [179, 255, 255]).astype(np.uint8), cv2.COLOR_HSV2BGR)[0, 0].astype(float)
    yy, xx = np.mgrid[0:size, 0:size] / size
    grad = 1.0 + rng.uniform(-0.15, 0.15) * (xx - 0.5) + rng.uniform(-0.15, 0.15) * (yy - 0.5)
    img = base[None, None, :] * grad[..., None] + rng.normal(0, rng.uniform(1, 5), (size, size, 1))
    return img


def _scene_own(rng: np.random.Generator, ball_id: int, r: float, side: int, centre: np.ndarray) -> np.ndarray:
    """Cloth, shadows, the ball, maybe a neighbour and an occluder, drawn here (supersampled), float BGR."""
    ss = SUPERSAMPLE
    big = _cloth(rng, side * ss)
    light = rng.normal([0, 0, 1.0], [0.5, 0.5, 0.2])
    light /= np.linalg.norm(light)
    ambient = rng.uniform(0.3, 0.65)
    n_high = int(rng.integers(0, 4))
    balls = [(ball_id, centre)]
    if rng.random() < 0.35:  # touching / nearby neighbour (a rack, a cluster)
        ang = rng.uniform(0, 2 * np.pi)
        dist = 2 * r * rng.uniform(1.0, 1.4)
        balls.append((int(rng.integers(0, 16)), centre + dist * np.array([np.cos(ang), np.sin(ang)])))
    shadow_off = -light[:2] / max(light[2], 0.3) * r * 0.25
    for _bid, c in balls:  # soft contact shadows first
        mask = np.zeros(big.shape[:2], dtype=np.float32)
        cv2.circle(mask, tuple(int(v) for v in (c + shadow_off) * ss + ss / 2), int(r * ss * 1.05), 1.0, -1)
        mask = cv2.GaussianBlur(mask, (0, 0), r * ss * 0.3)
        big *= (1.0 - rng.uniform(0.3, 0.6) * mask)[..., None]
    for bid, c in balls:
        patch, cover = draw_ball_patch(rng, bid, r * ss, light, ambient, n_high)
        ph = patch.shape[0] // 2
        cx, cy = (int(round(v * ss + ss / 2)) for v in c)
        x0, y0 = cx - ph, cy - ph
        xs0, ys0 = max(x0, 0), max(y0, 0)
        xs1, ys1 = min(x0 + patch.shape[1], big.shape[1]), min(y0 + patch.shape[0], big.shape[0])
        if xs1 <= xs0 or ys1 <= ys0:
            continue
        p = patch[ys0 - y0:ys1 - y0, xs0 - x0:xs1 - x0]
        m = cover[ys0 - y0:ys1 - y0, xs0 - x0:xs1 - x0, None]
        big[ys0:ys1, xs0:xs1] = big[ys0:ys1, xs0:xs1] * (1 - m) + p * m
    _occlude(rng, big, centre * ss, r * ss)
    return cv2.resize(big.astype(np.float32), (side, side), interpolation=cv2.INTER_AREA)


def _scene_synth(rng: np.random.Generator, ball_id: int, r: float, side: int, centre: np.ndarray) -> np.ndarray:
    """The same scene drawn with the footage renderer (``cueref.synth.render.draw_ball``), float BGR."""
    from cueref.synth.render import draw_ball, random_orientation  # noqa: PLC0415 (training only)

    img = _cloth(rng, side).astype(np.float32)
    ids = [ball_id]
    centres = [centre]
    if rng.random() < 0.35:
        ang = rng.uniform(0, 2 * np.pi)
        ids.append(int(rng.integers(0, 16)))
        centres.append(centre + 2 * r * rng.uniform(1.0, 1.4) * np.array([np.cos(ang), np.sin(ang)]))
    for bid, c in zip(ids[::-1], centres[::-1], strict=True):
        blur = rng.normal(0, 0.4 * r, 2) if rng.random() < 0.2 else (0.0, 0.0)
        draw_ball(img, c, r, bid, orientation=random_orientation(rng), blur_px=blur, gain=rng.uniform(0.7, 1.2))
    _occlude(rng, img, centre, r)
    return img


def _occlude(rng: np.random.Generator, img: np.ndarray, centre: np.ndarray, r: float) -> None:
    """Sometimes cover part of the ball with a cue shaft, sleeve or hand (a half-plane), in place."""
    if rng.random() >= 0.12:
        return
    colour = np.array([(30, 60, 120), (20, 20, 20), (120, 160, 200), (90, 130, 190)][int(rng.integers(4))], float)
    ang = rng.uniform(0, np.pi)
    off = rng.uniform(0.5, 1.3) * r
    yy, xx = np.mgrid[0:img.shape[0], 0:img.shape[1]]
    d = (xx - centre[0]) * np.cos(ang) + (yy - centre[1]) * np.sin(ang)
    img[d > off] = colour


def _camera(rng: np.random.Generator, img: np.ndarray, r: float) -> np.ndarray:
    """Motion and focus blur, white balance and exposure, sensor noise, JPEG: float BGR in, uint8 out."""
    if rng.random() < 0.25:  # motion blur along a random direction
        length = int(rng.integers(2, max(3, int(1.0 * r))))
        k = np.zeros((length, length), np.float32)
        k[length // 2, :] = 1.0
        rot = cv2.getRotationMatrix2D(((length - 1) / 2, (length - 1) / 2), rng.uniform(0, 180), 1.0)
        k = cv2.warpAffine(k, rot, (length, length))
        img = cv2.filter2D(img, -1, k / max(k.sum(), 1e-6))
    sigma = rng.uniform(0.0, 1.0)
    if sigma > 0.3:
        img = cv2.GaussianBlur(img, (0, 0), sigma)
    img = img * rng.uniform(0.9, 1.1, 3) * rng.uniform(0.65, 1.25)  # white balance and exposure
    img = img + rng.normal(0, rng.uniform(0, 6), img.shape)
    img8 = np.clip(img, 0, 255).astype(np.uint8)
    if rng.random() < 0.6:
        _ok, enc = cv2.imencode(".jpg", img8, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(35, 96))])
        img8 = cv2.imdecode(enc, cv2.IMREAD_COLOR)
    return img8


def render_sample(rng: np.random.Generator, ball_id: int, size: int = CROP_SIZE, synth_share: float = 0.0
                  ) -> np.ndarray:
    """One training crop (size x size BGR uint8) of ``ball_id`` under randomly drawn conditions.

    ``synth_share`` is the probability of drawing the ball with the footage renderer instead of this module's.
    """
    r = float(rng.uniform(6.0, 20.0))  # apparent ball radius at image resolution, px
    canvas_half = int(np.ceil(r * CROP_MARGIN * 1.5)) + 4
    side = 2 * canvas_half + 1
    centre = np.array([canvas_half, canvas_half], dtype=float) + rng.uniform(-0.5, 0.5, 2)
    scene = _scene_synth if rng.random() < synth_share else _scene_own
    img8 = _camera(rng, scene(rng, ball_id, r, side, centre), r)
    est_centre = centre + rng.normal(0, 0.08 * r, 2)
    est_r = r * rng.uniform(0.9, 1.1)
    return crop_balls(img8, est_centre[None], np.array([est_r]), size=size)[0]


def render_set(seed: int, per_class: int, size: int = CROP_SIZE, synth_share: float = 0.0
               ) -> tuple[np.ndarray, np.ndarray]:
    """``per_class`` crops of each of the 16 ids from one seed: (16*per_class, size, size, 3), labels."""
    rng = np.random.default_rng(seed)
    labels = np.repeat(np.arange(16), per_class)
    rng.shuffle(labels)
    crops = np.stack([render_sample(rng, int(b), size, synth_share) for b in labels])
    return crops, labels
