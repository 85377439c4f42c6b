"""The rules adjudicator: match logs in, rulings out. Standard library only, so any log can be replayed anywhere."""

from adjudicator.errors import ConfigError, CuerefError, RecordError

__all__ = ["ConfigError", "CuerefError", "RecordError"]
