"""The command line with China Grove: board, play, selfplay and replay through the registry."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from hexarena.cli import main
from hexarena.records import read_record

from .test_china_grove_rules import BOARD, GAME


def run(*args: str, inp: str = "") -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(args), inp=io.StringIO(inp), out=out)
    return code, out.getvalue()


def test_board_shows_the_exits() -> None:
    code, text = run("board", "china-grove", "--board-seed", "1")
    assert code == 0
    lines = text.split("\n")
    assert lines[0] == (
        "China Grove: China Labyrinth board, seed 1, 63 cells, 96 adjacencies, "
        "32 triangles, 1 island(s), 2 holes"
    )
    assert f"Board: {BOARD}" in text
    # the top rows of the picture: exit counts joined by their links
    picture = lines[3:]
    assert picture[0].strip() == "2                   1        17"
    assert picture[1].strip() == "/ \\                   \\"
    assert picture[4].strip() == "3---3---4---3---3---2    15"
    assert "6" in picture[8]  # c13, the cell with six exits, in row 13
    # the two spellings of the option give the same board
    assert run("board", "china-grove", "--board_seed", "1") == (code, text)


def test_board_two_islands_and_json() -> None:
    code, text = run("board", "china-grove", "--board-seed", "1", "--islands", "2", "--json")
    assert code == 0
    data = json.loads(text)
    assert data["game"] == "china-grove"
    assert data["options"]["islands"] == "2" and "board" in data["options"]
    assert data["facts"] == {
        "cells": 63,
        "adjacencies": 96,
        "triangles": 32,
        "islands": 2,
        "holes": 3,
    }
    assert len(data["exits"]) == 63
    assert sorted(c["pattern"] for c in data["exits"]) == list(range(1, 64))
    assert {c["pattern_class"] for c in data["exits"]} == {
        "1",
        "2a",
        "2b",
        "2c",
        "3a",
        "3b",
        "3c",
        "4a",
        "4b",
        "4c",
        "5",
        "6",
    }
    first = data["exits"][0]
    assert set(first) == {"name", "exits", "pattern", "exit_count", "pattern_class", "class"}


def test_bad_options_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("board", "china-grove", "--penalty", "3")[0] == 2
    assert "penalty must be one of 2, 4" in capsys.readouterr().err
    assert run("board", "china-grove", "--board", BOARD.replace("c13 ", ""))[0] == 2
    assert "62 cells, not 63" in capsys.readouterr().err
    assert run("board", "china-grove", "--colour", "red")[0] == 2
    assert "china-grove has no option --colour" in capsys.readouterr().err


def test_selfplay_json_has_the_common_keys() -> None:
    code, text = run("selfplay", "china-grove", "--games", "6", "--seed", "3", "--json")
    assert code == 0
    data = json.loads(text)
    _, churn = run("selfplay", "churn", "--games", "2", "--json")
    assert set(data) == set(json.loads(churn))
    assert data["game"] == "china-grove" and data["games"] == 6
    assert data["options"] == {"mode": "pattern", "penalty": 2, "islands": 1, "board_seed": 1}
    assert 21 <= data["min_turns"] <= data["max_turns"] <= 22  # 21 turns, or 22 with the swap
    assert sum(data["wins"].values()) == 6 and set(data["wins"]) == {"White", "Black"}
    # the same seed gives the same games
    again = json.loads(run("selfplay", "china-grove", "--games", "6", "--seed", "3", "--json")[1])
    assert again["wins"] == data["wins"] and again["mean_turns"] == data["mean_turns"]


def test_selfplay_records_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _ = run(
        "selfplay",
        "china-grove",
        "--games",
        "2",
        "--mode",
        "number",
        "--penalty",
        "4",
        "--records",
        str(tmp_path),
        "--json",
    )
    assert code == 0
    files = sorted(tmp_path.iterdir())
    assert len(files) == 2
    text = files[0].read_text()
    assert '[mode "number"]' in text and '[penalty "4"]' in text and "[board " in text
    code, out = run("replay", str(files[0]))
    assert code == 0
    assert "China Grove (mode=number penalty=4" in out and "all legal" in out
    assert "Game over" in out and out.rstrip().split("\n")[-1] in ("Result: 1-0", "Result: 0-1")
    # a record whose board was tampered with is refused with the validator's message
    board_line = next(line for line in text.split("\n") if line.startswith("[board "))
    cells = board_line[len('[board "') : -2].split()
    bad = files[0].with_name("bad.txt")
    bad.write_text(text.replace(board_line, f'[board "{" ".join(cells[:-1])}"]'))
    capsys.readouterr()
    assert run("replay", str(bad))[0] == 2
    assert "62 cells, not 63" in capsys.readouterr().err


def test_replay_a_record_without_the_seed(tmp_path: Path) -> None:
    moves = " ".join(f"{i // 2 + 1}. {m}" if i % 2 == 0 else m for i, m in enumerate(GAME))
    path = tmp_path / "game.txt"
    path.write_text(f'[Game "china-grove"]\n[board "{BOARD}"]\n\n{moves} 1-0\n')
    code, out = run("replay", str(path))
    assert code == 0
    assert "21 turns, 63 actions, all legal" in out
    assert "White 37 checkers - 2 x 8 groups = 21" in out
    assert out.rstrip().endswith("Result: 1-0")
    rec = read_record(path.read_text())
    assert rec.game.options["board_seed"] is None


def test_play_between_two_people() -> None:
    script = "help\nc13\nlegal\nswap\nf3\ng1\nf4\nundo\nresign\n"
    code, out = run("play", "china-grove", "--vs", "human", "--board-seed", "1", inp=script)
    assert code == 0
    assert "Enter a move as its actions separated by ','" in out
    assert "legal: g1 d2 e2" in out and out.split("legal: ")[1].split("\n")[0].endswith("swap")
    assert "Black (player 1)>" in out  # after the swap Black is played by the first player
    assert "(turn so far: f3)" in out
    refusal = "not accepted: move 'g1': g1 is not legal now: this turn places checkers of class 5"
    assert refusal in out
    prompts = re.findall(r"^((?:White|Black) \(player \d\)(?: \(turn so far: \w+\))?)> ", out, re.M)
    assert prompts == [
        "White (player 1)",
        "White (player 1)",  # help, c13
        "Black (player 2)",
        "Black (player 2)",  # legal, swap
        "Black (player 1)",  # f3
        "Black (player 1) (turn so far: f3)",
        "Black (player 1) (turn so far: f3)",  # g1, f4
        "White (player 2)",  # undo takes back Black's f3,f4
        "Black (player 1)",  # resign
    ]
    assert "Game over: White (player 2) wins; Black resigned." in out


def test_play_against_the_random_player() -> None:
    code, out = run("play", "china-grove", "--first", "--seed", "5", inp="c13\nresign\n")
    assert code == 0
    assert "random plays " in out
    assert "White resigned" in out


def test_play_a_whole_game_by_hand() -> None:
    code, out = run("play", "china-grove", "--vs", "human", "--board", BOARD, inp="\n".join(GAME))
    assert code == 0
    assert "Game over: White (player 1) wins; the board is full" in out
