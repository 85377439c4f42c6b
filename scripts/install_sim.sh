#!/usr/bin/env bash
# Install the `sim` extra (pooltool physics for `cueref synth`) into the current Python environment.
#
# Why not `pip install cueref[sim]`: pooltool-billiards 0.6.0 pins panda3d==1.11.0.dev3702 on Linux, a
# development build PyPI does not carry, so pip silently falls back to pooltool 0.3.3 (a different API).
# The route that works: pooltool 0.6.0 with --no-deps, then its dependencies with panda3d from the 1.10 series
# (pooltool only needs panda3d for its 3-D viewer; the physics we use never opens a window).
# numba 0.62 (pooltool's kernels) needs numpy < 2.4, so pip may downgrade numpy in this environment:
# use a virtual environment (`python -m venv --system-site-packages .venv-sim`) if that matters to you.
#
# Idempotent: does nothing when pooltool 0.6.0 already imports. Usage: PYTHON=/path/to/python scripts/install_sim.sh
set -euo pipefail
PY="${PYTHON:-python}"

if "$PY" - <<'PYCHECK' 2>/dev/null; then
import importlib.metadata as m, sys
sys.exit(0 if m.version("pooltool-billiards") == "0.6.0" and m.version("imageio-ffmpeg") == "0.8.1" else 1)
PYCHECK
    if "$PY" -c "import pooltool" 2>/dev/null; then
        echo "pooltool-billiards 0.6.0 and imageio-ffmpeg 0.8.1 already installed for $PY"
        exit 0
    fi
fi

nice -n 10 "$PY" -m pip install --no-deps "pooltool-billiards==0.6.0"
nice -n 10 "$PY" -m pip install \
    "panda3d==1.10.16" "panda3d-gltf==1.3.0" "panda3d-simplepbr==0.13.1" \
    "numba==0.62.1" "llvmlite==0.45.1" "numpy>=1.26,<2.4" \
    "attrs>=21.3.0" "cattrs==26.2.1" "msgpack==1.2.4" "msgpack-numpy==0.4.8" "pyyaml>=5.2" "click>=8.0.0" \
    "pillow>=6.2.0" "h5py==3.16.0" "h11==0.16.0" "rich>=14.0.0,<15.0.0" "numpy-quaternion==2024.0.13" \
    "scipy>=1.12.0" "imageio-ffmpeg==0.8.1"

# Check, and warm numba's on-disk cache (pooltool compiles its kernels with cache=True: ~40 s the first time).
"$PY" - <<'PYCHECK'
import time
t0 = time.time()
import pooltool as pt
system = pt.System(cue=pt.Cue(cue_ball_id="cue"), table=pt.Table.default(),
                   balls=pt.get_rack(pt.GameType.NINEBALL, pt.Table.default()))
system.cue.set_state(V0=3.0, phi=pt.aim.at_ball(system, "1"))
pt.simulate(system, inplace=True)
print(f"pooltool {pt.__version__} OK; first simulation {time.time() - t0:.1f} s ({len(system.events)} events)")
PYCHECK
