"""What every lesson module shares: the type of a lesson and how its moves are written."""

from __future__ import annotations

from typing import Any

#: A game's teaching content (see :mod:`hexarena.web.lessons` for its keys).
Lesson = dict[str, Any]


def turns(text: str) -> list[str]:
    """The turns of a game written one after another, separated by spaces."""
    return text.split()
