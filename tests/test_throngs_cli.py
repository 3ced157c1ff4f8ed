"""The command line for Throngs: play, selfplay, replay and board, through the registry."""

from __future__ import annotations

import io
import json
from pathlib import Path

import hexarena
from hexarena.cli import main
from hexarena.records import load_record, save_record


def run(args: list[str], stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    code = main(args, inp=io.StringIO(stdin), out=out)
    return code, out.getvalue()


def test_board_original_and_json() -> None:
    code, text = run(["board", "throngs"])
    assert code == 0
    assert "original board, 93 sites, 237 adjacencies, 39 on the edge" in text
    code, text = run(["board", "throngs", "--board", "large", "--json"])
    assert code == 0
    data = json.loads(text)
    assert len(data["cells"]) == 177
    assert data["options"]["board"] == "large"


def test_selfplay_json_keys() -> None:
    code, text = run(
        ["selfplay", "throngs", "--board", "original", "--games", "3", "--json", "--no_stalling"]
    )
    assert code == 0
    data = json.loads(text)
    assert set(data) >= {
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
        "unfinished",
    }
    assert data["game"] == "throngs" and data["games"] == 3
    assert data["options"]["board"] == "original" and data["options"]["no_stalling"] is True
    assert sum(data["wins"].values()) + data["unfinished"] == 3
    assert set(data["wins"]) == {"Black", "White"}


def test_selfplay_records_replay(tmp_path: Path) -> None:
    code, _ = run(
        [
            "selfplay",
            "throngs",
            "--board",
            "hex",
            "--size",
            "3",
            "--games",
            "2",
            "--records",
            str(tmp_path),
            "--json",
        ]
    )
    assert code == 0
    files = sorted(tmp_path.glob("throngs-*.txt"))
    assert len(files) == 2
    code, text = run(["replay", str(files[0])])
    assert code == 0
    assert "all legal" in text and "Result: " in text
    rec = load_record(files[0])
    assert rec.state.is_terminal()


def test_replay_a_record_with_dispatches(tmp_path: Path) -> None:
    game = hexarena.new_game("throngs", board="hex", size=4)
    st = game.new_initial_state()
    for move in ("d4,a7,g1", "white", "d4-e4,d5"):
        st.apply_move(move)
    path = tmp_path / "game.txt"
    save_record(st, path)
    assert "1. d4,a7,g1 white 2. d4-e4,d5" in path.read_text()
    code, text = run(["replay", str(path)])
    assert code == 0
    assert "3 turns" in text and "Result: *" in text


def test_replay_refuses_an_illegal_record(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text('[Game "throngs"]\n[board "hex"]\n[size "3"]\n\n1. c3,c3,a3 *\n')
    code, _ = run(["replay", str(path)])
    assert code == 2


def test_play_a_whole_game_against_random() -> None:
    # The person (seat 2) chooses a colour and then plays the first legal action each time;
    # the random player places the set-up stones.
    game = hexarena.new_game("throngs", board="hex", size=2)
    st = game.new_initial_state()
    lines = ["legal", "help", "undo", "black"]
    code, text = run(
        ["play", "throngs", "--board", "hex", "--size", "2", "--seed", "3"],
        "\n".join([*lines, "quit"]) + "\n",
    )
    assert "random plays" in text
    assert "choose a colour" in text
    assert "legal: black white" in text
    assert code in (0, 1)
    assert st.legal_actions()  # the game object itself is untouched


def test_bad_options_are_reported() -> None:
    assert run(["play", "throngs", "--board", "square"])[0] == 2
    assert run(["selfplay", "throngs", "--size", "5"])[0] == 2
    assert run(["board", "throngs", "--board", "hex", "--size", "1"])[0] == 2


def test_play_person_against_person_action_by_action() -> None:
    # Set-up stones one action at a time (Black c3, White a3 and e3), the second player takes
    # White, then Black types moves. c4 has potential 1 for Black: a deploy with nothing left,
    # so "c4-stop" is refused whole; c3 (potential 1) steps to d3.
    lines = ["c3", "a3", "e3", "white", "legal", "c4-stop", "c3-d3", "quit"]
    code, text = run(
        ["play", "throngs", "--board", "hex", "--size", "3", "--vs", "human"],
        "\n".join(lines) + "\n",
    )
    assert code == 1  # abandoned by "quit"
    assert "set-up: place White stone 1" in text
    assert "choose a colour: black or white" in text
    assert "not accepted: move 'c4-stop'" in text
    assert "(turn so far: c3-d3)" in text
    assert "Black 1, White 2, turn 3; move 2 of 2: select a site" in text
