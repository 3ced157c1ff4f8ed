"""``hexarena solve GAME [options]``: exact values of the first moves and of the game."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, TextIO

from ..cliargs import positive_number, progress_bar, whole_number
from ..core import Game
from ..files import check_writable
from ..limits import MAX_THINK_COUNT, cut, cut_repr, split_items
from . import SolveError, Solver, solve_endgames, solve_game

#: Most empty cells ``--empties`` may name (the game's board bounds it further).
MAX_EMPTIES = 10_000
#: Most reachable positions ``--retrograde`` may be told to go through.
MAX_RETROGRADE = 100_000_000


def add_arguments(sp: Any) -> None:
    """The command-line arguments of ``solve``."""
    sp.add_argument(
        "--memory",
        type=positive_number(1_000_000, minimum=1),
        default=1024,
        help="table memory in MB (default 1024)",
    )
    sp.add_argument(
        "--nodes",
        type=whole_number(1, MAX_THINK_COUNT),
        default=None,
        help="give up after this many positions a first move",
    )
    sp.add_argument(
        "--table",
        metavar="FILE",
        default=None,
        help="load the solution table (if there is one) and save it, also when interrupted "
        "(Ctrl-C): the same command then goes on from it",
    )
    sp.add_argument(
        "--book",
        metavar="FILE",
        default=None,
        help="also save an opening book: the table's positions within --book-depth actions",
    )
    sp.add_argument(
        "--book-depth",
        type=whole_number(0, 8),
        default=4,
        help="actions from the start in the book (default 4)",
    )
    sp.add_argument(
        "--empties",
        type=whole_number(0, MAX_EMPTIES),
        default=None,
        metavar="K",
        help="solve endgames instead: positions of random games with at most K empty cells",
    )
    sp.add_argument(
        "--samples",
        type=whole_number(1, 100_000),
        default=10,
        help="random games for --empties (default 10)",
    )
    sp.add_argument(
        "--moves",
        metavar="M1,M2",
        default=None,
        help="solve only these first moves (a measurement; the game's value stays unknown)",
    )
    sp.add_argument(
        "--retrograde",
        action="store_true",
        help="Throngs: solve by retrograde analysis of every reachable position",
    )
    sp.add_argument(
        "--positions",
        type=whole_number(1, MAX_RETROGRADE),
        default=None,
        help="--retrograde: give up past this many reachable positions (default 200000)",
    )
    sp.add_argument("--json", action="store_true", help="print one JSON object")
    sp.add_argument("--quiet", action="store_true", help="no progress bar")


def cmd_solve(game: Game, ns: Any, out: TextIO) -> int:
    """Solve the game's first moves, print the values, save the table when asked."""
    if ns.nodes is not None and ns.nodes < 1:
        raise SolveError(f"--nodes must be at least 1, not {ns.nodes}")
    for option, path in (("--table", ns.table), ("--book", ns.book)):
        why = None if path is None else check_writable(path)
        if why is not None:  # refused now, not after the solving it would have saved
            raise SolveError(f"{option} {cut_repr(path, 100)}: cannot write there: {why}")
    if ns.table and ns.book and Path(ns.table).resolve() == Path(ns.book).resolve():
        raise SolveError(
            f"--book and --table name one file ({cut_repr(ns.book, 100)}): the book would "
            "replace the table with its opening positions"
        )
    if ns.retrograde:
        return _retrograde(game, ns, out)
    solver = Solver(game, ns.memory, interruptible=True)
    table = Path(ns.table) if ns.table else None
    if table is not None:
        _load(solver, table)
    limit = ns.nodes if ns.nodes is not None else 1 << 62
    only, empty = split_items(ns.moves) if ns.moves is not None else (None, None)
    if empty is not None and only != [""]:
        raise SolveError(f"--moves: item {empty} is empty")
    try:
        if ns.empties is not None:
            result = solve_endgames(game, ns.empties, ns.samples, node_limit=limit, solver=solver)
        else:
            result = _first_moves(game, ns, solver, limit, only, out)
    except KeyboardInterrupt:
        return _interrupted(solver, table)
    _save(solver, table)
    if ns.empties is not None:
        return _endgames(game, ns, result, out)
    if ns.book:
        try:
            result["book_positions"] = solver.save(Path(ns.book), depth=ns.book_depth)
        except OSError as exc:
            raise SolveError(f"cannot write {str(ns.book)[:100]}: {exc.strerror}") from None
    if ns.json:
        print(json.dumps(result), file=out)
        return 0

    def word(v: bool | None) -> str:
        return "not proven" if v is None else ("first player wins" if v else "second player wins")

    print(f"{game.title} ({game.option_text() or 'default options'})", file=out)
    print(f"  without the pie rule: {word(result['first_player_wins_without_pie'])}", file=out)
    if "first_player_wins_with_pie" in result:
        print(f"  with the pie rule:    {word(result['first_player_wins_with_pie'])}", file=out)
    wins = result["winning_openings"]
    print(f"  winning first moves:  {', '.join(wins) if wins else 'none'}", file=out)
    moves = result["first_moves"]
    unknown = [m for m, v in moves.items() if v is None]
    if unknown:
        print(f"  not proven:           {', '.join(unknown)}", file=out)
    if "swap" in result:
        print("  the second player swaps after exactly the winning first moves", file=out)
    print(
        f"  {result['positions']:,} positions in the table, {result['nodes']:,} searched, "
        f"{result['cpu_seconds']} s of processor time ({result['seconds']} s of wall time), "
        f"peak memory {result['max_rss_mb']} MB",
        file=out,
    )
    return 0


def _load(solver: Solver, table: Path) -> None:
    """Read the solution table ``--table`` names if it exists; if not, the one an earlier
    version saved for that name with ``.npz`` added (NumPy's suffix), if it is one of this
    game and options: its positions are then saved under the name given, which it says."""
    if table.exists() or table.suffix == ".npz":
        if table.exists():
            solver.load(table)
        return
    old = table.with_name(table.name + ".npz")
    if not old.is_file():
        return
    try:
        count = solver.load(old)
    except SolveError:
        return  # not a table of this game: not the one asked for, left alone
    print(
        f"hexarena: read {count:,} solved positions from {cut(str(old), 100)}, where earlier "
        f"versions saved --table {cut(table.name, 100)}; they are saved under the name given, "
        "and the old file may be deleted",
        file=sys.stderr,
    )


def _first_moves(
    game: Game, ns: Any, solver: Solver, limit: int, only: list[str] | None, out: TextIO
) -> dict[str, Any]:
    """The values of the first moves (and of the game), with a progress bar on a terminal."""
    if ns.json or ns.quiet or not out.isatty():
        return solve_game(game, node_limit=limit, solver=solver, only=only)
    with progress_bar() as progress:
        task = progress.add_task(f"solving {game.name}", total=None)
        return solve_game(
            game,
            node_limit=limit,
            solver=solver,
            on_move=lambda i, n: progress.update(task, completed=i, total=n),
            only=only,
        )


def _interrupted(solver: Solver, table: Path | None) -> int:
    """Ctrl-C while solving: keep what was proved (the search stores proven values only, and
    the interrupt comes between its calls, so every entry is exact) and say where; status 130.
    A second Ctrl-C while saving leaves the table that was there (:func:`_save`)."""
    if table is None:
        print(
            "hexarena: interrupted; nothing was saved (with --table FILE the positions solved "
            "so far are kept, and the same command goes on from them)",
            file=sys.stderr,
        )
        return 130
    _save(solver, table)
    print(
        f"hexarena: interrupted; the {solver.entries:,} positions solved so far are saved in "
        f"{cut(str(table), 100)} (the same command goes on from them)",
        file=sys.stderr,
    )
    return 130


def _save(solver: Solver, table: Path | None) -> None:
    if table is not None:
        try:
            solver.save(table)
        except OSError as exc:
            raise SolveError(f"cannot write {str(table)[:100]}: {exc.strerror}") from None


def _endgames(game: Game, ns: Any, result: dict[str, Any], out: TextIO) -> int:
    """``solve --empties K``: what the endgames of random games solved one by one gave."""
    if ns.json:
        print(json.dumps(result), file=out)
        return 0
    print(
        f"{game.title} ({game.option_text() or 'default options'}): endgames with at most "
        f"{ns.empties} empty cells from {ns.samples} random games",
        file=out,
    )
    print(
        f"  {result['solved']} of {result['positions']} solved; the player to move wins "
        f"{result['to_move_wins']}",
        file=out,
    )
    print(
        f"  {result['nodes']:,} positions searched, {result['cpu_seconds']} s of processor time "
        f"({result['seconds']} s of wall time), peak memory {result['max_rss_mb']} MB",
        file=out,
    )
    return 0


def _retrograde(game: Game, ns: Any, out: TextIO) -> int:
    """``solve --retrograde``: Throngs by retrograde analysis."""
    from .retrograde import MAX_POSITIONS, solve_retrograde

    limit = MAX_POSITIONS if ns.positions is None else ns.positions
    if limit < 1:
        raise SolveError(f"--positions must be at least 1, not {limit}")
    show = not ns.json and not ns.quiet and out.isatty()

    def level(k: int, count: int) -> None:
        if show:
            print(f"  {count:,} positions with {k} stones", file=out)

    result = solve_retrograde(game, max_positions=limit, on_level=level)
    if ns.json:
        print(json.dumps(result), file=out)
        return 0
    print(f"{game.title} ({game.option_text() or 'default options'}), retrograde", file=out)
    wins = result["winning_openings"]
    print(
        "  the player who chooses the colours wins"
        if not wins
        else f"  the first player wins with {', '.join(wins)}",
        file=out,
    )
    print(
        f"  Black (to move) wins {result['setups_black_wins']} of the {result['setups']} set-ups",
        file=out,
    )
    counts = ", ".join(f"{k}: {v:,}" for k, v in result["positions_by_stones"].items())
    print(
        f"  {result['positions']:,} reachable positions (by stones {counts}); "
        f"{result['unresolved_rest']:,} left to the history search "
        f"({result['history_nodes']:,} nodes)",
        file=out,
    )
    print(
        f"  {result['cpu_seconds']} s of processor time ({result['seconds']} s of wall time), "
        f"peak memory {result['max_rss_mb']} MB",
        file=out,
    )
    return 0
