"""The parts behind seams (issue 36), counted for ``bench/house.py`` (standard library only).

- the tests that patch the engine: a ``setattr`` (``monkeypatch.setattr``, ``patch.object``) of an
  attribute of ``Engine`` or of a module's ``Engine``, or a ``patch``/``setattr`` of a dotted name with
  ``Engine`` in it (``engine_patches``); a test gives the session (``GameSession(..., engines=...)``) or the
  part an engine factory instead;
- the session's wiring, ``GameSession.__init__``: the constructor callbacks, each argument given to a
  class of our packages for a parameter annotated ``Callable[...]`` that is a lambda or reaches through
  ``self`` (a method of the session or of a part), and the lambdas written there, nested ones too
  (``wiring``); a time source or a factory handed on by name is not a callback into the session;
- ``Output``'s methods (``output_methods``).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

from tests.import_graph import modules_of

SESSION_CLASS = "GameSession"
SESSION_PACKAGE = "toguz_tui.session"
OUTPUT_CLASS = "Output"
MOST_ENGINE_PATCHES = 0  # issue 36's targets
MOST_CALLBACKS = 0
MOST_LAMBDAS = 0
MOST_OUTPUT_METHODS = 12
SHOWN = 60  # characters of an argument shown


@dataclass(frozen=True, slots=True)
class Place:
    """A line of a file, and what stands there (``bench/house.py``'s places too)."""

    file: str
    line: int
    what: str


@dataclass(frozen=True, slots=True)
class Wiring:
    """The session's wiring: the constructor callbacks and the number of lambdas."""

    callbacks: list[Place]
    lambdas: int


def _parsed(root: Path, package: str) -> list[tuple[str, str, ast.Module]]:
    """Each module of ``package`` under ``root``: its name, its file (relative, with ``/``), its tree."""
    return [(name, path.relative_to(root).as_posix(), ast.parse(path.read_text(encoding="utf-8")))
            for name, path in modules_of(root, [package]).items()]


def _names_engine(target: ast.expr) -> bool:
    """``Engine``, or ``<anything>.Engine``."""
    return (isinstance(target, ast.Name) and target.id == "Engine") or (
        isinstance(target, ast.Attribute) and target.attr == "Engine")


def _patches_engine(call: ast.Call) -> bool:
    """Whether ``call`` patches the engine: an attribute of ``Engine``, a module's ``Engine``, or a dotted
    name with ``Engine`` in it."""
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
    if name not in ("setattr", "object", "patch") or not call.args:
        return False
    first = call.args[0]
    if isinstance(first, ast.Constant) and isinstance(first.value, str):
        return "Engine" in first.value.split(".")
    second = call.args[1] if len(call.args) > 1 else None
    named = isinstance(second, ast.Constant) and second.value == "Engine"
    return name != "patch" and (_names_engine(first) or named)


def engine_patches(root: Path) -> list[Place]:
    """Each place in the tests (``tests/``) that patches the engine."""
    found: list[Place] = []
    for path in sorted((root / "tests").rglob("*.py")):
        file = path.relative_to(root).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and _patches_engine(node):
                found.append(Place(file, node.lineno, ast.unparse(node)[:SHOWN]))
    return sorted(found, key=lambda place: (place.file, place.line))


def _parameters(tree: ast.Module) -> dict[str, list[tuple[str, str, bool]]]:
    """The classes of a module with an ``__init__``: its parameters after ``self`` (name, annotation as
    written, whether it may be given by position)."""
    found: dict[str, list[tuple[str, str, bool]]] = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.ClassDef):
            continue
        for item in node.body:
            if isinstance(item, ast.FunctionDef) and item.name == "__init__":
                arguments = item.args
                positional = [*arguments.posonlyargs, *arguments.args][1:]
                found[node.name] = [(argument.arg, ast.unparse(argument.annotation) if argument.annotation else "",
                                     argument in positional) for argument in (*positional, *arguments.kwonlyargs)]
    return found


def _through_self(node: ast.expr) -> bool:
    """``self.<x>``, ``self.<x>.<y>`` ...: something of the session's or of one of its parts."""
    while isinstance(node, ast.Attribute):
        node = node.value
        if isinstance(node, ast.Name) and node.id == "self":
            return True
    return False


def _callbacks(call: ast.Call, parameters: list[tuple[str, str, bool]], file: str) -> list[Place]:
    """The arguments of ``call`` given for a ``Callable`` parameter that are a lambda or reach through ``self``."""
    positional = [parameter for parameter in parameters if parameter[2]]
    given: list[tuple[str, str, ast.expr]] = []
    for (name, annotation, _), argument in zip(positional, call.args, strict=False):
        if isinstance(argument, ast.Starred):
            break
        given.append((name, annotation, argument))
    annotations = {name: annotation for name, annotation, _ in parameters}
    given += [(keyword.arg, annotations.get(keyword.arg, ""), keyword.value) for keyword in call.keywords
              if keyword.arg is not None]
    klass = ast.unparse(call.func)
    return [Place(file, argument.lineno, f"{klass}({name}): {ast.unparse(argument)[:SHOWN]}")
            for name, annotation, argument in given
            if "Callable" in annotation and (isinstance(argument, ast.Lambda) or _through_self(argument))]


def wiring(root: Path) -> Wiring | None:
    """The session's wiring (``GameSession.__init__`` in the session package), or None without one."""
    modules = _parsed(root, "toguz_tui") if (root / "toguz_tui").is_dir() else []
    classes: dict[str, list[tuple[str, str, bool]]] = {}
    for _name, _file, tree in sorted(modules, key=lambda module: module[0].startswith(SESSION_PACKAGE)):
        classes.update(_parameters(tree))  # the session's own classes last: they win a name shared
    for name, file, tree in modules:
        if name != SESSION_PACKAGE and not name.startswith(SESSION_PACKAGE + "."):
            continue
        for node in ast.walk(tree):
            if not (isinstance(node, ast.ClassDef) and node.name == SESSION_CLASS):
                continue
            init = next((item for item in node.body if isinstance(item, ast.FunctionDef) and item.name == "__init__"),
                        None)
            if init is None:
                return Wiring([], 0)
            callbacks = [place for call in ast.walk(init) if isinstance(call, ast.Call)
                         and isinstance(call.func, ast.Name) and call.func.id in classes
                         for place in _callbacks(call, classes[call.func.id], file)]
            lambdas = sum(isinstance(item, ast.Lambda) for item in ast.walk(init))
            return Wiring(sorted(callbacks, key=lambda place: place.line), lambdas)
    return None


def output_methods(root: Path) -> tuple[str, int] | None:
    """``Output``'s file and its own methods (in the session package), or None without one."""
    for name, file, tree in _parsed(root, "toguz_tui") if (root / "toguz_tui").is_dir() else []:
        if name != SESSION_PACKAGE and not name.startswith(SESSION_PACKAGE + "."):
            continue
        for node in tree.body:
            if isinstance(node, ast.ClassDef) and node.name == OUTPUT_CLASS:
                return file, sum(isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) for item in node.body)
    return None


def place_figures(title: str, places: list[Place], most: int, missed_words: str) -> tuple[list[str], list[str]]:
    """The lines of one counted figure (``title``: N (target: at most ``most``), then each place) and, when it
    is missed, the line that says so (N ``missed_words``)."""
    lines = [f"{title}: {len(places)} (target: at most {most})"]
    lines.extend(f"  {place.file}:{place.line}: {place.what}" for place in places)
    return lines, ([f"{len(places)} {missed_words}"] if len(places) > most else [])


def seam_figures(root: Path) -> tuple[list[str], list[str]]:
    """The lines on the parts behind seams (engine patches, the wiring, ``Output``), and the targets missed."""
    lines: list[str] = []
    missed: list[str] = []
    patches = engine_patches(root)
    lines.append(f"Engine patches in tests: {len(patches)} (target: {MOST_ENGINE_PATCHES})")
    lines.extend(f"  {place.file}:{place.line}: {place.what}" for place in patches)
    if len(patches) > MOST_ENGINE_PATCHES:
        missed.append(f"{len(patches)} engine patches in tests")
    found = wiring(root)
    if found is None:
        lines.append(f"The session's wiring: no {SESSION_CLASS}.__init__ in {SESSION_PACKAGE}")
    else:
        callback_lines, callbacks_missed = place_figures("Constructor callbacks in the session's wiring",
                                                         found.callbacks, MOST_CALLBACKS,
                                                         "constructor callbacks in the session's wiring")
        lines += callback_lines
        missed += callbacks_missed
        lines.append(f"Lambdas in the session's wiring: {found.lambdas} (target: at most {MOST_LAMBDAS})")
        if found.lambdas > MOST_LAMBDAS:
            missed.append(f"{found.lambdas} lambdas in the session's wiring")
    output = output_methods(root)
    if output is None:
        lines.append(f"{OUTPUT_CLASS}: no class of that name in {SESSION_PACKAGE}")
    else:
        file, methods = output
        lines.append(f"{OUTPUT_CLASS}'s methods: {methods} (target: at most {MOST_OUTPUT_METHODS}) in {file}")
        if methods > MOST_OUTPUT_METHODS:
            missed.append(f"{OUTPUT_CLASS} has {methods} methods")
    return lines, missed

