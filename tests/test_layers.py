"""The import graph follows the layers of DESIGN.md: no module imports one below it in a circle.

Every ``import`` in the package counts, including those inside functions, so a lazy import
cannot hide a circle (``core`` once imported ``records`` inside ``State.serialize``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import hexarena

ROOT = Path(hexarena.__file__).parent

#: Lower layers first; a module may import only modules of its own layer or lower ones.
LAYERS: list[tuple[str, ...]] = [
    (
        "hexarena.numba_cache",
        "hexarena.numba_closure_cache",
        "hexarena.limits",
        "hexarena.files",
        "hexarena.errors",
        "hexarena.hexgrid",
        "hexarena.bits",
        "hexarena.rng",
        "hexarena.cliargs",
        "hexarena.processes",
    ),
    ("hexarena.options",),
    ("hexarena.header", "hexarena.gametext"),
    ("hexarena.core",),
    ("hexarena.kernels_common",),
    ("hexarena.games",),
    (
        "hexarena.records",
        "hexarena.selfplay",
        "hexarena.ai",
        "hexarena.solve",
        "hexarena.observe",
        "hexarena.vector",
    ),
    (
        "hexarena.match",
        "hexarena.match_cli",
        "hexarena.engine",
        "hexarena.engine_player",
        "hexarena.envs",
        "hexarena.openspiel",
        "hexarena.warmup",
        "hexarena.analysis",
        "hexarena.web",
        "hexarena.cli",
        "hexarena.__main__",
    ),
]


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> set[str]:
    """The package modules ``path`` imports (relative imports resolved)."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.startswith("hexarena"))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            if not mod.startswith("hexarena"):
                continue
            for a in node.names:  # "from . import x" may name a submodule
                sub = f"{mod}.{a.name}"
                path_of = ROOT.parent / sub.replace(".", "/")
                is_module = path_of.is_dir() or path_of.with_suffix(".py").is_file()
                out.add(sub if is_module else mod)
    out.discard(name)
    return out


def _layer(module: str) -> int:
    if module == "hexarena":  # the package's face re-exports core and the game registry
        return _layer("hexarena.games")
    for i, group in enumerate(LAYERS):
        if any(module == m or module.startswith(m + ".") for m in group):
            return i
    raise AssertionError(f"{module} is in no layer of the test: add it to LAYERS")


def graph() -> dict[str, set[str]]:
    """Module -> the package modules it imports."""
    return {_module_name(p): _imports(p) for p in sorted(ROOT.rglob("*.py"))}


def test_every_import_goes_to_the_same_or_a_lower_layer() -> None:
    wrong = [
        f"{m} imports {t}"
        for m, targets in graph().items()
        for t in sorted(targets)
        if _layer(t) > _layer(m)
    ]
    assert wrong == []


def test_core_imports_neither_records_nor_games() -> None:
    assert not {t for t in graph()["hexarena.core"] if t.split(".")[1] in ("records", "games")}


def test_no_import_circle() -> None:
    g = graph()
    # ignore a package's imports of its own submodules (re-exports), which cannot form a circle
    # with the submodule unless the submodule imports the package back, which is checked
    edges = {m: {t for t in ts if t in g} for m, ts in g.items()}
    state: dict[str, int] = {}
    stack: list[str] = []
    circles: list[list[str]] = []

    def visit(m: str) -> None:
        state[m] = 1
        stack.append(m)
        for t in sorted(edges[m]):
            if state.get(t) == 1:
                circles.append([*stack[stack.index(t) :], t])
            elif t not in state:
                visit(t)
        stack.pop()
        state[m] = 2

    for m in sorted(edges):
        if m not in state:
            visit(m)
    allowed = [c for c in circles if not _package_reexport(c)]
    assert allowed == [], " ; ".join(" -> ".join(c) for c in allowed)


def _package_reexport(circle: list[str]) -> bool:
    """A package and its own submodules (``ai`` importing ``ai.mcts`` importing ``ai``) are one
    unit for this test; the layers test covers what they import from outside."""
    top = {".".join(m.split(".")[:2]) for m in circle}
    return len(top) == 1 and next(iter(top)) != "hexarena.core"
