"""Exact values on small boards: ``hexarena solve`` and the ``perfect`` player.

:class:`Solver` proves whether the player to act wins a position, by the compiled search of
:mod:`.kernel` with a transposition table kept between calls (and savable as a *solution table*
that later runs and the ``perfect`` player load). :func:`solve_game` answers what designers ask
first: every first move's value, the swap decision for each, and the initial position's value
with and without the pie rule.
"""

from __future__ import annotations

import threading
import time
import zipfile
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ..core import H_PLY, H_TURN, Array, Game, HexArenaError, State
from ..files import replacing
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


#: Version of the keys: a saved table keyed by another version is refused.
KEY_VERSION = 2

#: Games whose rules every symmetry of their board maps onto themselves: they read only the
#: board's adjacency, its centre and ring (Gyre) and the lines of the grid, which the rotations
#: and reflections of a regular hexagon keep. China Grove's cells carry exit patterns of their
#: own and Throngs keys its repetition history as hashes that a symmetry does not map, so those
#: two are searched without symmetries.
SYMMETRIC_GAMES = ("churn", "gyre", "scrunch")
#: Games where an action can win before the board is full: their searches look for such an
#: action first at every position.
SCAN_GAMES = ("gyre", "throngs")


@dataclass(frozen=True)
class KeySpec:
    """What a position's key hashes (see :mod:`.kernel`): the normalised header or not, raw
    ranges of the state array, scalars holding a cell, blocks of one entry a cell, blocks of one
    byte a cell with the cell's colour in its low two bits (Churn's: ``cellbytes``, offsets in
    bytes), and the
    symmetries (cell permutations ``perms`` and their inverses ``invs``)."""

    normal: int
    raw: Array
    cellscal: Array
    blocks: Array
    cellbytes: Array
    perms: Array
    invs: Array

    def args(self) -> tuple[int, Array, Array, Array, Array, Array, Array]:
        """The specification as the kernel's arguments."""
        return (
            self.normal,
            self.raw,
            self.cellscal,
            self.blocks,
            self.cellbytes,
            self.perms,
            self.invs,
        )


def key_spec(game: Game, *, symmetries: bool = True, width: int | None = None) -> KeySpec:
    """The parts of the state array that fix a position's future, and the symmetries to reduce
    keys by.

    Churn and Gyre: the cells' colours (the rest of their arrays is bookkeeping that depends on
    the order the stones came, so that transposed move orders meet). Scrunch: the colours, the
    decision under way, the placement and the stone picked in a growth under way, and both
    creation flags. China Grove: the contents and the class and count of the turn under way.
    All four with the normalised header (the colour to act, the first, second or a later turn).
    Throngs: the whole array but the action count (its repetition rule reads the positions met
    since the stone count last changed, which the array holds), ``width`` entries of it (by
    default the length of a new state's array; a state's array grows with its table).
    """
    n = game.board.size
    none = np.zeros((0, 2), dtype=np.int32)
    empty = np.zeros(0, dtype=np.int32)
    name = game.name
    normal = 1
    raw, cellscal, blocks, cellbytes = none, empty, empty, empty
    if name == "churn":
        from ..games import churn

        cellbytes = np.array([churn.byte_block(churn.Y_CELL, n)], dtype=np.int32)
    elif name == "gyre":
        from ..games import gyre

        blocks = np.array([gyre.BASE], dtype=np.int32)
    elif name == "scrunch":
        from ..games.scrunch import tables as T

        raw = np.array([[T.S_PHASE, T.S_PHASE + 1], [T.S_CREATE, T.S_CREATE + 2]], dtype=np.int32)
        cellscal = np.array([T.S_P, T.S_S], dtype=np.int32)
        blocks = np.array([T.BASE], dtype=np.int32)
    elif name == "china-grove":
        from ..games import china_grove as C

        raw = np.array([[C.S_CLASS, C.S_LEFT + 1]], dtype=np.int32)
        blocks = np.array([C.BASE], dtype=np.int32)
    else:
        normal = 0
        if width is None:
            width = len(game.initial_array())
        raw = np.array([[0, H_PLY], [H_PLY + 1, width]], dtype=np.int32)
    if symmetries and name in SYMMETRIC_GAMES:
        perms = np.ascontiguousarray(game.board.symmetries, dtype=np.int32)
    else:
        perms = np.arange(n, dtype=np.int32)[None, :]
    invs = np.ascontiguousarray(np.argsort(perms, axis=1).astype(np.int32))
    return KeySpec(normal, raw, cellscal, blocks, cellbytes, perms, invs)


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
    #: Whether keys are reduced by the board's symmetries (off only to check them).
    symmetries: bool = True
    #: Whether Ctrl-C stops a search under way (``hexarena solve``): the search then runs in
    #: a thread of its own, the main thread waiting where Python can raise the interrupt.
    interruptible: bool = False
    keys: Array = field(init=False)
    vals: Array = field(init=False)
    stats: Array = field(init=False)

    def __post_init__(self) -> None:
        slots = table_slots(self.memory_mb)
        try:
            self.keys = np.zeros(slots, dtype=np.uint64)
            self.vals = np.zeros(slots, dtype=np.int8)
        except (MemoryError, ValueError):  # ValueError: more bytes than an array may have
            mb = self.memory_mb
            shown = f"{int(mb):,}" if mb == int(mb) else f"{mb:g}"
            raise SolveError(f"not enough memory for a table of {shown} MB (--memory)") from None
        self.stats = np.zeros(4, dtype=np.int64)
        self.spec = key_spec(self.game, symmetries=self.symmetries)
        #: The history table of the move ordering: how often each action refuted a position.
        self.hist = np.zeros(self.game.num_distinct_actions, dtype=np.int64)

    @property
    def swap(self) -> int:
        """The pie rule's swap action, or -1."""
        return swap_action(self.game)

    def key(self, state: State | Array, *, allow_swap: bool = True) -> int:
        """The position's key in the table (equal for positions that a symmetry maps onto
        each other)."""
        arr = state.array if isinstance(state, State) else state
        skip = -1 if allow_swap else self.swap
        spec = self.spec_for(len(arr))
        return int(K.position_key(np.array(arr, dtype=np.int32), *spec.args(), skip))

    def spec_for(self, width: int) -> KeySpec:
        """The key specification for state arrays of ``width`` entries: :attr:`spec`, or, for a
        Throngs state whose repetition table grew, one that hashes the whole longer array."""
        if self.spec.normal or width == int(self.spec.raw[-1, 1]):
            return self.spec
        return key_spec(self.game, symmetries=self.symmetries, width=width)

    def value(
        self, state: State | Array, *, allow_swap: bool = True, node_limit: int = 1 << 62
    ) -> bool | None:
        """Whether the player to act wins with best play (``None``: not proven within
        ``node_limit`` positions). ``allow_swap=False`` solves the game without the pie rule."""
        arr = state.array if isinstance(state, State) else state
        k = self.game.kernels
        # a game whose array grows (Throngs' repetition table): no line deeper than the room
        # its table has, so that no position of a line is left out of it
        depth = min(MAX_DEPTH, max(1, self.game.spare_turns(np.asarray(arr))))
        self.stats[K.ST_STOP] = 0
        r = self._search(
            k.legal,
            k.apply,
            self.game.consts,
            np.array(arr, dtype=np.int32),
            *self.spec_for(len(arr)).args(),
            self.keys,
            self.vals,
            self.hist,
            1 if self.game.name in SCAN_GAMES else 0,
            -1 if allow_swap else self.swap,
            int(node_limit),
            depth,
            self.stats,
        )
        if r == K.UNKNOWN_DEPTH:
            if depth < MAX_DEPTH:
                raise SolveError(
                    f"a line went deeper than {depth} actions, the room left in the position's "
                    "repetition table"
                )
            raise SolveError(f"a line went deeper than {MAX_DEPTH} actions; this game may not end")
        return None if r == K.UNKNOWN_NODES else bool(r)

    def _search(self, *args: Any) -> int:
        """The compiled search on ``args``; if :attr:`interruptible` (and called from the main
        thread), in a thread of its own, so that Ctrl-C stops it at once (compiled code does
        not see the interrupt until it returns): it then stops at its next position (the
        values it stored being proven ones, all exact) and the interrupt is raised."""
        if not self.interruptible or threading.current_thread() is not threading.main_thread():
            return int(K.solve_position(*args))
        done: list[int] = []
        failed: list[BaseException] = []

        def run() -> None:
            try:
                done.append(int(K.solve_position(*args)))
            except BaseException as exc:  # handed to the caller below
                failed.append(exc)

        worker = threading.Thread(target=run, name="solver search", daemon=True)
        worker.start()
        try:
            while worker.is_alive():
                worker.join(0.1)
        except KeyboardInterrupt:
            self.stats[K.ST_STOP] = 1
            worker.join()
            raise
        if failed:
            raise failed[0]
        return done[0]

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

    def save(self, path: Path, *, depth: int | None = None) -> int:
        """Write the solution table (with the game and options it belongs to); with ``depth``,
        only the positions within ``depth`` actions of the start (an opening book, small enough
        to ship). Return the positions written."""
        used = self.keys != 0
        if depth is not None:
            used &= np.isin(self.keys, self.opening_keys(depth))
        with replacing(path) as f:  # under the name given (numpy adds .npz to a name), whole
            np.savez_compressed(
                f,
                keys=self.keys[used],
                vals=self.vals[used],
                game=np.array(self.game.name),
                tags=np.array(repr(sorted(self.game.record_tags().items()))),
                key=np.array(KEY_VERSION),
            )
        return int(np.count_nonzero(used))

    def opening_keys(self, depth: int) -> Array:
        """The keys of every position within ``depth`` actions of the start (with the swap on
        offer and, in the first two turns, without it)."""
        if not 0 <= depth <= 8:
            raise SolveError(f"an opening book's depth must be 0 to 8 actions, not {depth}")
        found: set[int] = set()
        layer = [self.game.new_initial_state()]
        for d in range(depth + 1):
            nxt = []
            for st in layer:
                k = self.key(st)
                if k in found:
                    continue  # a symmetric image or a transposition met before
                found.add(k)
                found.add(self.key(st, allow_swap=False))
                if d < depth:
                    for a in st.legal_actions():
                        child = st.copy()
                        child.apply(a)
                        if not child.is_terminal():
                            nxt.append(child)
            layer = nxt
        return np.array(sorted(found), dtype=np.uint64)

    def load(self, path: Path) -> int:
        """Add the positions of a saved solution table of the same game and options (and keys
        of the same version); return how many were read."""
        tags = repr(sorted(self.game.record_tags().items()))
        try:
            with np.load(path, allow_pickle=False) as z:
                if str(z["game"]) != self.game.name or str(z["tags"]) != tags:
                    raise SolveError(f"{str(path)[:100]} is the table of another game or options")
                if "key" not in z or int(z["key"]) != KEY_VERSION:
                    raise SolveError(
                        f"{str(path)[:100]} was keyed by another version of the solver; "
                        "solve again to remake it"
                    )
                keys = np.ascontiguousarray(z["keys"], dtype=np.uint64)
                vals = np.ascontiguousarray(z["vals"], dtype=np.int8)
        except OSError as exc:
            raise SolveError(
                f"cannot read the solution table {str(path)[:100]}: {exc.strerror or exc}"
            ) from None
        except (KeyError, ValueError, zipfile.BadZipFile, EOFError) as exc:
            if isinstance(exc, SolveError):
                raise
            raise SolveError(
                f"{str(path)[:100]} is not a solution table (not an archive of the solver's arrays)"
            ) from None
        if keys.shape != vals.shape or keys.ndim != 1 or np.any(keys == 0) or np.any(vals > 1):
            raise SolveError(f"{str(path)[:100]} is not a solution table (malformed entries)")
        K.store_many(self.keys, self.vals, keys, vals)
        return len(keys)


def max_rss_mb() -> float:
    """The process's peak resident memory so far, in MB."""
    import resource

    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def solve_game(
    game: Game,
    *,
    memory_mb: float = 256,
    node_limit: int = 1 << 62,
    solver: Solver | None = None,
    on_move: Callable[[int, int], None] | None = None,
    only: list[str] | None = None,
) -> dict[str, Any]:
    """Every first move's value (for the first player, the game going on without a swap), the
    swap decision for each, and the initial position's value with and without the pie rule.
    With ``only`` (first moves' texts), just those first moves' values (a measurement: the
    game's value then stays unknown unless one of them wins)."""
    s = solver if solver is not None else Solver(game, memory_mb)
    t0, c0 = time.perf_counter(), time.process_time()
    start = game.new_initial_state()
    firsts = [a for a in start.legal_actions() if a != s.swap]
    if only is not None:
        texts = {game.action_text(a): a for a in firsts}
        bad = [m for m in only if m not in texts]
        if bad or not only:
            shown = ", ".join(bad)[:100] or "none given"
            raise SolveError(f"not a first move of this game: {shown}")
        twice = [m for m, k in Counter(only).items() if k > 1]
        if twice:
            raise SolveError(f"a first move named twice: {', '.join(twice)[:100]}")
        firsts = [texts[m] for m in only]
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
    complete = len(known) == len(moves) and only is None
    without = True if any(known) else (False if complete else None)
    out: dict[str, Any] = {
        "game": game.name,
        "options": game.record_tags(),
        "first_moves": moves,
        "first_player_wins_without_pie": without,
        "winning_openings": sorted(m for m, v in moves.items() if v),
    }
    if s.swap >= 0 and only is None:
        # with the pie rule the second player takes whichever side of the first move wins, so
        # (no game here being drawn) the second player wins: checked by the search itself
        v = s.value(start, node_limit=node_limit)
        out["first_player_wins_with_pie"] = v
        out["swap"] = {m: v for m, v in moves.items() if v is not None}
    out["positions"] = s.entries
    out["nodes"] = int(s.stats[K.ST_NODES])
    out["seconds"] = round(time.perf_counter() - t0, 3)
    out["cpu_seconds"] = round(time.process_time() - c0, 3)
    out["table_mb"] = round((s.keys.nbytes + s.vals.nbytes) / 2**20, 1)
    out["max_rss_mb"] = max_rss_mb()
    return out


def endgame_positions(game: Game, empties: int, samples: int) -> list[State]:
    """Positions of random games (seeds ``0 .. samples-1``): in each, the first position at the
    start of a turn with at most ``empties`` empty cells (games that end sooner give none)."""
    from ..selfplay import random_game

    out: list[State] = []
    for seed in range(samples):
        _, actions = random_game(game, seed, keep_actions=True)
        assert actions is not None
        st = game.new_initial_state()
        turn = -1
        for a in actions.tolist():
            if st.is_terminal():
                break
            if int(st.array[H_TURN]) != turn:
                turn = int(st.array[H_TURN])
                if game.cell_view(st.array).count(".") <= empties:
                    out.append(st.copy())
                    break
            st.apply(a)
    return out


def solve_endgames(
    game: Game,
    empties: int,
    samples: int,
    *,
    memory_mb: float = 256,
    node_limit: int = 1 << 62,
    solver: Solver | None = None,
) -> dict[str, Any]:
    """Solve the endgames of :func:`endgame_positions`: how many were proven within
    ``node_limit`` positions each, who wins them, and the effort."""
    if not 0 <= empties <= game.board.size:
        raise SolveError(f"the empty cells must be 0 to {game.board.size}, not {empties}")
    if not 1 <= samples <= 100_000:
        raise SolveError(f"the samples must be 1 to 100000, not {samples}")
    s = solver if solver is not None else Solver(game, memory_mb)
    positions = endgame_positions(game, empties, samples)
    t0, c0 = time.perf_counter(), time.process_time()
    rows = []
    for st in positions:
        n0, p0 = int(s.stats[K.ST_NODES]), time.process_time()
        v = s.value(st, node_limit=node_limit)
        rows.append(
            {
                "empties": game.cell_view(st.array).count("."),
                "to_move": st.current_player,
                "to_move_wins": v,
                "nodes": int(s.stats[K.ST_NODES]) - n0,
                "cpu_seconds": round(time.process_time() - p0, 3),
            }
        )
    return {
        "game": game.name,
        "options": game.record_tags(),
        "empties": empties,
        "samples": samples,
        "positions": len(rows),
        "solved": sum(r["to_move_wins"] is not None for r in rows),
        "to_move_wins": sum(r["to_move_wins"] is True for r in rows),
        "endgames": rows,
        "table_positions": s.entries,
        "nodes": sum(r["nodes"] for r in rows),
        "seconds": round(time.perf_counter() - t0, 3),
        "cpu_seconds": round(time.process_time() - c0, 3),
        "max_rss_mb": max_rss_mb(),
    }
