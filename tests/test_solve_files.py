"""The solver's output files: the table is saved under the name given and read back from it,
an output path that cannot be written is refused before any solving, and an interrupted save
leaves the table that was there."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from hexarena import new_game
from hexarena.cli import main
from hexarena.solve import Solver, solve_game

CHURN2 = ["solve", "churn", "--size", "2", "--json", "--memory", "16"]


def _said(capsys: pytest.CaptureFixture[str]) -> tuple[str, str]:
    """What the command wrote, without the note of a first compilation in this process."""
    out, err = capsys.readouterr()
    return out, "".join(
        ln for ln in err.splitlines(keepends=True) if not ln.startswith("hexarena: compiling ")
    )


def test_the_table_is_saved_under_the_name_given_and_read_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = tmp_path / "churn2.table"  # not ending in .npz: numpy would add it when saving
    assert main([*CHURN2, "--table", str(table)]) == 0
    first = json.loads(capsys.readouterr().out)
    assert table.is_file()
    assert not (tmp_path / "churn2.table.npz").exists()
    assert main([*CHURN2, "--table", str(table)]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["winning_openings"] == first["winning_openings"] == ["b2"]
    assert again["nodes"] < first["nodes"]  # answered from the table read back
    assert [p.name for p in tmp_path.iterdir()] == ["churn2.table"]  # nothing left beside it


@pytest.mark.parametrize("option", ["--table", "--book"])
@pytest.mark.parametrize("where", ["missing/t.npz", "."])
def test_an_output_path_that_cannot_be_written_is_refused_before_solving(
    option: str,
    where: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_solving(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("solved before the output path was checked")

    monkeypatch.setattr("hexarena.solve.command.solve_game", no_solving)
    assert main([*CHURN2, option, str(tmp_path / where)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("hexarena: error: ") and err.count("\n") == 1
    assert option in err
    assert ("does not exist" if where != "." else "is a folder") in err


def _solved_table(path: Path) -> Solver:
    """Churn of side 2 solved, its table saved at ``path``."""
    game = new_game("churn", size=2)
    solver = Solver(game, 16)
    solve_game(game, solver=solver)
    solver.save(path)
    return solver


def test_an_interrupted_save_leaves_the_table_that_was_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = tmp_path / "t.npz"
    solver = _solved_table(table)
    good = table.read_bytes()

    def cut_short(file: Any, **arrays: Any) -> None:
        file.write(b"PK\x03\x04 half a table")
        raise KeyboardInterrupt

    monkeypatch.setattr(np, "savez_compressed", cut_short)
    with pytest.raises(KeyboardInterrupt):
        solver.save(table)
    assert table.read_bytes() == good
    assert [p.name for p in tmp_path.iterdir()] == ["t.npz"]


def _other_archive(path: Path) -> None:
    np.savez(path, x=np.arange(3))


@pytest.mark.parametrize(
    "content",
    [
        bytes(range(256)) * 4,  # numpy takes it for a pickle
        b"PK\x03\x04 cut short",  # the start of a zip archive, then nothing of one
        _other_archive,  # an archive of other arrays
    ],
)
def test_a_file_that_is_not_a_table_is_named_so(
    content: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.npz"
    if callable(content):
        content(bad)
    else:
        bad.write_bytes(content)
    before = bad.read_bytes()
    assert main([*CHURN2, "--table", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("hexarena: error: ") and err.count("\n") == 1, err
    assert "is not a solution table" in err
    assert "allow_pickle" not in err and "trust" not in err  # numpy's advice, not ours to give
    assert bad.read_bytes() == before  # left as it was


def test_an_empty_item_in_moves_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*CHURN2, "--moves", "b2,,a1"]) == 2
    assert "--moves: item 2 is empty" in capsys.readouterr().err


def _interrupt_the_second_call(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C once the first first move is solved (the compiled search returns to Python
    between calls, where the interrupt is raised)."""
    calls = []
    value = Solver.value

    def interrupted(self: Solver, *args: Any, **kwargs: Any) -> bool | None:
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return value(self, *args, **kwargs)

    monkeypatch.setattr(Solver, "value", interrupted)


@pytest.mark.parametrize("extra", [[], ["--empties", "3", "--samples", "3"]])
def test_an_interrupted_solve_saves_what_it_proved_and_a_rerun_goes_on_from_it(
    extra: list[str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = tmp_path / "t.tbl"
    args = [*CHURN2, *extra]
    with monkeypatch.context() as m:
        _interrupt_the_second_call(m)
        assert main([*args, "--table", str(table)]) == 130
    out, err = _said(capsys)
    assert out == ""
    assert err.startswith("hexarena: interrupted; the ") and err.count("\n") == 1, err
    assert f"solved so far are saved in {table}" in err
    kept = Solver(new_game("churn", size=2), 16)
    assert kept.load(table) > 0  # exact entries only: the search stores nothing else
    assert main([*args, "--table", str(table)]) == 0
    resumed = json.loads(capsys.readouterr().out)
    assert main(args) == 0
    fresh = json.loads(capsys.readouterr().out)
    assert resumed["nodes"] < fresh["nodes"]
    for key in ("first_moves", "first_player_wins_with_pie", "to_move_wins", "solved"):
        assert resumed.get(key) == fresh.get(key)


def test_an_interrupted_solve_without_a_table_says_nothing_was_saved(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _interrupt_the_second_call(monkeypatch)
    monkeypatch.chdir(tmp_path)
    assert main([*CHURN2]) == 130
    err = _said(capsys)[1]
    assert err.startswith("hexarena: interrupted; nothing was saved") and err.count("\n") == 1
    assert "--table" in err
    assert list(tmp_path.iterdir()) == []


def test_a_table_an_earlier_version_saved_with_npz_added_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # earlier versions saved --table t.tbl as t.tbl.npz (numpy adds the suffix)
    old = tmp_path / "t.tbl.npz"
    _solved_table(old)
    assert main([*CHURN2]) == 0
    fresh = json.loads(capsys.readouterr().out)
    assert main([*CHURN2, "--table", str(tmp_path / "t.tbl")]) == 0
    out, err = _said(capsys)
    assert json.loads(out)["nodes"] < fresh["nodes"]  # answered from the old table
    assert err.count("\n") == 1 and f"from {old}" in err, err
    assert (tmp_path / "t.tbl").is_file()
    assert "may be deleted" in err


@pytest.mark.parametrize("content", [b"not a table", None])
def test_an_old_npz_that_is_no_table_of_this_game_is_left_alone(
    content: bytes | None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = tmp_path / "t.tbl.npz"
    if content is None:  # the table of other options
        game = new_game("churn", size=3)
        Solver(game, 16).save(old)
    else:
        old.write_bytes(content)
    before = old.read_bytes()
    assert main([*CHURN2, "--table", str(tmp_path / "t.tbl")]) == 0
    assert _said(capsys)[1] == ""
    assert old.read_bytes() == before
    assert (tmp_path / "t.tbl").is_file()


def test_ctrl_c_stops_the_compiled_search_under_way() -> None:
    # Python raises the interrupt only when the compiled search hands back control: without
    # a way to stop it, Ctrl-C would wait for the whole first move (hours on a big board)
    import _thread
    import threading

    from hexarena.solve import kernel as K

    game = new_game("churn", size=4)
    solver = Solver(game, 64, interruptible=True)
    st = game.new_initial_state()
    st.apply(st.legal_actions()[0])
    limit = 200_000_000  # far more than the search is let to run before it is interrupted

    def interrupt_once_searching() -> None:
        while solver.stats[K.ST_NODES] < 100_000:
            threading.Event().wait(0.01)
        _thread.interrupt_main()

    threading.Thread(target=interrupt_once_searching, daemon=True).start()
    with pytest.raises(KeyboardInterrupt):
        solver.value(st, allow_swap=False, node_limit=limit)
    assert solver.stats[K.ST_NODES] < limit  # stopped, not run to its limit
    assert solver.entries > 0  # what it proved before it stopped is kept
    assert solver.value(st, allow_swap=False, node_limit=1000) is None  # searches again
    assert solver.stats[K.ST_NODES] > 0


def test_a_table_larger_than_memory_allows_is_a_one_line_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # --memory takes up to 1,000,000 MB; a machine without that much refused it with a
    # MemoryError's traceback (16 EiB of slots here: no machine has them)
    monkeypatch.setattr("hexarena.solve.table_slots", lambda mb: 2**61)
    assert main([*CHURN2]) == 2
    err = capsys.readouterr().err
    assert err.startswith("hexarena: error: ") and err.count("\n") == 1, err
    assert "--memory" in err and "Traceback" not in err


@pytest.mark.parametrize("book", ["t.tbl", "./t.tbl"])
def test_the_book_and_the_table_cannot_be_one_file(
    book: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the book, written after the table, would replace it with its few opening positions
    monkeypatch.chdir(tmp_path)
    assert main([*CHURN2, "--table", "t.tbl", "--book", book]) == 2
    err = _said(capsys)[1]
    assert err.startswith("hexarena: error: ") and err.count("\n") == 1, err
    assert "--book" in err and "--table" in err
    assert list(tmp_path.iterdir()) == []
