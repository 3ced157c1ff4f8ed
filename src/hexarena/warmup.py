"""Compile (or load from Numba's on-disk cache) each game's kernels and search ahead of time.

Every kernel is ``@njit(cache=True)``: the first process to run it compiles it and writes the
machine code beside the source (``__pycache__/*.nbi``, ``*.nbc``); later processes load it. The
web server warms every game in the background when it starts, and ``hexarena warmup`` does the
same from the command line, so that the first game of a kind waits for nothing.

:func:`warm_rules` runs what the server process itself needs (legal actions, apply, replay,
the picture); :func:`warm_search` what a computer player needs on top (playouts, the tree
search, the plug-in's evaluation and endgame solver).
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


def warm_all(
    names: Iterable[str] | None = None,
    *,
    search: bool = True,
    report: Callable[[str, Timing, Timing | None], None] | None = None,
) -> dict[str, tuple[Timing, Timing | None]]:
    """Warm every game of ``names`` (all by default); ``report`` hears of each as it is done."""
    out: dict[str, tuple[Timing, Timing | None]] = {}
    for name in names if names is not None else game_names():
        rules = warm_rules(name)
        found = warm_search(name) if search else None
        out[name] = (rules, found)
        if report is not None:
            report(name, rules, found)
    return out
