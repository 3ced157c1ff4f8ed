"""Monte Carlo tree search players: plain UCT, the full MCTS player, and the strength levels.

All of them run the compiled search of :mod:`hexarena.ai.search` over the game's kernels; they
differ only in their :class:`SearchSettings` and their default :class:`~hexarena.ai.Limit`:

============  ==========================================================================
``uct``       plain UCT: uniform random playouts played to the end of the game (bounded
              only by the game's safety cap), exploration constant 1.0, a fresh tree
              every move, no proofs, no RAVE; one second a move by default
``mcts``      the strongest: proofs (MCTS-Solver), tree reuse between moves, playouts cut
              short and evaluated by the game's plug-in, RAVE where the game's plug-in turns
              it on, a tuned exploration constant, and where the plug-in asks for them a
              reward by score margin, a first turn searched against the pie rule's
              swap, turns held as sets in the tree and an exact endgame solver; one
              second a move by default
``easy``      ``mcts`` limited to 100 iterations a decision
``medium``    ``mcts`` limited to 300 iterations or 0.05 seconds a decision, whichever
              comes first (a whole Churn game at side 5 takes a few minutes)
``hard``      ``mcts`` with 3 seconds a decision
============  ==========================================================================

Every player is repeatable: the same seed and an iteration limit give the same choices.
"""

from __future__ import annotations

import math
import os
import random
import time
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from ..core import H_PLAYER, H_TURN, Array, Game, GameOverError, HexArenaError, State
from ..limits import MAX_THINK_COUNT, MAX_THINK_SECONDS
from ..rng import make_rng
from . import search as S
from .base import Hint, Limit, Player, register_player
from .kernel_calls import Addresses, kernel_addresses
from .plugins import GamePlugin, plugin_for
from .searchgen import search_for

#: Positions the endgame solver may visit per second of the limit (it visits about 2.5 million
#: a second, so this is about 40% of the time), and per iteration of an iteration limit.
SOLVER_PER_SECOND = 1_000_000
SOLVER_PER_ITERATION = 10

#: Positions the endgame solver may visit in a search that a stop may end (it cannot be
#: interrupted: about 0.4 s), and once the stop has come (a few milliseconds).
STOPPABLE_SOLVER = SOLVER_PER_SECOND
STOPPED_SOLVER = 10_000

#: Seconds a batch of iterations aims at when no time limit bounds it, or when a stop may
#: come (the compiled search holds the interpreter, so a stop is read between batches).
STOP_BATCH_SECONDS = 0.05

#: The endgame solver's status for "every action loses against best play".
LOSS = 2

#: How many random completions of each first action :meth:`MCTSPlayer.pie_turn` considers.
PIE_COMPLETIONS = 2

#: Seconds each candidate's search gets in the first round of :meth:`MCTSPlayer.pie_turn` when
#: only a stop ends it (``go infinite``), four times as long each round after.
PIE_STOP_SLICE = 0.05


class SearchError(HexArenaError):
    """A search that cannot run as asked (for example a limit that is not positive)."""


@dataclass(frozen=True)
class SearchSettings:
    """What a search does beyond plain UCT (``None`` means: as the game's plug-in says)."""

    exploration: float | None = None
    rave: bool | None = None
    solver: bool = True
    reuse: bool = True
    capped: bool = True  # cut playouts short at the plug-in's cap and evaluate
    better_playout: bool = True  # use the plug-in's playout kernel when it has one
    greedy: float | None = None  # share of greedy playout steps (by the plug-in's evaluation)
    score_end: bool | None = None  # score finished games by the plug-in's evaluation (margin)
    pie_opening: bool | None = None  # search the first turn against the swap (pie rule)
    ordered_turns: bool | None = None  # expand the tree by the plug-in's tree_legal kernel
    endgame: bool | None = None  # try the plug-in's exact endgame solver before searching
    whole_turn_pie: bool = True  # the pie-rule first turn may use every decision's limit
    expand_at: int = 1  # visits a leaf needs before it gets children
    max_nodes: int = 1_000_000  # the largest tree kept (about 52 bytes a node)


#: Plain UCT with uniform random playouts: the baseline every improvement is measured against.
UCT_SETTINGS = SearchSettings(
    exploration=1.0,
    rave=False,
    solver=False,
    reuse=False,
    capped=False,
    better_playout=False,
    greedy=0.0,
    score_end=False,
    pie_opening=False,
    ordered_turns=False,
    endgame=False,
)
#: Everything on.
FULL_SETTINGS = SearchSettings()


def check_limit(limit: Limit) -> None:
    """Refuse limits that are not positive, naming the bad field."""
    for name in ("seconds", "iterations", "nodes"):
        v = getattr(limit, name)
        if v is None:
            continue
        if isinstance(v, bool) or not isinstance(v, int | float) or not v > 0:
            raise SearchError(f"limit {name} must be a positive number, not {v!r}")
        most = MAX_THINK_SECONDS if name == "seconds" else MAX_THINK_COUNT
        if not v <= most:  # infinity too
            raise SearchError(f"limit {name} must be at most {most:,}, not {v!r}")
        if name != "seconds" and int(v) != v:
            raise SearchError(f"limit {name} must be a whole number, not {v!r}")


class MCTSPlayer(Player):
    """A Monte Carlo tree search player over the game's compiled kernels.

    ``settings`` choose the variant (see :data:`UCT_SETTINGS` and :data:`FULL_SETTINGS`);
    ``default_limit`` applies when :meth:`choose` is given no limit. After each search,
    :attr:`last_stats` holds its iterations, tree size and seconds.
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        settings: SearchSettings = FULL_SETTINGS,
        default_limit: Limit = Limit(seconds=1.0),  # noqa: B008 - frozen dataclass
        name: str = "mcts",
    ) -> None:
        super().__init__(seed)
        check_limit(default_limit)
        self.name = name
        self.settings = settings
        self.default_limit = default_limit
        self.last_stats: dict[str, float] = {}
        self._game: Game | None = None
        self.reset()

    # -- set-up ------------------------------------------------------------
    def reset(self) -> None:
        """Forget the tree and restart the random sequence from the seed."""
        seed = self.seed if self.seed is not None else int.from_bytes(os.urandom(6), "little")
        self._rng = make_rng(seed)
        self._game = None
        self._root_hist: Array = np.empty(0, dtype=np.int32)
        #: The addresses of the kernels the compiled search calls (``kernel_addresses``).
        self._kernels: Addresses = np.zeros(3, dtype=np.int64)
        self._plan: list[int] = []

    def prepare(self, game: Game) -> None:
        """Compile (or load) the search for ``game`` and start a fresh tree."""
        if self._game is None or self._game != game:
            self._prepare(game)

    def _prepare(self, game: Game) -> None:
        """Build the tree and parameters for ``game`` (and compile the search for it once)."""
        self._game = game
        plugin: GamePlugin = plugin_for(game)
        st = self.settings
        self._plugin = plugin
        self._playout = (
            plugin.playout(game)
            if (st.better_playout and plugin.playout is not None)
            else game.kernels.playout
        )
        self._evaluate = plugin.evaluate(game)
        cap = plugin.playout_cap(game) if st.capped else plugin.safety_cap(game)
        rave = plugin.rave if st.rave is None else st.rave
        c = plugin.exploration if st.exploration is None else st.exploration
        self._fp = np.array([c, plugin.rave_bias], dtype=np.float64)
        greedy = plugin.greedy if st.greedy is None else st.greedy
        if callable(greedy):
            greedy = greedy(game)
        score_end = plugin.score_end if st.score_end is None else st.score_end
        self._pie = plugin.pie_opening if st.pie_opening is None else st.pie_opening
        ordered = plugin.tree_legal is not None and st.ordered_turns is not False
        self._ordered = ordered
        use_solver = plugin.endgame is not None and st.endgame is not False
        self._solver = plugin.endgame(game) if use_solver else None  # type: ignore[misc]
        self._tree_legal = plugin.tree_legal(game) if ordered else game.kernels.legal  # type: ignore[misc]
        self._ip = np.array(
            [cap, int(st.solver), int(rave), st.expand_at, round(1000 * greedy), int(score_end)],
            dtype=np.int64,
        )
        nact = game.num_distinct_actions
        self._path = np.empty(1024, dtype=np.int32)
        seq = len(self._path) + (cap if (rave or greedy > 0) else 0) + 1
        self._seq_a = np.empty(seq, dtype=np.int32)
        self._seq_s = np.empty(seq, dtype=np.int32)
        #: actions a simulation may apply outside the playout kernel (which stops by itself
        #: where the state needs room): the root is given room for them (Game.with_room)
        self._room = seq - 1
        self._last = np.full((2, nact), -1, dtype=np.int32)
        self._ti, self._tf = S.new_tree(min(st.max_nodes, max(16 * (nact + 1), 65536)))
        self._meta = np.zeros(2, dtype=np.int64)
        arr = game.initial_array()
        S.init_root(self._ti, self._tf, self._meta, arr)
        k = game.kernels
        self._kernels = kernel_addresses(
            self._tree_legal, k.apply, self._playout, game.consts, arr, self._rng
        )
        self._run(arr, 0, 1)  # compile (or load) the search for this game's kernels
        if self._solver is not None:  # and the solver
            self._solver(game.consts, arr, 1, np.zeros(2, dtype=np.int64))
        self._root_hist = np.empty(0, dtype=np.int32)
        self._root_arr = arr
        self._plan = []

    def _run(self, arr: Array, iterations: int, budget: int) -> int:
        k = self._game.kernels  # type: ignore[union-attr]
        run = search_for(self._tree_legal, k.apply, self._playout, self._evaluate)
        return int(
            run(
                self._game.consts,  # type: ignore[union-attr]
                arr,
                self._ti,
                self._tf,
                self._meta,
                self._fp,
                self._ip,
                self._rng,
                iterations,
                budget,
                self._path,
                self._seq_a,
                self._seq_s,
                self._last,
                self._kernels,
            )
        )

    def _set_root(self, state: State) -> None:
        """Point the root at ``state``: down the kept tree when it holds it, else a new tree."""
        if self._game is None or self._game != state.game:
            self._prepare(state.game)
        hist = state.history_array()
        arr = np.array(state.array, dtype=np.int32)
        if state.game.grows:  # room for the deepest line (Throngs' repetition table)
            arr = state.game.with_room(arr, self._room, exact=True)
        old = self._root_hist
        node = -1
        if (
            self.settings.reuse
            and len(hist) >= len(old)
            and np.array_equal(hist[: len(old)], old)
            and self._meta[0] < self.settings.max_nodes // 2
        ):
            node = int(self._meta[1])
            new = hist[len(old) :].tolist()
            if self._ordered:
                new = self._ordered_actions(self._root_arr, new)
            for a in new:
                node = int(S.find_child(self._ti, node, a))
                if node < 0:
                    break
            if node >= 0 and (
                self._ti[node, S.T_FIRST] < 0 or self._ti[node, S.T_SEAT] != arr[H_PLAYER]
            ):
                node = -1
        if node >= 0:
            self._meta[1] = node
        else:
            S.init_root(self._ti, self._tf, self._meta, arr)
            self._ip[S.I_EXPAND] = self.settings.expand_at
        self._root_hist = hist
        self._root_arr = arr

    def _ordered_actions(self, arr: Array, actions: list[int]) -> list[int]:
        """``actions`` played from ``arr`` with each turn's actions in ascending order, as the
        tree holds them when the plug-in's ``tree_legal`` orders turns (turns are sets)."""
        game = self._game
        assert game is not None
        k = game.kernels
        a2 = arr.copy()
        out: list[int] = []
        turn: list[int] = []
        for a in actions:
            before = a2[H_TURN]
            k.apply(game.consts, a2, a)
            turn.append(a)
            if a2[H_TURN] != before or a2[H_PLAYER] < 0:
                out.extend(sorted(turn))
                turn = []
        out.extend(sorted(turn))
        return out

    def _grow(self) -> bool:
        """Double the node arrays (up to ``max_nodes``); return whether there is more room."""
        size = self._ti.shape[0]
        if size >= self.settings.max_nodes:
            return False
        new = min(self.settings.max_nodes, 2 * size)
        ti, tf = S.new_tree(new)
        ti[:size] = self._ti
        tf[:size] = self._tf
        self._ti, self._tf = ti, tf
        return True

    # -- searching ---------------------------------------------------------------
    def search(self, state: State, limit: Limit | None = None) -> int:
        """Search from ``state`` within ``limit``; return the number of iterations run."""
        if state.is_terminal():
            raise GameOverError("the game is over; there is nothing to choose")
        lim = limit if limit is not None else self.default_limit
        check_limit(lim)
        if lim.seconds is None and lim.iterations is None and lim.nodes is None:
            lim = self.default_limit
        self._set_root(state)
        start = time.perf_counter()
        deadline = start + lim.seconds if lim.seconds is not None else math.inf
        want = int(lim.iterations) if lim.iterations is not None else 1 << 62
        budget = int(self._meta[0]) + int(lim.nodes) if lim.nodes is not None else 1 << 62
        total = 0
        batch = 16
        arr = self._root_arr
        root = int(self._meta[1])
        reused = float(self._tf[root, S.F_N])
        while total < want:
            n = min(batch, want - total)
            t0 = time.perf_counter()
            done = self._run(arr, n, budget)
            total += done
            now = time.perf_counter()
            if done < n:
                if self._ti[root, S.T_PROVEN] >= 0 and self.settings.solver:
                    break
                if self._meta[0] >= budget:
                    break
                if done == 0 and self._ip[S.I_EXPAND] == S.NO_EXPANSION:
                    break  # nothing more can be done in this tree
                if self._meta[0] + self._last.shape[1] + 1 > self._ti.shape[0] and not self._grow():
                    self._ip[S.I_EXPAND] = S.NO_EXPANSION
            if now >= deadline or (self.stop is not None and self.stop.is_set()):
                break
            per = (now - t0) / max(done, 1)
            if lim.seconds is not None:
                batch = max(1, min(2 * batch, int(0.25 * (deadline - now) / per) + 1, 4096))
                if self.stop is not None:  # a stop is read between batches: keep them short
                    batch = min(batch, int(STOP_BATCH_SECONDS / per) + 1)
            elif now - t0 < STOP_BATCH_SECONDS:
                batch = min(2 * batch, 1 << 16)
        self.last_stats = {
            "iterations": total,
            "nodes": int(self._meta[0]),
            "seconds": time.perf_counter() - start,
            "reused_visits": reused,
        }
        return total

    def _children(self) -> list[tuple[int, int, float, int]]:
        """The root's children as (action, visits, mean value for the mover, proven winner)."""
        root = int(self._meta[1])
        f = int(self._ti[root, S.T_FIRST])
        k = int(self._ti[root, S.T_NCH])
        out = []
        for j in range(f, f + k) if f >= 0 else ():
            n = float(self._tf[j, S.F_N])
            out.append(
                (
                    int(self._ti[j, S.T_ACT]),
                    int(n),
                    float(self._tf[j, S.F_W]) / n if n else 0.5,
                    int(self._ti[j, S.T_PROVEN]),
                )
            )
        return out

    def choose(self, state: State, limit: Limit | None = None) -> int:
        """The action to take: the next action of a first turn planned by :meth:`pie_turn`
        (where the game's plug-in asks for it), a proven win if there is one, else the most
        visited action."""
        if state.is_terminal():
            raise GameOverError("the game is over; there is nothing to choose")
        legal = state.legal_actions()
        if len(legal) == 1:
            return int(legal[0])
        if self._game is None or self._game != state.game:
            self._prepare(state.game)
        hist = state.history_array().tolist()
        if 0 < len(hist) < len(self._plan) and hist == self._plan[: len(hist)]:
            return self._plan[len(hist)]  # the rest of a first turn chosen by pie_turn
        self._plan = []
        if self._pie and not hist and state.game.special_actions[:1] == ("swap",):
            self._plan = self.pie_turn(state, limit)
            return self._plan[0]
        lim = self._resolve(limit)
        start = time.perf_counter()
        solved = self._solve(state, lim) if self._solver is not None else (-1, 0, 0)
        if solved[0] >= 0:
            return solved[0]
        if lim.seconds is not None:
            lim = replace(lim, seconds=max(1e-3, lim.seconds - (time.perf_counter() - start)))
        seat = state.current_player
        lost = solved[1] == LOSS
        if not lost:
            t0 = time.perf_counter()
            self.search(state, lim)
            root = int(self._meta[1])
            lost = self.settings.solver and self._ti[root, S.T_PROVEN] == 1 - seat
            if lost and lim.seconds is not None:
                lim = replace(lim, seconds=max(1e-3, lim.seconds - (time.perf_counter() - t0)))
        if lost and self.settings.solver:
            # lost against best play: search without proofs for the best practical chance
            self._ip[S.I_SOLVER] = 0
            try:
                self.search(state, lim)
            finally:
                self._ip[S.I_SOLVER] = 1
        self.last_stats["solver_positions"] = solved[2]
        self.last_stats["solved"] = solved[1]
        kids = self._children()
        if not kids:  # pragma: no cover - a search always expands the root
            return int(legal[0])
        wins = [c for c in kids if c[3] == seat]
        if wins:
            return max(wins, key=lambda c: c[1])[0]
        alive = [c for c in kids if c[3] != 1 - seat] or kids
        return max(alive, key=lambda c: (c[1], c[2]))[0]

    def last_value(self) -> float | None:
        """The expected result (0 to 1) for the player who was to act at the root of the last
        search, by its most visited action (1 or 0 where the search proved it); ``None``
        before any search. Reports use it to follow how a game's evaluation develops."""
        if self._game is None or not self.last_stats:
            return None
        kids = self._children()
        if not kids:
            return None
        seat = int(self._root_arr[H_PLAYER])
        wins = [c for c in kids if c[3] == seat]
        if wins:
            return 1.0
        alive = [c for c in kids if c[3] != 1 - seat]
        if not alive:
            return 0.0
        return max(alive, key=lambda c: (c[1], c[2]))[2]

    def _resolve(self, limit: Limit | None) -> Limit:
        """``limit`` checked, or the player's default where it sets no bound."""
        lim = limit if limit is not None else self.default_limit
        check_limit(lim)
        if lim.seconds is None and lim.iterations is None and lim.nodes is None:
            lim = self.default_limit
        return lim

    def _solve(self, state: State, lim: Limit) -> tuple[int, int, int]:
        """Ask the plug-in's endgame solver for a winning action within a budget of positions
        derived from ``lim``; return (the action or -1, status, positions visited)."""
        budgets = []
        if lim.seconds is not None:
            budgets.append(int(SOLVER_PER_SECOND * lim.seconds))
        if lim.iterations is not None:
            budgets.append(SOLVER_PER_ITERATION * int(lim.iterations))
        if lim.nodes is not None:
            budgets.append(SOLVER_PER_ITERATION * int(lim.nodes))
        if self.stop is not None:  # the solver cannot be interrupted: bound it
            budgets.append(STOPPED_SOLVER if self.stop.is_set() else STOPPABLE_SOLVER)
        assert self._solver is not None
        status = np.zeros(2, dtype=np.int64)
        arr = np.array(state.array, dtype=np.int32)
        a = int(self._solver(state.game.consts, arr, max(1, min(budgets)), status))
        return a, int(status[0]), int(status[1])

    def pie_turn(self, state: State, limit: Limit | None = None) -> list[int]:
        """The first turn of a game with the pie rule, chosen by search (all within ``limit``).

        Under the pie rule the opponent takes whichever side of the position after the first
        turn is better, so the first player wants the turn that leaves that position most even,
        not the strongest turn. The candidates are every legal first action, each completed to
        a whole turn in :data:`PIE_COMPLETIONS` random ways (a single-action turn is one
        candidate per action). Each is judged by a search from the position after it, by what
        the opponent can get there (:meth:`_pie_score`), and the lowest wins. The candidates
        are narrowed in rounds (successive halving): each round shares an equal part of the
        limit among the candidates left and keeps the best quarter, so the last few get the
        longest searches. With an iteration (or node) limit too small for every candidate, a
        round judges a random subset, so the limit always holds.

        Each decision of the turn has its own limit and the rest of the turn is then played
        without searching, so (with ``settings.whole_turn_pie``) once the first round has kept
        its best quarter, the search may go on to ``m`` times the limit in all, ``m`` being the
        fewest checkers among the turns kept: whichever turn it plays, it has used no more than
        that turn's decisions were given. ``last_stats["pie_limits"]`` is that ``m``.

        When a stop may come (:meth:`watch`), the candidates are judged in a random order and a
        stop ends the rounds at once: the turn is the best of those judged in the last round.
        A limit of :data:`~hexarena.limits.MAX_THINK_SECONDS` (``go infinite``, ended by a stop)
        gives each candidate :data:`PIE_STOP_SLICE` seconds in the first round and four times
        as long each round after, so that every candidate is judged soon, whenever the stop
        comes.
        """
        lim = limit if limit is not None else self.default_limit
        check_limit(lim)
        if lim.seconds is None and lim.iterations is None and lim.nodes is None:
            lim = self.default_limit
        seat = state.current_player
        rnd = random.Random(int(self._rng[0]))
        seen: set[tuple[int, ...]] = set()
        cands: list[tuple[list[int], State]] = []
        for a in state.legal_actions():
            for _ in range(PIE_COMPLETIONS):
                st = state.copy()
                st.apply(a)
                turn = [a]
                while not st.is_terminal() and st.current_player == seat:
                    b = rnd.choice(st.legal_actions())
                    st.apply(b)
                    turn.append(b)
                key = tuple(sorted(turn))
                if key not in seen:
                    seen.add(key)
                    cands.append((turn, st))
        stop = self.stop
        if stop is not None:  # a stop may end the rounds: judge a random sample first
            rnd.shuffle(cands)
        until_stop = (
            stop is not None
            and lim.seconds is not None
            and lim.seconds >= MAX_THINK_SECONDS
            and lim.iterations is None
            and lim.nodes is None
        )
        start = time.perf_counter()
        rounds = max(1, math.ceil(math.log(len(cands), 4))) if len(cands) > 1 else 1
        counts = {"iterations": lim.iterations, "nodes": lim.nodes}
        spent = {"iterations": 0, "nodes": 0}
        best = 0.5
        times = 1  # the whole search may use this many times the limit
        for r in range(rounds):
            left = rounds - r
            room = [
                (times * int(v) - spent[k]) // left for k, v in counts.items() if v is not None
            ]  # what this round may spend of each whole-number bound
            seconds = None
            if lim.seconds is not None:
                seconds = (start + times * lim.seconds - time.perf_counter()) / left
                if seconds <= 0:
                    break
            if room and min(room) <= 0:
                break
            if room and min(room) < len(cands):
                cands = rnd.sample(cands, max(1, min(room)))
            each = max(1, min(room) // len(cands)) if room else None
            share = None if seconds is None else seconds / len(cands)
            if until_stop and share is not None:
                share = min(share, PIE_STOP_SLICE * 4**r)
            sub = Limit(
                seconds=share,
                iterations=None if lim.iterations is None else each,
                nodes=None if lim.nodes is None else each,
            )
            scored: list[tuple[float, int]] = []
            for i, (_turn, st) in enumerate(cands):
                if stop is not None and stop.is_set() and scored:
                    break
                scored.append((self._pie_score(st, sub), i))
                spent["iterations"] += int(self.last_stats.get("iterations", 0))
                spent["nodes"] += int(self.last_stats.get("nodes", 0))
            scored.sort()
            best = scored[0][0]
            if stop is not None and stop.is_set():  # the best judged in this round
                cands = [cands[scored[0][1]]]
                break
            cands = [cands[i] for _, i in scored[: max(1, math.ceil(len(cands) / 4))]]
            if r == 0 and self.settings.whole_turn_pie:
                # every decision of the first turn has its own limit, and the rest of the turn
                # is played without searching: the shortest turn left bounds the time
                times = min(len(t) for t, _ in cands)
            if len(cands) == 1:
                break
        self.last_stats = {
            "iterations": spent["iterations"],
            "nodes": spent["nodes"],
            "seconds": time.perf_counter() - start,
            "reused_visits": 0.0,
            "pie_value": 1.0 - best,
            "pie_limits": float(times),
        }
        return cands[0][0]

    def _pie_score(self, state: State, limit: Limit) -> float:
        """What the opponent can get from ``state``, the position after a candidate first turn
        (a search within ``limit``; 0 to 1, for the opponent, who is to act).

        The swap and playing on lead to the same position with the sides traded, so the
        opponent gets ``max(s, 1 - s)`` where ``s`` is the swap's value; where the swap was not
        searched (or a result is proven), the value of the opponent's best reply.
        """
        if state.is_terminal():
            out = state.outcome()
            return 1.0 if out is not None and out.winner == state.current_player else 0.0
        self.search(state, limit)
        kids = self._children()
        seat = state.current_player
        if any(c[3] == seat for c in kids):
            return 1.0
        alive = [c for c in kids if c[3] != 1 - seat]
        if not alive:
            return 0.0
        swap = [c for c in alive if state.game.action_text(c[0]) == "swap" and c[1] > 0]
        if swap:
            return max(swap[0][2], 1.0 - swap[0][2])
        return max(alive, key=lambda c: (c[1], c[2]))[2]

    def analyse(self, state: State, limit: Limit | None = None, *, top: int = 5) -> list[Hint]:
        """The ``top`` best actions with their values and visit counts, best first."""
        if top < 1:
            raise SearchError(f"top must be at least 1, not {top}")
        self.search(state, limit)
        seat = state.current_player
        hints = []
        for a, n, v, p in self._children():
            proven = None if p < 0 else ("win" if p == seat else "loss")
            hints.append(Hint(a, state.game.action_text(a), n, v, proven))
        order = {"win": 0, None: 1, "loss": 2}
        hints.sort(key=lambda h: (order[h.proven], -h.visits, -h.value))
        return hints[:top]


# ---------------------------------------------------------------- named players
def _factory(name: str, settings: SearchSettings, limit: Limit) -> Any:
    def make(seed: int | None) -> Player:
        return MCTSPlayer(seed, settings=settings, default_limit=limit, name=name)

    return make


#: The limits that define each named player.
LEVELS: dict[str, tuple[SearchSettings, Limit]] = {
    "uct": (UCT_SETTINGS, Limit(seconds=1.0)),
    "mcts": (FULL_SETTINGS, Limit(seconds=1.0)),
    "easy": (FULL_SETTINGS, Limit(iterations=100)),
    "medium": (FULL_SETTINGS, Limit(seconds=0.05, iterations=300)),
    "hard": (FULL_SETTINGS, Limit(seconds=3.0)),
}

for _name, (_settings, _limit) in LEVELS.items():
    register_player(_name, _factory(_name, _settings, _limit))


def with_settings(player: MCTSPlayer, **changes: Any) -> MCTSPlayer:
    """A new player like ``player`` with some settings changed (for experiments)."""
    return MCTSPlayer(
        player.seed,
        settings=replace(player.settings, **changes),
        default_limit=player.default_limit,
        name=player.name,
    )
