"""What the web app says to teach each game: rules pages, option notes and guided first games.

Plain data, in this project's own words, one module per game. Every board picture is a
*diagram*: the game's options and a list of moves that :mod:`hexarena.web.teaching` plays through
the engine, then draws with what ``show`` asks for (``legal`` cells, the ``last`` turn, Throngs'
``potentials``, the game's ``outcome``).

A guided first game (``guide``) is a list of steps; each step is a position given the same way
(``moves``; the last may be a turn begun but not finished, and a step may jump ahead of the one
before it) and says:

- ``ask``: what the player is asked to do, in plain words;
- ``expect``: actions the turn's first action may be (cells, or a special such as ``swap``);
  empty means any legal turn;
- ``strict`` (optional): only the turn ``answer`` is accepted, when the explanation holds for it
  alone;
- ``refuse`` (optional): what the player is asked to try first so that the engine's refusal is
  shown: a cell, or a list of actions clicked in order of which the last is refused;
- ``answer``: a turn that the step accepts, written as the game writes moves (the tests play it,
  and it leads to the next step's position when that step carries on from this one);
- ``done``: what to say once the turn is made: what just happened and why.

A lesson may also give ``highlight_words``: for each list of cells that the game's outcome
outlines on the board (Gyre's ``group`` and ``owned``), the words of the legend drawn beside it.
"""

from __future__ import annotations

from .base import Lesson
from .china_grove import CHINA_GROVE
from .churn import CHURN
from .gyre import GYRE
from .scrunch import SCRUNCH
from .throngs import THRONGS

__all__ = ["COMMON_NOTES", "LESSONS", "Lesson"]

LESSONS: dict[str, Lesson] = {
    "churn": CHURN,
    "gyre": GYRE,
    "throngs": THRONGS,
    "scrunch": SCRUNCH,
    "china-grove": CHINA_GROVE,
}

#: Options that appear on every game's page, explained once.
COMMON_NOTES = {
    "pie": "The swap (pie rule): in Churn, Gyre and China Grove the second player may, on "
    "their first turn only, take over the first player's opening instead of answering it. "
    "It keeps the first player from making the strongest possible opening.",
}
