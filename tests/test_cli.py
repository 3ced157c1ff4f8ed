"""The command line: play, selfplay, replay, board and games, with clear errors."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from hexarena.cli import main


def run(args: list[str], stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    code = main(args, inp=io.StringIO(stdin), out=out)
    return code, out.getvalue()


def test_games_lists_churn_and_options() -> None:
    code, text = run(["games", "--json"])
    assert code == 0
    data = {g["name"]: g for g in json.loads(text)}
    assert [o["name"] for o in data["churn"]["options"]] == ["size", "sides"]


def test_selfplay_json_is_repeatable() -> None:
    code, text = run(["selfplay", "churn", "--size", "3", "--games", "20", "--seed", "1", "--json"])
    assert code == 0
    a = json.loads(text)
    for key in ("games", "mean_turns", "min_turns", "max_turns", "wins", "seconds"):
        assert key in a
    assert a["games"] == 20
    assert sum(a["wins"].values()) == 20
    assert a["min_turns"] <= a["mean_turns"] <= a["max_turns"]
    _, text2 = run(["selfplay", "churn", "--size", "3", "--games", "20", "--seed", "1", "--json"])
    b = json.loads(text2)
    a.pop("seconds"), b.pop("seconds"), a.pop("turns_per_second"), b.pop("turns_per_second")
    assert a == b
    _, text3 = run(["selfplay", "churn", "--size", "3", "--games", "20", "--seed", "2", "--json"])
    assert json.loads(text3)["mean_turns"] != a["mean_turns"]


def test_selfplay_table_and_records(tmp_path: Path) -> None:
    code, text = run(
        ["selfplay", "churn", "--sides", "3,4,3,4,3,4", "--games", "3", "--records", str(tmp_path)]
    )
    assert code == 0
    assert "mean turns" in text and "Red wins" in text
    files = sorted(tmp_path.iterdir())
    assert len(files) == 3
    code, text = run(["replay", str(files[0])])
    assert code == 0
    assert "all legal" in text and "Result: " in text


def test_board_picture_and_json() -> None:
    code, text = run(["board", "churn", "--size", "2"])
    assert code == 0
    assert "a . .  1" in text
    code, text = run(["board", "churn", "--size", "2", "--json"])
    data = json.loads(text)
    assert len(data["cells"]) == 7 and len(data["adjacency"]) == 12
    assert data["cells"][0] == {"index": 0, "name": "b1", "q": 0, "r": -1}


def test_play_against_a_person_to_the_end() -> None:
    """Side 2, both sides typed. Worked out by hand:

    Red b2 (the centre); Blue c1 (taken back with undo, then played again); Red a2 (every cell
    touches b2: all make 2); Blue a3 (isolated from c1); Red b3 (3); Blue c2 joins c1 into 2,
    and the blue a3 (1) is removed; Red b1 (4, as a3 would be); Blue a3 is isolated again and
    fills the board: Red 4, Blue 3.
    """
    moves = ["b2", "help", "legal", "zz9", "c1", "undo", "c1", "a2", "a3", "b3", "c2", "b1", "a3"]
    code, text = run(["play", "churn", "--size", "2", "--vs", "human"], "\n".join(moves) + "\n")
    assert code == 0
    assert "not accepted: 'zz9' is not on this board" in text
    assert "legal: b1 c1 a2 c2 a3 b3 swap" in text  # Blue has no stone: all six are isolated
    assert "Game over: Red (player 1) wins; the board is full, Red 4 stones, Blue 3." in text


def test_play_against_random_and_resign() -> None:
    code, text = run(["play", "churn", "--size", "3", "--first", "--seed", "3"], "c3\nresign\n")
    assert code == 0
    assert "random plays" in text
    assert "resigned" in text


def test_play_end_of_input() -> None:
    code, text = run(["play", "churn", "--vs", "human"], "")
    assert code == 1 and "abandoned" in text


@pytest.mark.parametrize(
    "args, message",
    [
        (["play"], "needs a game"),
        (["play", "chess"], "no game called 'chess'"),
        (["selfplay", "churn", "--size", "9"], "at most 8"),
        (["selfplay", "churn", "--colour", "red"], "no option --colour"),
        (["board", "churn", "--sides", "3,3,3,3,3,4"], "do not close"),
        (["replay", "/nonexistent/file"], "cannot read"),
        (["selfplay", "churn", "--games", "0"], "at least 1"),
        (["play", "churn", "--vs", "nobody"], "no player called 'nobody'"),
    ],
)
def test_errors_are_one_clear_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _ = run(args)
    assert code == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.startswith("hexarena: error:")
