"""The ``perfect`` player: plays a proven win wherever its solver finds one within its budget,
and the strong search (``mcts``) elsewhere (positions not proven, and positions proven lost,
where the search gives the best practical chance).

It keeps one solution table for the game between moves, and starts from a saved table when one
is found in the folder named by ``HEXARENA_SOLUTIONS`` (``GAME-OPTIONS.npz``, as
:func:`table_name` spells it; ``hexarena solve --table`` writes one).
"""

from __future__ import annotations

import os
from pathlib import Path

from ..core import Game, State
from ..solve import Solver
from .base import Limit, Player, register_player
from .mcts import LEVELS, MCTSPlayer

#: Positions the solver may search for one decision (shared among the actions) before the
#: player falls back on search.
NODE_BUDGET = 2_000_000
#: Memory of the player's table.
MEMORY_MB = 128


def table_name(game: Game) -> str:
    """The file name of a game's saved solution table."""
    opts = "-".join(f"{k}{v}" for k, v in sorted(game.record_tags().items()) if k != "board")
    return f"{game.name}{'-' + opts if opts else ''}.npz".replace("/", "_").replace(",", "_")


class PerfectPlayer(Player):
    """Proven wins from the solver, the strong search elsewhere (see the module)."""

    name = "perfect"

    def __init__(self, seed: int | None = None, node_budget: int = NODE_BUDGET) -> None:
        super().__init__(seed)
        settings, limit = LEVELS["mcts"]
        self.fallback = MCTSPlayer(seed, settings=settings, default_limit=limit, name="mcts")
        self.node_budget = node_budget
        self.solver: Solver | None = None
        #: Decisions played from a proof, and by the fallback search.
        self.proven_moves = 0
        self.searched_moves = 0

    def prepare(self, game: Game) -> None:
        """Make the game's table (loading a saved one when there is one) and the fallback."""
        if self.solver is None or self.solver.game != game:
            self.solver = Solver(game, MEMORY_MB)
            folder = os.environ.get("HEXARENA_SOLUTIONS")
            if folder:
                path = Path(folder) / table_name(game)
                if path.exists():
                    self.solver.load(path)
        self.fallback.prepare(game)

    def reset(self) -> None:
        """A new game: the table stays (it holds proofs), the search starts afresh."""
        self.fallback.reset()

    def choose(self, state: State, limit: Limit | None = None) -> int:
        """A proven winning action if the solver finds one within its budget, else the search's."""
        self.prepare(state.game)
        assert self.solver is not None
        per_action = max(1_000, self.node_budget // max(1, len(state.legal_actions())))
        action, _ = self.solver.best_action(state, node_limit=per_action)
        if action is not None:
            self.proven_moves += 1
            return action
        self.searched_moves += 1
        return self.fallback.choose(state, limit)


register_player("perfect", PerfectPlayer)
