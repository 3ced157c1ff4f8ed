"""A small, seedable random number generator usable inside compiled kernels.

Kernels take the generator state as a one-element ``uint64`` array, so every playout is
repeatable from its seed on every machine (NumPy's and Numba's global generators are not shared
between the two worlds, and are not portable in the same way).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

RngState = npt.NDArray[np.uint64]

_GOLDEN = 0x9E3779B97F4A7C15
_MASK = (1 << 64) - 1


def make_rng(seed: int) -> RngState:
    """A generator state for ``seed`` (any integer); never the all-zero state."""
    z = (int(seed) * _GOLDEN + _GOLDEN) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    z ^= z >> 31
    return np.array([z or _GOLDEN], dtype=np.uint64)


@njit(cache=True, inline="always")
def rand_u64(rng: RngState) -> np.uint64:  # pragma: no cover - compiled
    """Next 64 random bits (xorshift64*)."""
    x = rng[0]
    x ^= x >> np.uint64(12)
    x ^= x << np.uint64(25)
    x ^= x >> np.uint64(27)
    rng[0] = x
    return x * np.uint64(0x2545F4914F6CDD1D)


@njit(cache=True, inline="always")
def rand_below(rng: RngState, n: int) -> np.int64:  # pragma: no cover - compiled
    """A uniform integer in ``0 .. n-1`` (``n`` must be positive)."""
    return np.int64((rand_u64(rng) >> np.uint64(11)) % np.uint64(n))


@njit(cache=True, inline="always")
def rand_float(rng: RngState) -> float:  # pragma: no cover - compiled
    """A uniform float in ``[0, 1)``."""
    return np.float64(rand_u64(rng) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@njit(cache=True, inline="always")
def rand_index(rng: RngState, n: int) -> np.int64:  # pragma: no cover - compiled
    """A uniform integer in ``0 .. n-1`` for ``0 < n < 2**32``, without a division as a rule.

    Lemire's multiply-and-shift: 32 random bits times ``n``; the high half is the result. The
    few low halves that would favour some results are rejected (the threshold needs one
    division, computed only when the low half is small), so every result is exactly equally
    likely. A different stream from :func:`rand_below` for the same generator state.
    """
    nn = np.uint64(n)
    m = (rand_u64(rng) >> np.uint64(32)) * nn
    low = m & np.uint64(0xFFFFFFFF)
    if low < nn:
        t = (np.uint64(0x100000000) - nn) % nn
        while low < t:
            m = (rand_u64(rng) >> np.uint64(32)) * nn
            low = m & np.uint64(0xFFFFFFFF)
    return np.int64(m >> np.uint64(32))
