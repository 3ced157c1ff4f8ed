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
The columns of a game are measured in ``--rounds`` rounds (3; each figure ``--seconds`` of
processor time a round), in turn, the order reversed every other round, and the median of the
rounds is printed; a ratio is the median of the ratios within each round, so that a change in
the machine's speed during the run (other programs, the processor's clock) moves both of its
figures alike.
"""

from __future__ import annotations

import platform
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from common import parser, positive_int
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


Stepper = Callable[[], int]


def vector_stepper(
    name: str, options: dict[str, Any], n: int, *, incremental: bool = True
) -> Stepper:
    """One step of a ``VectorEnv`` of ``n`` environments, compiled and ready to time."""
    env = VectorEnv(name, n, options, seed=1, incremental=incremental)
    for _ in range(3):  # compile
        env.step(env.random_actions())

    def step() -> int:
        env.step(env.random_actions())
        return n

    return step


def state_stepper(game: Game) -> Stepper:
    """One step of the plain State API, one game, observation included."""
    rng = random.Random(1)
    box = [game.new_initial_state()]
    observer = Observer(game)
    out = observer.new_buffer()

    def step() -> int:
        st = box[0]
        observer.fill(st.array, st.current_player, out)
        acts = st.legal_actions()
        st.apply(acts[rng.randrange(len(acts))])
        if st.is_terminal():
            box[0] = game.new_initial_state()
        return 1

    for _ in range(20):  # compile the observation, legal and apply before timing
        step()
    return step


def pettingzoo_stepper(name: str, options: dict[str, Any]) -> Stepper:
    """One step of the PettingZoo AEC environment (``hexarena.envs.aec_env``): the usual loop
    of ``last()`` (the observation with its action mask) and ``step()`` with a uniformly random
    legal action, and ``reset()`` when a game ends (a call that took no step)."""
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
    return step


def in_rounds(
    steppers: dict[str, Stepper], seconds: float, rounds: int
) -> dict[str, list[tuple[float, float]]]:
    """Each stepper's rates (processor, wall) in each of ``rounds`` rounds, measured in turn
    (the order reversed every other round)."""
    rates: dict[str, list[tuple[float, float]]] = {k: [] for k in steppers}
    order = list(steppers)
    for r in range(rounds):
        for key in order if r % 2 == 0 else order[::-1]:
            rates[key].append(measure(steppers[key], seconds))
    return rates


def median_rate(rates: list[tuple[float, float]]) -> tuple[float, float]:
    """The median processor and wall figures of the rounds."""
    return statistics.median(r[0] for r in rates), statistics.median(r[1] for r in rates)


def median_ratio(num: list[tuple[float, float]], den: list[tuple[float, float]]) -> float:
    """The median over the rounds of the ratio of processor-time figures within a round."""
    return statistics.median(a[0] / b[0] for a, b in zip(num, den, strict=True))


def main() -> None:
    """Measure and print the figures."""
    p = parser(__doc__ or "")
    p.set_defaults(seconds=1.0)
    names = [b[0] for b in BOARDS]
    p.add_argument("--games", nargs="+", default=names, choices=names, help="games to measure")
    p.add_argument(
        "--rounds", type=positive_int, default=3, help="rounds of every figure (default 3)"
    )
    args = p.parse_args()
    seconds = 0.2 if args.quick else args.seconds
    rounds = 1 if args.quick else args.rounds
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
        steppers = {f"n{n}": vector_stepper(name, options, n) for n in SIZES}
        steppers["whole"] = vector_stepper(name, options, SIZES[-1], incremental=False)
        steppers["state"] = state_stepper(game)
        if have_pz:
            try:
                steppers["pz"] = pettingzoo_stepper(name, options)
            except Exception as exc:  # an interface of another module: report, go on
                pz_note += f" {name}: {type(exc).__name__}: {str(exc)[:80]}."
        rates = in_rounds(steppers, seconds, rounds)
        big, mid = rates[f"n{SIZES[-1]}"], rates[f"n{SIZES[1]}"]
        pz = pz_ratio = pz_ratio64 = "-"
        if "pz" in rates:
            pz = cell(median_rate(rates["pz"]))
            pz_ratio = f"{median_ratio(big, rates['pz']):,.0f}x"
            pz_ratio64 = f"{median_ratio(mid, rates['pz']):,.0f}x"
        table.add_row(
            game.title,
            board,
            *(cell(median_rate(rates[f"n{n}"])) for n in SIZES),
            cell(median_rate(rates["whole"])),
            cell(median_rate(rates["state"])),
            pz,
            f"{median_ratio(big, rates['state']):,.0f}x",
            pz_ratio,
            pz_ratio64,
        )
    console = Console(width=200)
    console.print(table)
    console.print(
        f"{platform.processor() or platform.machine()}, Python {platform.python_version()}, "
        f"one core, the median of {rounds} round(s) of {seconds:g} s of processor time per "
        f"figure; steps are single actions, the random legal choice included. {pz_note}"
    )


if __name__ == "__main__":
    main()
