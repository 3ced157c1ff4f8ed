"""Batched environments: N games of one kind stepped together in compiled code.

:class:`VectorEnv` holds ``N`` positions of one game (one ``int32`` state array each, as the
game's kernels use them) and steps them all with one call: the game's own compiled ``apply``
and legal actions (its ``legal`` kernel, or a mask writer of its own: :mod:`.masks`) run in a
loop, and every environment's legal-action mask and observation are
written into preallocated arrays. It is the fast way to generate experience for learning::

    env = VectorEnv("churn", 1024, {"size": 5}, seed=1)
    obs = env.reset()                      # (N, planes, rows, columns) float32
    while training:
        actions = policy(obs, env.legal_mask())   # one action per environment
        obs, rewards, terminated, truncated = env.step(actions)
        ended = env.final()                # the games that ended there, before their restart

Conventions (as OpenSpiel and PettingZoo have them):

- **One step is one action**, one decision: a Throngs turn (two moves, each a site and perhaps
  a destination), a Scrunch growth (three actions) or a China Grove turn (up to six checkers)
  takes several steps, and the same seat may act several times in a row. :meth:`current_player`
  says which seat acts next in each environment.
- **Rewards are by seat**, an ``N x 2`` array: seat 0 is the player who moved first. On the
  step that ends a game the winner gets +1 and the loser -1 (games cannot be drawn); every other
  step gives 0 to both. The reward of the seat that just acted is ``rewards[i, seat]`` with
  ``seat`` the :meth:`current_player` before the step. After a swap (pie rule) seats and colours
  differ; rewards follow the seats.
- **Auto-reset in the same step** (Gymnasium's ``AutoresetMode.SAME_STEP``): an environment
  whose game ended (``terminated``) or reached the action cap (``truncated``) starts a new
  game at once, and the observation, mask and current player returned for it are those of the
  new game. The ended game's last position is kept: :meth:`VectorEnv.final` gives, for the
  environments that the last step ended, its observation and mask (what Gymnasium puts in
  ``info["final_obs"]``, with ``info["_final_obs"]`` saying which environments: here
  ``final().envs``), the seat whose view it is (the seat to act after a truncation, the view
  the step would have returned; the seat that made the last action once the game is over) and
  its state array. A learner that bootstraps the value of a truncated game reads it there.
  The step only copies the ended game's state array (and that seat) aside, in the branch that
  restarts it; the observation and mask are written when :meth:`VectorEnv.final` is called.
- **Truncation**: ``max_actions`` caps the actions of one game. ``None`` (the default) takes the
  game's own cap for random play (:attr:`hexarena.core.Game.selfplay_cap`: 100,000 actions for
  Throngs, whose games can loop; none for the other four, whose games always end); ``0`` means
  no cap. A truncated game gives both seats reward 0. Throngs' rows also hold a repetition
  table of one size (the positions since the last deploy, 1,024 of them): a game whose table
  is full after a step is truncated there rather than forget a position (a game that goes
  1,024 turns without a deploy; none of the random or ``uct`` games measured came near).
  :meth:`VectorEnv.truncation_reasons` tells the two apart (:data:`CUT_CAP`,
  :data:`CUT_TABLE`).
- **Observations** are :mod:`hexarena.observe`'s tensors, the same as the OpenSpiel and
  PettingZoo observations: each environment's as the seat to act sees it
  (:meth:`current_player`), so ``observations[i]`` equals
  ``Observer(game).observe(env.state(i), env.current_player()[i])``. A step writes them
  incrementally (:mod:`.deltas`: only the cells and planes that changed; a restarted game's
  observation is copied whole from the starting position's), and the masks too where the
  game allows (Gyre); ``incremental=False`` rewrites every observation and mask whole at
  every step instead (the same results, more slowly: for comparison).
- **Seeding**: the games have no chance moves, so a sequence of actions always gives the same
  results; the seed (default 0; ``None`` draws one from fresh entropy) drives
  :meth:`random_actions` (one generator per environment), and ``reset(seed=...)`` restarts
  those generators.
- **Bad input** (wrong shape or type, an action out of range, an action not legal in its
  environment) raises :class:`hexarena.core.IllegalActionError` naming the environment and the
  action, before anything changes.

The arrays returned (observations, mask, rewards, flags) are the environment's own buffers,
read-only and overwritten by the next step: copy what you keep.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from ..core import H_COLOUR, H_PLAYER, Game, HexArenaError, IllegalActionError, State
from ..games import new_game
from ..games.scrunch.rules import apply_inline as scrunch_apply_inline
from ..limits import cut, cut_repr
from ..observe import Observer
from .calls import address_table, tabled_random, tabled_step
from .deltas import bound_update, foresee_churn, memo_width, prime, vector_geometry
from .deltas_throngs import (
    STREAM_BYTES,
    apply_throngs,
    bound_update_streamed,
    foresee_throngs,
    state_span_throngs,
    table_full_throngs,
)
from .drivers import (
    CUT_CAP,
    CUT_TABLE,
    bound_delta_step,
    bound_loops,
    never_full,
    random_legal,
    restart_rows,
    seed_states,
    whole_row,
)
from .final import Final, bound_final
from .masks import mask_writer

#: The actions' type (NumPy's one instance of it, for a quick check).
_INT64 = np.dtype(np.int64)

#: Scrunch's observations of at least this many bytes (a core's second-level cache: side 5 from
#: N = 256 on) get their phase planes rewritten, not swapped: stores need not wait for the
#: planes' lines, where a swap's loads do (docs/batched-speed-scrunch.md, the twelfth round).
REWRITE_BYTES = 1 << 20

#: Largest number of environments one :class:`VectorEnv` holds.
MAX_ENVS = 1 << 20
#: Largest ``max_actions`` (the compiled step counts actions in 64-bit integers).
MAX_CAP = 1 << 62


class Step(NamedTuple):
    """What :meth:`VectorEnv.step` returns (the environment's buffers, read-only)."""

    observations: npt.NDArray[np.float32]  #: ``(N, planes, rows, columns)``
    rewards: npt.NDArray[np.float32]  #: ``(N, 2)``, by seat
    terminated: npt.NDArray[np.bool_]  #: ``(N,)``: the game ended on this step
    truncated: npt.NDArray[np.bool_]  #: ``(N,)``: the game reached the action cap


def _check_seed(seed: Any) -> int | None:
    """``seed`` as an ``int`` (a whole number >= 0) or ``None``; an error naming it if not."""
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or seed < 0:
        raise HexArenaError(f"seed is a whole number >= 0, not {cut_repr(seed, 60)}")
    return int(seed)


def _readonly(a: npt.NDArray[Any]) -> npt.NDArray[Any]:
    v = a.view()
    v.flags.writeable = False
    return v


def _cache_aligned(a: npt.NDArray[Any]) -> npt.NDArray[Any]:
    """A copy of ``a`` that starts on a 64-byte boundary (a cache line): NumPy aligns its
    arrays to 16 bytes only, and an observation plane whose size is a whole number of cache
    lines (Throngs' original board: 144 floats, 9 lines) then spans one line more."""
    raw = np.empty(a.nbytes + 64, dtype=np.uint8)
    at = -raw.ctypes.data % 64
    out = raw[at : at + a.nbytes].view(a.dtype).reshape(a.shape)
    out[...] = a
    return out


class VectorEnv:
    """``n`` games of one kind, stepped together in compiled code (see the module's notes).

    ``game`` is a game name, with its options as for :func:`hexarena.new_game` (a dictionary
    ``options``, or keyword arguments: ``VectorEnv("gyre", 1024, size=7)``), or a
    :class:`~hexarena.core.Game`.
    """

    def __init__(
        self,
        game: str | Game,
        n: int,
        options: dict[str, Any] | None = None,
        seed: int | None = 0,
        *,
        max_actions: int | None = None,
        incremental: bool = True,
        **more_options: Any,
    ) -> None:
        if options is not None and not isinstance(options, dict):
            raise HexArenaError(f"options is a dict, not {type(options).__name__}")
        both = sorted(set(options or {}) & set(more_options))
        if both:
            raise HexArenaError(
                f"option {both[0]} given twice (in options and as a keyword argument)"
            )
        options = {**(options or {}), **more_options}
        if isinstance(game, Game):
            if options:
                raise HexArenaError("give options with a game name, not with a Game")
            self.game = game
        elif isinstance(game, str):
            self.game = new_game(game, **options)
        else:
            raise HexArenaError(f"game is a name or a Game, not {type(game).__name__}")
        if isinstance(n, bool) or not isinstance(n, int | np.integer) or not 1 <= n <= MAX_ENVS:
            raise HexArenaError(
                f"n, the number of environments, is 1 to {MAX_ENVS}, not {cut_repr(n, 60)}"
            )
        cap = self.game.selfplay_cap if max_actions is None else max_actions
        if cap is not None and (isinstance(cap, bool) or not isinstance(cap, int | np.integer)):
            raise HexArenaError(
                f"max_actions is a whole number or None, not {cut_repr(max_actions, 60)}"
            )
        if cap is not None and not 0 <= cap <= MAX_CAP:
            raise HexArenaError(
                f"max_actions is 0 (no cap) to {MAX_CAP:,}, not {cut(str(max_actions), 60)}"
            )
        seed = _check_seed(seed)
        self.max_actions: int = int(cap or 0)  #: actions after which a game is truncated; 0: none
        self.num_envs = int(n)
        self.num_actions = self.game.num_distinct_actions
        self.num_cells = self.game.board.size
        g = self.game
        #: the observations' shapes, plane names and writer (:class:`hexarena.observe.Observer`)
        self.observer = Observer(g)
        self.plane_names = self.observer.planes
        self.observation_shape = self.observer.shape
        self._g = g.consts
        self._k = g.kernels
        self._init = g.initial_array()
        self._states = np.empty((n, self._init.shape[0]), dtype=np.int32)
        self._obs = _cache_aligned(self.observer.new_buffer(n))
        self._obs_flat = self._obs.reshape(n, -1)
        self._geo = self.observer.geo
        #: entries of a flat observation that the writer writes (the dynamic planes)
        self._span = self.observer.dynamic * int(self._geo[1])
        self._mask = np.zeros((n, self.num_actions), dtype=np.bool_)
        self._rewards = np.zeros((n, 2), dtype=np.float32)
        self._terminated = np.zeros(n, dtype=np.bool_)
        self._truncated = np.zeros(n, dtype=np.bool_)
        self._lengths = np.zeros(n, dtype=np.int64)
        self._random = np.zeros(n, dtype=np.int64)
        #: Throngs' rows hold a repetition table of one size: a game whose table is full is
        #: truncated (``why`` = CUT_TABLE) rather than forget a position
        full = table_full_throngs if g.name == "throngs" else never_full
        self._why = np.zeros(n, dtype=np.int8)
        #: the last position of each game a step ended, the step's k-th in row k: its state
        #: array, then the seat that made its last action (drivers.keep_final; read by final())
        self._final = np.zeros((n, self._init.shape[0] + 1), dtype=np.int32)
        self._step = bound_loops(mask_writer(g), self._k.apply, self.observer.writer, full=full)[1]
        self._incremental = bool(incremental)
        # Throngs' whole planes by streaming stores in a buffer far bigger than the caches
        self._streamed = g.name == "throngs" and self._obs.nbytes >= STREAM_BYTES
        # Scrunch's phase planes rewritten, not swapped, in a buffer beyond the caches
        self._rewritten = g.name == "scrunch" and self._obs.nbytes >= REWRITE_BYTES
        update = bound_update(g.name, mask_writer(g), self._rewritten)
        if self._streamed:
            update = bound_update_streamed(mask_writer(g))
        self._delta_step = bound_delta_step(
            update,
            {"throngs": apply_throngs, "scrunch": scrunch_apply_inline}.get(g.name, self._k.apply),
            state_span_throngs if g.name == "throngs" else whole_row,
            **(
                {"foresee": foresee_throngs, "whole_memo": False, "fence": True}
                if self._streamed
                else {"foresee": foresee_churn}
                if g.name == "churn"
                else {"mask_ahead": True}
                if g.name == "scrunch"
                else {}
            ),
            full=full,
        )
        self._memo = np.zeros((n, memo_width(g)), dtype=np.int32)
        self._vgeo = vector_geometry(self.observer)
        # the starting position's observation (dynamic part), mask and memo, copied on restarts
        first = self.observer.new_buffer()
        self.observer.fill(self._init, int(self._init[H_PLAYER]), first)
        self._obs0 = first.reshape(-1)[: self._span].copy()
        self._mask0 = np.zeros(self.num_actions, dtype=np.bool_)
        self._mask0[self._k.legal(self._g, self._init)] = True
        self._memo0 = np.zeros(self._memo.shape[1], dtype=np.int32)
        prime(g, self._init, self._memo0)
        self._result = Step(
            _readonly(self._obs),
            _readonly(self._rewards),
            _readonly(self._terminated),
            _readonly(self._truncated),
        )
        self._mask_ro = _readonly(self._mask)
        #: the seed given (None: the generators were drawn from fresh entropy, as NumPy's)
        self._seed: int | None = seed
        self._rngs = seed_states(self._seed, n)  # drawn once: reset() below keeps them
        # the compiled step and random choice, called with the table of the arrays above
        # (.calls: two arrays a call, not twenty; made at the first call): those arrays are
        # written in place from here on, never replaced
        self._table = address_table(
            {
                "g": self._g,
                "init": self._init,
                "geo": self._vgeo,
                "states": self._states,
                "mask": self._mask,
                "obs": self._obs_flat,
                "memo": self._memo,
                "obs0": self._obs0,
                "mask0": self._mask0,
                "memo0": self._memo0,
                "rewards": self._rewards,
                "terminated": self._terminated,
                "truncated": self._truncated,
                "lengths": self._lengths,
                "why": self._why,
                "final": self._final,
                "rngs": self._rngs,
                "random": self._random,
            },
            self.max_actions,
        )
        self._delta_entry: Callable[[Any, npt.NDArray[np.int64]], int] | None = None
        self._random_entry: Callable[[Any], None] | None = None
        self.reset()

    # -- acting --------------------------------------------------------
    def reset(self, seed: int | None = None) -> npt.NDArray[Any]:
        """Start every environment afresh; return the observations (``(N, planes, rows,
        columns)``).

        With ``seed`` (a whole number >= 0), the generators of :meth:`random_actions` restart
        from it; without, they go on (made with ``seed=None``, they start from fresh entropy).
        """
        if seed is not None:
            self._seed = _check_seed(seed)
            self._rngs[:] = seed_states(self._seed, self.num_envs)  # in place: see _table
        restart_rows(
            self._init,
            self._obs0,
            self._mask0,
            self._memo0,
            self._states,
            self._obs_flat,
            self._mask,
            self._memo,
        )
        self._lengths[:] = 0
        self._rewards[:] = 0
        self._terminated[:] = False
        self._truncated[:] = False
        return self._result.observations

    def step(self, actions: Any) -> Step:
        """Apply one action in every environment (an integer array of length N); auto-reset.

        Every action is checked against its environment's mask first: if any is refused,
        :class:`IllegalActionError` names the first such environment and action, and nothing
        changes.
        """
        # an int64 array of one dimension goes as it is (its length and every action are
        # checked by the compiled step, before it changes anything); anything else is
        # converted or refused first
        if not (type(actions) is np.ndarray and actions.dtype is _INT64 and actions.ndim == 1):
            actions = self._as_actions(actions)
        if self._incremental:
            if self._delta_entry is None:
                self._delta_entry = tabled_step(self._delta_step)
            bad = self._delta_entry(self._table, actions)
        else:
            bad = self._step(
                self._g,
                self._init,
                self._geo,
                self._states,
                self._as_actions(actions),
                self._mask,
                self._obs_flat,
                self._rewards,
                self._terminated,
                self._truncated,
                self._lengths,
                self.max_actions,
                self._span,
                self._why,
                self._final,
            )
        if bad != -1:  # the compiled step changed nothing
            if bad == -2:
                raise IllegalActionError(self._wrong_shape(actions.shape))
            raise IllegalActionError(self._refusal(bad, int(actions[bad])), index=bad)
        return self._result

    def _wrong_shape(self, shape: tuple[int, ...]) -> str:
        """The message refusing actions of shape ``shape``."""
        n = self.num_envs
        return f"actions must be one integer per environment, shape ({n},), not {shape}"

    def _as_actions(self, actions: Any) -> npt.NDArray[np.int64]:
        """``actions`` as a contiguous ``int64`` array of length N (as given when it is one
        already), or an error naming what is wrong with its shape or type. Whether each action
        is legal is checked by the compiled step itself, before it changes anything."""
        n = self.num_envs
        if (
            type(actions) is np.ndarray
            and actions.dtype is _INT64
            and actions.shape == (n,)
            and (flags := actions.flags).c_contiguous
            and flags.aligned
            and flags.writeable
        ):
            return actions
        if isinstance(actions, np.ma.MaskedArray):  # a masked entry has no value to take
            hidden = np.flatnonzero(np.ma.getmaskarray(actions))
            if len(hidden):
                raise IllegalActionError(
                    f"environment {int(hidden[0])}: its action is masked (no value)",
                    index=int(hidden[0]),
                )
        arr = np.asarray(actions)
        if arr.shape != (n,):
            raise IllegalActionError(self._wrong_shape(arr.shape))
        if arr.dtype.kind not in "iu":
            raise IllegalActionError(f"actions must be integers, not {arr.dtype}")
        if arr.dtype.kind == "u" and arr.dtype.itemsize == 8 and (arr > (1 << 62)).any():
            i = int(np.flatnonzero(arr > (1 << 62))[0])
            raise IllegalActionError(f"environment {i}: {arr[i]} is not an action")
        out = np.ascontiguousarray(arr, dtype=np.int64)
        # one type of array for the whole rewrite's step (typed by its dispatcher at every
        # call, compiled once per type): aligned and writable
        return out if out.flags.aligned and out.flags.writeable else out.copy()

    def _refusal(self, i: int, a: int) -> str:
        g = self.game
        if not 0 <= a < self.num_actions:
            return f"environment {i}: {a} is not an action of {g.name} (0..{self.num_actions - 1})"
        legal = [g.action_text(int(b)) for b in np.flatnonzero(self._mask[i])]
        shown = ", ".join(legal[:12]) + (f" ... ({len(legal)} in all)" if len(legal) > 12 else "")
        return (
            f"environment {i}: action {a} ({g.action_text(a)}) is not legal now; "
            f"legal there: {shown}"
        )

    def final(self) -> Final:
        """The games that the last step ended (``terminated`` or ``truncated``), as they were
        on their last position, before the same-step auto-reset: their environments, the
        observation and mask of that position, the seat whose view the observation is (the
        seat to act after a truncation; the seat that made the last action once the game is
        over) and its state array (:class:`Final`). Empty before the first step, after a
        reset and after a step that ended nothing. Written when asked, from what the step
        kept: new arrays, the caller's own."""
        index = np.flatnonzero(self._terminated | self._truncated)
        k = index.shape[0]
        obs = self.observer.new_buffer(k)
        masks = np.zeros((k, self.num_actions), dtype=np.bool_)
        seats = np.zeros(k, dtype=np.int32)
        if k:
            fill = bound_final(mask_writer(self.game), self.observer.writer)
            fill(self._g, self._geo, self._final, k, obs.reshape(k, -1), masks, seats)
        states = self._final[:k, :-1].copy()
        return Final(index.astype(np.int64), obs, masks, seats, states)

    def random_actions(self) -> npt.NDArray[np.int64]:
        """A uniformly random legal action per environment (from the seeded generators)."""
        if self._random_entry is None:
            self._random_entry = tabled_random(random_legal)
        self._random_entry(self._table)
        return self._random.copy()

    # -- reading -------------------------------------------------------
    @property
    def incremental(self) -> bool:
        """Whether a step writes only what changed in each observation and mask (the default),
        or rewrites them whole (``incremental=False``: the same results, more slowly)."""
        return self._incremental

    @property
    def observations(self) -> npt.NDArray[Any]:
        """The current observations, ``(N, planes, rows, columns)``, each as the seat to act
        sees it (read-only; see :mod:`hexarena.observe`)."""
        return self._result.observations

    def legal_mask(self) -> npt.NDArray[np.bool_]:
        """``(N, A)``: whether each action is legal now in each environment (read-only)."""
        return self._mask_ro

    def current_player(self) -> npt.NDArray[np.int32]:
        """The seat (0 or 1) to act next in each environment."""
        return self._states[:, H_PLAYER].copy()

    def colour_to_move(self) -> npt.NDArray[np.int32]:
        """The colour index to act in each environment (-1 where no colour acts: set-up)."""
        return self._states[:, H_COLOUR].copy()

    def truncation_reasons(self) -> npt.NDArray[np.int8]:
        """Why each environment that the last step truncated was truncated (read where
        ``truncated`` is set; elsewhere it holds an earlier reason or 0):
        :data:`CUT_CAP` (1), its game reached ``max_actions``; :data:`CUT_TABLE` (2), Throngs:
        its repetition table, of one size in every row here, was full, so that the next turn
        could not have been checked against every position since the last deploy (a game of
        more than 1,024 turns without a deploy; :class:`~hexarena.core.State` grows the table
        instead). A copy."""
        return self._why.copy()

    @property
    def episode_lengths(self) -> npt.NDArray[np.int64]:
        """Actions taken so far in each environment's current game (read-only)."""
        return _readonly(self._lengths)

    @property
    def states(self) -> npt.NDArray[np.int32]:
        """The state arrays, one row per environment (read-only)."""
        return _readonly(self._states)

    def state(self, i: int) -> State:
        """Environment ``i``'s position as a :class:`~hexarena.core.State` (without history)."""
        if isinstance(i, bool) or not isinstance(i, int | np.integer) or not 0 <= i < self.num_envs:
            raise HexArenaError(
                f"environment index is 0..{self.num_envs - 1}, not {cut_repr(i, 60)}"
            )
        return State(self.game, self._states[i].copy())

    def __repr__(self) -> str:
        return f"<VectorEnv {self.game!r} n={self.num_envs} obs={self.observation_shape}>"


__all__ = ["CUT_CAP", "CUT_TABLE", "MAX_ENVS", "Final", "Step", "VectorEnv"]
