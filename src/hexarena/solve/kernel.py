"""The compiled search behind ``hexarena solve``: depth-first alpha-beta over won and lost
positions with a transposition table.

No game here can be drawn, so a position's value is one bit: does the player to act win with
best play? A position is won when some action leads to a position won by the same player (a turn
of several actions) or lost by the opponent, and lost when every action leads elsewhere; the
search stops looking at a position's actions at the first that wins (the cut-off of alpha-beta
on a two-valued game).

The transposition table maps a 64-bit hash of the part of the state array that fixes the
position's future (see :func:`hexarena.solve.key_ranges`) to its value, in open addressing over
two preallocated arrays (the memory limit); a full neighbourhood overwrites its first slot, so
the table only ever forgets. Values are exact whatever is forgotten: the table stores proven
results only. Every state array here counts the turns played, and the turn number is part of
every key, so the positions searched form a graph without cycles (a game that could go on for
ever shows up as a search deeper than ``max_depth``, reported and never guessed).

Like :func:`hexarena.core.replay_checked`, the search takes the game's kernels as arguments and is
compiled per process (not cached on disk).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from ..core import H_PLAYER, H_SWAPPED, H_TURN, H_WINNER, Array

#: Slots probed from a key's home slot before the table gives up and overwrites.
PROBES = 8
#: Search results beyond won (1) and lost (0).
UNKNOWN_NODES = -1  # the node limit was reached
UNKNOWN_DEPTH = -2  # a line deeper than ``max_depth``

# statistics slots
ST_NODES = 0
ST_STORES = 1
ST_HITS = 2


@njit(inline="always")
def position_hash(arr: Array, ranges: Array, skip: int) -> np.uint64:  # pragma: no cover
    """FNV-1a over the key ranges of ``arr``, finished by a SplitMix64 mix; never 0.

    A search that never swaps (``skip >= 0``) keys the positions of the first two turns apart
    from the same positions where the swap may still come."""
    h = np.uint64(14695981039346656037)
    if skip >= 0 and arr[H_TURN] <= 1:
        h = np.uint64(0x9E3779B97F4A7C15)
    prime = np.uint64(1099511628211)
    for r in range(ranges.shape[0]):
        for i in range(ranges[r, 0], ranges[r, 1]):
            h = (h ^ np.uint64(np.int64(arr[i]) & np.int64(0xFFFFFFFF))) * prime
    h ^= h >> np.uint64(30)
    h *= np.uint64(0xBF58476D1CE4E5B9)
    h ^= h >> np.uint64(27)
    h *= np.uint64(0x94D049BB133111EB)
    h ^= h >> np.uint64(31)
    if h == np.uint64(0):
        h = np.uint64(1)
    return h


@njit(inline="always")
def probe(keys: Any, vals: Any, h: np.uint64) -> int:  # pragma: no cover - compiled
    """The stored value of the position with hash ``h``, or -1."""
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
    """Keep value ``v`` of the position with hash ``h``."""
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
def solve_position(
    legal: Any,
    apply: Any,
    g: Array,
    root: Array,
    ranges: Array,
    keys: Any,
    vals: Any,
    skip: int,
    node_limit: int,
    max_depth: int,
    stats: Any,
) -> int:  # pragma: no cover - compiled
    """Whether the player to act in ``root`` wins: 1 or 0, or :data:`UNKNOWN_NODES` /
    :data:`UNKNOWN_DEPTH`. Action ``skip`` (the pie rule's swap, or -1) is never played."""
    if root[H_PLAYER] < 0:
        return 0
    h0 = position_hash(root, ranges, skip)
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
    arrs[0, :] = root
    hashes[0] = h0
    k = 0
    for a in first:
        if a != skip:
            moves[0, k] = a
            k += 1
    counts[0] = k
    d = 0
    nodes = 0
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
            if nodes > node_limit:
                return UNKNOWN_NODES
            if child[H_PLAYER] < 0:
                if (child[H_WINNER] ^ child[H_SWAPPED]) == arrs[d, H_PLAYER]:
                    res = 1
                else:
                    continue
            else:
                h = position_hash(child, ranges, skip)
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
                    continue
        else:
            res = 0
        # frame d is resolved: keep it, and hand its value up while it decides the parent
        while True:
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
