"""The web app's game logic, apart from HTTP: games in play, seats and tokens, moves, the computer.

An :class:`Arena` keeps each game in play as a :class:`Session`: the stored header, the live
:class:`~hexarena.core.State` rebuilt from the stored actions, a lock and a change signal. Every
change runs under the game's lock and is stored in one transaction that checks the version the
client last saw, so a move is applied exactly once or refused with nothing changed. The computer
thinks in a worker process (:mod:`hexarena.web.workers`) with a time limit, and its move goes
through the same checks. Sessions are a cache of storage: the least recently used are dropped
past a count and a memory estimate, and loaded again when asked for.

Errors are :class:`ApiError` with the HTTP status to answer and a message for a person.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import re
import secrets
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, TypeVar

from ..ai import make_player, player_names
from ..core import H_COLOUR, H_PLAYER, Game, GameOverError, HexArenaError, State
from ..games import game_class, game_names
from ..records import read_record, write_record
from ..solve.results import solved_boards
from .bounds import RequestRefused, actions_field, check_option_values, cut, shown
from .formrules import form_option
from .hints import HintGate, hint_budget
from .seats import clean_name, mask_of, new_secret
from .session import Session, ending
from .storage import Ending, GameRow, MoveRow, Storage, VersionConflict, digest
from .teaching import effects, journeys
from .views import expect_version, partial_turn, short_tags, summary
from .workers import ComputerPool, JobCancelled, JobFailed, Warmer

log = logging.getLogger("hexarena.web")

#: A refused request: the HTTP status to answer and a message saying what was wrong.
ApiError = RequestRefused

T = TypeVar("T")

#: How people play: against the computer, two people on one screen, or two people apart.
MODES = ("computer", "local", "online")
#: The fields of a new game's request, and of an imported record's.
CREATE_FIELDS = ("game", "options", "mode", "level", "seat", "name")
IMPORT_FIELDS = ("record", "mode", "level", "seat", "name")
#: Preferred computer levels for hints, strongest useful first.
HINT_LEVELS = ("medium", "hard", "easy", "mcts", "uct")
#: Levels preferred as the default opponent in the new-game form, in order.
DEFAULT_LEVELS = ("easy", "medium", "hard")


def known_fields(body: dict[str, Any], fields: tuple[str, ...]) -> None:
    """Refuse a field not in ``fields`` (a misspelt one would otherwise be dropped unseen)."""
    for key in body:
        if key not in fields:
            known = ", ".join(fields)
            raise ApiError(400, f"the request has no field {shown(key, 40)}; its fields: {known}")


def _form_text(text: str) -> str:
    """A game's words about its options as the new-game form shows them: without the command
    line's dashes ("with --board hex" reads "with board hex" beside the form's board field)."""
    return re.sub(r"--([a-z])", r"\1", text)


def _form_words(option: dict[str, Any]) -> dict[str, Any]:
    """An option as the new-game form shows it (its help in :func:`_form_text`)."""
    return {**option, "help": _form_text(str(option.get("help", "")))}


class Arena:
    """All games of one server: storage, sessions, seats, moves and the computer players."""

    def __init__(
        self,
        storage: Storage,
        *,
        computer_timeout: float = 30.0,
        workers: int = 2,
        pool: ComputerPool | None = None,
        warm_search: bool = False,
        max_sessions: int = 2000,
        max_session_bytes: int = 256 * 1024 * 1024,
    ) -> None:
        self.storage = storage
        self.computer_timeout = computer_timeout
        #: A hint may wait longer than a move: the first search of a process compiles its code.
        self.hint_timeout = max(120.0, computer_timeout)
        self.sessions: OrderedDict[str, Session] = OrderedDict()
        self.max_sessions = max_sessions
        self.max_session_bytes = max_session_bytes
        self._own_pool = pool is None
        self.pool = pool if pool is not None else ComputerPool(workers)
        self.warmer = Warmer(self.pool, game_names(), search=warm_search)
        #: The hints being worked out, bounded (:mod:`hexarena.web.hints`).
        self.hints = HintGate(self.pool.size)
        self._meta: dict[str, Any] | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        #: Set when the server is stopping: event streams end so that shutdown is quick.
        self.stopping = False

    def stop_streams(self) -> None:
        """End every open event stream (the server is shutting down)."""
        self.stopping = True
        for session in self.sessions.values():
            session.notify()

    def close(self) -> None:
        """Stop the worker processes (waiting for none) and close the database."""
        for t in list(self._tasks):
            t.cancel()
        if self._own_pool:
            self.pool.close()
        self.storage.close()

    # -- catalogue ---------------------------------------------------------
    def meta(self) -> dict[str, Any]:
        """Every game with its options and colours, the computer levels and the modes."""
        return {**self._catalogue(), "warming": self.warmer.meta()}

    def _catalogue(self) -> dict[str, Any]:
        """The unchanging part of :meth:`meta`, built once."""
        if self._meta is not None:
            return self._meta
        games = []
        for name in game_names():
            try:
                cls = game_class(name)
            except Exception as exc:  # a game module that does not load yet is left out
                log.warning("game %s is not available: %s", name, exc)
                continue
            games.append(
                {
                    "name": name,
                    "title": cls.title,
                    "colours": list(cls.colours),
                    "options": [
                        _form_words(form_option(cls, o.describe())) for o in cls.option_specs
                    ],
                    "special_actions": list(cls.special_actions),
                }
            )
        levels = player_names()
        default = next((lv for lv in DEFAULT_LEVELS if lv in levels), levels[0] if levels else None)
        self._meta = {
            "games": games,
            "levels": levels,
            "default_level": default,
            "modes": list(MODES),
            # boards with proven values: the perfect player is the strongest level there
            "solved": [{"game": b["game"], "options": b["options"]} for b in solved_boards()],
        }
        return self._meta

    # -- loading -----------------------------------------------------------
    def _build(self, row: GameRow, moves: list[MoveRow]) -> tuple[Game, State]:
        game = game_class(row.game).from_record_tags(row.tags)
        state = game.new_initial_state()
        flat = [a for m in moves for a in m.actions]
        if flat:
            state.apply_actions(flat)
        if row.resigned is not None:
            state.resign(row.resigned)
        return game, state

    def exists(self, game_id: str) -> bool:
        """Whether a game with this id is stored (for the game page's status)."""
        ok = isinstance(game_id, str) and game_id.isalnum() and len(game_id) <= 40
        return ok and self.storage.version(game_id) is not None

    async def get(self, game_id: str) -> Session:
        """The game with this id, loaded (or reloaded, if another process changed it)."""
        if not isinstance(game_id, str) or not game_id.isalnum() or len(game_id) > 40:
            raise ApiError(404, f"there is no game {cut(str(game_id), 60)!r}")
        session = self.sessions.get(game_id)
        stored = self.storage.version(game_id)
        if stored is None:
            raise ApiError(404, f"there is no game {cut(str(game_id), 60)!r}")
        if session is not None and session.version == stored:
            self.sessions.move_to_end(game_id)
            return session
        row = self.storage.get_game(game_id)
        if row is None:
            raise ApiError(404, f"there is no game {cut(str(game_id), 60)!r}")
        await self.warmer.ensure(row.game)  # the first game of a kind waits here, not the server
        # read after the wait, header and turns together: another process may have moved meanwhile
        loaded = self.storage.load(game_id)
        if loaded is None:
            raise ApiError(404, f"there is no game {cut(str(game_id), 60)!r}")
        row, moves = loaded
        game, state = self._build(row, moves)
        session = self.sessions.get(game_id)  # another request may have loaded it meanwhile
        if session is None:
            session = Session(row=row, game=game, state=state, moves=moves)
            self.sessions[game_id] = session
            self._evict()
        else:
            session.row, session.game, session.state, session.moves = row, game, state, moves
            session.notify()
        session.remember_last_turn()
        self._kick(session)
        return session

    def _evict(self) -> None:
        """Drop the least recently used sessions past the count and memory bounds (storage
        keeps them). A game that is thinking or watched stays, and so does the latest."""
        total = sum(s.size() for s in self.sessions.values())
        for gid in list(self.sessions)[:-1]:
            if len(self.sessions) <= self.max_sessions and total <= self.max_session_bytes:
                return
            s = self.sessions[gid]
            if s.task is not None or s.watchers > 0 or s.lock.locked():
                continue
            total -= s.size()
            del self.sessions[gid]

    async def refresh(self, session: Session) -> bool:
        """Reload the game if another process changed it; whether it changed."""
        stored = self.storage.version(session.id)
        if stored is not None and stored != session.version:
            await self.get(session.id)
            return True
        return False

    def listen(self) -> None:
        """Reload a game as soon as another server process changes it (where the storage
        announces changes: PostgreSQL), so its watchers here hear of it at once."""
        loop = asyncio.get_running_loop()

        def changed(game_id: str) -> None:
            with contextlib.suppress(RuntimeError):  # a closed loop: the server is stopping
                loop.call_soon_threadsafe(self._changed_elsewhere, game_id)

        self.storage.listen(changed)

    def _changed_elsewhere(self, game_id: str) -> None:
        """Reload the game ``game_id`` (every loaded game for ``""``) if it is loaded here."""
        if self.stopping:
            return
        if game_id:
            sessions = [s] if (s := self.sessions.get(game_id)) is not None else []
        else:
            sessions = list(self.sessions.values())
        if not sessions:
            return

        async def reload() -> None:
            for session in sessions:
                with contextlib.suppress(ApiError):
                    await self.refresh(session)

        task = asyncio.get_running_loop().create_task(reload())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- seats -------------------------------------------------------------
    def _mover(self, session: Session, token: str | None, what: str) -> set[int]:
        seats = session.seats_of(token)
        if not token:
            raise ApiError(
                403,
                f"to {what} you need the player's link (with its seat token); "
                "this is a spectator's view",
            )
        if not seats:
            raise ApiError(403, f"this seat token does not belong to game {session.id}")
        return seats

    # -- creating ----------------------------------------------------------
    def _seats_for(self, body: dict[str, Any]) -> tuple[str, list[str], list[int]]:
        """The mode, what sits at each seat, and the creator's seats."""
        mode = body.get("mode", "computer")
        if mode not in MODES:
            raise ApiError(400, f"mode must be one of {', '.join(MODES)}, not {shown(mode, 40)}")
        if mode == "computer":
            level = body.get("level")
            levels = player_names()
            if level is None:
                level = self.meta()["default_level"]
            if level not in levels:
                raise ApiError(
                    400,
                    f"there is no computer level {shown(level, 40)}; "
                    f"the levels are: {', '.join(levels)}",
                )
        if mode == "local":
            return mode, ["human", "human"], [0, 1]
        seat = body.get("seat", 0)
        if seat not in (0, 1) or isinstance(seat, bool):
            raise ApiError(
                400, f"seat must be 0 (move first) or 1 (move second), not {shown(seat, 40)}"
            )
        if mode == "computer":
            seats = ["human", f"computer:{level}"] if seat == 0 else [f"computer:{level}", "human"]
            return mode, seats, [seat]
        return mode, ["human", "human"], [seat]

    def _new_game(self, body: dict[str, Any]) -> Game:
        name = body.get("game")
        if not isinstance(name, str):
            raise ApiError(400, f"the request needs 'game': one of {', '.join(game_names())}")
        try:
            cls = game_class(name)
            specs = {o.name: o for o in cls.option_specs}
            sizes = [o.maximum for o in cls.option_specs if o.name == "size" and o.maximum]
            clean = check_option_values(
                body.get("options", {}), list(specs), max(sizes) if sizes else None
            )
            return cls(**clean)
        except HexArenaError as exc:
            raise ApiError(400, _form_text(cut(str(exc)))) from None
        except (TypeError, ValueError) as exc:
            raise ApiError(400, f"bad options for {name}: {_form_text(cut(str(exc)))}") from None

    def _store_new(
        self,
        body: dict[str, Any],
        game: Game,
        moves: list[MoveRow] | None = None,
        state: State | None = None,
    ) -> dict[str, Any]:
        """Store a new game with the creator's token (and an online game's invitation code)."""
        mode, seats, mine = self._seats_for(body)
        name = clean_name(body.get("name"))
        if name and mode == "local":
            raise ApiError(400, "a game on one screen has no player names; leave 'name' out")
        names = ("", "")
        if name:
            names = (name, "") if mine == [0] else ("", name)
        game_id = secrets.token_hex(6)
        token = new_secret()
        links = {"spectator": f"/game/{game_id}"}
        codes = []
        if mode == "online":
            invite = new_secret()
            codes.append((digest(invite), mask_of({1 - mine[0]}), "invite"))
            links["invite"] = f"/game/{game_id}#invite={invite}"
        self.storage.create_game(
            game_id,
            game.name,
            game.record_tags(),
            mode,
            seats,
            secrets.randbelow(2**31),
            tokens=[(digest(token), mask_of(mine))],
            codes=codes,
            names=names,
            moves=moves or (),
            resigned=None if state is None else state.resigned,
            ending=Ending() if state is None else ending(state),
        )
        return {"id": game_id, "token": token, "you": mine, "links": links}

    async def create(self, body: dict[str, Any]) -> dict[str, Any]:
        """A new game from the form: game, options, mode (and the level and seat of a person).

        The answer holds the creator's token (for their own seats only) and the links: the
        spectators' and, for a game between two people apart, the invitation to the open seat.
        """
        known_fields(body, CREATE_FIELDS)
        name = body.get("game")
        if isinstance(name, str) and name in game_names():
            # making the board may run a kernel (China Grove's generator): loaded first, so
            # that the first game of a kind waits here rather than compiling on the event loop
            await self.warmer.ensure(name)
        created = self._store_new(body, self._new_game(body))
        session = await self.get(created["id"])
        return {**created, "version": session.version}

    async def import_record(self, body: dict[str, Any]) -> dict[str, Any]:
        """A new game from a record's text, to continue in the given mode."""
        known_fields(body, IMPORT_FIELDS)
        text = body.get("record")
        if not isinstance(text, str) or not text.strip():
            raise ApiError(400, "the request needs 'record': the text of a game record")
        if len(text) > 20_000_000:
            raise ApiError(413, "that record is too large to import here")

        def parse() -> tuple[Any, list[MoveRow]]:
            rec = read_record(text, source="the imported record")
            moves: list[MoveRow] = []
            # who played each turn: replay the (already validated) actions on a bare array
            game = rec.game
            arr = game.initial_array()
            apply = game.kernels.apply
            for m in rec.state.moves():
                seat, colour = int(arr[H_PLAYER]), int(arr[H_COLOUR])
                for a in m:
                    if game.grows:  # Throngs' repetition table
                        arr = game.with_room(arr)
                    apply(game.consts, arr, a)
                moves.append(MoveRow(seat, colour, m))
            return rec, moves

        try:  # a long record takes a while: in a thread, so that other requests go on
            rec, moves = await asyncio.to_thread(parse)
        except HexArenaError as exc:
            raise ApiError(400, cut(str(exc))) from None
        created = self._store_new(body, rec.game, moves, rec.state)
        session = await self.get(created["id"])
        return {**created, "version": session.version}

    def recent(self, limit: int) -> list[dict[str, Any]]:
        """The latest games, for the list on the front page (public data only)."""
        out = []
        for r in self.storage.recent(limit):
            try:
                title = game_class(r.game).title
            except HexArenaError:
                title = r.game
            out.append(
                {
                    "id": r.id,
                    "game": r.game,
                    "title": title,
                    "options": short_tags(r.tags),
                    "mode": r.mode,
                    "seats": r.seats,
                    "turns": r.turns,
                    "result": r.result,
                    "reason": r.reason,
                    "updated": r.updated,
                    "link": f"/game/{r.id}",
                }
            )
        return out

    async def states(self, ids: list[str]) -> dict[str, Any]:
        """Where each of these games stands now (:func:`views.summary`), for the front page's
        "my games"; the ids of games not stored (any more) are listed under ``missing``."""
        games, missing = [], []
        for gid in ids:
            try:
                session = await self.get(gid)
            except ApiError as exc:
                if exc.status != 404:
                    raise
                missing.append(gid)
                continue
            games.append(summary(session))
        return {"games": games, "missing": missing}

    # -- changes -----------------------------------------------------------
    async def _locked(self, session: Session, fn: Callable[[], T]) -> T:
        async with session.lock:
            await self.refresh(session)
            return fn()

    async def play(
        self, session: Session, token: str | None, body: dict[str, Any]
    ) -> dict[str, Any]:
        """Apply one whole turn for the token's seat, if it is that seat's turn and legal."""
        actions = actions_field(body, "actions")
        seats = self._mover(session, token, "move")

        def apply() -> dict[str, Any]:
            expect_version(session, body)
            st = session.state
            if st.is_terminal():
                raise ApiError(409, "the game is over; no more moves can be made")
            seat = st.current_player
            if seat not in seats:
                mine = " and ".join(f"player {s + 1}" for s in sorted(seats))
                raise ApiError(
                    403,
                    f"it is not your turn: {st.to_move_name} is to act, and your link plays {mine}",
                )
            if session.computer_level(seat):
                raise ApiError(403, "it is the computer's turn")
            return self._commit_turn(session, seat, actions)

        result = await self._locked(session, apply)
        self._kick(session)
        return result

    def _commit_turn(self, session: Session, seat: int, actions: list[int]) -> dict[str, Any]:
        """Apply a whole turn to a copy, store it, then adopt it (all or nothing)."""
        st = session.state.copy()
        colour = int(st.array[H_COLOUR])
        try:
            st.apply_move(actions, complete=True)
        except HexArenaError as exc:
            raise ApiError(422, cut(str(exc))) from None
        move = MoveRow(seat, colour, list(actions))
        try:
            new = self.storage.append_move(
                session.id, session.version, len(session.moves), move, ending(st)
            )
        except VersionConflict as exc:
            raise ApiError(409, str(exc)) from None
        session.effects = effects(session.game, session.state, st, move.actions)
        session.journeys = journeys(session.game, session.state, move.actions)
        session.state = st
        session.moves.append(move)
        session.row = dataclasses.replace(session.row, version=new, turns=len(session.moves))
        session.notify()
        return {"version": new, "text": session.game.move_text(actions)}

    async def undo(
        self, session: Session, token: str | None, body: dict[str, Any]
    ) -> dict[str, Any]:
        """Take back the last turn (on one screen) or your last turn and the computer's reply."""
        self._mover(session, token, "undo")
        if session.row.mode == "online":
            raise ApiError(403, "there is no undo in a game between two people apart")

        def apply() -> dict[str, Any]:
            expect_version(session, body)
            keep = session.undo_target()
            if keep is None:
                raise ApiError(409, "there is nothing to undo")
            moves = session.moves[:keep]
            row = dataclasses.replace(session.row, resigned=None)
            _, st = self._build(row, moves)
            try:
                new = self.storage.truncate(session.id, session.version, keep, ending(st))
            except VersionConflict as exc:
                raise ApiError(409, str(exc)) from None
            session.state, session.moves = st, moves
            session.remember_last_turn()
            session.row = dataclasses.replace(row, version=new, turns=keep)
            self.pool.cancel(session.id)  # a search of the old position is of no use now
            session.notify()
            return {"version": new, "turns": keep}

        result = await self._locked(session, apply)
        self._kick(session)
        return result

    async def resign(
        self, session: Session, token: str | None, body: dict[str, Any]
    ) -> dict[str, Any]:
        """The token's seat resigns (on one screen: the side to act, or the seat given)."""
        seats = self._mover(session, token, "resign")

        def apply() -> dict[str, Any]:
            expect_version(session, body)
            st = session.state
            if st.is_terminal():
                raise ApiError(409, "the game is already over")
            if "seat" in body:
                seat = body["seat"]
                if seat not in seats or isinstance(seat, bool):
                    raise ApiError(403, f"your link cannot resign for seat {shown(seat, 40)}")
            elif len(seats) == 1:
                seat = next(iter(seats))
            else:
                seat = st.current_player
            copy = st.copy()
            try:
                copy.resign(seat)
            except GameOverError as exc:
                raise ApiError(409, str(exc)) from None
            try:
                new = self.storage.resign(session.id, session.version, seat, ending(copy))
            except VersionConflict as exc:
                raise ApiError(409, str(exc)) from None
            session.state = copy
            session.row = dataclasses.replace(session.row, version=new, resigned=seat)
            self.pool.cancel(session.id)
            session.notify()
            return {"version": new}

        return await self._locked(session, apply)

    def record(self, session: Session) -> str:
        """The game's record as text."""
        names = tuple(
            "computer " + (session.computer_level(s) or "")
            if session.computer_level(s)
            else session.row.names[s] or f"player {s + 1}"
            for s in (0, 1)
        )
        return write_record(
            session.state,
            players=(names[0], names[1]),
            extra={"Site": f"hexarena web game {session.id}"},
        )

    async def hint(
        self, session: Session, token: str | None, body: dict[str, Any]
    ) -> dict[str, Any]:
        """The computer's suggestions for the side to act (after the partial turn, if any); with
        ``version``, refused (409) once the game has moved on from it."""
        seats = self._mover(session, token, "ask for a hint")
        if "version" in body:  # the version the page shows: 409 once the game has left it
            expect_version(session, body)
        actions = actions_field(body, "actions", required=False)
        st = partial_turn(session, actions)
        if session.state.current_player not in seats:
            raise ApiError(403, "hints are for the side to act, and it is not your turn")
        if st.is_terminal() or (actions and st.turn > session.state.turn):
            raise ApiError(409, "that turn is already complete")
        levels = player_names()
        level = next((lv for lv in HINT_LEVELS if lv in levels), levels[0])
        budget = hint_budget(session.state.game.board.size)
        job = {**self._job(session, session.state), "partial": actions, "level": level}
        job["seed"] = session.row.seed
        job["limit"] = budget
        try:
            with self.hints.admit(session.id):
                suggestions = await self.pool.run(
                    "hint", job, key=session.id, timeout=self.hint_timeout
                )
        except TimeoutError:
            raise ApiError(503, "the computer took too long to find a hint") from None
        except JobCancelled:
            raise ApiError(
                409, "the game changed while the computer was looking for a hint"
            ) from None
        except JobFailed as exc:
            raise ApiError(
                503, f"the computer could not find a hint ({cut(str(exc), 200)})"
            ) from None
        return {"level": level, "suggestions": suggestions, "actions": actions, "budget": budget}

    # -- the computer --------------------------------------------------------
    def _kick(self, session: Session) -> None:
        """Start the computer's turn if it is the computer to act and it is not thinking yet."""
        st = session.state
        if st.is_terminal() or session.task is not None:
            return
        seat = st.current_player
        if seat < 0 or not session.computer_level(seat):
            return
        task = asyncio.get_running_loop().create_task(self._computer_turn(session))
        session.task = task
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _job(self, session: Session, state: State) -> dict[str, Any]:
        """What a worker needs to rebuild a position of this game."""
        return {
            "id": session.id,
            "game": session.row.game,
            "tags": session.row.tags,
            "actions": [int(a) for a in state.history],
        }

    async def _computer_turn(self, session: Session) -> None:
        """Think in a worker process, then store the turn if the game did not change meanwhile.

        Afterwards the computer looks again whether it is to act (after an undo or a resignation
        taken back while it thought, say), unless its move was refused, which would repeat.
        """
        again = False
        try:
            seat = session.state.current_player
            version = session.version
            st = session.state.copy()
            level = session.computer_level(seat)
            assert level is not None
            session.thinking = True
            session.computer_error = ""
            session.notify()
            job = {**self._job(session, st), "seat": seat, "level": level}
            job["seed"] = session.row.seed + seat
            actions: list[int] | None = None
            # the first turn of a game not warmed yet waits for its search to be compiled, once
            await self.warmer.ensure_search(session.row.game)
            # unless that failed (or there is no warm-up), the turn may have to compile it
            ready = self.warmer.search_ready(session.row.game)
            timeout = self.computer_timeout if ready else max(self.computer_timeout, 300.0)
            try:
                if session.version == version:
                    actions = await self.pool.run("turn", job, key=session.id, timeout=timeout)
            except JobCancelled:  # the game changed: look again below at who is to act
                pass
            except TimeoutError:
                log.warning("game %s: the computer ran out of time; playing at random", session.id)
                session.computer_error = (
                    f"the computer ran out of time ({timeout:g} s) and played this turn at random"
                )
                actions = make_player("random", seed=session.row.seed).choose_turn(st)
            except JobFailed as exc:  # a player's bug must not freeze the game
                log.error("game %s: the computer failed: %s", session.id, exc)
                session.computer_error = (
                    f"the computer failed ({cut(str(exc), 200)}); it plays at random instead"
                )
                actions = make_player("random", seed=session.row.seed).choose_turn(st)
            async with session.lock:
                session.thinking = False
                again = True
                if (
                    actions is None
                    or session.version != version
                    or session.state.current_player != seat
                ):
                    session.notify()
                else:
                    try:
                        self._commit_turn(session, seat, actions)
                    except ApiError as exc:
                        again = False
                        log.warning(
                            "game %s: the computer's move was not stored: %s",
                            session.id,
                            exc.message,
                        )
                        session.notify()
        finally:
            session.thinking = False
            session.task = None
        if again:
            self._kick(session)
