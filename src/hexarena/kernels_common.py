"""Helpers that several games' compiled kernels share, written once.

* **Indexed sets** of cells (or of any small non-negative integers) kept inside a state array:
  a list of members ``arr[lst : lst + arr[cnt]]`` and, per possible member ``x``, its place in
  the list ``arr[pos + x]`` (-1 when absent), so that adding, removing and testing membership
  take constant time and iterating takes time in proportion to the members.
* **Neighbour scans**: a game's constant table ``g`` starts ``[n, neighbours (n x 6, -1 off
  the board), ...]``, so neighbour ``d`` of cell ``x`` is ``g[1 + 6 x + d]``.

All are ``inline="always"``, so a kernel that uses them compiles them into its own code: the
same speed as writing them out. Numba's cache does not notice a change here: after editing this
module, delete the ``__pycache__/*.nbi`` and ``*.nbc`` files of the games that use it.
"""

from __future__ import annotations

from numba import njit

from .core import Array


@njit(cache=True, inline="always")
def set_add(arr: Array, lst: int, pos: int, cnt: int, x: int) -> None:  # pragma: no cover
    """Add ``x`` to the indexed set (list at ``lst``, places at ``pos``, size in ``arr[cnt]``),
    unless it is there already."""
    if arr[pos + x] < 0:
        k = arr[cnt]
        arr[lst + k] = x
        arr[pos + x] = k
        arr[cnt] = k + 1


@njit(cache=True, inline="always")
def set_remove(arr: Array, lst: int, pos: int, cnt: int, x: int) -> None:  # pragma: no cover
    """Remove ``x`` from the indexed set if it is there: the last member takes its place."""
    k = arr[pos + x]
    if k >= 0:
        last = arr[cnt] - 1
        y = arr[lst + last]
        arr[lst + k] = y
        arr[pos + y] = k
        arr[pos + x] = -1
        arr[cnt] = last


@njit(cache=True, inline="always")
def nb(g: Array, x: int, d: int) -> int:  # pragma: no cover - compiled
    """Neighbour ``d`` (0..5) of cell ``x``, or -1 off the board (the game's constant table)."""
    return g[1 + 6 * x + d]
