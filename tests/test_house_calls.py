"""The smaller points of ``bench/house_calls.py`` (issue 53, part 4): uncalled functions and the tests' wait-until
helpers, counted on small trees made here, and today's wait-until helpers within their target."""

from __future__ import annotations

from pathlib import Path

from bench.house_calls import call_figures, uncalled_functions, wait_helpers
from tests.needs import REPO
from tests.trees import write_tree

PACKAGES = {"rules/__init__.py": "", "speech/__init__.py": "", "toguz_tui/__init__.py": ""}
APP = '''
from textual import on
from textual.app import App
from textual.binding import Binding


class Base:
    def shared(self) -> None:
        """Called by name in ``dead``'s docstring: not a use."""


class Reader(Protocol):
    def read(self) -> str: ...


class Board(App[None], Base):
    BINDINGS = [Binding("q", "leave"), Binding("1", "digit(1)")]

    def __init__(self) -> None:
        super().__init__()

    def compose(self) -> None: ...
    def on_mount(self) -> None: ...
    def watch_size(self) -> None: ...
    def action_leave(self) -> None: ...
    def action_digit(self, number: int) -> None: ...
    def action_unbound(self) -> None: ...
    def shared(self) -> None: ...
    def read(self) -> str: return ""

    @on(Binding)
    def pressed(self) -> None: ...


def main() -> None:
    """The entry point."""


def dead(count: int) -> int:
    """Calls itself only, and says ``shared``."""
    return dead(count - 1) if count else 0


class Formatter(argparse.HelpFormatter):
    def add_usage(self, usage, actions, groups, prefix=None) -> None: ...  # argparse calls it by name


def patched() -> None: ...
def test_nothing() -> None: ...
'''


def test_a_function_whose_name_nothing_uses_is_counted_and_the_ones_called_by_name_are_not(tmp_path: Path) -> None:
    root = write_tree(tmp_path, {**PACKAGES, "toguz_tui/app.py": APP,
                                 "tests/test_app.py": 'PATH = "toguz_tui.app.patched"\n',
                                 "pyproject.toml": '[project.scripts]\ntoguz = "toguz_tui.app:main"\n'})
    found = [(place.file, place.what) for place in uncalled_functions(root)]
    assert found == [("toguz_tui/app.py", "Base.shared"), ("toguz_tui/app.py", "Reader.read"),
                     ("toguz_tui/app.py", "Board.action_unbound"), ("toguz_tui/app.py", "dead")]
    lines, missed = call_figures(root)
    assert lines[0] == "Functions no code calls in rules, speech, toguz_tui: 4 (target: at most 0)"
    assert missed == ["4 functions no code calls"]


def test_the_wait_until_helpers_of_the_tests_are_counted_by_name(tmp_path: Path) -> None:
    root = write_tree(tmp_path, {**PACKAGES, "tests/waiting.py": "def until(): ...\nasync def pilot_until(): ...\n",
                                 "tests/test_a.py": "def wait_for(): ...\ndef until_ready(): ...\n"
                                                    "def waiting(): ...\nclass T:\n    def wait(self): ...\n"})
    assert [(place.file, place.what) for place in wait_helpers(root)] == [
        ("tests/test_a.py", "wait_for"), ("tests/test_a.py", "until_ready"), ("tests/waiting.py", "until"),
        ("tests/waiting.py", "pilot_until")]
    assert call_figures(root)[1] == ["4 wait-until helpers in the tests"]


def test_the_tests_wait_in_at_most_three_ways() -> None:
    assert len(wait_helpers(REPO)) <= 3, wait_helpers(REPO)
