"""``bench/house.py`` counts what it says, on a small tree of modules written for the test."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.house import class_sizes, main, outside_assignments, report, session_functions
from tests.import_graph import IN_FUNCTION, RUN_TIME, TYPE_ONLY, cycles, import_graph

SOURCES = {
    "rules/__init__.py": "",
    "toguz_tui/__init__.py": "",
    "toguz_tui/session/__init__.py": (
        "class GameSession:\n"
        "    def play(self): ...\n"
        "    def undo(self): ...\n"
        "    class Inner:\n"
        "        def a(self): ...\n"
        "def reset(session):\n"
        "    session.game = None\n"  # inside the session: not counted
    ),
    "toguz_tui/session/output.py": "def say(session):\n    session.said = []\n",
    "toguz_tui/files.py": (
        "def save(session, path):\n"
        "    session.saved = True\n"
        "    session.store.autosave = False\n"
        "    session.kept['a'] += 1\n"
        "    session.a, (session.b, other) = 1, (2, 3)\n"
        "    setattr(session, 'c', 4)\n"
        "    other.saved = True\n"  # not a session
        "    sessions = [session]\n"
        "def _helper(path, session): ...\n"  # session not first
        "class Screen:\n"
        "    def __init__(self, session):\n"
        "        self.session = session\n"  # holds the session, sets nothing of it
        "        self.session.clocks.remote = True\n"
        "        self.app.session.online: object = None\n"
    ),
    "toguz_tui/commands.py": "def run(session, line): ...\ndef help_text(): ...\n",
    "toguz_tui/commands/moves.py": "def play(session, pit): ...\n",
    "toguz_tui/a.py": "from toguz_tui import b\n",
    "toguz_tui/b.py": (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from toguz_tui.a import A\n"
        "def later():\n"
        "    from toguz_tui import c\n"
    ),
    "toguz_tui/c.py": "from . import b\n",
}


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    for name, text in SOURCES.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


def test_classes_are_measured_by_their_own_methods_and_lines(tree: Path) -> None:
    sizes = {size.name: (size.file, size.methods, size.lines) for size in class_sizes(tree)}
    assert sizes["GameSession"] == ("toguz_tui/session/__init__.py", 2, 5)
    assert sizes["GameSession.Inner"] == ("toguz_tui/session/__init__.py", 1, 2)
    assert sizes["Screen"] == ("toguz_tui/files.py", 1, 5)


def test_every_assignment_through_a_session_outside_the_session_package_is_found(tree: Path) -> None:
    found = [(place.file, place.line, place.what) for place in outside_assignments(tree)]
    assert found == [
        ("toguz_tui/files.py", 2, "session.saved"),
        ("toguz_tui/files.py", 3, "session.store.autosave"),
        ("toguz_tui/files.py", 4, "session.kept['a']"),
        ("toguz_tui/files.py", 5, "session.a"),
        ("toguz_tui/files.py", 5, "session.b"),
        ("toguz_tui/files.py", 6, "setattr(session, 'c', 4)"),
        ("toguz_tui/files.py", 13, "self.session.clocks.remote"),
        ("toguz_tui/files.py", 14, "self.app.session.online"),
    ]


def test_functions_taking_the_session_first_are_found_outside_the_session_package(tree: Path) -> None:
    assert session_functions(tree) == {
        "toguz_tui/files.py": ["save"], "toguz_tui/commands.py": ["run"], "toguz_tui/commands/moves.py": ["play"],
    }


def test_command_handlers_are_counted_apart(tree: Path) -> None:
    lines, _missed = report(tree)
    assert "Functions taking session first outside the session, not command handlers: 1 in 1 modules" in lines
    assert "Command handlers taking session first: 2 in 2 modules" in lines


def test_an_import_for_the_type_checker_or_in_a_function_makes_a_cycle(tree: Path) -> None:
    graph = import_graph(tree)
    assert graph["toguz_tui.a"] == {"toguz_tui.b": RUN_TIME}
    assert graph["toguz_tui.b"] == {"toguz_tui.a": TYPE_ONLY, "toguz_tui.c": IN_FUNCTION}
    assert graph["toguz_tui.c"] == {"toguz_tui.b": RUN_TIME}
    assert cycles(graph) == [
        ["toguz_tui.a", "toguz_tui.b", "toguz_tui.a"], ["toguz_tui.b", "toguz_tui.c", "toguz_tui.b"],
    ]
    lines, missed = report(tree)
    assert "  toguz_tui.a -> toguz_tui.b -(type only)-> toguz_tui.a" in lines
    assert "  toguz_tui.b -(in a function)-> toguz_tui.c -> toguz_tui.b" in lines
    assert "2 import cycles" in missed


def test_it_exits_1_on_a_missed_target_only_when_asked_to_check(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(tree)]) == 0
    assert main(["--check", str(tree)]) == 1
    assert "GameSession: 2 methods, 5 lines (target: at most 25 and 300) in toguz_tui/session/__init__.py" \
        in capsys.readouterr().out
