"""Compile (or load from Numba's on-disk cache) each game's kernels and search ahead of time.

Every kernel is ``@njit(cache=True)``: the first process to run it compiles it and writes the
machine code beside the source (``__pycache__/*.nbi``, ``*.nbc``); later processes load it. The
web server warms every game in the background when it starts, and ``hexarena warmup`` does the
same from the command line, so that the first game of a kind waits for nothing.

:func:`warm_rules` runs what the server process itself needs (legal actions, apply, replay,
the picture); :func:`warm_search` what a computer player needs on top (playouts, the tree
search, the plug-in's evaluation and endgame solver); :func:`warm_more` the rest, which the
command compiles too and the server does not wait for: the observation tensors
(:mod:`hexarena.observe`, for OpenSpiel, PettingZoo and Gymnasium), the batched environments'
steps (:mod:`hexarena.vector`, compiled with each game's mask writer and incremental updates),
positions set up by hand, and the ``perfect`` player's solver on the solved boards.
:func:`warm_all` warms the games one after another, or in several processes at once.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .core import Game, State
from .games import game_class, game_names

#: The strength level whose search the warm-up compiles (every level but ``uct`` shares it).
WARM_LEVEL = "easy"


@dataclass(frozen=True)
class Timing:
    """Processor and wall seconds of one step."""

    cpu: float
    wall: float


def timed(fn: Callable[[], object]) -> Timing:
    """Run ``fn`` and measure it."""
    c0, w0 = time.process_time(), time.perf_counter()
    fn()
    return Timing(time.process_time() - c0, time.perf_counter() - w0)


def _walk(game: Game) -> State:
    """A few actions of a game through every path of :class:`State` that the server uses."""
    st = game.new_initial_state()
    played: list[int] = []
    for _ in range(8):
        if st.is_terminal():
            break
        legal = st.legal_actions()
        a = legal[len(legal) // 2]
        st.apply(a)
        played.append(a)
    game.cell_view(st.array)
    st.outcome()
    replay = game.new_initial_state()
    if played:
        replay.apply_actions(played)
        replay.undo()
        game.move_text(played[:1])
    probe = game.new_initial_state()
    if not probe.is_terminal():
        first = probe.legal_actions()[0]
        probe.copy().apply_move([first], complete=False)
    return st


def warm_rules(name: str) -> Timing:
    """Compile (or load) the kernels that play a game of ``name`` with its default options."""
    return timed(lambda: _walk(game_class(name)()))


def warm_search(name: str, level: str = WARM_LEVEL) -> Timing:
    """Compile (or load) a computer player's search for ``name`` and play one short turn."""
    from .ai import Limit, make_player

    def run() -> None:
        game = game_class(name)()
        player = make_player(level, seed=1)
        player.prepare(game)
        st = game.new_initial_state()
        player.choose_turn(st, Limit(iterations=8))
        st.apply_move(player.choose_turn(st, Limit(iterations=8)), complete=True)
        if not st.is_terminal():
            player.choose_turn(st, Limit(iterations=8))

    return timed(run)


def _set_up(game: Game) -> None:
    """A position set up by hand (its own kernels: Gyre's arcs and loops, Throngs' tables)."""
    position = getattr(game, "position", None)
    if position is None:
        return
    if game.name == "scrunch":  # with no snake, a player who is not creating has lost
        position((), (), creating=(True, True))
    else:
        position((), ())


def _batched(game: Game) -> None:
    """A few steps of the batched environments, both ways of writing, and their final
    observations: the steps compiled with the game's kernels (cached on disk:
    :func:`hexarena.numba_closure_cache.cache_closure`), for a few environments and for a thousand
    (Throngs writes a buffer that large by other stores, in a step of its own)."""
    from .vector import VectorEnv

    for n, incremental in ((2, True), (2, False), (1024, True)):
        env = VectorEnv(game, n, seed=1, max_actions=3, incremental=incremental)
        for _ in range(3):
            env.step(env.random_actions())
        env.final()


def _perfect(game: Game) -> None:
    """The ``perfect`` player's first turn on this game's first solved board, if it has one."""
    from .ai import Limit, make_player
    from .games import new_game
    from .solve.results import solved_boards

    board = next((b for b in solved_boards() if b["game"] == game.name), None)
    if board is None:
        return
    solved = new_game(game.name, **board["options"])
    player = make_player("perfect", seed=1)
    player.prepare(solved)
    player.choose_turn(solved.new_initial_state(), Limit(iterations=8))


def warm_more(name: str) -> Timing:
    """Compile (or load) what the interfaces for learning programs and the analysis need of
    ``name``: observations (from Python and from the batched step, whose seats are of two
    types), the batched environments, positions set up by hand, the ``perfect`` player."""
    from .observe import Observer

    def run() -> None:
        game = game_class(name)()
        st = _walk(game)
        observer = Observer(game)
        observer.observe(st, 0)
        _batched(game)
        _set_up(game)
        _perfect(game)

    return timed(run)


#: What :func:`warm_all` warmed of a game: its rules, its search and the rest (``None``: not
#: asked for).
Warmed = tuple[Timing, Timing | None, Timing | None]


def warm_part(name: str, part: str, search: bool = True) -> tuple[Timing | None, ...]:
    """One part of :func:`warm_all`'s work: ``"app"``, the rules then (``search``) the search
    of ``name``; ``"more"``, :func:`warm_more`."""
    if part == "more":
        return (warm_more(name),)
    return warm_rules(name), warm_search(name) if search else None


#: The games whose compilation takes longest, started first when several processes share them.
LONGEST_FIRST = ("throngs", "scrunch", "churn", "china-grove", "gyre")


def warm_all(
    names: Iterable[str] | None = None,
    *,
    search: bool = True,
    more: bool = False,
    workers: int = 1,
    report: Callable[[str, Warmed], None] | None = None,
) -> dict[str, Warmed]:
    """Warm every game of ``names`` (all by default): the rules and (``search``) the search of
    every game first, what the app needs, then (``more``) the rest, :func:`warm_more`;
    ``report`` hears of each game once all of it is done. With ``workers`` > 1, that many
    processes share the work (the longest first), each writing the on-disk caches that every
    later process loads."""
    todo = list(names if names is not None else game_names())
    first = {n: k for k, n in enumerate(LONGEST_FIRST)}
    todo_order = sorted(todo, key=lambda n: first.get(n, -1)) if workers > 1 else todo
    tasks = [(n, "app") for n in todo_order] + [(n, "more") for n in todo_order if more]
    got: dict[str, list[Timing | None]] = {n: [] for n in todo}
    left = {n: 2 if more else 1 for n in todo}
    out: dict[str, Warmed] = {}

    def done(name: str, part: str, timings: tuple[Timing | None, ...]) -> None:
        if part == "app":
            got[name][:0] = timings
        else:
            got[name].extend(timings)
        left[name] -= 1
        if left[name] == 0:
            rules, found, *rest = got[name]
            assert rules is not None
            out[name] = (rules, found, rest[0] if rest else None)
            if report is not None:
                report(name, out[name])

    if workers <= 1 or len(tasks) <= 1:
        for name, part in tasks:
            done(name, part, warm_part(name, part, search))
    else:
        from concurrent.futures import as_completed

        from .match import worker_pool

        with worker_pool(min(workers, len(tasks))) as pool:
            futures = {pool.submit(warm_part, n, part, search): (n, part) for n, part in tasks}
            for future in as_completed(futures):
                done(*futures[future], future.result())
    return {name: out[name] for name in todo}


def free_cores() -> int:
    """Processor cores not busy now: the cores less the load average of the last minute
    (rounded to the nearest), at least 1."""
    import os

    cores = os.cpu_count() or 1
    try:
        load = os.getloadavg()[0]
    except OSError:  # no load average on this system
        return 1
    return max(1, min(cores, cores - round(load)))
