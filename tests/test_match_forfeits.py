"""A match in which games were forfeited says why: an engine that could not even be started lost
every game, and the summary showed only the losses (no reason in the table or the JSON)."""

from __future__ import annotations

import io
import json

from hexarena.cli import main

ARGS = ["match", "gyre", "engine:hexarena-no-such-command", "random", "--size", "3"]
ARGS += ["--games", "2", "--workers", "1", "--no-records"]


def test_the_json_lists_the_forfeits() -> None:
    out = io.StringIO()
    assert main([*ARGS, "--json"], out=out) == 0
    data = json.loads(out.getvalue())
    assert data["wins"]["random"] == 2
    assert len(data["forfeits"]) == 2
    assert all("forfeits" in r and "hexarena-no-such-command" in r for r in data["forfeits"])


def test_the_table_says_why_games_were_lost() -> None:
    out = io.StringIO()
    assert main(ARGS, out=out) == 0
    last = out.getvalue().rstrip().splitlines()[-1]
    assert last.startswith("2 game(s) forfeited; the first: engine:hexarena-no-such-command")
