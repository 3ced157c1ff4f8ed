"""Bad input is refused with a clear, bounded message and changes nothing (issue points 6-9, 11).

Actions are integers (of any NumPy integer type) in range, or their text; options are exactly
valid values within stated bounds; numbers and coordinates are bounded before any work.
"""

from __future__ import annotations

import numpy as np
import pytest

import hexarena
from hexarena.core import HexArenaError, OptionError, State, cut
from hexarena.games.china_grove_boards import parse_board_text
from hexarena.limits import MAX_BOARD_TEXT, MAX_DIGITS


@pytest.fixture(scope="module")
def churn() -> hexarena.Game:
    return hexarena.new_game("churn", size=3)


def _same(a: State, b: State) -> bool:
    return a == b and a.resigned == b.resigned


# ---------------------------------------------------------------- 7: actions
BAD_BULK = [
    (np.array([2**32 + 9]), HexArenaError),
    (np.array([2**31]), HexArenaError),
    (np.array([-1]), HexArenaError),
    (np.array([9.7]), TypeError),
    (np.array([True]), TypeError),
    (np.array([np.nan]), TypeError),
    ([9.7], TypeError),
    ([True], TypeError),
    ([float("nan")], TypeError),
    ([2**64], HexArenaError),
    ({15: 1}, TypeError),
    (bytearray(b"\x09"), TypeError),
    (b"\x09", TypeError),
    ("c3", TypeError),
]


@pytest.mark.parametrize(("actions", "error"), BAD_BULK, ids=lambda v: repr(v)[:30])
def test_apply_actions_refuses_what_is_not_an_action(
    churn: hexarena.Game, actions: object, error: type[Exception]
) -> None:
    st = churn.new_initial_state()
    st.apply("c1")
    before = st.copy()
    with pytest.raises(error):
        st.apply_actions(actions)  # type: ignore[arg-type]
    assert _same(st, before)


@pytest.mark.parametrize(
    "move", [{15: 1}, bytearray(b"\x09"), b"\x09", [9.7], [True], [np.float64(9.0)], 9]
)
def test_apply_move_refuses_what_is_not_a_move(churn: hexarena.Game, move: object) -> None:
    st = churn.new_initial_state()
    before = st.copy()
    with pytest.raises((HexArenaError, TypeError)):
        st.apply_move(move)  # type: ignore[arg-type]
    assert _same(st, before)


@pytest.mark.parametrize("action", [9.0, True, np.bool_(True), np.float32(9), None, b"c3"])
def test_apply_refuses_non_integers(churn: hexarena.Game, action: object) -> None:
    st = churn.new_initial_state()
    with pytest.raises((HexArenaError, TypeError)):
        st.apply(action)  # type: ignore[arg-type]
    assert st.ply == 0
    assert not st.is_legal(action)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "dtype", [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]
)
def test_every_numpy_integer_type_is_an_action(churn: hexarena.Game, dtype: type) -> None:
    c3 = churn.parse_action("c3")
    st = churn.new_initial_state()
    st.apply_actions(np.array([c3], dtype=dtype))
    assert st.history == [c3]
    st2 = churn.new_initial_state()
    st2.apply(dtype(c3))
    st2.apply_move([dtype(churn.parse_action("swap"))])
    assert st2.history == [c3, churn.parse_action("swap")]


def test_apply_actions_takes_text_and_integers_mixed(churn: hexarena.Game) -> None:
    st = churn.new_initial_state()
    st.apply_actions(["c3", np.int64(churn.parse_action("b2"))])
    assert st.move_texts() == ["c3", "b2"]


def test_out_of_range_is_refused_by_value_not_wrapped(churn: hexarena.Game) -> None:
    st = churn.new_initial_state()
    with pytest.raises(HexArenaError, match="4294967305 is not an action"):
        st.apply_actions(np.array([2**32 + 9], dtype=np.int64))
    with pytest.raises(HexArenaError, match="2147483648 is not an action"):
        st.apply_actions([churn.parse_action("c1"), 2**31])
    assert st.ply == 0


# ---------------------------------------------------------------- 8: resign
@pytest.mark.parametrize("seat", [1.0, 0.0, True, False, np.float64(1), "1", 2, -1])
def test_resign_takes_only_a_seat_number(churn: hexarena.Game, seat: object) -> None:
    st = churn.new_initial_state()
    with pytest.raises((HexArenaError, TypeError)):
        st.resign(seat)  # type: ignore[arg-type]
    assert st.resigned is None and not st.is_terminal()


def test_resign_with_numpy_seat(churn: hexarena.Game) -> None:
    st = churn.new_initial_state()
    st.resign(np.int64(1))
    assert st.resigned == 1 and type(st.resigned) is int
    assert st.outcome() is not None and "resigned" in str(st)


# ---------------------------------------------------------------- 9: options
@pytest.mark.parametrize(
    ("name", "options", "words"),
    [
        ("churn", {"sides": (3.9, 4, 3, 4, 3, 4)}, "whole number"),
        ("churn", {"sides": b"343434"}, "six side lengths"),
        ("churn", {"sides": (400,) * 6}, "at most 16"),
        ("churn", {"sides": (15, 3, 15, 3, 15, 3)}, "at most 169"),
        ("churn", {"sides": (True, 4, 3, 4, 3, 4)}, "whole number"),
        ("churn", {"sides": "3,4,3,4,3," + "4" * 5000}, "six side lengths"),
        ("churn", {"size": "٣"}, "digits 0-9"),
        ("churn", {"size": 3.0}, "whole number"),
        ("churn", {"size": "9" * 5000}, "30 digits"),
        ("gyre", {"size": 2**80}, "at most 12"),
        ("china-grove", {"board_seed": "1" * 40}, "30 digits"),
        ("china-grove", {"board_seed": 10**40}, "30 digits"),
        ("china-grove", {"mode": 1}, "pattern"),
        ("throngs", {"no_stalling": True, "no-stalling": False}, "twice"),
        ("throngs", {"no_stalling": 1}, "yes or no"),
        ("china-grove", {"board": "a1 " * 8000}, f"{MAX_BOARD_TEXT:,}"),
        ("china-grove", {"board": b"a1 b1"}, "text"),
    ],
)
def test_options_are_exact_and_bounded(name: str, options: dict[str, object], words: str) -> None:
    cls = hexarena.game_class(name)
    with pytest.raises(OptionError) as info:
        cls.parse_options(options)
    assert words in str(info.value)
    assert len(str(info.value)) < 600


def test_numpy_integers_are_option_values() -> None:
    assert hexarena.game_class("gyre").parse_options({"size": np.int64(5)})["size"] == 5
    assert hexarena.game_class("churn").parse_options({"sides": "3,4,3,4,3,4"})["sides"] == (
        3,
        4,
        3,
        4,
        3,
        4,
    )


@pytest.mark.parametrize("name", [None, 3, b"churn"])
def test_new_game_needs_a_name(name: object) -> None:
    with pytest.raises(TypeError, match="name"):
        hexarena.new_game(name)  # type: ignore[arg-type]


# ---------------------------------------------------------------- 6: numbers and coordinates
def test_long_numbers_in_cell_names_are_refused_quickly(churn: hexarena.Game) -> None:
    st = churn.new_initial_state()
    for text in ("c" + "9" * 5000, "a" * 5000 + "1", "c" + "9" * 31):
        with pytest.raises(HexArenaError) as info:
            st.apply(text)
        assert len(str(info.value)) < 600
    assert st.ply == 0


@pytest.mark.parametrize("cell", ["f20000", "f3000000", "f" + "9" * 5000, "zzzzz1", "bm1"])
def test_china_grove_board_far_cells_refused(cell: str) -> None:
    with pytest.raises(HexArenaError, match="64"):
        parse_board_text(f"a1 b1 {cell}")
    with pytest.raises(OptionError, match="64"):
        hexarena.new_game("china-grove", board=f"a1 b1 {cell}")


def test_limits_are_stated() -> None:
    assert MAX_DIGITS == 30


# ---------------------------------------------------------------- 11: messages are cut
def test_cut() -> None:
    assert cut("abc") == "abc"
    long = cut("x" * 8700)
    assert long.startswith("x" * 200) and "8,700 characters" in long and len(long) < 260


@pytest.mark.parametrize(
    "call",
    [
        lambda st: st.apply("z" * 8700),
        lambda st: st.apply("c" + "3" * 8700),
        lambda st: st.apply_move("a1," + "q" * 8700),
        lambda st: st.apply_move(["a1", "q" * 8700]),
        lambda st: st.apply_actions(["q" * 8700]),
        lambda st: hexarena.new_game("churn", **{"q" * 8700: 1}),
        lambda st: hexarena.new_game("q" * 8700),
        lambda st: hexarena.new_game("churn", sides="q" * 8700),
        lambda st: hexarena.new_game("churn", size="q" * 8700),
        lambda st: hexarena.new_game("throngs", setup="q" * 8700),
    ],
)
def test_messages_echo_at_most_a_cut_of_the_input(churn: hexarena.Game, call: object) -> None:
    st = churn.new_initial_state()
    with pytest.raises(HexArenaError) as info:
        call(st)  # type: ignore[operator]
    assert len(str(info.value)) < 700, str(info.value)[:300]


@pytest.mark.parametrize("name", ["scrunch", "china-grove", "gyre"])
def test_every_game_s_notation_errors_are_cut(name: str) -> None:
    game = hexarena.new_game(name, **({"size": 3} if name != "china-grove" else {}))
    st = game.new_initial_state()
    for bad in ("q" * 8700, "c3," + "q" * 8700, "x" + "c" * 8700, "c3:" + "d" * 8700):
        with pytest.raises(HexArenaError) as info:
            st.apply_move(bad)
        assert len(str(info.value)) < 1000
        with pytest.raises(HexArenaError) as info:
            st.apply(bad)
        assert len(str(info.value)) < 1000
    assert st.ply == 0


def test_player_names_are_cut() -> None:
    from hexarena.ai import make_player

    with pytest.raises(HexArenaError) as info:
        make_player("q" * 8700)
    assert len(str(info.value)) < 700


@pytest.mark.parametrize(
    "text", ["g1,,d2,d6,i6,e11,f17", ",g1,d2,d6,i6,e11,f17", "g1,d2,d6,i6,e11,f17,"]
)
def test_a_move_with_an_empty_action_is_refused_not_shortened(text: str) -> None:
    """China Grove's turn 'g1,,d2,...' was read as 'g1,d2,...': the empty item dropped."""
    state = hexarena.new_game("china-grove").new_initial_state()
    with pytest.raises(hexarena.NotationError, match="empty"):
        state.apply_move(text)
    assert state.ply == 0
    state.apply_move(text.strip(",").replace(",,", ","))  # the same turn written right
    assert state.ply == 6


@pytest.mark.parametrize("text", ["c4,,d4", ",c4", "c4,", "xc4,,xg2"])
def test_a_scrunch_move_with_an_empty_action_is_refused_not_shortened(text: str) -> None:
    """Scrunch's own notation read 'c4,,d4' as 'c4,d4' and ',c4' as 'c4': the empty item dropped."""
    game = hexarena.new_game("scrunch")
    with pytest.raises(hexarena.NotationError, match="empty"):
        game.parse_move(text)
    assert game.parse_move("c4,d4") == [game.parse_action("c4"), game.parse_action("d4")]


# ---------------------------------------------------------------- lists of items
@pytest.mark.parametrize(
    ("text", "separator", "items", "empty"),
    [
        ("a,b,c", ",", ["a", "b", "c"], None),
        (" a , b ", ",", ["a", "b"], None),
        ("a,,c", ",", ["a", "", "c"], 2),
        ("a, ,c", ",", ["a", "", "c"], 2),
        (",a", ",", ["", "a"], 1),
        ("a,", ",", ["a", ""], 2),
        ("a,,", ",", ["a", "", ""], 2),
        ("", ",", [""], 1),
        ("g1;d2", ";", ["g1", "d2"], None),
        ("3 4  5", None, ["3", "4", "5"], None),
        ("  ", None, [], None),
    ],
)
def test_split_items_gives_the_items_or_the_first_empty_ones_number(
    text: str, separator: str | None, items: list[str], empty: int | None
) -> None:
    # one reading for every comma list the commands and the games take: an item left out is
    # numbered from 1 for the message, never skipped
    from hexarena.limits import split_items

    assert split_items(text, separator) == (items, empty)


def test_a_short_list_of_actions_compiles_no_replay_driver() -> None:
    """``apply_actions`` and undo ran the actions through generic compiled drivers that take the
    kernels as arguments, which Numba cannot keep on disk: every process compiled them again
    for each game (0.2 s for Gyre to 1.2 s for Scrunch, and ``hexarena analyse`` said it was
    compiling even after ``warmup``). A short list (a record of a game, a web session) now goes
    through the kernels from Python; the drivers are compiled only for a long one."""
    import os
    import subprocess
    import sys
    import textwrap

    program = textwrap.dedent(
        """
        import hexarena
        from hexarena.header import replay_checked, replay_unchecked
        st = hexarena.new_game("gyre", size=3).new_initial_state()
        moves = []
        for _ in range(6):
            moves.append(st.legal_actions()[0])
            st.apply(moves[-1])
        again = hexarena.new_game("gyre", size=3).new_initial_state()
        again.apply_actions(moves)
        assert again.array.tolist() == st.array.tolist()
        again.undo()
        try:
            again.apply_actions([moves[-1], moves[-1]])
        except hexarena.IllegalActionError as exc:
            print("refused", exc.index)
        print(*(len(getattr(f, "signatures", ())) for f in (replay_checked, replay_unchecked)))
        """
    )
    for jit_off in ("0", "1"):  # and as plain Python (NUMBA_DISABLE_JIT), where there is no driver
        done = subprocess.run(
            [sys.executable, "-c", program],
            capture_output=True,
            text=True,
            timeout=300,
            env={**os.environ, "NUMBA_DISABLE_JIT": jit_off},
        )
        assert done.returncode == 0, done.stderr[-2000:]
        assert done.stdout.split("\n")[:2] == ["refused 1", "0 0"], done.stdout
