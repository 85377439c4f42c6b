"""Reviewing a recorded match: every shot, its events and its ruling, as files a person can open.

A review folder holds:
  calibration.json / calibration.png   the table found in the footage, drawn over a frame
  shots.jsonl                           the tracker's shot records (SCHEMA.md)
  match.jsonl                           the match log that was judged (header, declarations, shots)
  rulings.jsonl                         one ruling per shot (and per later decision)
  shots/shot_NNN.png                    a diagram of each shot
  report.html                           all of the above on one page
Every file is written whole or not at all.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import cv2

from adjudicator.errors import CuerefError, RecordError
from adjudicator.match import Match
from adjudicator.records import MatchRecord, Record, Shot, dumps
from adjudicator.state import Ruling
from cueref import matchlog, pipeline
from cueref.diagram import ShotDiagram


@dataclass
class ReviewResult:
    """What a review produced, for the command line and for tests."""

    out_dir: Path
    shots: list[Shot]
    rulings: list[Ruling]
    header: MatchRecord
    stopped: str | None = None  # why judging stopped early, if it did
    files: list[Path] = field(default_factory=list)


def _header(calls: matchlog.CallsFile | None, game: str | None, players: Sequence[str] | None) -> MatchRecord:
    if calls is not None and calls.match is not None:
        return calls.match
    names = list(players or ("Player 1", "Player 2"))
    return MatchRecord.from_dict({"type": "match", "game": game or "straight-pool", "players": names,
                                  "breaker": names[0]})


def judge(records: Sequence[tuple[int, Record]], file: str, lang: str,
          default_choice: str | None) -> tuple[list[Ruling], str | None]:
    """Judge as far as the log allows; a problem stops judging (with the reason) instead of losing the review."""
    m = Match(file=file, lang=lang, default_choice=default_choice)
    rulings: list[Ruling] = []
    for line, rec in records:
        try:
            rulings.extend(m.feed(rec, line))
        except RecordError as exc:
            where = f"shot {rec.shot}" if isinstance(rec, Shot) else f"{file} line {line}"
            return rulings, f"judging stopped at {where}: {exc.message}"
    return rulings, None


def run_review(video: str, out_dir: str | Path, *, calls_path: str | None = None, calibration: str | None = None,
               head: str | None = None, game: str | None = None, players: Sequence[str] | None = None,
               lang: str = "en", default_choice: str | None = "first",
               on_shot: Callable[[Shot], None] | None = None) -> ReviewResult:
    """Calibrate, track, judge and write the review folder."""
    out = Path(out_dir)
    calls = matchlog.read_calls(calls_path) if calls_path else None
    header = _header(calls, game, players)
    cal = pipeline.calibrate(video, calibration, head)
    files: list[Path] = []

    def save(name: str, data: str | bytes) -> None:
        pipeline.write_atomically(out / name, data)
        files.append(out / name)

    save("calibration.json", json.dumps(cal.to_dict(), indent=2))
    from vision.io import first_frame
    from vision.overlay import draw_calibration

    ok, png = cv2.imencode(".png", draw_calibration(first_frame(video).image, cal))
    if ok:
        save("calibration.png", png.tobytes())
    shots = pipeline.track(pipeline.observe(video, cal), cal, header.game, on_shot=on_shot)
    save("shots.jsonl", "".join(dumps(s) + "\n" for s in shots))
    log = matchlog.merge(calls, shots, header)
    save("match.jsonl", "".join(dumps(r) + "\n" for _, r in log))
    rulings, stopped = judge(log, calls_path or "match.jsonl", lang, default_choice)
    save("rulings.jsonl", "".join(dumps(r.to_dict()) + "\n" for r in rulings))
    diagram = ShotDiagram(cal.geometry)
    for s in shots:
        ok, png = cv2.imencode(".png", diagram.draw(s, caption=f"shot {s.shot}"))
        if ok:
            save(f"shots/shot_{s.shot:03d}.png", png.tobytes())
    result = ReviewResult(out, shots, rulings, header, stopped, files)
    save("report.html", render_html(result, video))
    return result


def _event_text(e: object) -> str:
    d = e.to_dict()  # type: ignore[attr-defined]
    parts = [f"{d['t']:.3f}s {d['type']}"]
    for key in ("balls", "ball", "rail", "pocket"):
        if key in d:
            parts.append(f"{key}={d[key]}")
    if "confidence" in d:
        parts.append(f"({d['confidence']:.2f})")
    return " ".join(parts)


def render_html(result: ReviewResult, video: str) -> str:
    """One self-contained page (images referenced beside it)."""
    h = html.escape
    by_shot: dict[int, list[Ruling]] = {}
    for r in result.rulings:
        by_shot.setdefault(r.shot, []).append(r)
    last = result.rulings[-1] if result.rulings else None
    scores = ", ".join(f"{h(p)} {v}" for p, v in (last.scores.items() if last else []))
    rows = []
    for s in result.shots:
        rulings = by_shot.get(s.shot, [])
        events = "<br>".join(h(_event_text(e)) for e in s.events)
        calls = "".join(
            f"<p class='{'review' if r.review else ''}'>{'<b>Decision:</b> ' + h(r.decision) + '. ' if r.decision else ''}"
            f"{h(r.announcement)}</p>" for r in rulings) or "<p><i>not judged</i></p>"
        conf = f"{s.confidence:.2f}" if s.confidence is not None else "—"
        rows.append(
            f"<section id='shot{s.shot}'><h2>Shot {s.shot} <small>{s.t_start:.2f}–{s.t_end:.2f} s, "
            f"confidence {conf}</small></h2><div class='row'><img src='shots/shot_{s.shot:03d}.png' alt='shot "
            f"{s.shot} diagram'><div><h3>Ruling</h3>{calls}<h3>Events</h3><p class='ev'>{events or '—'}</p>"
            f"</div></div></section>")
    stopped = f"<p class='review'>{h(result.stopped)}</p>" if result.stopped else ""
    return f"""<!doctype html><html><head><meta charset="utf-8"><title>cueref review: {h(Path(video).name)}</title>
<style>body{{font-family:sans-serif;margin:2em;background:#fafafa}} .row{{display:flex;gap:1.5em;align-items:flex-start}}
img{{max-width:60%;border:1px solid #ccc}} .ev{{font-family:monospace;font-size:90%}} .review{{color:#b00}}
section{{border-top:1px solid #ddd;margin-top:1em}}</style></head><body>
<h1>cueref review: {h(Path(video).name)}</h1>
<p>Game: {h(result.header.game)}; players: {h(' vs '.join(result.header.players))};
shots seen: {len(result.shots)}; final scores: {scores or '—'}.</p>{stopped}
<p><a href="calibration.png">calibration</a> · <a href="shots.jsonl">shots.jsonl</a> ·
<a href="match.jsonl">match.jsonl</a> · <a href="rulings.jsonl">rulings.jsonl</a></p>
{''.join(rows)}</body></html>
"""


__all__ = ["ReviewResult", "run_review", "render_html", "judge", "CuerefError"]
