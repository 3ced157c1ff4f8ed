"""The random player: a uniformly random legal action."""

from __future__ import annotations

import random

from ..core import GameOverError, State
from .base import Limit, Player, register_player


class RandomPlayer(Player):
    """Chooses uniformly among the legal actions (repeatable with a seed)."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self._rng = random.Random(seed)

    def choose(self, state: State, limit: Limit | None = None) -> int:
        """A uniformly random legal action."""
        legal = state.legal_actions()
        if not legal:
            raise GameOverError("the game is over; there is nothing to choose")
        return self._rng.choice(legal)

    def reset(self) -> None:
        """Restart the random sequence from the seed."""
        self._rng = random.Random(self.seed)


register_player("random", RandomPlayer)
