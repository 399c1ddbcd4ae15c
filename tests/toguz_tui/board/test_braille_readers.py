"""The braille layout heard: with ``braille on``, Fenrir and Orca still hear every message in full (the
cursor after a message's first window instead of its last character), so one arrangement of lines and
cursor serves a braille display, a console screen reader and a desktop one at once.

Skipped where Fenrir or Orca is missing (failed on CI), as ``test_screen_readers.py`` is."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.toguz_tui.board.test_screen_readers import BOARD_HEARD, BOARD_KEYS, TOGUZ, fenrir, flat, heard_in_full, orca

pytestmark = pytest.mark.slow

COMMAND = [TOGUZ, "--speech", "off", "--new", "--opponent", "computer", "--level", "1", "--seed", "3",
           "--screen-reader"]


def braille_on(tmp_path: Path) -> None:
    """The settings file the tools' toguz reads: braille on."""
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.toml").write_text("braille = true\n", encoding="utf-8")


def test_fenrir_hears_every_message_in_full_with_braille_on(tmp_path: Path) -> None:
    for attempt in (1, 2):  # Fenrir's polling races now and then on a loaded machine: a second run tells
        run = tmp_path / f"run{attempt}"
        run.mkdir()
        braille_on(run)
        heard = fenrir(run, COMMAND, BOARD_KEYS)
        missing = [(key, sentence) for key, sentence in BOARD_HEARD if not heard_in_full(heard, key, sentence)]
        if not missing:
            return
    raise AssertionError(missing)


def test_orca_hears_each_message_in_full_with_braille_on(tmp_path: Path) -> None:
    braille_on(tmp_path)
    steps = orca(tmp_path, COMMAND, ["Right", "7", "Enter", "b", "q", "n"])
    spoken = {step["step"]: flat(" ".join(step["spoken"])) for step in steps}
    assert flat("Your pit 2: 9 stones.") in spoken["Right"]
    assert flat("Pit 7: 9 stones, the last lands in the computer's pit 6, captures 10.") in spoken["7"]
    assert flat("You sow 9 stones from pit 7; the last stone falls into the computer's pit 6, which now holds 10. "
                "You capture 10. You lead 10 to 0.") in spoken["Enter"]
    assert "The computer sows" in spoken["Enter"]
    assert flat("Your row from pit 1:") in spoken["b"] and "Move 2: your turn." in spoken["b"]
    assert flat("Quit toguz: cancelled.") in spoken["n"]
