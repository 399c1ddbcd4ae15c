"""A newcomer's first start, as issue 52 found it (a fresh home, the installed ``toguz`` in a real terminal):
an Enter typed after the first start's questions plays no move, the screen-reader answer says why toguz's own
voice is silent, the board's quit leaves a line in the terminal, and the README's first game is what toguz does.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.fakes import HERMETIC
from tests.needs import need_program
from tests.toguz_tui.board.test_terminal import SOCKET, Terminal
from tests.toguz_tui.conftest import environment, toguz_command
from tests.toguz_tui.online.server import FakePlayStrategy

pytestmark = pytest.mark.slow

END = "toguz-has-ended"  # printed by the shell once toguz has ended: what toguz left in the terminal is above it


def flat(text: str) -> str:
    """``text`` with every run of spaces and line breaks as one space (the terminal breaks long lines)."""
    return " ".join(text.split())


class FirstStart(Terminal):
    """A terminal running the installed ``toguz`` for the first time (a fresh home and no settings), its shell
    kept after toguz ends."""

    def flat(self) -> str:
        """The screen's words on one line."""
        return flat(self.screen())

    def sees(self, words: str, timeout: float = 20.0) -> None:
        """Wait until ``words`` are on the screen."""
        self.wait(lambda: words in self.flat(), timeout)

    def ended(self) -> str:
        """Wait until toguz has ended; what it left in the terminal (the screen's words before ``END``)."""
        self.sees(END)
        return self.flat().partition(END)[0]


@pytest.fixture
def first_start(tmp_path: Path) -> Iterator[Callable[..., FirstStart]]:
    """Start ``toguz ARGS`` in a fresh 100x30 tmux session with a fresh home; killed at the end."""
    need_program("tmux")
    names: list[str] = []

    def start(*args: str, settings: str | None = None) -> FirstStart:
        name = f"toguz-newcomer-{uuid.uuid4().hex[:8]}"
        home = tmp_path / "home"
        home.mkdir(exist_ok=True)
        env = {**environment(tmp_path), **HERMETIC, "HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config"),
               "XDG_DATA_HOME": str(home / ".local" / "share"), "TERM": "xterm-256color"}
        if settings is not None:
            (tmp_path / "config").mkdir(exist_ok=True)
            (tmp_path / "config" / "settings.toml").write_text(settings)
        exported = " ".join(f"{key}={shlex.quote(value)}" for key, value in env.items()
                            if key not in ("COLUMNS", "LINES"))
        command = f"env {exported} {shlex.join([*toguz_command(), *args])}; echo {END}; sleep 60"
        clean = {key: value for key, value in os.environ.items() if key not in ("COLUMNS", "LINES")}
        started = subprocess.run(["tmux", "-L", SOCKET, "new-session", "-d", "-s", name, "-x", "100", "-y", "30",
                                  command], env=clean, capture_output=True, text=True)
        assert started.returncode == 0, started.stderr
        names.append(name)
        return FirstStart(name)

    yield start
    for name in names:
        subprocess.run(["tmux", "-L", SOCKET, "kill-session", "-t", name], capture_output=True)


def test_enter_pressed_after_the_first_start_question_plays_no_move(first_start: Callable[..., FirstStart]) -> None:
    term = first_start("--speech", "off")
    term.sees("Do you use a screen reader?")
    term.sees("(Enter alone: no)")
    term.keys("Enter")  # no: the board comes, and no braille question (that one follows a yes)
    term.sees("1 to 9 pits")
    term.keys("Enter")  # "no" again, to a question that is not asked: on the board
    term.sees("Choose a pit first")
    assert "You sow" not in term.flat()
    term.keys("7", "Enter")  # a pit chosen: Enter plays it
    term.sees("You sow 9 stones from pit 7")


def test_keys_typed_ahead_during_the_first_start_never_reach_the_board(
        first_start: Callable[..., FirstStart]) -> None:
    term = first_start("--speech", "off")
    term.sees("(Enter alone: no)")
    term.keys("Enter", "7", "Enter")  # typed before the board is there
    term.sees("1 to 9 pits")
    term.keys("k")  # the board answers keys now
    term.sees("Tied at 0")
    assert "Pit 7" not in term.flat() and "You sow" not in term.flat()


def test_the_screen_reader_answer_says_why_toguz_is_silent_and_enter_after_braille_plays_nothing(
        first_start: Callable[..., FirstStart]) -> None:
    term = first_start()
    term.sees("(Enter alone: no)")
    term.keys("y", "Enter")
    term.sees("Do you read toguz on a braille display?")
    said = term.flat()
    assert "toguz's own voice: speech on" not in said
    assert ("Your screen reader speaks every message, so toguz's own voice is off. To hear it too, type speech on "
            "(on the board, press : first).") in said
    term.keys("Enter")  # no braille
    term.sees("Braille off.")
    term.sees("New game of Toguz Kumalak")
    term.keys("Enter")
    term.sees("Choose a pit first")
    assert "You sow" not in term.flat()


def test_quitting_the_board_leaves_a_line_that_the_game_is_saved(first_start: Callable[..., FirstStart]) -> None:
    term = first_start("--speech", "off", settings="screen_reader = false\n")
    term.sees("1 to 9 pits")
    term.keys("7", "Enter")
    term.sees("You sow 9 stones from pit 7")
    term.keys("q")
    term.sees("Quit now?")
    term.keys("y")
    assert term.ended().endswith("Goodbye. Your game is saved and will be offered next time. ")


def test_quitting_the_board_after_a_finished_game_says_nothing_of_a_saved_game(
        first_start: Callable[..., FirstStart]) -> None:
    term = first_start("--speech", "off", settings="screen_reader = false\n")
    term.sees("1 to 9 pits")
    term.keys("R")
    term.sees("Give up this game?")
    term.keys("y")
    term.sees("Game over: you resign.")
    term.keys("q")
    term.sees("Quit now?")
    term.keys("y")
    left = term.ended()
    assert left.endswith("Goodbye. ") and "saved" not in left


def test_the_saved_game_question_is_english(first_start: Callable[..., FirstStart], tmp_path: Path) -> None:
    played = subprocess.run([*toguz_command(), "play", "--line", "--speech", "off"], input="7\nquit\n",
                            capture_output=True, text=True, timeout=60, env=environment(tmp_path))
    assert "Your game is saved" in played.stdout, played.stdout + played.stderr
    term = first_start("--speech", "off", settings="screen_reader = true\n")
    term.sees("Resume it, or start a new game?")
    term.sees("is selected.")
    assert "Press y for resume, n for new game. Resume is selected." in term.flat()
    assert "n to new game" not in term.flat()


def test_the_online_prompt_without_a_login_says_where_the_player_is(first_start: Callable[..., FirstStart]) -> None:
    term = first_start("online", "--line", "--speech", "off", "--server", "http://127.0.0.1:9")
    term.sees("Not logged in to http://127.0.0.1:9")
    term.sees("Online, not logged in>")
    assert "Your move, 0 to 0" not in term.flat()


def test_the_online_prompt_before_any_game_says_so_and_a_game_brings_the_score(
        first_start: Callable[..., FirstStart], tmp_path: Path) -> None:
    server = FakePlayStrategy().start()
    try:
        token = tmp_path / "token"
        token.write_text(server.token + "\n")
        term = first_start("online", "--line", "--speech", "off", "--server", server.url, "--token-file", str(token))
        term.sees("Connected to PlayStrategy as me.")
        term.sees("Online, no game>")
        server.add_challenge()
        term.sees("type accept or decline")
        term.keys("accept", "Enter")
        term.sees("Move 1: Alice's turn.")
        term.keys("Enter")  # the prompt is drawn afresh
        term.sees("Alice to move, 0 to 0>")
    finally:
        server.stop()
