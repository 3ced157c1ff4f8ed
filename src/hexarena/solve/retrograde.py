"""Retrograde analysis of Throngs (``hexarena solve throngs --retrograde``): the value of every
reachable position at the start of a turn, by stone count from the fullest board down.

Throngs' positions can repeat (dispatches and captures keep the number of stones), and its
repetition rule (NOTES.md) ends the game when a position comes for the third time at the start
of a turn, so a position's value can depend on the path to it. The analysis below is exact all
the same; the argument is in ``docs/solved.md`` ("Throngs by retrograde analysis"). In brief:

- The number of stones never falls, and the repetition rule only compares positions met since
  it last changed. So the game falls into *levels* (positions of ``k`` stones); a turn that
  deploys leaves the level for a higher one, where the history starts afresh. A position
  *entered fresh* (its level's history holding only itself) has one value, worked out here for
  every reachable position, from the highest level down.
- Within a level, the positions that one player can force to a win without any repetition (the
  classical retrograde fixpoint over the level's turns, the exits to higher levels valued) are
  won whatever the level's history held, as long as it held only positions outside that set:
  the winning strategy moves through positions labelled ever earlier, so it never meets one
  twice nor one of the history.
- The rest of the level (neither player can force a win without repetition) is searched with
  its history: a depth-first search over (position, how often each was met) within the level,
  where the third time a position comes ends the game as the rule says. A position of this
  rest is entered with a history of such positions only, so the labelled values hold for every
  action that leaves the rest.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

from ..core import H_SWAPPED, Array, Game
from . import SolveError, max_rss_mb
from . import retro_kernel as R

#: Reachable positions past which the analysis gives up by default: it keeps every position's
#: turns in memory (about 5 KB a position in all), for boards of some hundreds of thousands.
MAX_POSITIONS = 200_000
#: Positions expanded by one call of the compiled kernel.
BATCH = 100_000
#: Positions in the history search of one position's unresolved rest before it gives up.
HISTORY_BUDGET = 2_000_000


#: The most cells a position's code holds: ``2 * 3**cells`` (a base-3 digit a cell, then the
#: side to move) within a signed 64-bit integer.
MAX_CELLS = 39


def check_game(game: Game) -> None:
    """Refuse what the analysis does not cover: other games, ``no_stalling`` (positions would
    carry the dispatch counts), ``repetition=off`` (the game could go on for ever) and the
    standard set-up."""
    if game.name != "throngs":
        raise SolveError(f"--retrograde solves Throngs only, not {game.name}")
    opts = game.options
    if opts["no_stalling"]:
        raise SolveError("--retrograde does not cover the no_stalling option")
    if opts["repetition"] != "third":
        raise SolveError("--retrograde needs the repetition rule (repetition=third)")
    if opts["setup"] != "choose":
        raise SolveError("--retrograde solves the set-up 'choose' (the sheet's) only")
    if game.board.size > MAX_CELLS:
        raise SolveError(
            f"--retrograde codes a position in 64 bits, for boards of at most {MAX_CELLS} "
            f"cells, not {game.board.size} (the hex board of side 2 has 7, side 3 19)"
        )


def template_of(game: Game) -> Array:
    """The empty board after the set-up, the first player playing Black."""
    from ..games.throngs import initial_array

    t = initial_array(game.board, "choose", game.consts)
    t[H_SWAPPED] = 0
    return t


def stones_of(code: int, n: int) -> int:
    """Stones on the board of position ``code``."""
    b = code // 2
    k = 0
    for _ in range(n):
        k += b % 3 != 0
        b //= 3
    return k


def setup_codes(n: int) -> list[int]:
    """The positions after every set-up (one Black stone, two White ones, Black to move)."""
    out = []
    for x in range(n):
        for y in range(n):
            for z in range(y + 1, n):
                if x not in (y, z):
                    out.append(2 * (3**x + 2 * 3**y + 2 * 3**z))
    return out


def stones_array(codes: npt.NDArray[np.int64], n: int) -> npt.NDArray[np.int64]:
    """Stones on the board of each position of ``codes``."""
    b = codes // 2
    k = np.zeros(len(codes), dtype=np.int64)
    for _ in range(n):
        k += b % 3 != 0
        b //= 3
    return k


def all_boards(n: int, k: int) -> int:
    """Positions of ``k`` stones on ``n`` sites, either colour to move (an upper bound on the
    reachable ones)."""
    return 2 * comb(n, k) * 2**k


@dataclass
class Level:
    """The reachable positions of one stone count (codes, ascending) and their turns' results
    (position ``i``'s are ``results[offs[i]:offs[i + 1]]``; ``over``: no move at once)."""

    codes: npt.NDArray[np.int64]
    results: npt.NDArray[np.int64]
    offs: npt.NDArray[np.int64]
    over: npt.NDArray[np.int8]


@dataclass
class Enumeration:
    """The reachable positions at the start of a turn, level by level."""

    n: int
    levels: dict[int, Level] = field(default_factory=dict)
    #: Positions of the higher levels found entered from the levels enumerated (all of their
    #: entries when every lower level was enumerated: a lower bound on their reachable ones).
    entered: dict[int, int] = field(default_factory=dict)
    cpu_seconds: float = 0.0

    @property
    def counts(self) -> dict[int, int]:
        """Positions of each stone count."""
        return {k: len(v.codes) for k, v in sorted(self.levels.items())}

    @property
    def positions(self) -> int:
        """Positions in all."""
        return sum(self.counts.values())


def enumerate_positions(
    game: Game,
    *,
    max_positions: int = MAX_POSITIONS,
    max_level: int | None = None,
    on_level: Callable[[int, int], None] | None = None,
    keep: bool = True,
) -> Enumeration:
    """Every position reachable at the start of a turn, without the repetition history, level
    by level from the set-ups up (a level's entries come from lower levels; its turns that keep
    the count close it). Stops with :class:`SolveError` past ``max_positions``; with
    ``max_level``, stops after that level (for a count of the lower levels only); without
    ``keep``, only the positions are kept, not their turns' results (a count only)."""
    check_game(game)
    n = game.board.size
    g, t, k = game.consts, template_of(game), game.kernels
    c0 = time.process_time()
    out = Enumeration(n)
    pending: dict[int, set[int]] = {3: set(setup_codes(n))}
    total = 0
    for level in range(3, n + 1):
        if max_level is not None and level > max_level:
            out.entered = {s: len(v) for s, v in sorted(pending.items())}
            break
        seen = pending.pop(level, set())
        frontier = sorted(seen)
        codes: list[int] = []
        res_parts: list[Any] = []
        off_parts: list[Any] = []
        over_parts: list[Any] = []
        while frontier:
            batch = np.array(frontier[:BATCH], dtype=np.int64)
            rest = frontier[BATCH:]
            res, offs, over = R.expand_many(k.legal, k.apply, g, t, batch)
            codes.extend(batch.tolist())
            res_parts.append(res)
            off_parts.append(offs)
            over_parts.append(over)
            total += len(batch)
            if total > max_positions:
                out.levels[level] = _level(codes, res_parts, off_parts, over_parts)
                out.cpu_seconds = time.process_time() - c0
                entered = {s: len(v) for s, v in sorted(pending.items())}
                raise SolveError(
                    f"more than {max_positions:,} reachable positions (by stones, counted so "
                    f"far, the last level in part: {out.counts}; entered from below: "
                    f"{entered}); the analysis does not fit the limit"
                )
            found = np.unique(res[res >= 0])
            counts = stones_array(found, n)
            new = [r for r in found[counts == level].tolist() if r not in seen]
            seen.update(new)
            frontier = rest + new
            for s in np.unique(counts[counts > level]).tolist():
                pending.setdefault(s, set()).update(found[counts == s].tolist())
            if not keep:
                res_parts, off_parts, over_parts = [], [], []
        out.levels[level] = _level(codes, res_parts, off_parts, over_parts)
        if on_level is not None:
            on_level(level, len(codes))
    out.cpu_seconds = time.process_time() - c0
    return out


def _level(codes: list[int], res: list[Any], offs: list[Any], over: list[Any]) -> Level:
    """One level's arrays, sorted by code (the results empty when they were not kept)."""
    cat_codes = np.array(codes, dtype=np.int64)
    if not res:
        cat_codes.sort()
        none = np.zeros(0, dtype=np.int64)
        return Level(
            cat_codes, none, np.zeros(len(codes) + 1, dtype=np.int64), none.astype(np.int8)
        )
    lists: list[Any] = []
    for r, o in zip(res, offs, strict=True):
        lists.extend(r[o[i] : o[i + 1]] for i in range(len(o) - 1))
    order = np.argsort(cat_codes, kind="stable")
    sorted_lists = [lists[i] for i in order.tolist()]
    lengths = np.array([len(x) for x in sorted_lists], dtype=np.int64)
    offsets = np.zeros(len(sorted_lists) + 1, dtype=np.int64)
    np.cumsum(lengths, out=offsets[1:])
    flat = np.concatenate(sorted_lists) if sorted_lists else np.zeros(0, dtype=np.int64)
    overs = np.concatenate(over) if over else np.zeros(0, dtype=np.int8)
    return Level(cat_codes[order], flat, offsets, overs[order])


@dataclass
class Analysis:
    """Values of positions entered fresh (``True``: the colour to move wins), and the sizes of
    the parts of the analysis."""

    values: dict[int, bool]
    labelled: int = 0
    rest: int = 0
    history_nodes: int = 0


def analyse(
    game: Game, en: Enumeration, *, budget: int = HISTORY_BUDGET, label: bool = True
) -> Analysis:
    """The value of every enumerated position entered fresh, level by level from the top.
    ``label=False`` leaves every level to the history search (a check of the labelling: the
    values must be the same)."""
    g, t = game.consts, template_of(game)
    values: dict[int, bool] = {}
    out = Analysis(values)
    for level in sorted(en.levels, reverse=True):
        lv = en.levels[level]
        succ = {
            int(c): lv.results[lv.offs[i] : lv.offs[i + 1]].tolist()
            for i, c in enumerate(lv.codes.tolist())
        }
        lab: dict[int, bool] = {}
        for i, c in enumerate(lv.codes.tolist()):
            if lv.over[i]:
                lab[c] = bool(R.end_value(g, t, np.int64(c)))

        changed = label
        while changed:
            changed = False
            for c, rs in succ.items():
                if c in lab:
                    continue
                mover = c % 2
                known = [_known(r, mover, succ, lab, values) for r in rs]
                if any(v is True for v in known):
                    lab[c] = True
                    changed = True
                elif all(v is False for v in known):
                    lab[c] = False
                    changed = True
        rest = [c for c in succ if c not in lab]
        out.labelled += len(lab)
        out.rest += len(rest)
        ends = {c: bool(R.end_value(g, t, np.int64(c))) for c in rest}
        for c in rest:
            search = HistorySearch(succ, lab, values, ends, budget)
            values[c] = search.wins(c, {c: 1})
            out.history_nodes += search.nodes
        values.update(lab)
    return out


def _known(
    r: int, mover: int, succ: dict[int, list[int]], lab: dict[int, bool], values: dict[int, bool]
) -> bool | None:
    """Whether result ``r`` of a turn of ``mover`` wins for the mover, if known yet: the end of
    the game, a labelled position of the level, or a higher level's position entered fresh."""
    if r < 0:
        return -1 - r == mover
    if r in succ:
        v = lab.get(r)
        return None if v is None else not v
    return not values[r]


class HistorySearch:
    """The depth-first search of the unresolved rest of a level with its history: positions
    with how often each was met at the start of a turn since the level was entered."""

    def __init__(
        self,
        succ: dict[int, list[int]],
        lab: dict[int, bool],
        values: dict[int, bool],
        ends: dict[int, bool],
        budget: int,
    ) -> None:
        self.succ, self.lab, self.values, self.ends = succ, lab, values, ends
        self.budget = budget
        self.nodes = 0
        self.memo: dict[tuple[int, frozenset[tuple[int, int]]], bool] = {}

    def wins(self, c: int, met: dict[int, int]) -> bool:
        """Whether the colour to move at ``c`` (just met, counted in ``met``) wins."""
        key = (c, frozenset(met.items()))
        got = self.memo.get(key)
        if got is not None:
            return got
        self.nodes += 1
        if self.nodes > self.budget:
            raise SolveError(
                f"the history search of a level's unresolved positions passed {self.budget:,} "
                "positions"
            )
        mover = c % 2
        res = False
        for r in self.succ[c]:
            if r < 0:
                v = -1 - r == mover
            elif r not in self.succ:
                v = not self.values[r]
            elif r in self.lab:
                v = not self.lab[r]
            elif met.get(r, 0) >= 2:
                v = not self.ends[r]  # its third time: the colour to move there has no move
            else:
                met[r] = met.get(r, 0) + 1
                v = not self.wins(r, met)
                met[r] -= 1
                if met[r] == 0:
                    del met[r]
            if v:
                res = True
                break
        self.memo[key] = res
        return res


def solve_retrograde(
    game: Game,
    *,
    max_positions: int = MAX_POSITIONS,
    on_level: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Solve Throngs by retrograde analysis: the value of every set-up (Black to move), every
    first move's value and the game's value (the set-up's colour choice acting as the pie
    rule), with the figures of the analysis."""
    t0, c0 = time.perf_counter(), time.process_time()
    en = enumerate_positions(game, max_positions=max_positions, on_level=on_level)
    an = analyse(game, en)
    n = game.board.size
    names = game.board.names
    setups = {}
    for code in setup_codes(n):
        b = code // 2
        sites = [x for x in range(n) if (b // 3**x) % 3]
        black = next(x for x in sites if (b // 3**x) % 3 == 1)
        white = [names[x] for x in sites if x != black]
        setups[f"{names[black]},{','.join(white)}"] = an.values[code]
    # the chooser takes Black after a set-up that Black wins, White after the others
    moves = {}
    for x in range(n):
        wins_for_first = False
        for y in range(n):
            for z in range(y + 1, n):
                if x in (y, z):
                    continue
                v = an.values[2 * (3**x + 2 * 3**y + 2 * 3**z)]
                chooser_wins_as_black, chooser_wins_as_white = v, not v
                if not chooser_wins_as_black and not chooser_wins_as_white:
                    wins_for_first = True
        moves[names[x]] = wins_for_first
    return {
        "game": game.name,
        "options": game.record_tags(),
        "method": "retrograde",
        "first_moves": moves,
        "first_player_wins_without_pie": any(moves.values()),
        "winning_openings": sorted(m for m, v in moves.items() if v),
        "setups_black_wins": sum(setups.values()),
        "setups": len(setups),
        "setup_values": setups,
        "positions": en.positions,
        "positions_by_stones": en.counts,
        "labelled": an.labelled,
        "unresolved_rest": an.rest,
        "history_nodes": an.history_nodes,
        "seconds": round(time.perf_counter() - t0, 3),
        "cpu_seconds": round(time.process_time() - c0, 3),
        "max_rss_mb": max_rss_mb(),
    }


def sample_cost(game: Game, samples: int = 300, seed: int = 1) -> dict[str, Any]:
    """What expanding every position would cost, by sampling: for each stone count, ``samples``
    boards drawn uniformly (the stones' sites without replacement, each stone's colour and the
    colour to move at even odds), each turn of each expanded. Per level: the boards (an upper
    bound on the reachable positions), the mean distinct turn results and processor time per
    position; in all, the estimated processor time and turn results of one expansion of
    every board."""
    check_game(game)
    if not 1 <= samples <= 100_000:
        raise SolveError(f"the samples must be 1 to 100000, not {samples}")
    n = game.board.size
    g, t, k = game.consts, template_of(game), game.kernels
    rng = np.random.default_rng(seed)
    R.expand_many(k.legal, k.apply, g, t, np.array(setup_codes(n)[:1], dtype=np.int64))
    levels = {}
    seconds = 0.0
    results = 0.0
    for level in range(3, n + 1):
        codes = []
        for _ in range(samples):
            sites = rng.choice(n, level, replace=False)
            colours = rng.integers(1, 3, level)
            b = sum(int(c) * 3 ** int(x) for x, c in zip(sites, colours, strict=True))
            codes.append(2 * b + int(rng.integers(0, 2)))
        c0 = time.process_time()
        _, offs, _ = R.expand_many(k.legal, k.apply, g, t, np.array(codes, dtype=np.int64))
        per = (time.process_time() - c0) / samples
        boards = all_boards(n, level)
        mean = float(np.diff(offs).mean())
        levels[level] = {"boards": boards, "results": round(mean, 1), "ms": round(1e3 * per, 3)}
        seconds += boards * per
        results += boards * mean
    return {
        "levels": levels,
        "boards": sum(v["boards"] for v in levels.values()),
        "cpu_days": round(seconds / 86400, 1),
        "turn_results": int(results),
    }
