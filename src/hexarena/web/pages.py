"""The web app's answers for pages and routes that are not there: 404 and 405.

A page of something that does not exist (a game id never stored, the rules of a game there is
not) answers 404 with the page itself, whose script says what is missing and offers a way back;
an address that names no page at all answers 404 with a short page saying so, with links home
and to the rules. A method that a route does not take answers 405 with an ``Allow`` header
naming every method that the routes of that address take, and in the API a JSON error that
names them too. See ``docs/web.md``.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Mount, Route

from .bounds import RequestRefused, cut

#: Characters of a requested address that an error repeats.
PATH_ECHO = 80

_NO_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>No such page — hexarena</title>
<link rel="icon" href="/static/icon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/static/style.css">
</head>
<body>
<header><a href="/" class="brand">hexarena</a></header>
<main><section class="panel">
<h2>No such page</h2>
<p>There is no page at <code>{path}</code> here.</p>
<p><a class="button primary" href="/">New game</a> <a class="button" href="/rules/churn">How to
play</a></p>
</section></main>
</body>
</html>
"""


def no_page(path: str) -> HTMLResponse:
    """The 404 page for an address that names no page: says so, with a way back."""
    shown = html.escape(cut(path, PATH_ECHO))
    return HTMLResponse(_NO_PAGE.format(path=shown), status_code=404)


def allowed_methods(routes: Sequence[BaseRoute], path: str) -> list[str]:
    """Every method that some route of ``path`` takes (several routes may share a path, one per
    method), in a fixed order. Routes that spell the path out (``/api/games/import``) come
    before those that match it with a parameter (``/api/games/{game_id}``)."""
    literal: set[str] = set()
    methods: set[str] = set()
    for route in routes:
        if isinstance(route, Route) and route.path_regex.match(path):
            (methods if route.param_convertors else literal).update(route.methods or ())
        elif isinstance(route, Mount) and route.path_regex.match(path):
            methods |= {"GET", "HEAD"}  # the static files
    order = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]
    return sorted(literal or methods, key=lambda m: order.index(m) if m in order else len(order))


def not_allowed(request: Request, routes: Sequence[BaseRoute]) -> RequestRefused:
    """The 405 refusal: ``Allow`` names the methods the address takes, and so does the message."""
    path = request.url.path
    methods = allowed_methods(routes, path)
    use = ", ".join(m for m in methods if m != "HEAD")
    message = f"{request.method} is not allowed on {cut(path, PATH_ECHO)}; use {use}"
    return RequestRefused(405, message, {"Allow": ", ".join(methods)})


def refusal_response(request: Request, refused: RequestRefused) -> Response:
    """A refusal as the API's JSON error, or as plain text outside the API."""
    if request.url.path.startswith("/api/"):
        return JSONResponse(
            {"error": refused.message}, status_code=refused.status, headers=refused.headers
        )
    return PlainTextResponse(refused.message, status_code=refused.status, headers=refused.headers)
