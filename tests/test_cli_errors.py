"""Command-line errors are one line on stderr with a non-zero exit, never a traceback or a
usage block (issue point 10)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from hexarena.cli import main


def fails(args: list[str], capsys: pytest.CaptureFixture[str], *words: str) -> str:
    out = io.StringIO()
    code = main(args, out=out)
    err = capsys.readouterr().err
    assert code != 0
    assert err.count("\n") == 1 and err.startswith("hexarena: error: "), err
    assert "Traceback" not in err and "usage:" not in err
    for w in words:
        assert w in err, err
    assert len(err) < 700
    return err


def test_records_at_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "file.txt"
    f.write_text("x")
    fails(["selfplay", "churn", "--games", "1", "--records", str(f)], capsys, "--records")
    fails(["selfplay", "churn", "--games", "1", "--records", str(f / "sub")], capsys, "--records")
    fails(
        [
            "match",
            "churn",
            "random",
            "random",
            "--games",
            "1",
            "--workers",
            "1",
            "--records",
            str(f),
        ],
        capsys,
        "--records",
    )


def test_records_at_an_unwritable_path(capsys: pytest.CaptureFixture[str]) -> None:
    fails(
        ["selfplay", "churn", "--games", "1", "--records", "/proc/hexarena/x"], capsys, "--records"
    )


def test_options_before_the_game_name(capsys: pytest.CaptureFixture[str]) -> None:
    out = io.StringIO()
    assert main(["selfplay", "--games", "2", "churn", "--size", "2", "--json"], out=out) == 0
    assert json.loads(out.getvalue())["games"] == 2
    out = io.StringIO()
    assert main(["selfplay", "--size", "2", "--games=3", "churn", "--json"], out=out) == 0
    assert json.loads(out.getvalue())["games"] == 3
    out = io.StringIO()
    assert main(["board", "--size", "2", "churn"], out=out) == 0
    assert "hexhex side 2" in out.getvalue()


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (
            ["match", "churn", "random", "random", "--max-turns", "-1"],
            ["--max-turns", "at least 1"],
        ),
        (["match", "churn", "random", "random", "--max-turns", "0"], ["--max-turns"]),
        (["match", "churn", "random", "random", "--games", "0"], ["--games"]),
        (["match", "churn", "random", "random", "--workers", "0"], ["workers"]),
        (["selfplay", "churn", "--games", "x"], ["--games", "'x'"]),
        (["selfplay", "churn", "--games", "9" * 5000], ["--games"]),
        (["selfplay", "churn", "--seed", "1.5"], ["--seed"]),
        (["play", "churn", "--bogus", "1"], ["--bogus"]),
        (["play", "churn", "--size", "٣"], ["size"]),
        (["frobnicate"], ["frobnicate"]),
        (["replay"], ["file"]),
        (["replay", "/nonexistent/x.txt"], ["cannot read"]),
        (["serve", "--port", "x"], ["--port"]),
        (["selfplay", "nogame"], ["nogame"]),
        (["selfplay", "q" * 9000], ["qqq"]),
        (["games", "--bogus"], ["--bogus"]),
        (["board", "churn", "--sides", "3,,4,3,4,3,4"], ["sides", "item 2 is empty"]),
    ],
)
def test_errors_are_one_line(
    args: list[str], words: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    fails(args, capsys, *words)


def test_replay_of_a_bad_record_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    p = tmp_path / "r.txt"
    p.write_text('[Game "churn"]\n[size "' + "9" * 5000 + '"]\n\n*\n')
    fails(["replay", str(p)], capsys, "30 digits")
    p.write_text('[Game "churn"]\n\nc' + "9" * 5000 + " *\n")
    fails(["replay", str(p)], capsys, "line 3")
    fails(["replay", str(tmp_path)], capsys, "cannot read")


def test_play_refuses_a_huge_cell_name_and_goes_on(capsys: pytest.CaptureFixture[str]) -> None:
    out = io.StringIO()
    code = main(
        ["play", "churn", "--vs", "human"], inp=io.StringIO("c" + "9" * 5000 + "\nquit\n"), out=out
    )
    assert code == 1  # abandoned by "quit", after the refusal
    assert "not accepted" in out.getvalue()
    assert "Traceback" not in capsys.readouterr().err


def test_ctrl_c_says_so_in_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(*args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr("hexarena.cli.cmd_selfplay", interrupted)
    assert main(["selfplay", "churn", "--games", "1"], out=io.StringIO()) == 130
    err = capsys.readouterr().err
    assert err.startswith("hexarena: interrupted") and err.count("\n") == 1, err
