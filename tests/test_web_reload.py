"""A game loaded from storage while another server process changes it: the session this
process keeps is one stored version, whole (its header and its turns read together)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")  # hexarena.web imports the web app

from hexarena.web.arena import Arena
from hexarena.web.storage import open_storage
from tests.conftest import run_async


async def _nothing(game: str) -> None:
    """A warmer's ``ensure`` with the rules already loaded."""


def test_a_game_moved_elsewhere_while_it_loads_is_loaded_at_one_version(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    here = Arena(open_storage(url), workers=1)
    there = Arena(open_storage(url), workers=1)  # another server process on the same games
    there.warmer.ensure = _nothing  # type: ignore[method-assign]

    async def scene() -> tuple[Any, int | None, list[int]]:
        made = await there.create({"game": "churn", "options": {"size": 3}, "mode": "local"})
        gid, token = made["id"], made["token"]

        async def moved_meanwhile(game: str) -> None:  # while this process loads the rules
            s = await there.get(gid)
            await there.play(s, token, {"actions": [0], "version": s.version})

        here.warmer.ensure = moved_meanwhile  # type: ignore[method-assign]
        session = await here.get(gid)
        stored = here.storage.version(gid)
        actions = [a for m in here.storage.moves(gid) for a in m.actions]
        return session, stored, actions

    try:
        session, stored, actions = run_async(scene())
    finally:
        here.close()
        there.close()
    assert actions == [0]
    assert session.version == stored  # not the version read before the move
    assert [a for m in session.moves for a in m.actions] == actions
    assert session.state.history == actions


def test_load_reads_again_when_the_version_moved_between_its_reads(tmp_path: Path) -> None:
    storage = open_storage(f"sqlite:///{tmp_path / 'games.db'}")
    arena = Arena(storage, workers=1)
    arena.warmer.ensure = _nothing  # type: ignore[method-assign]
    try:
        gid = run_async(arena.create({"game": "churn", "options": {"size": 3}}))["id"]
        real = storage.version
        seen: list[int | None] = []

        def moving(game_id: str) -> int | None:  # a change seen between the first two reads
            v = real(game_id)
            seen.append(v)
            return None if v is None else v + (len(seen) == 1)

        storage.version = moving  # type: ignore[method-assign]
        loaded = storage.load(gid)
        assert loaded is not None and len(seen) == 2  # read twice, then consistent
        storage.version = lambda game_id: 99  # type: ignore[method-assign]  # always changing
        assert storage.load(gid) is not None  # bounded: gives up after a few reads
        assert storage.load("nosuchgame") is None
    finally:
        arena.close()
