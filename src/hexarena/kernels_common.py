"""Helpers that several games' compiled kernels share, written once.

* **Indexed sets** of cells (or of any small non-negative integers) kept inside a state array:
  a list of members ``arr[lst : lst + arr[cnt]]`` and, per possible member ``x``, its place in
  the list ``arr[pos + x]`` (-1 when absent), so that adding, removing and testing membership
  take constant time and iterating takes time in proportion to the members.
* **Neighbour scans**: a game's constant table ``g`` holds the neighbours of every cell (``n x
  6``, -1 off the board) from some index ``base`` on, so neighbour ``d`` of cell ``x`` is
  ``g[base + 6 x + d]`` (:func:`nb_at`); Churn and Scrunch put them straight after ``n``
  (``base`` 1, :func:`nb`), Gyre and China Grove after a few more numbers.
* **Groups as circular lists** (Churn, Gyre): per cell its group's id ``arr[gid + x]`` (a cell
  of the group), the next stone of the group round a circular list ``arr[nxt + x]``, and per
  group id its size ``arr[gsz + id]``; :func:`new_group`, :func:`join_group` and
  :func:`merge_groups` keep them.
* **The end of an action** in the header: :func:`pass_turn` (the other colour to act, by its
  seat) and :func:`end_game` (winner, nobody to act, the reason).

* **Kernels without reference counting**: :func:`plain_kernel` compiles a kernel that makes no
  array as ``njit(cache=True)`` does, but without Numba's reference counting, which otherwise
  calls Numba's runtime for every array at each entry and exit of a call that is not inlined
  (Scrunch's legal-action mask lost about a third of its time without it).

Their indexes into ``arr`` and ``g`` are cast to unsigned (``_U``) before indexing: Numba
handles a negative signed index by wrapping it round (an index of -1 is the last entry), which
costs a test and a select on every access, on the path of every load whose index comes from an
earlier load (the lists of groups and sets). The indexes here are never negative, so the cast
changes no result; Churn's ``apply`` took about a sixth less time without the wrapping.

The kernels here are ``inline="always"``, so a kernel that uses them compiles them into its own
code: the same speed as writing them out. A change here compiles the games that use them again
(:mod:`hexarena.numba_cache`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numpy as np
from numba import njit

from .core import H_COLOUR, H_PLAYER, H_REASON, H_SWAPPED, H_WINNER, Array

#: Unsigned indexes: no wrapping round of negative ones (see above).
_U = np.uint64
_F = TypeVar("_F", bound=Callable[..., Any])

#: ``njit`` options of :func:`plain_kernel` (the type stubs do not list ``_nrt``, a private
#: option of Numba's: should a release drop it, importing the kernels fails to compile, loudly).
_PLAIN: dict[str, Any] = {"cache": True, "_nrt": False}


def plain_kernel(fn: _F) -> _F:
    """Compile ``fn`` as ``njit(cache=True)`` does, without Numba's reference counting: for a
    kernel that makes no array (Numba refuses to compile one that does)."""
    return cast(_F, njit(**_PLAIN)(fn))


@njit(cache=True, inline="always")
def set_add_in(
    items: Array, lst: int, pos: int, counts: Array, cnt: int, x: int, none: int
) -> None:  # pragma: no cover - compiled
    """Add ``x`` to the indexed set whose list (at ``lst``) and places (at ``pos``) are in
    ``items``, with ``none`` as the place of an absent member, and whose size is
    ``counts[cnt]``, unless it is there already: for sets kept in narrower entries than their
    sizes (Churn's, in bytes: ``none`` 255)."""
    if items[_U(pos + x)] == none:
        k = counts[_U(cnt)]
        items[_U(lst + k)] = x
        items[_U(pos + x)] = k
        counts[_U(cnt)] = k + 1


@njit(cache=True, inline="always")
def set_remove_in(
    items: Array, lst: int, pos: int, counts: Array, cnt: int, x: int, none: int
) -> None:  # pragma: no cover - compiled
    """Remove ``x`` from the indexed set of :func:`set_add_in` if it is there: the last member
    takes its place."""
    k = items[_U(pos + x)]
    if k != none:
        last = counts[_U(cnt)] - 1
        y = items[_U(lst + last)]
        items[_U(lst + k)] = y
        items[_U(pos + y)] = k
        items[_U(pos + x)] = none
        counts[_U(cnt)] = last


@njit(cache=True, inline="always")
def set_add(arr: Array, lst: int, pos: int, cnt: int, x: int) -> None:  # pragma: no cover
    """Add ``x`` to the indexed set (list at ``lst``, places at ``pos``, -1 for an absent
    member, size in ``arr[cnt]``), unless it is there already. Written out rather than through
    :func:`set_add_in`: with the one array passed twice, Gyre's random playouts ran a tenth
    slower (``benchmarks/compare_code.py``)."""
    if arr[_U(pos + x)] < 0:
        k = arr[_U(cnt)]
        arr[_U(lst + k)] = x
        arr[_U(pos + x)] = k
        arr[_U(cnt)] = k + 1


@njit(cache=True, inline="always")
def set_remove(arr: Array, lst: int, pos: int, cnt: int, x: int) -> None:  # pragma: no cover
    """Remove ``x`` from the indexed set if it is there: the last member takes its place
    (written out, as :func:`set_add`)."""
    k = arr[_U(pos + x)]
    if k >= 0:
        last = arr[_U(cnt)] - 1
        y = arr[_U(lst + last)]
        arr[_U(lst + k)] = y
        arr[_U(pos + y)] = k
        arr[_U(pos + x)] = -1
        arr[_U(cnt)] = last


@njit(cache=True, inline="always")
def nb_at(g: Array, base: int, x: int, d: int) -> int:  # pragma: no cover - compiled
    """Neighbour ``d`` (0..5) of cell ``x``, or -1 off the board, from a constant table whose
    neighbours start at ``g[base]``."""
    return g[base + 6 * x + d]


@njit(cache=True, inline="always")
def nb(g: Array, x: int, d: int) -> int:  # pragma: no cover - compiled
    """Neighbour ``d`` (0..5) of cell ``x``, or -1 off the board (a constant table ``[n,
    neighbours, ...]``)."""
    return g[_U(1 + 6 * x + d)]


@njit(cache=True, inline="always")
def new_group(arr: Array, gid: int, nxt: int, gsz: int, x: int) -> None:  # pragma: no cover
    """Make the stone on ``x`` a group of its own, with id ``x``."""
    arr[gid + x] = x
    arr[nxt + x] = x
    arr[gsz + x] = 1


@njit(cache=True, inline="always")
def join_group(
    arr: Array, gid: int, nxt: int, gsz: int, g0: int, x: int
) -> None:  # pragma: no cover
    """Add the stone on ``x`` (in no group yet) to group ``g0``."""
    arr[_U(gid + x)] = g0
    arr[_U(nxt + x)] = arr[_U(nxt + g0)]
    arr[_U(nxt + g0)] = x
    arr[_U(gsz + g0)] += 1


@njit(cache=True, inline="always")
def splice(arr: Array, nxt: int, a: int, b: int) -> None:  # pragma: no cover - compiled
    """Join two disjoint circular lists (next pointers at ``nxt``), the one through ``a`` and
    the one through ``b``, into one."""
    t = arr[nxt + a]
    arr[nxt + a] = arr[nxt + b]
    arr[nxt + b] = t


@njit(cache=True, inline="always")
def merge_groups(
    arr: Array, gid: int, nxt: int, gsz: int, g0: int, gg: int
) -> None:  # pragma: no cover
    """Merge group ``gg`` into group ``g0``: its stones take the id ``g0`` and the two circular
    lists become one."""
    z = gg
    for _ in range(arr[_U(gsz + gg)]):
        arr[_U(gid + z)] = g0
        z = arr[_U(nxt + z)]
    splice(arr, nxt, g0, gg)
    arr[_U(gsz + g0)] += arr[_U(gsz + gg)]


@njit(cache=True, inline="always")
def pass_turn(arr: Array, c: int) -> None:  # pragma: no cover - compiled
    """The turn passes from colour ``c`` to the other colour, played by seat ``colour ^
    swapped``."""
    nc = c ^ 1
    arr[H_COLOUR] = nc
    arr[H_PLAYER] = nc ^ arr[H_SWAPPED]


@njit(cache=True, inline="always")
def end_game(arr: Array, winner: int, reason: int) -> None:  # pragma: no cover - compiled
    """The game is over: colour ``winner`` won, for the game's ``reason`` code; nobody acts."""
    arr[H_WINNER] = winner
    arr[H_PLAYER] = -1
    arr[H_REASON] = reason
