"""Put tracked shots and the players' declarations into one match log.

The camera sees shots; it does not hear calls. A *calls file* holds what people said: the `match` header,
`call`, `choice`, `referee` and `state` records. Two ways to say which shot a declaration belongs to:

- the calls file holds `shot` records as slots (a ground-truth log from `cueref synth`, or a log written by
  hand with placeholders): the k-th tracked shot replaces the k-th slot, so every record keeps its place;
- or records carry `"shot": n`: a `call` or `choice` with `"shot": n` goes just before tracked shot n.
  Records with neither go first, in file order.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from adjudicator.errors import RecordError
from adjudicator.records import MatchRecord, Record, Shot, parse_record


@dataclass(frozen=True)
class CallsFile:
    """The parsed calls file: records with their line numbers, and the raw ``shot`` keys."""

    path: str
    entries: tuple[tuple[int, Record, dict[str, Any]], ...]

    @property
    def match(self) -> MatchRecord | None:
        for _, rec, _ in self.entries:
            if isinstance(rec, MatchRecord):
                return rec
        return None

    @property
    def has_slots(self) -> bool:
        return any(isinstance(rec, Shot) or raw.get("type") == "shot" for _, rec, raw in self.entries)


def read_calls(path: str) -> CallsFile:
    """Read a calls file; a `shot` record may be a bare slot (``{"type": "shot"}``) here."""
    entries: list[tuple[int, Record, dict[str, Any]]] = []
    try:
        fh = open(path, encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot read: {exc.strerror}", file=path) from None
    with fh:
        for lineno, raw_line in enumerate(fh, start=1):
            text = raw_line.strip()
            if not text or text.startswith("#"):
                continue
            try:
                raw = json.loads(text)
            except json.JSONDecodeError as exc:
                raise RecordError(f"not valid JSON ({exc.msg} at column {exc.colno})", file=path,
                                  line=lineno) from None
            if isinstance(raw, dict) and raw.get("type") == "shot" and "events" not in raw:
                slot = Shot(shot=int(raw.get("shot", 0) or 0), t_start=0.0, t_end=0.0, before={}, after={},
                            events=())
                entries.append((lineno, slot, raw))
                continue
            try:
                entries.append((lineno, parse_record(raw), raw))
            except RecordError as exc:
                raise exc.located(file=path, line=lineno) from None
    return CallsFile(path=path, entries=tuple(entries))


def merge(calls: CallsFile | None, shots: Sequence[Shot], header: MatchRecord) -> list[tuple[int, Record]]:
    """The match log: (line in the calls file or 0, record). Tracked shots keep their own numbers.

    Slots beyond the tracked shots are dropped together with the declarations after them (the camera saw
    fewer shots than the log expects); tracked shots beyond the slots are appended.
    """
    out: list[tuple[int, Record]] = []
    if calls is None or not calls.entries:
        out.append((0, header))
        out.extend((0, s) for s in shots)
        return out
    if calls.match is None:
        out.append((0, header))
    if calls.has_slots:
        k = 0
        for line, rec, _raw in calls.entries:
            if isinstance(rec, Shot):
                if k >= len(shots):
                    break
                out.append((0, shots[k]))
                k += 1
            else:
                out.append((line, rec))
        out.extend((0, s) for s in shots[k:])
        return out
    before_shot: dict[int, list[tuple[int, Record]]] = {}
    for line, rec, raw in calls.entries:
        n = raw.get("shot") if raw.get("type") in ("call", "choice") else None
        if isinstance(n, int) and not isinstance(n, bool):
            before_shot.setdefault(n, []).append((line, rec))
        else:
            out.append((line, rec))
    for s in shots:
        out.extend(before_shot.pop(s.shot, []))
        out.append((0, s))
    return out
