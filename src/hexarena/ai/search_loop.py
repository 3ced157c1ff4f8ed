"""The main loop of the compiled tree search (:func:`run`), written once and compiled per game.

The loop calls a game's kernels (``legal``, ``apply``, ``playout``) through their addresses,
which it takes as an argument (:mod:`hexarena.ai.kernel_calls`: compiling the search does not
compile the kernels' code again), and the plug-in's ``evaluate`` directly. Numba cannot cache
on disk a function that takes compiled functions as arguments, so the kernels are this module's
globals instead, and this module is never run as it is:
:func:`hexarena.ai.searchgen.search_for` copies its text into a module of its own for each
combination of kernels, sets that copy's four globals, and Numba caches the copy's compiled
search beside it like any other kernel. Everything else the loop uses (the tree's layout,
selection, proofs) is in :mod:`hexarena.ai.search`. Imports are absolute, since the copies are
loaded from outside the package.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from hexarena.ai.kernel_calls import (
    K_APPLY,
    K_LEGAL,
    K_PLAYOUT,
    call_apply,
    call_legal,
    call_playout,
)
from hexarena.ai.search import (
    F_N,
    F_RN,
    F_RW,
    F_W,
    I_CAP,
    I_EXPAND,
    I_GREEDY,
    I_RAVE,
    I_SCORE_END,
    I_SOLVER,
    NO_EXPANSION,
    SEAT_UNKNOWN,
    T_ACT,
    T_FIRST,
    T_NCH,
    T_PROVEN,
    T_SEAT,
    TF_COLS,
    select_child,
    terminal_winner,
    update_proof,
)
from hexarena.core import H_COLOUR, H_PLAYER, H_SWAPPED, H_WINNER, Array
from hexarena.rng import rand_below

#: The kernels, set in each copy of this module (see the module's description): ``legal(g,
#: arr)`` (the actions the tree expands), ``apply(g, arr, a)``, ``playout(g, arr, rng, out,
#: limit)`` and ``evaluate(g, arr) -> probability that colour 0 wins``. The compiled code calls
#: the first three through the addresses in its argument ``kernels`` (:func:`kernel_addresses
#: <hexarena.ai.kernel_calls.kernel_addresses>` of these three).
legal: Any = None
apply: Any = None
playout: Any = None
evaluate: Any = None


@njit(cache=True)
def seat0_reward(g: Array, arr: Array, score_end: bool) -> float:  # pragma: no cover - compiled
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
def greedy_action(
    g: Array, arr: Array, tmp: Array, rng: Any, kernels: Array
) -> int:  # pragma: no cover - compiled
    """The legal action that leaves the best position for the colour to act, by the evaluation
    (a win counts 1, a loss 0; ties broken at random)."""
    acts = call_legal(kernels[K_LEGAL], g, arr)
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
        call_apply(kernels[K_APPLY], g, tmp, acts[i])
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


@njit(cache=True)
def run(
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
    kernels: Array,
) -> int:  # pragma: no cover - compiled
    """Run up to ``iterations`` iterations from the root; return how many were run.

    Stops early when the root is proven, when the tree holds ``node_budget`` nodes, or when the
    arrays have no room for one more expansion (the caller then grows them and calls again, or
    sets ``ip[I_EXPAND] = NO_EXPANSION`` to search on with the tree as it is).
    ``path``, ``seq_a``, ``seq_s`` (length at least ``len(path) + cap`` when RAVE is on) and
    ``last`` (``2 x num_distinct_actions``, all -1) are scratch; ``kernels`` holds the
    addresses of ``legal``, ``apply`` and ``playout`` (:mod:`hexarena.ai.kernel_calls`).
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
                acts = call_legal(kernels[K_LEGAL], g, arr)
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
            call_apply(kernels[K_APPLY], g, arr, a)
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
                        a = greedy_action(g, arr, tmp, rng, kernels)
                        call_apply(kernels[K_APPLY], g, arr, a)
                    else:
                        call_playout(kernels[K_PLAYOUT], g, arr, rng, one, 1)
                        a = one[0]
                    seq_a[nseq] = a
                    seq_s[nseq] = s
                    nseq += 1
                    steps += 1
            else:
                call_playout(kernels[K_PLAYOUT], g, arr, rng, none, pcap)
        r0 = seat0_reward(g, arr, score_end)
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
