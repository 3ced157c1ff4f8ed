"""Seats that belong to their players: secrets, invitations, other-device links and names.

Whoever creates a game gets a secret token for their own seat only (both seats on one screen).
An online game's other seat is open until someone claims it with the invitation link
(``/game/ID#invite=CODE``): the code works once and gives that person a token of their own, so
from then on nobody else, the creator included, can act for that seat. A player can ask for a
link to continue on another device (``/game/ID#device=CODE``), also good for one use, and a
new invitation while the other seat is still open (the earlier one then stops working). Codes and
tokens travel in the URL's fragment (never sent to the server, so never in its logs), in the
``X-Seat-Token`` header, or in an ``HttpOnly; SameSite=Strict`` cookie scoped to the game's API
path; a token in a query string is refused. The database keeps only their digests.
"""

from __future__ import annotations

import secrets
import unicodedata
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse

from .storage import MAX_NAME, ClaimRefused, digest, seats_in

if TYPE_CHECKING:
    from .arena import Arena
    from .session import Session

#: The header a program sends its seat token in.
TOKEN_HEADER = "x-seat-token"
#: The longest code or token looked at (longer ones are refused unread).
MAX_SECRET = 100
#: A seat cookie lasts a year (the browser forgets it sooner if asked).
COOKIE_AGE = 365 * 24 * 3600


def new_secret() -> str:
    """A fresh random token or code (144 bits, URL-safe)."""
    return secrets.token_urlsafe(18)


def cookie_name(game_id: str) -> str:
    """The name of the cookie holding a browser's seat token for one game."""
    return f"hexarena_seat_{game_id}"


def request_token(request: Request, game_id: str | None) -> str | None:
    """The seat token of a request: from the ``X-Seat-Token`` header or the game's cookie.

    A request that carries two different tokens (the header and the cookie disagreeing, or the
    header given twice with different values) is refused (400), naming both places: it is
    ambiguous which seat it speaks for, and acting for either could act for the wrong person (a
    program's header taking over the seat a browser's cookie holds, or a stale header turning
    that browser into a watcher). The same token in both places is one credential. A token in
    the query string is refused (400): URLs end up in logs and browser history.
    """
    from .arena import ApiError

    if "token" in request.query_params:
        raise ApiError(
            400,
            "a seat token is never accepted in the address (addresses end up in logs and "
            "history); send it in the X-Seat-Token header",
        )
    headers = {t for t in request.headers.getlist(TOKEN_HEADER) if t}
    for t in headers:
        if len(t) > MAX_SECRET:
            raise ApiError(400, f"a seat token has at most {MAX_SECRET} characters")
    if len(headers) > 1:
        raise ApiError(
            400,
            "the X-Seat-Token header was sent more than once, with different tokens; send one",
        )
    cookie = request.cookies.get(cookie_name(game_id)) if game_id else None
    if cookie is not None and len(cookie) > MAX_SECRET:
        raise ApiError(400, f"a seat token has at most {MAX_SECRET} characters")
    header = next(iter(headers), None)
    if header and cookie and game_id and header != cookie:
        raise ApiError(
            400,
            f"this request carries two different seat tokens for game {game_id}, one in the "
            f"X-Seat-Token header and one in the seat cookie {cookie_name(game_id)}; send only "
            "one of them (a browser holding the cookie needs no header)",
        )
    return header or cookie or None


def seat_response(data: dict[str, Any]) -> JSONResponse:
    """The JSON answer giving someone a seat token, with the token also set as their cookie."""
    response = JSONResponse(data)
    game_id, token = data.get("id"), data.get("token")
    if isinstance(game_id, str) and isinstance(token, str):
        response.set_cookie(
            cookie_name(game_id),
            token,
            max_age=COOKIE_AGE,
            path=f"/api/games/{game_id}",
            httponly=True,
            samesite="strict",
        )
    return response


def clean_name(value: Any, what: str = "name") -> str:
    """A player's name from a request: at most :data:`MAX_NAME` characters, no control
    characters, spaces trimmed; ``None`` or blank means no name."""
    from .arena import ApiError

    if value is None:
        return ""
    if not isinstance(value, str):
        raise ApiError(400, f"{what!r} must be text (at most {MAX_NAME} characters)")
    name = value.strip()
    if len(name) > MAX_NAME:
        raise ApiError(400, f"{what!r} has at most {MAX_NAME} characters; this one has {len(name)}")
    if any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn") for c in name):
        raise ApiError(400, f"{what!r} may not contain control or unassigned characters")
    return name


def mask_of(seats: list[int] | tuple[int, ...] | set[int]) -> int:
    """The seat mask of a set of seats."""
    return sum(1 << s for s in set(seats))


async def claim(arena: Arena, session: Session, body: dict[str, Any]) -> dict[str, Any]:
    """Use an invitation or other-device code: a new token for its seats (once only)."""
    from .arena import ApiError

    code = body.get("code")
    if not isinstance(code, str) or not code or len(code) > MAX_SECRET:
        raise ApiError(400, "the request needs 'code': the code after #invite= or #device=")
    name = clean_name(body.get("name")) if "name" in body else None
    token = new_secret()
    try:
        result = arena.storage.claim(session.id, digest(code), digest(token), name or None)
    except ClaimRefused as exc:
        if exc.used:
            raise ApiError(
                409, "that link has already been used: the seat belongs to whoever used it"
            ) from None
        raise ApiError(403, f"that code is not valid for game {session.id}") from None
    except ValueError as exc:
        raise ApiError(400, str(exc)) from None
    await arena.refresh(session)
    return {
        "id": session.id,
        "token": token,
        "you": seats_in(result.seats),
        "kind": result.kind,
        "version": result.version,
    }


def invite_link(arena: Arena, session: Session, token: str | None) -> dict[str, Any]:
    """A new invitation to an online game's open seat, for a player of the game (the earlier
    invitation stops working): for a creator who lost the first one."""
    from .arena import ApiError

    arena._mover(session, token, "invite someone")
    if session.row.mode != "online":
        raise ApiError(409, "only a game between two people apart has an invitation")
    open_seats = [s for s in (0, 1) if not session.row.claimed(s)]
    if not open_seats:
        raise ApiError(409, "both seats are taken: there is nobody left to invite")
    code = new_secret()
    arena.storage.add_code(session.id, digest(code), mask_of(open_seats), "invite")
    return {"link": f"/game/{session.id}#invite={code}"}


def device_link(arena: Arena, session: Session, token: str | None) -> dict[str, Any]:
    """A one-time link that lets the holder of a seat continue on another device."""
    seats = arena._mover(session, token, "get a link for another device")
    code = new_secret()
    arena.storage.add_code(session.id, digest(code), mask_of(seats), "device")
    return {"link": f"/game/{session.id}#device={code}", "you": sorted(seats)}
