"""The ``match`` and ``tournament`` subcommands: their options, the records folder, the time or
iteration limit, the optional Dask cluster, the progress bar and the printed summaries.

The games themselves are played by :mod:`hexarena.match` (:func:`~hexarena.match.run_match`,
:func:`~hexarena.match.run_tournament`); this module only reads the command line and reports.
"""

from __future__ import annotations

import os
import time
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from .ai import Limit, player_names
from .ai.mcts import check_limit
from .cliargs import (
    MAX_GAMES,
    MAX_SEED,
    MAX_TURNS,
    MAX_WORKERS,
    positive_number,
    progress_bar,
    records_folder,
    whole_number,
)
from .core import Game
from .limits import MAX_THINK_COUNT, MAX_THINK_SECONDS, cut
from .match import MatchError, check_players, file_label, run_match, run_tournament

#: Where matches and tournaments save their records unless told otherwise.
DEFAULT_RECORDS = Path("hexarena-records")


def records_dir(ns: Any, what: str) -> Path | None:
    """The records folder a command asked for: ``--records DIR``, none with ``--no-records``,
    else a new folder under :data:`DEFAULT_RECORDS` named after the run and the time."""
    if getattr(ns, "no_records", False):
        return None
    if getattr(ns, "records", None):
        return records_folder(Path(ns.records))
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return records_folder(DEFAULT_RECORDS / f"{what}-{stamp}")


def limit_from_args(ns: Any) -> Limit | None:
    """``--time`` / ``--iterations`` as a limit (``None``: each player's own default)."""
    if ns.time is not None and ns.iterations is not None:
        raise MatchError("give --time or --iterations, not both")
    if ns.time is not None:
        lim = Limit(seconds=float(ns.time))
    elif ns.iterations is not None:
        lim = Limit(iterations=int(ns.iterations))
    else:
        return None
    check_limit(lim)
    return lim


def dask_executor(address: str) -> Executor:
    """A ``concurrent.futures`` executor running on the Dask cluster at ``address`` (the
    ``dask`` extra: ``pip install 'hexarena[dask]'``; every worker needs hexarena installed)."""
    try:
        from distributed import Client
    except ImportError:
        raise MatchError(
            "--scheduler needs Dask: pip install 'hexarena[dask]' (or dask[distributed])"
        ) from None
    try:
        client = Client(address)
    except (OSError, ValueError, TimeoutError) as exc:
        raise MatchError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    executor: Executor = client.get_executor()
    return executor


def _progress(total: int, title: str, show: bool) -> Any:
    """A Rich progress bar (or a stand-in that shows nothing)."""
    if not show:
        return None
    progress = progress_bar()
    task = progress.add_task(title, total=total)
    return progress, task


def cmd_match(game: Game, ns: Any, out: Any) -> int:
    """``hexarena match GAME A B``: play the match and print its summary."""
    a, b = check_players(ns.players) if len(ns.players) == 2 else (None, None)
    if a is None or b is None:
        raise MatchError(
            f"a match is between two players, not {len(ns.players)}: hexarena match {game.name} A B"
        )
    limit = limit_from_args(ns)
    records = records_dir(ns, f"{game.name}-{file_label(a)}-vs-{file_label(b)}")
    show = not ns.json and not ns.quiet and out.isatty()
    bar = _progress(ns.games, f"{game.name}: {a} vs {b}", show)
    kwargs: dict[str, Any] = dict(
        limit=limit, seed=ns.seed, workers=ns.workers, records=records, max_turns=ns.max_turns
    )
    if ns.scheduler:
        kwargs["executor"] = dask_executor(ns.scheduler)
    if bar is not None:
        progress, task = bar
        with progress:
            res = run_match(
                game, a, b, ns.games, on_game=lambda r: progress.advance(task), **kwargs
            )
    else:
        res = run_match(game, a, b, ns.games, **kwargs)
    data = res.as_json()
    if ns.json:
        import json

        print(json.dumps(data), file=out)
        return 0
    from rich.console import Console
    from rich.table import Table

    table = Table(
        title=f"{game.title} ({game.option_text()}): {res.a} vs {res.b}, "
        f"{data['limit']}, seed {res.seed}"
    )
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_row("games", str(data["games"]))
    for label, w in data["wins"].items():
        table.add_row(f"{label} wins", f"{w} ({100 * w / data['games']:.1f}%)")
    lo, hi = data["win_rate_ci95"]
    table.add_row(f"{res.a} win rate (95% CI)", f"{data['win_rate']:.3f} ({lo:.3f} to {hi:.3f})")
    table.add_row(
        f"Elo {res.a} - {res.b} (95% CI)",
        f"{_elo_text(data['elo'], data['win_rate'])} "
        f"({_elo_text(data['elo_ci95'][0], lo)} to {_elo_text(data['elo_ci95'][1], hi)})",
    )
    table.add_row("first seat wins", str(data["first_seat_wins"]))
    table.add_row("mean turns", f"{data['mean_turns']:.1f}")
    for label, sec in data["seconds_per_turn"].items():
        table.add_row(f"{label} seconds per turn", "-" if sec is None else f"{sec:.4f}")
    table.add_row("seconds", f"{data['seconds']:.1f}")
    if records is not None:
        table.add_row("records", str(records))
    Console(file=out, force_terminal=False, width=110).print(table)
    forfeits = data["forfeits"]
    if forfeits:  # why games were lost without being played out (a broken engine, say)
        print(f"{len(forfeits)} game(s) forfeited; the first: {cut(forfeits[0], 300)}", file=out)
    return 0


def _elo_text(value: float | None, rate: float) -> str:
    if value is None:
        return "+inf" if rate >= 1 else "-inf"
    return f"{value:+.0f}"


def cmd_tournament(game: Game, ns: Any, out: Any) -> int:
    """``hexarena tournament GAME P1 P2 ...``: play the round robin and print the rating table."""
    names = check_players(ns.players)
    limit = limit_from_args(ns)
    records = records_dir(ns, f"{game.name}-tournament")
    pairs = len(names) * (len(names) - 1) // 2
    show = not ns.json and not ns.quiet and out.isatty()
    bar = _progress(pairs * ns.games, f"{game.name} tournament", show)
    kwargs: dict[str, Any] = dict(
        limit=limit, seed=ns.seed, workers=ns.workers, records=records, max_turns=ns.max_turns
    )
    if ns.scheduler:
        kwargs["executor"] = dask_executor(ns.scheduler)
    if bar is not None:
        progress, task = bar
        with progress:
            res = run_tournament(
                game, names, ns.games, on_game=lambda r: progress.advance(task), **kwargs
            )
    else:
        res = run_tournament(game, names, ns.games, **kwargs)
    data = res.as_json()
    if ns.json:
        import json

        print(json.dumps(data), file=out)
        return 0
    from rich.console import Console
    from rich.table import Table

    table = Table(
        title=f"{game.title} ({game.option_text()}) round robin, {ns.games} games a "
        f"pair, {data['limit']}, seed {ns.seed}"
    )
    for col in ("rank", "player", "games", "wins", "score", "Elo"):
        table.add_column(col, justify="left" if col == "player" else "right")
    for i, row in enumerate(data["table"], start=1):
        table.add_row(
            str(i),
            row["player"],
            str(row["games"]),
            str(row["wins"]),
            f"{100 * row['score']:.1f}%",
            f"{row['elo']:+.0f}",
        )
    console = Console(file=out, force_terminal=False, width=110)
    console.print(table)
    cross = Table(title="wins (row against column)")
    cross.add_column("")
    for p in names:
        cross.add_column(p, justify="right")
    for p in names:
        cross.add_row(p, *["-" if p == q else str(data["crosstable"][p][q]) for q in names])
    console.print(cross)
    console.print(
        f"mean turns {data['mean_turns']:.1f}, {data['seconds']:.1f} s"
        + (f", records in {records}" if records is not None else "")
    )
    forfeits = data["forfeits"]
    if forfeits:  # as under a match's table
        print(f"{len(forfeits)} game(s) forfeited; the first: {cut(forfeits[0], 300)}", file=out)
    return 0


def add_run_arguments(sp: Any, *, outcome: str) -> None:
    """The options of every command that plays games with players: how long a player thinks
    (``--time``, ``--iterations``), the seed, and where the games run (``--workers``,
    ``--scheduler``). ``outcome`` names what one seed repeats ("games", "report")."""
    sp.add_argument(
        "--time",
        type=positive_number(MAX_THINK_SECONDS),
        default=None,
        metavar="T",
        help="seconds per decision for every player (default: each player's own limit)",
    )
    sp.add_argument(
        "--iterations",
        type=whole_number(1, MAX_THINK_COUNT),
        default=None,
        metavar="I",
        help="search iterations per decision for every player",
    )
    sp.add_argument(
        "--seed",
        type=whole_number(0, MAX_SEED),
        default=1,
        help=f"seed: the same seed and iterations give the same {outcome} (default 1)",
    )
    sp.add_argument(
        "--workers",
        type=whole_number(1, MAX_WORKERS),
        default=os.cpu_count() or 1,
        help="games played at once in separate processes (default: one per CPU)",
    )
    sp.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        default=None,
        help="run the games on the Dask cluster at ADDRESS (needs the dask extra); "
        "default: local processes",
    )


def add_arguments(sp: Any, *, tournament: bool) -> None:
    """The command-line arguments of ``match`` (two players) and ``tournament`` (two or more)."""
    names = ", ".join(player_names()) if player_names() else "random, uct, mcts, easy, medium, hard"
    if tournament:
        sp.add_argument("players", nargs="+", metavar="PLAYER", help=f"players ({names})")
        sp.add_argument(
            "--games",
            type=whole_number(1, MAX_GAMES),
            default=10,
            help="games per pair (default 10)",
        )
    else:
        sp.add_argument(
            "players", nargs="*", metavar="PLAYER", help=f"the two players A and B ({names})"
        )
        sp.add_argument(
            "--games",
            type=whole_number(1, MAX_GAMES),
            default=10,
            help="number of games (default 10)",
        )
    add_run_arguments(sp, outcome="games")
    sp.add_argument(
        "--records",
        metavar="DIR",
        help=f"save each game's record in DIR (default: a new folder under {DEFAULT_RECORDS}/)",
    )
    sp.add_argument("--no-records", dest="no_records", action="store_true", help="save no records")
    sp.add_argument(
        "--max-turns",
        dest="max_turns",
        type=whole_number(1, MAX_TURNS),
        default=None,
        help="stop a game after this many turns; the player to move then resigns",
    )
    sp.add_argument("--json", action="store_true", help="print one JSON object")
    sp.add_argument("--quiet", action="store_true", help="no progress bar")
