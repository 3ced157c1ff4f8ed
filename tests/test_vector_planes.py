"""The whole-plane writers every game's incremental observation shares (``vector.deltas``):
``_plane`` (ordinary or streaming stores), ``_swap`` and ``_onehot`` (swapped or rewritten),
checked against planes worked out with NumPy from the board's cells."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from numba import njit

from hexarena.games import new_game
from hexarena.observe import Observer
from hexarena.vector import _cache_aligned
from hexarena.vector.deltas import _onehot, _plane, _swap, vector_geometry


@njit
def _plane_call(geo: Any, out: Any, p: int, value: float, stream: bool) -> None:
    _plane(geo, out, p, value, stream)


@njit
def _plane_default(geo: Any, out: Any, p: int, value: float) -> None:
    _plane(geo, out, p, value)  # the call Scrunch's update makes: ordinary stores


@njit
def _swap_call(out: Any, a: int, b: int, s: int) -> None:
    _swap(out, a, b, s)


@njit
def _onehot_call(
    geo: Any, out: Any, first: int, memo: Any, slot: int, k: int, stream: bool, swap: bool
) -> None:
    _onehot(geo, out, first, memo, slot, k, stream, swap)


@njit
def _onehot_default(geo: Any, out: Any, first: int, memo: Any, slot: int, k: int) -> None:
    _onehot(geo, out, first, memo, slot, k)  # Scrunch's call: planes swapped


def _setting(name: str) -> tuple[Any, Any, int, int]:
    """The vector geometry of a game's observer, the board's mask of one plane, the cells of a
    plane and the number of planes."""
    observer = Observer(new_game(name))
    geo = vector_geometry(observer)
    board = observer.static[0].reshape(-1) != 0
    return geo, board, int(geo[1]), observer.shape[0]


def _expected_plane(board: Any, value: float) -> Any:
    return np.where(board, np.float32(value), np.float32(0.0))


@pytest.mark.parametrize("name", ["churn", "throngs", "scrunch"])
@pytest.mark.parametrize("stream", [False, True])
def test_plane_writes_the_value_on_the_board_and_zero_off_it(name: str, stream: bool) -> None:
    geo, board, s, planes = _setting(name)
    out = _cache_aligned(np.full(planes * s, 9.0, dtype=np.float32))
    _plane_call(geo, out, 2, 0.75, stream)
    assert np.array_equal(out[2 * s : 3 * s], _expected_plane(board, 0.75))
    assert (out[: 2 * s] == 9.0).all() and (out[3 * s :] == 9.0).all()  # nothing else
    _plane_default(geo, out, 4, 1.0)
    assert np.array_equal(out[4 * s : 5 * s], _expected_plane(board, 1.0))
    assert (out[3 * s : 4 * s] == 9.0).all() and (out[5 * s :] == 9.0).all()


def test_swap_trades_two_runs() -> None:
    out = np.arange(40, dtype=np.float32)
    _swap_call(out, 3, 20, 7)
    expected = np.arange(40, dtype=np.float32)
    expected[3:10], expected[20:27] = np.arange(20, 27), np.arange(3, 10)
    assert np.array_equal(out, expected)


@pytest.mark.parametrize(("stream", "swap"), [(False, True), (False, False), (True, False)])
def test_onehot_shows_the_plane_kept_in_the_memo(stream: bool, swap: bool) -> None:
    geo, board, s, planes = _setting("throngs")
    first, count = 7, 7  # Throngs' seven phase planes
    out = _cache_aligned(np.zeros(planes * s, dtype=np.float32))
    out[first * s : (first + 1) * s] = _expected_plane(board, 1.0)  # phase 0 shown
    memo = np.array([5, 0, 5], dtype=np.int32)
    for k in [3, 3, 6, -1, -1, 2, 0, 6, -1, 4]:
        _onehot_call(geo, out, first, memo, 1, k, stream, swap)
        assert memo[1] == k and memo[0] == 5 and memo[2] == 5
        for q in range(count):
            shown = out[(first + q) * s : (first + q + 1) * s]
            assert np.array_equal(shown, _expected_plane(board, 1.0 if q == k else 0.0)), (k, q)
        assert not out[: first * s].any() and not out[(first + count) * s :].any()


def test_onehot_swaps_by_default() -> None:
    """Scrunch's call (no choices given) swaps: a plane that hands over keeps what it held off
    the board (a rewrite would write 0 there)."""
    geo, board, s, planes = _setting("scrunch")
    out = np.zeros(planes * s, dtype=np.float32)
    out[8 * s : 9 * s] = _expected_plane(board, 1.0)
    out[9 * s : 10 * s] = np.where(board, 0.0, 5.0)  # off the board: not the writer's
    memo = np.array([0], dtype=np.int32)
    _onehot_default(geo, out, 8, memo, 0, 1)
    assert np.array_equal(out[9 * s : 10 * s], _expected_plane(board, 1.0))
    assert np.array_equal(out[8 * s : 9 * s], np.where(board, 0.0, 5.0))
