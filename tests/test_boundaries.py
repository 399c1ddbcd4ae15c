"""Dependencies point one way: toguz_tui -> speech -> rules, with no cycle between modules.

The imports are read from the source (every ``import`` statement, inside functions too), so an
import hidden in a function counts like any other; imports under ``if TYPE_CHECKING:`` are for the
type checker only and do not.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from tests.needs import REPO

PACKAGES = ("rules", "speech", "toguz_tui")
ALLOWED = {"rules": {"rules"}, "speech": {"rules", "speech"}, "toguz_tui": {"rules", "speech", "toguz_tui"}}

CHECK = (
    "import sys, importlib; importlib.import_module({module!r}); "
    "loaded = [m for m in ('textual', 'prompt_toolkit', 'rich', 'numba') if m in sys.modules]; "
    "print(','.join(loaded))"
)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def type_checking_only(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    """Whether ``node`` sits under ``if TYPE_CHECKING:``."""
    while node in parents:
        node = parents[node]
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            return True
    return False


def imports_of(path: Path, modules: set[str]) -> set[str]:
    """The modules of our three packages that ``path`` imports at run time (``from package import
    module`` imports that module, not the package)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parents = {child: parent for parent in ast.walk(tree) for child in ast.iter_child_nodes(parent)}
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if type_checking_only(node, parents):
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join([*package.split(".")[: len(package.split(".")) - node.level + 1], base]).strip(".")
            for alias in node.names:
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base)
    return {name for name in found if name.split(".")[0] in PACKAGES}


def graph() -> dict[str, set[str]]:
    """Each module of the three packages and the modules of ours it imports."""
    modules = {module_name(path): path for package in PACKAGES for path in (REPO / package).rglob("*.py")}
    edges: dict[str, set[str]] = {}
    for name, path in modules.items():
        edges[name] = {target for target in imports_of(path, set(modules)) if target in modules and target != name}
    return edges


@pytest.mark.slow
def test_each_package_imports_only_the_ones_below_it() -> None:
    for name, targets in graph().items():
        package = name.split(".")[0]
        wrong = sorted(target for target in targets if target.split(".")[0] not in ALLOWED[package])
        assert not wrong, f"{name} imports {wrong}"


@pytest.mark.slow
def test_no_two_modules_import_each_other_in_a_circle() -> None:
    edges = graph()
    state: dict[str, int] = {}
    cycles: list[list[str]] = []

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for target in sorted(edges[node]):
            if state.get(target) == 1:
                start = path.index(target) if target in path else 0
                cycles.append([*path[start:], node, target])
            elif target not in state:
                visit(target, [*path, node])
        state[node] = 2

    for node in sorted(edges):
        if node not in state:
            visit(node, [])
    assert not cycles, cycles


@pytest.mark.parametrize("module", ["rules", "rules.records", "rules.engine", "speech"])
def test_importing_the_rules_or_speech_loads_no_user_interface(module: str) -> None:
    # nor numba, which takes half a second to import: only the first search needs it
    result = subprocess.run([sys.executable, "-c", CHECK.format(module=module)],
                            capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""
