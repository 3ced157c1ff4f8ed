"""The documentation agrees with itself (issue point 18).

Throngs' rate of endless random games is a measurement; it is stated in one place only
(``docs/games/throngs.md``, "Endless games") and everything else refers to it. The option help
that ``hexarena games`` prints says what ``no_stalling`` counts: consecutive moves.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

from hexarena.cli import main

ROOT = Path(__file__).resolve().parent.parent
RATE = re.compile(
    r"\b(?:one|1)\s+(?:random\s+)?games?\s+in\s+(?:[0-9][0-9,]*|ten thousand|a thousand)",
    re.IGNORECASE,
)


def _texts() -> list[Path]:
    out = [ROOT / "README.md"]
    for folder, pattern in (
        ("docs", "*.md"),
        ("src", "*.py"),
        ("tests", "*.py"),
        ("benchmarks", "*.py"),
    ):
        out += sorted((ROOT / folder).rglob(pattern))
    return [p for p in out if p.exists() and p.name != "test_docs_agree.py"]


def test_throngs_endless_rate_is_stated_once() -> None:
    places = [
        f"{p.relative_to(ROOT)}: {m.group()}"
        for p in _texts()
        for m in RATE.finditer(" ".join(p.read_text(encoding="utf-8").split()))
    ]
    assert len(places) == 1, places
    assert places[0].startswith("docs/games/throngs.md")


def test_games_list_says_consecutive_for_no_stalling() -> None:
    out = io.StringIO()
    assert main(["games"], out=out) == 0
    line = next(x for x in out.getvalue().splitlines() if "--no_stalling" in x)
    assert "consecutive" in line


def test_the_engine_protocols_table_lists_every_option_of_every_game() -> None:
    """``docs/engine-protocol.md``'s table of the five games names each game's options (the
    engine's ``setoption`` names): Throngs' ``repetition`` was missing."""
    from hexarena.games import game_class, game_names

    text = (ROOT / "docs" / "engine-protocol.md").read_text(encoding="utf-8")
    section = text.split("## The five games: move text", 1)[1]
    rows = {line.split("|")[1].strip(): line for line in section.splitlines() if line[:2] == "| "}
    for name in game_names():
        cls = game_class(name)
        row = rows[cls.title]
        missing = [o.name for o in cls.option_specs if f"`{o.name}`" not in row]
        assert not missing, f"{cls.title}: {missing}"


def test_the_registry_gives_the_games_in_the_readmes_order() -> None:
    """The registry's order is the project's: the README's list of the five games and the web
    app's tagline name them in it, and every list built from the registry (the web app's home
    page among them) follows it. The registry had them nearly alphabetical."""
    from hexarena.games import game_class, game_names

    titles = [game_class(name).title for name in game_names()]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    listed = re.search(r"five two-player abstract games on hexagonal\s+boards: (.*?)\.", readme)
    assert listed is not None
    assert re.findall(r"\*\*([^*]+)\*\*", listed.group(1)) == titles
    index = (ROOT / "src" / "hexarena" / "web" / "static" / "index.html").read_text("utf-8")
    tagline = re.search(r'class="tagline">([^<]*)<', index)
    assert tagline is not None
    assert tagline.group(1) == ", ".join(titles[:-1]) + " and " + titles[-1]
