"""Observation tensors (hexarena.observe) checked against the games' own views of positions."""

from __future__ import annotations

import random

import numpy as np
import pytest

import hexarena
from hexarena.observe import PLANES, Observer

from .conftest import SMALL_OPTIONS


def _random_states(name: str, count: int, seed: int) -> list[hexarena.State]:
    """Positions along one random game (every ``len // count``-th), ending with the end."""
    game = hexarena.new_game(name, **SMALL_OPTIONS[name])
    rng = random.Random(seed)
    st = game.new_initial_state()
    seen = [st.copy()]
    while not st.is_terminal() and st.ply < 400:
        st.apply(rng.choice(st.legal_actions()))
        seen.append(st.copy())
    step = max(1, len(seen) // count)
    return [*seen[::step], seen[-1]]


@pytest.mark.parametrize("name", sorted(PLANES))
def test_stone_planes_match_the_cell_view(name: str) -> None:
    """Colour planes, empty plane and board plane agree with ``cell_view`` in random positions,
    and the perspective planes with the seats' colours."""
    for st in _random_states(name, 12, 3):
        game = st.game
        obs = Observer(game)
        p = {n: i for i, n in enumerate(obs.planes)}
        view = game.cell_view(st.array)
        initials = [c[0].upper() for c in game.colours]
        for seat in (0, 1):
            t = obs.observe(st, seat)
            assert t.shape == obs.shape and t.dtype == np.float32
            for i, code in enumerate(view):
                r, c = obs.rows[i], obs.cols[i]
                assert t[p["board"], r, c] == 1
                if code == ".":
                    assert (t[p["empty"], r, c], t[p["colour0"], r, c], t[p["colour1"], r, c]) == (
                        1,
                        0,
                        0,
                    )
                else:
                    colour = initials.index(code[0])
                    assert t[p[f"colour{colour}"], r, c] == 1
                    assert t[p[f"colour{1 - colour}"], r, c] + t[p["empty"], r, c] == 0
            # off the board, everything is zero
            off = t[:, t[p["board"]] == 0]
            assert not off.any()
            mine = st.seat_colour(seat)
            i0 = (obs.rows[0], obs.cols[0])
            assert t[p["me_colour0"]][i0] == (1 if mine == 0 else 0)
            assert t[p["me_colour1"]][i0] == (1 if mine == 1 else 0)
            assert t[p["me_to_act"]][i0] == (1 if st.current_player == seat else 0)


def test_throngs_potential_plane_is_the_action_potential() -> None:
    """The potential plane times 7 is Black's action potential at every site (the game's own
    ``potential``), and minus White's."""
    for st in _random_states("throngs", 10, 5):
        game = st.game
        obs = Observer(game)
        t = obs.observe(st, 0)
        k = obs.planes.index("potential")
        for x in range(game.board.size):
            v = round(float(t[k, obs.rows[x], obs.cols[x]]) * 7)
            assert v == game.potential(st.array, x, 0) == -game.potential(st.array, x, 1)  # type: ignore[attr-defined]


def test_china_grove_exit_planes_are_the_neighbours() -> None:
    """Exit plane d is 1 exactly where the cell has a neighbour in direction d."""
    game = hexarena.new_game("china-grove")
    obs = Observer(game)
    t = obs.new_buffer()
    for d in range(6):
        k = obs.planes.index(f"exit{d}")
        for x in range(game.board.size):
            assert t[k, obs.rows[x], obs.cols[x]] == (game.board.neighbors[x, d] >= 0)


def test_scrunch_phase_planes_follow_the_growth() -> None:
    """During a growth the phase planes move from start to pick to destination, and the
    placement is marked."""
    game = hexarena.new_game("scrunch", size=3)
    st = game.state_from_moves("a3 e3")
    obs = Observer(game)
    p = {n: i for i, n in enumerate(obs.planes)}
    at = (obs.rows[0], obs.cols[0])
    t = obs.observe(st, 0)
    assert t[p["phase_start"]][at] == 1 and t[p["creation0"]][at] == 1
    egg = game.board.parse("a3")
    grow = next(a for a in st.legal_actions() if a in game.board.neighbors[egg].tolist())
    st.apply(grow)
    t = obs.observe(st, 0)
    assert t[p["phase_pick"]][at] == 1 and t[p["phase_start"]][at] == 0
    assert t[p["placed"], obs.rows[grow], obs.cols[grow]] == 1
    assert t[p["placed"]].sum() == 1


def test_gyre_static_planes() -> None:
    """Gyre's ring plane has the 6(n-1) ring cells and the centre plane one cell."""
    obs = Observer(hexarena.new_game("gyre", size=4))
    t = obs.new_buffer()
    assert t[obs.planes.index("ring")].sum() == 18
    assert t[obs.planes.index("centre")].sum() == 1
    assert t[obs.planes.index("board")].sum() == 37
