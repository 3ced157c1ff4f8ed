"""The drawing hook the web app relies on: ``Game.cell_view`` for every game and its default."""

from __future__ import annotations

import random
from typing import ClassVar

import numpy as np
import pytest

from hexarena.core import Array, Game
from hexarena.games import game_names, new_game
from hexarena.hexgrid import hexhex
from tests.conftest import SMALL_OPTIONS


@pytest.mark.parametrize("name", game_names())
def test_every_game_gives_one_code_per_cell(name: str) -> None:
    game = new_game(name, **SMALL_OPTIONS.get(name, {}))
    state = game.new_initial_state()
    rng = random.Random(3)
    initials = {c[0].upper() for c in game.colours}
    for _ in range(12):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    codes = game.cell_view(state.array)
    assert len(codes) == game.board.size
    assert all(isinstance(c, str) and c for c in codes)
    assert any(c[0] in initials for c in codes), "a dozen actions put some stone on the board"


def test_churn_codes_match_its_stones() -> None:
    game = new_game("churn", size=3)
    state = game.new_initial_state()
    for move in ("c3", "swap", "b2", "d4", "e1"):
        state.apply(move)
    colours = game.cell_colours(state.array)  # type: ignore[attr-defined]
    assert game.cell_view(state.array) == [".RB"[v] for v in colours]
    assert Game.cell_view(game, state.array) == game.cell_view(state.array)


class _Wide(Game):
    """A stand-in game whose picture puts cells four characters apart with links between them."""

    name: ClassVar[str] = "wide"
    colours: ClassVar[tuple[str, str]] = ("White", "Black")

    def setup(self) -> None:
        self.board = hexhex(2)

    def initial_array(self) -> Array:
        return np.zeros(self.board.size, dtype=np.int32)

    def render(self, arr: Array, *, coordinates: bool = True) -> str:
        b = self.board
        glyph = ".WB"
        lines = ["Wide: a header line", "  ---- ----"]
        for r in range(b.rmax, b.rmin - 1, -1):
            row = [" "] * 40
            links = [" "] * 40
            for i, (q, rr) in enumerate(b.cells):
                if rr == r:
                    x = 4 * (q - b.qmin) + 2 * (r - b.rmin) + 3
                    row[x] = glyph[int(arr[i])]
                    if b.neighbor(i, 0) >= 0:
                        row[x + 1 : x + 4] = "---"
                    links[x + 1] = "/"
            lines.append("".join(row).rstrip())
            if r > b.rmin:
                lines.append("".join(links).rstrip())
        return "\n".join(lines) + "\nWhite to move"


def test_default_reads_a_picture_with_links_between_cells() -> None:
    game = _Wide()
    arr = np.zeros(7, dtype=np.int32)
    arr[[0, 3, 6]] = [1, 2, 1]
    assert game.cell_view(arr) == ["W", ".", ".", "B", ".", ".", "W"]


def test_default_gives_empty_cells_when_it_cannot_read_the_picture() -> None:
    class Unreadable(_Wide):
        def render(self, arr: Array, *, coordinates: bool = True) -> str:
            return "no picture"

    assert Unreadable().cell_view(np.zeros(7, dtype=np.int32)) == ["."] * 7
