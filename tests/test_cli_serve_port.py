"""``hexarena serve`` on a port already in use says so in one line, naming --port, before it
announces anything: it printed "serving on http://..." and then uvicorn's own error."""

from __future__ import annotations

import io
import socket
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
