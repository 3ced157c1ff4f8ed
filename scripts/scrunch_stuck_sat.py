"""Can a creating Scrunch player ever have to remove? A SAT check on every board side.

While a player is creating, all their stones are eggs; they must remove (a removal turn) only
when they have no egg cell and no growth. By the rule of docs/games/scrunch.md ("Can a game
last for ever?", step 5), that is a condition on the cells alone: with a(c) the player's eggs
next to an empty cell c,

* every empty cell touches an egg of the player (no egg cell), and
* for every egg s and two empty neighbours p, d of s: if p and d are adjacent, a(p) = 3 or
  a(d) = 3; if they are apart, s is the only egg of the player next to p and next to d.

This script writes that condition as a SAT problem over the cells of a hexhex board (each cell
empty, the player's or the opponent's; each colour's stones pairwise apart, as in the creation
phase) and asks pycosat whether any position meets it: with any numbers of stones, and with
the numbers a first removal of a creation phase must have (only eggs before it: Black to move
with as many stones as White, or White to move with one fewer). Every model found is checked
against the rules engine (the player to move may only remove).

    python scripts/scrunch_stuck_sat.py --sizes 3 4 5 6 7 8 9 10

"Unsatisfiable" with those numbers on a side means that, while both players create there, no
removal turn ever comes: every turn adds a stone, so the creation phase, and the game, end.
"""

from __future__ import annotations

import argparse
import itertools
import time

import pycosat

import hexarena
from hexarena.cliargs import whole_number
from hexarena.core import H_COLOUR, H_PLAYER
from hexarena.games.scrunch import Scrunch


def clauses_for(game: Scrunch) -> list[list[int]]:
    """The clauses: variable x + 1 is "the player's egg on cell x", n + x + 1 "the opponent's
    stone on x"; further variables stand for "the three alternate cells round c are the
    player's"."""
    n = game.board.size
    nbrs = game.board.neighbor_lists
    dirs = game.consts  # [n, neighbours (n x 6, -1 off the board), ...]

    def ring(c: int) -> list[int]:
        return [int(dirs[1 + 6 * c + d]) for d in range(6)]

    def a(x: int) -> int:
        return x + 1

    def b(x: int) -> int:
        return n + x + 1

    out: list[list[int]] = [[a(x) for x in range(n)]]  # the player has a stone
    for x in range(n):
        out.append([-a(x), -b(x)])
        for y in nbrs[x]:
            if x < y:
                out.append([-a(x), -a(y)])
                out.append([-b(x), -b(y)])
        out.append([a(x), b(x), *[a(y) for y in nbrs[x]]])  # no egg cell
    # triple[c]: variables "the alternate cells 0, 2, 4 (or 1, 3, 5) round c are the player's"
    nxt = 2 * n + 1
    triple: dict[int, list[int]] = {}
    for c in range(n):
        triple[c] = []
        r = ring(c)
        for start in (0, 1):
            cells = r[start::2]
            if min(cells) < 0:
                continue
            t = nxt
            nxt += 1
            triple[c].append(t)
            out.extend([-t, a(q)] for q in cells)
    for s in range(n):
        for p, d in itertools.permutations(nbrs[s], 2):
            empty_pd = [-a(s), a(p), b(p), a(d), b(d)]  # unless s is the player's, p, d empty
            if d in nbrs[p]:
                out.append([*empty_pd, *triple[p], *triple[d]])
            else:
                for q in (*nbrs[p], *nbrs[d]):
                    if q != s:
                        out.append([*empty_pd, -a(q)])
    return out


class Counter:
    """Fresh variables and a totalizer: unary counts of true literals, for both directions."""

    def __init__(self, first_free: int) -> None:
        self.next = first_free
        self.clauses: list[list[int]] = []

    def var(self) -> int:
        """A fresh variable."""
        self.next += 1
        return self.next - 1

    def count(self, lits: list[int]) -> list[int]:
        """Variables r[k] (k = 0 .. len(lits) - 1) true exactly when at least k + 1 of
        ``lits`` are true (Bailleux and Boufkhad's totalizer)."""
        if len(lits) == 1:
            return lits
        left = self.count(lits[: len(lits) // 2])
        right = self.count(lits[len(lits) // 2 :])
        r = [self.var() for _ in range(len(left) + len(right))]
        for i in range(len(left) + 1):
            for j in range(len(right) + 1):
                if i + j > 0:  # at least i on the left and j on the right: at least i + j
                    c = [r[i + j - 1]]
                    c += [-left[i - 1]] if i else []
                    c += [-right[j - 1]] if j else []
                    self.clauses.append(c)
                if i + j < len(r):  # fewer than i + 1 and j + 1: fewer than i + j + 1
                    c = [-r[i + j]]
                    c += [left[i]] if i < len(left) else []
                    c += [right[j]] if j < len(right) else []
                    self.clauses.append(c)
        return r


def with_counts(cls: list[list[int]], n: int, delta: int) -> list[list[int]]:
    """``cls`` and: the player has ``delta`` stones more than the opponent."""
    first = max(abs(v) for c in cls for v in c) + 1
    counter = Counter(first)
    ca = counter.count([x + 1 for x in range(n)])
    cb = counter.count([n + x + 1 for x in range(n)])
    out = cls + counter.clauses
    for k in range(n):  # at least k + 1 of the player's exactly when at least k + 1 - delta
        j = k - delta
        if j < 0:
            out.append([ca[k]])
        elif j >= n:
            out.append([-ca[k]])
        else:
            out += [[-ca[k], cb[j]], [ca[k], -cb[j]]]
    return out


def check_model(game: Scrunch, model: list[int], mover: int) -> str:
    """The position of a model, the player being colour ``mover``, checked with the engine:
    the player, to move, may only remove."""
    n = game.board.size
    names = game.board.names
    true = set(model)
    mine = [names[x] for x in range(n) if x + 1 in true]
    theirs = [names[x] for x in range(n) if n + x + 1 in true]
    black, white = (mine, theirs) if mover == 0 else (theirs, mine)
    state = game.position(
        black=black, white=white, to_move=game.colours[mover], creating=(True, True)
    )
    assert state.array[H_PLAYER] == mover and state.array[H_COLOUR] == mover
    assert all(a >= n for a in state.legal_actions()), "the engine offers the player more"
    return f"{game.colours[mover]} (to move) {' '.join(mine)}; the other {' '.join(theirs)}"


#: Who has to remove: any player with any numbers of stones; or, as at the first removal turn
#: of a creation phase (only eggs before it), Black with as many stones as White, or White with
#: one fewer than Black.
MOVERS: tuple[tuple[int | None, str], ...] = (
    (None, "any counts"),
    (0, "Black to move, equal counts"),
    (-1, "White to move, one stone fewer"),
)


def main() -> None:
    """Run the check on each side asked for and print the verdicts."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--sizes", type=whole_number(3, 10), nargs="+", default=list(range(3, 11)))
    ap.add_argument(
        "--models",
        type=whole_number(1, 100_000),
        default=20,
        help="models to check, where there are any",
    )
    args = ap.parse_args()
    for size, (delta, mover) in itertools.product(args.sizes, MOVERS):
        game = hexarena.new_game("scrunch", size=size)
        assert isinstance(game, Scrunch)
        cls = clauses_for(game)
        if delta is not None:
            cls = with_counts(cls, game.board.size, delta)
        t0 = time.process_time()
        found = 0
        example = ""
        for model in pycosat.itersolve(cls):
            who = 1 if delta == -1 else 0
            example = example or check_model(game, model, who)
            if found > 0:
                check_model(game, model, who)
            found += 1
            if found >= args.models:
                break
        verdict = (
            f"satisfiable ({found}{'+' if found >= args.models else ''} positions checked "
            f"with the engine), e.g. {example}"
            if found
            else "unsatisfiable: "
            + (
                "no creating player ever has to remove"
                if delta is None
                else "no creation phase has a first removal of this kind"
            )
        )
        print(
            f"side {size}, {mover} ({game.board.size} cells, {len(cls):,} clauses, "
            f"{time.process_time() - t0:.1f} s): {verdict}",
            flush=True,
        )


if __name__ == "__main__":
    main()
