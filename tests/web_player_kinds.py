"""Computer players for the web tests: their classes, registered by no one here.

A pool started with ``imports=("tests.web_players",)`` has them registered in its workers; the
tests' own process registers one only for the test that needs it (``monkeypatch``), so that no
other test sees it.
"""

from __future__ import annotations

import time

from hexarena.ai import Limit, Player
from hexarena.core import State


class SlowPlayer(Player):
    """Thinks for ten minutes before each action (so a test can cancel it while it thinks)."""

    name = "slow"

    def choose(self, state: State, limit: Limit | None = None) -> int:
        time.sleep(600)
        return state.legal_actions()[0]


class GreedyPlayer(Player):
    """Asks for more memory than any worker may have (to show the cap holds)."""

    name = "greedy"

    def choose(self, state: State, limit: Limit | None = None) -> int:
        hoard = bytearray(64 << 30)
        return len(hoard) and state.legal_actions()[0]


class NapPlayer(Player):
    """Thinks for half a second before each action."""

    name = "nap"

    def choose(self, state: State, limit: Limit | None = None) -> int:
        time.sleep(0.5)
        return state.legal_actions()[0]
