"""Search speed of the computer players: iterations and tree nodes per second, per game.

Run ``python benchmarks/bench_mcts.py`` (``--quick`` for a short run, ``--games churn gyre`` to
choose games). For each game on its default board, each search player (``uct``: plain UCT with
whole random playouts; ``mcts``: the strongest settings) searches the opening position and a
position 10 random turns in, for ``--seconds`` each, after its search has been compiled.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import parser, print_table

import hexarena
from hexarena.ai import Limit, MCTSPlayer, make_player
from hexarena.core import State


def position(game: hexarena.Game, turns: int, seed: int = 1) -> State:
    """The opening position after ``turns`` random turns (or fewer if the game ends)."""
    rng = random.Random(seed)
    st = game.new_initial_state()
    while st.turn < turns and not st.is_terminal():
        before = st.copy()
        st.apply(rng.choice(st.legal_actions()))
        if st.is_terminal():
            return before
    return st


def main() -> None:
    """Measure and print the table."""
    p = parser("MCTS search speed per game")
    p.add_argument(
        "--games",
        nargs="+",
        default=None,
        choices=hexarena.game_names(),
        help="games to measure (default: all)",
    )
    ns = p.parse_args()
    seconds = 0.3 if ns.quick else ns.seconds
    rows = []
    for name in ns.games or hexarena.game_names():
        game = hexarena.new_game(name)
        for player_name in ("uct", "mcts"):
            for turns in (0, 10):
                st = position(game, turns)
                player = make_player(player_name, seed=1)
                assert isinstance(player, MCTSPlayer)
                player.prepare(game)
                player.search(st, Limit(seconds=seconds))
                s = player.last_stats
                rows.append(
                    [
                        name,
                        game.option_text(),
                        player_name,
                        st.turn,
                        s["iterations"] / s["seconds"],
                        s["nodes"] / s["seconds"],
                    ]
                )
    print_table(
        f"MCTS search speed ({seconds:g} s a search)",
        ["game", "options", "player", "turn", "iterations/s", "nodes/s"],
        rows,
    )


if __name__ == "__main__":
    main()
