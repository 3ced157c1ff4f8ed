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


# ---------------------------------------------------------------- Python's own generator
#: Length of a Mersenne Twister state: 624 words, then the index of the next word to use.
MT_WORDS = 624
_MT_M = 397
_MT_MATRIX_A = np.uint64(0x9908B0DF)
_MT_UPPER = np.uint64(0x80000000)
_MT_LOWER = np.uint64(0x7FFFFFFF)
_MT_MASK32 = np.uint64(0xFFFFFFFF)


def python_rng(seed: int) -> RngState:
    """The state of ``random.Random(seed)`` (Python's Mersenne Twister) for :func:`mt_random`.

    The 624 words and the index of the next one, as ``uint64`` (each word below ``2**32``):
    :func:`mt_random` on it returns exactly what ``random.Random(seed).random()`` returns, call
    after call, so compiled code can make the draws of a seeded Python search.
    """
    import random

    version, words, _ = random.Random(seed).getstate()
    if version != 3 or len(words) != MT_WORDS + 1:  # pragma: no cover - a future Python
        raise RuntimeError("Python's random.Random state is not the Mersenne Twister's")
    return np.array(words, dtype=np.uint64)


@njit(cache=True)
def _mt_twist(mt: RngState) -> None:  # pragma: no cover - compiled
    """The next 624 words of the Mersenne Twister (as CPython's ``genrand_uint32``)."""
    one = np.uint64(1)
    zero = np.uint64(0)
    for kk in range(MT_WORDS):
        y = (mt[kk] & _MT_UPPER) | (mt[(kk + 1) % MT_WORDS] & _MT_LOWER)
        mag = _MT_MATRIX_A if y & one else zero
        mt[kk] = mt[(kk + _MT_M) % MT_WORDS] ^ (y >> one) ^ mag
    mt[MT_WORDS] = zero


@njit(cache=True, inline="always")
def _mt_u32(mt: RngState) -> np.uint64:  # pragma: no cover - compiled
    """The next 32 random bits of the Mersenne Twister (tempered)."""
    if mt[MT_WORDS] >= np.uint64(MT_WORDS):
        _mt_twist(mt)
    i = mt[MT_WORDS]
    y = mt[i]
    mt[MT_WORDS] = i + np.uint64(1)
    y ^= y >> np.uint64(11)
    y ^= (y << np.uint64(7)) & np.uint64(0x9D2C5680)
    y ^= (y << np.uint64(15)) & np.uint64(0xEFC60000)
    y ^= y >> np.uint64(18)
    return y & _MT_MASK32


@njit(cache=True, inline="always")
def mt_random(mt: RngState) -> float:  # pragma: no cover - compiled
    """The next ``random.Random.random()`` of the state made by :func:`python_rng`: a float in
    ``[0, 1)`` from 53 random bits, computed as CPython computes it."""
    a = np.float64(_mt_u32(mt) >> np.uint64(5))
    b = np.float64(_mt_u32(mt) >> np.uint64(6))
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)
