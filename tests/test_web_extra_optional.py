"""The web app's tests are collected without the ``web`` extra: each one that needs Starlette is
skipped, none stops the collection. ``tests/test_web_import.py`` imported Starlette's test
client at its top, and without the extra the whole run stopped on its import error; the web
tests now take their client from ``tests/conftest.py``, which imports the extra on asking."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_web_tests_collect_without_the_web_extra() -> None:
    files = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests").glob("test_web_*.py"))
    assert len(files) >= 10
    code = (
        "import sys\n"
        "for m in ('starlette', 'starlette.testclient', 'uvicorn'): sys.modules[m] = None\n"
        "import pytest\n"
        "sys.exit(pytest.main(['--collect-only', '-q', '-p', 'no:cacheprovider', *sys.argv[1:]]))\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code, *files],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode in (0, 5), run.stdout[-3000:]  # 5: every test skipped, none collected
    assert "error" not in run.stdout.lower().splitlines()[-1], run.stdout[-3000:]
