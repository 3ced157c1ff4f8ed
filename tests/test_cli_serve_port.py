"""``hexarena serve`` on a port already in use says so in one line, naming --port, before it
announces anything: it printed "serving on http://..." and then uvicorn's own error."""

from __future__ import annotations

import io
import socket
import time
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")

from hexarena.cli import main


def test_serve_on_a_port_in_use(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        db = f"sqlite:///{tmp_path / 'games.db'}"
        out = io.StringIO()
        args = ["serve", "--port", str(port), "--db", db, "--no-warm"]
        assert main(args, out=out) == 2
    captured = capsys.readouterr()
    assert "serving on" not in captured.out + out.getvalue()
    err = captured.err
    assert err.startswith(f"hexarena: error: cannot listen on 127.0.0.1:{port}: ")
    assert err.count("\n") == 1 and "--port" in err and "in use" in err


def test_serve_on_port_0_holds_a_free_port_from_its_announcement(tmp_path: Path) -> None:
    """``--port 0``: the server binds a free port before it announces it and holds it, so that
    a test (or a script) starting it learns a port no other process can take in between (the
    tests chose a free port and let the server bind it later: another test worker could take it
    first)."""
    import httpx2

    from hexarena.web.app import listen_socket
    from tests.browser.conftest import start_serving

    db = f"sqlite:///{tmp_path / 'games.db'}"
    proc, port = start_serving(["--port", "0", "--db", db, "--no-warm"], tmp_path)
    try:
        assert port > 0
        sock, problem = listen_socket("127.0.0.1", port)
        assert sock is None and "in use" in problem  # held from the announcement on
        for _ in range(600):  # bounded: the server answers once uvicorn runs
            try:
                if httpx2.get(f"http://127.0.0.1:{port}/api/meta", timeout=2).status_code == 200:
                    break
            except httpx2.HTTPError:
                pass
            time.sleep(0.1)
        assert httpx2.get(f"http://127.0.0.1:{port}/api/meta", timeout=30).status_code == 200
    finally:
        proc.kill()
        proc.wait(timeout=30)
