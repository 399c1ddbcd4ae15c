"""The installed ``toguz`` in a real terminal (tmux): the screen, the cursor on the focused pit, no idle repaint."""

from __future__ import annotations

import functools
import itertools
import os
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.fakes import HERMETIC
from tests.needs import need_program
from tests.waiting import until

pytestmark = pytest.mark.slow

TOGUZ = Path(sys.executable).with_name("toguz")


SOCKET = f"toguz-tests-{os.getpid()}"  # a tmux server of the tests' own: no COLUMNS or LINES from elsewhere


class Terminal:
    """One tmux session running ``toguz``."""

    def __init__(self, name: str) -> None:
        self.name = name

    def tmux(self, *args: str) -> str:
        """Run a tmux command on this session; its output."""
        done = subprocess.run(["tmux", "-L", SOCKET, *args], capture_output=True, text=True, check=True, timeout=10)
        return done.stdout

    def keys(self, *keys: str) -> None:
        """Send keys."""
        self.tmux("send-keys", "-t", self.name, *keys)

    def screen(self, escapes: bool = False) -> str:
        """The screen as text (with the colour escapes when asked)."""
        return self.tmux("capture-pane", "-p", *(["-e"] if escapes else []), "-t", self.name)

    def cursor(self) -> tuple[int, int, bool]:
        """The cursor's column, row and whether it is shown."""
        x, y, flag = self.tmux("display", "-p", "-t", self.name, "#{cursor_x},#{cursor_y},#{cursor_flag}").split(",")
        return int(x), int(y), flag.strip() == "1"

    def wait(self, check: Callable[[], bool], timeout: float = 10.0) -> None:
        """Poll until ``check`` holds; fail showing the screen."""
        until(check, timeout, lambda: f"the screen:\n{self.screen()}")


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[Callable[..., Terminal]]:
    """Start ``toguz`` with private directories in a fresh 100x30 tmux session; killed at the end."""
    need_program("tmux")
    names: list[str] = []

    def start(*args: str, config: str = "screen_reader = false\n",
              ready: tuple[str, ...] = ("1 to 9 pits", "pit", "kazan")) -> Terminal:
        name = f"toguz-test-{uuid.uuid4().hex[:8]}"
        config_dir = tmp_path / "config"
        config_dir.mkdir(exist_ok=True)
        (config_dir / "settings.toml").write_text(config)  # says the screen-reader mode: no first-start question
        env = {"TOGUZ_DATA_DIR": str(tmp_path / "data"), "TOGUZ_CONFIG_DIR": str(config_dir),
               "TERM": "xterm-256color", "PATH": os.environ.get("PATH", ""), **HERMETIC}
        command = " ".join([*(f"{key}={value}" for key, value in env.items()), "exec", str(TOGUZ), *args])
        clean = {key: value for key, value in os.environ.items() if key not in ("COLUMNS", "LINES")}
        for _attempt in range(3):
            # The server exits with its last session; one still on its way out refuses the new
            # session ("server exited unexpectedly"), and the next try starts a fresh server.
            started = subprocess.run(["tmux", "-L", SOCKET, "new-session", "-d", "-s", name, "-x", "100", "-y", "30",
                                      command], env=clean, capture_output=True, text=True)
            if started.returncode == 0:
                break
            time.sleep(0.5)
        assert started.returncode == 0, started.stderr
        names.append(name)
        term = Terminal(name)
        term.wait(lambda: all(part in term.screen() for part in ready))
        return term

    yield start
    for name in names:
        subprocess.run(["tmux", "-L", SOCKET, "kill-session", "-t", name], capture_output=True)


def pit_spot(screen: str, row: int, column: int) -> tuple[int, int]:
    """Where a pit's count is: ``row`` 0 (top) or 1, ``column`` from 0 at the left (7 cells a pit)."""
    lines = screen.splitlines()
    top = next(index for index, line in enumerate(lines) if line.startswith("╭"))
    y = top + 2 + 5 * row
    cell = lines[y][7 * column:7 * column + 7]
    return 7 * column + len(cell) - len(cell.lstrip(" │>")), y


def at_pit(term: Terminal, row: int, column: int) -> bool:
    """Whether the terminal's cursor is on the count of that pit."""
    return term.cursor()[:2] == pit_spot(term.screen(), row, column)


def test_the_cursor_follows_the_focused_pit_and_nothing_repaints_when_idle(
        terminal: Callable[..., Terminal]) -> None:
    term = terminal("--speech", "off", "--new", "--opponent", "human")
    assert "pit 9" in term.screen() and "kazan 0" in term.screen()
    steps = [("Right", 1, 1), ("Right", 1, 2), ("Up", 0, 2), ("End", 0, 8), ("Down", 1, 8), ("Home", 1, 0)]
    for key, row, column in steps:
        term.keys(key)
        term.wait(functools.partial(at_pit, term, row, column))
    term.keys("Right", "Right", "Right")
    term.wait(lambda: term.cursor()[:2] == pit_spot(term.screen(), 1, 3))
    term.keys("7", "Enter")
    term.wait(lambda: "White sows 9 stones from pit 7" in term.screen())
    time.sleep(0.3)
    first = term.screen(escapes=True), term.cursor()
    time.sleep(1.0)
    assert (term.screen(escapes=True), term.cursor()) == first


def test_quit_leaves_the_terminal_and_keeps_the_game(terminal: Callable[..., Terminal], tmp_path: Path) -> None:
    term = terminal("--speech", "off", "--new", "--opponent", "human")
    assert not term.cursor()[2], "the cursor stays hidden without the screen-reader setting"
    term.keys("7", "Enter")
    term.wait(lambda: "White sows" in term.screen())
    term.keys("q")
    term.wait(lambda: "Quit now?" in term.screen())
    term.keys("Enter")
    for _ in itertools.count():
        done = subprocess.run(["tmux", "-L", SOCKET, "has-session", "-t", term.name], capture_output=True)
        if done.returncode != 0:
            break
        time.sleep(0.05)
        assert _ < 200, term.screen()
    assert any((tmp_path / "data").rglob("*.json")), "the game in progress stays saved"


def test_the_screen_reader_mode_draws_words_and_keeps_the_cursor_after_the_message(
        terminal: Callable[..., Terminal]) -> None:
    term = terminal("--speech", "off", "--new", "--opponent", "human", config="screen_reader = true\n")
    term.wait(lambda: "New game of Toguz Kumalak" in term.screen())
    term.keys("7", "Enter")
    term.wait(lambda: "White captures 10. White leads 10 to 0." in " ".join(term.screen().split()))
    time.sleep(0.3)
    screen = term.screen()
    assert not [char for char in screen if 0x2500 <= ord(char) <= 0x259F], screen
    lines = screen.splitlines()
    message_end = max(index for index, line in enumerate(lines) if "White leads 10 to 0." in line)
    x, y, shown = term.cursor()
    assert shown, "the terminal cursor is shown in the screen-reader mode"
    assert (x, y) == (len(lines[message_end].rstrip()), message_end), "right after the message's last character"
    board_top = next(index for index, line in enumerate(lines) if line.startswith("Black"))
    assert board_top > y, "the board is below the message, where a screen reader does not read after a key"
    first = term.screen(escapes=True), term.cursor()
    time.sleep(1.0)
    assert (term.screen(escapes=True), term.cursor()) == first, "nothing repaints while idle"


def test_a_running_clock_counts_down_on_the_boxed_board(terminal: Callable[..., Terminal]) -> None:
    boxed = terminal("--speech", "off", "--new", "--opponent", "human", "--clock", "5")
    boxed.keys("7", "Enter")
    boxed.wait(lambda: "White 5:00, Black 4:5" in boxed.screen())
    before = boxed.screen()
    boxed.wait(lambda: boxed.screen() != before, timeout=3)  # Black's clock ticks down, second by second
    assert "White 5:00, Black 4:5" in boxed.screen()
    boxed.keys("c")
    boxed.wait(lambda: "White: 5 minutes. Black: 4 minutes 5" in " ".join(boxed.screen().split()))


def test_a_running_clock_never_repaints_the_screen_reader_mode(terminal: Callable[..., Terminal]) -> None:
    plain = terminal("--speech", "off", "--new", "--opponent", "human", "--clock", "5",
                     config="screen_reader = true\n")
    plain.wait(lambda: "New game of Toguz Kumalak" in plain.screen())
    plain.keys("7", "Enter")
    plain.wait(lambda: "White leads 10 to 0." in " ".join(plain.screen().split()))
    time.sleep(0.3)
    first = plain.screen(escapes=True), plain.cursor()
    time.sleep(2.2)
    assert (plain.screen(escapes=True), plain.cursor()) == first, "a running clock repaints nothing here"
    plain.keys("c")
    plain.wait(lambda: ", running." in plain.screen())


def test_keys_typed_in_a_cyrillic_layout_act_by_their_place(terminal: Callable[..., Terminal]) -> None:
    term = terminal("--speech", "off", "--new", "--opponent", "human",
                    config='screen_reader = false\nkeyboard = "kazakh"\n')
    assert "и board" in term.screen() and "р help" in term.screen()
    term.tmux("send-keys", "-t", term.name, "-l", "и")  # b on a Latin keyboard: the board
    term.wait(lambda: "White's row from pit 1" in term.screen())
    term.tmux("send-keys", "-t", term.name, "-l", "ә")  # pit 2, a letter only the Kazakh layout types
    term.wait(lambda: "Pit 2: 9 stones" in term.screen())
    term.tmux("send-keys", "-t", term.name, "-l", ".")  # pit 7, on the Kazakh digit row, now it is in use
    term.keys("Enter")
    term.wait(lambda: "White sows 9 stones from pit 7" in term.screen())
    term.tmux("send-keys", "-t", term.name, "-l", "р")  # h: the help
    term.wait(lambda: "з: what the focused pit holds" in term.screen())
    assert "y, n: answer a yes or no question" in term.screen(), "the dialogs' letters stay Latin"


# In the language's own layout, typed as a player of that language types: the row (и is b), a pit of the
# Kazakh digit row (. is 7), the help (р is h), and what each says.
IN_THE_LANGUAGE = {
    "kk": ("Бастаушының қатары, 1-отаудан", "Бастаушы 7-отаудан 9 құмалақ таратты", "Анықтама:"),
    "ru": ("Ряд Белых с лунки 1", "Белые раскладывают 9 камней из лунки 7", "Справка:"),
    "ky": ("Актын катары, 1-үйдөн", "Ак 7-үйдөн 9 коргоол таратты", "Жардам:"),
}


@pytest.mark.parametrize("language", IN_THE_LANGUAGE)
def test_the_languages_own_layout_plays_the_board(terminal: Callable[..., Terminal], language: str) -> None:
    row, move, help_title = IN_THE_LANGUAGE[language]
    term = terminal("--speech", "off", "--new", "--opponent", "human", "--language", language, ready=("Enter",))
    term.tmux("send-keys", "-t", term.name, "-l", "и")
    term.wait(lambda: row in term.screen())
    if language == "kk":  # the Kazakh layout's digit row plays the pits, once a Kazakh letter shows it in use
        term.tmux("send-keys", "-t", term.name, "-l", "ә")
        term.wait(lambda: "2-отау" in term.screen())
        term.tmux("send-keys", "-t", term.name, "-l", ".")
    else:
        term.keys("7")
    term.keys("Enter")
    term.wait(lambda: move in term.screen())
    term.tmux("send-keys", "-t", term.name, "-l", "р")
    term.wait(lambda: help_title in term.screen())
