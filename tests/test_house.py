"""``bench/house.py`` counts what it says, on a small tree of modules written for the test."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.house import (
    class_sizes,
    command_figures,
    command_table,
    face_figures,
    face_paths,
    guard_paths,
    main,
    outside_assignments,
    report,
    session_functions,
    side_lists,
)
from tests.import_graph import IN_FUNCTION, RUN_TIME, TYPE_ONLY, cycles, import_graph
from tests.needs import REPO
from tests.trees import write_tree

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
    "toguz_tui/session/output/output.py": "def say(session):\n    session.said = []\n",
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
    return write_tree(tmp_path, SOURCES)


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


COMMAND_SOURCES = {
    "toguz_tui/__init__.py": "",
    "toguz_tui/commands/__init__.py": "",
    "toguz_tui/commands/table.py": (
        "COMMANDS = (\n"
        "    _cmd('play', [], ['enter'], 'play', game.play, 'play pit N'),\n"
        "    _cmd('board', ['b', 'all'], ['b'], 'ask', board.board, 'both rows'),\n"
        "    _cmd('help', ['h'], ['h'], 'settings', help_text, 'the help', numbered=True),\n"
        "    Command('new', ('n',), (), 'a new game', 'game', handler=game.new_game),\n"
        ")\n"
        "NUMBERED = ('play', 'board')\n"  # a side list in the table's own module
        "HELP_TOPICS = {'play': 1, 'board': 2, 'game': 3}\n"  # a topic is not a command: not a side list
        "def run_line(session, words):\n"
        "    if words[0].isdecimal():\n"
        "        return guarded(game.play, session, words)\n"  # a handler handed on: a guard path
        "    return guarded(find(words[0]).handler, session, words[1:])\n"
        "def run(session, name):\n"
        "    return BY_WORD[name].handler(session, [])\n"  # a handler called: a guard path
        "def guarded(handler, session, args):\n"
        "    return handler(session, args)\n"  # runs what it was given: not a path of its own
    ),
    "tests/test_tree.py": ("def test_the_tree():\n"  # every function of the tree called
                           "    run_line(None, []), run(None, 'play'), footer(), guarded(None, None, [])\n"),
    "toguz_tui/keys.py": (
        "DIALOGS = ('new', 'help')\n"
        "GAME_ONLY: frozenset[str] = frozenset({'new', 'board'})\n"
        "FOOTER = (('play', 'enter', N_('play')), ('help', 'h', N_('help')))\n"
        "USAGES = {'play': 'play N', 'all': 'all', 'new': 'new'}\n"  # an alias among names: still a side list
        "THEIRS = ('b', 'all', 'board')\n"  # aliases with one name: words after a command, not a side list
        "KEY_SIGNS = {'comma': ',', 'play': 'p'}\n"
        "MESSAGES = (N_('play'), N_('board'))\n"
        "def footer():\n"
        "    lines = ('play', 'board')\n"  # inside a function: not module-level
    ),
}


@pytest.fixture
def command_tree(tmp_path: Path) -> Path:
    return write_tree(tmp_path, COMMAND_SOURCES)


def test_the_command_table_gives_the_names_the_aliases_and_the_handlers(command_tree: Path) -> None:
    table = command_table(command_tree)
    assert table is not None
    assert (table.file, table.lines) == ("toguz_tui/commands/table.py", range(1, 7))
    assert table.names == {"play", "board", "help", "new"}
    assert table.words == {"play", "board", "b", "all", "help", "h", "new", "n"}
    assert table.handlers == {"game.play", "board.board", "help_text", "game.new_game"}


def test_a_module_level_collection_of_command_names_outside_the_table_is_a_side_list(command_tree: Path) -> None:
    found = [(place.file, place.line, place.what) for place in side_lists(command_tree)]
    assert found == [
        ("toguz_tui/commands/table.py", 7, "NUMBERED"),
        ("toguz_tui/keys.py", 1, "DIALOGS"),
        ("toguz_tui/keys.py", 2, "GAME_ONLY"),
        ("toguz_tui/keys.py", 3, "FOOTER"),
        ("toguz_tui/keys.py", 4, "USAGES"),
    ]


def test_each_place_that_runs_or_hands_on_a_handler_is_a_guard_path(command_tree: Path) -> None:
    found = [(place.line, place.what) for place in guard_paths(command_tree)]
    assert found == [(11, "guarded"), (12, "guarded"), (14, "BY_WORD[name].handler")]


def test_the_ways_into_a_command_are_printed_and_checked(command_tree: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    lines, missed = command_figures(command_tree)
    assert "Side lists of commands outside toguz_tui/commands/table.py:COMMANDS: 5 (target: at most 1)" in lines
    assert "  toguz_tui/keys.py:3: FOOTER" in lines
    assert "Guard paths (places that run a command's handler): 3 (target: at most 1)" in lines
    assert missed == ["5 side lists of commands", "3 guard paths"]
    assert main(["--check", str(command_tree)]) == 1
    assert "Targets missed: 2" in capsys.readouterr().out


def test_one_side_list_and_one_guard_path_meet_the_targets(command_tree: Path) -> None:
    table = command_tree / "toguz_tui/commands/table.py"
    text = table.read_text(encoding="utf-8").replace("NUMBERED = ('play', 'board')\n", "")
    text = text.replace("return guarded(game.play, session, words)", "return run(session, 'play')")
    table.write_text(text.replace("    return guarded(find(words[0]).handler, session, words[1:])\n", ""),
                     encoding="utf-8")
    (command_tree / "toguz_tui/keys.py").write_text("FOOTER = (('play', 'enter', N_('play')),"
                                                    " ('help', 'h', N_('help')))\n", encoding="utf-8")
    lines, missed = command_figures(command_tree)
    assert "Side lists of commands outside toguz_tui/commands/table.py:COMMANDS: 1 (target: at most 1)" in lines
    assert "Guard paths (places that run a command's handler): 1 (target: at most 1)" in lines
    assert missed == []
    assert main(["--check", str(command_tree)]) == 0


def test_the_program_has_one_side_list_of_commands_the_keys_lines_and_one_guard_path() -> None:
    assert [(place.file, place.what) for place in side_lists(REPO)] == [
        ("toguz_tui/board/screens/keys.py", "KEYS_LINES")]
    assert [(place.file, place.what) for place in guard_paths(REPO)] == [("toguz_tui/commands/table.py", "guarded")]


FACE_SOURCES = {
    "toguz_tui/__init__.py": "",
    "toguz_tui/board/__init__.py": "",
    "toguz_tui/board/screen.py": (
        "class Screen:\n"
        "    def draw(self):\n"
        "        view = self.session.view\n"  # the snapshot: view
        "        self.show(view.position, view.seat.mine)\n"  # what the face reads of it: not a session path
        "        self.session.output.speaker.speak('a')\n"  # two names at most: output.speaker
        "        self.app.session.output.error('b')\n"
        "        session = self.session\n"
        "        session.settings.screen_reader\n"
        "        session.output.error('c')\n"  # output.error again
    ),
    "toguz_tui/line/__init__.py": "",
    "toguz_tui/line/console.py": "def loop(session):\n    session.quit()\n    output = session.output\n",
    "toguz_tui/online/__init__.py": "",
    "toguz_tui/online/main.py": "def play(session):\n    session.close()\n",
    "toguz_tui/online/play/online_play.py": "def attach(session):\n    session.game.moves\n",  # not a face
    "toguz_tui/start/__init__.py": "",
    "toguz_tui/start/faces.py": "def run_face(session):\n    session.resumed\n",  # the faces' runner: counted
    "toguz_tui/start/launch.py": "def build(session):\n    session.trainer.open_lessons()\n",  # not a face
    "toguz_tui/commands/__init__.py": "",
    "toguz_tui/commands/game_commands.py": "def play(session):\n    session.view.position\n",  # not a face
}


@pytest.fixture
def face_tree(tmp_path: Path) -> Path:
    return write_tree(tmp_path, FACE_SOURCES)


def test_the_session_paths_the_faces_read_are_counted_two_names_deep(face_tree: Path) -> None:
    found = {path: [(place.file, place.line) for place in places] for path, places in face_paths(face_tree).items()}
    assert found == {
        "close": [("toguz_tui/online/main.py", 2)],
        "output": [("toguz_tui/line/console.py", 3)],
        "output.error": [("toguz_tui/board/screen.py", 6), ("toguz_tui/board/screen.py", 9)],
        "output.speaker": [("toguz_tui/board/screen.py", 5)],
        "quit": [("toguz_tui/line/console.py", 2)],
        "resumed": [("toguz_tui/start/faces.py", 2)],
        "settings.screen_reader": [("toguz_tui/board/screen.py", 8)],
        "view": [("toguz_tui/board/screen.py", 3)],
    }
    lines, missed = face_figures(face_tree)
    assert lines[0].endswith(": 8 (target: at most 15)")
    assert "  output.error: 2 (first at toguz_tui/board/screen.py:6)" in lines
    assert missed == []


def test_more_than_15_session_paths_read_by_the_faces_miss_the_target(face_tree: Path) -> None:
    reads = "".join(f"    session.part{number}.read()\n" for number in range(8))
    (face_tree / "toguz_tui/line/more.py").write_text(f"def more(session):\n{reads}", encoding="utf-8")
    assert face_figures(face_tree)[1] == ["16 session paths read by the faces"]
    assert main(["--check", str(face_tree)]) == 1


def test_the_faces_read_at_most_15_session_paths() -> None:
    paths = face_paths(REPO)
    assert len(paths) <= 15, sorted(paths)
    assert not {"game", "setup", "opponent", "store", "online", "persist", "clocks.clock"} & set(paths)
