"""Where a batched step's time goes, per environment: rules, mask, observation, restarts, calls.

Run ``nice python benchmarks/profile_vector.py`` (``--quick`` for a short run; ``--games churn
gyre`` for some games; ``--envs 64`` at another batch size). For each game at N = 1,024 it
records 200 steps of random play (at a smaller N, as many environment steps), then replays the
same actions from the same positions through step loops compiled with parts left out
(Throngs' and Scrunch's with the ``apply`` their environments compile into the step;
Scrunch's with the mask row fetched ahead and its observation's update as its step runs it),
and prints processor time (and wall time) per environment step:

- ``apply``: the rules' ``apply`` and the restart of ended games (state copy), nothing written;
- ``+ mask``, ``+ observation``: that part added, incrementally (the environment's default) or
  rewritten whole (``VectorEnv(..., incremental=False)``);
- ``full``: both, as a step of ``VectorEnv`` runs;
- ``random``: the compiled random legal choice (a pass over the mask), per environment;
- ``N = 1 call``: one ``step(random_actions())`` of a one-environment ``VectorEnv`` from Python,
  whole: the fixed cost of a call (checks, the compiled call, the sampler).

With ``--calls`` it prints instead where a call's time goes at N = 1 and N = 64, in nanoseconds
a call: ``step(random_actions())`` whole, ``random_actions()`` alone (the compiled choice and
the copy of its result), ``step()`` (the difference), the compiled step refused at its first
environment (Python's call into compiled code, the arrays handed over, one action checked:
the fixed cost of the step's call), and the rest of ``step()`` per environment (the compiled
loop).

The parts do not add up exactly: leaving a part out also leaves out its memory traffic.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np
from common import parser, positive_int
from numba import njit
from rich.console import Console
from rich.table import Table

from hexarena.core import H_PLAYER
from hexarena.games.scrunch import mask_into as scrunch_mask_into
from hexarena.games.scrunch.rules import apply_inline as scrunch_apply_inline
from hexarena.vector import VectorEnv, _cache_aligned
from hexarena.vector.deltas import (
    DELTAS,
    churn_scratch,
    delta_churn_after,
    delta_gyre_after,
    mask_china_grove,
    mask_churn,
)
from hexarena.vector.deltas_scrunch import SHOWN_EXTRA, update_scrunch
from hexarena.vector.deltas_throngs import (
    apply_throngs,
    delta_throngs_after,
    state_span_throngs,
)
from hexarena.vector.drivers import bound_delta_step, bound_loops, random_legal, whole_row
from hexarena.vector.masks import mask_writer

BOARDS: list[tuple[str, dict[str, Any]]] = [
    ("churn", {"size": 5}),
    ("gyre", {"size": 7}),
    ("throngs", {}),
    ("scrunch", {"size": 5}),
    ("china-grove", {}),
]
N = 1024
STEPS = 200


@njit
def _no_mask(g: Any, arr: Any, row: Any) -> None:  # pragma: no cover - compiled
    pass


@njit
def _no_obs(g: Any, arr: Any, seat: int, geo: Any, out: Any) -> None:  # pragma: no cover
    pass


@njit
def _no_update(
    g: Any, arr: Any, geo: Any, out: Any, row: Any, memo: Any, a: int
) -> None:  # pragma: no cover
    pass


def _timed(run: Callable[[], object], seconds: float) -> tuple[float, float]:
    """Processor and wall seconds per call of ``run`` over about ``seconds`` of processor time."""
    run()
    k = 0
    c0, w0 = time.process_time(), time.perf_counter()
    while True:
        run()
        k += 1
        cpu = time.process_time() - c0
        if cpu >= seconds:
            return cpu / k, (time.perf_counter() - w0) / k


def profile(
    name: str, options: dict[str, Any], seconds: float, n_envs: int = N
) -> dict[str, tuple[float, float]]:
    """Nanoseconds (processor, wall) per environment step of each variant of the step, at
    ``n_envs`` environments (recording :data:`STEPS` steps at N = 1,024, as many environment
    steps at fewer)."""
    N = n_envs  # the batch size (the module's N by default)
    steps = max(STEPS, STEPS * 1024 // N)
    env = VectorEnv(name, N, options, seed=1)
    for _ in range(40):  # games under way, some near their end
        env.step(env.random_actions())
    game = env.game
    e: Any = env  # the environment's buffers, shared by the variants' replays
    start = env.states.copy()
    start_obs, start_mask, start_memo = e._obs_flat.copy(), e._mask.copy(), e._memo.copy()
    seqs = []
    for _ in range(steps):
        acts = env.random_actions()
        seqs.append(acts)
        env.step(acts)
    mask = mask_writer(game)
    # the rules' apply as the environment's step calls it (Throngs' and Scrunch's: compiled
    # into the step), and the step's options as the environment chose them
    apply = {"throngs": apply_throngs, "scrunch": scrunch_apply_inline}.get(
        name, game.kernels.apply
    )
    span = state_span_throngs if name == "throngs" else whole_row
    extra = {"mask_ahead": True} if name == "scrunch" else {}
    rewrite = bool(getattr(e, "_rewritten", False))

    if name == "churn":  # by the action: the cell placed on and its group

        @njit(inline="always")  # as the step's own update is
        def obs_only(g: Any, arr: Any, geo: Any, out: Any, row: Any, memo: Any, a: int) -> None:
            delta_churn_after(g, arr, arr[H_PLAYER], geo, out, memo, a)  # pragma: no cover

    elif name == "gyre":  # the cell placed on, with the mask

        @njit(inline="always")  # as the step's own update is
        def obs_only(g: Any, arr: Any, geo: Any, out: Any, row: Any, memo: Any, a: int) -> None:
            delta_gyre_after(g, arr, arr[H_PLAYER], geo, out, memo, row)  # pragma: no cover

    elif name == "throngs":  # the sites the action names

        @njit(inline="always")  # as the step's own update is
        def obs_only(g: Any, arr: Any, geo: Any, out: Any, row: Any, memo: Any, a: int) -> None:
            delta_throngs_after(g, arr, arr[H_PLAYER], geo, out, memo, a)  # pragma: no cover

    elif name == "scrunch":  # the cells the action names (every cell after a removal)

        @njit(inline="always")  # as the step's own update is, planes rewritten as it chose
        def obs_only(g: Any, arr: Any, geo: Any, out: Any, row: Any, memo: Any, a: int) -> None:
            update_scrunch(g, arr, arr[H_PLAYER], geo, out, memo, a, rewrite)  # pragma: no cover

    else:  # China Grove: every cell compared with the memo row
        delta = DELTAS[game.name]

        @njit(inline="always")  # as the step's own update is
        def obs_only(g: Any, arr: Any, geo: Any, out: Any, row: Any, memo: Any, a: int) -> None:
            delta(g, arr, arr[H_PLAYER], geo, out, memo)  # pragma: no cover - compiled

    if name == "churn":  # written without allocating, with the memo row's scratch room

        @njit(inline="always")  # as the step's own update is
        def mask_only(g: Any, arr: Any, geo: Any, out: Any, row: Any, memo: Any, a: int) -> None:
            mask_churn(g, arr, churn_scratch(memo, geo[0]), row)  # pragma: no cover - compiled

    elif name == "china-grove":  # written without allocating

        @njit(inline="always")  # as the step's own update is
        def mask_only(g: Any, arr: Any, geo: Any, out: Any, row: Any, memo: Any, a: int) -> None:
            mask_china_grove(g, arr, row)  # pragma: no cover - compiled

    elif name == "scrunch":  # written without allocating, with the memo row's scratch room

        @njit(inline="always")  # as the step's own update is
        def mask_only(g: Any, arr: Any, geo: Any, out: Any, row: Any, memo: Any, a: int) -> None:
            scrunch_mask_into(g, arr, row, memo[geo[0] + SHOWN_EXTRA :])  # pragma: no cover

    else:

        @njit(inline="always")  # as the step's own update is
        def mask_only(g: Any, arr: Any, geo: Any, out: Any, row: Any, memo: Any, a: int) -> None:
            mask(g, arr, row)  # pragma: no cover - compiled

    states = start.copy()
    # the observations on a cache line, as the environment allocates them
    obs, msk, memo = _cache_aligned(start_obs), start_mask.copy(), start_memo.copy()
    rewards = np.zeros((N, 2), np.float32)
    term = np.zeros(N, np.bool_)
    trunc = np.zeros(N, np.bool_)
    lengths = np.zeros(N, np.int64)
    why = np.zeros(N, np.int8)
    final = np.zeros_like(e._final)

    def replay_delta(update: Any, step: Any = None) -> Callable[[], None]:
        # unchecked (but for the environment's own step): the actions were legal when recorded,
        # and a variant that leaves the mask out would refuse them
        step = step or bound_delta_step(update, apply, span, checked=False, **extra)

        def run() -> None:
            states[:] = start
            obs[:], msk[:], memo[:] = start_obs, start_mask, start_memo
            lengths[:] = 0
            for a in seqs:
                step(
                    e._g, e._init, e._vgeo, states, a, msk, obs, memo, e._obs0, e._mask0,
                    e._memo0, rewards, term, trunc, lengths, e.max_actions, why, final,
                )  # fmt: skip

        return run

    def replay_whole(m: Any, o: Any) -> Callable[[], None]:
        step = bound_loops(m, apply, o, checked=False)[1]

        def run() -> None:
            states[:] = start
            obs[:], msk[:] = start_obs, start_mask
            lengths[:] = 0
            for a in seqs:
                step(
                    e._g, e._init, e._geo, states, a, msk, obs, rewards, term, trunc, lengths,
                    e.max_actions, e._span, why, final,
                )  # fmt: skip

        return run

    def reset_only() -> None:  # the copies every replay makes before its steps
        states[:] = start
        obs[:], msk[:], memo[:] = start_obs, start_mask, start_memo
        lengths[:] = 0

    variants = {
        "apply": replay_delta(_no_update),
        "+ mask (incremental)": replay_delta(mask_only),
        "+ observation (incremental)": replay_delta(obs_only),
        # the environment's own step (Throngs' at N = 1,024: whole planes by streaming stores)
        "full (incremental)": replay_delta(None, e._delta_step),
        "+ mask (whole)": replay_whole(mask, _no_obs),
        "+ observation (whole)": replay_whole(_no_mask, env.observer.writer),
        "full (whole)": replay_whole(mask, env.observer.writer),
    }
    if name == "gyre":  # its mask is updated with the observation, from the same cell
        del variants["+ mask (incremental)"]
    base = _timed(reset_only, seconds / 4)
    out: dict[str, tuple[float, float]] = {}
    for label, run in variants.items():
        cpu, wall = _timed(run, seconds)
        out[label] = ((cpu - base[0]) / (steps * N) * 1e9, (wall - base[1]) / (steps * N) * 1e9)
    rngs = e._rngs.copy()
    picks = np.zeros(N, np.int64)
    cpu, wall = _timed(lambda: random_legal(e._mask, rngs, picks), seconds / 2)
    out["random"] = (cpu / N * 1e9, wall / N * 1e9)
    one = VectorEnv(name, 1, options, seed=1)
    cpu, wall = _timed(lambda: one.step(one.random_actions()), seconds / 2)
    out["N = 1 call"] = (cpu * 1e9, wall * 1e9)
    return out


def _per_call(run: Callable[[], object], seconds: float) -> float:
    """Processor nanoseconds per call of ``run`` (a short call: timed in batches of 100)."""
    run()
    k = 0
    c0 = time.process_time()
    while True:
        for _ in range(100):
            run()
        k += 100
        cpu = time.process_time() - c0
        if cpu >= seconds:
            return cpu / k * 1e9


def calls(name: str, options: dict[str, Any], n: int, seconds: float) -> dict[str, float]:
    """Processor nanoseconds a call of the pieces of ``step(random_actions())`` with ``n``
    environments (the module's notes), from a position 100 steps into random play."""
    env = VectorEnv(name, n, options, seed=1)
    for _ in range(100):
        env.step(env.random_actions())
    e: Any = env
    whole = _per_call(lambda: env.step(env.random_actions()), seconds)
    draw = _per_call(env.random_actions, seconds)
    refused = np.full(n, -1, dtype=np.int64)  # refused at the first environment

    if hasattr(e, "_table"):  # the step's call takes the table of the arrays
        args: tuple[Any, ...] = (e._table, refused)
    else:  # code before the table (the 2026-11-27 main): the arrays one by one
        args = (
            *(e._g, e._init, e._vgeo, e._states, refused, e._mask, e._obs_flat, e._memo),
            *(e._obs0, e._mask0, e._memo0, e._rewards, e._terminated, e._truncated),
            *(e._lengths, e.max_actions, e._why, e._final),
        )

    def refuse() -> None:
        if e._delta_entry(*args) != 0:
            raise AssertionError("the step took an action -1")

    first = _per_call(refuse, seconds)
    return {
        "step(random_actions())": whole,
        "random_actions()": draw,
        "step()": whole - draw,
        "step's compiled call, refused at once": first,
        "the rest of step(), per environment": (whole - draw - first) / n,
    }


def main() -> None:
    """Measure and print the table."""
    p = parser(__doc__ or "")
    p.set_defaults(seconds=1.0)
    names = [b[0] for b in BOARDS]
    p.add_argument("--games", nargs="+", default=names, choices=names, help="games to profile")
    p.add_argument("--calls", action="store_true", help="where a call's time goes at N = 1, 64")
    p.add_argument(
        "--envs", type=positive_int, default=N, help="environments of the replays (1,024)"
    )
    args = p.parse_args()
    seconds = 0.25 if args.quick else args.seconds
    if args.calls:
        table = Table(title="Nanoseconds of processor time per call (N = 1 | N = 64)")
        table.add_column("part", justify="left")
        found = {}
        for name, options in BOARDS:
            if name in args.games:
                found[name] = [calls(name, options, n, seconds) for n in (1, 64)]
                table.add_column(name, justify="right")
        for label in found[next(iter(found))][0]:
            table.add_row(label, *(f"{a[label]:,.0f} | {b[label]:,.0f}" for a, b in found.values()))
        Console(width=160).print(table)
        return
    rows = {
        name: profile(name, options, seconds, args.envs)
        for name, options in BOARDS
        if name in args.games
    }
    labels = list(dict.fromkeys(k for r in rows.values() for k in r))
    table = Table(title=f"Nanoseconds per environment step at N = {args.envs:,} (processor | wall)")
    table.add_column("part", justify="left")
    for name in rows:
        table.add_column(name, justify="right")
    for label in labels:
        table.add_row(
            label,
            *(
                f"{r[label][0]:,.0f} | {r[label][1]:,.0f}" if label in r else "-"
                for r in rows.values()
            ),
        )
    Console(width=160).print(table)


if __name__ == "__main__":
    main()
