"""The command line for Scrunch: play, selfplay, replay and board, through the registry."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import hexarena
from hexarena.cli import main
from hexarena.records import load_record, save_record


def run(args: list[str], stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    code = main(args, inp=io.StringIO(stdin), out=out)
    return code, out.getvalue()


def test_games_lists_scrunch_with_its_size_option() -> None:
    code, text = run(["games", "--json"])
    assert code == 0
    data = {g["name"]: g for g in json.loads(text)}
    assert data["scrunch"]["colours"] == ["Black", "White"]
    [size] = data["scrunch"]["options"]
    assert (size["name"], size["default"], size["minimum"], size["maximum"]) == ("size", 5, 3, 10)


def test_selfplay_json_same_keys_and_repeatable() -> None:
    args = ["selfplay", "scrunch", "--size", "5", "--games", "20", "--seed", "1", "--json"]
    code, text = run(args)
    assert code == 0
    a = json.loads(text)
    for key in (
        "game",
        "options",
        "games",
        "mean_turns",
        "min_turns",
        "max_turns",
        "wins",
        "wins_by_seat",
        "seconds",
        "turns_per_second",
    ):
        assert key in a
    assert a["game"] == "scrunch" and a["options"] == {"size": 5}
    assert a["games"] == 20 and sum(a["wins"].values()) == 20
    assert set(a["wins"]) == {"Black", "White"}
    assert a["min_turns"] <= a["mean_turns"] <= a["max_turns"]
    _, again = run(args)
    b = json.loads(again)
    for d in (a, b):
        d.pop("seconds"), d.pop("turns_per_second")
    assert a == b


def test_selfplay_records_replay(tmp_path: Path) -> None:
    code, text = run(
        [
            "selfplay",
            "scrunch",
            "--size",
            "3",
            "--games",
            "4",
            "--seed",
            "5",
            "--records",
            str(tmp_path),
        ]
    )
    assert code == 0
    assert "Black wins" in text and "White wins" in text
    files = sorted(tmp_path.iterdir())
    assert len(files) == 4
    for f in files:
        code, text = run(["replay", str(f)])
        assert code == 0
        assert "all legal" in text and "Game over" in text
        rec = load_record(f)
        assert rec.state.is_terminal()
        assert f"Result: {rec.state.outcome().result}" in text  # type: ignore[union-attr]


def test_replay_refuses_an_illegal_growth(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """c3, a5, then b3 with c3 stepping to d3 would leave two snakes: the record is refused,
    naming the move."""
    path = tmp_path / "bad.txt"
    path.write_text('[Game "scrunch"]\n[size "3"]\n\n1. c3 a5 2. b3:c3-d3 *\n', encoding="utf-8")
    code, _ = run(["replay", str(path)])
    assert code == 2
    err = capsys.readouterr().err
    assert "b3:c3-d3" in err and "2 Black snakes where there were 1" in err


def test_replay_of_a_saved_game(tmp_path: Path) -> None:
    game = hexarena.new_game("scrunch", size=3)
    state = game.state_from_moves(["c3", "a5", "b3:c3-b4", "e1"])
    path = tmp_path / "game.txt"
    save_record(state, path)
    code, text = run(["replay", str(path)])
    assert code == 0
    assert "4 turns, 6 actions, all legal" in text
    assert "Result: *" in text


def test_board_picture_and_json() -> None:
    code, text = run(["board", "scrunch", "--size", "3"])
    assert code == 0
    assert "19 cells" in text and "a . . . .  2" in text
    code, text = run(["board", "scrunch", "--json"])
    data = json.loads(text)
    assert data["game"] == "scrunch" and data["options"] == {"size": "5"}
    assert len(data["cells"]) == 61


def test_play_a_growth_one_action_at_a_time_and_whole() -> None:
    """Person against person on side 3: eggs c3 and a5; Black's growth typed action by action
    (b3, then c3, then b4), with a refused destination on the way. White's growth b5:a5-a4,
    typed whole, is refused: the egg a5 would have to step to b4, the only cell touching both
    a5 and b5 (or a4), and b4 is now Black. White lays the egg e1; Black resigns."""
    moves = ["c3", "a5", "b3", "legal", "c3", "d3", "b4", "b5:a5-a4", "e1", "resign"]
    code, text = run(["play", "scrunch", "--size", "3", "--vs", "human"], "\n".join(moves) + "\n")
    assert code == 0
    assert "(turn so far: b3)" in text
    assert "legal: c3" in text
    assert "(turn so far: b3:c3)" in text
    assert "not accepted: move 'd3': d3 is not legal now: it would leave 2 Black snakes" in text
    assert "Black: placed b3, moving c3; pick its destination" in text
    assert "not accepted: move 'b5:a5-a4': b5 is not legal now: no stone can then step" in text
    assert "White 2 stones in 2 snakes (creating)" in text
    assert "Black resigned" in text


def test_play_against_random_with_undo_and_resign() -> None:
    """Black lays an egg, the random player answers, Black takes it back (undo takes back the
    reply too), types a cell that is not on the board, lays the egg again and resigns."""
    code, text = run(
        ["play", "scrunch", "--size", "3", "--first", "--seed", "3"], "c3\nundo\nzz9\nc3\nresign\n"
    )
    assert code == 0
    assert "random plays" in text
    assert "not accepted: 'zz9' is not a cell" in text
    assert "resigned" in text


@pytest.mark.parametrize(
    "args, message",
    [
        (["selfplay", "scrunch", "--size", "11"], "at most 10"),
        (["selfplay", "scrunch", "--size", "2"], "at least 3"),
        (["board", "scrunch", "--sides", "3,3,3,3,3,3"], "no option --sides"),
        (["play", "scrunch", "--size", "x"], "whole number"),
    ],
)
def test_errors_are_one_clear_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _ = run(args)
    assert code == 2
    assert message in capsys.readouterr().err


def test_replay_of_one_turn_says_turn_not_turns(tmp_path: Path) -> None:
    game = hexarena.new_game("scrunch", size=3)
    path = tmp_path / "game.txt"
    save_record(game.state_from_moves(["c3"]), path)
    code, text = run(["replay", str(path)])
    assert code == 0
    assert "1 turn, 1 action, all legal" in text
