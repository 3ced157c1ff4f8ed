"""The web tests' client raises no warning: Starlette's ``TestClient`` warns that
using ``httpx`` with it is deprecated and asks for ``httpx2`` instead (Starlette 1.x,
``starlette/testclient.py``), which the project's ``test`` extra installs. (The warning is a
``StarletteDeprecationWarning``, a ``UserWarning``: filters on ``DeprecationWarning`` never
caught it.)"""

from __future__ import annotations

import subprocess
import sys

import pytest

pytest.importorskip("starlette")


def test_starlette_testclient_imports_without_a_deprecation_warning() -> None:
    code = "import starlette.testclient as t; print(t.httpx.__name__)"
    done = subprocess.run(
        [sys.executable, "-W", "error", "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["httpx2"]
