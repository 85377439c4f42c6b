"""Synthetic match footage with exact ground truth (issue 3): physics, scenarios, renderer, clip writer.

The renderer needs only numpy and OpenCV; the physics (``simulate_shot``, ``simulate_scenario``) needs the
``sim`` extra (pooltool 0.6.0, see scripts/install_sim.sh). The API below is stable: docs/SYNTH.md.
"""

from __future__ import annotations

from cueref.synth.camera import RESOLUTIONS, CameraModel
from cueref.synth.clip import SynthClip, make_camera, render_clip, simulate_scenario
from cueref.synth.motion import Motion
from cueref.synth.physics import ShotSim, Strike, simulate_shot
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
from cueref.synth.scenarios import SCENARIOS, SUITES, Scenario, get_scenario
from cueref.synth.timeline import Timeline

__all__ = [
    "BALL_COLOURS", "CLOTH_COLOURS", "RESOLUTIONS", "SCENARIOS", "SUITES", "CameraModel", "Motion", "Occluder",
    "RenderStyle", "Scenario", "ShotSim", "Strike", "SynthClip", "TableScene", "Timeline", "ball_colour", "draw_ball",
    "get_scenario", "make_camera", "orientation_matrix", "random_orientation", "render_clip", "render_frame",
    "simulate_scenario", "simulate_shot",
]
