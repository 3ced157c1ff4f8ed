"""The browser app: ``hexarena serve`` starts it (see ``docs/web.md``).

:func:`create_app` builds the ASGI application over a database URL; :func:`serve` runs it with
uvicorn. Starlette and uvicorn come with the ``web`` extra (``pip install hexarena[web]``).
"""

from __future__ import annotations

from .app import create_app, serve

__all__ = ["create_app", "serve"]
