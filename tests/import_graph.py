"""The imports between the modules of our packages, read from the source (standard library only).

Every ``import`` statement counts: at module level, inside a function, and under ``if TYPE_CHECKING:``,
each edge marked with how it is made. ``tests/test_boundaries.py`` checks the graph and
``bench/house.py`` reports it, both through this module.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

PACKAGES = ("rules", "speech", "toguz_tui")

RUN_TIME = "run time"  # at module level: made on import
IN_FUNCTION = "in a function"  # made when the function first runs
TYPE_ONLY = "type only"  # under ``if TYPE_CHECKING:``, made by the type checker only


@dataclass(frozen=True, slots=True)
class Import:
    """One module of ours importing another: where (``line``), and how (``kind``)."""

    source: str
    target: str
    line: int
    kind: str


def module_name(path: Path, root: Path) -> str:
    """The dotted name of the module in ``path`` (a package's ``__init__.py`` names the package)."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules_of(root: Path, packages: Iterable[str] = PACKAGES) -> dict[str, Path]:
    """Every module of ``packages`` under ``root``, by dotted name, found on disk."""
    return {module_name(path, root): path for package in packages
            for path in sorted((root / package).rglob("*.py"))}


def _is_type_checking(test: ast.expr) -> bool:
    return isinstance(test, ast.Name | ast.Attribute) and ast.unparse(test).split(".")[-1] == "TYPE_CHECKING"


def _statements(nodes: Iterable[ast.AST], kind: str = RUN_TIME) -> Iterable[tuple[ast.Import | ast.ImportFrom, str]]:
    """Each import statement in ``nodes`` and below, with its kind (type only wins over in a function)."""
    for node in nodes:
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node, kind
        elif isinstance(node, ast.If) and _is_type_checking(node.test):
            yield from _statements(node.body, TYPE_ONLY)
            yield from _statements(node.orelse, kind)
        elif kind == RUN_TIME and isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            yield from _statements(ast.iter_child_nodes(node), IN_FUNCTION)
        else:
            yield from _statements(ast.iter_child_nodes(node), kind)


def _nearest(name: str, modules: set[str] | dict[str, Path]) -> str | None:
    """``name`` if it is one of ``modules``, else the nearest package above it that is."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def imports_of(name: str, path: Path, modules: set[str] | dict[str, Path]) -> list[Import]:
    """The imports of ``modules`` that module ``name`` (read from ``path``) makes, itself left out.
    ``from package import module`` imports that module; ``from module import name`` the module."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[Import] = []
    for node, kind in _statements([ast.parse(path.read_text(encoding="utf-8"))]):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            base = node.module or ""
            if node.level:
                above = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*above, base]).strip(".")
            names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names]
        for imported in names:
            target = _nearest(imported, modules)
            if target is not None and target != name:
                found.append(Import(name, target, node.lineno, kind))
    return found


def all_imports(root: Path, packages: Iterable[str] = PACKAGES) -> list[Import]:
    """Every import between the modules of ``packages`` under ``root``."""
    modules = modules_of(root, packages)
    return [found for name, path in modules.items() for found in imports_of(name, path, modules)]


def import_graph(root: Path, packages: Iterable[str] = PACKAGES) -> dict[str, dict[str, str]]:
    """Each module and the modules it imports, each with how: ``RUN_TIME`` if any of its imports
    is, else ``IN_FUNCTION`` if any is, else ``TYPE_ONLY``."""
    order = (RUN_TIME, IN_FUNCTION, TYPE_ONLY)
    graph: dict[str, dict[str, str]] = {name: {} for name in modules_of(root, packages)}
    for found in all_imports(root, packages):
        known = graph[found.source].get(found.target, TYPE_ONLY)
        graph[found.source][found.target] = min(known, found.kind, key=order.index)
    return graph


def cycles(graph: dict[str, dict[str, str]]) -> list[list[str]]:
    """The import cycles of ``graph``, each as its modules in import order, the first one repeated
    last: one for each import that leads back to a module still being followed (depth first, in
    name order), so a graph has cycles exactly when this list is not empty."""
    state: dict[str, int] = {}  # 1 while being followed, 2 when done
    found: list[list[str]] = []

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for target in sorted(graph.get(node, {})):
            if state.get(target) == 1:
                found.append([*path[path.index(target):], node, target])
            elif target not in state:
                visit(target, [*path, node])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [])
    return found


def cycle_text(cycle: list[str], graph: dict[str, dict[str, str]]) -> str:
    """``a -> b -> a``, each import that is not made at module level marked with how it is made."""
    words = [cycle[0]]
    for source, target in pairwise(cycle):
        kind = graph[source][target]
        words.append(f"-> {target}" if kind == RUN_TIME else f"-({kind})-> {target}")
    return " ".join(words)
