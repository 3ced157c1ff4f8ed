"""Browser tests: a real ``hexarena serve`` process driven by Playwright in Debian's Chromium.

The tests are marked ``browser``; they are skipped when Playwright or ``/usr/bin/chromium`` is
missing (install them with ``pip install playwright`` and ``apt-get install chromium``; the
browser is never downloaded). Set ``HEXARENA_SCREENSHOTS=DIR`` to save a picture of each game.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def pytest_configure(config: pytest.Config) -> None:
    """Register the ``browser`` marker."""
    config.addinivalue_line("markers", "browser: drives the web app in a headless Chromium")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """A ``hexarena serve`` child process on a free port over a database file."""

    def __init__(self, folder: Path) -> None:
        self.port = _free_port()
        self.db = f"sqlite:///{folder / 'games.db'}"
        self.folder = folder
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """Start the server and wait until it answers."""
        import httpx2

        cmd = [
            sys.executable,
            "-m",
            "hexarena.cli",
            "serve",
            "--port",
            str(self.port),
            "--db",
            self.db,
            "--no-warm",  # the test script compiled everything beforehand (hexarena warmup)
        ]
        self.proc = subprocess.Popen(cmd, cwd=self.folder)
        for _ in range(600):
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited with status {self.proc.returncode}")
            try:
                if httpx2.get(self.url + "/api/meta", timeout=2).status_code == 200:
                    return
            except httpx2.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def kill(self) -> None:
        """Stop the server abruptly (as a crash would)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(timeout=30)
        self.proc = None


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """A running server with an empty database."""
    pytest.importorskip("starlette", reason="the web app needs: pip install 'hexarena[web]'")
    pytest.importorskip("uvicorn", reason="the web app needs: pip install 'hexarena[web]'")
    srv = Server(tmp_path)
    srv.start()
    yield srv
    srv.kill()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """A headless Chromium (Debian's), shared by the session."""
    sync_api = pytest.importorskip("playwright.sync_api")
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is not installed (apt-get install chromium)")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    """A fresh browser context (its own storage: one person)."""
    ctx = browser.new_context(viewport={"width": 1300, "height": 860})
    ctx.set_default_timeout(120_000)
    yield ctx
    ctx.close()


#: Installed in a page (``page.add_init_script``): the answer to a whole turn sent from the
#: page (a POST to ``.../moves``) is held back until the page's move list has grown, which the
#: announcement of the turn (the event stream) brings first, and a second more. The page then
#: shows the new move list for that second while it is still busy with its own turn: the order
#: a loaded machine or a slow network gives now and then, made certain.
HOLD_TURN_ANSWERS = """(() => {
    const fetchNow = window.fetch;
    const listed = () => document.querySelectorAll('#moves li').length;
    window.fetch = async (url, init) => {
        if (!(init && init.method === 'POST' && /\\/moves$/.test(String(url)))) {
            return fetchNow(url, init);
        }
        const before = listed();
        const answer = await fetchNow(url, init);
        await new Promise((done) => {
            const timer = setInterval(() => {
                if (listed() > before) { clearInterval(timer); setTimeout(done, 1000); }
            }, 20);
        });
        return answer;
    };
})()"""


def hold_turn_answers(page: Any) -> None:
    """Make ``page`` (before it opens a game) hear of each of its turns through the event
    stream before the answer to the turn itself (:data:`HOLD_TURN_ANSWERS`)."""
    page.add_init_script(HOLD_TURN_ANSWERS)
