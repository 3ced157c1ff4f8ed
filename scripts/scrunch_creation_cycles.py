"""Search Scrunch's creation phase for a position that can recur (an endless game).

While both players are still creating, every turn is an egg or a removal turn (a growth ends
the mover's creation phase, after which that player has finitely many turns: see
docs/games/scrunch.md). By default this script walks every position reachable from the empty
board by eggs and removals only, depth first, and reports a cycle if one exists: a position that
can arise again, so a game that can last for ever. It also counts the ways a removal turn can
end with both players still creating (and shows the first).

    python scripts/scrunch_creation_cycles.py --size 3      # about 400,000 positions, minutes

A position is the board, the colour to act and the decision under way (mid-turn removals
count); both players are creating throughout.

Larger boards are beyond an exhaustive search; there, scripts/scrunch_stuck_sat.py shows that
no removal turn comes while both players create at all.
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

import hexarena
from hexarena.cliargs import positive_number, whole_number
from hexarena.core import H_COLOUR, H_PLAYER, Array
from hexarena.games.scrunch import B_FC, S_CREATE, S_PHASE, Scrunch, _o


def main() -> None:
    """Run the search and print what it found."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument(
        "--size", type=whole_number(3, 10), default=3, help="side of the board (default 3)"
    )
    ap.add_argument(
        "--seconds",
        type=positive_number(7 * 24 * 3600),
        default=3600,
        help="give up after this long",
    )
    args = ap.parse_args()
    game = hexarena.new_game("scrunch", size=args.size)
    assert isinstance(game, Scrunch)
    k, g, n = game.kernels, game.consts, game.board.size

    def key(a: Array) -> tuple[bytes, int, int]:
        return bytes(game.cell_colours(a).astype(np.int8)), int(a[H_COLOUR]), int(a[S_PHASE])

    ended = 0
    example: list[str] = []

    def children(a: Array) -> list[Array]:
        nonlocal ended
        out = []
        c = int(a[H_COLOUR])
        for act in k.legal(g, a):
            act = int(act)
            if act < n and a[_o(B_FC + c, n) + act] != 0:
                continue  # a growth's placement: that player's creation would end
            b = a.copy()
            k.apply(g, b, act)
            if b[H_PLAYER] >= 0 and b[S_CREATE] and b[S_CREATE + 1]:
                out.append(b)
                if act >= n and b[H_COLOUR] != c:  # a removal turn ended
                    ended += 1
                    if not example and a[S_PHASE] == 0:
                        example.extend([game.render(a), f"removes {game.action_text(act)}"])
        return out

    start = game.initial_array()
    on_path: dict[tuple[bytes, int, int], int] = {key(start): 0}
    done: set[tuple[bytes, int, int]] = set()
    stack = [(key(start), iter(children(start)))]
    path = [key(start)]
    t0 = time.process_time()
    while stack:
        if time.process_time() - t0 > args.seconds:
            print(f"gave up after {args.seconds:.0f} s: {len(done)} positions finished")
            sys.exit(2)
        here, it = stack[-1]
        nxt = next(it, None)
        if nxt is None:
            done.add(here)
            del on_path[here]
            stack.pop()
            path.pop()
            continue
        there = key(nxt)
        if there in on_path:
            print(f"cycle of {len(path) - on_path[there]} actions:")
            for cells, colour, _ in [*path[on_path[there] :], there]:
                print("".join(".BW"[v] for v in cells), game.colours[colour])
            sys.exit(1)
        if there not in done:
            on_path[there] = len(path)
            path.append(there)
            stack.append((there, iter(children(nxt))))
    print(
        f"side {args.size}: {len(done)} positions, no cycle; {ended} ways a removal turn ends "
        f"with both still creating ({time.process_time() - t0:.0f} s of processor time)"
    )
    print("\n".join(example))


if __name__ == "__main__":
    main()
