"""``hexarena analyse GAME [options] --games N --players random,mcts --out DIR``: the command."""

from __future__ import annotations

from pathlib import Path
from typing import Any, TextIO

from ..ai import player_names
from ..cliargs import (
    MAX_TURNS,
    progress_bar,
    whole_number,
)
from ..core import Game
from ..limits import MAX_DIGITS, split_items
from ..match_cli import add_run_arguments, dask_executor, limit_from_args
from .analyse import Settings, plan, run_analysis
from .runner import AnalysisError
from .sweep import parse_sweep, run_sweep

#: The most games one analysis may play per player.
MAX_GAMES = 1_000_000


def add_arguments(sp: Any) -> None:
    """The command-line arguments of ``analyse``."""
    sp.add_argument(
        "--games",
        type=whole_number(1, MAX_GAMES),
        default=100,
        help="games per player (default 100)",
    )
    sp.add_argument(
        "--players",
        default="random,mcts",
        help="comma-separated players, each playing itself, each with its own number of games "
        "if given as NAME:GAMES (default random,mcts)",
    )
    add_run_arguments(sp, outcome="report")
    sp.add_argument(
        "--out", metavar="DIR", default=None, help="report folder (default analysis-GAME)"
    )
    sp.add_argument(
        "--playouts",
        type=whole_number(1, 1_000_000),
        default=200,
        help="random playouts per opening for random's swap map (default 200)",
    )
    sp.add_argument(
        "--opening-factor",
        dest="opening_factor",
        type=whole_number(1, 1000),
        default=10,
        help="the swap map's search gets this many times a decision's limit (default 10)",
    )
    sp.add_argument(
        "--no-swap-map", dest="no_swap_map", action="store_true", help="skip the swap map"
    )
    sp.add_argument(
        "--max-turns",
        dest="max_turns",
        type=whole_number(1, MAX_TURNS),
        default=None,
        help="stop a search game after this many turns (the player to move resigns)",
    )
    sp.add_argument(
        "--sweep", metavar="OPTION=VALUES", default=None, help="e.g. size=2..6 or size=3,5,7"
    )
    sp.add_argument("--quiet", action="store_true", help="no progress bar")


def settings_from_args(game: Game, ns: Any) -> Settings:
    """The analysis' settings from the parsed command line, every value checked."""
    if not 1 <= ns.games <= MAX_GAMES:
        raise AnalysisError(f"--games must be 1 to {MAX_GAMES:,}, not {ns.games}")
    players: list[str] = []
    games_by_player: dict[str, int] = {}
    known = player_names()
    items, empty = split_items(str(ns.players))
    if empty is not None:
        raise AnalysisError(
            f"--players: item {empty} is empty (players are NAME or NAME:GAMES, by commas)"
        )
    for k, item in enumerate(items, start=1):
        name, colon, count = item.lower().partition(":")
        name, count = name.strip(), count.strip()
        if not name:
            raise AnalysisError(
                f"--players: item {k} has no player's name (players are NAME or NAME:GAMES, "
                "by commas)"
            )
        if name not in known:
            raise AnalysisError(
                f"there is no player called {name[:40]!r}; the players are: {', '.join(known)}"
            )
        if colon:
            digits = count.isascii() and count.isdigit() and len(count) <= MAX_DIGITS
            if not (digits and 1 <= int(count) <= MAX_GAMES):
                raise AnalysisError(
                    f"games for {name} must be 1 to {MAX_GAMES:,}, not {count[:20]!r}"
                )
            games_by_player[name] = int(count)
        players.append(name)
    if not players:
        raise AnalysisError("--players needs at least one player")
    if len(set(players)) != len(players):
        raise AnalysisError("--players names a player twice")
    if not 1 <= ns.playouts <= 1_000_000:
        raise AnalysisError(f"--playouts must be 1 to 1,000,000, not {ns.playouts}")
    if ns.max_turns is not None and ns.max_turns < 1:
        raise AnalysisError(f"--max-turns must be at least 1, not {ns.max_turns}")
    if not 1 <= ns.opening_factor <= 1000:
        raise AnalysisError(f"--opening-factor must be 1 to 1000, not {ns.opening_factor}")
    if ns.workers < 1:
        raise AnalysisError(f"--workers must be at least 1, not {ns.workers}")
    limit = limit_from_args(ns)
    return Settings(
        game=game,
        games=ns.games,
        players=tuple(players),
        seed=ns.seed,
        seconds=None if limit is None else limit.seconds,
        iterations=None if limit is None else limit.iterations,
        max_turns=ns.max_turns,
        playouts=ns.playouts,
        swap_map=not ns.no_swap_map,
        workers=ns.workers,
        games_by_player=games_by_player,
        opening_factor=ns.opening_factor,
    )


def cmd_analyse(game: Game, ns: Any, out: TextIO) -> int:
    """Run (or resume) an analysis or a sweep and say where its report is."""
    s = settings_from_args(game, ns)
    folder = Path(ns.out) if ns.out else Path(f"analysis-{game.name}")
    if folder.exists() and not folder.is_dir():
        raise AnalysisError(f"--out {str(folder)[:100]} is a file, not a folder")
    executor = dask_executor(ns.scheduler) if ns.scheduler else None
    show = not ns.quiet and out.isatty()

    def run_one(settings: Settings, where: Path) -> dict[str, Any]:
        jobs = plan(settings)
        if not show:
            return run_analysis(settings, where, executor=executor, jobs=jobs)
        with progress_bar(remaining=True) as progress:
            task = progress.add_task(f"{settings.game.name} analysis", total=len(jobs))
            from .runner import results_of

            progress.advance(task, len(results_of(jobs, where / "results.jsonl")))
            return run_analysis(
                settings,
                where,
                executor=executor,
                jobs=jobs,
                on_result=lambda r: progress.advance(task),
            )

    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise AnalysisError(
            f"cannot write the report into {str(folder)[:100]}: {exc.strerror}"
        ) from None
    if ns.sweep:
        option, values = parse_sweep(game, ns.sweep)
        run_sweep(s, option, values, folder, run_one)
    else:
        run_one(s, folder)
    print(f"report: {folder / 'report.html'}", file=out)
    return 0
