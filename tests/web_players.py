"""Computer players for the web tests, registered in the app's worker processes.

A pool started with ``imports=("tests.web_players",)`` has the ``slow`` player; the test process
registers it only for the test that needs it (``monkeypatch``), so that no other test sees it.
"""

from __future__ import annotations

import time

from hexarena.ai import Limit, Player
from hexarena.ai.base import register_player
from hexarena.core import State


class SlowPlayer(Player):
    """Thinks for ten minutes before each action (so a test can cancel it while it thinks)."""

    name = "slow"

    def choose(self, state: State, limit: Limit | None = None) -> int:
        time.sleep(600)
        return state.legal_actions()[0]


register_player("slow", SlowPlayer)


class GreedyPlayer(Player):
    """Asks for more memory than any worker may have (to show the cap holds)."""

    name = "greedy"

    def choose(self, state: State, limit: Limit | None = None) -> int:
        hoard = bytearray(64 << 30)
        return len(hoard) and state.legal_actions()[0]


register_player("greedy", GreedyPlayer)


class NapPlayer(Player):
    """Thinks for half a second before each action."""

    name = "nap"

    def choose(self, state: State, limit: Limit | None = None) -> int:
        time.sleep(0.5)
        return state.legal_actions()[0]


register_player("nap", NapPlayer)
