"""What a braille reader's fingers find: toguz's screen-reader mode read by BRLTTY on a 40-cell display.

BRLTTY 6.9 reads toguz in tmux and writes its braille window to another tmux pane (``braille_window``).
After a move, a preview and ``b``, the window starts with the beginning of the new message and panning
forward reads the rest of it, in order, to its end; at ``brief`` the move itself fits one window.
Skipped where BRLTTY 6.9 is missing (failed on CI, which builds it with ``.ci/brltty.sh``).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from speech.system.machine import SCREEN_READER_VARIABLE
from tests.toguz_tui.board.braille_window import BrailleWindow

pytestmark = pytest.mark.slow

TOGUZ = str(Path(sys.executable).with_name("toguz"))
SETTINGS = 'screen_reader = true\nbraille = true\nspeech = "off"\nsounds = false\n'


def flat(text: str) -> str:
    """Text as compared: spaces and line breaks the same."""
    return re.sub(r"\s+", " ", text).strip()


def braille_window(tmp_path: Path, verbosity: str) -> BrailleWindow:
    """toguz, two players, braille on, read through BRLTTY at 40 cells."""
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.toml").write_text(SETTINGS, encoding="utf-8")
    env = {"TOGUZ_CONFIG_DIR": str(config), "TOGUZ_DATA_DIR": str(tmp_path / "data"),
           SCREEN_READER_VARIABLE: "BRLTTY", "LANG": "C.UTF-8"}
    command = [TOGUZ, "--new", "--opponent", "human", "--verbosity", verbosity, "--language", "en"]
    return BrailleWindow(tmp_path, command, env, cells=40)


@pytest.fixture
def normal(tmp_path: Path) -> Iterator[BrailleWindow]:
    """At the normal verbosity."""
    window = braille_window(tmp_path, "normal")
    yield window
    window.close()


@pytest.fixture
def brief(tmp_path: Path) -> Iterator[BrailleWindow]:
    """At the brief verbosity."""
    window = braille_window(tmp_path, "brief")
    yield window
    window.close()


def read_message(window: BrailleWindow, message: str) -> list[str]:
    """The windows of ``message``: the first shows its start; panning forward reads it all, in order."""
    first = window.wait_for(message.split()[0])
    assert message.startswith(first), f"the window shows {first!r}, not the start of {message!r}"
    windows = window.read_on(message.split()[-1])
    assert flat(" ".join(windows)) == flat(message), windows
    assert all(len(shown) <= 40 for shown in windows)
    return windows


def test_the_window_starts_each_new_message_and_panning_reads_it_to_its_end(normal: BrailleWindow) -> None:
    window = normal
    read_message(window, "New game of Toguz Kumalak for two players; White moves first. Move 1: White's turn.")
    window.key("7")
    read_message(window, "Pit 7: 9 stones, the last lands in Black's pit 6, captures 10.")
    window.key("Enter")
    read_message(window, "White sows 9 stones from pit 7; the last stone falls into Black's pit 6, which now "
                         "holds 10. White captures 10. White leads 10 to 0. Move 1: Black's turn.")
    window.key("b")
    windows = read_message(window, "White's row from pit 1: 9 9 9, 9 9 9, 1 10 10. Black's: 10 10 10, 10 10 0, "
                                   "9 9 9. White leads 10 to 0. Move 1: Black's turn.")
    assert window.pan("Left") == windows[-2]  # panning back goes back over the same message
    window.key("q")  # a dialog's question is read from its start too
    read_message(window, "Quit toguz. Your game is saved and will be offered next time. Quit now? Press y for quit, "
                         "n for stay. Quit is selected.")


def test_at_brief_the_move_fits_one_window(brief: BrailleWindow) -> None:
    window = brief
    window.wait_for("New game")
    window.key("Right")
    assert window.wait_for("White 2: 9") == "White 2: 9"
    window.key("7")
    read_message(window, "7 goes to Black 6, makes 10, takes 10.")
    window.key("Enter")
    windows = read_message(window, "White 7 to Black 6, now 10, take 10. 10 to 0. Black's turn.")
    assert windows[0] == "White 7 to Black 6, now 10, take 10."
