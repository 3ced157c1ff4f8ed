"""Browser tests: a real ``hexarena serve`` process driven by Playwright in Debian's Chromium.

The tests are marked ``browser``; they are skipped when Playwright or ``/usr/bin/chromium`` is
missing (install them with ``pip install playwright`` and ``apt-get install chromium``; the
browser is never downloaded). Set ``HEXARENA_SCREENSHOTS=DIR`` to save a picture of each game.
"""

from __future__ import annotations

import os
import queue
import re
import signal
import subprocess
import sys
import threading
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


def start_serving(args: list[str], cwd: Path) -> tuple[subprocess.Popen[bytes], int]:
    """``hexarena serve ARGS`` started as a child process; it and its port, read from the line
    that announces its address (``--port 0`` in ``args``: a free port chosen by the server,
    which holds it from then on; a port chosen free here could be taken by another process
    before the server bound it). Its output is passed on."""
    cmd = [sys.executable, "-m", "hexarena.cli", "serve", *args]
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE)
    lines: queue.Queue[bytes] = queue.Queue()

    def pass_on() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.put(line)
            sys.stdout.buffer.write(line)
            sys.stdout.flush()
        lines.put(b"")

    threading.Thread(target=pass_on, daemon=True).start()
    while True:
        try:  # bounded: a server that says nothing is not waited for for ever
            line = lines.get(timeout=600).decode(errors="replace")
        except queue.Empty:
            proc.kill()
            raise RuntimeError("the server did not announce its address") from None
        if not line:
            proc.wait(timeout=30)
            raise RuntimeError(f"the server exited with status {proc.returncode}")
        found = re.search(r"serving on http://[^/]*:(\d+)/", line)
        if found is not None:
            return proc, int(found.group(1))


class Server:
    """A ``hexarena serve`` child process on a free port over a database file."""

    def __init__(self, folder: Path) -> None:
        self.port = 0  # chosen by the server at its first start
        self.db = f"sqlite:///{folder / 'games.db'}"
        self.folder = folder
        self.url = ""
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """Start the server (again on the port of its first start) and wait until it answers."""
        import httpx2

        args = ["--port", str(self.port), "--db", self.db]
        args.append("--no-warm")  # the test script compiled everything beforehand (warmup)
        self.proc, self.port = start_serving(args, self.folder)
        self.url = f"http://127.0.0.1:{self.port}"
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
