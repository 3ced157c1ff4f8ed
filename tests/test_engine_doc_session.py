"""The session written out in ``docs/engine-protocol.md`` is what the engine answers, line by
line, apart from what varies from run to run (the player's search figures and its move)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parent.parent / "docs" / "engine-protocol.md"


def _session() -> list[str]:
    text = DOC.read_text()
    block = next(b for b in re.findall(r"```\n(.*?)```", text, re.S) if b.startswith("> ugi"))
    return block.splitlines()


def test_the_documented_session_is_what_the_engine_answers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from hexarena import engine
    from hexarena.ai import base

    # the players the package registers (other tests in the same process register their own,
    # which the engine would offer too)
    package = {k: f for k, f in base._FACTORIES.items() if f.__module__.startswith("hexarena.")}
    monkeypatch.setattr(base, "_FACTORIES", package)

    out: list[str] = []
    session = engine.EngineSession("gyre", {}, player_name="mcts", write=out.append)
    sent = 0
    expected: list[str] = []
    for line in _session():
        if line.startswith("> "):
            command = line[2:]
            if command.startswith("go "):  # a fixed, quick search: the move varies anyway
                out.append(session.go(["nodes", "20"]))
            elif not session.handle(command):
                break
            sent += 1
        else:
            assert line.startswith("< "), line
            expected.append(line[2:])
    assert sent >= 10
    assert len(out) == len(expected), (out, expected)
    for got, want in zip(out, expected, strict=True):
        if want.startswith(("info time", "bestmove")):
            assert got.split()[0] == want.split()[0], (got, want)
        elif want.endswith("..."):
            assert got.startswith(want[:-3].rstrip()), (got, want)
        else:
            assert got == want
