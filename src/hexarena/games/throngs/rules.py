"""Throngs (Dale Walton, 2020): action potential, two moves a turn, deploys and dispatch paths.

Rules (rule sheet plus NOTES.md). Before play, the first player places one Black and then two
White stones on different sites; the second player then chooses to play Black or White (or, with
``setup=standard`` on the original board, the stones stand at fixed sites and the colours are
fixed). Black moves first. A turn is two moves; a move selects a site, whose *action potential*
for the mover is the mover's stones minus the opponent's stones among the site and its
neighbours, counted on the board as it is when the move begins:

- an enemy stone with potential >= 2 is captured (replaced by the mover's stone);
- an empty site with potential >= 1 gets a stone, which may then be dispatched with budget
  ``potential - 1`` when that is at least 1, or the move stops there;
- one's own stone with potential >= 1 is dispatched with budget ``potential``: it must leave.

A dispatch is a path of steps (to an adjacent empty site, cost 1) and jumps (in a straight line
over one or more consecutive occupied sites to the empty site just beyond, cost = sites crossed
+ 1), visiting no site twice, with total cost at most the budget. If the second move of a turn
is impossible the turn ends after the first. When the player to move has no legal move at the
start of a turn, the other player fills every empty site with their stones and then captures
every enemy stone whose potential for them is at least 2, again and again until none is left;
then more stones wins. Boards have an odd number of sites, so there is no tie.

Option ``no_stalling``: a player may not dispatch in three consecutive moves of theirs (each
player must deploy or capture at least once in any three consecutive moves).

Option ``repetition`` (NOTES.md; ``third`` by default, or ``off`` for the sheet as written): when
a position comes for the third time at the start of a turn, the player to move has no move, and
the game ends as the sheet says (the other player fills and captures). A position is the stones,
the colour to move and, with ``no_stalling``, both colours' counts of dispatches in a row.

Actions (one decision each):

========================  ==================================================================
``0 .. n-1``              select site ``x`` (a set-up placement, or the start of a move);
                          text: the site's name, ``c4``
``n .. 2n-1``             dispatch the selected stone to site ``y = a - n``; text ``-c4``
``2n``                    ``stop``: keep the just deployed stone where it is
``2n+1``, ``2n+2``        ``black``, ``white``: the second player's choice of colour
========================  ==================================================================

A turn is written as its moves separated by ``,`` with a dispatch's destination joined by ``-``:
``c4-e6,d5`` is a move selecting ``c4`` and dispatching to ``e6`` (or deploying at ``c4`` and
dispatching the new stone to ``e6``), then a capture or a deploy at ``d5``; ``d5-stop`` is a
deploy that could have been dispatched but was not. The set-up turn is ``a1,b2,c3`` (Black, then
the two White stones) and the colour choice is ``black`` or ``white``.

The code: this module has the rules (the game class, ``legal``, ``apply``, the turn and the
end); :mod:`.layout` the state array and constant table, :mod:`.tables` the incremental
tables, :mod:`.selection` the selections, :mod:`.paths` and :mod:`.bitsearch` the dispatch
searches, :mod:`.randomplay` the playouts' random choices, :mod:`.repetition` the repetition
rule and :mod:`.boards` the boards.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

import numpy as np
from numba import njit

from ...bits import ctz64, unmanaged
from ...core import (
    H_COLOUR,
    H_PLAYER,
    H_PLY,
    H_REASON,
    H_SWAPPED,
    H_TURN,
    H_WINNER,
    Array,
    Game,
    Kernels,
    NotationError,
    Option,
    OptionError,
    Outcome,
    State,
)
from ...hexgrid import Board, BoardError, CellNameError
from .bitsearch import bit_scratch
from .boards import BOARDS, SETUPS, STANDARD_BLACK, STANDARD_WHITE, board_for
from .layout import (
    _ONE,
    _ZERO,
    BASE,
    G_N,
    G_NB,
    G_REP,
    NWBLOCKS,
    P_AFTER_DEPLOY,
    P_CHOOSE,
    P_DISPATCH,
    P_SELECT,
    P_SETUP_BLACK,
    P_SETUP_WHITE1,
    P_SETUP_WHITE2,
    REASON_NO_MOVE,
    REASON_REPETITION,
    REPETITIONS,
    S_BUDGET,
    S_CAPTURED,
    S_EMPTY,
    S_FILLED,
    S_MOVE,
    S_N,
    S_NOMOVE,
    S_PHASE,
    S_REPN,
    S_SEL,
    S_STALL,
    S_STONES,
    W_CAND,
    W_EMPTY,
    W_SURE,
    _bit_base,
    _g_words,
    _g_words_bare,
    _site_of_bit,
    _words,
    _words_bare,
    consts_for,
    spare_turns,
    table_start,
    words_offset,
)
from .paths import destinations, quick_scratch_size, scratch_size
from .randomplay import _choose_random
from .repetition import _third_time
from .selection import _any_move, _clear_selection_words, _has_exit, has_exit, select_ok
from .tables import _add_stone, _pot, _potential, _set


def initial_array(board: Board, setup: str, g: Array) -> Array:
    """The starting position: the empty board in set-up, or the standard set-up, Black to move.

    ``g`` is the game's constant table (:func:`consts_for`)."""
    n = board.size
    nw = int(g[G_NB + 6 * n])
    off = words_offset(n)
    arr = np.zeros(off + 2 * (NWBLOCKS * nw + 1 + int(g[G_REP])), dtype=np.int32)
    words = arr[off:].view(np.uint64)
    words[W_EMPTY * nw : (W_EMPTY + 1) * nw] = _g_words(g)[:nw]  # the board's sites
    arr[H_PLAYER] = 0
    arr[H_COLOUR] = -1
    arr[H_SWAPPED] = -1
    arr[H_WINNER] = -1
    arr[S_PHASE] = P_SETUP_BLACK
    arr[S_SEL] = -1
    arr[S_EMPTY] = n
    arr[S_N] = n
    arr[S_NOMOVE] = -1
    if setup == "standard":
        _add_stone(g, arr, board.index[STANDARD_BLACK], 0)
        for c in STANDARD_WHITE:
            _add_stone(g, arr, board.index[c], 1)
        arr[H_SWAPPED] = 0
        _start_turn(g, arr, 0)
    return arr


# ---------------------------------------------------------------- kernels: turns
@njit(cache=True)
def _end_of_game(
    g: Array, gw: Any, arr: Array, w: Any, reason: int
) -> None:  # pragma: no cover - compiled
    """The player to move has no move (``reason``: none is legal, or the position came a third
    time): the other fills and captures; then more stones wins."""
    n = g[G_N]
    mover = arr[H_COLOUR]
    f = mover ^ 1
    filled = 0
    for x in range(n):
        if arr[BASE + x] == 0:
            _set(g, gw, arr, w, x, f + 1)
            filled += 1
    captured = 0
    changed = True
    while changed:
        changed = False
        for x in range(n):
            if arr[BASE + x] == mover + 1 and _pot(g, w, x, f) >= 2:
                _set(g, gw, arr, w, x, f + 1)
                captured += 1
                changed = True
    _clear_selection_words(g, w)
    arr[S_FILLED] = filled
    arr[S_CAPTURED] = captured
    arr[S_NOMOVE] = mover
    arr[H_WINNER] = 0 if arr[S_STONES] > arr[S_STONES + 1] else 1
    arr[H_PLAYER] = -1
    arr[H_REASON] = reason
    arr[S_PHASE] = P_SELECT
    arr[S_SEL] = -1
    arr[S_BUDGET] = 0


@njit(cache=True)
def _start_turn(g: Array, arr: Array, c: int) -> None:  # pragma: no cover - compiled
    """Colour ``c`` begins a turn (or, with no move, the game ends)."""
    _begin_turn(g, _g_words(g), arr, _words(g, arr), c)


@njit(cache=True, inline="always")
def _begin_turn(g: Array, gw: Any, arr: Array, w: Any, c: int) -> None:  # pragma: no cover
    """:func:`_start_turn` with the views."""
    arr[H_COLOUR] = c
    arr[H_PLAYER] = c ^ arr[H_SWAPPED]
    arr[S_PHASE] = P_SELECT
    arr[S_MOVE] = 0
    arr[S_SEL] = -1
    arr[S_BUDGET] = 0
    reason = 0  # one call of each helper, with no constant argument: one compiled version
    if g[G_REP] > 0 and _third_time(g, gw, arr, w, c):
        reason = REASON_REPETITION
    elif not _any_move(g, gw, arr, w, c):
        reason = REASON_NO_MOVE
    if reason != 0:
        _end_of_game(g, gw, arr, w, reason)


@njit(cache=True)
def _selections(g: Array, arr: Array, out: Array) -> int:  # pragma: no cover - compiled
    """The legal selections (phase ``P_SELECT``) into ``out``, in bit order; returns how many."""
    nw = g[_bit_base(g)]
    w = _words(g, arr)
    c = arr[H_COLOUR]
    m = 0
    for j in range(nw):
        sure = w[W_SURE * nw + j]
        both = sure | w[W_CAND * nw + j]
        while both != _ZERO:
            b = ctz64(both)
            bit = _ONE << b
            both &= both - _ONE
            x = _site_of_bit(g, 64 * j + int(np.int64(b)))
            if (sure & bit) != _ZERO or has_exit(g, arr, x, _potential(g, arr, x, c)):
                out[m] = x
                m += 1
    return m


@njit(cache=True)
def legal(g: Array, arr: Array) -> Array:  # pragma: no cover - compiled
    """Legal actions, ascending; empty when the game is over."""
    n = g[G_N]
    if arr[H_PLAYER] < 0:
        return np.empty(0, dtype=np.int32)
    ph = arr[S_PHASE]
    out = np.empty(n + 1, dtype=np.int32)
    m = 0
    if ph <= P_SETUP_WHITE2:
        for x in range(n):
            if arr[BASE + x] == 0:
                out[m] = x
                m += 1
        return out[:m].copy()
    if ph == P_CHOOSE:
        out[0] = 2 * n + 1
        out[1] = 2 * n + 2
        return out[:2].copy()
    if ph == P_SELECT:
        m = _selections(g, arr, out)
        return np.sort(out[:m])
    buf = np.zeros(scratch_size(n), dtype=np.int32)
    m = destinations(g, arr, arr[S_SEL], arr[S_BUDGET], buf)
    k = m + 1 if ph == P_AFTER_DEPLOY else m
    res = np.empty(k, dtype=np.int32)
    res[:m] = np.sort(buf[:m])
    for i in range(m):
        res[i] += n
    if ph == P_AFTER_DEPLOY:
        res[m] = 2 * n
    return res


@njit(cache=True)
def is_legal(g: Array, arr: Array, a: int) -> bool:  # pragma: no cover - compiled
    """Whether action ``a`` is legal now."""
    n = g[G_N]
    if arr[H_PLAYER] < 0 or a < 0 or a > 2 * n + 2:
        return False
    ph = arr[S_PHASE]
    if ph <= P_SETUP_WHITE2:
        return a < n and arr[BASE + a] == 0
    if ph == P_CHOOSE:
        return a == 2 * n + 1 or a == 2 * n + 2
    if ph == P_SELECT:
        return a < n and select_ok(g, arr, a, arr[H_COLOUR])
    if a == 2 * n:
        return ph == P_AFTER_DEPLOY
    if a < n or a >= 2 * n or arr[BASE + a - n] != 0:
        return False
    buf = np.zeros(scratch_size(n), dtype=np.int32)
    m = destinations(g, arr, arr[S_SEL], arr[S_BUDGET], buf)
    found = False
    for i in range(m):
        if buf[i] == a - n:
            found = True
            break
    return found


@njit(cache=True)
def apply(g: Array, arr: Array, a: int) -> None:  # pragma: no cover - compiled
    """Apply a legal action, updating the header."""
    # views without Numba's view() (_g_words_bare: it cost a fifth of a batched step)
    _apply(g, _g_words_bare(g), arr, _words_bare(g, arr), int(np.int64(a)))  # one _apply


@njit(cache=True)
def _apply(g: Array, gw: Any, arr: Array, w: Any, a: int) -> None:  # pragma: no cover
    """:func:`apply` with the views: compiled once, for :func:`apply` and :func:`playout`
    (inlined into the playout, it made the playout take minutes to compile). It works on
    views without reference counts (:func:`unmanaged`), as the playout does, so that passing
    the arrays to the helpers inlined in it costs nothing."""
    _apply_views(unmanaged(g), unmanaged(gw), unmanaged(arr), unmanaged(w), a)


@njit(cache=True, inline="always")
def _apply_views(g: Array, gw: Any, arr: Array, w: Any, a: int) -> None:  # pragma: no cover
    """The body of :func:`_apply`.

    Every path that completes a move meets at one place (on to the second move, or the next
    turn), and every path that begins a turn at another, so that each helper is inlined
    once."""
    n = g[G_N]
    arr[H_PLY] += 1
    ph = arr[S_PHASE]
    if ph <= P_SETUP_WHITE2:
        _set(g, gw, arr, w, a, 1 if ph == P_SETUP_BLACK else 2)
        if ph == P_SETUP_WHITE2:
            arr[H_TURN] += 1
            arr[S_PHASE] = P_CHOOSE
            arr[H_PLAYER] = 1
        else:
            arr[S_PHASE] = ph + 1
        return
    c = arr[H_COLOUR]
    if ph == P_CHOOSE:
        # the second player (seat 1) takes Black: colour c is then played by seat c ^ 1
        arr[H_SWAPPED] = 1 if a == 2 * n + 1 else 0
        arr[H_TURN] += 1
        c = 1  # Black (colour 0) begins
    else:
        if ph == P_SELECT:
            _clear_selection_words(g, w)
            v = arr[np.uint64(BASE + a)]
            p = _pot(g, w, a, c)
            if v == c + 1:  # dispatch of one's own stone
                arr[np.uint64(S_STALL + c)] += 1
                arr[S_PHASE] = P_DISPATCH
                arr[S_SEL] = a
                arr[S_BUDGET] = p
                return
            _set(g, gw, arr, w, a, c + 1)  # a deploy or a capture
            arr[np.uint64(S_STALL + c)] = 0
            if v == 0 and p - 1 >= 1 and _has_exit(g, gw, arr, w, a, p - 1):
                # a deploy whose new stone may be dispatched
                arr[S_PHASE] = P_AFTER_DEPLOY
                arr[S_SEL] = a
                arr[S_BUDGET] = p - 1
                return
        elif a < 2 * n:  # a destination
            _set(g, gw, arr, w, arr[S_SEL], 0)
            _set(g, gw, arr, w, a - n, c + 1)
        # the move is complete: on to the second move, or the next turn
        arr[S_SEL] = -1
        arr[S_BUDGET] = 0
        arr[S_PHASE] = P_SELECT
        if arr[S_MOVE] == 0 and _any_move(g, gw, arr, w, c):
            arr[S_MOVE] = 1
            return
        arr[H_TURN] += 1
    _begin_turn(g, gw, arr, w, c ^ 1)


@njit(cache=True)
def playout(g: Array, arr: Array, rng: Any, out: Array, limit: int) -> int:  # pragma: no cover
    """Uniformly random legal actions until the game ends or ``limit`` actions were taken, or
    the repetition table is full (the caller gives it room, ``Throngs.with_room``, and goes on:
    a turn may start with every action, and the table never loses a position)."""
    n = g[G_N]
    buf = np.zeros(scratch_size(n), dtype=np.int32)
    q = np.zeros(quick_scratch_size(n), dtype=np.int32)
    sc = bit_scratch(g)
    # views without reference counts: the loop passes them to a dozen functions per action
    ug = unmanaged(g)
    ugw = unmanaged(_g_words(g))
    uarr = unmanaged(arr)
    uw = unmanaged(_words(g, arr))
    urng = unmanaged(rng)
    ubuf = unmanaged(buf)
    uq = unmanaged(q)
    usc = unmanaged(sc)
    record = out.shape[0] >= limit
    # with repetition on: room for this many positions in all (the table runs to the end)
    full = uw.shape[0] - (NWBLOCKS * g[_bit_base(g)] + 1) if g[G_REP] > 0 else 1 << 62
    k = 0
    while uarr[H_PLAYER] >= 0 and k < limit and uarr[S_REPN] < full:
        a = _choose_random(ug, ugw, uarr, uw, urng, ubuf, uq, usc)
        _apply(ug, ugw, uarr, uw, a)
        if record:
            out[k] = a
        k += 1
    return k


KERNELS = Kernels(legal=legal, is_legal=is_legal, apply=apply, playout=playout)


# ---------------------------------------------------------------- the Game
class Throngs(Game):
    """Throngs on the original board, the large board, or a regular hexhex board."""

    name: ClassVar[str] = "throngs"
    title: ClassVar[str] = "Throngs"
    colours: ClassVar[tuple[str, str]] = ("Black", "White")
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option(
            "board", "choice", "original", "original (93 sites), large (177) or hex", choices=BOARDS
        ),
        Option(
            "size",
            "int",
            None,
            "side of the hex board (with --board hex; default 5)",
            minimum=2,
            maximum=12,
        ),
        Option(
            "setup",
            "choice",
            "choose",
            "choose (the first player places the three first stones, the second picks a colour) "
            "or standard (fixed stones and colours; original board only)",
            choices=SETUPS,
        ),
        Option(
            "no_stalling",
            "flag",
            False,
            "each player must deploy or capture at least once in any three consecutive moves "
            "of theirs",
        ),
        Option(
            "repetition",
            "choice",
            "third",
            "third (a position met a third time at the start of a turn leaves the player to "
            "move no move) or off",
            choices=REPETITIONS,
        ),
    )
    special_actions: ClassVar[tuple[str, ...]] = ("stop", "black", "white")
    #: With ``repetition`` off nothing ends a game that goes round a cycle (a capture and a
    #: dispatch back and forth, even with ``no_stalling``); random games normally end within
    #: about a thousand actions on the large board. Self-play counts a game still going after
    #: this many actions as unfinished.
    selfplay_cap: ClassVar[int | None] = 100_000
    #: The repetition table grows when full (:mod:`.layout`): every position since the last
    #: deploy is kept, however long ago.
    grows: ClassVar[bool] = True
    move_separator: ClassVar[str] = ","
    #: Joins a move's selected site and its dispatch destination (or ``stop``) in move text.
    dispatch_mark: ClassVar[str] = "-"

    @classmethod
    def check_options(cls, options: dict[str, Any]) -> None:
        """Size only for hex boards (default 5); the standard set-up only on the original board."""
        if options["board"] == "hex":
            if options["size"] is None:
                options["size"] = 5
        elif options["size"] is not None:
            raise OptionError(
                f"option size is for board hex only; the {options['board']} board has a fixed shape"
            )
        if options["setup"] == "standard" and options["board"] != "original":
            raise OptionError(
                "the standard set-up is defined for the original board only; use setup choose "
                f"on the {options['board']} board"
            )

    def record_tags(self) -> dict[str, str]:
        """The options that shape the game (size only on hex boards)."""
        tags = {"board": self.options["board"]}
        if self.options["board"] == "hex":
            tags["size"] = str(self.options["size"])
        tags["setup"] = self.options["setup"]
        tags["no_stalling"] = "yes" if self.options["no_stalling"] else "no"
        tags["repetition"] = self.options["repetition"]
        return tags

    def setup(self) -> None:
        """Build the board and the constant table."""
        self.board = board_for(self.options)
        if self.board.size % 2 == 0:  # pragma: no cover - every board offered is odd
            raise BoardError(f"{self.board.description} has an even number of sites")
        self.consts = consts_for(
            self.board, bool(self.options["no_stalling"]), self.options["repetition"]
        )
        self.kernels = KERNELS
        self._start = initial_array(self.board, self.options["setup"], self.consts)

    def initial_array(self) -> Array:
        """The set-up (first player to place stones), or the standard set-up with Black to move."""
        return self._start.copy()

    def spare_turns(self, arr: Array) -> int:
        """Positions the repetition table of ``arr`` can still record: at least as many
        actions may be applied before it needs room (:func:`.layout.spare_turns`)."""
        return spare_turns(self.consts, arr)

    def with_room(self, arr: Array, turns: int = 1, *, exact: bool = False) -> Array:
        """``arr``, or a copy whose repetition table can record ``turns`` more positions: its
        capacity doubled as often as needed, or (``exact``) just enough. The same position:
        the entries after the table's recorded positions are unused."""
        spare = self.spare_turns(arr)
        if spare >= turns:
            return arr
        t = table_start(self.consts)
        cap = (arr.shape[0] - t) // 2
        used = cap - spare
        if exact:
            new = used + turns
        else:
            new = max(cap, 1)
            while new - used < turns:
                new *= 2
        out = np.zeros(t + 2 * new, dtype=np.int32)
        out[: arr.shape[0]] = arr
        return out

    # -- actions and text ------------------------------------------------
    @property
    def num_distinct_actions(self) -> int:
        """Sites (select), destinations, ``stop``, ``black`` and ``white``."""
        return 2 * self.board.size + 3

    @property
    def stop_action(self) -> int:
        """The ``stop`` action (keep the deployed stone where it is)."""
        return 2 * self.board.size

    def destination_action(self, site: int) -> int:
        """The action that dispatches the selected stone to ``site``."""
        return self.board.size + site

    def action_text(self, action: int) -> str:
        """``c4`` (select or place), ``-c4`` (destination), ``stop``, ``black`` or ``white``."""
        n = self.board.size
        if isinstance(action, int | np.integer) and not isinstance(action, bool):
            a = int(action)
            if 0 <= a < n:
                return self.board.names[a]
            if n <= a < 2 * n:
                return self.dispatch_mark + self.board.names[a - n]
            if 2 * n <= a < 2 * n + 3:
                return self.special_actions[a - 2 * n]
        raise NotationError(
            f"{action!r} is not an action of {self.name} (0..{self.num_distinct_actions - 1})"
        )

    def parse_action(self, text: str) -> int:
        """The action written ``text``: ``c4``, ``-c4``, ``stop``, ``black`` or ``white``."""
        t = text.strip().lower()
        n = self.board.size
        if t.startswith(self.dispatch_mark):
            t = t[len(self.dispatch_mark) :].strip()
            if t == "stop":
                return 2 * n
            try:
                return n + self.board.parse(t)
            except CellNameError as exc:
                raise NotationError(f"a dispatch destination is '-' and a site: {exc}") from None
        if t in self.special_actions:
            return 2 * n + self.special_actions.index(t)
        try:
            return self.board.parse(t)
        except CellNameError as exc:
            raise NotationError(
                f"{exc}; or a destination like -c4, or one of: stop, black, white"
            ) from None

    def move_text(self, actions: Sequence[int]) -> str:
        """A turn as its moves: ``c4-e6,d5-stop,f2`` (destinations and stop joined by ``-``)."""
        n = self.board.size
        out: list[str] = []
        for a in actions:
            a = int(a)
            if n <= a <= 2 * n and out:
                out[-1] += self.dispatch_mark + ("stop" if a == 2 * n else self.board.names[a - n])
            else:
                out.append(self.action_text(a))
        return self.move_separator.join(out)

    def parse_move(self, text: str) -> list[int]:
        """The actions of a turn written as :meth:`move_text` writes it (or one action)."""
        a = self.action_lookup.get(text.strip().lower())
        if a is not None:
            return [a]
        moves = [p.strip() for p in text.strip().split(self.move_separator)]
        if not any(moves):
            raise NotationError("an empty move")
        out: list[int] = []
        for mv in moves:
            if not mv:
                sep = self.move_separator
                raise NotationError(f"{text!r} has an empty move between two '{sep}'")
            parts = mv.split(self.dispatch_mark)
            if parts[0].strip():
                out.append(self.parse_action(parts[0]))
            elif len(parts) == 1:
                raise NotationError(f"{mv!r} is not a move")
            for p in parts[1:]:
                if not p.strip():
                    raise NotationError(f"{mv!r}: nothing after '{self.dispatch_mark}'")
                out.append(self.parse_action(self.dispatch_mark + p))
        return out

    # -- positions --------------------------------------------------------
    def position(
        self,
        black: Iterable[str],
        white: Iterable[str],
        *,
        to_move: str = "Black",
        dispatches: tuple[int, int] = (0, 0),
    ) -> State:
        """A state (without history) with the given stones, ``to_move`` about to begin a turn.

        For analysis and tests: the set-up is over (the first player plays Black), and
        ``dispatches`` gives how many moves in a row each colour has just dispatched (what
        ``no_stalling`` looks at). If the colour to move has no move, the game ends at once, as
        the rules say, with the other player's fill and captures.
        """
        names = {"black": 0, "white": 1}
        if to_move.strip().lower() not in names:
            raise OptionError(f"to_move is Black or White, not {to_move!r}")
        if any(k not in (0, 1, 2) for k in dispatches) or len(dispatches) != 2:
            raise OptionError(f"dispatches are two counts of 0, 1 or 2, not {dispatches!r}")
        try:
            b = [self.board.parse(s) for s in black]
            w = [self.board.parse(s) for s in white]
        except CellNameError as exc:
            raise NotationError(str(exc)) from None
        if len(set(b + w)) != len(b) + len(w):
            raise OptionError("a site is listed twice")
        arr = initial_array(self.board, "choose", self.consts)
        for x in b:
            _add_stone(self.consts, arr, x, 0)
        for x in w:
            _add_stone(self.consts, arr, x, 1)
        arr[H_SWAPPED] = 0
        arr[S_STALL] = dispatches[0]
        arr[S_STALL + 1] = dispatches[1]
        _start_turn(self.consts, arr, names[to_move.strip().lower()])
        return State(self, arr)

    # -- reading positions -------------------------------------------------
    def site_contents(self, arr: Array) -> Array:
        """Per site: 0 empty, 1 Black, 2 White."""
        n = self.board.size
        return np.asarray(arr[BASE : BASE + n]).copy()

    def potential(self, arr: Array, site: int, colour: int) -> int:
        """Action potential of ``site`` for ``colour`` (0 Black, 1 White) in position ``arr``."""
        return int(_potential(self.consts, arr, site, colour))

    def stones(self, arr: Array) -> tuple[int, int]:
        """Stones of Black and White on the board."""
        return int(arr[S_STONES]), int(arr[S_STONES + 1])

    def phase(self, arr: Array) -> str:
        """What the player to act decides now, in words."""
        ph = int(arr[S_PHASE])
        if arr[H_PLAYER] < 0:
            return "game over"
        if ph == P_SETUP_BLACK:
            return "set-up: place the Black stone"
        if ph in (P_SETUP_WHITE1, P_SETUP_WHITE2):
            return f"set-up: place White stone {ph}"
        if ph == P_CHOOSE:
            return "choose a colour: black or white"
        move = int(arr[S_MOVE]) + 1
        if ph == P_SELECT:
            return f"move {move} of 2: select a site"
        site = self.board.names[int(arr[S_SEL])]
        budget = int(arr[S_BUDGET])
        if ph == P_DISPATCH:
            return f"move {move} of 2: dispatch {site} (budget {budget}): choose a destination"
        return (
            f"move {move} of 2: deployed at {site}; dispatch it (budget {budget}) "
            "to a destination, or stop"
        )

    def outcome_of(self, arr: Array) -> Outcome:
        """Winner by majority of stones after the end-of-game fill and captures."""
        wc = int(arr[H_WINNER])
        seat = wc ^ int(arr[H_SWAPPED])
        b, w = self.stones(arr)
        stuck = int(arr[S_NOMOVE])
        filler = self.colours[stuck ^ 1]
        filled = int(arr[S_FILLED])
        captured = int(arr[S_CAPTURED])
        details: dict[str, Any] = {
            "no_move": self.colours[stuck],
            "filled_by": filler,
            "filled": filled,
            "captured": captured,
        }
        why = f"{self.colours[stuck]} had no move"
        if int(arr[H_REASON]) == REASON_REPETITION:
            why = (
                f"the position came a third time with {self.colours[stuck]} to move, so "
                f"{self.colours[stuck]} had no move"
            )
            details["repetition"] = True
        return Outcome(
            winner=seat,
            winner_colour=self.colours[wc],
            reason=(
                f"{why}; {filler} filled {filled} empty "
                f"site{'s' if filled != 1 else ''} and captured {captured} "
                f"stone{'s' if captured != 1 else ''}; Black {b}, White {w}"
            ),
            score={"Black": b, "White": w},
            details=details,
        )

    def cell_view(self, arr: Array) -> list[str]:
        """``B`` or ``W`` for a stone, ``.`` for an empty site."""
        return [".BW"[v] for v in self.site_contents(arr)]

    def render(self, arr: Array, *, coordinates: bool = True) -> str:
        """The board: ``B``/``W`` stones, ``.`` empty sites, a selected stone in lower case."""
        glyphs = self.cell_view(arr)
        if arr[H_PLAYER] >= 0 and arr[S_PHASE] in (P_DISPATCH, P_AFTER_DEPLOY):
            sel = int(arr[S_SEL])
            glyphs[sel] = glyphs[sel].lower()
        b, w = self.stones(arr)
        head = (
            f"Throngs, {self.board.description}: Black {b}, White {w}, "
            f"turn {int(arr[H_TURN]) + 1}; {self.phase(arr)}"
        )
        return head + "\n" + self.board.render(glyphs, coordinates=coordinates)

    def describe_board(self) -> str:
        """The empty board with coordinates, its size and its symmetries."""
        b = self.board
        return (
            f"Throngs: {b.description}, {b.size} sites, {len(b.adjacency)} adjacencies, "
            f"{len(b.edge)} on the edge\n" + b.render(["."] * b.size)
        )

    def explain_illegal(self, arr: Array, a: int) -> str:
        """Why an action is refused, in the sheet's words."""
        n = self.board.size
        ph = int(arr[S_PHASE])
        if ph <= P_SETUP_WHITE2:
            return (
                "during the set-up, stones go on empty sites"
                if a < n
                else ("the set-up places stones: name an empty site")
            )
        if ph == P_CHOOSE:
            return "the second player now chooses a colour: black or white"
        if ph == P_SELECT:
            if a >= n:
                return "a move starts by selecting a site"
            c = int(arr[H_COLOUR])
            v = int(arr[BASE + a])
            p = self.potential(arr, a, c)
            if v == 0:
                return f"a deploy needs action potential at least 1; {self.board.names[a]} has {p}"
            if v == c + 1:
                if p < 1:
                    return f"a dispatch needs action potential at least 1; it is {p} here"
                if self.options["no_stalling"] and arr[S_STALL + c] >= 2:
                    return (
                        "no stalling: after two dispatches in a row a player must deploy or capture"
                    )
                return f"the stone cannot leave with a budget of {p}"
            return f"a capture needs action potential at least 2; {self.board.names[a]} has {p}"
        if a == 2 * n:
            return "stop ends a deploy; a dispatched stone must leave its site"
        if a < n:
            return (
                f"choose a destination for the stone on {self.board.names[int(arr[S_SEL])]}, "
                f"written with a dash, like -{self.board.names[a]}"
            )
        if a < 2 * n:
            return (
                f"no path of cost at most {int(arr[S_BUDGET])} reaches "
                f"{self.board.names[a - n]} without visiting a site twice"
            )
        return "the colour choice comes once, after the set-up"


GAME = Throngs
