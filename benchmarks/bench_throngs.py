"""Throngs benchmark: random playouts per second on the original and large boards.

Run ``python benchmarks/bench_throngs.py`` (``--quick`` for a short run). Each playout starts
from the sheet's set-up (random placements and colour choice) and picks uniformly among the
legal actions at every decision (the compiled ``playout`` kernel: a uniform legal site, then a
uniform destination or ``stop``). Some random games never end (the rules allow endless capture
and dispatch cycles, even with ``no_stalling``; ``docs/games/throngs.md`` gives how often),
so every playout needs a cap. Each row is measured twice: with the cap plain UCT puts on its
random simulations (100 actions per site: 9,300 on the original board, about 20 times the
longest game that ends), and with self-play's cap of 100,000 actions, where each endless game
costs as much as some 300 others. Capped games are counted and shown. ``playouts/s`` is by the
wall clock; ``per CPU s`` is by the process's processor time, which a busy machine disturbs
less.
"""

from __future__ import annotations

import time

import numpy as np
from common import parser, print_table

import hexarena
from hexarena.ai.plugins import plugin_for
from hexarena.core import H_PLAYER, H_TURN, Game
from hexarena.rng import make_rng
from hexarena.selfplay import warm_up

#: Self-play's cap (``Throngs.selfplay_cap``).
CAP = 100_000


def time_capped_playouts(
    game: Game, seconds: float, *, cap: int = CAP, seed: int = 1
) -> dict[str, float]:
    """Complete random playouts (each capped at ``cap`` actions) for about ``seconds``."""
    warm_up(game)
    k = game.kernels
    empty = np.empty(0, dtype=np.int32)
    games = turns = actions = capped = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    elapsed = 0.0
    while games == 0 or elapsed < seconds:
        arr = game.initial_array()
        actions += int(k.playout(game.consts, arr, make_rng(seed * 7919 + games), empty, cap))
        capped += int(arr[H_PLAYER] >= 0)
        turns += int(arr[H_TURN])
        games += 1
        elapsed = time.perf_counter() - start
    cpu = max(time.process_time() - cpu_start, 1e-9)
    return {
        "games": games,
        "capped": capped,
        "playouts_per_second": games / elapsed,
        "playouts_per_cpu_second": games / cpu,
        "actions_per_second": actions / elapsed,
        "mean_turns": turns / games,
        "mean_actions": actions / games,
    }


def main() -> None:
    """Measure and print the figures."""
    args = parser(__doc__ or "").parse_args()
    seconds = 0.3 if args.quick else args.seconds
    rows = []
    for board in ("original", "large"):
        for no_stalling in (True, False):
            game = hexarena.new_game("throngs", board=board, no_stalling=no_stalling)
            for cap in (plugin_for(game).safety_cap(game), CAP):
                r = time_capped_playouts(game, seconds, cap=cap)
                rows.append(
                    [
                        board,
                        game.board.size,
                        "yes" if no_stalling else "no",
                        f"{cap:,}",
                        r["games"],
                        r["capped"],
                        r["mean_turns"],
                        r["mean_actions"],
                        r["playouts_per_second"],
                        r["playouts_per_cpu_second"],
                        r["actions_per_second"],
                    ]
                )
    print_table(
        "Throngs random playouts",
        [
            "board",
            "sites",
            "no_stalling",
            "cap",
            "games",
            "capped",
            "mean turns",
            "mean actions",
            "playouts/s",
            "per CPU s",
            "actions/s",
        ],
        rows,
    )


if __name__ == "__main__":
    main()
