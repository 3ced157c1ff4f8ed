"""Search Scrunch's creation phase for a position that can recur (an endless game).

While both players are still creating, every turn is an egg or a removal turn (a growth ends
the mover's creation phase, after which that player has finitely many turns: see
docs/games/scrunch.md). By default this script walks every position reachable from the empty
board by eggs and removals only, depth first, and reports a cycle if one exists: a position that
can arise again, so a game that can last for ever. It also counts the removal turns that follow
a removal turn of the other player (the docs prove there are none).

    python scripts/scrunch_creation_cycles.py --size 3      # about 400,000 positions, minutes

A position is the board, the colour to act and the decision under way (mid-turn removals
count); both players are creating throughout.

Larger boards are beyond an exhaustive search; ``--walks K`` plays K random games of eggs and
removals instead (each ends when a player would have to grow, or loses), with the positions at
the start of each turn hashed, and reports a position met twice in one game (a cycle), with
counts of removal turns:

    python scripts/scrunch_creation_cycles.py --size 5 --walks 20000 --greedy 0.5

``--greedy q``: with probability q an egg is the one leaving the two players the fewest eggs
and growths (players that try to become stuck, which is what removals need), otherwise a
uniform choice.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import numpy as np

import hexarena
from hexarena.core import H_COLOUR, H_PLAYER, Array
from hexarena.games.scrunch import B_FC, S_CREATE, S_PHASE, Scrunch, _o


def main() -> None:
    """Run the search and print what it found."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--size", type=int, default=3, help="side of the board (default 3)")
    ap.add_argument("--seconds", type=float, default=3600, help="give up after this long")
    ap.add_argument("--walks", type=int, default=0, help="random games instead of every position")
    ap.add_argument("--greedy", type=float, default=0.5, help="share of greedy eggs in --walks")
    ap.add_argument("--seed", type=int, default=1, help="random seed for --walks")
    args = ap.parse_args()
    game = hexarena.new_game("scrunch", size=args.size)
    assert isinstance(game, Scrunch)
    if args.walks:
        walks(game, args.walks, args.greedy, args.seed, args.seconds)
        return
    k, g, n = game.kernels, game.consts, game.board.size

    def key(a: Array) -> tuple[bytes, int, int]:
        return bytes(game.cell_colours(a).astype(np.int8)), int(a[H_COLOUR]), int(a[S_PHASE])

    back_to_back = 0
    ended = 0
    example: list[str] = []

    def children(a: Array) -> list[Array]:
        nonlocal back_to_back, ended
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
                    back_to_back += forced_to_remove(b)  # ... and the other must remove too
                    if not example and a[S_PHASE] == 0:
                        example.extend([game.render(a), f"removes {game.action_text(act)}"])
        return out

    def forced_to_remove(a: Array) -> bool:
        return bool(np.all(k.legal(g, a) >= n))

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
        f"with both still creating, {back_to_back} of them answered by a removal "
        f"({time.process_time() - t0:.0f} s of processor time)"
    )
    print("\n".join(example))


def walks(game: Scrunch, count: int, greedy: float, seed: int, seconds: float) -> None:
    """Random games of eggs and removals; report a position met twice in one game."""
    k, g, n = game.kernels, game.consts, game.board.size
    rnd = random.Random(seed)
    t0 = time.process_time()
    turns = removal_turns = with_removal = back_to_back = most = played = 0
    for _ in range(count):
        if time.process_time() - t0 > seconds:
            break
        played += 1
        arr = game.initial_array()
        seen: dict[tuple[bytes, int], int] = {}
        removals_here = 0
        last_was_removal = False
        while True:
            key = bytes(game.cell_colours(arr).astype(np.int8)), int(arr[H_COLOUR])
            if key in seen:
                print(f"cycle: the position of turn {seen[key]} again at turn {len(seen)}")
                print(game.render(arr))
                sys.exit(1)
            seen[key] = len(seen)
            c = int(arr[H_COLOUR])
            acts = [int(a) for a in k.legal(g, arr)]
            if acts[0] >= n:  # forced to remove: one snake at a time, at random, to the turn's end
                back_to_back += last_was_removal
                while arr[H_PLAYER] >= 0 and arr[H_COLOUR] == c:
                    k.apply(g, arr, rnd.choice([int(a) for a in k.legal(g, arr)]))
                removal_turns += 1
                removals_here += 1
                last_was_removal = True
            else:
                eggs = [a for a in acts if arr[_o(B_FC + c, n) + a] == 0]
                if not eggs:
                    break  # this player must grow: creation ends for them
                if rnd.random() < greedy:
                    egg = min(eggs, key=lambda a: (options_after(game, arr, a), rnd.random()))
                else:
                    egg = rnd.choice(eggs)
                k.apply(g, arr, egg)
                last_was_removal = False
            turns += 1
            if arr[H_PLAYER] < 0:
                break  # the last snake was removed
        with_removal += removals_here > 0
        most = max(most, removals_here)
    print(
        f"side {game.options['size']}: {played:,} random games of eggs and removals, {turns:,} "
        f"turns, no position twice in a game; {removal_turns:,} removal turns ({with_removal:,} "
        f"games with one, at most {most} in a game), {back_to_back} answered by a removal "
        f"({time.process_time() - t0:.0f} s of processor time)"
    )


def options_after(game: Scrunch, arr: Array, egg: int) -> int:
    """After the mover lays ``egg``: how many eggs and growth placements the two players would
    have (each as if to move), the number the greedy choice makes as small as it can, so that
    both players come to have to remove."""
    k, g, n = game.kernels, game.consts, game.board.size
    b = arr.copy()
    k.apply(g, b, egg)
    total = 0
    for c in (0, 1):
        b[H_COLOUR] = b[H_PLAYER] = c
        total += int(np.count_nonzero(k.legal(g, b) < n))
    return total


if __name__ == "__main__":
    main()
