"""What the web app's pages see of a game: the board, the position, the turns and the outcome.

Each function turns a :class:`~hexarena.web.session.Session` (or a game and a state) into the
plain JSON data the page draws; nothing here changes a game.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np

from ..core import Game, HexArenaError, Outcome, State
from .bounds import RequestRefused as ApiError
from .bounds import actions_field, cut, shown
from .session import Session
from .storage import MoveRow
from .teaching import effects, journeys, position_json, turn_marks

#: Most turns one page of the move list holds.
MAX_PAGE = 500


def jsonable(value: Any, depth: int = 0) -> Any:
    """Plain JSON data from game details or analysis results (dataclasses, tuples, NumPy)."""
    if depth > 6:
        return str(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            f.name: jsonable(getattr(value, f.name), depth + 1) for f in dataclasses.fields(value)
        }
    if isinstance(value, dict):
        return {str(k): jsonable(v, depth + 1) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [jsonable(v, depth + 1) for v in value]
    if isinstance(value, np.ndarray):
        return [jsonable(v, depth + 1) for v in value.tolist()]
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, np.floating):
        return float(value)
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)


#: Longest option value shown whole in a game's options.
SHORT_TAG = 24


def _short(key: str, value: str) -> str:
    """One option's value for display: a stored board (a list of cells) by its number of
    cells, another long value cut with dots."""
    if len(value) <= SHORT_TAG:
        return value
    if key == "board":
        return f"{len(value.split())} cells"
    return value[: SHORT_TAG - 3] + "..."


def short_tags(tags: dict[str, str]) -> dict[str, str]:
    """A game's option tags for display: a stored board is named by its number of cells, and
    another long value is cut."""
    return {k: _short(k, v) for k, v in tags.items()}


def option_words(tags: dict[str, str]) -> str:
    """A game's options as the page shows them, in the form's words: ``board: hex, size: 4,
    no stalling: no``."""
    return ", ".join(f"{k.replace('_', ' ')}: {v}" for k, v in short_tags(tags).items())


def board(session: Session) -> dict[str, Any]:
    """The board for drawing: cells with names and coordinates, adjacency, the game's extras."""
    g = session.game
    data: dict[str, Any] = dict(g.board.to_json())
    data["extra"] = jsonable(g.board_json_extra())
    return data


def legend(game: Game) -> dict[str, int]:
    return {c[:1].upper(): i for i, c in enumerate(game.colours)}


def outcome(game: Game, o: Outcome) -> dict[str, Any]:
    highlight: dict[str, list[int]] = {}
    for key, value in o.details.items():
        if isinstance(value, list | tuple) and value and all(isinstance(v, str) for v in value):
            cells = [game.board.name_index.get(str(v).lower(), -1) for v in value]
            if all(c >= 0 for c in cells):
                highlight[key] = cells
    return {
        "winner": o.winner,
        "winner_colour": o.winner_colour,
        "reason": o.reason,
        "result": o.result,
        "score": jsonable(o.score),
        "details": jsonable(o.details),
        "highlight": highlight,
    }


def move(game: Game, index: int, m: MoveRow) -> dict[str, Any]:
    return {
        "index": index,
        "seat": m.seat,
        "colour": m.colour,
        "actions": m.actions,
        "text": game.move_text(m.actions) if m.actions else "",
        "cells": [a for a in m.actions if a < game.board.size],
        **turn_marks(game, m.actions),
    }


def position(game: Game, state: State) -> dict[str, Any]:
    """Cells, who acts and what is legal, for a state: the drawing that the rules pages use
    (:func:`teaching.position_json`) with the seat and colour to act, the ply, the turn's
    actions so far and each seat's colour."""
    return {
        **position_json(game, state),
        "to_act": state.current_player,
        "to_act_colour": state.to_move,
        "to_act_name": state.to_move_name,  # "nobody (the game is over)" once it is over
        "ply": state.ply,
        "turn_actions": state.turn_actions,
        "seat_colours": [state.seat_colour(0), state.seat_colour(1)],
    }


#: Most actions of the example turn shown in the move field (a turn may have up to 64).
EXAMPLE_ACTIONS = 6


def move_example(game: Game, state: State) -> str:
    """A legal turn of ``state`` as the game writes it, for the move field's placeholder ("" once
    the game is over). Each action is a cell from the middle of the legal ones (a special action
    only where no cell is legal, or to end a turn already long enough), so that the example
    reads like a real move rather than "swap" or "stop"; where it can, a cell not next to one
    the example already took, so that a newcomer who plays the example as it stands does not
    lose by it at once (Throngs' set-up of three stones side by side left Black no move)."""
    if state.is_terminal():
        return ""
    actions: list[int] = []
    board = game.board
    n = board.size
    turn = state.turn
    with state.trial():
        while not state.is_terminal() and state.turn == turn and len(actions) < 64:
            legal = state.legal_actions()
            if not legal:
                break
            cells = [a for a in legal if a < n]
            apart = [c for c in cells if all(board.distance(c, a) > 1 for a in actions if a < n)]
            cells = apart or cells
            specials = [a for a in legal if a >= n]
            pick = cells[len(cells) // 2] if cells else specials[0]
            if specials and len(actions) >= EXAMPLE_ACTIONS - 1:
                pick = specials[-1]
            actions.append(pick)
            state.apply(pick)
    return game.move_text(actions)


def seats_json(session: Session) -> list[dict[str, Any]]:
    """Who sits where: each seat's kind (and the computer's level), colour, name and whether
    someone holds it."""
    g, st = session.game, session.state
    seats = []
    for s in (0, 1):
        c = st.seat_colour(s)
        level = session.computer_level(s)
        seats.append(
            {
                "seat": s,
                "kind": "computer" if level else "human",
                "level": level,
                "colour": c,
                "colour_name": g.colours[c] if c >= 0 else None,
                "name": session.row.names[s],
                "claimed": bool(level) or session.row.claimed(s),
            }
        )
    return seats


def summary(session: Session) -> dict[str, Any]:
    """Where a game stands now, for a list of games (the front page's "my games"): its turns,
    the seat to act (``None`` once over), its result, its seats, and when it last changed."""
    st = session.state
    o = st.outcome()
    return {
        "id": session.id,
        "version": session.version,
        "turns": len(session.moves),
        "to_act": None if st.is_terminal() else st.current_player,
        "result": o.result if o is not None else "*",
        "seats": seats_json(session),
        "thinking": session.thinking,
        "updated": session.row.updated,
    }


def view(session: Session, token: str | None) -> dict[str, Any]:
    """Everything the page shows about the game now, for one viewer (no whole history)."""
    g, st = session.game, session.state
    you = sorted(session.seats_of(token))
    o = st.outcome()
    seats = seats_json(session)
    undo = (
        session.row.mode in ("computer", "local")
        and bool(you)
        and session.undo_target() is not None
    )
    return {
        "id": session.id,
        "game": g.name,
        "title": g.title,
        "options": g.record_tags(),
        "option_text": option_words(g.record_tags()),
        "colours": list(g.colours),
        "legend": legend(g),
        "mode": session.row.mode,
        "version": session.version,
        "you": you,
        "seats": seats,
        "turns": len(session.moves),
        "last_move": {
            **move(g, len(session.moves) - 1, session.moves[-1]),
            "effects": session.effects,
            "journeys": session.journeys,
        }
        if session.moves
        else None,
        "outcome": outcome(g, o) if o is not None else None,
        "thinking": session.thinking,
        "computer_error": session.computer_error,
        "can_undo": undo,
        "move_separator": g.move_separator,
        "special_actions": list(g.special_actions),
        "move_example": session.example(move_example),
        "created": session.row.created,
        **position(g, st),
    }


def moves_page(session: Session, start: int | None, count: int) -> dict[str, Any]:
    """Turns ``start .. start+count-1`` (the last page when ``start`` is ``None``)."""
    total = len(session.moves)
    if count < 1 or count > MAX_PAGE:
        raise ApiError(400, f"count must be 1..{MAX_PAGE}, not {count}")
    if start is None:
        start = max(0, total - count)
    if start < 0 or start > total:
        raise ApiError(400, f"start must be 0..{total}, not {start}")
    g = session.game
    return {
        "total": total,
        "start": start,
        "moves": [move(g, i, session.moves[i]) for i in range(start, min(total, start + count))],
    }


def position_after(session: Session, turn: int) -> dict[str, Any]:
    """The position after the first ``turn`` turns, for stepping through the game."""
    total = len(session.moves)
    if turn < 0 or turn > total:
        raise ApiError(400, f"turn must be 0..{total}, not {turn}")
    g = session.game
    st = g.new_initial_state()
    flat = [a for m in session.moves[: max(0, turn - 1)] for a in m.actions]
    if flat:
        st.apply_actions(flat)
    last = None
    if turn:
        before = st.copy()
        st.apply_actions(session.moves[turn - 1].actions)
        m = session.moves[turn - 1]
        last = {
            **move(g, turn - 1, m),
            "effects": effects(g, before, st, m.actions),
            "journeys": journeys(g, before, m.actions),
        }
    if turn == total and session.row.resigned is not None:
        st.resign(session.row.resigned)
    o = st.outcome()
    data = position(g, st)
    data.update(
        {
            "turn": turn,
            "turns": total,
            "last_move": last,
            "outcome": outcome(g, o) if o is not None else None,
        }
    )
    return data


def partial_turn(session: Session, actions: list[int]) -> State:
    """A copy of the game's position with ``actions``, the first actions of a turn being built,
    played on it (nothing stored): 409 if the game is over, 422 naming an illegal action."""
    st = session.state.copy()
    if st.is_terminal():
        raise ApiError(409, "the game is over")
    try:
        if actions:
            st.apply_move(actions, complete=False)
    except HexArenaError as exc:
        raise ApiError(422, cut(str(exc))) from None
    return st


def expect_version(session: Session, body: dict[str, Any]) -> None:
    """Refuse (409) a change made on a version of the game it has moved on from (a turn taken in
    another tab or window of the same seat, or by the other side), and (400) a request without
    the version it was made on."""
    version = body.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise ApiError(
            400, f"the request needs 'version': a whole number, not {shown(version, 40)}"
        )
    if version != session.version:
        raise ApiError(
            409,
            f"the game has moved on since you saw it (you saw version {version}, it is now at "
            f"{session.version}: changed in another tab or window, or by the other side); "
            "nothing was done",
        )


def continuations(session: Session, body: dict[str, Any]) -> dict[str, Any]:
    """The legal next actions after the first actions of a turn being built (nothing stored);
    with ``version``, refused (409) if the game has moved on from it (the turn was begun on a
    position that is gone)."""
    actions = actions_field(body, "actions")
    if "version" in body:
        expect_version(session, body)
    st = partial_turn(session, actions)
    complete = bool(actions) and bool(st.is_terminal() or st.turn > session.state.turn)
    data = position(session.game, st)
    data.update(
        {
            "actions": actions,
            "complete": complete,
            "text": session.game.move_text(actions) if actions else "",
            "marks": turn_marks(session.game, actions),
        }
    )
    return data
