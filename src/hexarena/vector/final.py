"""The final observations of :class:`hexarena.vector.VectorEnv`: the last position of every game
that a step ended, before the same-step auto-reset put a new game in its place.

The compiled step keeps only the ended game's state array and the seat that made its last
action (:func:`hexarena.vector.drivers.keep_final`, in the branch that restarts the game: a step
in which no game ends does nothing more), the step's ``k``-th ended game in row ``k`` of its
buffer: the rows written are few and stay in the processor's caches from step to step. (A row
per environment, written where the environment ended, left Gyre's step at N = 1,024 at 0.81
of its speed on side 5 and 0.92 on side 7, medians of four rounds side by side with the
code before; in rows of their own, 0.97 to 0.98 on Gyre and Churn, within the rounds' spread:
``docs/research.md``, "Final observations".) The observations and masks are written from those
rows when :meth:`~hexarena.vector.VectorEnv.final` asks, by :func:`bound_final`, so that a
caller who never asks pays nothing for them.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt
from numba import njit

from ..core import H_PLAYER, Array
from ..numba_closure_cache import cache_closure


class Final(NamedTuple):
    """The games that the last step ended (``terminated`` or ``truncated``), as they were on
    their last position, before their environment started a new one; new arrays, the
    caller's own. Row ``k`` is environment ``envs[k]``'s."""

    envs: npt.NDArray[np.int64]  #: ``(k,)``: the environments, ascending
    #: ``(k, planes, rows, columns)``: each as ``seats[k]`` sees it
    observations: npt.NDArray[np.float32]
    #: ``(k, A)``: the legal actions there (none once the game is over: after ``terminated``)
    masks: npt.NDArray[np.bool_]
    #: ``(k,)``: the seat whose view the observation is: the seat to act after a truncation
    #: (the view the step would have returned without the restart), the seat that made the
    #: last action once the game is over (no seat acts then)
    seats: npt.NDArray[np.int32]
    states: npt.NDArray[np.int32]  #: ``(k, L)``: the state arrays


@functools.cache
def bound_final(mask: Any, observe: Any) -> Callable[..., None]:
    """``fill(g, geo, final, count, obs, masks, seats)``, compiled with one game's mask writer
    and observation writer held as constants: for each ``k`` below ``count``, the kept row
    ``final[k]``
    (state array then seat, :func:`hexarena.vector.drivers.keep_final`) seen by its seat
    (``seats[k]``: the seat to act, or the kept seat once the game is over) into ``obs[k]``
    (flat, from :meth:`hexarena.observe.Observer.new_buffer`) and its legal actions into
    ``masks[k]``."""

    @cache_closure
    @njit
    def fill(
        g: Array, geo: Array, final: Any, count: int, obs: Any, masks: Any, seats: Any
    ) -> None:  # pragma: no cover - compiled
        width = final.shape[1] - 1
        for k in range(count):
            row = final[k]
            arr = row[:width]
            seat = arr[H_PLAYER]
            if seat < 0:  # over: nobody acts, and nothing is legal
                seat = row[width]
                masks[k, :] = False
            else:
                mask(g, arr, masks[k])
            seats[k] = seat
            observe(g, arr, seat, geo, obs[k])

    return fill
