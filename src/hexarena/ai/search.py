"""The compiled Monte Carlo tree search that every MCTS player runs: the tree's layout and the
steps of an iteration. The loop that runs iterations over a game's kernels is
:func:`hexarena.ai.search_loop.run`, compiled once per game (:mod:`hexarena.ai.searchgen`).

The tree lives in two NumPy arrays so that a whole batch of iterations runs in compiled code
over the game's own kernels (``legal``, ``apply``, ``playout``) and raw state arrays, with no
Python objects on the hot path:

- ``ti`` (``int32``, one row per node): the action that leads to the node, the index of its
  first child (-1 until the node is expanded), its number of children, the seat to act at the
  node (-1 when the game is over there, -2 until the node is first reached) and the seat proven
  to win from the node (-1 while unknown).
- ``tf`` (``float64``, one row per node): visits, total reward, AMAF (RAVE) visits and AMAF
  total reward. Rewards of a node are from the point of view of the seat that took the action
  leading to it (the seat to act at its parent), so the same player may act several times in a
  row (a turn of several decisions) without any special case.

``meta`` holds the number of nodes in use and the root's index. The children of a node sit
next to each other, so moving the root down the tree (tree reuse) is only a change of index.

A simulation ends when the game ends (reward 1 or 0 for seat 0), or after ``cap`` actions,
where the game's evaluation (a compiled ``evaluate(g, arr) -> probability that colour 0 wins``)
scores the position. A finished game's result is exact, so terminal nodes are *proven*, and
proofs propagate up the tree (MCTS-Solver): a node where the seat to act has a proven win among
its children is a proven win; a node where every child is a proven loss is a proven loss.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from ..core import H_PLAYER, H_SWAPPED, H_WINNER, Array
from ..rng import rand_below

# columns of ti
T_ACT = 0
T_FIRST = 1
T_NCH = 2
T_SEAT = 3
T_PROVEN = 4
TI_COLS = 5
# columns of tf
F_N = 0
F_W = 1
F_RN = 2
F_RW = 3
TF_COLS = 4

#: Seat value of a node that has not been reached yet.
SEAT_UNKNOWN = -2

# float parameters
P_C = 0  # exploration constant
P_RAVE_B = 1  # RAVE bias (b in beta = rn / (n + rn + 4 b^2 n rn))
# int parameters
I_CAP = 0  # playout cap (actions per simulation beyond the tree)
I_SOLVER = 1  # 1: use proofs in selection
I_RAVE = 2  # 1: keep and use AMAF statistics
I_EXPAND = 3  # visits a leaf needs before it is expanded
I_GREEDY = 4  # per mille: how often a playout step is greedy (best by the evaluation)
I_SCORE_END = 5  # 1: score finished games by the evaluation too (a reward by score margin)
NPARAMS = 6

#: ``I_EXPAND`` value that turns expansion off (once the tree has reached its largest size).
NO_EXPANSION = 1 << 30


def new_tree(capacity: int) -> tuple[Array, np.ndarray[Any, np.dtype[np.float64]]]:
    """Empty node arrays for ``capacity`` nodes."""
    ti = np.full((capacity, TI_COLS), -1, dtype=np.int32)
    tf = np.zeros((capacity, TF_COLS), dtype=np.float64)
    return ti, tf


def init_root(
    ti: Array, tf: np.ndarray[Any, np.dtype[np.float64]], meta: np.ndarray[Any, Any], arr: Array
) -> None:
    """Make node 0 the root for position ``arr`` (the tree is emptied)."""
    ti[0, T_ACT] = -1
    ti[0, T_FIRST] = -1
    ti[0, T_NCH] = 0
    ti[0, T_SEAT] = arr[H_PLAYER]
    ti[0, T_PROVEN] = terminal_winner(arr) if arr[H_PLAYER] < 0 else -1
    tf[0, :] = 0.0
    meta[0] = 1
    meta[1] = 0


@njit(cache=True)
def terminal_winner(arr: Array) -> int:  # pragma: no cover - compiled
    """The winning seat of a finished game."""
    return int(arr[H_WINNER] ^ arr[H_SWAPPED])


@njit(cache=True)
def select_child(
    ti: Array, tf: Any, node: int, s: int, fp: Any, ip: Any, rng: Any
) -> int:  # pragma: no cover
    """The child of ``node`` (seat ``s`` to act) to follow: UCT, or UCT blended with RAVE.

    With the solver on, a child proven to win for ``s`` is taken at once and children proven to
    lose are passed over (unless every child is lost).
    """
    f = ti[node, T_FIRST]
    k = ti[node, T_NCH]
    c = fp[P_C]
    b = fp[P_RAVE_B]
    rave = ip[I_RAVE] != 0
    solver = ip[I_SOLVER] != 0
    log_n = np.log(tf[node, F_N] + 1.0)
    off = rand_below(rng, k)
    best = -1
    best_v = -1e300
    for jj in range(k):
        j = f + (jj + off) % k
        p = ti[j, T_PROVEN]
        if solver and p >= 0:
            if p == s:
                return j
            continue
        n = tf[j, F_N]
        if rave:
            rn = tf[j, F_RN]
            amaf = tf[j, F_RW] / rn if rn > 0 else 0.5
            if n == 0:
                v = amaf + c * np.sqrt(log_n) + 1e-3
            else:
                q = tf[j, F_W] / n
                beta = rn / (n + rn + 4.0 * b * b * n * rn) if rn > 0 else 0.0
                v = (1.0 - beta) * q + beta * amaf + c * np.sqrt(log_n / n)
        elif n == 0:
            v = 1e200
        else:
            v = tf[j, F_W] / n + c * np.sqrt(log_n / n)
        if v > best_v:
            best_v = v
            best = j
    if best < 0:  # every child is a proven loss: any will do
        best = f + off
    return best


@njit(cache=True)
def update_proof(ti: Array, node: int) -> bool:  # pragma: no cover - compiled
    """Derive ``node``'s proof from its children; return whether it is now proven."""
    s = ti[node, T_SEAT]
    f = ti[node, T_FIRST]
    k = ti[node, T_NCH]
    if s < 0 or f < 0:
        return ti[node, T_PROVEN] >= 0
    all_lost = k > 0
    for j in range(f, f + k):
        p = ti[j, T_PROVEN]
        if p == s:
            ti[node, T_PROVEN] = s
            return True
        if p != 1 - s:
            all_lost = False
    if all_lost:
        ti[node, T_PROVEN] = 1 - s
        return True
    return False


@njit(cache=True)
def find_child(ti: Array, node: int, a: int) -> int:  # pragma: no cover - compiled
    """The child of ``node`` reached by action ``a``, or -1."""
    f = ti[node, T_FIRST]
    if f < 0:
        return -1
    for j in range(f, f + ti[node, T_NCH]):
        if ti[j, T_ACT] == a:
            return j
    return -1


@njit(cache=True)
def half(g: Array, arr: Array) -> float:  # pragma: no cover - compiled
    """The neutral evaluation: an even chance for both colours."""
    return 0.5
