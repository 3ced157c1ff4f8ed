"""OpenSpiel's MCTSBot against hexarena's uct at equal simulations, through hexarena.openspiel.

Prints, for each game, the wins of each side, the mean game length in actions, and the
processor and wall time of the run side by side. Needs the ``rl`` extra.

    python benchmarks/openspiel_mcts_match.py --games 4 --simulations 100
"""

from __future__ import annotations

import argparse
import time

import pyspiel
from rich.console import Console
from rich.table import Table

from hexarena.cliargs import whole_number
from hexarena.openspiel import mcts_vs_uct

GAMES = [
    "hexarena_churn(size=3)",
    "hexarena_gyre(size=4)",
    "hexarena_scrunch(size=3)",
    "hexarena_china_grove()",
    "hexarena_throngs(board=hex,size=3,no_stalling=True)",
]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--games",
        type=whole_number(1, 10_000),
        default=4,
        help="games per hexarena game (default 4)",
    )
    ap.add_argument(
        "--simulations",
        type=whole_number(1, 10_000_000),
        default=100,
        help="simulations a decision",
    )
    ap.add_argument("--seed", type=whole_number(0, 2**31 - 1), default=1)
    ap.add_argument("--only", default=None, help="play only game strings containing this")
    ns = ap.parse_args()
    table = Table(
        title=f"OpenSpiel MCTSBot vs hexarena uct, {ns.simulations} simulations a decision, "
        f"{ns.games} games each, seats alternating"
    )
    for col in (
        "game",
        "MCTSBot wins",
        "uct wins",
        "unfinished",
        "actions/game",
        "CPU s",
        "wall s",
    ):
        table.add_column(col, justify="left" if col == "game" else "right")
    for text in GAMES:
        if ns.only and ns.only not in text:
            continue
        cpu, wall = time.process_time(), time.perf_counter()
        res = mcts_vs_uct(pyspiel.load_game(text), ns.games, ns.simulations, seed=ns.seed)
        table.add_row(
            text,
            str(res["mcts"]),
            str(res["uct"]),
            str(res["unfinished"]),
            f"{res['actions']:.1f}",
            f"{time.process_time() - cpu:.1f}",
            f"{time.perf_counter() - wall:.1f}",
        )
    Console(width=140).print(table)


if __name__ == "__main__":
    main()
