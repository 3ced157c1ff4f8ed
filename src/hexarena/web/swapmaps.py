"""Swap maps from stored analysis reports, for the game page.

An analysis report (``hexarena analyse``, ``report.json``) values every first move of a board:
the first player's expected result when the second player answers best, and the openings a
strong second player should swap. The game page can draw that map on its board when a report
exists for the game's exact options. The maps come from a folder of reports: by default the
published reports' maps packaged with hexarena (``web/swapmaps/GAME.json``, made from
``docs/analysis/GAME/report.json`` by ``scripts/swapmaps.py``), or any
folder given to the server (``hexarena serve --reports DIR``) holding report folders
(``DIR/NAME/report.json``, as ``analyse --out`` writes them) or such files (``DIR/NAME.json``).

Options are compared in their canonical form (each game's own option parser, without building
the board), so ``size=07`` finds the map of ``size=7``; a game's defaults need not be given.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from ..core import Game, HexArenaError
from ..games import game_class, game_names
from .bounds import MAX_OPTIONS, RequestRefused, check_option_values, cut

log = logging.getLogger("hexarena.web")

#: The published reports' swap maps, packaged with hexarena.
PACKAGED = Path(__file__).parent / "swapmaps"
#: Largest report file read (a report of a big board with several players is under 1 MB).
MAX_FILE = 8_000_000
#: Most report files read from one folder.
MAX_FILES = 500
#: Most answers of :meth:`SwapMaps.has` kept (one a game's options).
MAX_KNOWN = 4096
#: What a swap map keeps of a report's ``swap_map`` entry.
MAP_KEYS = (
    "values",
    "swap",
    "fair",
    "pie_rule",
    "first_player_without_pie",
    "first_player_with_pie",
    "pie_makes_fair",
)
#: What a swap map keeps of a report's settings (how the values were found).
SOURCE_KEYS = ("seed", "iterations", "seconds", "opening_factor", "playouts", "games")


def extract(report: dict[str, Any]) -> dict[str, Any]:
    """The part of a report's data (``report.json``) that the web app shows: the game, its
    options (as its records write them), each player's swap map, and how they were made."""
    settings = report["settings"]
    maps = {
        player: {k: entry["swap_map"][k] for k in MAP_KEYS if k in entry["swap_map"]}
        for player, entry in report["players"].items()
        if entry.get("swap_map")
    }
    return {
        "game": settings["game"],
        "options": dict(settings["options"]),
        "maps": maps,
        "source": {k: settings.get(k) for k in SOURCE_KEYS},
    }


def canonical(cls: type[Game], options: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    """A game's options in one form: every option, parsed and written back as text.

    Raises :class:`~hexarena.core.HexArenaError` (an ``OptionError``) for bad options.
    """
    parsed = cls.parse_options({k: v for k, v in options.items() if v is not None})
    specs = {o.name: o for o in cls.option_specs}
    return tuple(sorted((k, specs[k].format(v)) for k, v in parsed.items()))


def _report_files(folder: Path) -> list[Path]:
    files = sorted(folder.glob("*.json")) + sorted(folder.glob("*/report.json"))
    if len(files) > MAX_FILES:
        log.warning(
            "swap maps: %s holds %d reports; reading the first %d", folder, len(files), MAX_FILES
        )
    return files[:MAX_FILES]


class SwapMaps:
    """Every swap map of a folder of reports, read once (on first use) and kept in memory."""

    def __init__(self, folder: str | Path | None = None) -> None:
        self.folder = Path(folder) if folder is not None else PACKAGED
        self._index: dict[tuple[str, tuple[tuple[str, str], ...]], dict[str, Any]] | None = None
        self._known: dict[tuple[str, tuple[tuple[str, str], ...]], bool] = {}

    def _load(self) -> dict[tuple[str, tuple[tuple[str, str], ...]], dict[str, Any]]:
        index: dict[tuple[str, tuple[tuple[str, str], ...]], dict[str, Any]] = {}
        if not self.folder.is_dir():
            log.warning("swap maps: %s is not a folder; no swap maps are shown", self.folder)
            return index
        for path in _report_files(self.folder):
            try:
                if path.stat().st_size > MAX_FILE:
                    raise ValueError(f"larger than {MAX_FILE:,} bytes")
                data = json.loads(path.read_text(encoding="utf-8"))
                entry = data if "maps" in data else extract(data)
                cls = game_class(entry["game"])
                key = (cls.name, canonical(cls, entry["options"]))
            except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
                log.warning(
                    "swap maps: %s is not a report (%s); left out", path, cut(str(exc), 200)
                )
                continue
            if entry["maps"]:
                index[key] = entry
        return index

    @property
    def index(self) -> dict[tuple[str, tuple[tuple[str, str], ...]], dict[str, Any]]:
        """The maps by game name and canonical options."""
        if self._index is None:
            self._index = self._load()
        return self._index

    def has(self, name: str, options: dict[str, Any]) -> bool:
        """Whether a stored report has a swap map of game ``name`` with ``options`` (as the
        game's view gives them): the game page asks for the map only then. Answers are kept
        (a game's options do not change), at most :data:`MAX_KNOWN` of them."""
        key = (name, tuple(sorted((str(k), str(v)) for k, v in options.items())))
        known = self._known.get(key)
        if known is None:
            try:
                self.lookup(name, options)
                known = True
            except RequestRefused:
                known = False
            if len(self._known) >= MAX_KNOWN:
                self._known.clear()
            self._known[key] = known
        return known

    def lookup_query(self, name: str, items: list[tuple[str, str]]) -> dict[str, Any]:
        """:meth:`lookup` for a query string's ``(option, value)`` pairs: at most
        :data:`~hexarena.web.bounds.MAX_OPTIONS`, each option once (else 400)."""
        if len(items) > MAX_OPTIONS:
            raise RequestRefused(
                400, f"at most {MAX_OPTIONS} options are accepted, not {len(items)}"
            )
        options: dict[str, str] = {}
        for k, v in items:
            if k in options:
                raise RequestRefused(400, f"option {cut(k, 60)!r} is given twice: give it once")
            options[k] = v
        return self.lookup(name, options)

    def lookup(self, name: str, options: dict[str, Any]) -> dict[str, Any]:
        """The stored maps of game ``name`` with ``options`` (text values as in a query string).

        Raises :class:`~hexarena.web.bounds.RequestRefused`: 400 for bad options, 404 for an
        unknown game or when no report has these options (the message says which it has).
        """
        if name not in game_names():
            raise RequestRefused(
                404, f"there is no game {cut(name, 40)!r}; the games are: {', '.join(game_names())}"
            )
        cls = game_class(name)
        specs = [o.name for o in cls.option_specs]
        clean = check_option_values(options, specs, None)
        try:
            key = (cls.name, canonical(cls, clean))
        except (HexArenaError, TypeError, ValueError) as exc:
            raise RequestRefused(400, f"bad options for {name}: {cut(str(exc))}") from None
        entry = self.index.get(key)
        if entry is None:
            stored = [
                " ".join(f"{k}={cut(v, 12)}" for k, v in opts if v) or "default options"
                for (game, opts) in self.index
                if game == cls.name
            ]
            where = f"; there is one for {'; '.join(stored)}" if stored else ""
            raise RequestRefused(
                404, f"no stored report has a swap map of {cls.title} with these options{where}"
            )
        return entry


def export(reports: Path, out: Path) -> list[Path]:
    """Write the swap maps of every report under ``reports`` (``NAME/report.json``) into ``out``
    as ``GAME.json``; return the files written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for path in sorted(reports.glob("*/report.json")):
        entry = extract(json.loads(path.read_text(encoding="utf-8")))
        if not entry["maps"]:
            continue
        target = out / f"{entry['game']}.json"
        target.write_text(json.dumps(entry, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        written.append(target)
    return written
