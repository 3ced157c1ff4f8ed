"""The compiled Monte Carlo tree search that every MCTS player runs.

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

from ..core import H_COLOUR, H_PLAYER, H_SWAPPED, H_WINNER, Array
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
def seat0_reward(
    evaluate: Any, g: Array, arr: Array, score_end: bool
) -> float:  # pragma: no cover - compiled
    """Reward of seat 0 for the position a simulation ended in.

    A finished game gives 1 or 0 (the bare result), or, with ``score_end``, what the evaluation
    makes of the final position (an evaluation that scores finished games by their margin must
    still give the winner more than 0.5).
    """
    if arr[H_PLAYER] < 0 and not score_end:
        return 1.0 if (arr[H_WINNER] ^ arr[H_SWAPPED]) == 0 else 0.0
    sw = arr[H_SWAPPED]
    if sw < 0:
        return 0.5
    v = evaluate(g, arr)
    return v if sw == 0 else 1.0 - v


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


@njit(cache=False)
def greedy_action(
    legal: Any, apply: Any, evaluate: Any, g: Array, arr: Array, tmp: Array, rng: Any
) -> int:  # pragma: no cover - compiled
    """The legal action that leaves the best position for the colour to act, by the evaluation
    (a win counts 1, a loss 0; ties broken at random)."""
    acts = legal(g, arr)
    k = acts.shape[0]
    if k == 1:
        return acts[0]
    col = arr[H_COLOUR]
    if col < 0:
        return acts[rand_below(rng, k)]
    best_a = acts[0]
    best_v = -1.0
    ties = 0
    for i in range(k):
        tmp[:] = arr
        apply(g, tmp, acts[i])
        if tmp[H_PLAYER] < 0:
            v = 1.0 if tmp[H_WINNER] == col else 0.0
        else:
            v = evaluate(g, tmp)
            if col == 1:
                v = 1.0 - v
        if v > best_v + 1e-12:
            best_v = v
            best_a = acts[i]
            ties = 1
        elif v > best_v - 1e-12:
            ties += 1
            if rand_below(rng, ties) == 0:
                best_a = acts[i]
    return best_a


# Not cached on disk: Numba's cache cannot save a second specialisation of a function that takes
# dispatchers as arguments (the index it re-writes holds dispatcher types it can no longer
# pickle), so each process compiles the search once per game (a few seconds).
@njit(cache=False)
def run(
    legal: Any,
    apply: Any,
    playout: Any,
    evaluate: Any,
    g: Array,
    root_arr: Array,
    ti: Array,
    tf: Any,
    meta: Any,
    fp: Any,
    ip: Any,
    rng: Any,
    iterations: int,
    node_budget: int,
    path: Array,
    seq_a: Array,
    seq_s: Array,
    last: Array,
) -> int:  # pragma: no cover - compiled
    """Run up to ``iterations`` iterations from the root; return how many were run.

    Stops early when the root is proven, when the tree holds ``node_budget`` nodes, or when the
    arrays have no room for one more expansion (the caller then grows them and calls again, or
    sets ``ip[I_EXPAND] = NO_EXPANSION`` to search on with the tree as it is).
    ``path``, ``seq_a``, ``seq_s`` (length at least ``len(path) + cap`` when RAVE is on) and
    ``last`` (``2 x num_distinct_actions``, all -1) are scratch.
    """
    cap_nodes = ti.shape[0]
    nact = last.shape[1]
    pcap = ip[I_CAP]
    solver = ip[I_SOLVER] != 0
    rave = ip[I_RAVE] != 0
    expand_at = ip[I_EXPAND]
    greedy = ip[I_GREEDY]
    score_end = ip[I_SCORE_END] != 0
    tmp = root_arr.copy()
    root = meta[1]
    max_depth = path.shape[0] - 1
    none = np.empty(0, dtype=np.int32)
    one = np.empty(1, dtype=np.int32)
    done = 0
    while done < iterations:
        if solver and ti[root, T_PROVEN] >= 0:
            break
        if ti[root, T_SEAT] < 0:
            break
        room = meta[0] + nact + 1 <= cap_nodes
        if (not room and expand_at < NO_EXPANSION) or meta[0] >= node_budget:
            break
        if not room and ti[root, T_FIRST] < 0:  # the root itself needs room for its children
            break
        arr = root_arr.copy()
        node = root
        depth = 0
        path[0] = root
        nseq = 0
        # ---- selection and expansion
        while True:
            s = ti[node, T_SEAT]
            if s < 0 or depth >= max_depth:
                break
            if ti[node, T_FIRST] < 0:
                if node != root and (tf[node, F_N] < expand_at or not room):
                    break
                acts = legal(g, arr)
                k = acts.shape[0]
                f = meta[0]
                for j in range(k):
                    ti[f + j, T_ACT] = acts[j]
                    ti[f + j, T_FIRST] = -1
                    ti[f + j, T_NCH] = 0
                    ti[f + j, T_SEAT] = SEAT_UNKNOWN
                    ti[f + j, T_PROVEN] = -1
                    for col in range(TF_COLS):
                        tf[f + j, col] = 0.0
                meta[0] = f + k
                ti[node, T_FIRST] = f
                ti[node, T_NCH] = k
            child = select_child(ti, tf, node, s, fp, ip, rng)
            a = ti[child, T_ACT]
            seq_a[nseq] = a
            seq_s[nseq] = s
            nseq += 1
            apply(g, arr, a)
            depth += 1
            path[depth] = child
            node = child
            if ti[node, T_SEAT] == SEAT_UNKNOWN:
                seat = arr[H_PLAYER]
                ti[node, T_SEAT] = seat
                if seat < 0:
                    ti[node, T_PROVEN] = terminal_winner(arr)
                break
        # ---- simulation
        if arr[H_PLAYER] >= 0:
            if rave or greedy > 0:
                steps = 0
                while arr[H_PLAYER] >= 0 and steps < pcap:
                    s = arr[H_PLAYER]
                    if greedy > 0 and rand_below(rng, 1000) < greedy:
                        a = greedy_action(legal, apply, evaluate, g, arr, tmp, rng)
                        apply(g, arr, a)
                    else:
                        playout(g, arr, rng, one, 1)
                        a = one[0]
                    seq_a[nseq] = a
                    seq_s[nseq] = s
                    nseq += 1
                    steps += 1
            else:
                playout(g, arr, rng, none, pcap)
        r0 = seat0_reward(evaluate, g, arr, score_end)
        # ---- back-propagation
        for i in range(depth, -1, -1):
            v = path[i]
            tf[v, F_N] += 1.0
            if i > 0:
                tf[v, F_W] += r0 if ti[path[i - 1], T_SEAT] == 0 else 1.0 - r0
        if solver:
            for i in range(depth - 1, -1, -1):
                if not update_proof(ti, path[i]):
                    break
        # ---- AMAF: credit every sibling whose action the same seat took later on
        if rave:
            for t in range(nseq):
                last[seq_s[t], seq_a[t]] = t
            for i in range(depth):
                v = path[i]
                s = ti[v, T_SEAT]
                r = r0 if s == 0 else 1.0 - r0
                f = ti[v, T_FIRST]
                for j in range(f, f + ti[v, T_NCH]):
                    if last[s, ti[j, T_ACT]] >= i:
                        tf[j, F_RN] += 1.0
                        tf[j, F_RW] += r
            for t in range(nseq):
                last[seq_s[t], seq_a[t]] = -1
        done += 1
    return done


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
