"""Batched environments benchmark: environment steps per second, observations included.

Run ``nice python benchmarks/bench_vector.py`` (``--quick`` for a short run). For every game it
measures, side by side in one run:

- ``VectorEnv`` with N = 1, 64 and 1,024 environments: each step is one action in every
  environment, chosen uniformly at random among the legal ones by the environment's compiled
  sampler (the policy's cost, a pass over the mask), and returns the observation planes, the
  legal-action masks, rewards and flags, restarting ended games; the observations and masks
  are written incrementally (only what changed: the default);
- the same at N = 1,024 with every observation and mask rewritten whole at every step
  (``VectorEnv(..., incremental=False)``, the way before), for the comparison;
- a plain-Python loop over one :class:`hexarena.core.State`: the observation of the seat to act
  (:class:`hexarena.observe.Observer`, the same writer), ``legal_actions()``, a random choice
  and ``apply()``;
- the PettingZoo environment (``hexarena.envs.aec_env``, one environment, with observations and
  action masks) when it can be imported (the ``rl`` extra), else a note: the usual loop of
  ``last()`` (the observation dict with its action mask) and ``step()`` with an action drawn
  uniformly from the mask's legal actions, and a new game (``reset()``) when one ends.

Figures are environment steps (actions) per second of processor time and of wall time; on a
shared machine the processor-time figure is the one to compare. Everything runs on one core.
"""

from __future__ import annotations

import platform
import random
import time
from collections.abc import Callable
from typing import Any

from common import parser
from rich.console import Console
from rich.table import Table

import hexarena
from hexarena.core import Game
from hexarena.observe import Observer
from hexarena.vector import VectorEnv

#: The boards measured: each game's usual board for play.
BOARDS: list[tuple[str, dict[str, Any], str]] = [
    ("churn", {"size": 5}, "side 5"),
    ("gyre", {"size": 7}, "side 7"),
    ("throngs", {}, "original"),
    ("scrunch", {"size": 5}, "side 5"),
    ("china-grove", {}, "63 cells"),
]
SIZES = (1, 64, 1024)


def measure(step: Callable[[], int], seconds: float) -> tuple[float, float]:
    """Call ``step`` (which returns the environment steps it took) for about ``seconds`` of
    processor time; return steps per second of processor time and of wall time."""
    steps = 0
    c0, w0 = time.process_time(), time.perf_counter()
    while True:
        for _ in range(8):
            steps += step()
        cpu = time.process_time() - c0
        if cpu >= seconds:
            return steps / cpu, steps / (time.perf_counter() - w0)


def vector_rate(
    name: str, options: dict[str, Any], n: int, seconds: float, *, incremental: bool = True
) -> tuple[float, float]:
    """Steps per second of a ``VectorEnv`` of ``n`` environments."""
    env = VectorEnv(name, n, options, seed=1, incremental=incremental)
    for _ in range(3):  # compile
        env.step(env.random_actions())

    def step() -> int:
        env.step(env.random_actions())
        return n

    return measure(step, seconds)


def state_rate(game: Game, seconds: float) -> tuple[float, float]:
    """Steps per second of the plain State API, one game, observations included."""
    rng = random.Random(1)
    box = [game.new_initial_state()]
    observer = Observer(game)
    out = observer.new_buffer()
    observer.fill(box[0].array, 0, out)  # compile

    def step() -> int:
        st = box[0]
        observer.fill(st.array, st.current_player, out)
        acts = st.legal_actions()
        st.apply(acts[rng.randrange(len(acts))])
        if st.is_terminal():
            box[0] = game.new_initial_state()
        return 1

    for _ in range(20):  # compile legal and apply before timing
        step()
    return measure(step, seconds)


def pettingzoo_rate(name: str, options: dict[str, Any], seconds: float) -> tuple[float, float]:
    """Steps per second of the PettingZoo AEC environment (``hexarena.envs.aec_env``): the
    usual loop of ``last()`` (the observation with its action mask) and ``step()`` with a
    uniformly random legal action, and ``reset()`` when a game ends."""
    import numpy as np

    from hexarena import envs

    env = envs.aec_env(name, **options)
    rng = random.Random(1)
    env.reset(seed=1)

    def step() -> int:
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.reset()
            return 0
        # the cheapest uniform choice from the mask (NumPy's Generator.choice would take about
        # as long again as the environment's own step)
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.randrange(len(legal))]))
        return 1

    for _ in range(20):  # compile the observation kernels before timing
        step()
    return measure(step, seconds)


def main() -> None:
    """Measure and print the figures."""
    p = parser(__doc__ or "")
    p.set_defaults(seconds=1.0)
    p.add_argument("--games", nargs="*", default=[b[0] for b in BOARDS], help="games to measure")
    args = p.parse_args()
    seconds = 0.2 if args.quick else args.seconds
    try:
        from hexarena import envs  # noqa: F401

        have_pz = True
        pz_note = "PettingZoo: hexarena.envs.aec_env, one environment, last() and step()."
    except ImportError as exc:
        have_pz = False
        pz_note = f"PettingZoo column skipped: hexarena.envs cannot be imported ({exc})."
    table = Table(title="Environment steps per second with observations (processor | wall)")
    table.add_column("game", justify="left")
    table.add_column("board", justify="left")
    for n in SIZES:
        table.add_column(f"N = {n:,}", justify="right")
    table.add_column("N = 1,024 whole", justify="right")
    table.add_column("State loop", justify="right")
    table.add_column("PettingZoo", justify="right")
    table.add_column("N=1,024 / State", justify="right")
    table.add_column("N=1,024 / PettingZoo", justify="right")
    table.add_column("N=64 / PettingZoo", justify="right")

    def cell(r: tuple[float, float]) -> str:
        return f"{r[0]:,.0f} | {r[1]:,.0f}"

    for name, options, board in BOARDS:
        if name not in args.games:
            continue
        game = hexarena.new_game(name, **options)
        rates = [vector_rate(name, options, n, seconds) for n in SIZES]
        whole = vector_rate(name, options, SIZES[-1], seconds, incremental=False)
        plain = state_rate(game, seconds)
        pz = pz_ratio = pz_ratio64 = "-"
        if have_pz:
            try:
                pz_rate = pettingzoo_rate(name, options, seconds)
                pz = cell(pz_rate)
                pz_ratio = f"{rates[-1][0] / pz_rate[0]:,.0f}x"
                pz_ratio64 = f"{rates[1][0] / pz_rate[0]:,.0f}x"
            except Exception as exc:  # an interface of another module: report, go on
                pz = "failed"
                pz_note += f" {name}: {type(exc).__name__}: {str(exc)[:80]}."
        table.add_row(
            game.title,
            board,
            *map(cell, rates),
            cell(whole),
            cell(plain),
            pz,
            f"{rates[-1][0] / plain[0]:,.0f}x",
            pz_ratio,
            pz_ratio64,
        )
    console = Console(width=200)
    console.print(table)
    console.print(
        f"{platform.processor() or platform.machine()}, Python {platform.python_version()}, "
        f"one core, {seconds:g} s of processor time per figure; steps are single actions, the "
        f"random legal choice included. {pz_note}"
    )


if __name__ == "__main__":
    main()
