"""The ASGI application: the JSON API, live updates (server-sent events) and the page.

Every answer of the API is JSON; a refused request answers ``{"error": "..."}`` with a 4xx status
and changes nothing. Seat tokens travel in the ``X-Seat-Token`` header or the game's seat cookie
(never in the URL: see ``seats``); without one a request sees the game as a spectator. Every
request passes :class:`~hexarena.web.guard.Guard` first (hosts, origins, body size, rates,
security headers). See ``docs/web.md``.
"""

from __future__ import annotations

import asyncio
import errno
import json
import logging
import socket
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import (
    FileResponse,
    JSONResponse,
    PlainTextResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from . import pages, views
from . import seats as seat_links
from .arena import ApiError, Arena, known_fields
from .bounds import bounded_json, cut, game_ids
from .guard import Guard, GuardConfig
from .seats import request_token, seat_response
from .storage import open_storage, redact_url
from .swapmaps import SwapMaps
from .teaching import TeachingError, guide, guide_try, has_lesson, rules, rules_text
from .workers import ComputerPool

log = logging.getLogger("hexarena.web")

STATIC = Path(__file__).parent / "static"
#: Seconds between keep-alive comments on an event stream (and checks for changes elsewhere).
KEEPALIVE = 5.0

Handler = Callable[[Request], Awaitable[Response]]


def _token(request: Request) -> str | None:
    return request_token(request, request.path_params.get("game_id"))


async def _body(request: Request, fields: tuple[str, ...] | None = None) -> dict[str, Any]:
    """The request's JSON object (bounded in depth and list lengths), or a 400 error; with
    ``fields``, a field not among them is refused (rather than dropped unseen)."""
    raw = await request.body()  # at most the guard's max_body, already read
    if not raw.strip():
        return {}
    data = bounded_json(raw)
    if not isinstance(data, dict):
        raise ApiError(400, "the request body must be a JSON object")
    if fields is not None:
        known_fields(data, fields)
    return data


def _int_param(request: Request, name: str, default: int | None) -> int | None:
    """The whole number the query gives as ``name`` (``default`` when it is absent or empty);
    400 when it is not a whole number or is given more than once (which would be ambiguous)."""
    if len(request.query_params.getlist(name)) > 1:
        raise ApiError(400, f"query parameter {name} given twice: give it once")
    text = request.query_params.get(name)
    if text is None or text == "":
        return default
    try:
        return int(text)
    except ValueError:
        raise ApiError(
            400, f"query parameter {name} must be a whole number, not {text[:40]!r}"
        ) from None


def create_app(
    db: str = "sqlite:///hexarena.db",
    *,
    computer_timeout: float = 30.0,
    guard: GuardConfig | None = None,
    pool: ComputerPool | None = None,
    workers: int = 2,
    warm: bool = False,
    reports: str | Path | None = None,
) -> Starlette:
    """The web app storing games in the database at URL ``db``.

    ``guard`` says which host names it answers to and its limits; the computer players think in
    ``pool`` (or a pool of ``workers`` processes of its own). With ``warm`` every game's
    kernels and search compile in the background from the start. The game page's swap maps come
    from the analysis reports in the folder ``reports`` (default: the published ones).
    """
    storage = open_storage(db)
    arena = Arena(
        storage, computer_timeout=computer_timeout, workers=workers, pool=pool, warm_search=warm
    )

    swap_maps = SwapMaps(reports)

    def api(fn: Callable[[Request], Awaitable[Any]]) -> Handler:
        async def handler(request: Request) -> Response:
            try:
                request_token(request, None)  # refuses a token in the query string
                result = await fn(request)
            except ApiError as exc:
                return JSONResponse(
                    {"error": exc.message}, status_code=exc.status, headers=exc.headers
                )
            except Exception as exc:  # a bug: say so in JSON and keep the details in the log
                log.exception("%s %s failed", request.method, request.url.path)
                message = f"internal error ({type(exc).__name__}); the server log has the details"
                return JSONResponse({"error": message}, status_code=500)
            if isinstance(result, Response):
                return result
            return JSONResponse(result)

        return handler

    async def game_of(request: Request) -> Any:
        if request.url.path == "/api/games/import":  # the route of imports takes only POST
            raise pages.not_allowed(request, routes)
        return await arena.get(request.path_params["game_id"])

    # -- endpoints ------------------------------------------------------------
    async def meta(request: Request) -> Any:
        return arena.meta()

    async def list_games(request: Request) -> Any:
        params = request.query_params
        unknown = sorted(set(params) - {"limit", "ids"})
        if unknown:
            name = cut(unknown[0], 40)
            raise ApiError(400, f"unknown query parameter {name!r}: this list takes limit or ids")
        if "ids" in params:  # where the games of "my games" stand now
            if "limit" in params:
                raise ApiError(400, "give either ids (those games) or limit (recent games)")
            return await arena.states(game_ids(params.getlist("ids")))
        limit = _int_param(request, "limit", 20)
        assert limit is not None
        if not 1 <= limit <= 200:
            raise ApiError(400, f"limit must be 1..200, not {limit}")
        return {"games": arena.recent(limit)}

    async def create(request: Request) -> Any:
        return seat_response(await arena.create(await _body(request)))

    async def import_record(request: Request) -> Any:
        return seat_response(await arena.import_record(await _body(request)))

    async def claim(request: Request) -> Any:
        session = await game_of(request)
        return seat_response(
            await seat_links.claim(arena, session, await _body(request, ("code", "name")))
        )

    async def device(request: Request) -> Any:
        session = await game_of(request)
        return seat_links.device_link(arena, session, _token(request))

    async def invite(request: Request) -> Any:
        session = await game_of(request)
        return seat_links.invite_link(arena, session, _token(request))

    async def show(request: Request) -> Any:
        session = await game_of(request)
        data = views.view(session, _token(request))
        progress = arena.warmer.meta()
        data["warming"] = {
            "ready": arena.warmer.is_ready(session.row.game),
            "games_ready": progress["ready"],
            "games": progress["total"],
        }
        # the page asks for the swap map only where one exists (a 404 is an error in its console)
        data["swap_map"] = await asyncio.to_thread(swap_maps.has, data["game"], data["options"])
        return data

    async def board(request: Request) -> Any:
        return views.board(await game_of(request))

    async def moves(request: Request) -> Any:
        session = await game_of(request)
        count = _int_param(request, "count", 100)
        assert count is not None
        return views.moves_page(session, _int_param(request, "start", None), count)

    async def position(request: Request) -> Any:
        session = await game_of(request)
        turn = _int_param(request, "turn", len(session.moves))
        assert turn is not None
        return views.position_after(session, turn)

    async def continuations(request: Request) -> Any:
        session = await game_of(request)
        return views.continuations(session, await _body(request, ("actions", "version")))

    async def play(request: Request) -> Any:
        session = await game_of(request)
        return await arena.play(
            session, _token(request), await _body(request, ("actions", "version"))
        )

    async def undo(request: Request) -> Any:
        session = await game_of(request)
        return await arena.undo(session, _token(request), await _body(request, ("version",)))

    async def resign(request: Request) -> Any:
        session = await game_of(request)
        return await arena.resign(
            session, _token(request), await _body(request, ("version", "seat"))
        )

    async def hint(request: Request) -> Any:
        session = await game_of(request)
        return await arena.hint(
            session, _token(request), await _body(request, ("actions", "version"))
        )

    async def record(request: Request) -> Any:
        session = await game_of(request)
        text = arena.record(session)
        name = f"{session.game.name}-{session.id}.txt"
        return PlainTextResponse(
            text, headers={"Content-Disposition": f'attachment; filename="{name}"'}
        )

    async def events(request: Request) -> Any:
        session = await game_of(request)

        async def stream() -> AsyncIterator[str]:
            session.watchers += 1
            try:
                async for chunk in updates():
                    yield chunk
            finally:
                session.watchers -= 1

        async def updates() -> AsyncIterator[str]:
            yield "retry: 2000\n\n"
            while not arena.stopping:
                changed = session.changed
                data = {
                    "version": session.version,
                    "thinking": session.thinking,
                    "turns": len(session.moves),
                }
                yield f"event: update\ndata: {json.dumps(data)}\n\n"
                while True:
                    try:
                        await asyncio.wait_for(changed.wait(), KEEPALIVE)
                        if arena.stopping:
                            return
                        break
                    except TimeoutError:
                        if await arena.refresh(session):  # changed by another server process
                            break
                        yield ": keep-alive\n\n"

        headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
        return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)

    async def page(request: Request) -> Response:
        game_id = request.path_params.get("game_id")
        missing = game_id is not None and not await asyncio.to_thread(arena.exists, game_id)
        return FileResponse(  # a missing game's page says so, with a way to a new game
            STATIC / "index.html",
            status_code=404 if missing else 200,
            headers={"Cache-Control": "no-cache"},
        )

    async def swap_map(request: Request) -> Any:
        name = request.path_params["game"]
        items = request.query_params.multi_items()
        entry = await asyncio.to_thread(swap_maps.lookup_query, name, items)
        return JSONResponse(entry, headers={"Cache-Control": "public, max-age=3600"})

    # -- teaching: rules pages and guided first games (positions built by the engine) ---------
    async def engine_of(request: Request) -> None:
        """Wait until the game's rules are loaded: through the warm-up (once, however many ask;
        compiled in a worker where the server warms), asked for now if it has not reached the
        game, rather than compiled in this process beside it (which also held up the event
        loop)."""
        name = request.path_params["game"]
        if has_lesson(name):
            await arena.warmer.ensure(name)

    def teach(fn: Callable[[Request], Any]) -> Handler:
        async def run(request: Request) -> Any:
            await engine_of(request)
            try:  # building positions runs the engine: keep it off the event loop
                return await asyncio.to_thread(fn, request)
            except TeachingError as exc:
                raise ApiError(exc.status, exc.message) from None

        return api(run)

    async def rules_words(request: Request) -> Any:
        name = request.path_params["game"]
        try:
            # from no engine, but it may import the game's module: off the event loop
            data = await asyncio.to_thread(rules_text, name)
        except TeachingError as exc:
            raise ApiError(exc.status, exc.message) from None
        # whether the pictures come at once, or the page should say what they wait for
        return {**data, "engine_ready": arena.warmer.rules_loaded(name)}

    def learn_step(request: Request) -> int:
        text = request.path_params["step"]
        if not text.isdigit() or len(text) > 3:
            raise TeachingError(404, f"there is no step {text[:10]!r}")
        return int(text) - 1

    async def learn_try(request: Request) -> Any:
        body = await _body(request, ("actions",))
        await engine_of(request)
        try:
            name, step = request.path_params["game"], learn_step(request)
            return await asyncio.to_thread(guide_try, name, step, body)
        except TeachingError as exc:
            raise ApiError(exc.status, exc.message) from None

    async def icon(request: Request) -> Response:
        # browsers ask for /favicon.ico when a page names no icon (a JSON answer, a record)
        return FileResponse(
            STATIC / "icon.svg",
            media_type="image/svg+xml",
            headers={"Cache-Control": "public, max-age=86400"},
        )

    async def teaching_page(request: Request) -> Response:
        known = has_lesson(request.path_params["game"])
        return FileResponse(  # an unknown game's page says so, with links to the games
            STATIC / "learn.html",
            status_code=200 if known else 404,
            headers={"Cache-Control": "no-cache"},
        )

    async def not_found(request: Request, exc: Exception) -> Response:
        status = exc.status_code if isinstance(exc, HTTPException) else 500
        detail = exc.detail if isinstance(exc, HTTPException) else "internal error"
        if status == 405:
            return pages.refusal_response(request, pages.not_allowed(request, routes))
        if status == 404 and not request.url.path.startswith("/api/"):
            return pages.no_page(request.url.path)
        if request.url.path.startswith("/api/"):
            message = {
                404: f"there is no API endpoint {cut(request.url.path, pages.PATH_ECHO)}",
            }.get(status, str(detail))
            return JSONResponse({"error": message}, status_code=status)
        return PlainTextResponse(str(detail), status_code=status)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        arena.listen()
        if warm:
            arena.warmer.start()
        yield
        arena.close()

    g = "/api/games/{game_id}"
    routes = [
        Route("/", page),
        Route("/favicon.ico", icon),
        Route("/game/{game_id}", page),
        Route("/rules/{game}", teaching_page),
        Route("/learn/{game}", teaching_page),
        Route("/api/rules/{game}", teach(lambda r: rules(r.path_params["game"]))),
        # the words alone, from no engine: shown while the pictures are built
        Route("/api/rules/{game}/text", api(rules_words)),
        Route("/api/learn/{game}", teach(lambda r: guide(r.path_params["game"]))),
        Route("/api/learn/{game}/{step}", api(learn_try), methods=["POST"]),
        Route("/api/meta", api(meta)),
        Route("/api/swap-maps/{game}", api(swap_map), methods=["GET"]),
        Route("/api/games", api(list_games), methods=["GET"]),
        Route("/api/games", api(create), methods=["POST"]),
        Route("/api/games/import", api(import_record), methods=["POST"]),
        Route(g, api(show)),
        Route(g + "/board", api(board)),
        Route(g + "/moves", api(moves), methods=["GET"]),
        Route(g + "/moves", api(play), methods=["POST"]),
        Route(g + "/position", api(position)),
        Route(g + "/continuations", api(continuations), methods=["POST"]),
        Route(g + "/undo", api(undo), methods=["POST"]),
        Route(g + "/resign", api(resign), methods=["POST"]),
        Route(g + "/hint", api(hint), methods=["POST"]),
        Route(g + "/claim", api(claim), methods=["POST"]),
        Route(g + "/device", api(device), methods=["POST"]),
        Route(g + "/invite", api(invite), methods=["POST"]),
        Route(g + "/record", api(record)),
        Route(g + "/events", api(events)),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={HTTPException: not_found},
        middleware=[Middleware(Guard, config=guard)],
    )
    app.state.arena = arena
    return app


def listen_socket(host: str, port: int) -> tuple[socket.socket | None, str]:
    """A socket bound to ``host``:``port`` and listening (port 0: a free port the system
    chooses), for uvicorn to serve on, or ``None`` and why (a port in use, say).

    :func:`serve` binds it before it announces its address, so that it never announces one it
    cannot use, and holds it from then on: no other process can take the port before the server
    answers on it (uvicorn bound the port itself, after the check and the announcement).
    """
    try:
        family, kind, proto, _, addr = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except OSError as exc:
        return None, f"the address {host!r} cannot be used ({exc})"
    s = socket.socket(family, kind, proto)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does
    try:
        s.bind(addr)
        s.listen(2048)  # uvicorn's backlog
    except OSError as exc:
        s.close()
        return None, exc.strerror or str(exc)
    return s, ""


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str = "sqlite:///hexarena.db",
    *,
    allowed_hosts: tuple[str, ...] = (),
    warm: bool = True,
    guard: GuardConfig | None = None,
    reports: str | Path | None = None,
) -> None:
    """Run the app with uvicorn until interrupted.

    It answers to ``localhost`` and the loopback addresses, the address it listens on, and
    ``allowed_hosts``; its swap maps come from ``reports`` (see :func:`create_app`).
    """
    import uvicorn

    base = guard or GuardConfig()
    names = (*base.allowed_hosts, *allowed_hosts)
    if host not in ("0.0.0.0", "::"):
        names = (*names, host)
    config_guard = GuardConfig(
        allowed_hosts=names,
        max_body=base.max_body,
        create_rate=base.create_rate,
        move_rate=base.move_rate,
    )
    app = create_app(db, guard=config_guard, warm=warm, reports=reports)
    sock, problem = listen_socket(host, port)
    if sock is None:
        app.state.arena.close()
        raise OSError(
            errno.EADDRINUSE,
            f"cannot listen on {host}:{port}: {problem}; is a server already running there? "
            "Choose another port with --port",
        )
    arena: Arena = app.state.arena

    class Server(uvicorn.Server):
        """Uvicorn, ending the event streams as soon as it is asked to stop."""

        def handle_exit(self, sig: int, frame: Any) -> None:
            arena.stop_streams()
            super().handle_exit(sig, frame)

    port = sock.getsockname()[1]  # the one chosen, for port 0
    config = uvicorn.Config(
        app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=5
    )
    where = redact_url(db)
    print(f"hexarena: serving on http://{host}:{port}/ (games stored in {where})", flush=True)
    if warm:
        print("hexarena: getting the computer players ready in the background", flush=True)
    try:
        Server(config).run(sockets=[sock])
    finally:
        sock.close()
