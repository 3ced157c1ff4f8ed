"""The ``perfect`` player: plays a proven win wherever its solver finds one within its budget,
and the strong search (``mcts``) elsewhere (positions not proven, and positions proven lost,
where the search gives the best practical chance).

It keeps one solution table for the game between moves, and starts from a saved table when one
is found in the folder named by ``HEXARENA_SOLUTIONS`` (``GAME-OPTIONS.npz``, as
:func:`table_name` spells it; ``hexarena solve --table`` writes one), or else among the tables
that come with the package (``hexarena/data/solution-GAME-OPTIONS.npz``). Its :meth:`analyse`
gives the search's hints with the proven value of every action the solver settles.
"""

from __future__ import annotations

import os
import threading
from dataclasses import replace
from pathlib import Path

from ..core import Game, State
from ..solve import Solver
from .base import Hint, Limit, Player, register_player
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


def table_path(game: Game) -> Path | None:
    """The saved solution table of ``game``: in ``$HEXARENA_SOLUTIONS`` if there is one there,
    else among the package's own; ``None`` when there is none."""
    folder = os.environ.get("HEXARENA_SOLUTIONS")
    if folder:
        path = Path(folder) / table_name(game)
        if path.exists():
            return path
    path = Path(__file__).resolve().parent.parent / "data" / f"solution-{table_name(game)}"
    return path if path.exists() else None


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
            path = table_path(game)
            if path is not None:
                self.solver.load(path)
        self.fallback.prepare(game)

    def watch(self, stop: threading.Event | None) -> None:
        """Let ``stop`` end the fallback search early (see :meth:`Player.watch`)."""
        super().watch(stop)
        self.fallback.watch(stop)

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

    def analyse(self, state: State, limit: Limit | None = None, *, top: int = 5) -> list[Hint]:
        """The search's hints, each with its proven value (``"win"`` or ``"loss"`` for the
        player to act) where the solver settles it within its budget; proven wins first."""
        self.prepare(state.game)
        assert self.solver is not None
        hints = self.fallback.analyse(state, limit, top=1 << 20)
        seat = state.current_player
        per_action = max(1_000, self.node_budget // max(1, len(hints)))
        out = []
        for h in hints:
            if h.proven is None:
                st = state.copy()
                st.apply(h.action)
                if st.is_terminal():
                    o = st.outcome()
                    h = replace(h, proven="win" if o is not None and o.winner == seat else "loss")
                else:
                    v = self.solver.value(st, node_limit=per_action)
                    if v is not None:
                        won = v == (st.current_player == seat)
                        h = replace(h, proven="win" if won else "loss")
            out.append(h)
        order = {"win": 0, None: 1, "loss": 2}
        out.sort(key=lambda h: order[h.proven])
        return out[:top]


register_player("perfect", PerfectPlayer)
