"""The program on Windows and macOS, as far as this machine can tell it: the voice chosen on each system,
the screen reader found and named, and the player of toguz's own voice (the system faked with
``use_system``; what only those systems can run is in ``tests/speech/test_system.py`` with fakes)."""

from __future__ import annotations

import pytest

from speech.system import System, use_system
from speech.system.sound import player_command
from toguz_tui.files.settings import Settings


@pytest.mark.parametrize("name, reader_mode, expected", [
    ("linux", True, "silent"),  # Orca, Fenrir and Speakup read the terminal: toguz says nothing itself
    ("win32", True, "screen-reader"),  # NVDA or JAWS, spoken to through its own interface
    ("darwin", True, "screen-reader"),  # VoiceOver, told through AppleScript
    ("linux", False, "auto"),
    ("win32", False, "auto"),  # auto tries the screen reader first, then toguz's own voice
])
def test_auto_speaks_through_the_users_own_screen_reader_where_it_takes_text(
        name: System, reader_mode: bool, expected: str) -> None:
    with use_system(name):
        assert Settings(speech="auto", screen_reader=reader_mode).voice_backend == expected
        assert Settings(speech="off", screen_reader=reader_mode).voice_backend == "silent"
        assert Settings(speech="on", screen_reader=reader_mode).voice_backend == "auto"


def test_toguz_own_voice_is_played_by_each_systems_player() -> None:
    with use_system("linux"):
        assert player_command() == ["aplay", "-q"]
    with use_system("darwin"):
        assert player_command() == ["afplay"]
    with use_system("win32"):  # no player program there: toguz's own, through miniaudio
        assert player_command()[1:] == ["-m", "speech.voices.wav_player"]
