"""Teaching in the web app: rules pages, guided first games, and words for every decision.

Every position shown here is built through the engine from a list of moves (see
:mod:`hexarena.web.lessons`), so a picture can never show something the rules do not allow. The
same helpers describe the live game for the game page: what the player to act is asked to
decide (:func:`prompt`), Throngs' action potentials (:func:`potentials`) and how to draw a turn
(:func:`turn_marks`).
"""

from __future__ import annotations

import functools
from typing import Any

from ..core import H_COLOUR, H_PLAYER, Game, HexArenaError, State
from ..games import game_class, game_names
from .lessons import COMMON_NOTES, LESSONS

#: Most actions a guided try may send (the longest turn here has six).
MAX_TRY = 50


class TeachingError(ValueError):
    """A refused request to the teaching endpoints, with a message for a person."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


# ---------------------------------------------------------------- words for a decision
def _throngs_prompt(game: Any, st: State) -> str:
    arr = st.array
    ph = int(arr[8])
    n = game.board.size
    if ph == 0:
        return (
            "Set-up: place the Black stone on any site. Then two White stones follow; after "
            "that the other player chooses which colour to play."
        )
    if ph in (1, 2):
        return f"Set-up: place White stone {ph} of 2 on an empty site."
    if ph == 3:
        return (
            "Choose your colour with a button: Black moves first, White answers. The stones "
            "just placed stay where they are."
        )
    move = int(arr[9]) + 1
    site = game.board.names[int(arr[10])] if 0 <= int(arr[10]) < n else "?"
    budget = int(arr[11])
    if ph == 4:
        return (
            f"Move {move} of 2: choose one of your stones to dispatch (potential 1 or more), an "
            "empty site to deploy on (1 or more), or an enemy stone to capture (2 or more). "
            "The numbers on the sites are your potentials."
        )
    if ph == 5:
        return (
            f"Move {move} of 2: the stone on {site} must leave. Click a destination (diamond) "
            f"that a path of steps and jumps costing at most {budget} reaches."
        )
    return (
        f"Move {move} of 2: you deployed on {site}. Click a destination (diamond) to dispatch "
        f"the new stone with {budget} to spend, or press stop to leave it there."
    )


def _turn_first_cell(game: Game, st: State) -> int:
    """The cell the turn under way began on, or -1 (between turns, or a position given without
    the moves to it)."""
    ends, history = st.turn_ends(), st.history
    begun = max((k for k, end in enumerate(ends) if end), default=-1) + 1
    if begun < len(history) and history[begun] < game.board.size:
        return int(history[begun])
    return -1


def _china_grove_refusal(game: Any, before: State, actions: list[int]) -> str:
    """Plain words to follow the engine's reason when a later checker of a China Grove turn is
    refused: the engine names classes (2c, 2b), the board shows the cell the turn began on."""
    st = before.copy()
    for a in actions:
        if not st.is_legal(a):
            break
        st.apply(a)
    else:
        return ""
    n = game.board.size
    first = _turn_first_cell(game, st)
    if first < 0 or not 0 <= a < n or game.cell_view(st.array)[a] != ".":
        return ""
    names, nb = game.board.names, game.board.neighbor_lists
    if game.options["mode"] == "number":
        k, m = len(nb[a]), len(nb[first])
        return (
            f"; put plainly, {names[a]} has {k} exits, and {names[first]}, where this turn "
            f"began, {m}"
        )
    return (
        f"; put plainly, {names[a]}'s exits do not lie as those of {names[first]}, where this "
        "turn began, even turned or mirrored"
    )


def _china_grove_prompt(game: Any, st: State) -> str:
    arr = st.array
    cls = game.turn_class(arr)
    if cls < 0:
        text = (
            "Place the first checker of your turn on any empty cell. A cell with k exits gives "
            "a turn of 7 - k checkers, all on cells of its kind."
        )
        if st.legal_actions()[-1] >= game.board.size:
            text += " Or swap: take over White's first turn and play White from now on."
        return text
    left = game.checkers_left(arr)
    room = sum(1 for a in st.legal_actions() if a < game.board.size)
    # the cell the turn began on, which is on the board, names the kind of cell (not the class
    # labels or the directions, which a newcomer has not met)
    first = _turn_first_cell(game, st)
    if first >= 0:
        name = game.board.names[first]
        k = len(game.board.neighbor_lists[first])
        exits = f"{k} exit{'s' if k != 1 else ''}"
        if game.options["mode"] == "number":
            kind = f"those with {exits}, as {name} has"
        else:
            kind = f"those whose exits lie as {name}'s do ({exits}), turned or mirrored"
    else:  # a position set up with its turn under way: no first cell to point at
        kind = f"those of the turn's kind ({game.describe_class(cls)})"
    n = min(left, room)
    text = f"Place {n} more checker{'s' if n != 1 else ''} on the marked cells, {kind}"
    if room < left:  # the turn ends early, when its kind of cell runs out
        return text + f"; that fills every such cell, so the turn ends {left - room} short."
    return text + "."


def prompt(game: Game, st: State) -> str:
    """What the player to act decides now, in words (empty once the game is over)."""
    if st.is_terminal():
        return ""
    n = game.board.size
    swap = any(a >= n and game.action_text(a) == "swap" for a in st.legal_actions())
    or_swap = (
        " Or swap: take over your opponent's first stone and play its colour from now on."
        if swap
        else ""
    )
    name = game.name
    if name == "throngs":
        return _throngs_prompt(game, st)
    if name == "china-grove":
        return _china_grove_prompt(game, st)
    if name == "scrunch":
        text = str(game.decision(st.array))  # type: ignore[attr-defined]
        return text[:1].upper() + text[1:] + "."
    if name == "churn":
        isolated = int(st.array[8 + int(st.array[H_COLOUR])])  # Churn: isolated empty cells
        if not isolated:
            why = "no cell is isolated for you, so play where your group would be smallest"
        else:
            why = "a cell with none of your stones next to it comes first"
        return f"Place a stone on a marked cell: {why}.{or_swap}"
    if name == "gyre":
        return f"Place a stone on any empty cell.{or_swap}"
    return f"Choose a marked cell.{or_swap}"


def potentials(game: Game, st: State) -> list[int | None] | None:
    """Throngs: each site's action potential for the colour to act, while a move is chosen."""
    if game.name != "throngs" or st.is_terminal():
        return None
    arr = st.array
    if int(arr[8]) != 4 or int(arr[H_PLAYER]) < 0:
        return None
    c = int(arr[H_COLOUR])
    pot = game.potential  # type: ignore[attr-defined]
    return [int(pot(arr, x, c)) for x in range(game.board.size)]


def turn_marks(game: Game, actions: list[int]) -> dict[str, Any]:
    """How to draw a turn: cells to ring, arrows (stone journeys) and numbered cells."""
    n = game.board.size
    ring: list[int] = []
    arrows: list[list[int]] = []
    numbers: dict[str, int] = {}
    if game.name == "throngs":
        sel = -1
        for a in actions:
            if a < n:
                sel = a
                ring.append(a)
            elif a < 2 * n and sel >= 0:
                arrows.append([sel, a - n])
                ring[-1] = a - n
    elif game.name == "scrunch" and len(actions) == 3 and all(a < n for a in actions):
        ring = [actions[0], actions[2]]
        arrows = [[actions[1], actions[2]]]
    else:
        ring = [a for a in actions if a < n]
        if game.name == "china-grove" and len(ring) > 1:
            numbers = {str(a): k + 1 for k, a in enumerate(ring)}
    return {"ring": ring, "arrows": arrows, "numbers": numbers}


def _throngs_path(game: Any, occupied: set[int], start: int, dest: int, budget: int) -> list[int]:
    """The cheapest dispatch path from ``start`` to ``dest`` within ``budget``: the sites where
    the stone lands, ``start`` first (steps and jumps, no site visited twice)."""
    nb = game.board.neighbors
    best: list[int] = []
    best_cost = budget + 1

    def walk(x: int, spent: int, seen: set[int], path: list[int]) -> None:
        nonlocal best, best_cost
        if x == dest:
            if spent < best_cost:
                best, best_cost = list(path), spent
            return
        for d in range(6):
            y = int(nb[x, d])
            crossed: list[int] = []
            while y >= 0 and y in occupied:
                crossed.append(y)
                y = int(nb[y, d])
            cost = spent + len(crossed) + 1
            if y < 0 or cost >= best_cost or y in seen or any(c in seen for c in crossed):
                continue
            seen.update(crossed)
            seen.add(y)
            path.append(y)
            walk(y, cost, seen, path)
            path.pop()
            seen.discard(y)
            seen.difference_update(crossed)

    walk(start, 0, {start}, [start])
    return best or [start, dest]


def has_journeys(game: Game) -> bool:
    """Whether the game's turns move stones along paths worth drawing (Throngs' dispatches)."""
    return game.name == "throngs"


def journeys(game: Game, before: State, actions: list[int]) -> list[list[int]]:
    """Throngs: the path of every dispatch in a turn (landing sites, start first), as the board
    stood at that move; other games: none."""
    if not has_journeys(game):
        return []
    n = game.board.size
    st = before.copy()
    out: list[list[int]] = []
    for a in actions:
        if n <= a < 2 * n:
            arr = st.array
            start, budget = int(arr[10]), int(arr[11])  # the selected stone and its budget
            contents = game.site_contents(arr)  # type: ignore[attr-defined]
            occupied = {i for i in range(n) if contents[i] and i != start}
            out.append(_throngs_path(game, occupied, start, a - n, budget))
        try:
            st.apply(a)
        except HexArenaError:
            break
    return out


def effects(game: Game, before: State, after: State, actions: list[int]) -> list[int]:
    """Cells whose stone a turn changed (removed, captured, filled), other than those it played.

    Only the stone counts, not the labels a picture adds (Gyre's winning loop marks stones at
    the end of the game: that is no change)."""
    n = game.board.size
    played = {a for a in actions if a < n} | set(turn_marks(game, actions)["ring"])
    old, new = game.cell_view(before.array), game.cell_view(after.array)
    return [
        i
        for i, (a, b) in enumerate(zip(old, new, strict=True))
        if a[:1] != b[:1] and i not in played
    ]


# ---------------------------------------------------------------- positions from moves
def _game(name: str, options: dict[str, Any]) -> Game:
    return game_class(name)(**options)


def has_lesson(name: str) -> bool:
    """Whether ``name`` is a game with a rules page and a guided game."""
    return name in LESSONS and name in game_names()


def _lesson(name: str) -> dict[str, Any]:
    if not has_lesson(name):
        raise TeachingError(
            404, f"there is no game {name[:40]!r}; the games are: " + ", ".join(game_names())
        )
    return LESSONS[name]


def play_through(game: Game, moves: list[str]) -> tuple[State, State | None, list[int]]:
    """The position after ``moves`` (the last may be a turn begun but not finished), the
    position before the last move, and the last move's actions."""
    st = game.new_initial_state()
    before: State | None = None
    last: list[int] = []
    for k, m in enumerate(moves):
        before = st.copy()
        last = st.apply_move(m, complete=k < len(moves) - 1)
    return st, before, last


def position_json(game: Game, st: State) -> dict[str, Any]:
    """Cells, who acts, what is legal and what the player is asked, for drawing a position."""
    over = st.is_terminal()
    n = game.board.size
    legal = [] if over else st.legal_actions()
    return {
        "cells": game.cell_view(st.array),
        "to_act_name": "" if over else st.to_move_name,
        "legal": [a for a in legal if a < n],
        "specials": [{"action": a, "name": game.action_text(a)} for a in legal if a >= n],
        "prompt": prompt(game, st),
        "potentials": potentials(game, st),
    }


def _outcome_highlight(game: Game, st: State) -> dict[str, list[int]]:
    o = st.outcome()
    out: dict[str, list[int]] = {}
    if o is None:
        return out
    for key, value in o.details.items():
        if isinstance(value, list | tuple) and value and all(isinstance(v, str) for v in value):
            out[key] = [game.board.name_index[str(v).lower()] for v in value]
    return out


def diagram(name: str, base: dict[str, Any], spec: dict[str, Any]) -> dict[str, Any]:
    """One rules picture: the position after the spec's moves, with what it asks to show."""
    options = {**base, **spec.get("options", {})}
    game = _game(name, options)
    st, before, last = play_through(game, list(spec.get("moves", [])))
    show = set(spec.get("show", []))
    data = position_json(game, st)
    if "legal" not in show:
        data["legal"], data["specials"] = [], []
    if "potentials" not in show:
        data["potentials"] = None
    data["last"] = None
    if "last" in show and before is not None:
        marks = turn_marks(game, last)
        data["last"] = {
            **marks,
            "effects": effects(game, before, st, last),
            "journeys": journeys(game, before, last),
        }
    data["highlight"] = _outcome_highlight(game, st) if "outcome" in show else {}
    o = st.outcome()
    data["outcome"] = o.reason if o is not None and "outcome" in show else None
    data["caption"] = spec.get("caption", "")
    data["moves"] = list(spec.get("moves", []))
    data["board_key"] = _board_key(game)
    data["circled"] = [game.board.parse(c) for c in spec.get("circle", [])]
    # each cell's number of exits (its neighbours on the board), written on it
    data["counts"] = (
        {str(i): len(nb) for i, nb in enumerate(game.board.neighbor_lists)}
        if "exits" in show
        else None
    )
    data["seats"] = seats(game, st) if "seats" in show else None
    return data


def seats(game: Game, st: State) -> list[dict[str, Any]]:
    """Which colour each player plays (after any swap), and whether it is their turn."""
    out = []
    for seat in range(2):  # every game here is for two players
        c = st.seat_colour(seat)
        out.append(
            {
                "player": seat + 1,
                "colour": game.colours[c] if c >= 0 else None,
                "to_act": not st.is_terminal() and st.current_player == seat,
            }
        )
    return out


def _board_key(game: Game) -> str:
    return f"{game.name}:{game.board.description}"


def _board_json(game: Game) -> dict[str, Any]:
    data: dict[str, Any] = dict(game.board.to_json())
    extra = game.board_json_extra()
    data["extra"] = {k: v for k, v in extra.items() if k in ("exits", "ring", "centre")}
    return data


def _header(name: str) -> dict[str, Any]:
    cls = game_class(name)
    game = _game(name, LESSONS[name]["options"])
    return {
        "game": name,
        "title": cls.title,
        "colours": list(cls.colours),
        "legend": {c[:1].upper(): i for i, c in enumerate(cls.colours)},
        "boards": {_board_key(game): _board_json(game)},
        "summary": LESSONS[name]["summary"],
        "highlight_words": dict(LESSONS[name].get("highlight_words", {})),
    }


@functools.cache
def rules_text(name: str) -> dict[str, Any]:
    """The words of a game's rules page, without its pictures: everything here comes from the
    lesson and the game's class, none of it from the engine, so that the page can show it at
    once while the engine is still being compiled (a server's first start)."""
    lesson = _lesson(name)
    cls = game_class(name)
    sections = [
        {
            "id": sec["id"],
            "title": sec["title"],
            "text": list(sec["text"]),
            "pictures": len(sec.get("diagrams", [])),
        }
        for sec in lesson["sections"]
    ]
    options = [
        {"name": o.name, "default": o.default, "text": lesson["option_notes"].get(o.name, o.help)}
        for o in cls.option_specs
    ]
    return {
        "game": name,
        "title": cls.title,
        "colours": list(cls.colours),
        "summary": lesson["summary"],
        "highlight_words": dict(lesson.get("highlight_words", {})),
        "sections": sections,
        "options": options,
        "notes": dict(COMMON_NOTES) if "swap" in cls.special_actions else {},
        "guide_steps": len(lesson["guide"]),
    }


@functools.cache
def rules(name: str) -> dict[str, Any]:
    """The rules page of a game: :func:`rules_text` with each section's live diagrams (built
    through the engine) and the boards they are drawn on."""
    lesson = _lesson(name)
    data = {**rules_text(name), **_header(name)}
    data["sections"] = [
        {
            **sec,
            "diagrams": [diagram(name, lesson["options"], d) for d in spec.get("diagrams", [])],
        }
        for sec, spec in zip(rules_text(name)["sections"], lesson["sections"], strict=True)
    ]
    return data


def _step(name: str, index: int) -> tuple[dict[str, Any], Game, State]:
    lesson = _lesson(name)
    steps = lesson["guide"]
    if not 0 <= index < len(steps):
        raise TeachingError(
            404,
            f"there is no step {index + 1}; the guided game of {name} has steps 1..{len(steps)}",
        )
    step = steps[index]
    game = _game(name, lesson["options"])
    st, _, _ = play_through(game, list(step["moves"]))
    return step, game, st


def refusal(step: dict[str, Any]) -> list[str]:
    """What a guided step asks the player to try first, in clicking order: the last is refused
    (empty when the step shows no refusal)."""
    refuse = step.get("refuse")
    if not refuse:
        return []
    return [refuse] if isinstance(refuse, str) else list(refuse)


def answer_actions(game: Game, step: dict[str, Any]) -> list[int]:
    """The actions of the turn a guided step gives as its answer."""
    return game.parse_move(step["answer"])


@functools.cache
def guide(name: str) -> dict[str, Any]:
    """The guided first game: each step's position, request and explanation."""
    lesson = _lesson(name)
    data = _header(name)
    steps = []
    for k, step in enumerate(lesson["guide"]):
        _, game, st = _step(name, k)
        pos = position_json(game, st)
        steps.append(
            {
                **pos,
                "index": k,
                "ask": step["ask"],
                "refuse": refusal(step),
                "answer": answer_actions(game, step),
                "board_key": _board_key(game),
                "last": None,
                "highlight": {},
            }
        )
    data["steps"] = steps
    return data


def guide_try(name: str, index: int, body: dict[str, Any]) -> dict[str, Any]:
    """A turn (or its first actions) tried in a guided step, checked by the engine.

    Answers the position after the actions, whether the turn is complete, and what to say:
    ``ok`` is false as soon as the actions stray from what the step asks for (its ``expect``, or
    for a strict step its answer), true once the turn asked for is complete. An illegal action is
    refused with the engine's message.
    """
    actions = body.get("actions")
    if (
        not isinstance(actions, list)
        or not actions
        or len(actions) > MAX_TRY
        or not all(isinstance(a, int) and not isinstance(a, bool) for a in actions)
    ):
        raise TeachingError(
            400, f"'actions' must be a list of 1..{MAX_TRY} action numbers, not {str(actions)[:80]}"
        )
    step, game, st = _step(name, index)
    before = st.copy()
    try:
        st.apply_move(actions, complete=False)
    except HexArenaError as exc:
        said = str(exc)
        if name == "china-grove":  # plain words after the reason, before who may play what
            plain = _china_grove_refusal(game, before, actions)
            at = said.rfind("; ", 0, said.find(" may play: ")) if " may play: " in said else -1
            said = said[:at] + plain + said[at:] if at >= 0 else said + plain
        raise TeachingError(422, said) from None
    complete = st.is_terminal() or st.turn > before.turn
    data = position_json(game, st)
    data["complete"] = complete
    data["text"] = game.move_text(actions)
    data["highlight"] = _outcome_highlight(game, st)
    data["last"] = None
    expect = [game.parse_action(c) for c in step.get("expect", [])]
    wrong = bool(expect) and actions[0] not in expect
    if step.get("strict") and actions != answer_actions(game, step)[: len(actions)]:
        wrong = True
    if wrong:  # said at once, not only when the turn is complete
        data["ok"] = False
        data["message"] = (
            f"{game.move_text(actions)} is legal, but this step asks for something else: "
            "read the request once more and try again."
        )
    elif complete:
        data["ok"] = True
        data["message"] = step["done"]
    if complete:
        data["last"] = {
            **turn_marks(game, actions),
            "effects": effects(game, before, st, actions),
            "journeys": journeys(game, before, actions),
        }
    return data
