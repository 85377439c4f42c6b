"""Announcement strings in English, Polish and Chinese.

Each ruleset module registers its own catalogue (key -> {lang: template}) with ``register``; templates use
``str.format`` fields. A missing language falls back to English, a missing key to the key itself, so a new foul
name never crashes an announcement (a test checks every key has all three languages).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

LANGUAGES = ("en", "pl", "zh")

_CATALOG: dict[str, dict[str, str]] = {}


def register(messages: Mapping[str, Mapping[str, str]]) -> None:
    """Add (or override) message templates."""
    for key, by_lang in messages.items():
        _CATALOG.setdefault(key, {}).update(by_lang)


def catalog() -> dict[str, dict[str, str]]:
    return {k: dict(v) for k, v in _CATALOG.items()}


def tr(key: str, lang: str = "en", **kwargs: Any) -> str:
    """The template for ``key`` in ``lang`` filled with ``kwargs``."""
    templates = _CATALOG.get(key)
    if templates is None:
        return key
    template = templates.get(lang) or templates.get("en") or key
    try:
        return template.format(**kwargs)
    except (KeyError, IndexError, ValueError):
        return template
