"""Manual corners by clicking: a self-contained HTML page that shows a frame and turns four clicks into a command.

Why a page and not a window: the default install uses opencv-python-headless (no highgui), and the referee runs
on machines without a display server; every machine with a user has a browser. The page needs no server and no
network: the frame is embedded as a JPEG data URI, and the clicks become the ``cueref calibrate ... --corners``
command line to copy, so the calibration itself still goes through the one tested code path.
"""

from __future__ import annotations

import base64
import html
import json
import shlex

import cv2
import numpy as np

from adjudicator.errors import SourceError

HEAD_CHOICES = ("", "left", "right", "top", "bottom")


def corner_page(image: np.ndarray, source: str, *, table: str = "9ft", quality: int = 90) -> str:
    """The picker page for one BGR frame of ``source`` (the source is only echoed into the command line)."""
    if image is None or image.ndim != 3 or image.shape[2] != 3 or image.size == 0:
        raise SourceError(f"{source}: no colour frame to show")
    ok, buf = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, int(quality)])
    if not ok:
        raise SourceError(f"{source}: the frame could not be encoded as JPEG")
    h, w = image.shape[:2]
    data = base64.b64encode(buf.tobytes()).decode("ascii")
    config = {"source": shlex.quote(str(source)), "table": table, "width": w, "height": h}
    return (_PAGE.replace("@@TITLE@@", html.escape(f"cueref corners: {source}"))
            .replace("@@CONFIG@@", json.dumps(config).replace("</", "<\\/"))
            .replace("@@IMAGE@@", data))


_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>@@TITLE@@</title>
<style>
body { font: 14px system-ui, sans-serif; margin: 12px; background: #222; color: #eee; }
#wrap { position: relative; display: inline-block; }
canvas { max-width: 100%; cursor: crosshair; display: block; }
#loupe { position: fixed; right: 12px; top: 12px; width: 200px; height: 200px; border: 2px solid #fc0;
         background: #000; pointer-events: none; }
code, textarea { font: 13px ui-monospace, monospace; }
textarea { width: 100%; height: 3.2em; background: #111; color: #9f9; border: 1px solid #555; }
button, select { font-size: 14px; margin-right: 6px; }
.hint { color: #bbb; }
</style></head><body>
<h3>Click the four corners of the playing surface where the cushion noses meet (any order)</h3>
<p class="hint">Zoom with the loupe at the top right. Backspace or <b>Undo</b> removes the last point.
Then pick where the head rail (the breaking end) is and copy the command.</p>
<p><button id="undo">Undo</button><button id="reset">Reset</button>
Head rail: <select id="head"><option value="">(find it automatically)</option><option>left</option>
<option>right</option><option>top</option><option>bottom</option></select>
<button id="copy">Copy command</button> <span id="count"></span></p>
<textarea id="cmd" readonly></textarea>
<div id="wrap"><canvas id="c"></canvas></div>
<canvas id="loupe" width="200" height="200"></canvas>
<script>
const CFG = @@CONFIG@@;
const img = new Image();
const c = document.getElementById('c'), g = c.getContext('2d');
const lp = document.getElementById('loupe'), lg = lp.getContext('2d');
let pts = [];
function toImage(ev) {
  const r = c.getBoundingClientRect();
  return [(ev.clientX - r.left) * c.width / r.width, (ev.clientY - r.top) * c.height / r.height];
}
function draw() {
  g.drawImage(img, 0, 0);
  g.lineWidth = Math.max(2, c.width / 800); g.strokeStyle = '#f33'; g.fillStyle = '#ff0';
  if (pts.length > 1) {
    g.beginPath(); g.moveTo(pts[0][0], pts[0][1]);
    for (const p of pts.slice(1)) g.lineTo(p[0], p[1]);
    if (pts.length === 4) g.closePath();
    g.stroke();
  }
  for (const p of pts) { g.beginPath(); g.arc(p[0], p[1], g.lineWidth * 3, 0, 7); g.fill(); }
  const head = document.getElementById('head').value;
  document.getElementById('count').textContent = pts.length + ' of 4 corners';
  let cmd = '';
  if (pts.length === 4) {
    const xy = pts.map(p => p[0].toFixed(1) + ',' + p[1].toFixed(1)).join(',');
    cmd = 'cueref calibrate ' + CFG.source + ' --corners ' + xy + (head ? ' --head ' + head : '') +
          (CFG.table !== '9ft' ? ' --table ' + CFG.table : '');
  }
  document.getElementById('cmd').value = cmd;
}
img.onload = () => { c.width = img.naturalWidth; c.height = img.naturalHeight; draw(); };
c.addEventListener('click', ev => { if (pts.length < 4) { pts.push(toImage(ev)); draw(); } });
c.addEventListener('mousemove', ev => {
  const [x, y] = toImage(ev), s = 25;
  lg.imageSmoothingEnabled = false;
  lg.drawImage(c, x - s, y - s, 2 * s, 2 * s, 0, 0, 200, 200);
  lg.strokeStyle = '#0ff'; lg.beginPath(); lg.moveTo(100, 0); lg.lineTo(100, 200); lg.moveTo(0, 100);
  lg.lineTo(200, 100); lg.stroke();
});
document.getElementById('undo').onclick = () => { pts.pop(); draw(); };
document.getElementById('reset').onclick = () => { pts = []; draw(); };
document.getElementById('head').onchange = draw;
document.addEventListener('keydown', ev => { if (ev.key === 'Backspace') { pts.pop(); draw(); ev.preventDefault(); } });
document.getElementById('copy').onclick = () => {
  const t = document.getElementById('cmd'); t.select();
  if (navigator.clipboard) navigator.clipboard.writeText(t.value); else document.execCommand('copy');
};
img.src = 'data:image/jpeg;base64,@@IMAGE@@';
</script></body></html>
"""
