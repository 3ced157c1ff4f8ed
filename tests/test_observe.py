"""Observation tensors (hexarena.observe) checked against the games' own views of positions."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import hexarena
from hexarena.games import china_grove, scrunch, throngs
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


def reference_planes(st: hexarena.State, seat: int) -> dict[str, np.ndarray]:
    """Every dynamic plane of a position seen by ``seat``, one value per cell in the board's
    order, worked out in plain NumPy from the State API, the cell view and the board
    (independently of the compiled writers)."""
    game = st.game
    arr = st.array
    n = game.board.size
    nbrs = game.board.neighbors
    view = game.cell_view(arr)
    initials = [c[0].upper() for c in game.colours]
    going = not st.is_terminal()

    def const(v: float) -> np.ndarray:
        return np.full(n, v, dtype=np.float64)

    def one_hot(x: int) -> np.ndarray:
        p = np.zeros(n)
        if x >= 0:
            p[x] = 1
        return p

    out = {
        "colour0": np.array([v[:1] == initials[0] for v in view], dtype=np.float64),
        "colour1": np.array([v[:1] == initials[1] for v in view], dtype=np.float64),
        "empty": np.array([v == "." for v in view], dtype=np.float64),
        "me_colour0": const(st.seat_colour(seat) == 0),
        "me_colour1": const(st.seat_colour(seat) == 1),
        "me_to_act": const(st.current_player == seat),
    }
    if game.name == "churn":
        size = np.zeros(n)
        for x in range(n):
            if view[x] == ".":
                continue
            group, todo = {x}, [x]
            while todo:
                y = todo.pop()
                for z in nbrs[y]:
                    if z >= 0 and z not in group and view[z][:1] == view[x][:1]:
                        group.add(int(z))
                        todo.append(int(z))
            size[x] = len(group) / n
        out["group_size"] = size
    elif game.name == "gyre":
        cells = [a for a in st.history if a < n]
        out["last"] = one_hot(cells[-1] if cells else -1)
    elif game.name == "scrunch":
        phase = int(arr[scrunch.S_PHASE]) if going else -1
        out |= {
            "creation0": const(arr[scrunch.S_CREATE]),
            "creation1": const(arr[scrunch.S_CREATE + 1]),
            "phase_start": const(phase == scrunch.PH_START),
            "phase_pick": const(phase == scrunch.PH_PICK),
            "phase_dest": const(phase == scrunch.PH_DEST),
            "phase_remove": const(phase == scrunch.PH_REMOVE),
            "placed": one_hot(int(arr[scrunch.S_P]) if going else -1),
            "picked": one_hot(int(arr[scrunch.S_S]) if going else -1),
        }
    elif isinstance(game, china_grove.ChinaGrove):
        classes = np.array(china_grove.cell_classes(game.board, game.options["mode"]))
        k = game.turn_class(arr)
        out["turn_class"] = (classes == k).astype(np.float64) if k >= 0 else const(0)
        out["left"] = const(game.checkers_left(arr) / 6 if k >= 0 else 0)
    elif game.name == "throngs":
        own = out["colour0"] - out["colour1"]
        pot = own + np.array([sum(own[y] for y in nbrs[x] if y >= 0) for x in range(n)])
        phase = int(arr[throngs.S_PHASE]) if going else -1
        names = ("setup_black", "setup_white1", "setup_white2", "choose", "select", "dispatch")
        dest = phase in (throngs.P_DISPATCH, throngs.P_AFTER_DEPLOY)
        out |= {name: const(phase == k) for k, name in enumerate((*names, "after_deploy"))}
        out |= {
            "potential": pot / 7,
            "selected": one_hot(int(arr[throngs.S_SEL]) if dest else -1),
            "budget": const(int(arr[throngs.S_BUDGET]) / 7 if dest else 0),
            "second_move": const(going and int(arr[throngs.S_MOVE]) == 1),
            "stall0": const(min(int(arr[throngs.S_STALL]), 3) / 3),
            "stall1": const(min(int(arr[throngs.S_STALL + 1]), 3) / 3),
        }
    return out


@pytest.mark.parametrize("name", sorted(PLANES))
def test_every_dynamic_plane_matches_the_reference(name: str) -> None:
    """In random positions, both seats: every dynamic plane is the plain-NumPy reference's, on
    a new buffer and on one buffer written over and over (the writers skip whole planes whose
    value did not change)."""
    game = hexarena.new_game(name, **SMALL_OPTIONS[name])
    obs = Observer(game)
    reused = obs.new_buffer()
    for seed in (1, 2):
        for st in _random_states(name, 40, seed):
            for seat in (0, 1):
                ref = reference_planes(st, seat)
                assert set(ref) == set(obs.planes[: obs.dynamic])
                obs.fill(st.array, seat, reused)
                for t in (obs.observe(st, seat), reused):
                    for p, plane in enumerate(obs.planes[: obs.dynamic]):
                        got = t[p, obs.rows, obs.cols]
                        assert np.allclose(got, ref[plane], atol=1e-6), (plane, st.history)


def test_a_buffer_of_another_shape_is_refused() -> None:
    obs = Observer(hexarena.new_game("gyre", size=3))
    st = obs.game.new_initial_state()
    bad: list[Any] = [np.zeros((3, 5, 5), np.float32), obs.new_buffer().astype(np.float64)]
    for out in bad:
        with pytest.raises(ValueError, match="new_buffer"):
            obs.fill(st.array, 0, out)
    assert obs.new_buffer(4).shape == (4, *obs.shape)


@pytest.mark.parametrize(
    ("seat", "error"),
    [(2, ValueError), (-1, ValueError), (2**40, ValueError), (1.5, TypeError), (True, TypeError)],
)
def test_a_seat_that_is_not_0_or_1_is_refused(seat: Any, error: type[Exception]) -> None:
    """An observation is one seat's view: seat 2, -1 or 1.5 wrote a tensor that was neither
    seat's (``True`` was seat 1), and a text seat failed deep in the compiled writer with a
    typing error of 1,443 characters."""
    obs = Observer(hexarena.new_game("gyre", size=3))
    st = obs.game.new_initial_state()
    st.apply(3)
    with pytest.raises(error, match="seat is 0 or 1") as info:
        obs.observe(st, seat)
    assert len(str(info.value)) < 300
    with pytest.raises(TypeError, match="seat is 0 or 1"):
        obs.observe(st, "x" * 100_000)  # type: ignore[arg-type]
    assert np.array_equal(obs.observe(st, np.int64(1)), obs.observe(st, 1))


def test_an_array_or_state_of_another_game_is_refused() -> None:
    """The compiled writer reads the array without bounds checks: an array shorter than the
    game's was read past its end (garbage planes, or a crash), a float array or a list failed
    with Numba's typing or index errors, and a state of another board was observed as if it
    were of this one."""
    obs = Observer(hexarena.new_game("gyre", size=7))
    buf = obs.new_buffer()
    st = obs.game.new_initial_state()
    short = np.zeros(3, np.int32)
    for arr in (short, st.array.astype(np.float64), list(st.array), st.array[:-1]):
        with pytest.raises(ValueError, match=r"arr is a state array of new_game\('gyre', size=7\)"):
            obs.fill(arr, 0, buf)  # type: ignore[arg-type]
    other = hexarena.new_game("gyre", size=3).new_initial_state()
    with pytest.raises(ValueError, match=r"the state is of new_game\('gyre', size=3\)"):
        obs.observe(other, 0)
    same = hexarena.new_game("gyre", size=7).new_initial_state()  # an equal game is the game
    assert np.array_equal(obs.observe(same, 0), obs.observe(st, 0))
    grown = Observer(hexarena.new_game("throngs", board="hex", size=3))
    arr = grown.game.with_room(grown.game.initial_array(), 5_000)  # a Throngs array grows
    assert len(arr) > grown.array_length
    grown.fill(arr, 0, grown.new_buffer())


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
