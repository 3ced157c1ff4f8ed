"""Throngs' boards: the original pinned site by site, the large board's properties, hex boards."""

from __future__ import annotations

import pytest

import hexarena
from hexarena.games.throngs import original_board
from hexarena.games.throngs.design import (
    DATA_PATH,
    board_report,
    check_large,
    load_large,
    main,
)

# NOTES.md's list of the original board, row by row from the bottom.
ORIGINAL = {
    0: [0, 1, 5, 6],
    1: list(range(-1, 7)),
    2: list(range(-1, 6)),
    3: list(range(-2, 6)),
    4: list(range(-4, 7)),
    5: list(range(-5, 7)),
    6: list(range(-5, 6)),
    7: list(range(-4, 4)),
    8: list(range(-4, 3)),
    9: list(range(-4, 2)),
    10: list(range(-5, 2)),
    11: [-5, -4, -1, 0],
}


def test_original_board_every_site() -> None:
    board = hexarena.new_game("throngs").board
    assert board is original_board()
    expected = {(q, r) for r, qs in ORIGINAL.items() for q in qs}
    assert set(board.cells) == expected
    assert board.size == 93
    assert len(board.adjacency) == 237
    assert len(board.edge) == 39
    assert board.centre == -1  # no site at the centre of symmetry


def test_original_board_picture() -> None:
    board = original_board()
    # rows r = 11 (top) down to r = 0, as NOTES.md lists them
    assert board.render(["."] * board.size, coordinates=False) == (
        "      . .     . .\n"
        "     . . . . . . .\n"
        "      . . . . . .\n"
        "     . . . . . . .\n"
        "    . . . . . . . .\n"
        " . . . . . . . . . . .\n"
        ". . . . . . . . . . . .\n"
        " . . . . . . . . . . .\n"
        "    . . . . . . . .\n"
        "     . . . . . . .\n"
        "    . . . . . . . .\n"
        "     . .       . ."
    )


def test_original_board_properties() -> None:
    rep = board_report(original_board().cells)
    assert rep.rotations == 3 and rep.mirrors == 3
    assert rep.low_sites == 27 and rep.crowded == 6
    assert not rep.site_at_centre


def test_large_board_meets_every_requirement() -> None:
    cells = load_large()
    rep = board_report(cells)
    assert rep.sites == 177
    assert rep.connected and rep.holes == 0
    assert rep.rotations == 3 and rep.mirrors == 3
    assert not rep.site_at_centre
    assert rep.crowded <= 6
    assert rep.min_degree >= 3
    assert all(ok for _, ok in check_large(rep))
    game = hexarena.new_game("throngs", board="large")
    assert game.board.size == 177 and game.board.centre == -1


def test_board_program_checks_the_shipped_board(capsys: pytest.CaptureFixture[str]) -> None:
    assert DATA_PATH.exists()
    assert main([]) == 0
    out = capsys.readouterr().out
    assert "sites: 177" in out and "3 rotations, 3 mirror lines" in out
    assert "FAILED" not in out
    assert "runs of such sites" in out


@pytest.mark.parametrize("size", [2, 3, 4, 5, 8, 12])
def test_hex_boards_have_an_odd_number_of_sites(size: int) -> None:
    game = hexarena.new_game("throngs", board="hex", size=size)
    assert game.board.size == 3 * size * (size - 1) + 1
    assert game.board.size % 2 == 1
