"""Records: the text format, round trips, and clear errors for malformed or illegal records."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

import hexarena
from hexarena.records import RecordError, load_record, read_record, save_record, write_record
from hexarena.selfplay import random_game

GOOD = """[Game "churn"]
[size "2"]
[Player1 "ann"]
[Player2 "bob"]
[Date "2026.11.21"]
[Result "*"]

1. b2 swap 2. a2 ; a comment
{ a longer comment } c1
*
"""


def test_read_a_hand_written_record() -> None:
    rec = read_record(GOOD)
    assert rec.tags["Player1"] == "ann"
    st = rec.state
    assert st.move_texts() == ["b2", "swap", "a2", "c1"]
    assert st.swapped
    assert not st.is_terminal()


def test_write_then_read_is_identity() -> None:
    game = hexarena.new_game("churn", size=3)
    st = game.new_initial_state()
    rnd = random.Random(2)
    while not st.is_terminal():
        st.apply(rnd.choice(st.legal_actions()))
    text = write_record(st, players=("x", "y"), date="2026.01.02")
    assert '[Result "' in text and text.rstrip().endswith(st.outcome().result)  # type: ignore[union-attr]
    back = read_record(text)
    assert back.state == st
    assert write_record(back.state, players=("x", "y"), date="2026.01.02") == text


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "no \\[Game"),
        ('[Game "nope"]\n\n*\n', "no game called 'nope'"),
        ('[Game "churn"]\n[size "12"]\n\n*\n', "size must be at most 8"),
        ('[Game "churn"]\n[size 3]\n\n*\n', "line 2.*not a tag pair"),
        ('[Game "churn"]\n[Game "churn"]\n', "appears twice"),
        ('[Game "churn"]\n\nb2 b2\n*\n', "line 3, move 2 \\('b2'\\).*occupied"),
        ('[Game "churn"]\n\nb2 zz9\n*\n', "line 3, move 2 \\('zz9'\\)"),
        ('[Game "churn"]\n\nc3\nd4 swap\n*\n', "line 4, move 3 \\('swap'\\)"),
        ('[Game "churn"]\n\nc3 1-0 d4\n', "result '1-0' before the end"),
        ('[Game "churn"]\n[Result "1-0"]\n\nc3 d4\n', "not over"),
        ('[Game "churn"]\n[Result "2-0"]\n\nc3\n', "not one of"),
        ('[Game "churn"]\n\nc3,d4\n*\n', "more than one turn"),
        # a lower-case tag is an option of the game: one it does not have is refused, not
        # dropped (a misspelt rule replayed the game without it)
        ('[Game "churn"]\n[sizes "3"]\n\n*\n', "line 2: churn has no option 'sizes'.*size"),
        (
            '[Game "throngs"]\n[board "hex"]\n[size "3"]\n[nostalling "yes"]\n\n*\n',
            "line 4: throngs has no option 'nostalling'.*no_stalling",
        ),
        ('[Game "china-grove"]\n[size "9"]\n\n*\n', "line 2: china-grove has no option 'size'"),
    ],
)
def test_bad_records_name_the_problem(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        read_record(text)


def test_wrong_result_refused() -> None:
    game = hexarena.new_game("churn", size=2)
    _, actions = random_game(game, 3, keep_actions=True)
    assert actions is not None
    st = game.new_initial_state()
    st.apply_actions(actions)
    text = write_record(st)
    flipped = "0-1" if st.outcome().result == "1-0" else "1-0"  # type: ignore[union-attr]
    bad = text.replace(st.outcome().result, flipped)  # type: ignore[union-attr]
    with pytest.raises(RecordError, match="replaying it gives"):
        read_record(bad)


def test_resignation_recorded() -> None:
    st = hexarena.new_game("churn", size=3).new_initial_state()
    st.apply("c3")
    st.resign()  # Blue (the second player) resigns
    text = write_record(st)
    assert '[Termination "resignation"]' in text and "1-0" in text
    back = read_record(text)
    assert back.state.resigned == 1
    assert back.state.outcome() == st.outcome()


def test_files(tmp_path: Path) -> None:
    st = hexarena.new_game("churn", size=3).new_initial_state()
    st.apply("c3")
    path = tmp_path / "g.txt"
    save_record(st, path)
    assert load_record(path).state == st
    with pytest.raises(RecordError, match="cannot read"):
        load_record(tmp_path / "missing.txt")
    (tmp_path / "bin").write_bytes(b"\xff\xfe\x00")
    with pytest.raises(RecordError, match="not a text file"):
        load_record(tmp_path / "bin")


def test_long_side_7_game_round_trips() -> None:
    """A random side-7 game (about a million turns) writes, loads and replays exactly."""
    game = hexarena.new_game("churn", size=7)
    arr, actions = random_game(game, 11, keep_actions=True)
    assert actions is not None and len(actions) > 100_000
    st = game.new_initial_state()
    st.apply_actions(actions)
    assert np.array_equal(st.array, arr)
    back = read_record(write_record(st))
    assert back.state == st
    assert back.state.outcome() == st.outcome()
    # undo near the end of a long game is exact
    for _ in range(1000):
        back.state.undo()
    partial = game.new_initial_state()
    partial.apply_actions(actions[:-1000])
    assert back.state == partial


def test_a_record_file_past_the_bound_is_refused_before_it_is_read_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A record file was read whole, however large: ``hexarena replay /dev/zero`` ended in a
    ``MemoryError`` traceback. At most ``MAX_RECORD_BYTES`` (and one byte more) are read."""
    from hexarena import records

    monkeypatch.setattr(records, "MAX_RECORD_BYTES", 1_000)
    big = tmp_path / "big.txt"
    big.write_text(GOOD + ";" + "x" * 2_000 + "\n")
    with pytest.raises(RecordError, match=r"larger than a record may be \(1,000 bytes\)"):
        load_record(big)
    small = tmp_path / "small.txt"
    small.write_text(GOOD)
    assert load_record(small).state.move_texts() == ["b2", "swap", "a2", "c1"]
    if Path("/dev/zero").exists():  # endless: read up to the bound only
        with pytest.raises(RecordError, match="larger than a record may be"):
            load_record("/dev/zero")


def _finished_without_a_result() -> tuple[hexarena.State, str]:
    game = hexarena.new_game("churn", size=2)
    _, actions = random_game(game, 3, keep_actions=True)
    assert actions is not None
    st = game.new_initial_state()
    st.apply_actions(actions)
    result = st.outcome().result  # type: ignore[union-attr]
    written = write_record(st).rstrip("\n")
    assert written.endswith(" " + result)  # the result token, last
    lines = written[: -len(result)].split("\n")
    text = "\n".join(ln for ln in lines if not ln.startswith("[Result ")) + "\n"
    assert "-" not in text.split("\n\n", 1)[1]  # no result left in the moves
    return st, text


def test_a_finished_game_whose_record_lost_its_result_is_read_as_finished() -> None:
    # the format asks for a result; a record without one (no token, no Result tag) does not say
    # the game goes on, and when its moves end the game the position says who won
    st, text = _finished_without_a_result()
    rec = read_record(text)
    assert rec.state == st and rec.state.is_terminal()
    assert rec.result is None
    assert read_record(write_record(st)).result == st.outcome().result  # type: ignore[union-attr]


def test_replay_says_no_result_was_recorded(tmp_path: Path) -> None:
    import io

    from hexarena.cli import main

    st, text = _finished_without_a_result()
    path = tmp_path / "game.txt"
    path.write_text(text)
    out = io.StringIO()
    assert main(["replay", str(path)], out=out) == 0
    o = st.outcome()
    assert o is not None
    assert (
        f"Result: {o.result} (no result recorded; the position after the moves is final: "
        f"{o.winner_colour} wins" in out.getvalue()
    )
    unfinished = tmp_path / "unfinished.txt"
    unfinished.write_text('[Game "churn"]\n[size "2"]\n\nb2\n')
    out = io.StringIO()
    assert main(["replay", str(unfinished)], out=out) == 0
    assert "Result: * (no result recorded; the game is not over after its moves)" in out.getvalue()
