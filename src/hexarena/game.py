"""``Game``: one of the five games with its options fixed: its board, its compiled kernels, and
the conversions between actions and their text. Each game subclasses it (``games/<game>.py``);
:mod:`hexarena.core` adds :class:`~hexarena.core.State`, a position with its history, and
re-exports this class.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from .errors import (
    NotationError,
    OptionError,
    WrongTypeError,
)
from .header import (
    Array,
    Kernels,
    Outcome,
)
from .hexgrid import Board, CellNameError
from .limits import cut, cut_repr
from .options import Option

if TYPE_CHECKING:
    from .core import State


# ---------------------------------------------------------------- Game
class Game:
    """A game with its options fixed: rules, board and the conversions between actions and text.

    Subclasses set the class attributes and implement :meth:`initial_array`, :meth:`outcome_of`,
    :meth:`render` and (if actions are not just cells plus named specials) the action text
    methods. Build games with :func:`hexarena.new_game`.
    """

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    colours: ClassVar[tuple[str, str]] = ("", "")
    option_specs: ClassVar[tuple[Option, ...]] = ()
    #: Names of actions beyond the cells, in action order from ``board.size`` on.
    special_actions: ClassVar[tuple[str, ...]] = ()
    #: For games whose rules allow endless play: the most actions a random self-play game may
    #: take; a game still going then is counted as unfinished. ``None``: play every game out.
    selfplay_cap: ClassVar[int | None] = None
    #: Whether a game's state array may need more room as the game goes on (Throngs keeps every
    #: position since the last deploy for its repetition rule). Whatever applies the kernels
    #: then asks :meth:`spare_turns` before applying actions and gives the array room with
    #: :meth:`with_room` (:class:`State` does it; so do the search, self-play and the batched
    #: environments, in their own ways).
    grows: ClassVar[bool] = False

    board: Board
    kernels: Kernels
    #: Constant tables the kernels read (board neighbours and the like), built in :meth:`setup`.
    consts: Array

    def __init__(self, **options: Any) -> None:
        self.options: dict[str, Any] = self.parse_options(options)
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

    @classmethod
    def check_options(cls, options: dict[str, Any]) -> None:
        """Cross-option checks (for example, refusing even boards); raise :class:`OptionError`."""

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

    # -- options -------------------------------------------------------
    @classmethod
    def parse_options(cls, given: dict[str, Any]) -> dict[str, Any]:
        """Validate options by name, fill in defaults, and run the game's cross-checks."""
        specs = {o.name: o for o in cls.option_specs}
        unknown = [k for k in given if not isinstance(k, str) or k.replace("-", "_") not in specs]
        if unknown:
            known = ", ".join(specs) or "none"
            raise OptionError(
                f"{cls.name} has no option {cut(', '.join(map(cut_repr, unknown)))} "
                f"(its options: {known})"
            )
        spelt: dict[str, str] = {}
        for k in given:
            if k.replace("-", "_") in spelt:
                raise OptionError(
                    f"option {k.replace('-', '_')} is given twice, as {spelt[k.replace('-', '_')]}"
                    f" and as {k}: give it once"
                )
            spelt[k.replace("-", "_")] = k
        out: dict[str, Any] = {}
        for o in cls.option_specs:
            raw = given[spelt[o.name]] if o.name in spelt else None
            out[o.name] = o.default if raw is None else o.parse(raw)
        cls.check_options(out)
        return out

    def option_text(self) -> str:
        """The options as ``name=value`` text, for pictures and messages."""
        specs = {o.name: o for o in self.option_specs}
        return " ".join(
            f"{k}={specs[k].format(v)}" for k, v in self.options.items() if v is not None
        )

    def record_tags(self) -> dict[str, str]:
        """Tags that a record needs to rebuild this game exactly (options by default)."""
        specs = {o.name: o for o in self.option_specs}
        return {k: specs[k].format(v) for k, v in self.options.items()}

    @classmethod
    def from_record_tags(cls, tags: dict[str, str]) -> Game:
        """Rebuild a game from a record's tags (those written by :meth:`record_tags`)."""
        names = {o.name for o in cls.option_specs}
        return cls(**{k: v for k, v in tags.items() if k in names})

    # -- actions and text ---------------------------------------------
    @property
    def num_distinct_actions(self) -> int:
        """Size of the action space: the cells, then the special actions."""
        return self.board.size + len(self.special_actions)

    def action_text(self, action: int) -> str:
        """Text of one action: a cell name, or a special action's name."""
        n = self.board.size
        if 0 <= action < n:
            return self.board.names[action]
        k = action - n
        if 0 <= k < len(self.special_actions):
            return self.special_actions[k]
        raise NotationError(
            f"{action} is not an action of {self.name} (0..{self.num_distinct_actions - 1})"
        )

    def parse_action(self, text: str) -> int:
        """The action written ``text``; raises :class:`NotationError` naming what is wrong."""
        if not isinstance(text, str):
            raise WrongTypeError(f"an action's text is a str, not {cut_repr(text)}")
        t = text.strip().lower()
        if t in self.special_actions:
            return self.board.size + self.special_actions.index(t)
        try:
            return self.board.parse(t)
        except CellNameError as exc:
            specials = (
                f" or one of: {', '.join(self.special_actions)}" if self.special_actions else ""
            )
            raise NotationError(f"{exc}{specials}") from None

    #: Separator between the actions of one turn in move text.
    move_separator: ClassVar[str] = ","

    @functools.cached_property
    def action_texts(self) -> list[str]:
        """Text of every action, indexed by action (for fast formatting)."""
        return [self.action_text(a) for a in range(self.num_distinct_actions)]

    @functools.cached_property
    def action_lookup(self) -> dict[str, int]:
        """Action by its exact text (for fast parsing)."""
        return {t: a for a, t in enumerate(self.action_texts)}

    def move_text(self, actions: Sequence[int]) -> str:
        """Text of a whole turn from its actions."""
        return self.move_separator.join(self.action_text(a) for a in actions)

    def parse_move(self, text: str) -> list[int]:
        """The actions of a turn written ``text`` (context-free: each action's text is fixed)."""
        if not isinstance(text, str):
            raise WrongTypeError(f"a move's text is a str, not {cut_repr(text)}")
        a = self.action_lookup.get(text)
        if a is not None:
            return [a]
        parts = [p for p in text.strip().split(self.move_separator) if p.strip()]
        if not parts:
            raise NotationError("an empty move")
        return [self.parse_action(p) for p in parts]

    # -- states --------------------------------------------------------
    def new_initial_state(self) -> State:
        """A fresh game from the starting position."""
        from .core import State  # core builds on this module

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
