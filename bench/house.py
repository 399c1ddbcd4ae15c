"""The house in numbers (issue 24): how big the classes are, how much of the session is set or driven
from outside it, and the import cycles.

Run from the repository root: ``python bench/house.py [--check] [ROOT]`` (standard library only).
It reads the source of ``rules``, ``speech`` and ``toguz_tui`` found on disk, so it reads the
session as one module (``toguz_tui/session.py``) or as a package (``toguz_tui/session/``) alike:

- the largest classes by methods and by lines, and ``GameSession``'s size wherever it is defined;
- assignments to a session's attributes from outside the session: ``X.a = ...``, ``X.a.b = ...``,
  ``X.a[k] = ...``, augmented and annotated ones, and ``setattr(X, ...)``, where ``X`` is the name
  ``session`` or an attribute ``session`` (``self.session``, ``app.session``, ``screen.session``);
- module-level functions taking ``session`` first, outside the session, by module, the command
  handlers (``toguz_tui/commands/``, today ``toguz_tui/actions.py`` and ``toguz_tui/commands.py``)
  counted apart, since they are the commands' adapter to the session;
- import cycles, counting imports inside functions and under ``if TYPE_CHECKING:``
  (read as ``tests/test_boundaries.py`` reads them, through ``tests/import_graph.py``).

It exits 0 (it is a report); with ``--check`` it exits 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.import_graph import PACKAGES, cycle_text, cycles, import_graph, modules_of

SESSION_CLASS = "GameSession"
SESSION_PACKAGE = "toguz_tui.session"  # the module today, the package after the split
COMMAND_MODULES = ("toguz_tui.commands", "toguz_tui.actions")  # and every module under toguz_tui.commands
MOST_METHODS = 25  # the session's targets
MOST_LINES = 300
TOP = 5


@dataclass(frozen=True, slots=True)
class ClassSize:
    """A class: its file, its name (``Outer.Inner`` when nested), its own methods and its lines."""

    file: str
    name: str
    methods: int
    lines: int


@dataclass(frozen=True, slots=True)
class Place:
    """A line of a file, and what stands there."""

    file: str
    line: int
    what: str


def _trees(root: Path) -> Iterator[tuple[str, str, ast.Module]]:
    """Each module of our packages under ``root``: its name, its file (relative, with ``/``), its tree."""
    for name, path in modules_of(root, PACKAGES).items():
        yield name, path.relative_to(root).as_posix(), ast.parse(path.read_text(encoding="utf-8"))


def in_session(module: str) -> bool:
    """Whether ``module`` is the session (its module, or a module of its package)."""
    return module == SESSION_PACKAGE or module.startswith(SESSION_PACKAGE + ".")


def is_command_module(module: str) -> bool:
    """Whether ``module`` holds command handlers."""
    return module in COMMAND_MODULES or module.startswith("toguz_tui.commands.")


def class_sizes(root: Path) -> list[ClassSize]:
    """Every class of our packages, nested ones too."""
    found: list[ClassSize] = []

    def visit(node: ast.AST, file: str, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                name = prefix + child.name
                methods = sum(isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) for item in child.body)
                lines = (child.end_lineno or child.lineno) - child.lineno + 1
                found.append(ClassSize(file, name, methods, lines))
                visit(child, file, name + ".")
            else:
                visit(child, file, prefix)

    for _name, file, tree in _trees(root):
        visit(tree, file, "")
    return found


def _is_session(node: ast.expr) -> bool:
    """``session``, or ``<anything>.session``."""
    return (isinstance(node, ast.Name) and node.id == "session") or (
        isinstance(node, ast.Attribute) and node.attr == "session")


def _through_session(node: ast.expr) -> bool:
    """Whether ``node`` is a session or an attribute or item reached through one."""
    while not _is_session(node):
        if not isinstance(node, ast.Attribute | ast.Subscript):
            return False
        node = node.value
    return True


def _targets(node: ast.AST) -> Iterator[ast.expr]:
    """What an assignment statement assigns to, unpacked tuples and lists opened."""
    if isinstance(node, ast.Assign):
        todo = list(node.targets)
    elif isinstance(node, ast.AugAssign | ast.AnnAssign):
        todo = [node.target]
    else:
        return
    while todo:
        target = todo.pop(0)
        if isinstance(target, ast.Tuple | ast.List):
            todo[:0] = target.elts
        elif isinstance(target, ast.Starred):
            todo.insert(0, target.value)
        else:
            yield target


def outside_assignments(root: Path) -> list[Place]:
    """Each assignment to a session's attribute (or deeper) made outside the session."""
    found: list[Place] = []
    for name, file, tree in _trees(root):
        if in_session(name):
            continue
        for node in ast.walk(tree):
            for target in _targets(node):
                if isinstance(target, ast.Attribute | ast.Subscript) and _through_session(target.value):
                    found.append(Place(file, target.lineno, ast.unparse(target)))
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr"
                    and node.args and _through_session(node.args[0])):
                found.append(Place(file, node.lineno, ast.unparse(node)))
    return sorted(found, key=lambda place: (place.file, place.line))


def session_functions(root: Path) -> dict[str, list[str]]:
    """The module-level functions whose first parameter is ``session``, by file, outside the session."""
    found: dict[str, list[str]] = {}
    for name, file, tree in _trees(root):
        if in_session(name):
            continue
        for node in tree.body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                parameters = [*node.args.posonlyargs, *node.args.args]
                if parameters and parameters[0].arg == "session":
                    found.setdefault(file, []).append(node.name)
    return found


def _module_of(file: str) -> str:
    parts = file.removesuffix(".py").split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def largest(sizes: list[ClassSize], measure: str) -> list[ClassSize]:
    """The ``TOP`` classes with the most ``measure`` (``"methods"`` or ``"lines"``)."""
    return sorted(sizes, key=lambda size: (-getattr(size, measure), size.file, size.name))[:TOP]


def report(root: Path) -> tuple[list[str], list[str]]:
    """The lines to print, and the targets missed (each a short line)."""
    lines: list[str] = []
    missed: list[str] = []
    sizes = class_sizes(root)
    for measure in ("methods", "lines"):
        lines.append(f"Largest classes by {measure}:")
        for size in largest(sizes, measure):
            lines.append(f"  {size.file}:{size.name}: {size.methods} methods, {size.lines} lines")
    sessions = [size for size in sizes if size.name.rpartition(".")[2] == SESSION_CLASS]
    for size in sessions:
        ok = size.methods <= MOST_METHODS and size.lines <= MOST_LINES
        lines.append(f"{SESSION_CLASS}: {size.methods} methods, {size.lines} lines "
                     f"(target: at most {MOST_METHODS} and {MOST_LINES}) in {size.file}{'' if ok else ': missed'}")
        if not ok:
            missed.append(f"{SESSION_CLASS} in {size.file} has {size.methods} methods and {size.lines} lines")
    if not sessions:
        lines.append(f"{SESSION_CLASS}: no class of that name")

    assignments = outside_assignments(root)
    lines.append(f"Assignments to session attributes outside the session: {len(assignments)} (target: 0)")
    lines.extend(f"  {place.file}:{place.line}: {place.what}" for place in assignments)
    if assignments:
        missed.append(f"{len(assignments)} assignments to session attributes outside the session")

    functions = session_functions(root)
    handlers = {file: names for file, names in functions.items() if is_command_module(_module_of(file))}
    others = {file: names for file, names in functions.items() if file not in handlers}
    for title, group in (("Functions taking session first outside the session, not command handlers", others),
                         ("Command handlers taking session first", handlers)):
        lines.append(f"{title}: {sum(map(len, group.values()))} in {len(group)} modules")
        for file, names in sorted(group.items(), key=lambda item: (-len(item[1]), item[0])):
            lines.append(f"  {file}: {len(names)} ({', '.join(names)})")

    graph = import_graph(root, PACKAGES)
    found = cycles(graph)
    lines.append(f"Import cycles, counting imports in functions and under TYPE_CHECKING: {len(found)} (target: 0)")
    lines.extend(f"  {cycle_text(cycle, graph)}" for cycle in found)
    if found:
        missed.append(f"{len(found)} import cycles")
    return lines, missed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("root", nargs="?", type=Path, default=Path(__file__).resolve().parent.parent,
                        help="the repository to read (default: this one)")
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    options = parser.parse_args(argv)
    lines, missed = report(options.root.resolve())
    print("\n".join(lines))
    print(f"Targets missed: {len(missed)}" + "".join(f"\n  {line}" for line in missed))
    return 1 if options.check and missed else 0


if __name__ == "__main__":
    sys.exit(main())
