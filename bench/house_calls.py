"""The smaller points (issue 53), counted for ``bench/house.py`` (standard library only): functions no code
calls, and the tests' helpers that wait until something is true.

Uncalled functions (``uncalled_functions``): each function or method defined in ``rules``, ``speech`` or
``toguz_tui`` (at a module's top or in a class, nested classes too; a function defined inside another
function is its owner's business and not counted) whose name appears nowhere else in ``rules``,
``speech``, ``toguz_tui``, ``tests``, ``bench`` or ``tools``. A name appears as a ``Name``
(``handler(...)``, ``key=handler``), as an ``Attribute`` (``self.handler``), or as a word inside a string
(a Textual action string, ``"app.show_help"``; a patch path, ``"toguz_tui.cli.main"``; ``__all__``), a
docstring left out, since saying a function's name is not calling it; what the function's own body
says of its name (recursion) is not counted either, nor an import (``from m import f``), which brings a
name in without using it. Left out, each for the reason given, because something other than our code
calls them by name:

- dunder methods (``__init__``, ``__eq__``, a module's ``__getattr__``): Python calls them;
- Textual's hooks, methods Textual calls by their name: ``compose``, ``render``, ``render_line``,
  ``render_lines``, ``get_content_width``, ``get_content_height``, ``check_action``,
  ``get_system_commands`` (``TEXTUAL_HOOKS``), and the prefixed ones ``on_*``, ``_on_*`` (message and
  event handlers), ``watch_*``, ``_watch_*``, ``validate_*``, ``_validate_*``, ``compute_*``,
  ``_compute_*`` (a reactive's), ``key_*``, ``_key_*`` (a key's) (``HOOK_PREFIXES``);
- argparse's formatter hooks that argparse calls by name on a formatter class it is given, ``add_usage``
  (``ARGPARSE_HOOKS``: ``speech.words.command_line`` words the usage's prefix there);
- a method decorated with Textual's ``@on(...)``: Textual calls it for the message the decorator names;
- an action, ``action_x`` (or ``_action_x``), only when an action string names it: Textual calls it for
  the string ``"x"`` or ``"x(...)"`` (a ``Binding``'s, a link's), so it counts as used when ``x`` is a word
  of a string; an action no string names is counted like any method;
- a method that overrides a method of a base class of ours (the base found by its name among the classes
  of the three packages, and through its own bases), or implements a member of a ``Protocol`` of ours:
  whoever calls the base's method or the member calls it. A base of the standard library's or of a
  framework's is not read (standard library only): a method overriding one (``Thread.run``) counts as
  used as long as its name is used anywhere, which the common names are;
- the entry points that ``pyproject.toml`` names (``[project.scripts]``, ``[project.entry-points.*]``):
  the installed command and Babel call them;
- test functions (``test_*``), which pytest calls.

Wait-until helpers in the tests (``wait_helpers``): the module-level functions in ``tests/`` whose name is
``until``, ``wait_for`` or ``wait_until``, or starts with ``until_`` or ``wait_for_``, ``tests/waiting.py``'s
``until`` and ``pilot_until`` counted among them (the one sync and the one async way to wait).
"""

from __future__ import annotations

import ast
import re
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from bench.house_seams import Place, place_figures
from tests.import_graph import PACKAGES

READERS = (*PACKAGES, "tests", "bench", "tools")  # where a name may be used
MOST_UNCALLED = 0  # issue 53's targets
MOST_WAIT_HELPERS = 3
WAITING = "tests/waiting.py"
WAITING_ONES = ("until", "pilot_until")  # the one sync and the one async way
WAIT_NAMES = frozenset({"until", "wait_for", "wait_until"})
WAIT_PREFIXES = ("until_", "wait_for_")
ARGPARSE_HOOKS = frozenset({"add_usage"})
TEXTUAL_HOOKS = frozenset({"compose", "render", "render_line", "render_lines", "get_content_width",
                           "get_content_height", "check_action", "get_system_commands"})
HOOK_PREFIXES = ("on_", "_on_", "watch_", "_watch_", "validate_", "_validate_", "compute_", "_compute_", "key_",
                 "_key_")
ACTION_PREFIXES = ("action_", "_action_")
HANDLER_DECORATOR = "on"  # Textual's @on(Message)
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@dataclass(frozen=True, slots=True)
class Definition:
    """A function or method of ours: where, its name, its class (None at a module's top), its lines, and
    whether Textual's ``@on(...)`` decorates it."""

    file: str
    name: str
    owner: ast.ClassDef | None
    lines: range
    handler: bool


@dataclass(frozen=True, slots=True)
class ClassShape:
    """A class of ours as the overrides are read: its bases (their last names), its methods, and whether it
    is a ``Protocol``."""

    bases: tuple[str, ...]
    methods: frozenset[str]
    protocol: bool


@dataclass(frozen=True, slots=True)
class Use:
    """A name used: where, and whether as a word of a string."""

    file: str
    line: int
    in_string: bool


def _sources(root: Path, folders: tuple[str, ...]) -> Iterator[tuple[str, ast.Module]]:
    """Each Python file under ``folders`` of ``root``: its path (relative, with ``/``) and its tree."""
    for folder in folders:
        for path in sorted((root / folder).rglob("*.py")) if (root / folder).is_dir() else []:
            yield path.relative_to(root).as_posix(), ast.parse(path.read_text(encoding="utf-8"))


def _last_name(node: ast.expr) -> str:
    """``Widget`` of ``Widget``, ``textual.widget.Widget`` and ``Generic[T]``; ``on`` of ``on(Message)``."""
    if isinstance(node, ast.Subscript):
        node = node.value
    if isinstance(node, ast.Call):
        node = node.func
    return node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else ""


def _definitions(file: str, tree: ast.Module) -> Iterator[Definition]:
    """The functions at the top of a module and the methods of its classes (nested classes too)."""
    todo: list[tuple[list[ast.stmt], ast.ClassDef | None]] = [(tree.body, None)]
    while todo:
        body, owner = todo.pop()
        for node in body:
            if isinstance(node, ast.ClassDef):
                todo.append((node.body, node))
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                handler = any(isinstance(item, ast.Call) and _last_name(item) == HANDLER_DECORATOR
                              for item in node.decorator_list)
                yield Definition(file, node.name, owner, range(node.lineno, (node.end_lineno or node.lineno) + 1),
                                 handler)


def _docstrings(tree: ast.Module) -> set[int]:
    """The ids of the docstrings' nodes in ``tree``."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                found.add(id(first.value))
    return found


def _uses(file: str, tree: ast.Module) -> Iterator[tuple[str, Use]]:
    """Each name ``tree`` uses (a Name, an Attribute, a word of a string that is not a docstring), and where."""
    docstrings = _docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            yield node.id, Use(file, node.lineno, False)
        elif isinstance(node, ast.Attribute):
            yield node.attr, Use(file, node.lineno, False)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            for word in WORD.findall(node.value):
                yield word, Use(file, node.lineno, True)


def _entry_points(root: Path) -> set[str]:
    """The functions ``pyproject.toml`` names as entry points (``module:function``), by their names."""
    path = root / "pyproject.toml"
    if not path.is_file():
        return set()
    project = tomllib.loads(path.read_text(encoding="utf-8")).get("project", {})
    groups = [project.get("scripts", {}), project.get("gui-scripts", {}), *project.get("entry-points", {}).values()]
    return {target.partition(":")[2].split(".")[-1] for group in groups for target in group.values()}


def _classes(trees: list[tuple[str, ast.Module]]) -> dict[str, list[ClassShape]]:
    """The classes of our packages by name (two classes may share one)."""
    found: dict[str, list[ClassShape]] = {}
    for _file, tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                bases = tuple(_last_name(base) for base in node.bases)
                methods = frozenset(item.name for item in node.body
                                    if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef))
                found.setdefault(node.name, []).append(ClassShape(bases, methods, "Protocol" in bases))
    return found


def _inherited(owner: ast.ClassDef, classes: dict[str, list[ClassShape]]) -> set[str]:
    """The methods that ``owner``'s bases of ours define (and their own bases'), and the members of every
    ``Protocol`` of ours (a class need not name a Protocol to implement it)."""
    found = {method for shapes in classes.values() for shape in shapes if shape.protocol for method in shape.methods}
    if "Protocol" in (_last_name(base) for base in owner.bases):
        found.clear()  # a Protocol's own members are counted like any method
    todo = [_last_name(base) for base in owner.bases]
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for shape in classes.get(name, []):
            found |= shape.methods
            todo.extend(shape.bases)
    return found


def _called_by_name(definition: Definition, classes: dict[str, list[ClassShape]], entry_points: set[str]) -> bool:
    """Whether Python, Textual, argparse, pytest or the installer calls ``definition`` by its name (actions apart)."""
    name = definition.name
    if (name.startswith("__") and name.endswith("__")) or name.startswith("test_"):
        return True
    if definition.owner is None:
        return name in entry_points
    return (name in TEXTUAL_HOOKS or name in ARGPARSE_HOOKS or name.startswith(HOOK_PREFIXES) or definition.handler
            or name in _inherited(definition.owner, classes))


def _used(definition: Definition, uses: dict[str, list[Use]]) -> bool:
    """Whether ``definition``'s name is used outside its own body (an action's: as a word of a string too)."""
    found = [use for use in uses.get(definition.name, [])
             if not (use.file == definition.file and use.line in definition.lines)]
    if definition.owner is not None and definition.name.startswith(ACTION_PREFIXES):
        found += [use for use in uses.get(definition.name.partition("action_")[2], []) if use.in_string]
    return bool(found)


def uncalled_functions(root: Path) -> list[Place]:
    """Each function or method of ours whose name nothing else uses (see the module's docstring)."""
    ours = list(_sources(root, PACKAGES))
    uses: dict[str, list[Use]] = {}
    for file, tree in [*ours, *_sources(root, READERS[len(PACKAGES):])]:
        for name, use in _uses(file, tree):
            uses.setdefault(name, []).append(use)
    classes = _classes(ours)
    entry_points = _entry_points(root)
    found: list[Place] = []
    for file, tree in ours:
        for definition in _definitions(file, tree):
            if not _called_by_name(definition, classes, entry_points) and not _used(definition, uses):
                owner = definition.owner
                what = f"{owner.name}.{definition.name}" if owner is not None else definition.name
                found.append(Place(file, definition.lines.start, what))
    return sorted(found, key=lambda place: (place.file, place.line))


def wait_helpers(root: Path) -> list[Place]:
    """Each module-level function in ``tests/`` that waits until something is true (see the module's docstring)."""
    found: list[Place] = []
    for file, tree in _sources(root, ("tests",)):
        for node in tree.body:
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            if (node.name in WAIT_NAMES or node.name.startswith(WAIT_PREFIXES)
                    or (file == WAITING and node.name in WAITING_ONES)):
                found.append(Place(file, node.lineno, node.name))
    return sorted(found, key=lambda place: (place.file, place.line))


def call_figures(root: Path) -> tuple[list[str], list[str]]:
    """The lines on the smaller points (uncalled functions, wait-until helpers), and the targets missed."""
    uncalled_lines, uncalled_missed = place_figures(f"Functions no code calls in {', '.join(PACKAGES)}",
                                                    uncalled_functions(root), MOST_UNCALLED,
                                                    "functions no code calls")
    wait_lines, wait_missed = place_figures("Wait-until helpers in the tests", wait_helpers(root), MOST_WAIT_HELPERS,
                                            "wait-until helpers in the tests")
    return uncalled_lines + wait_lines, uncalled_missed + wait_missed
