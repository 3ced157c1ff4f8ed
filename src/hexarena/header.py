"""The common header of every game's state array, and the compiled pieces all games share.

Every game keeps its whole position in one small NumPy ``int32`` array whose first
:data:`HEADER` entries have the same meaning in every game: who is to act, the colour mapping
after a swap, turn and action counters, the winner. This module says what those entries are,
holds the pie rule's swap as two inlined kernels, the :class:`Kernels` bundle each game supplies,
the :class:`Outcome` of a finished game, and the generic compiled replay drivers that
:class:`hexarena.core.State` uses for long records. :mod:`hexarena.core` re-exports all of it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

Array = npt.NDArray[np.int32]

# ---------------------------------------------------------------- the common header
H_PLAYER = 0  #: seat (0 = first player, 1 = second) whose decision it is; -1 once the game is over
H_COLOUR = 1  #: colour index to act (0 = the colour that starts), -1 when no colour acts (set-up)
H_SWAPPED = 2  #: 1 once the colours were traded: colour ``c`` is played by seat ``c ^ swapped``
H_TURN = 3  #: number of completed turns
H_WINNER = 4  #: winning colour, -1 while the game goes on
H_PLY = 5  #: number of actions applied
H_REASON = 6  #: game-specific code for why the game ended (0 while it goes on)
H_EXTRA = 7  #: free for the game
HEADER = 8

#: How often :class:`State` keeps a snapshot of the position (in actions) for undo.
CHECKPOINT_EVERY = 256


# ---------------------------------------------------------------- outcome
@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``winner`` is the winning seat (0 = the player who moved first, 1 = the other),
    ``winner_colour`` the colour that player had at the end. ``score`` maps colour names to the
    game's count (stones, or points); ``details`` holds game-specific explanation (for example
    Gyre's winning group and the ring cells it owns, as cell names).
    """

    winner: int
    winner_colour: str
    reason: str
    score: dict[str, Any] = field(default_factory=dict)
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def result(self) -> str:
        """PGN-style result from the first player's side: ``1-0`` or ``0-1``."""
        return "1-0" if self.winner == 0 else "0-1"


# ---------------------------------------------------------------- kernels
@dataclass(frozen=True)
class Kernels:
    """The compiled rules of one game (all functions are Numba dispatchers over the state array).

    Each takes first the game's constant table ``g`` (an ``int32`` array of board tables built
    once per game, :attr:`Game.consts`), then the state array:

    - ``legal(g, arr) -> int32[:]``: the legal actions, ascending; empty when the game is over.
    - ``is_legal(g, arr, a) -> bool``: whether action ``a`` (in range) is legal now.
    - ``apply(g, arr, a)``: apply a legal action (no checks), updating the header.
    - ``playout(g, arr, rng, out, limit) -> int``: random legal actions until the game ends or
      ``limit`` actions were taken; records them in ``out`` when ``len(out) >= limit``.
    """

    legal: Callable[..., Any]
    is_legal: Callable[..., Any]
    apply: Callable[..., Any]
    playout: Callable[..., Any]


@njit(cache=True, inline="always")
def swap_offered(arr: Array) -> bool:  # pragma: no cover - compiled
    """Whether the pie rule's swap is on offer: the second player's first turn, game not over.

    A game whose turns have several actions must also check that the turn has not begun.
    """
    return arr[H_TURN] == 1 and arr[H_SWAPPED] == 0 and arr[H_PLAYER] >= 0


@njit(cache=True, inline="always")
def apply_swap(arr: Array) -> None:  # pragma: no cover - compiled
    """The swap: the players trade colours and the same colour is still to move, now played by
    seat 0; it counts as a completed turn."""
    arr[H_SWAPPED] = 1
    arr[H_PLAYER] = arr[H_COLOUR] ^ 1
    arr[H_TURN] += 1
    arr[H_PLY] += 1


def plain(fn: Any) -> Any:
    """The plain-Python function of a compiled one (``fn`` itself when Numba's compiler is
    off, ``NUMBA_DISABLE_JIT``)."""
    return getattr(fn, "py_func", fn)


# The generic drivers below take the kernels as arguments. They are not cached on disk: numba's
# cache index keys them by the dispatchers' types, which hold weak references that die when an
# index written by another process is read back, so a second game compiled in one process fails
# with "ReferenceError: underlying object has vanished". Compiling them costs 0.2 to 1.2 s a game
# in every process, so State runs a short list through their plain-Python ``py_func`` instead
# (core.SHORT_REPLAY).
@njit
def replay_checked(
    is_legal: Any, apply: Any, g: Array, arr: Array, actions: Array, ends: Any
) -> int:
    """Apply ``actions`` in order, validating each; return the first illegal one's index, or -1.

    ``ends[i]`` is set to 1 when action ``i`` completes a turn. The position stops just before
    the first illegal action.
    """
    for i in range(actions.shape[0]):
        a = np.int64(actions[i])  # the kernels' int64 build, the one State.apply uses
        if arr[H_PLAYER] < 0 or not is_legal(g, arr, a):
            return i
        turn = arr[H_TURN]
        apply(g, arr, a)
        ends[i] = 1 if arr[H_TURN] != turn else 0
    return -1


@njit
def replay_unchecked(apply: Any, g: Array, arr: Array, actions: Array) -> None:
    """Apply actions already known to be legal (used by undo)."""
    for i in range(actions.shape[0]):
        apply(g, arr, np.int64(actions[i]))


__all__ = [
    "CHECKPOINT_EVERY",
    "HEADER",
    "H_COLOUR",
    "H_EXTRA",
    "H_PLAYER",
    "H_PLY",
    "H_REASON",
    "H_SWAPPED",
    "H_TURN",
    "H_WINNER",
    "Array",
    "Kernels",
    "Outcome",
    "apply_swap",
    "plain",
    "replay_checked",
    "replay_unchecked",
    "swap_offered",
]
