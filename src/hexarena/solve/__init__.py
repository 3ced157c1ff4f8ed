"""Exact values on small boards: ``hexarena solve`` and the ``perfect`` player.

:class:`Solver` proves whether the player to act wins a position, by the compiled search of
:mod:`.kernel` with a transposition table kept between calls (and savable as a *solution table*
that later runs and the ``perfect`` player load). :func:`solve_game` answers what designers ask
first: every first move's value, the swap decision for each, and the initial position's value
with and without the pie rule.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ..core import Array, Game, HexArenaError, State
from . import kernel as K

#: Deepest line the search follows (every game here that ends does so well within it on the
#: boards a solver can reach).
MAX_DEPTH = 4096


class SolveError(HexArenaError):
    """A solve that cannot be done as asked."""


def swap_action(game: Game) -> int:
    """The action number of the pie rule's ``swap``, or -1 where the game has no pie rule."""
    if "swap" not in game.special_actions:
        return -1
    return game.board.size + game.special_actions.index("swap")


def key_ranges(game: Game) -> Array:
    """The parts of the state array that fix a position's future, as ``(start, stop)`` rows.

    Churn and Gyre: the header's seat, colour, swap, turn and winner and the cells' colours (their
    other entries are bookkeeping that depends on the order stones came, so that transposed move
    orders meet in the table). Other games: the whole array (always right, with fewer
    transpositions found).
    """
    n = game.board.size
    if game.name in ("churn", "gyre"):
        from importlib import import_module

        base = int(import_module(f"hexarena.games.{game.name}").BASE)
        return np.array([[0, 5], [base, base + n]], dtype=np.int32)
    return np.array([[0, len(game.initial_array())]], dtype=np.int32)


def table_slots(memory_mb: float) -> int:
    """The largest power of two of table slots (9 bytes each) within ``memory_mb``."""
    if not 1 <= memory_mb <= 1_000_000:
        raise SolveError(f"the memory limit must be 1 MB to 1 TB, not {memory_mb} MB")
    slots = 1
    while slots * 2 * 9 <= memory_mb * 1024 * 1024:
        slots *= 2
    return slots


@dataclass
class Solver:
    """Proves positions of one game, keeping what it proved (the solution table)."""

    game: Game
    memory_mb: float = 256
    keys: Array = field(init=False)
    vals: Array = field(init=False)
    stats: Array = field(init=False)

    def __post_init__(self) -> None:
        slots = table_slots(self.memory_mb)
        self.keys = np.zeros(slots, dtype=np.uint64)
        self.vals = np.zeros(slots, dtype=np.int8)
        self.stats = np.zeros(4, dtype=np.int64)
        self._ranges = key_ranges(self.game)

    @property
    def swap(self) -> int:
        """The pie rule's swap action, or -1."""
        return swap_action(self.game)

    def value(
        self, state: State | Array, *, allow_swap: bool = True, node_limit: int = 1 << 62
    ) -> bool | None:
        """Whether the player to act wins with best play (``None``: not proven within
        ``node_limit`` positions). ``allow_swap=False`` solves the game without the pie rule."""
        arr = state.array if isinstance(state, State) else state
        k = self.game.kernels
        r = K.solve_position(
            k.legal,
            k.apply,
            self.game.consts,
            np.array(arr, dtype=np.int32),
            self._ranges,
            self.keys,
            self.vals,
            -1 if allow_swap else self.swap,
            int(node_limit),
            MAX_DEPTH,
            self.stats,
        )
        if r == K.UNKNOWN_DEPTH:
            raise SolveError(f"a line went deeper than {MAX_DEPTH} actions; this game may not end")
        return None if r == K.UNKNOWN_NODES else bool(r)

    def best_action(
        self, state: State, *, node_limit: int = 1 << 62
    ) -> tuple[int | None, bool | None]:
        """A winning action for the player to act if there is one (with the position's value),
        ``(None, False)`` when every action loses, ``(None, None)`` when not proven."""
        seat = state.current_player
        unknown = False
        for a in state.legal_actions():
            st = state.copy()
            st.apply(a)
            if st.is_terminal():
                o = st.outcome()
                if o is not None and o.winner == seat:
                    return a, True
                continue
            v = self.value(st, node_limit=node_limit)
            if v is None:
                unknown = True
            elif v == (st.current_player == seat):
                return a, True
        return None, (None if unknown else False)

    @property
    def entries(self) -> int:
        """Positions held in the table."""
        return int(np.count_nonzero(self.keys))

    def save(self, path: Path) -> None:
        """Write the solution table (with the game and options it belongs to)."""
        used = self.keys != 0
        np.savez_compressed(
            path,
            keys=self.keys[used],
            vals=self.vals[used],
            game=np.array(self.game.name),
            tags=np.array(repr(sorted(self.game.record_tags().items()))),
        )

    def load(self, path: Path) -> int:
        """Add the positions of a saved solution table of the same game and options; return
        how many were read."""
        try:
            with np.load(path, allow_pickle=False) as z:
                if str(z["game"]) != self.game.name or str(z["tags"]) != repr(
                    sorted(self.game.record_tags().items())
                ):
                    raise SolveError(f"{str(path)[:100]} is the table of another game or options")
                keys, vals = z["keys"], z["vals"]
        except (OSError, KeyError, ValueError) as exc:
            raise SolveError(f"cannot read the solution table {str(path)[:100]}: {exc}") from None
        for h, v in zip(keys.tolist(), vals.tolist(), strict=True):
            K.store(self.keys, self.vals, np.uint64(h), int(v))
        return len(keys)


def solve_game(
    game: Game,
    *,
    memory_mb: float = 256,
    node_limit: int = 1 << 62,
    solver: Solver | None = None,
    on_move: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Every first move's value (for the first player, the game going on without a swap), the
    swap decision for each, and the initial position's value with and without the pie rule."""
    s = solver if solver is not None else Solver(game, memory_mb)
    t0, c0 = time.perf_counter(), time.process_time()
    start = game.new_initial_state()
    firsts = [a for a in start.legal_actions() if a != s.swap]
    moves: dict[str, bool | None] = {}
    for i, a in enumerate(firsts):
        st = start.copy()
        st.apply(a)
        if st.is_terminal():
            o = st.outcome()
            moves[game.action_text(a)] = o is not None and o.winner == 0
        else:
            v = s.value(st, allow_swap=False, node_limit=node_limit)
            moves[game.action_text(a)] = None if v is None else (v == (st.current_player == 0))
        if on_move is not None:
            on_move(i + 1, len(firsts))
    known = [v for v in moves.values() if v is not None]
    complete = len(known) == len(moves)
    without = True if any(known) else (False if complete else None)
    out: dict[str, Any] = {
        "game": game.name,
        "options": game.record_tags(),
        "first_moves": moves,
        "first_player_wins_without_pie": without,
        "winning_openings": sorted(m for m, v in moves.items() if v),
    }
    if s.swap >= 0:
        # with the pie rule the second player takes whichever side of the first move wins, so
        # (no game here being drawn) the second player wins: checked by the search itself
        v = s.value(start, node_limit=node_limit)
        out["first_player_wins_with_pie"] = v
        out["swap"] = {m: v for m, v in moves.items() if v is not None}
    out["positions"] = s.entries
    out["nodes"] = int(s.stats[K.ST_NODES])
    out["seconds"] = round(time.perf_counter() - t0, 3)
    out["cpu_seconds"] = round(time.process_time() - c0, 3)
    return out
