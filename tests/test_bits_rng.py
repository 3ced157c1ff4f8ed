"""The compiled bit operations and random helpers the engines share."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from numba import njit

from hexarena.bits import (
    HAS_BMI2,
    _ctz_py,
    _nth_bit_pdep,
    _nth_bit_search,
    _popcount_py,
    ctz64,
    popcount64,
    store64,
    unmanaged,
)
from hexarena.rng import make_rng, mt_random, python_rng, rand_index


@njit(cache=True)
def _bits(x: np.uint64) -> tuple[int, int]:  # pragma: no cover - compiled
    return int(popcount64(x)), int(ctz64(x))


@given(st.integers(0, 2**64 - 1))
def test_popcount_and_trailing_zeros(x: int) -> None:
    count, low = _bits(np.uint64(x))
    assert count == bin(x).count("1")
    assert low == (64 if x == 0 else (x & -x).bit_length() - 1)
    # the plain-Python stand-ins used with NUMBA_DISABLE_JIT agree
    assert (_popcount_py(np.uint64(x)), _ctz_py(np.uint64(x))) == (count, low)


@njit(cache=True)
def _nth_by_search(x: np.uint64, k: int) -> int:  # pragma: no cover - compiled
    return _nth_bit_search(x, k)


@njit(cache=True)
def _nth_by_pdep(x: np.uint64, k: int) -> int:  # pragma: no cover - compiled
    return _nth_bit_pdep(x, k)


@given(st.integers(1, 2**64 - 1), st.integers(0, 63))
def test_kth_set_bit(x: int, k: int) -> None:
    """Both ways of finding the k-th set bit give the position of the k-th lowest one."""
    ones = [i for i in range(64) if x >> i & 1]
    k %= len(ones)
    assert _nth_by_search(np.uint64(x), k) == ones[k]
    if HAS_BMI2:  # the instruction exists only there
        assert _nth_by_pdep(np.uint64(x), k) == ones[k]


@njit(cache=True)
def _store_word(row: np.ndarray, at: int, w: np.uint64) -> None:  # pragma: no cover - compiled
    store64(row, at, w)


@given(st.integers(0, 2**64 - 1), st.integers(0, 16), st.booleans())
def test_store64_writes_a_words_bits_as_64_entries(x: int, at: int, around: bool) -> None:
    """Entry ``at + j`` becomes bit ``j`` of the word (0 or 1, a valid bool), and no entry
    outside the 64 changes."""
    row = np.full(96, around, dtype=np.bool_)
    _store_word(row, at, np.uint64(x))
    want = np.full(96, around, dtype=np.bool_)
    want[at : at + 64] = [bool(x >> j & 1) for j in range(64)]
    assert np.array_equal(row, want)
    assert set(row.view(np.uint8).tolist()) <= {0, 1}


@njit(cache=True)
def _write_through(a: np.ndarray) -> float:  # pragma: no cover - compiled
    b = unmanaged(a)
    b[2] = 7.0
    return b.sum()


def test_unmanaged_view_shares_the_array() -> None:
    a = np.zeros(5)
    assert _write_through(a) == 7.0
    assert a.tolist() == [0.0, 0.0, 7.0, 0.0, 0.0]


@njit(cache=True)
def _draws(seed_state: np.ndarray, n: int, k: int) -> np.ndarray:  # pragma: no cover
    out = np.zeros(n, dtype=np.int64)
    for _ in range(k):
        out[rand_index(seed_state, n)] += 1
    return out


def test_rand_index_stays_in_range_and_is_even() -> None:
    """Every value of 0 .. n-1 comes up, none outside, each close to k / n times (a chi-square
    statistic far below what a biased generator would give)."""
    for n in (1, 2, 3, 7, 93, 1000):
        k = 200 * n
        counts = _draws(make_rng(n), n, k)
        assert counts.sum() == k
        assert (counts > 0).all()
        expected = k / n
        chi2 = float(((counts - expected) ** 2 / expected).sum())
        assert chi2 < n + 6 * np.sqrt(2 * n) + 10


@njit(cache=True)
def _python_draws(mt: np.ndarray, n: int) -> np.ndarray:  # pragma: no cover - compiled
    out = np.empty(n)
    for i in range(n):
        out[i] = mt_random(mt)
    return out


@given(st.integers(-(2**80), 2**80))
def test_compiled_draws_are_those_of_python_random(seed: int) -> None:
    """mt_random continues random.Random(seed).random() exactly, past several refills of the
    624-word state (each draw takes two words)."""
    import random

    mt = python_rng(seed)
    r = random.Random(seed)
    assert _python_draws(mt, 1000).tolist() == [r.random() for _ in range(1000)]
    assert _python_draws(mt, 1000).tolist() == [r.random() for _ in range(1000)]


def test_every_game_plays_with_kernels_as_plain_python() -> None:
    """``NUMBA_DISABLE_JIT=1`` (DEVELOPING.md: kernels as plain Python, for debugging) runs the
    rules of every game, Throngs' reference-count-free views included (an intrinsic cannot run
    as Python, so each has a stand-in)."""
    import subprocess
    import sys

    code = """
import random
import hexarena
from hexarena.games import game_names
for name in game_names():
    g = hexarena.new_game(name, **({"size": 3} if name in ("churn", "gyre", "scrunch") else {}))
    st = g.new_initial_state()
    r = random.Random(1)
    for _ in range(30):
        if st.is_terminal():
            break
        acts = st.legal_actions()
        st.apply(int(acts[r.randrange(len(acts))]))
    print(name)
"""
    env = {**__import__("os").environ, "NUMBA_DISABLE_JIT": "1"}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=600
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert len(done.stdout.splitlines()) == 5
