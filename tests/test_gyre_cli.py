"""Gyre on the command line: play, selfplay, replay and board."""

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


def test_games_lists_gyre_and_its_option() -> None:
    code, text = run(["games", "--json"])
    assert code == 0
    gyre = {g["name"]: g for g in json.loads(text)}["gyre"]
    assert gyre["title"] == "Gyre" and gyre["colours"] == ["Red", "Blue"]
    assert [(o["name"], o["default"], o["minimum"], o["maximum"]) for o in gyre["options"]] == [
        ("size", 7, 3, 12)
    ]


def test_play_two_people_to_a_win() -> None:
    """Side 3, both sides typed. Red builds the line c1 c2 c3 c4 c5 through the centre c3; Blue
    plays a3 (taken back with undo and played again), b3, d3 and e3. The line's ring stones c1
    and c5 leave arcs of 5 and 5 ring cells (|R| = 12): no long arc, so Red wins with c5 and the
    loop owns all 12 ring cells, Blue's a3 and e3 among them (drawn in lower case)::

           + + @  5
          + . @ +  4
         b B @ B b  3
        a + @ . +  2
         b @ + +  1
          c d e
    """
    moves = ["c1", "legal", "a3", "undo", "a3", "c2", "b3", "c3", "d3", "c4", "e3", "c5"]
    code, text = run(["play", "gyre", "--size", "3", "--vs", "human"], "\n".join(moves) + "\n")
    assert code == 0
    legal = "legal: d1 e1 b2 c2 d2 e2 a3 b3 c3 d3 e3 a4 b4 c4 d4 a5 b5 c5 swap"
    assert legal in text
    final = text[text.rindex("Gyre, hexhex side 3") :]
    assert final.split("\n")[1:7] == [
        "   + + @  5",
        "  + . @ +  4",
        " b B @ B b  3",
        "a + @ . +  2",
        " b @ + +  1",
        "  c d e",
    ]
    assert "Game over: Red (player 1) wins; Red's group of 5 stones walls off the centre" in text
    assert "its loop owns 12 ring cells (c1 to b2)" in text


def test_play_against_random_and_resign() -> None:
    code, text = run(["play", "gyre", "--size", "4", "--first", "--seed", "3"], "d4\nresign\n")
    assert code == 0
    assert "random plays a4" in text
    assert text.endswith("Game over: Blue (player 2) wins; Red resigned.\n")


def test_play_refuses_bad_moves_and_goes_on() -> None:
    code, text = run(
        ["play", "gyre", "--size", "3", "--vs", "human"], "c3\nc3\nz9\nswap\nswap\nquit\n"
    )
    assert code == 1
    assert "not accepted: move 'c3': c3 is not legal now: that cell is occupied" in text
    assert "not accepted: 'z9' is not on this board" in text
    assert "swap is offered only to the second player on their first turn" in text


def test_selfplay_json_has_churns_keys_and_is_repeatable() -> None:
    args = ["selfplay", "gyre", "--size", "7", "--games", "20", "--seed", "1", "--json"]
    code, text = run(args)
    assert code == 0
    a = json.loads(text)
    _, churn = run(["selfplay", "churn", "--size", "3", "--games", "2", "--json"])
    assert set(a) == set(json.loads(churn))
    assert a["game"] == "gyre" and a["options"] == {"size": 7} and a["games"] == 20
    assert sum(a["wins"].values()) == 20 and set(a["wins"]) == {"Red", "Blue"}
    assert sum(a["wins_by_seat"].values()) == 20
    assert a["min_turns"] <= a["mean_turns"] <= a["max_turns"] <= 128  # 127 cells and a swap
    _, again = run(args)
    b = json.loads(again)
    for d in (a, b):
        d.pop("seconds"), d.pop("turns_per_second")
    assert a == b


def test_selfplay_records_replay(tmp_path: Path) -> None:
    code, text = run(
        [
            "selfplay",
            "gyre",
            "--size",
            "5",
            "--games",
            "3",
            "--seed",
            "4",
            "--records",
            str(tmp_path),
        ]
    )
    assert code == 0 and "Red wins" in text
    files = sorted(tmp_path.iterdir())
    assert len(files) == 3
    record = files[0].read_text()
    assert '[Game "gyre"]' in record and '[size "5"]' in record
    assert "walls off the centre" in record
    code, text = run(["replay", str(files[0])])
    assert code == 0
    assert "Gyre (size=5)" in text and "all legal" in text
    assert "@ = " in text and "winning group" in text
    assert "Result: 1-0" in text or "Result: 0-1" in text


def test_replay_refuses_a_wrong_result(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Red wins the side-3 game above; a record that says 0-1 is refused."""
    path = tmp_path / "bad.txt"
    path.write_text(
        '[Game "gyre"]\n[size "3"]\n[Result "0-1"]\n\n'
        "1. c1 a3 2. c2 b3 3. c3 d3 4. c4 e3 5. c5 0-1\n"
    )
    code, _ = run(["replay", str(path)])
    assert code == 2
    assert "replaying it gives 1-0" in capsys.readouterr().err


def test_board_picture_and_json() -> None:
    code, text = run(["board", "gyre", "--size", "3"])
    assert code == 0
    assert "ring of 12 (o), centre c3 (*)" in text
    assert " o . * . o  3" in text
    code, text = run(["board", "gyre", "--size", "4", "--json"])
    data = json.loads(text)
    assert data["game"] == "gyre" and data["options"] == {"size": "4"}
    assert len(data["cells"]) == 37 and data["centre"] == "d4"
    assert data["ring"][:4] == ["d1", "e1", "f1", "g1"] and len(data["ring"]) == 18


@pytest.mark.parametrize(
    "args, message",
    [
        (["selfplay", "gyre", "--size", "13"], "at most 12"),
        (["selfplay", "gyre", "--size", "2"], "at least 3"),
        (["board", "gyre", "--sides", "3,4,3,4,3,4"], "no option --sides"),
    ],
)
def test_errors_are_one_clear_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _ = run(args)
    assert code == 2
    err = capsys.readouterr().err
    assert err.startswith("hexarena: error:") and message in err
