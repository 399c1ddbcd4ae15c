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
  (read as ``tests/test_boundaries.py`` reads them, through ``tests/import_graph.py``);
- the ways into a command (issue 36): the side lists, module-level collections outside the command
  table (``COMMANDS``) that name commands (``command_figures``), and the guard paths, the places that
  run a command's handler (``guard_paths``);
- the parts behind seams (issue 36, ``bench/house_seams.py``): the tests that patch ``Engine``, the
  constructor callbacks and the lambdas of the session's wiring, ``Output``'s methods.
- the way out (issue 36): the session paths the faces read (``face_paths``), each attribute path written
  after a session (``session.x`` or ``session.x.y``: two names at most, as the issue counted them) in
  the board (``toguz_tui/board``), the line mode (``toguz_tui/line``), what runs either over a session
  (``toguz_tui/start/faces.py``) and the online launcher (``toguz_tui/online/main.py``). What a face reads
  of the View it took (``view = session.view``, passed down) is not a session path; a part held whole
  (``output = session.output``) shows as its bare name.
  That each key and each render takes one View is measured at run time, not here: by
  ``tests/toguz_tui/session/test_way_out.py``, which counts the snapshots a key and a typed line take.
- the rooms (issue 36, ``bench/house_rooms.py``): the file names that stand in two folders of the
  program's packages, and the imports that rename what they import.
- the districts (issue 53, ``bench/house_districts.py``): online play read once (the parsers of a game's
  state, the readers of a clock, a player's id and name, the reconnect loops, the session's lock taken
  outside it, the Protocols over the connection, the modules at the top of ``online/``), and the session
  in districts (the modules at its top, its parts tested alone).
- the door to the machine (issue 53, ``bench/house_door.py``): the modules that call themselves the seam
  (one package), the seam's imports of anything of ours outside it, the package pairs importing each other.
- the calls (issue 53, ``bench/house_calls.py``): the functions no code calls, and the tests' helpers that
  wait until something holds.

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

from bench.house_calls import call_figures
from bench.house_districts import district_figures
from bench.house_door import door_figures
from bench.house_rooms import room_figures
from bench.house_seams import Place, place_figures, seam_figures
from tests.import_graph import PACKAGES, cycle_text, cycles, import_graph, modules_of

SESSION_CLASS = "GameSession"
SESSION_PACKAGE = "toguz_tui.session"  # the module today, the package after the split
COMMAND_MODULES = ("toguz_tui.commands", "toguz_tui.actions")  # and every module under toguz_tui.commands
MOST_METHODS = 25  # the session's targets
MOST_LINES = 300
TOP = 5
COMMAND_TABLE = "COMMANDS"  # the one command table: a tuple of calls, each naming a command first
MOST_SIDE_LISTS = 1  # issue 36's targets
MOST_GUARD_PATHS = 1
FACES = ("toguz_tui/board/", "toguz_tui/line/", "toguz_tui/start/faces.py",  # the faces, and their launchers
         "toguz_tui/online/main.py")
MOST_FACE_PATHS = 15


@dataclass(frozen=True, slots=True)
class ClassSize:
    """A class: its file, its name (``Outer.Inner`` when nested), its own methods and its lines."""

    file: str
    name: str
    methods: int
    lines: int


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
    command_lines, command_missed = command_figures(root)
    seam_lines, seam_missed = seam_figures(root)
    face_lines, face_missed = face_figures(root)
    room_lines, room_missed = room_figures(root)
    lines += command_lines + seam_lines + face_lines + room_lines
    missed += command_missed + seam_missed + face_missed + room_missed
    for figures in (district_figures, door_figures, call_figures):
        more_lines, more_missed = figures(root)
        lines += more_lines
        missed += more_missed
    return lines, missed


@dataclass(frozen=True, slots=True)
class CommandTable:
    """The command table: its file and lines, its commands' names and aliases, and the handler functions
    it names (as written there: ``game.play``, ``help_text``)."""

    file: str
    lines: range
    names: frozenset[str]
    words: frozenset[str]
    handlers: frozenset[str]


def _module_assignments(tree: ast.Module) -> Iterator[tuple[str, ast.expr, int]]:
    """Each module-level assignment of a value to a name: the name, the value, the line."""
    for node in tree.body:
        if isinstance(node, ast.Assign) and node.value is not None:
            for target in node.targets:
                if isinstance(target, ast.Name):
                    yield target.id, node.value, node.lineno
        elif isinstance(node, ast.AnnAssign) and node.value is not None and isinstance(node.target, ast.Name):
            yield node.target.id, node.value, node.lineno


def _strings(node: ast.expr) -> list[str]:
    """The string constants of a list or tuple literal (an alias list)."""
    if isinstance(node, ast.List | ast.Tuple):
        return [item.value for item in node.elts if isinstance(item, ast.Constant) and isinstance(item.value, str)]
    return []


def command_table(root: Path) -> CommandTable | None:
    """The command table of ``toguz_tui`` (``COMMANDS``, a tuple of calls whose first argument is the
    command's name, its second its aliases, its handler a positional name or ``handler=``), or None."""
    for name, file, tree in _trees(root):
        if not name.startswith("toguz_tui"):
            continue
        for target, value, _line in _module_assignments(tree):
            if target != COMMAND_TABLE or not isinstance(value, ast.Tuple | ast.List):
                continue
            names: set[str] = set()
            words: set[str] = set()
            handlers: set[str] = set()
            for entry in value.elts:
                if not (isinstance(entry, ast.Call) and entry.args and isinstance(entry.args[0], ast.Constant)
                        and isinstance(entry.args[0].value, str)):
                    continue
                names.add(entry.args[0].value)
                words.update((entry.args[0].value, *(_strings(entry.args[1]) if len(entry.args) > 1 else [])))
                handlers.update(ast.unparse(argument) for argument in entry.args[1:]
                                if isinstance(argument, ast.Name | ast.Attribute))
                handlers.update(ast.unparse(keyword.value) for keyword in entry.keywords if keyword.arg == "handler")
            return CommandTable(file, range(value.lineno, (value.end_lineno or value.lineno) + 1), frozenset(names),
                                frozenset(words), frozenset(handlers))
    return None


_COLLECTION_CALLS = ("frozenset", "set", "tuple", "list", "dict")


def _entries(value: ast.expr) -> list[ast.expr] | None:
    """What a collection literal lists: a dict's keys, the items of a tuple, list or set (of an item that
    is itself a tuple or list, its first element); a collection given to ``frozenset(...)`` and its
    like is read through. None for anything else."""
    if (isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in _COLLECTION_CALLS
            and len(value.args) == 1 and not value.keywords):
        value = value.args[0]
    if isinstance(value, ast.Dict):
        return [key for key in value.keys if key is not None]
    if isinstance(value, ast.Tuple | ast.List | ast.Set):
        return [item.elts[0] if isinstance(item, ast.Tuple | ast.List) and item.elts else item for item in value.elts]
    return None


def side_lists(root: Path) -> list[Place]:
    """The module-level collections of ``toguz_tui`` outside the command table that list commands: at least
    two of the strings they list (a dict's keys, a tuple's or set's items, the first of each pair) are
    command names, and every one of them is a command's name or alias."""
    table = command_table(root)
    if table is None:
        return []
    found: list[Place] = []
    for name, file, tree in _trees(root):
        if not name.startswith("toguz_tui"):
            continue
        for target, value, line in _module_assignments(tree):
            if target == COMMAND_TABLE and file == table.file:
                continue
            entries = _entries(value)
            if entries is None:
                continue
            strings = [entry.value for entry in entries if isinstance(entry, ast.Constant)
                       and isinstance(entry.value, str)]
            if sum(word in table.names for word in strings) >= 2 and all(word in table.words for word in strings):
                found.append(Place(file, line, target))
    return sorted(found, key=lambda place: (place.file, place.line))


def guard_paths(root: Path) -> list[Place]:
    """The places that run a command's handler: a call of ``<x>.handler(...)``, or a call handing a
    handler on (``<x>.handler``, or a function the command table names as a handler) to be run."""
    table = command_table(root)
    if table is None:
        return []
    found: list[Place] = []
    for _name, file, tree in _trees(root):
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or (file == table.file and node.lineno in table.lines):
                continue
            handed = [argument for argument in (*node.args, *(keyword.value for keyword in node.keywords))
                      if (isinstance(argument, ast.Attribute) and argument.attr == "handler")
                      or (isinstance(argument, ast.Name | ast.Attribute) and ast.unparse(argument) in table.handlers)]
            if (isinstance(node.func, ast.Attribute) and node.func.attr == "handler") or handed:
                found.append(Place(file, node.lineno, ast.unparse(node.func)))
    return sorted(found, key=lambda place: (place.file, place.line))


def command_figures(root: Path) -> tuple[list[str], list[str]]:
    """The lines on the ways into a command (side lists, guard paths), and the targets missed."""
    table = command_table(root)
    if table is None:
        return [f"Command table: no {COMMAND_TABLE} found"], []
    list_lines, lists_missed = place_figures(f"Side lists of commands outside {table.file}:{COMMAND_TABLE}",
                                             side_lists(root), MOST_SIDE_LISTS, "side lists of commands")
    path_lines, paths_missed = place_figures("Guard paths (places that run a command's handler)", guard_paths(root),
                                             MOST_GUARD_PATHS, "guard paths")
    return list_lines + path_lines, lists_missed + paths_missed


def is_face(file: str) -> bool:
    """Whether ``file`` (relative, with ``/``) is a face's: the board's, the line mode's, their runner, or the
    online launcher."""
    return any(file == face or (face.endswith("/") and file.startswith(face)) for face in FACES)


def _path_after(node: ast.Attribute, parents: dict[ast.AST, ast.AST]) -> str:
    """The names written after a session, ``node`` being the first (``x`` of ``session.x``): two at most."""
    names = [node.attr]
    parent = parents.get(node)
    if isinstance(parent, ast.Attribute) and parent.value is node:
        names.append(parent.attr)
    return ".".join(names)


def face_paths(root: Path) -> dict[str, list[Place]]:
    """Each session path the faces read (``session.x`` or ``session.x.y``), and where."""
    found: dict[str, list[Place]] = {}
    for _name, file, tree in _trees(root):
        if not is_face(file):
            continue
        parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and _is_session(node.value):
                found.setdefault(_path_after(node, parents), []).append(Place(file, node.lineno, ast.unparse(node)))
    return {path: sorted(places, key=lambda place: (place.file, place.line)) for path, places in sorted(found.items())}


def face_figures(root: Path) -> tuple[list[str], list[str]]:
    """The lines on the way out (the session paths the faces read), and the target missed."""
    paths = face_paths(root)
    lines = [f"Session paths read by the faces ({', '.join(FACES)}): {len(paths)} (target: at most {MOST_FACE_PATHS})"]
    for path, places in paths.items():
        first = places[0]
        lines.append(f"  {path}: {len(places)} (first at {first.file}:{first.line})")
    lines.append("View built once per key and once per render: counted at run time by "
                 "tests/toguz_tui/session/test_way_out.py")
    return lines, ([f"{len(paths)} session paths read by the faces"] if len(paths) > MOST_FACE_PATHS else [])


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
