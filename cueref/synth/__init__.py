"""Synthetic match footage with exact ground truth (issue 3): physics, scenarios, renderer, clip writer.

The renderer needs only numpy and OpenCV; the physics (``cueref.synth.physics``) needs the ``sim`` extra
(pooltool, see scripts/install_sim.sh). See docs/SYNTH.md for the API.
"""

from __future__ import annotations

from cueref.synth.camera import RESOLUTIONS, CameraModel
from cueref.synth.render import (
    BALL_COLOURS,
    CLOTH_COLOURS,
    Occluder,
    RenderStyle,
    TableScene,
    ball_colour,
    draw_ball,
    orientation_matrix,
    random_orientation,
    render_frame,
)

__all__ = [
    "BALL_COLOURS", "CLOTH_COLOURS", "RESOLUTIONS", "CameraModel", "Occluder", "RenderStyle", "TableScene",
    "ball_colour", "draw_ball", "orientation_matrix", "random_orientation", "render_frame",
]
