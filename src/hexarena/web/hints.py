"""How long the computer thinks for a hint, and how many hints it works out at once.

A hint is a search in one of the server's worker processes (:mod:`hexarena.web.workers`), the
same workers that play the computer's moves. Its budget grows with the board (a side-3 Churn
board of 19 cells needs far less than a Throngs board of 150), from :data:`MIN_SECONDS` to
:data:`MAX_SECONDS` and from :data:`MIN_ITERATIONS` to :data:`MAX_ITERATIONS`, whichever runs
out first, so no hint holds a worker longer than :data:`MAX_SECONDS`.

:class:`HintGate` bounds the hints being worked out: one per game at a time, and at most one
fewer than the workers over all games (at least one), so a worker is always left for the
computer's moves and a crowd asking for hints cannot queue up work for minutes. A hint past
either bound is refused at once, with a message and ``Retry-After``, rather than queued.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from .bounds import RequestRefused

#: Seconds of thinking a cell of the board gives a hint, and the bounds of a hint's time.
SECONDS_PER_CELL = 0.01
MIN_SECONDS = 0.25
MAX_SECONDS = 2.0
#: Search iterations a cell gives a hint, and their bounds (whichever of time and iterations
#: runs out first ends the search).
ITERATIONS_PER_CELL = 200
MIN_ITERATIONS = 2_000
MAX_ITERATIONS = 50_000
#: Seconds a refused hint is told to wait before asking again.
RETRY_AFTER = 2


def hint_budget(cells: int) -> dict[str, Any]:
    """The thinking limit of a hint on a board of ``cells`` cells, as a job carries it
    (``seconds`` and ``iterations``, the fields of :class:`hexarena.ai.Limit`)."""
    seconds = min(MAX_SECONDS, max(MIN_SECONDS, cells * SECONDS_PER_CELL))
    iterations = min(MAX_ITERATIONS, max(MIN_ITERATIONS, cells * ITERATIONS_PER_CELL))
    return {"seconds": round(seconds, 3), "iterations": int(iterations)}


class HintGate:
    """The hints being worked out: at most one per game and :attr:`most` in all (see the
    module). Used from the server's event loop only, so it needs no lock."""

    def __init__(self, workers: int) -> None:
        #: Hints worked out at once over all games: one fewer than the workers, at least one.
        self.most = max(1, workers - 1)
        self.running: set[str] = set()

    @contextlib.contextmanager
    def admit(self, game_id: str) -> Iterator[None]:
        """Hold a place for a hint of game ``game_id`` while the block runs; refuse it (429 if
        its game has one under way, 503 if the server has as many as it takes) otherwise."""
        retry = {"Retry-After": str(RETRY_AFTER)}
        if game_id in self.running:
            raise RequestRefused(
                429, "the computer is still working out a hint for this game: wait for it", retry
            )
        if len(self.running) >= self.most:
            raise RequestRefused(
                503,
                f"the computer is working out {len(self.running)} other hint(s), as many as it "
                f"takes at once: ask again in {RETRY_AFTER} seconds",
                retry,
            )
        self.running.add(game_id)
        try:
            yield
        finally:
            self.running.discard(game_id)
