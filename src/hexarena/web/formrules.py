"""Options of the new-game form that apply only with another option's value.

Some options mean something only beside another's value: Throngs' ``size`` only with the hex
board (the game refuses it with the others, "option size is for board hex only"), its
``standard`` set-up only on the original board, Churn's ``size`` only while no irregular
``sides`` are given (the game refuses both), China Grove's ``islands`` and ``board_seed`` only
while no ``board`` is pasted (a pasted board brings its own islands, and the form's seed would
be recorded as the board's origin). The form shows such an option, or offers such a choice,
only when it applies, and sends only the options it shows; the server refuses an option sent
where it does not apply (the game's own checks), however it was sent.

:func:`form_option` adds to an option's description, for the form:

- ``applies``: ``{"option": NAME, "values": [...]}``: shown only while option ``NAME`` has one
  of the values (``""`` for "left empty"), and then with ``default`` as the game reads it
  there (Throngs' hex board: size 5);
- ``choices_apply``: ``{CHOICE: {"option": NAME, "values": [...]}}``: a choice offered only
  while option ``NAME`` has one of the values (else the option goes back to its default);
- ``choice_help``: ``{CHOICE: WORDS}`` for such an option: the form writes its help from the
  choices offered at the time (``choose (WORDS) or standard (WORDS)``), and names a choice not
  offered with what it needs, so the help never offers what the field does not.
"""

from __future__ import annotations

from typing import Any

from ..core import Game

#: (game, option): the option it depends on, and the values with which it applies ("" = empty).
APPLIES: dict[tuple[str, str], tuple[str, tuple[str, ...]]] = {
    ("throngs", "size"): ("board", ("hex",)),
    ("churn", "size"): ("sides", ("",)),
    ("china-grove", "islands"): ("board", ("",)),
    ("china-grove", "board_seed"): ("board", ("",)),
}
#: (game, option, choice): the option it depends on, and the values with which it is offered.
CHOICE_APPLIES: dict[tuple[str, str, str], tuple[str, tuple[str, ...]]] = {
    ("throngs", "setup", "standard"): ("board", ("original",)),
}
#: (game, option): what each choice means, for an option some of whose choices are not always
#: offered (CHOICE_APPLIES).
CHOICE_HELP: dict[tuple[str, str], dict[str, str]] = {
    ("throngs", "setup"): {
        "choose": "the first player places one Black and two White stones, then the second "
        "player picks a colour",
        "standard": "three stones on fixed sites, fixed colours",
    },
}


def form_option(cls: type[Game], option: dict[str, Any]) -> dict[str, Any]:
    """``option`` (an :meth:`~hexarena.options.Option.describe`) with what the form needs to
    show it only where it applies (see the module)."""
    out = dict(option)
    name = option["name"]
    rule = APPLIES.get((cls.name, name))
    if rule is not None:
        other, values = rule
        out["applies"] = {"option": other, "values": list(values)}
        given = {other: values[0]} if values[0] else {}
        out["default"] = cls.parse_options(given)[name]  # as the game reads it there
    offered = {
        choice: {"option": other, "values": list(values)}
        for (game, opt, choice), (other, values) in CHOICE_APPLIES.items()
        if game == cls.name and opt == name
    }
    if offered:
        out["choices_apply"] = offered
        out["choice_help"] = dict(CHOICE_HELP[(cls.name, name)])
    return out
