"""What stands between the network and the app: hosts, origins, body size, rates and headers.

:class:`Guard` is an ASGI middleware wrapped around the whole app. Before a request reaches a
route it checks, in order:

- the ``Host`` header names this server (a DNS-rebinding page cannot talk to it): else 421;
- no seat token in the query string (addresses end up in logs and history): else 400;
- a state-changing request (``POST``, ``PUT``, ``PATCH``, ``DELETE``) says ``application/json``
  (a plain HTML form or a "simple" cross-site request cannot): else 415; and an ``Origin``
  header, when the browser sends one, is this server's: else 403;
- its body is at most :attr:`GuardConfig.max_body` bytes, counted while it streams in (a larger
  body is refused at once, never read whole): else 413 (its JSON is bounded by
  :func:`hexarena.web.bounds.bounded_json` when the app reads it);
- the client is within its rate for creating games and for moves: else 429 with
  ``Retry-After``.

Every answer leaves with the security headers (:data:`SECURITY_HEADERS`): a content security
policy with no inline script or style and no framing, ``nosniff`` and a strict referrer policy;
and with ``Server-Timing: app;dur=MS``, the milliseconds from the request's arrival to its
answer inside the server (the soak script compares it with what clients see).
Refusals are ``{"error": "..."}`` like the rest of the API, and never repeat more than
:data:`hexarena.web.bounds.ECHO` characters of what the client sent.
"""

from __future__ import annotations

import json
import math
import re
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from .bounds import RequestRefused, cut

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: Methods that change something, and so need JSON and a same-site origin.
CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})

#: Sent with every answer. The page loads its script and style from files only.
SECURITY_HEADERS: tuple[tuple[str, str], ...] = (
    (
        "content-security-policy",
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
        "frame-ancestors 'none'",
    ),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
    ("x-frame-options", "DENY"),
    ("cross-origin-opener-policy", "same-origin"),
)


# --------------------------------------------------------------------------- rates
@dataclass(frozen=True)
class Rate:
    """A token bucket: ``burst`` requests at once, then one every ``1 / per_second`` seconds."""

    burst: int
    per_second: float


@dataclass
class _Bucket:
    tokens: float
    stamp: float


class RateLimiter:
    """Token buckets per client address, the least recently seen forgotten past ``clients``."""

    def __init__(self, rate: Rate, clients: int = 10_000) -> None:
        self.rate = rate
        self.clients = clients
        self._buckets: OrderedDict[str, _Bucket] = OrderedDict()

    def take(self, client: str, now: float | None = None) -> float:
        """Spend one request for ``client``: 0 if allowed, else the seconds until it would be."""
        now = time.monotonic() if now is None else now
        b = self._buckets.pop(client, None)
        if b is None:
            b = _Bucket(float(self.rate.burst), now)
        b.tokens = min(float(self.rate.burst), b.tokens + (now - b.stamp) * self.rate.per_second)
        b.stamp = now
        self._buckets[client] = b
        while len(self._buckets) > self.clients:
            self._buckets.popitem(last=False)
        if b.tokens >= 1.0:
            b.tokens -= 1.0
            return 0.0
        return (1.0 - b.tokens) / self.rate.per_second


# --------------------------------------------------------------------------- the middleware
@dataclass(frozen=True)
class GuardConfig:
    """What the guard lets through. ``allowed_hosts`` may hold ``*`` (any host: behind a proxy
    that checks it) and names starting with ``.`` (that domain and its subdomains)."""

    allowed_hosts: tuple[str, ...] = ("localhost", "127.0.0.1", "::1")
    max_body: int = 2_000_000
    create_rate: Rate = field(default_factory=lambda: Rate(burst=20, per_second=1 / 3))
    move_rate: Rate = field(default_factory=lambda: Rate(burst=120, per_second=10.0))
    #: Event streams open at once from one address, and in all (each holds a connection).
    streams_per_client: int = 16
    streams_total: int = 2000


def _split_host(host: str) -> str:
    """The name of a ``Host`` header without its port (``[::1]:8000`` → ``::1``)."""
    host = host.strip().lower()
    if host.startswith("["):
        end = host.find("]")
        return host[1:end] if end > 0 else host
    if host.count(":") == 1:
        return host.split(":", 1)[0]
    return host


def _is_game_creation(method: str, path: str) -> bool:
    return method == "POST" and path.rstrip("/") in ("/api/games", "/api/games/import")


_STREAM_PATH = re.compile(r"^/api/games/[^/]+/events/?$")
_MOVE_PATH = re.compile(r"^/api/games/[^/]+/(moves|undo|resign|hint|continuations)/?$")


class Guard:
    """The ASGI middleware checking every request before the app sees it (see the module)."""

    def __init__(self, app: ASGIApp, config: GuardConfig | None = None) -> None:
        self.app = app
        self.config = config or GuardConfig()
        self.hosts = {h.lower().strip("[]") for h in self.config.allowed_hosts}
        self.creates = RateLimiter(self.config.create_rate)
        self.moves = RateLimiter(self.config.move_rate)
        #: Open event streams by client address.
        self.streams: dict[str, int] = {}

    # -- checks -----------------------------------------------------------------
    def host_allowed(self, host: str) -> bool:
        """Whether a ``Host`` header's name is one this server answers to."""
        if "*" in self.hosts:
            return True
        name = _split_host(host)
        if name in self.hosts:
            return True
        return any(h.startswith(".") and (name == h[1:] or name.endswith(h)) for h in self.hosts)

    def _check(self, scope: Scope, headers: dict[str, str]) -> None:
        method = scope["method"]
        path = scope["path"]
        host = headers.get("host", "")
        if not self.host_allowed(host):
            raise RequestRefused(
                421, f"this server does not answer to the host name {cut(host, 100)!r}"
            )
        query = scope.get("query_string", b"").decode("latin-1")
        if query and any(k.lower() == "token" for k, _ in parse_qsl(query)):
            raise RequestRefused(
                400,
                "a seat token is never accepted in the address (addresses end up in logs and "
                "history); send it in the X-Seat-Token header",
            )
        if method in CHANGING:
            ctype = headers.get("content-type", "").split(";", 1)[0].strip().lower()
            empty = headers.get("content-length") in (None, "0")
            bodiless = method == "DELETE" and not ctype and empty
            if ctype != "application/json" and not bodiless:
                raise RequestRefused(
                    415,
                    f"a {method} request must send JSON with Content-Type: application/json, "
                    f"not {cut(ctype, 100) or 'no content type'!r}",
                )
            origin = headers.get("origin")
            if origin is not None and not self._same_origin(origin, scope, host):
                raise RequestRefused(
                    403, f"requests from another site ({cut(origin, 100)}) may not change games"
                )
            if headers.get("sec-fetch-site") == "cross-site":
                raise RequestRefused(403, "requests from another site may not change games")
            length = headers.get("content-length", "")
            if length.isdigit() and (len(length) > 15 or int(length) > self.config.max_body):
                raise self._too_large()
        client = (scope.get("client") or ("unknown", 0))[0]
        if _is_game_creation(method, path):
            self._rate(self.creates, client, "new games")
        elif method in CHANGING and _MOVE_PATH.match(path):
            self._rate(self.moves, client, "moves")

    def _same_origin(self, origin: str, scope: Scope, host: str) -> bool:
        if origin == "null":
            return False
        parts = urlsplit(origin)
        if not parts.hostname or not self.host_allowed(parts.netloc):
            return False
        return parts.netloc.lower() == host.strip().lower()

    @staticmethod
    def _rate(limiter: RateLimiter, client: str, what: str) -> None:
        wait = limiter.take(client)
        if wait > 0:
            seconds = max(1, math.ceil(wait))
            raise RequestRefused(
                429,
                f"too many {what} from this address; try again in {seconds} s",
                {"retry-after": str(seconds)},
            )

    def _too_large(self) -> RequestRefused:
        return RequestRefused(
            413, f"the request body is larger than {self.config.max_body:,} bytes"
        )

    # -- ASGI -------------------------------------------------------------------
    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        start = time.perf_counter()

        async def send_secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {bytes(k).lower() for k, _ in message.get("headers", [])}
                extra = [
                    (k.encode(), v.encode()) for k, v in SECURITY_HEADERS if k.encode() not in names
                ]
                took = 1000 * (time.perf_counter() - start)
                extra.append((b"server-timing", f"app;dur={took:.1f}".encode()))
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        try:
            self._check(scope, headers)
            if scope["method"] in CHANGING:
                receive = await self._buffered(receive)
        except RequestRefused as exc:
            await refuse(send_secured, exc)
            return
        if scope["method"] == "GET" and _STREAM_PATH.match(scope["path"]):
            await self._stream(scope, receive, send_secured)
            return
        await self.app(scope, receive, send_secured)

    async def _stream(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Serve an event stream if the address and the server have room for another."""
        client = (scope.get("client") or ("unknown", 0))[0]
        mine = self.streams.get(client, 0)
        if mine >= self.config.streams_per_client:
            await refuse(
                send,
                RequestRefused(
                    429,
                    f"this address already watches {mine} games live (at most "
                    f"{self.config.streams_per_client}); close one first",
                    {"retry-after": "10"},
                ),
            )
            return
        if sum(self.streams.values()) >= self.config.streams_total:
            await refuse(
                send,
                RequestRefused(
                    503,
                    "the server is watching as many games live as it can; try again soon",
                    {"retry-after": "10"},
                ),
            )
            return
        self.streams[client] = mine + 1
        try:
            await self.app(scope, receive, send)
        finally:
            left = self.streams[client] - 1
            if left:
                self.streams[client] = left
            else:
                del self.streams[client]

    async def _buffered(self, receive: Receive) -> Receive:
        """Read the body up to the cap (refusing the rest unread), check its JSON depth, and
        hand it to the app as one message."""
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                raise RequestRefused(400, "the client went away while sending the request")
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.config.max_body:
                raise self._too_large()
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        return replay


async def refuse(send: Send, exc: RequestRefused) -> None:
    """Answer a refused request with its status and ``{"error": message}``."""
    payload = json.dumps({"error": exc.message}).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(payload)).encode()),
    ]
    headers += [(k.encode(), v.encode()) for k, v in exc.headers.items()]
    if exc.status == 413:
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": exc.status, "headers": headers})
    await send({"type": "http.response.body", "body": payload})
