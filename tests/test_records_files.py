"""Record files the commands write: never written over (a run whose records would replace
those of an earlier one is refused before it plays), and written whole or not at all."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from hexarena import new_game
from hexarena.cli import main
from hexarena.records import load_record, save_record


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def _refused(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    capsys.readouterr()  # what the runs before wrote (the note of a first compilation)
    assert main(args, out=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert err.startswith("hexarena: error: ") and err.count("\n") == 1, err
    return err


def test_selfplay_does_not_write_over_the_records_of_another_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run = ["selfplay", "churn", "--games", "3", "--json", "--records", str(tmp_path), "--seed"]
    assert main([*run, "1", "--size", "2"], out=io.StringIO()) == 0
    before = _snapshot(tmp_path)
    assert len(before) == 3
    err = _refused([*run, "1", "--size", "3"], capsys)  # the same names, other games
    assert "already holds" in err and "churn-1-00001.txt" in err
    assert _snapshot(tmp_path) == before
    # another seed writes other names beside them
    assert main([*run, "2", "--size", "2"], out=io.StringIO()) == 0
    assert len(_snapshot(tmp_path)) == 6


@pytest.mark.parametrize("command", ["match", "tournament"])
def test_a_match_does_not_write_over_the_records_of_another_run(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run = [
        command,
        "churn",
        "random",
        "uct",
        "--iterations",
        "10",
        "--games",
        "2",
        "--workers",
        "1",
    ]
    run += ["--json"]
    run += ["--records", str(tmp_path)]
    assert main([*run, "--size", "2"], out=io.StringIO()) == 0
    before = _snapshot(tmp_path)
    assert len(before) == 2
    err = _refused([*run, "--size", "3"], capsys)
    assert "already holds" in err
    assert _snapshot(tmp_path) == before
    assert all(load_record(tmp_path / name).game.options["size"] == 2 for name in before)


def test_a_record_cut_short_is_not_left_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = new_game("churn", size=2).new_initial_state()
    state.apply_move("b2")
    target = tmp_path / "game.txt"

    def interrupted(*args: object) -> None:  # Ctrl-C as the file is being put in place
        raise KeyboardInterrupt

    monkeypatch.setattr("os.replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        save_record(state, target)
    assert list(tmp_path.iterdir()) == []
    monkeypatch.undo()
    save_record(state, target)
    assert load_record(target).state.ply == 1
