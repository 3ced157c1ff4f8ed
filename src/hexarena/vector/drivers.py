"""Compiled loops of :class:`hexarena.vector.VectorEnv`: reset, step, masks and random actions.

:func:`bound_loops` compiles the reset and step loops once per game, with the game's kernels
(mask writer, ``apply``) and observation writer held as constants, and caches them on disk like
the kernels (:func:`hexarena.numba_closure_cache.cache_closure`): a compiled function that took
the kernels as arguments would cost tens of microseconds a call from Python (Numba types each
dispatcher argument on every call); those loops rewrite every observation and mask whole
(``VectorEnv(..., incremental=False)``). :func:`bound_delta_step` compiles, the same way, the
step that writes them incrementally (:mod:`.deltas`), the default. The helpers that take no
kernels are cached on disk as usual.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import numpy as np
from llvmlite import ir
from numba import config, njit, types
from numba.core import cgutils
from numba.extending import intrinsic, overload

from ..bits import load8, load32, nth_bit64, popcount64, unmanaged
from ..core import H_PLAYER, H_SWAPPED, H_WINNER, Array
from ..numba_closure_cache import cache_closure
from ..rng import rand_below
from .streaming import store_fence

#: How many environments ahead the step asks the processor to fetch state and planes.
AHEAD = 2

#: The incremental step fetches rows ahead only when the environments' rows (states,
#: observations, memo rows and masks) take this many bytes or more: below it they stay in the
#: processor's nearer caches from one step to the next, and the prefetches are only
#: instructions (Churn side 5 at N = 64, then about 455 KB, now 250 KB: 4 % of the step; at
#: N = 1,024, then 7.3 MB, now 4.1 MB, the step was 18 % slower without them;
#: docs/batched-speed.md).
PREFETCH_BYTES = 1 << 20


@intrinsic
def _prefetch(typingctx: Any, arr: Any, idx: Any) -> Any:  # pragma: no cover - compiled
    """Ask the processor to bring ``arr[idx]``'s cache line near (LLVM's ``prefetch``, for
    writing, kept close). With a thousand environments the states and planes of one step do
    not fit in the processor's nearer caches; fetching the next ones early hides much of the
    wait (about a fifth of the step's time on Churn side 5 and Gyre side 7)."""
    sig = types.void(arr, idx)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        aty = signature.args[0]
        ary = context.make_array(aty)(context, builder, args[0])
        ptr = cgutils.get_item_pointer(  # type: ignore[no-untyped-call]
            context, builder, aty, ary, [args[1]], wraparound=False
        )
        i8p = ir.IntType(8).as_pointer()
        i32 = ir.IntType(32)
        fnty = ir.FunctionType(ir.VoidType(), [i8p, i32, i32, i32])
        fn = builder.module.declare_intrinsic("llvm.prefetch", [i8p], fnty)
        rw, locality, data = ir.Constant(i32, 1), ir.Constant(i32, 3), ir.Constant(i32, 1)
        builder.call(fn, [builder.bitcast(ptr, i8p), rw, locality, data])
        return context.get_dummy_value()

    return sig, codegen


#: Multiplier that gathers the low bits of a word's eight bytes into its top byte, in order.
_GATHER8 = np.uint64(0x0102040810204080)

_bare = unmanaged  # (the array itself with NUMBA_DISABLE_JIT)

if getattr(config, "DISABLE_JIT", 0):  # plain Python (for debugging): an intrinsic cannot run there

    def _prefetch_row(a: Any, j: int, span: int) -> None:
        """Nothing to do without compiled code."""

    def _prefetch_ends(a: Any, j: int, span: int) -> None:
        """Nothing to do without compiled code."""

    def _bits8(row: Any, at: int) -> np.uint64:
        """Entries ``at .. at + 7`` of ``row`` as the low eight bits of a word (bit ``j`` is
        entry ``at + j``)."""
        return np.uint64(sum(int(row[at + j]) << j for j in range(8)))

    def _nth_bit(w: np.uint64, k: Any) -> int:
        """Index of the ``k``-th set bit of ``w`` (from 0, lowest first)."""
        return [j for j in range(64) if (int(w) >> j) & 1][k]

    def _bits32(row: Any, at: int) -> np.uint64:
        """Entries ``at .. at + 31`` of ``row`` as the low 32 bits of a word."""
        return np.uint64(sum(int(row[at + j]) << j for j in range(32)))

else:
    _nth_bit: Any = nth_bit64  # type: ignore[no-redef]

    def _line_entries(a: Any) -> int:
        """Entries of array ``a`` in a cache line of 64 bytes (at least 1)."""
        return max(64 // a.itemsize, 1)

    @overload(_line_entries)
    def _line_entries_typed(a: Any) -> Any:
        """:func:`_line_entries` compiled as a constant of the array's type: ``a.itemsize`` is
        read at run time, and the step divided by it (twice, with the loop's count) at every
        environment."""
        k = max(512 // a.dtype.bitwidth, 1) if hasattr(a.dtype, "bitwidth") else 64

        def entries(a: Any) -> int:  # pragma: no cover - compiled
            return k

        return entries

    @njit(cache=True, inline="always")
    def _prefetch_row(a: Any, j: int, span: int) -> None:  # pragma: no cover - compiled
        """Prefetch the cache lines of the first ``span`` entries of row ``j`` of a 2-D array."""
        row = a[j]
        for k in range(0, span, _line_entries(a)):
            _prefetch(row, k)  # type: ignore[call-arg]

    @njit(cache=True, inline="always")
    def _prefetch_ends(a: Any, j: int, span: int) -> None:  # pragma: no cover - compiled
        """:func:`_prefetch_row`, and the line of the span's last entry (a row that does not
        start a line, such as a mask row of 122 bools, ends on one more line than that)."""
        _prefetch_row(a, j, span)
        _prefetch(a[j], span - 1)  # type: ignore[call-arg]

    @njit(cache=True, inline="always")
    def _bits8(row: Any, at: int) -> np.uint64:  # pragma: no cover - compiled
        """Entries ``at .. at + 7`` of ``row`` as the low eight bits of a word (bit ``j`` is
        entry ``at + j``): one load, and the bytes' low bits gathered by one product (each
        byte is 0 or 1, so no two terms of the product meet in its top byte)."""
        return (load8(row, at) * _GATHER8) >> np.uint64(56)

    @njit(cache=True, inline="always")
    def _bits32(row: Any, at: int) -> np.uint64:  # pragma: no cover - compiled
        """Entries ``at .. at + 31`` of ``row`` as the low 32 bits of a word (bit ``j`` is entry
        ``at + j``), in one load (:data:`hexarena.bits.load32`)."""
        return load32(row, at)


@njit(cache=True, inline="always")
def _chunk(row: Any, lo: int, a_count: int) -> np.uint64:  # pragma: no cover - compiled
    """Entries ``lo .. lo + 63`` of a mask row (those below ``a_count``) as bits (bit ``j`` is
    entry ``lo + j``), eight entries a load; the row has at least eight entries (a last partial
    eight is read as the row's last eight, shifted)."""
    hi = min(lo + 64, a_count)
    w = np.uint64(0)
    j = lo
    while j + 8 <= hi:
        w |= _bits8(row, j) << np.uint64(j - lo)
        j += 8
    if j < hi:
        w |= (_bits8(row, hi - 8) >> np.uint64(8 - (hi - j))) << np.uint64(j - lo)
    return w


@njit(cache=True, inline="always")
def _chunk32(row: Any, lo: int, a_count: int) -> np.uint64:  # pragma: no cover - compiled
    """Entries ``lo .. lo + 31`` of a mask row of ``a_count`` entries (at least 32; those below
    ``a_count``) as bits (bit ``j`` is entry ``lo + j``), in one load: a last partial group is
    read as the row's last 32 entries, shifted, so that nothing past the row is read."""
    if lo + 32 <= a_count:
        return _bits32(row, lo)
    return _bits32(row, a_count - 32) >> np.uint64(lo + 32 - a_count)


@njit(cache=True, inline="always")
def _settle(
    arr: Array, i: int, rewards: Any, terminated: Any, truncated: Any, lengths: Any, cap: int
) -> bool:  # pragma: no cover - compiled
    """After environment ``i``'s action: count it, and set its rewards (+1 and -1 to the seats
    once the game is over, else 0), its ``terminated`` and its ``truncated`` (its ``cap``-th
    action, if ``cap`` > 0); whether the environment must restart."""
    lengths[i] += 1
    rewards[i, 0] = 0
    rewards[i, 1] = 0
    terminated[i] = False
    truncated[i] = False
    if arr[H_PLAYER] < 0:
        w = arr[H_WINNER] ^ max(arr[H_SWAPPED], 0)
        rewards[i, w] = 1
        rewards[i, 1 - w] = -1
        terminated[i] = True
    elif cap > 0 and lengths[i] >= cap:
        truncated[i] = True
    return bool(terminated[i] or truncated[i])


@njit(inline="always")
def _settle_why(
    g: Array,
    arr: Array,
    i: int,
    rewards: Any,
    terminated: Any,
    truncated: Any,
    lengths: Any,
    cap: int,
    full: Any,
    why: Any,
) -> bool:  # pragma: no cover - compiled
    """:func:`_settle`, then: a game that goes on but whose state has no room left
    (``full``) is truncated too; ``why[i]`` says why a truncated game was (:data:`CUT_CAP`,
    :data:`CUT_TABLE`)."""
    over = _settle(arr, i, rewards, terminated, truncated, lengths, cap)
    if truncated[i]:
        why[i] = CUT_CAP
    elif not over and full(g, arr):
        truncated[i] = True
        why[i] = CUT_TABLE
        over = True
    return over


@njit(cache=True, inline="always")
def keep_final(row: Any, arr: Array, seat: int) -> None:  # pragma: no cover - compiled
    """Keep the last position of a game that a step ended, before its restart: its state array
    in ``row[:-1]`` and ``seat``, the seat that made its last action, in ``row[-1]``
    (:mod:`hexarena.vector.final` reads them)."""
    row[:-1] = arr
    row[-1] = seat


@njit(inline="always")
def _bare_views(
    g: Array,
    geo: Array,
    states: Any,
    obs: Any,
    mask: Any,
    rewards: Any,
    terminated: Any,
    truncated: Any,
    lengths: Any,
    why: Any,
) -> tuple[Any, ...]:  # pragma: no cover - compiled
    """Views without reference counts (:func:`hexarena.bits.unmanaged`) of the ten arrays both
    step loops touch, in that order, made once before their loops: a row taken from a counted
    array is a view whose count is raised and lowered, and even an inlined helper (such as
    :func:`_settle_why`) raised and lowered the counts of the arrays handed to it, at every
    environment, each a locked (atomic) operation (about an eighth of the processor samples
    of Scrunch's step at N = 1,024, perf); the kernels are not all inlined either."""
    return (
        _bare(g),
        _bare(geo),
        _bare(states),
        _bare(obs),
        _bare(mask),
        _bare(rewards),
        _bare(terminated),
        _bare(truncated),
        _bare(lengths),
        _bare(why),
    )


@njit(cache=True)
def first_refused(actions: Any, mask: Any) -> int:  # pragma: no cover - compiled
    """The index of the first environment whose action is not legal now, or -1."""
    a_count = mask.shape[1]
    for i in range(actions.shape[0]):
        a = actions[i]
        if a < 0 or a >= a_count or not mask[i, a]:
            return i
    return -1


@njit(cache=True)
def random_legal(mask: Any, rngs: Any, out: Any) -> None:  # pragma: no cover - compiled
    """A uniformly random legal action per environment, from its mask, into ``out``: the
    ``k``-th legal action with ``k`` uniform below their number (-1 when none is legal). The
    row is read eight entries a load, as bits; a row of up to 64 entries is one word, counted by
    population count, whose ``k``-th set bit is found without a branch per entry (such
    branches, unpredictable, cost most of the time); a longer row is counted 32 entries a load
    (compared with zero as one vector: Throngs' 189 actions in six loads, not 24 of eight),
    and the ``k``-th found in its group of 32 the same way, the group picked with no branch on
    it (the loop runs over every group); a row of fewer than eight entries,
    entry by entry."""
    a_count = mask.shape[1]
    full = a_count // 8
    groups = (a_count + 31) // 32
    rows = _bare(mask)  # (rows without reference counts: see _bare_views)
    for i in range(mask.shape[0]):
        row = rows[i]
        if 8 <= a_count <= 64:  # one word
            w = _chunk(row, 0, a_count)
            m = popcount64(w)
            out[i] = -1 if m == 0 else _nth_bit(w, rand_below(rngs[i], m))
            continue
        if a_count > 64:  # 32 entries a load
            m = 0
            for q in range(groups):
                m += popcount64(_chunk32(row, 32 * q, a_count))
            if m == 0:
                out[i] = -1
                continue
            # the group of the k-th legal action, found without a branch on it (which one it is
            # is random, so a branch that leaves the loop there is mispredicted)
            k = rand_below(rngs[i], m)
            found = np.uint64(0)
            at = 0
            nth = k  # (there is always a group holding it: k < m)
            for q in range(groups):
                w = _chunk32(row, 32 * q, a_count)
                c = popcount64(w)
                hit = (k >= 0) & (k < c)
                found = w if hit else found
                at = 32 * q if hit else at
                nth = k if hit else nth
                k -= c
            out[i] = at + _nth_bit(found, nth)
            continue
        m = 0
        for q in range(full):
            m += popcount64(_bits8(row, 8 * q))
        for a in range(8 * full, a_count):
            m += row[a]
        if m == 0:
            out[i] = -1
            continue
        k = rand_below(rngs[i], m)
        for q in range(full):
            w = _bits8(row, 8 * q)
            c = popcount64(w)
            if k < c:
                out[i] = 8 * q + _nth_bit(w, k)
                break
            k -= c
        else:
            for a in range(8 * full, a_count):
                k -= row[a]
                if k < 0:
                    out[i] = a
                    break


#: ``why[i]`` after a step that truncated environment ``i``: it reached the action cap.
CUT_CAP = 1
#: ``why[i]`` after a step that truncated environment ``i``: its state has no room for another
#: position in Throngs' repetition table (its rows are of one size; see ``full`` below).
CUT_TABLE = 2


@njit(inline="always")
def never_full(g: Array, arr: Any) -> bool:  # pragma: no cover - compiled
    """No state runs out of room (every game but Throngs)."""
    return False


@functools.cache
def bound_loops(
    mask: Any, apply: Any, observe: Any, checked: bool = True, full: Any = never_full
) -> tuple[Callable[..., None], Callable[..., int]]:
    """``(reset, step)``: the batched loops, compiled with one game's mask writer (``mask``,
    :mod:`.masks`), ``apply`` kernel and observation writer (``observe``,
    :mod:`hexarena.observe`) held as constants.

    Both write, for every environment, its legal-action mask and its observation as the seat to
    act sees it. ``reset(g, init, geo, states, mask, obs)`` puts every environment at the
    starting position ``init``. ``step(g, init, geo, states, actions, mask, obs, rewards,
    terminated, truncated, lengths, cap, span, why, final)`` checks every action against the
    mask first and, if one is refused, returns the index of the first such environment and changes
    nothing; otherwise it applies one action in every environment and returns -1:
    ``rewards[i]`` is by seat, +1 to the winner and -1 to
    the loser on the action that ends a game, 0 otherwise; a game reaching ``cap`` actions (when
    ``cap > 0``) is truncated, and so is a game whose state has no room left (``full(g, arr)``:
    Throngs' repetition table, which cannot grow in a row of fixed size), ``why[i]`` saying
    which (:data:`CUT_CAP`, :data:`CUT_TABLE`; written only on truncation); an ended game
    restarts at once, its mask and observation those of the new game, its last position kept
    first in the next row of ``final`` (:func:`keep_final`: the step's first ended game in row
    0, and so on, so that the rows written are few and near one another). ``obs`` is ``(N, planes *
    rows * columns)``, of which the first ``span`` entries of a row are the dynamic planes (the
    ones the step prefetches). With ``checked`` false the step leaves the actions unchecked
    (for replays of actions checked before, by loops compiled with parts left out:
    ``benchmarks/profile_vector.py``).
    """

    @njit(inline="always")
    def refresh(
        g: Array, geo: Array, arr: Any, mask_row: Any, obs_row: Any
    ) -> None:  # pragma: no cover - compiled
        mask(g, arr, mask_row)
        observe(g, arr, arr[H_PLAYER], geo, obs_row)

    @cache_closure
    @njit
    def reset(
        g: Array, init: Array, geo: Array, states: Any, mask: Any, obs: Any
    ) -> None:  # pragma: no cover - compiled
        for i in range(states.shape[0]):
            states[i, :] = init
            refresh(_bare(g), _bare(geo), states[i], mask[i], obs[i])

    @cache_closure
    @njit
    def step(
        g: Array,
        init: Array,
        geo: Array,
        states: Any,
        actions: Any,
        mask: Any,
        obs: Any,
        rewards: Any,
        terminated: Any,
        truncated: Any,
        lengths: Any,
        cap: int,
        span: int,
        why: Any,
        final: Any,
    ) -> int:  # pragma: no cover - compiled
        if checked:
            bad = first_refused(actions, mask)
            if bad >= 0:
                return bad
        gu, geou, su, obsu, masku, rewardsu, terminatedu, truncatedu, lengthsu, whyu = _bare_views(
            g, geo, states, obs, mask, rewards, terminated, truncated, lengths, why
        )
        finalu = _bare(final)
        ended = 0  # games ended so far in this step: their rows of final, in order
        count = states.shape[0]
        for i in range(count):
            if i + AHEAD < count:
                _prefetch_row(su, i + AHEAD, states.shape[1])
                _prefetch_row(obsu, i + AHEAD, span)
            arr = su[i]
            seat = arr[H_PLAYER]
            apply(gu, arr, actions[i])
            if _settle_why(
                gu, arr, i, rewardsu, terminatedu, truncatedu, lengthsu, cap, full, whyu
            ):
                keep_final(finalu[ended], arr, seat)
                ended += 1
                arr[:] = init
                lengthsu[i] = 0
            refresh(gu, geou, arr, masku[i], obsu[i])
        return -1

    return reset, step


@njit(cache=True)
def restart_rows(
    init: Array, obs0: Any, mask0: Any, memo0: Any, states: Any, obs: Any, mask: Any, memo: Any
) -> None:  # pragma: no cover - compiled
    """Put every environment at the starting position: its state, the dynamic part of its
    observation (``obs0``, the length of a row of ``obs`` or shorter), its mask and its memo
    row copied from those of the start."""
    span = obs0.shape[0]
    for i in range(states.shape[0]):
        states[i, :] = init
        obs[i, :span] = obs0
        mask[i, :] = mask0
        memo[i, :] = memo0


@njit(inline="always")
def _foresee_nothing(
    g: Array, geo: Array, out: Any, memo: Any, a: int
) -> None:  # pragma: no cover - compiled
    """No lines of an observation to fetch ahead."""


@njit(inline="always")
def whole_row(g: Array, width: int) -> int:  # pragma: no cover - compiled
    """Entries of a state row of ``width`` entries that the step fetches ahead: all of them."""
    return width


@functools.cache
def bound_delta_step(
    update: Any,
    apply: Any,
    state_span: Any = whole_row,
    foresee: Any = _foresee_nothing,
    checked: bool = True,
    whole_memo: bool = True,
    fence: bool = False,
    full: Any = never_full,
    mask_ahead: bool = False,
) -> Callable[..., int]:
    """The batched step with incremental observations, compiled with one game's ``apply`` and
    ``update`` (:func:`hexarena.vector.deltas.bound_update`) held as constants.

    ``step(g, init, geo, states, actions, mask, obs, memo, obs0, mask0, memo0, rewards,
    terminated, truncated, lengths, cap, why, final)`` does what :func:`bound_loops`' step does (the
    check of the actions first, unless ``checked`` is false, its return value, and the
    truncation of a state with no room left, ``full``, and the ended games' rows of ``final``
    included),
    but writes each environment's observation and mask incrementally: a game that goes on gets
    ``update`` (only the cells that changed, against its ``memo`` row), and an ended game's
    row is restarted by copying the start's state, observation (``obs0``, the dynamic part),
    mask and memo. When the rows take :data:`PREFETCH_BYTES` or more, it prefetches the state
    and the memo of the environment :data:`AHEAD` on
    (the first ``state_span(g, width)`` entries of its row of ``width``: the whole row, or for a
    game whose state ends with a long table it seldom reads, the part before it; a function
    of the constants rather than a number, so that one compiled step serves every board of a
    game; prefetching the parts of the observation that change, such as the seat
    planes, made no measurable difference), and ``foresee(g, geo, out, memo, a)`` is given
    that environment's observation and memo rows and action, to fetch the lines its update
    will write (Throngs: the cells of the site the action names; Churn: those of the cell
    placed on); with ``whole_memo`` false,
    the memo row is left to ``foresee`` (Throngs fetches the few lines of it that its update
    reads, not the whole row). With ``fence``, the step ends by ordering its streaming stores
    before any later store (:func:`hexarena.vector.streaming.store_fence`: for an ``update``
    that writes by streaming stores), in the same call. With ``mask_ahead``, the mask row of
    the environment :data:`AHEAD` on is fetched ahead too (for an ``update`` that writes the
    whole row, as Scrunch's does: its stores otherwise wait for the row's lines).
    """

    @cache_closure
    @njit
    def step(
        g: Array,
        init: Array,
        geo: Array,
        states: Any,
        actions: Any,
        mask: Any,
        obs: Any,
        memo: Any,
        obs0: Any,
        mask0: Any,
        memo0: Any,
        rewards: Any,
        terminated: Any,
        truncated: Any,
        lengths: Any,
        cap: int,
        why: Any,
        final: Any,
    ) -> int:  # pragma: no cover - compiled
        if checked:
            bad = first_refused(actions, mask)
            if bad >= 0:
                return bad
        # every array the loop touches without reference counts, made once here
        gu, geou, su, obsu, masku, rewardsu, terminatedu, truncatedu, lengthsu, whyu = _bare_views(
            g, geo, states, obs, mask, rewards, terminated, truncated, lengths, why
        )
        memou = _bare(memo)
        finalu = _bare(final)
        ended = 0  # games ended so far in this step: their rows of final, in order
        count = states.shape[0]
        span = obs0.shape[0]
        ahead = state_span(gu, states.shape[1])
        row_bytes = 4 * (states.shape[1] + obs.shape[1] + memo.shape[1]) + mask.shape[1]
        far = count * row_bytes >= PREFETCH_BYTES
        for i in range(count):
            if far and i + AHEAD < count:
                _prefetch_row(su, i + AHEAD, ahead)
                if whole_memo:
                    _prefetch_row(memou, i + AHEAD, memo.shape[1])
                if mask_ahead:
                    _prefetch_ends(masku, i + AHEAD, mask.shape[1])
                foresee(gu, geou, obsu[i + AHEAD], memou[i + AHEAD], actions[i + AHEAD])
            arr = su[i]
            seat = arr[H_PLAYER]
            apply(gu, arr, actions[i])
            if _settle_why(
                gu, arr, i, rewardsu, terminatedu, truncatedu, lengthsu, cap, full, whyu
            ):
                keep_final(finalu[ended], arr, seat)
                ended += 1
                arr[:] = init
                lengthsu[i] = 0
                obsu[i, :span] = obs0
                masku[i, :] = mask0
                memou[i, :] = memo0
            else:
                update(gu, arr, geou, obsu[i], masku[i], memou[i], actions[i])
        if fence:
            store_fence()
        return -1

    return step


def seed_states(seed: int | None, n: int) -> np.ndarray:
    """One generator state per environment (``n`` x 1 ``uint64``), all drawn from ``seed``
    (``None``: from fresh entropy)."""
    words = np.random.SeedSequence(seed).generate_state(n, dtype=np.uint64)
    words[words == 0] = np.uint64(0x9E3779B97F4A7C15)  # xorshift never leaves the zero state
    return words.reshape(n, 1)
