"""One error root for the whole project.

It lives in the adjudicator because that package has no dependencies: every other package may import it.
"""

from __future__ import annotations


class CuerefError(Exception):
    """A problem a user can act on; the CLI prints it as one line and exits with code 2."""


class RecordError(CuerefError):
    """A malformed or impossible record in a match log or shot file."""

    def __init__(self, message: str, *, file: str | None = None, line: int | None = None,
                 field: str | None = None) -> None:
        self.message = message
        self.file = file
        self.line = line
        self.field = field
        super().__init__(self.__str__())

    def located(self, *, file: str | None = None, line: int | None = None) -> RecordError:
        """The same error with the file and line filled in (the parser knows them, the validator does not)."""
        return RecordError(self.message, file=file or self.file, line=line or self.line, field=self.field)

    def __str__(self) -> str:
        where = []
        if self.file:
            where.append(self.file)
        if self.line is not None:
            where.append(f"line {self.line}")
        if self.field:
            where.append(f"field '{self.field}'")
        prefix = ": ".join([":".join(where[:2])] + where[2:]) if where else ""
        return f"{prefix}: {self.message}" if prefix else self.message


class ConfigError(CuerefError):
    """A bad option, setting or command-line value."""


class CalibrationError(CuerefError):
    """The table could not be found or mapped."""


class SourceError(CuerefError):
    """A video, image or camera that cannot be read."""
