"""Put tracked shots and the players' declarations into one match log.

The camera sees shots; it does not hear calls. A *calls file* holds what people said: the `match` header,
`call`, `choice`, `referee` and `state` records. Two ways to say which shot a declaration belongs to:

- the calls file holds `shot` records as slots (a ground-truth log from `cueref synth`, or a log written by
  hand with placeholders): the k-th tracked shot replaces the k-th slot, so every record keeps its place;
- or records carry `"shot": n`: a `call` or `choice` with `"shot": n` goes just before tracked shot n.
  Records with neither go first, in file order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from adjudicator.errors import RecordError
from adjudicator.records import MatchRecord, Record, Shot, parse_record, read_json_lines


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
    for lineno, raw in read_json_lines(path):
        if isinstance(raw, dict) and raw.get("type") == "shot" and "events" not in raw:
            n = raw.get("shot")
            slot = Shot(shot=n if isinstance(n, int) and not isinstance(n, bool) else 0, t_start=0.0, t_end=0.0,
                        before={}, after={}, events=())
            entries.append((lineno, slot, raw))
            continue
        try:
            entries.append((lineno, parse_record(raw), raw))
        except RecordError as exc:
            raise exc.located(file=path, line=lineno) from None
    return CallsFile(path=path, entries=tuple(entries))


class Interleaver:
    """Hands out the calls file's records around each tracked shot as it arrives (live or recorded).

    ``preamble()`` gives what comes before the first shot; ``around(shot)`` the shot with the declarations that
    belong to it, in log order. Slots beyond the tracked shots are never reached; ``leftover()`` gives the
    declarations not yet handed out (a recorded match where the camera saw fewer shots than the log expects).
    """

    def __init__(self, calls: CallsFile | None, header: MatchRecord) -> None:
        entries = calls.entries if calls is not None else ()
        self._slots = calls is not None and calls.has_slots
        self._head: list[tuple[int, Record]] = [] if calls is not None and calls.match else [(0, header)]
        self._blocks: list[list[tuple[int, Record]]] = []  # slot mode: declarations after slot k
        self._keyed: dict[int, list[tuple[int, Record]]] = {}  # keyed mode: declarations before shot n
        self._k = 0
        for line, rec, raw in entries:
            if self._slots:
                if isinstance(rec, Shot):
                    self._blocks.append([])
                elif self._blocks:
                    self._blocks[-1].append((line, rec))
                else:
                    self._head.append((line, rec))
                continue
            n = raw.get("shot") if raw.get("type") in ("call", "choice") else None
            if isinstance(n, int) and not isinstance(n, bool):
                self._keyed.setdefault(n, []).append((line, rec))
            else:
                self._head.append((line, rec))

    def preamble(self) -> list[tuple[int, Record]]:
        return list(self._head)

    def around(self, shot: Shot) -> list[tuple[int, Record]]:
        if self._slots:
            block = self._blocks[self._k] if self._k < len(self._blocks) else []
            self._k += 1
            return [(0, shot), *block]
        return [*self._keyed.pop(shot.shot, []), (0, shot)]

    def leftover(self) -> list[tuple[int, Record]]:
        if self._slots:
            return [r for block in self._blocks[self._k:] for r in block]
        return [r for n in sorted(self._keyed) for r in self._keyed[n]]


def merge(calls: CallsFile | None, shots: Sequence[Shot], header: MatchRecord) -> list[tuple[int, Record]]:
    """The whole match log at once: (line in the calls file or 0, record). Tracked shots keep their numbers.

    Slots beyond the tracked shots are dropped together with the declarations after them (the camera saw
    fewer shots than the log expects); tracked shots beyond the slots are appended.
    """
    weave = Interleaver(calls, header)
    out = weave.preamble()
    for s in shots:
        out.extend(weave.around(s))
    return out
