"""The ``rl`` extra: the default install stays lean (neither its dependencies nor its imports
need OpenSpiel, PettingZoo or Gymnasium), and where the extra is meant to be installed (the
test script sets ``HEXARENA_REQUIRE_RL``) its tests cannot be skipped for want of it."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RL = ("pyspiel", "open_spiel", "pettingzoo", "gymnasium")


def test_the_default_dependencies_leave_out_the_rl_libraries() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    default = " ".join(project["dependencies"]).lower()
    for name in ("open-spiel", "open_spiel", "pettingzoo", "gymnasium"):
        assert name not in default
    assert sorted(project["optional-dependencies"]["rl"]) == [
        "gymnasium>=1.0",
        "open-spiel>=2.0",
        "pettingzoo>=1.25",
    ]


def test_the_package_imports_without_the_rl_libraries() -> None:
    """hexarena, its command line, matches, engines and the batched environments import none of
    them (run with them made unimportable, as on a default install)."""
    code = (
        "import sys\n"
        f"for m in {RL!r}: sys.modules[m] = None\n"
        "import hexarena, hexarena.cli, hexarena.match, hexarena.engine, hexarena.vector\n"
        "import hexarena.observe\n"
        "try:\n"
        "    import hexarena.envs\n"
        "except ImportError as exc:\n"
        "    print(exc)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=600
    ).stdout
    assert "pip install 'hexarena[rl]'" in out


def test_the_rl_extra_is_installed_where_required() -> None:
    if not os.environ.get("HEXARENA_REQUIRE_RL"):
        pytest.skip("HEXARENA_REQUIRE_RL is not set (scripts/test.sh sets it)")
    import gymnasium  # noqa: F401
    import pettingzoo  # noqa: F401
    import pyspiel  # noqa: F401
