"""The compiled search behind ``hexarena solve``: depth-first alpha-beta over won and lost
positions with a transposition table, symmetry-reduced keys and move ordering.

No game here can be drawn, so a position's value is one bit: does the player to act win with
best play? A position is won when some action leads to a position won by the same player (a turn
of several actions) or lost by the opponent, and lost when every action leads elsewhere; the
search stops looking at a position's actions at the first that wins (the cut-off of alpha-beta
on a two-valued game).

**Keys.** The transposition table maps a 64-bit key of a position to its value, in open
addressing over two preallocated arrays (the memory limit); a full neighbourhood overwrites its
first slot, so the table only ever forgets. Values are exact whatever is forgotten: the table
stores proven results only. A key hashes what the rules read of the state array and nothing
else (the *key specification*, built by :func:`hexarena.solve.key_spec`):

- the header, normalised: the colour to act and whether the turn is the first, the second (when
  the pie rule's swap may be on offer) or a later one; in the first two turns also the seat to
  act and the swap flag. A later turn's number is read by no rule of these games, and the seat
  does not change who wins a position, only which person that is;
- scalars the rules read (phases, flags), hashed as they are;
- scalars that hold a cell (a placement under way), mapped by the symmetry;
- blocks of one entry a cell (the stones), permuted by the symmetry, or of one byte a cell
  holding the cell's colour in its low two bits (Churn's, which keeps more in that byte);
- or, for a game whose rules read a history (Throngs' repetition table), the whole array raw.

The key of a position is the least of the keys of its images under the board's symmetries
(the 12 rotations and reflections of a regular hexagon that map the rules onto themselves), so
positions that map onto each other share one entry.

**Move ordering.** The actions of a position are tried in the order of a history table (how
often each action refuted a position so far), with the action that refuted the last position
searched at the same depth (the killer) first.

Like :func:`hexarena.core.replay_checked`, the search takes the game's kernels as arguments and is
compiled per process (not cached on disk).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from ..bits import byte_view
from ..core import H_COLOUR, H_PLAYER, H_SWAPPED, H_TURN, H_WINNER, Array

#: Slots probed from a key's home slot before the table gives up and overwrites.
PROBES = 8
#: Search results beyond won (1) and lost (0).
UNKNOWN_NODES = -1  # the node limit was reached
UNKNOWN_DEPTH = -2  # a line deeper than ``max_depth``

# statistics slots
ST_NODES = 0
ST_STORES = 1
ST_HITS = 2
ST_STOP = 3  # set (by another thread) to stop the search under way, as the node limit does

# rows of the key specification's ``spec`` header
SP_NORMAL = 0  # 1: the normalised header; 0: the raw ranges only
FNV_OFFSET = np.uint64(14695981039346656037)
FNV_PRIME = np.uint64(1099511628211)
NO_SWAP_SEED = np.uint64(0x9E3779B97F4A7C15)


@njit(inline="always")
def _mix(h: np.uint64, v: int) -> np.uint64:  # pragma: no cover - compiled
    return (h ^ np.uint64(np.int64(v) & np.int64(0xFFFFFFFF))) * FNV_PRIME


@njit(inline="always")
def _finish(h: np.uint64) -> np.uint64:  # pragma: no cover - compiled
    h ^= h >> np.uint64(30)
    h *= np.uint64(0xBF58476D1CE4E5B9)
    h ^= h >> np.uint64(27)
    h *= np.uint64(0x94D049BB133111EB)
    h ^= h >> np.uint64(31)
    if h == np.uint64(0):
        h = np.uint64(1)
    return h


@njit(cache=True)
def position_key(
    arr: Array,
    normal: int,
    raw: Array,
    cellscal: Array,
    blocks: Array,
    cellbytes: Array,
    perms: Array,
    invs: Array,
    skip: int,
) -> np.uint64:  # pragma: no cover - compiled
    """The position's key: the least over the symmetries of the hash of its image; never 0.

    ``raw`` rows ``(start, stop)`` are hashed as they are, ``cellscal`` entries (a cell or -1)
    through the symmetry ``perms[s]``, and each block of ``blocks`` (``n`` entries from its
    start) in the order of ``invs[s]`` (the image's cell ``j`` is the position's cell
    ``invs[s, j]``), then each block of ``cellbytes`` (``n`` bytes from that byte of the
    array) the same way, the low two bits of each byte (the cell's colour) hashed as an entry
    of ``blocks`` holding them is. A search that never swaps (``skip >= 0``) keys the
    positions of the first two turns apart from the same positions where the swap may still
    come."""
    h = FNV_OFFSET
    t = arr[H_TURN]
    if skip >= 0 and t <= 1:
        h = NO_SWAP_SEED
    if normal != 0:
        if t > 2:
            t = 2
        h = _mix(h, arr[H_COLOUR])
        h = _mix(h, t)
        if t <= 1:
            h = _mix(h, arr[H_PLAYER])
            h = _mix(h, arr[H_SWAPPED])
        h = _mix(h, arr[H_WINNER])
    for r in range(raw.shape[0]):
        for i in range(raw[r, 0], raw[r, 1]):
            h = _mix(h, arr[i])
    n = perms.shape[1]
    by = byte_view(arr)
    best = np.uint64(0xFFFFFFFFFFFFFFFF)
    for s in range(perms.shape[0]):
        hs = h
        for i in cellscal:
            v = arr[i]
            hs = _mix(hs, perms[s, v] if v >= 0 else v)
        for b in blocks:
            for j in range(n):
                hs = _mix(hs, arr[b + invs[s, j]])
        for b in cellbytes:
            for j in range(n):
                hs = _mix(hs, by[b + invs[s, j]] & 3)
        hs = _finish(hs)
        if hs < best:
            best = hs
    return best


@njit(inline="always")
def probe(keys: Any, vals: Any, h: np.uint64) -> int:  # pragma: no cover - compiled
    """The stored value of the position with key ``h``, or -1."""
    mask = np.uint64(keys.shape[0] - 1)
    i = h & mask
    for _ in range(PROBES):
        k = keys[i]
        if k == h:
            return int(vals[i])
        if k == np.uint64(0):
            return -1
        i = (i + np.uint64(1)) & mask
    return -1


@njit(inline="always")
def store(keys: Any, vals: Any, h: np.uint64, v: int) -> None:  # pragma: no cover - compiled
    """Keep value ``v`` of the position with key ``h``."""
    mask = np.uint64(keys.shape[0] - 1)
    home = h & mask
    i = home
    for _ in range(PROBES):
        k = keys[i]
        if k == h or k == np.uint64(0):
            keys[i] = h
            vals[i] = v
            return
        i = (i + np.uint64(1)) & mask
    keys[home] = h
    vals[home] = v


@njit
def store_many(keys: Any, vals: Any, hs: Any, vs: Any) -> None:  # pragma: no cover - compiled
    """Keep the values ``vs`` of the positions with keys ``hs`` (loading a saved table)."""
    for i in range(hs.shape[0]):
        store(keys, vals, np.uint64(hs[i]), int(vs[i]))


@njit(inline="always")
def _order(moves: Any, d: int, k: int, hist: Any, killer: int) -> None:  # pragma: no cover
    """Sort row ``d`` of ``moves`` (``k`` actions) by the history table, best first (insertion
    sort, stable), then bring the killer to the front."""
    for i in range(1, k):
        a = moves[d, i]
        ha = hist[a]
        j = i - 1
        while j >= 0 and hist[moves[d, j]] < ha:
            moves[d, j + 1] = moves[d, j]
            j -= 1
        moves[d, j + 1] = a
    if killer >= 0:
        for i in range(k):
            if moves[d, i] == killer:
                for j in range(i, 0, -1):
                    moves[d, j] = moves[d, j - 1]
                moves[d, 0] = killer
                break


@njit(inline="always")
def _scan(
    apply: Any, g: Array, arrs: Any, moves: Any, d: int, k: int, tmp: Any
) -> int:  # pragma: no cover - compiled
    """Bring an action of row ``d`` that ends the game at once with a win for the player to
    act to the front of the row; return the actions applied (``k``), or the count up to it."""
    me = arrs[d, H_PLAYER]
    for i in range(k):
        b = moves[d, i]
        tmp[:] = arrs[d]
        apply(g, tmp, b)
        if tmp[H_PLAYER] < 0 and (tmp[H_WINNER] ^ tmp[H_SWAPPED]) == me:
            moves[d, i] = moves[d, 0]
            moves[d, 0] = b
            return i + 1
    return k


@njit(nogil=True)
def solve_position(
    legal: Any,
    apply: Any,
    g: Array,
    root: Array,
    normal: int,
    raw: Array,
    cellscal: Array,
    blocks: Array,
    cellbytes: Array,
    perms: Array,
    invs: Array,
    keys: Any,
    vals: Any,
    hist: Any,
    scan: int,
    skip: int,
    node_limit: int,
    max_depth: int,
    stats: Any,
) -> int:  # pragma: no cover - compiled
    """Whether the player to act in ``root`` wins: 1 or 0, or :data:`UNKNOWN_NODES` /
    :data:`UNKNOWN_DEPTH`. Action ``skip`` (the pie rule's swap, or -1) is never played.
    ``hist`` (one count an action) is the history table, kept between calls. With ``scan``,
    every position is first scanned for an action that wins at once (for games that a move can
    win before the board is full), which is then tried first."""
    if root[H_PLAYER] < 0:
        return 0
    h0 = position_key(root, normal, raw, cellscal, blocks, cellbytes, perms, invs, skip)
    v0 = probe(keys, vals, h0)
    if v0 >= 0:
        stats[ST_HITS] += 1
        return v0
    width = root.shape[0]
    arrs = np.empty((max_depth + 1, width), dtype=np.int32)
    hashes = np.empty(max_depth + 1, dtype=np.uint64)
    first = legal(g, root)
    cap = 4 * first.shape[0] + 64
    moves = np.empty((max_depth + 1, cap), dtype=np.int32)
    counts = np.zeros(max_depth + 1, dtype=np.int64)
    nexts = np.zeros(max_depth + 1, dtype=np.int64)
    killers = np.full(max_depth + 1, -1, dtype=np.int32)
    tmp = np.empty(width, dtype=np.int32)
    arrs[0, :] = root
    hashes[0] = h0
    k = 0
    for a in first:
        if a != skip:
            moves[0, k] = a
            k += 1
    counts[0] = k
    _order(moves, 0, k, hist, killers[0])
    d = 0
    nodes = 0
    if scan != 0:
        nodes += _scan(apply, g, arrs, moves, 0, k, tmp)
        stats[ST_NODES] += nodes
    while True:
        res = -1
        if nexts[d] < counts[d]:
            a = moves[d, nexts[d]]
            nexts[d] += 1
            child = arrs[d + 1]
            child[:] = arrs[d]
            apply(g, child, a)
            nodes += 1
            stats[ST_NODES] += 1
            if nodes > node_limit or stats[ST_STOP] != 0:
                return UNKNOWN_NODES
            if child[H_PLAYER] < 0:
                if (child[H_WINNER] ^ child[H_SWAPPED]) == arrs[d, H_PLAYER]:
                    res = 1
                else:
                    continue
            else:
                h = position_key(child, normal, raw, cellscal, blocks, cellbytes, perms, invs, skip)
                v = probe(keys, vals, h)
                if v >= 0:
                    stats[ST_HITS] += 1
                    if (v == 1) == (child[H_PLAYER] == arrs[d, H_PLAYER]):
                        res = 1
                    else:
                        continue
                else:
                    if d + 1 >= max_depth:
                        return UNKNOWN_DEPTH
                    d += 1
                    hashes[d] = h
                    acts = legal(g, child)
                    if acts.shape[0] > cap:
                        return UNKNOWN_DEPTH  # pragma: no cover - more actions than room
                    k = 0
                    for b in acts:
                        if b != skip:
                            moves[d, k] = b
                            k += 1
                    counts[d] = k
                    nexts[d] = 0
                    _order(moves, d, k, hist, killers[d])
                    if scan != 0:
                        m = _scan(apply, g, arrs, moves, d, k, tmp)
                        nodes += m
                        stats[ST_NODES] += m
                    continue
        else:
            res = 0
        # frame d is resolved: keep it, and hand its value up while it decides the parent
        while True:
            if res == 1:
                best = moves[d, nexts[d] - 1]
                killers[d] = best
                hist[best] += 1
            store(keys, vals, hashes[d], res)
            stats[ST_STORES] += 1
            if d == 0:
                return res
            mover = arrs[d, H_PLAYER]
            d -= 1
            if (res == 1) == (mover == arrs[d, H_PLAYER]):
                res = 1
            else:
                break
