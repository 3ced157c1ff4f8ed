"""The Python examples of ``docs/research.md`` run as written, each in a fresh namespace (the
batched environments' example used ``actions`` before it made them), and so does the README's
example of the computer players (it used the ``state`` of the example before it)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BLOCKS = re.findall(r"```python\n(.*?)```", (ROOT / "docs" / "research.md").read_text(), re.S)


def test_research_md_has_examples() -> None:
    assert len(BLOCKS) >= 3


@pytest.mark.parametrize("k", range(len(BLOCKS)))
def test_research_md_example_runs(k: int) -> None:
    pytest.importorskip("pyspiel")
    pytest.importorskip("pettingzoo")
    pytest.importorskip("gymnasium")
    exec(compile(BLOCKS[k], f"docs/research.md example {k + 1}", "exec"), {})


def test_readme_computer_players_example_runs() -> None:
    text = (ROOT / "README.md").read_text()
    block = next(b for b in re.findall(r"```python\n(.*?)```", text, re.S) if "make_player" in b)
    namespace: dict[str, object] = {}
    exec(compile(block, "README.md, computer players", "exec"), namespace)
    assert namespace["player"] is not None
