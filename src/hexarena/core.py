"""The game API shared by all five games: options, errors, outcomes, ``Game`` and ``State``.

Every game keeps its whole position in one small NumPy ``int32`` array whose first
:data:`HEADER` entries have the same meaning in every game (who is to act, the colour mapping
after a swap, turn and action counters, the winner). The rules are compiled kernels over that
array, supplied by each game as a :class:`Kernels` bundle; the header's layout, the swap, the
bundle, :class:`Outcome` and the compiled replay drivers live in :mod:`hexarena.header` and are
re-exported here. :class:`State` adds everything that is the same for all games: validation,
history, cheap undo through checkpoints, resignation, move text, and bulk replay for long
records.

Actions are dense integers ``0 .. num_distinct_actions-1`` (a cell index plus a few specials).
A *turn* (or *move*) is one player's consecutive actions; the header's turn counter tells where
one turn ends.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from .errors import (
    GameOverError,
    HexArenaError,
    IllegalActionError,
    NotationError,
    OptionError,
    UnknownGameError,
    WrongTypeError,
)
from .gametext import GameText
from .header import (
    CHECKPOINT_EVERY,
    H_COLOUR,
    H_EXTRA,
    H_PLAYER,
    H_PLY,
    H_REASON,
    H_SWAPPED,
    H_TURN,
    H_WINNER,
    HEADER,
    Array,
    Kernels,
    Outcome,
    apply_swap,
    plain,
    replay_checked,
    replay_unchecked,
    swap_offered,
)
from .limits import ECHO_LIMIT, cut, cut_repr
from .options import Option


# ---------------------------------------------------------------- Game
class Game(GameText):
    """A game with its options fixed: rules, board and the conversions between actions and text
    (the text, options included, is :class:`hexarena.gametext.GameText`'s).

    Subclasses set the class attributes and implement :meth:`initial_array`, :meth:`outcome_of`,
    :meth:`render` and (if actions are not just cells plus named specials) the action text
    methods. Build games with :func:`hexarena.new_game`.
    """

    title: ClassVar[str] = ""
    colours: ClassVar[tuple[str, str]] = ("", "")
    #: For games whose rules allow endless play: the most actions a random self-play game may
    #: take; a game still going then is counted as unfinished. ``None``: play every game out.
    selfplay_cap: ClassVar[int | None] = None
    #: Whether a game's state array may need more room as the game goes on (Throngs keeps every
    #: position since the last deploy for its repetition rule). Whatever applies the kernels
    #: then asks :meth:`spare_turns` before applying actions and gives the array room with
    #: :meth:`with_room` (:class:`State` does it; so do the search, self-play and the batched
    #: environments, in their own ways).
    grows: ClassVar[bool] = False

    kernels: Kernels
    #: Constant tables the kernels read (board neighbours and the like), built in :meth:`setup`.
    consts: Array

    def __init__(self, **options: Any) -> None:
        self.options = self.parse_options(options)
        self.setup()

    # -- subclass hooks ------------------------------------------------
    def setup(self) -> None:
        """Build the board and the kernels from ``self.options``."""
        raise NotImplementedError

    def initial_array(self) -> Array:
        """The state array of the starting position."""
        raise NotImplementedError

    def spare_turns(self, arr: Array) -> int:
        """How many actions the kernels may apply to ``arr`` before it needs more room
        (:attr:`grows`; a very large number for a game whose array never grows)."""
        return 1 << 62

    def with_room(self, arr: Array, turns: int = 1, *, exact: bool = False) -> Array:
        """``arr`` itself if it has room for ``turns`` more actions, else a longer copy that
        has (:attr:`grows`): the same position. Without ``exact`` the room doubles (so that the
        size of an array depends only on the game's actions, whichever driver applied them);
        with it, the copy has just the room asked for."""
        return arr

    def outcome_of(self, arr: Array) -> Outcome:
        """The outcome of a finished position (``arr[H_WINNER] >= 0``)."""
        raise NotImplementedError

    def render(self, arr: Array, *, coordinates: bool = True) -> str:
        """An ASCII picture of a position with coordinates, and a line saying whose turn it is."""
        raise NotImplementedError

    def describe_board(self) -> str:
        """A picture of the empty board with coordinates, for ``hexarena board``."""
        b = self.board
        return f"{self.title}: {b.description}, {b.size} cells\n" + b.render(["."] * b.size)

    def board_json_extra(self) -> dict[str, Any]:
        """Game-specific additions to ``hexarena board --json`` (for example exits or classes)."""
        return {}

    def cell_view(self, arr: Array) -> list[str]:
        """Each cell's content as a short code, for drawing the position (the web app uses it).

        ``"."`` is an empty cell; otherwise the first character is the upper-case initial of the
        colour of the stone on it (``"R"`` for Red, ``"W"`` for White, ...), and any further
        characters are a label to write on it.
        """
        raise NotImplementedError

    @classmethod
    def from_record_tags(cls, tags: dict[str, str]) -> Game:
        """Rebuild a game from a record's tags (those written by :meth:`record_tags`)."""
        names = {o.name for o in cls.option_specs}
        return cls(**{k: v for k, v in tags.items() if k in names})

    # -- states --------------------------------------------------------
    def new_initial_state(self) -> State:
        """A fresh game from the starting position."""
        return State(self)

    def state_from_moves(self, moves: str | Iterable[str]) -> State:
        """A state reached by whole moves given as text (whitespace-separated, or a list)."""
        st = self.new_initial_state()
        items = moves.split() if isinstance(moves, str) else list(moves)
        for m in items:
            st.apply_move(m)
        return st

    def colour_name(self, colour: int) -> str:
        """Name of colour index 0 or 1."""
        return self.colours[colour]

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"new_game({self.name!r}{', ' if opts else ''}{opts})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Game)
            and other.name == self.name
            and other.record_tags() == self.record_tags()
        )

    def __hash__(self) -> int:
        return hash((self.name, tuple(sorted(self.record_tags().items()))))


# ---------------------------------------------------------------- State
#: Up to this many actions given at once, :meth:`State.apply_actions` checks and applies them
#: through the game's kernels from Python (a few milliseconds) rather than through
#: :func:`~hexarena.header.replay_checked`, compiled once in every process that uses it (0.2 to
#: 1.2 s a game; it takes the kernels as arguments, so Numba cannot keep it on disk).
SHORT_REPLAY = 4_096


class State:
    """A position and its history: validated actions, undo, move text, resignation.

    The position itself is ``state.array`` (read it, don't write it). History is kept as the
    list of actions plus a snapshot every :data:`CHECKPOINT_EVERY` actions, so a game of a
    million actions costs a few megabytes and undo replays at most a few hundred actions in
    compiled code.
    """

    __slots__ = ("_arr", "_ckpt", "_ends", "_hist", "_n", "_resigned", "game")

    def __init__(self, game: Game, _arr: Array | None = None) -> None:
        self.game = game
        self._arr: Array = game.initial_array() if _arr is None else _arr
        self._hist: Array = np.empty(64, dtype=np.int32)
        self._ends: npt.NDArray[np.uint8] = np.empty(64, dtype=np.uint8)
        self._n = 0
        self._ckpt: list[Array] = [self._arr.copy()]
        self._resigned: int | None = None

    # -- reading -------------------------------------------------------
    @property
    def array(self) -> Array:
        """The state array (a view: do not modify)."""
        v = self._arr.view()
        v.flags.writeable = False
        return v

    @property
    def current_player(self) -> int:
        """The seat whose decision it is (0 = first player), or -1 when the game is over."""
        if self._resigned is not None:
            return -1
        return int(self._arr[H_PLAYER])

    @property
    def to_move(self) -> int:
        """The colour index to act (0 = the colour that starts), or -1 (set-up, or game over)."""
        if self.current_player < 0:
            return -1
        return int(self._arr[H_COLOUR])

    @property
    def to_move_name(self) -> str:
        """A person's description of who acts now."""
        seat = self.current_player
        if seat < 0:
            return "nobody (the game is over)"
        c = self.to_move
        who = f"player {seat + 1}"
        return f"{self.game.colours[c]} ({who})" if c >= 0 else who

    def seat_colour(self, seat: int) -> int:
        """The colour index played by ``seat`` (after any swap), or -1 before colours are chosen."""
        sw = int(self._arr[H_SWAPPED])
        return -1 if sw < 0 else seat ^ sw

    @property
    def swapped(self) -> bool:
        """Whether the two players traded colours."""
        return bool(self._arr[H_SWAPPED] == 1)

    @property
    def turn(self) -> int:
        """Number of completed turns."""
        return int(self._arr[H_TURN])

    @property
    def ply(self) -> int:
        """Number of actions applied."""
        return self._n

    @property
    def history(self) -> list[int]:
        """All actions applied so far, in order."""
        return self._hist[: self._n].tolist()

    def history_array(self) -> Array:
        """All actions applied so far, as a NumPy array (a copy)."""
        return self._hist[: self._n].copy()

    def turn_ends(self) -> npt.NDArray[np.bool_]:
        """For each action so far, whether it completed a turn."""
        return self._ends[: self._n].astype(bool)

    @property
    def turn_just_ended(self) -> bool:
        """Whether the last action completed a turn (``False`` before the first action); the
        last entry of :meth:`turn_ends` without copying them all."""
        return self._n > 0 and bool(self._ends[self._n - 1])

    def moves(self) -> list[list[int]]:
        """The actions grouped by turn (the last group may be an unfinished turn)."""
        return self.turns_from(0)

    def turns_from(self, ply: int) -> list[list[int]]:
        """The actions from action ``ply`` on, grouped by turn (the last group may be an
        unfinished turn): the turns since an earlier position, at a cost that grows with their
        number only. ``ply`` must begin a turn (0, or just after an action that ended one)."""
        if not (_is_integer(ply) and 0 <= ply <= self._n) or (ply and not self._ends[ply - 1]):
            raise HexArenaError(
                f"action {cut_repr(ply)} does not begin a turn of this game "
                f"({self._n} actions so far)"
            )
        out: list[list[int]] = []
        cur: list[int] = []
        hist = self._hist[ply : self._n].tolist()
        ends = self._ends[ply : self._n].tolist()
        for a, e in zip(hist, ends, strict=True):
            cur.append(a)
            if e:
                out.append(cur)
                cur = []
        if cur:
            out.append(cur)
        return out

    def move_texts(self) -> list[str]:
        """Text of every turn so far."""
        if self._n and self._ends[: self._n].all() and type(self.game).move_text is Game.move_text:
            texts = self.game.action_texts
            return [texts[a] for a in self._hist[: self._n].tolist()]
        return [self.game.move_text(m) for m in self.moves()]

    @property
    def turn_actions(self) -> list[int]:
        """Actions already taken in the turn under way (empty at the start of a turn)."""
        return self._hist[self._turn_start(self._n) : self._n].tolist()

    def last_turn(self) -> list[int]:
        """The actions of the last turn begun: the turn under way, else the last whole turn
        (empty before the first action)."""
        if self._n == 0:
            return []
        return self._hist[self._turn_start(self._n - 1) : self._n].tolist()

    def _turn_start(self, k: int) -> int:
        """The first action of the turn that holds action ``k`` (``k`` itself when a turn
        ended just before it)."""
        while k > 0 and not self._ends[k - 1]:
            k -= 1
        return k

    def is_terminal(self) -> bool:
        """Whether the game is over (won, or resigned)."""
        return self._resigned is not None or bool(self._arr[H_PLAYER] < 0)

    def outcome(self) -> Outcome | None:
        """The outcome once the game is over, else ``None``."""
        if self._resigned is not None:
            loser = self._resigned
            winner = 1 - loser
            wc = self.seat_colour(winner)
            lc = self.seat_colour(loser)
            loser_name = self.game.colours[lc] if lc >= 0 else f"player {loser + 1}"
            return Outcome(
                winner=winner,
                winner_colour=self.game.colours[wc] if wc >= 0 else f"player {winner + 1}",
                reason=f"{loser_name} resigned",
                details={"resigned": loser},
            )
        if self._arr[H_PLAYER] >= 0:
            return None
        return self.game.outcome_of(self._arr)

    def legal_actions(self) -> list[int]:
        """The legal actions now, ascending (empty when the game is over)."""
        if self.is_terminal():
            return []
        return self.game.kernels.legal(self.game.consts, self._arr).tolist()

    def legal_action_texts(self) -> list[str]:
        """The legal actions now, as text."""
        return [self.game.action_text(a) for a in self.legal_actions()]

    def is_legal(self, action: int) -> bool:
        """Whether ``action`` is legal now."""
        if self.is_terminal() or not _is_integer(action):
            return False
        if not 0 <= int(action) < self.game.num_distinct_actions:
            return False
        return bool(self.game.kernels.is_legal(self.game.consts, self._arr, int(action)))

    # -- acting --------------------------------------------------------
    def _resolve(self, action: int | str) -> int:
        if isinstance(action, str):
            try:
                return self.game.parse_action(action)
            except NotationError as exc:  # a game's message may repeat the text in full
                raise NotationError(cut(str(exc), 2 * ECHO_LIMIT)) from None
        if not _is_integer(action):
            raise WrongTypeError(f"an action is an integer or its text, not {cut_repr(action)}")
        return int(action)

    def _refuse(self, a: int) -> IllegalActionError:
        n = self.game.num_distinct_actions
        if not 0 <= a < n:
            return IllegalActionError(f"{a} is not an action of {self.game.name} (0..{n - 1})")
        legal = self.legal_action_texts()
        shown = ", ".join(legal[:12]) + (f" ... ({len(legal)} in all)" if len(legal) > 12 else "")
        why = (
            self.game.explain_illegal(self._arr, a) if hasattr(self.game, "explain_illegal") else ""
        )
        return IllegalActionError(
            f"{self.game.action_text(a)} is not legal now{': ' + why if why else ''}; "
            f"{self.to_move_name} may play: {shown}"
        )

    def apply(self, action: int | str) -> None:
        """Apply one action (an integer or its text) after checking it is legal.

        Raises :class:`GameOverError`, :class:`NotationError` or :class:`IllegalActionError`
        and leaves the state unchanged when the action cannot be taken.
        """
        if self.is_terminal():
            raise GameOverError("the game is over; no more actions can be taken")
        a = self._resolve(action)
        g = self.game
        if not (0 <= a < g.num_distinct_actions) or not g.kernels.is_legal(g.consts, self._arr, a):
            raise self._refuse(a)
        if g.grows:
            self._spare()
        turn = self._arr[H_TURN]
        g.kernels.apply(g.consts, self._arr, a)
        self._push(a, bool(self._arr[H_TURN] != turn))

    def _push(self, a: int, ends: bool) -> None:
        if self._n == self._hist.shape[0]:
            self._hist = np.concatenate([self._hist, np.empty_like(self._hist)])
            self._ends = np.concatenate([self._ends, np.empty_like(self._ends)])
        self._hist[self._n] = a
        self._ends[self._n] = ends
        self._n += 1
        if self._n % CHECKPOINT_EVERY == 0:
            self._ckpt.append(self._arr.copy())

    def apply_move(self, move: str | Sequence[int], *, complete: bool = True) -> list[int]:
        """Apply a whole turn, given as move text or a list of actions, all or nothing.

        The actions must make exactly one complete turn of the player to move (a turn already
        under way may be finished this way too). With ``complete=False`` they may stop short of
        the end of the turn, for building a turn in several steps. On any error the state is
        left as it was.
        """
        if self.is_terminal():
            raise GameOverError("the game is over; no more moves can be made")
        if isinstance(move, str):
            try:
                actions = self.game.parse_move(move)
            except NotationError as exc:
                raise NotationError(cut(str(exc), 2 * ECHO_LIMIT)) from None
        elif isinstance(move, Sequence | np.ndarray) and not isinstance(move, bytes | bytearray):
            actions = [self._resolve(a) for a in move]
        else:
            raise WrongTypeError(
                f"a move is its text or a list of actions, not {type(move).__name__} "
                f"{cut_repr(move)}"
            )
        if not actions:
            raise NotationError("an empty move")
        text = cut(move) if isinstance(move, str) else cut(_safe_move_text(self.game, actions))
        start = self._n
        try:
            for i, a in enumerate(actions):
                if i and self._ends[self._n - 1]:
                    raise IllegalActionError(
                        f"move {text!r}: the turn ended after "
                        f"{self.game.move_text(actions[:i])}; "
                        f"{self.game.move_text(actions[i:])} is too much"
                    )
                try:
                    self.apply(a)
                except GameOverError:
                    raise IllegalActionError(
                        f"move {text!r}: the game ended after {self.game.move_text(actions[:i])}"
                    ) from None
                except IllegalActionError as exc:
                    raise IllegalActionError(f"move {text!r}: {exc}") from None
            if complete and not self._ends[self._n - 1] and not self.is_terminal():
                more = self.legal_action_texts()
                raise IllegalActionError(
                    f"move {text!r} is not a whole turn: {self.to_move_name} must go on with "
                    f"one of: {', '.join(more[:12])}{' ...' if len(more) > 12 else ''}"
                )
        except HexArenaError:
            self._truncate(start)
            raise
        return actions

    def apply_actions(self, actions: Sequence[int] | Array) -> None:
        """Apply many actions at once in compiled code, validating every one (all or nothing).

        Raises :class:`IllegalActionError` naming the index of the first bad action.
        """
        given, acts = self._action_array(actions)
        if self._resigned is not None and len(acts):
            raise GameOverError("the game is over; no more actions can be taken")
        start = self._n
        k = self.game.kernels
        # a short list goes through the kernels from Python: the compiled driver takes them as
        # arguments, so Numba cannot keep it on disk, and each process would compile it again
        checked = replay_checked if len(acts) > SHORT_REPLAY else plain(replay_checked)
        out_of_range = np.flatnonzero(acts < 0)
        limit = int(out_of_range[0]) if len(out_of_range) else len(acts)
        bad = -1
        pos = 0
        while pos < limit:
            room = CHECKPOINT_EVERY - (self._n % CHECKPOINT_EVERY)
            room = min(room, self._spare())
            chunk = acts[pos : min(pos + room, limit)]
            ends = np.zeros(len(chunk), dtype=np.uint8)
            found = int(checked(k.is_legal, k.apply, self.game.consts, self._arr, chunk, ends))
            upto = len(chunk) if found < 0 else found
            self._extend(chunk[:upto], ends[:upto])
            if found >= 0:
                bad = pos + found
                break
            pos += upto
        if bad < 0 and limit < len(acts):
            bad = limit
        if bad >= 0:
            a = int(given[bad])
            exc: HexArenaError = (
                GameOverError("the game was already over")
                if self.is_terminal()
                else self._refuse(a)
            )
            self._truncate(start)
            raise IllegalActionError(
                f"action {bad} ({_safe_text(self.game, a)}): {exc}", index=bad, detail=str(exc)
            )

    def _action_array(self, actions: Any) -> tuple[Any, Array]:
        """The given actions (for messages) and an ``int32`` array of them with every value out
        of range replaced by -1; ``TypeError`` for anything that is not a flat sequence of
        integers or action texts, :class:`NotationError` for unreadable text."""
        nact = self.game.num_distinct_actions
        if isinstance(actions, np.ndarray):
            if actions.ndim != 1:
                raise NotationError("actions must be a flat sequence of integers")
            if actions.dtype.kind in "iu":
                bad = (actions < 0) | (actions >= nact)
                acts = np.where(bad, -1, actions).astype(np.int32)
                return actions, np.ascontiguousarray(acts)
            if actions.dtype.kind != "O":
                raise WrongTypeError(
                    f"actions are integers or their text, not an array of {actions.dtype}"
                )
        elif not isinstance(actions, Sequence) or isinstance(actions, str | bytes | bytearray):
            raise WrongTypeError(
                f"actions are a sequence of integers or their text, not {type(actions).__name__} "
                f"{cut_repr(actions)}"
            )
        given = list(actions)
        values = np.empty(len(given), dtype=np.int32)
        for i, a in enumerate(given):
            if isinstance(a, str):
                try:
                    a = given[i] = self.game.parse_action(a)
                except NotationError as exc:
                    raise NotationError(f"action {i}: {cut(str(exc), 2 * ECHO_LIMIT)}") from None
            if not _is_integer(a):
                raise WrongTypeError(
                    f"action {i}: an action is an integer or its text, not {cut_repr(a)}"
                )
            values[i] = a if 0 <= a < nact else -1
        return given, values

    def _extend(self, actions: Array, ends: npt.NDArray[np.uint8]) -> None:
        """Append actions already applied to the array (at most up to the next checkpoint)."""
        m = self._n + len(actions)
        if m > self._hist.shape[0]:
            size = max(m, 2 * self._hist.shape[0])
            grow = size - self._hist.shape[0]
            self._hist = np.concatenate([self._hist, np.empty(grow, np.int32)])
            self._ends = np.concatenate([self._ends, np.empty(grow, np.uint8)])
        self._hist[self._n : m] = actions
        self._ends[self._n : m] = ends
        self._n = m
        if len(actions) and self._n % CHECKPOINT_EVERY == 0:
            self._ckpt.append(self._arr.copy())

    def _truncate(self, n: int) -> None:
        """Go back to the position after the first ``n`` actions."""
        if n == self._n:
            return
        base = n // CHECKPOINT_EVERY
        del self._ckpt[base + 1 :]
        ckpt = self._ckpt[base]
        if ckpt.shape == self._arr.shape:
            self._arr[:] = ckpt
        else:  # the array grew after the snapshot
            self._arr = ckpt.copy()
        pos = base * CHECKPOINT_EVERY
        while pos < n:
            upto = min(n, pos + self._spare())
            # (at most CHECKPOINT_EVERY actions: from Python, as a short list is applied)
            plain(replay_unchecked)(
                self.game.kernels.apply, self.game.consts, self._arr, self._hist[pos:upto]
            )
            pos = upto
        self._n = n

    def _spare(self) -> int:
        """How many actions may be applied now (:attr:`Game.grows`), at least 1: the array
        is given room first if it has none."""
        g = self.game
        if not g.grows:
            return 1 << 62
        spare = g.spare_turns(self._arr)
        if spare < 1:
            self._arr = g.with_room(self._arr)
            spare = g.spare_turns(self._arr)
        return spare

    @contextmanager
    def trial(self, *, keep: bool = False) -> Iterator[State]:
        """Try actions on this state and take them all back at the end of the ``with`` block
        (or on an error): the position, history and resignation are as before. Cheaper than
        :meth:`copy` (which copies the whole history) and than :meth:`rewind` (which replays
        up to 256 actions from a checkpoint): only the position's array is kept aside. With
        ``keep``, the actions are kept when the block ends without an error and taken back only
        on one: all of them or none."""
        arr, n, ckpts, resigned = self._arr.copy(), self._n, len(self._ckpt), self._resigned
        try:
            yield self
        except BaseException:
            self._restore(arr, n, ckpts, resigned)
            raise
        if not keep:
            self._restore(arr, n, ckpts, resigned)

    def _restore(self, arr: Array, n: int, ckpts: int, resigned: int | None) -> None:
        """Put back the position, history length, checkpoints and resignation kept aside by
        :meth:`trial`."""
        if arr.shape == self._arr.shape:
            self._arr[:] = arr
        else:  # the array grew during the trial
            self._arr = arr
        self._n = n
        del self._ckpt[ckpts:]
        self._resigned = resigned

    def rewind(self, ply: int) -> None:
        """Go back to the position after the first ``ply`` actions (at most the ones taken),
        dropping the later ones and any resignation: one replay from the nearest checkpoint,
        however many actions are dropped."""
        if not (_is_integer(ply) and 0 <= ply <= self._n):
            raise HexArenaError(
                f"cannot rewind to action {cut_repr(ply)}: {self._n} actions so far"
            )
        self._resigned = None
        self._truncate(int(ply))

    def undo(self) -> int:
        """Take back the last action (or a resignation); return it (-1 for a resignation)."""
        if self._resigned is not None:
            self._resigned = None
            return -1
        if self._n == 0:
            raise IllegalActionError("nothing to undo: no action has been taken")
        a = int(self._hist[self._n - 1])
        self._truncate(self._n - 1)
        return a

    def undo_move(self) -> list[int]:
        """Take back the turn under way, or the last whole turn if none is under way."""
        if self._resigned is not None:
            self._resigned = None
            return []
        if self._n == 0:
            raise IllegalActionError("nothing to undo: no move has been made")
        taken = self.last_turn()
        self._truncate(self._n - len(taken))
        return taken

    def resign(self, seat: int | None = None) -> None:
        """The given seat (default: the one to act) resigns; the other wins."""
        if self.is_terminal():
            raise GameOverError("the game is already over")
        if seat is not None and not _is_integer(seat):
            raise WrongTypeError(f"a seat is the integer 0 or 1, not {cut_repr(seat)}")
        s = self.current_player if seat is None else int(seat)
        if s not in (0, 1):
            raise HexArenaError(f"seat must be 0 or 1, not {cut_repr(seat)}")
        self._resigned = s

    @property
    def resigned(self) -> int | None:
        """The seat that resigned, if any."""
        return self._resigned

    # -- copying and text ------------------------------------------------
    def copy(self) -> State:
        """An independent copy (history included)."""
        st = State.__new__(State)
        st.game = self.game
        st._arr = self._arr.copy()
        st._hist = self._hist.copy()
        st._ends = self._ends.copy()
        st._n = self._n
        st._ckpt = list(self._ckpt)  # snapshots are never modified in place
        st._resigned = self._resigned
        return st

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, State)
            and other.game == self.game
            and other._n == self._n
            and np.array_equal(other._arr, self._arr)
            and np.array_equal(other._hist[: other._n], self._hist[: self._n])
            and other._resigned == self._resigned
        )

    __hash__ = None  # type: ignore[assignment]

    def picture(self, *, coordinates: bool = True) -> str:
        """ASCII picture of the position with coordinates and whose turn it is."""
        text = self.game.render(self._arr, coordinates=coordinates)
        o = self.outcome()
        if o is not None:
            text += f"\nGame over: {o.winner_colour} (player {o.winner + 1}) wins; {o.reason}."
        else:
            text += f"\n{self.to_move_name} to act."
        return text

    def __str__(self) -> str:
        return self.picture()

    def __repr__(self) -> str:
        status = "over" if self.is_terminal() else f"{self.to_move_name} to act"
        return f"<State {self.game!r} turn={self.turn} ply={self._n} {status}>"


def _is_integer(value: object) -> bool:
    """Whether ``value`` is a Python or NumPy integer (booleans are not)."""
    return isinstance(value, int | np.integer) and not isinstance(value, bool)


def _safe_move_text(game: Game, actions: Sequence[int]) -> str:
    try:
        return game.move_text(actions)
    except HexArenaError:
        return " ".join(map(str, actions))


def _safe_text(game: Game, a: int) -> str:
    try:
        return game.action_text(a)
    except HexArenaError:
        return str(a)


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
    "Game",
    "GameOverError",
    "HexArenaError",
    "IllegalActionError",
    "Kernels",
    "NotationError",
    "Option",
    "OptionError",
    "Outcome",
    "State",
    "UnknownGameError",
    "WrongTypeError",
    "apply_swap",
    "cut",
    "replay_checked",
    "replay_unchecked",
    "swap_offered",
]
