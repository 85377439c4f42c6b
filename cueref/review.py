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
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import cv2

from adjudicator.errors import RecordError
from adjudicator.match import Match
from adjudicator.records import MatchRecord, Record, Shot, ShotEvent, dumps
from adjudicator.state import Ruling
from cueref import matchlog, pipeline
from cueref.diagram import ShotDiagram
from vision.types import BallObservations


@dataclass
class ReviewResult:
    """What a review produced, for the command line and for tests."""

    out_dir: Path
    shots: list[Shot]
    rulings: list[Ruling]
    header: MatchRecord
    problems: list[str] = field(default_factory=list)  # shots or declarations the rules could not accept
    files: list[Path] = field(default_factory=list)


def _header(calls: matchlog.CallsFile | None, game: str | None, players: Sequence[str] | None) -> MatchRecord:
    if calls is not None and calls.match is not None:
        return calls.match
    names = list(players or ("Player 1", "Player 2"))
    return MatchRecord.from_dict({"type": "match", "game": game or "straight-pool", "players": names,
                                  "breaker": names[0]})


class Referee:
    """Judges shots as the tracker delivers them, and tells the tracker which balls the rules left on the table.

    A shot the rules cannot accept (a ball that is not on the table, a shot while a choice is open) is not
    judged: it is listed in ``problems`` for a human to look at, and the match goes on from the state before it.
    """

    def __init__(self, weave: matchlog.Interleaver, file: str, lang: str, default_choice: str | None) -> None:
        self.weave = weave
        self.match = Match(file=file, lang=lang, default_choice=default_choice)
        self.log: list[tuple[int, Record]] = []
        self.rulings: list[Ruling] = []
        self.problems: list[str] = []
        self.file = file
        self._feed(weave.preamble(), fatal=True)

    def _feed(self, records: Sequence[tuple[int, Record]], fatal: bool = False) -> None:
        for line, rec in records:
            try:
                self.rulings.extend(self.match.feed(rec, line))
            except RecordError as exc:
                if fatal:
                    raise
                where = f"shot {rec.shot}" if isinstance(rec, Shot) else f"{self.file} line {line}"
                self.problems.append(f"{where} not judged: {exc.message}")
                continue
            self.log.append((line, rec))

    def shot(self, shot: Shot) -> None:
        self._feed(self.weave.around(shot))

    def balls_on_table(self) -> set[int] | None:
        state = self.match.state
        return None if state is None else {0, *state.balls}


def run_review(video: str, out_dir: str | Path, *, calls_path: str | None = None, calibration: str | None = None,
               head: str | None = None, game: str | None = None, players: Sequence[str] | None = None,
               lang: str = "en", default_choice: str | None = "first",
               on_shot: Callable[[Shot], None] | None = None,
               observations: Iterable[BallObservations] | None = None) -> ReviewResult:
    """Calibrate, track and judge shot by shot, then write the review folder.

    ``observations`` are the detector's output for ``video`` made earlier (``cueref detect``, a bench's cache),
    so that tracking and rules can be re-run without the slow detection; None detects here.
    """
    out = Path(out_dir)
    calls = matchlog.read_calls(calls_path) if calls_path else None
    header = _header(calls, game, players)
    referee = Referee(matchlog.Interleaver(calls, header), calls_path or "match.jsonl", lang, default_choice)
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

    def judged(shot: Shot) -> set[int] | None:
        referee.shot(shot)
        if on_shot is not None:
            on_shot(shot)
        return referee.balls_on_table()

    obs = pipeline.observe(video, cal) if observations is None else observations
    shots = pipeline.track(obs, cal, header.game, balls=referee.balls_on_table(),
                           after_shot=judged)
    leftover = referee.weave.leftover()
    if leftover:
        referee.problems.append(f"{len(leftover)} declaration(s) in the calls file came after the last shot seen")
    save("shots.jsonl", "".join(dumps(s) + "\n" for s in shots))
    save("match.jsonl", "".join(dumps(r) + "\n" for _, r in referee.log))
    save("rulings.jsonl", "".join(dumps(r.to_dict()) + "\n" for r in referee.rulings))
    diagram = ShotDiagram(cal.geometry)
    for s in shots:
        ok, png = cv2.imencode(".png", diagram.draw(s, caption=f"shot {s.shot}"))
        if ok:
            save(f"shots/shot_{s.shot:03d}.png", png.tobytes())
    result = ReviewResult(out, shots, referee.rulings, header, referee.problems, files)
    save("report.html", render_html(result, video))
    return result


def _event_text(e: ShotEvent) -> str:
    d = e.to_dict()
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
    stopped = "".join(f"<p class='review'>{h(p)}</p>" for p in result.problems)
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


__all__ = ["Referee", "ReviewResult", "run_review", "render_html"]
