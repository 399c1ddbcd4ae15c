"""The districts (issue 53), counted for ``bench/house.py`` (standard library only): online play read once,
and the session in folders of its own.

Online, read once (``toguz_tui/online``):

- parsers of the game's full state and state: the functions that name a game stream's message types
  (the string ``"gameFull"`` or ``"gameState"``), wherever they stand in the program (``state_parsers``);
- readers of a server clock: the functions that read a clock's fields from a server's JSON (a key
  ``"initial"``, ``"increment"``, ``"limit"`` or ``"daysPerTurn"``, by ``.get`` or ``[...]``) (``clock_readers``);
- definitions of a player's id and of a player's name: the functions under ``toguz_tui/online`` that read
  a player's id (a key ``"id"`` or ``"userId"``), or name (``"name"``, ``"username"``), from a value whose
  name says a player (``player``, ``user``, ``opponent``, ``account``, ``challenger``, ``p1``, ``white``...:
  ``player.get("name")``, ``client.account().get("id")``, ``game["user"]["id"]``) (``player_definitions``);
- reconnect loops: the ``while`` loops under ``toguz_tui/online`` that read a stream, catch an error and
  wait before they open it again (in the loop's body: a ``for`` over what a call opens, a ``try``, and a
  call of ``wait`` or ``sleep``) (``reconnect_loops``);
- ``with session.lock:`` (or ``self.session.lock``) outside ``toguz_tui/session`` (``outside_locks``);
- Protocols over the connection: the ``Protocol`` classes under ``toguz_tui/online`` (``online_protocols``);
- the modules at the top of ``toguz_tui/online`` (``__init__.py`` counted).

The session in districts (``toguz_tui/session``): the modules at its top (``__init__.py`` counted), and the
parts tested alone: each part of ``GameSession`` (the classes ``PARTS`` names, those the tree's session
defines) is tested alone when a test module under ``tests/`` builds it (calls its class) and never imports
``toguz_tui.session.facade`` (``parts_tested_alone``); the target is eight, or every part a smaller tree has.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from bench.house_seams import Place, place_figures
from tests.import_graph import PACKAGES, modules_of

STREAM_TYPES = frozenset({"gameFull", "gameState"})
CLOCK_KEYS = frozenset({"initial", "increment", "limit", "daysPerTurn"})
PLAYER_WORDS = re.compile(r"player|user|opponent|account|challenger|^p[12]$|white|black")
PLAYER_IDS = frozenset({"id", "userId"})
PLAYER_NAMES = frozenset({"name", "username"})
ONLINE = "toguz_tui/online"
SESSION = "toguz_tui/session"
PARTS = ("Output", "Preferences", "Opponents", "Clocks", "Accounts", "GameStore", "Questions", "Advisor",
         "Reviewer", "RecordFiles", "Trainer")
MOST_STATE_PARSERS = 1  # issue 53's targets
MOST_CLOCK_READERS = 1
MOST_PLAYER_DEFINITIONS = 1  # each of the id and the name
MOST_RECONNECT_LOOPS = 1
MOST_OUTSIDE_LOCKS = 1
MOST_ONLINE_PROTOCOLS = 1
MOST_ONLINE_TOP = 5
MOST_SESSION_TOP = 16
LEAST_PARTS_ALONE = 8


def _functions(root: Path, under: str = "") -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    """Each function (methods and nested ones too) of the program's packages, or of those under ``under``."""
    for path in modules_of(root, PACKAGES).values():
        file = path.relative_to(root).as_posix()
        if file.startswith(under):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    yield file, node


def _own_nodes(function: ast.AST) -> Iterator[ast.AST]:
    """The nodes of a function's body, its nested functions left out (they count on their own)."""
    todo = list(ast.iter_child_nodes(function))
    while todo:
        node = todo.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        yield node
        todo.extend(ast.iter_child_nodes(node))


def _read_keys(node: ast.AST) -> Iterator[str]:
    """The string keys ``node`` reads: ``x.get("k", ...)`` and ``x["k"]`` (loaded, not stored)."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get" \
            and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
        yield node.args[0].value
    if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load) and isinstance(node.slice, ast.Constant) \
            and isinstance(node.slice.value, str):
        yield node.slice.value


def state_parsers(root: Path) -> list[Place]:
    """The functions that name a game stream's message types (``gameFull``, ``gameState``)."""
    return [Place(file, function.lineno, function.name) for file, function in _functions(root)
            if any(isinstance(node, ast.Constant) and node.value in STREAM_TYPES for node in _own_nodes(function))]


def clock_readers(root: Path) -> list[Place]:
    """The functions that read a clock's fields from a server's JSON."""
    return [Place(file, function.lineno, function.name) for file, function in _functions(root, "toguz_tui/")
            if any(key in CLOCK_KEYS for node in _own_nodes(function) for key in _read_keys(node))]


def _receiver(node: ast.expr) -> str:
    """The name of what a key is read from: ``player`` of ``player.get(...)``, ``account`` of
    ``client.account().get(...)``, ``user`` of ``game["user"]["id"]``'s ``game["user"]``."""
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
        return str(node.slice.value)
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""


def _player_reads(function: ast.AST) -> Iterator[str]:
    """The keys a function reads from a player's JSON: from a value whose name says a player."""
    for node in _own_nodes(function):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
            whose = node.func.value
        elif isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load):
            whose = node.value
        else:
            continue
        if PLAYER_WORDS.search(_receiver(whose).lower()):
            yield from _read_keys(node)


def player_definitions(root: Path) -> tuple[list[Place], list[Place]]:
    """The functions under ``toguz_tui/online`` that read a player's id, and a player's name, from the server's
    JSON (a key of ``PLAYER_IDS`` or ``PLAYER_NAMES`` read from a value whose name says a player)."""
    ids: list[Place] = []
    names: list[Place] = []
    for file, function in _functions(root, ONLINE):
        keys = set(_player_reads(function))
        if keys & PLAYER_IDS:
            ids.append(Place(file, function.lineno, function.name))
        if keys & PLAYER_NAMES:
            names.append(Place(file, function.lineno, function.name))
    return ids, names


def reconnect_loops(root: Path) -> list[Place]:
    """The ``while`` loops under ``toguz_tui/online`` that read a stream, catch an error and wait to open it again."""
    found: list[Place] = []
    for file, function in _functions(root, ONLINE):
        for node in _own_nodes(function):
            if not isinstance(node, ast.While):
                continue
            inside = [child for statement in node.body for child in ast.walk(statement)]
            reads = any(isinstance(child, ast.For) and isinstance(child.iter, ast.Call) for child in inside)
            catches = any(isinstance(child, ast.Try) and child.handlers for child in inside)
            waits = any(isinstance(child, ast.Call) and (
                (isinstance(child.func, ast.Attribute) and child.func.attr in {"wait", "sleep"})
                or (isinstance(child.func, ast.Name) and child.func.id in {"wait", "sleep"})) for child in inside)
            if reads and catches and waits:
                found.append(Place(file, node.lineno, function.name))
    return found


def _is_session_lock(node: ast.expr) -> bool:
    """``session.lock`` or ``<anything>.session.lock``."""
    if not (isinstance(node, ast.Attribute) and node.attr == "lock"):
        return False
    value = node.value
    return (isinstance(value, ast.Name) and value.id == "session") or (
        isinstance(value, ast.Attribute) and value.attr == "session")


def outside_locks(root: Path) -> list[Place]:
    """Each ``with session.lock:`` outside the session's package."""
    found: list[Place] = []
    for path in modules_of(root, PACKAGES).values():
        file = path.relative_to(root).as_posix()
        if file.startswith(SESSION + "/"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.With | ast.AsyncWith) and any(_is_session_lock(item.context_expr)
                                                                  for item in node.items):
                found.append(Place(file, node.lineno, "with session.lock"))
    return sorted(found, key=lambda place: (place.file, place.line))


def online_protocols(root: Path) -> list[Place]:
    """The ``Protocol`` classes under ``toguz_tui/online``."""
    found: list[Place] = []
    for path in modules_of(root, PACKAGES).values():
        file = path.relative_to(root).as_posix()
        if not file.startswith(ONLINE + "/"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and any(
                    (isinstance(base, ast.Name) and base.id == "Protocol")
                    or (isinstance(base, ast.Attribute) and base.attr == "Protocol") for base in node.bases):
                found.append(Place(file, node.lineno, node.name))
    return sorted(found, key=lambda place: (place.file, place.line))


def top_modules(root: Path, folder: str) -> list[str]:
    """The modules standing at the top of ``folder`` (``__init__.py`` counted)."""
    return sorted(path.name for path in (root / folder).glob("*.py"))


def defined_parts(root: Path) -> list[str]:
    """The parts ``PARTS`` names whose class the tree's session package defines."""
    defined = {node.name for path in modules_of(root, PACKAGES).values()
               if path.relative_to(root).as_posix().startswith(SESSION + "/")
               for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))) if isinstance(node, ast.ClassDef)}
    return [part for part in PARTS if part in defined]


def parts_tested_alone(root: Path) -> dict[str, list[str]]:
    """Each part of the session the tree defines, with the test modules that build it and never import the
    facade."""
    found: dict[str, list[str]] = {part: [] for part in defined_parts(root)}
    for path in sorted((root / "tests").rglob("*.py")) if found else []:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
        imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
        if any(name == "toguz_tui.session.facade" or name.startswith("toguz_tui.session.facade.")
               for name in imported):
            continue
        built = {node.func.id for node in ast.walk(tree)
                 if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in found}
        for part in built:
            found[part].append(path.relative_to(root).as_posix())
    return found


def district_figures(root: Path) -> tuple[list[str], list[str]]:
    """The lines on online read once and the session's districts, and the targets missed."""
    lines: list[str] = []
    missed: list[str] = []
    ids, names = player_definitions(root)
    for title, places, most, words in (
            ("Parsers of the game's full state and state", state_parsers(root), MOST_STATE_PARSERS,
             "parsers of the game's state"),
            ("Readers of a server clock", clock_readers(root), MOST_CLOCK_READERS, "readers of a server clock"),
            ("Definitions of a player's id", ids, MOST_PLAYER_DEFINITIONS, "definitions of a player's id"),
            ("Definitions of a player's name", names, MOST_PLAYER_DEFINITIONS, "definitions of a player's name"),
            ("Reconnect loops", reconnect_loops(root), MOST_RECONNECT_LOOPS, "reconnect loops"),
            ("with session.lock outside toguz_tui/session", outside_locks(root), MOST_OUTSIDE_LOCKS,
             "session locks taken outside the session"),
            ("Protocols over the connection (Protocol classes in toguz_tui/online)", online_protocols(root),
             MOST_ONLINE_PROTOCOLS, "Protocols in toguz_tui/online")):
        more_lines, more_missed = place_figures(title, places, most, words)
        lines += more_lines
        missed += more_missed
    for folder, most in ((ONLINE, MOST_ONLINE_TOP), (SESSION, MOST_SESSION_TOP)):
        top = top_modules(root, folder)
        lines.append(f"Modules at the top of {folder}/: {len(top)} (target: at most {most}): {', '.join(top)}")
        if len(top) > most:
            missed.append(f"{len(top)} modules at the top of {folder}/")
    alone = parts_tested_alone(root)
    tested = [part for part, files in alone.items() if files]
    least = min(LEAST_PARTS_ALONE, len(alone))  # a tree without the session's parts has nothing to test alone
    lines.append(f"Session parts tested alone (built in a test that never imports the facade): {len(tested)} of "
                 f"{len(alone)} (target: at least {least})")
    lines.extend(f"  {part}: {', '.join(files) if files else 'none'}" for part, files in alone.items())
    if len(tested) < least:
        missed.append(f"{len(tested)} session parts tested alone")
    return lines, missed
