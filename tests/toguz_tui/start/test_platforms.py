"""The program on Windows and macOS, as far as this machine can tell it: the voice chosen on each system,
the screen reader found and named, and the player of toguz's own voice (the system faked with
``use_system``; what only those systems can run is in ``tests/speech/test_system.py`` with fakes)."""

from __future__ import annotations

import sys

import pytest

from speech.system import System, use_system
from speech.system.machine import FakeMachine
from speech.system.sound import player_command
from toguz_tui.files.settings import Settings
from toguz_tui.start import first_run
from toguz_tui.start.start_options import StartOptions


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
        assert player_command()[1] == "-P" and player_command()[2].endswith("wav_player.py")


def answered(question: str) -> str:
    """Enter at each question (yes where a screen reader runs), the prompt shown as a terminal shows it."""
    print(question)
    return ""


@pytest.mark.parametrize("reader, advice", [
    ("NVDA", "toguz speaks through NVDA and shows each message on your braille display. So that you do not hear "
             "a message twice, turn off NVDA's reading of new text while you play: NVDA+5"),
    ("JAWS", "toguz speaks through JAWS and shows each message on your braille display. So that you do not hear "
             "a message twice, set JAWS's screen echo to highlighted text while you play: Insert+S."),
    ("VoiceOver", "toguz speaks through VoiceOver. VoiceOver's own reading of the terminal follows the line mode "
                  "best: toguz play --line."),
])
def test_the_first_start_names_the_reader_toguz_speaks_through_and_the_face_that_suits_it(
        monkeypatch: pytest.MonkeyPatch, machine: FakeMachine, capsys: pytest.CaptureFixture[str],
        reader: str, advice: str) -> None:
    machine.readers = [reader]
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    monkeypatch.setattr("builtins.input", answered)
    options = first_run.first_start(StartOptions())
    out = " ".join(capsys.readouterr().out.split())
    assert f"Welcome to toguz. {reader} is running. toguz speaks every message through {reader} itself." in out
    assert options.screen_reader is True
    assert advice in out


def test_on_linux_the_first_start_leaves_speaking_to_the_screen_reader(
        monkeypatch: pytest.MonkeyPatch, machine: FakeMachine, capsys: pytest.CaptureFixture[str]) -> None:
    machine.readers = ["Orca"]
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    monkeypatch.setattr("builtins.input", answered)
    first_run.first_start(StartOptions())
    out = " ".join(capsys.readouterr().out.split())
    assert "leaves speaking to your screen reader" in out and "toguz speaks" not in out


def test_on_windows_the_plain_input_is_the_consoles_own_line_input(monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from prompt_toolkit.history import InMemoryHistory

    from speech.system.terminal import TerminalMode, terminal_modes
    from toguz_tui.line.console import CommandCompleter
    from toguz_tui.line.plain import ConsolePrompt, plain_prompt

    out = io.StringIO()
    monkeypatch.setattr("builtins.input", lambda: "board")
    with use_system("win32"):
        assert terminal_modes() is False
        mode = TerminalMode(-1)  # no terminal modes to read or set there: nothing is asked of the descriptor
        mode.apply()
        mode.restore()
        prompt = plain_prompt(CommandCompleter(), InMemoryHistory(), fd=-1, out=out)
        assert isinstance(prompt, ConsolePrompt)
        with prompt.keys_one_by_one():
            assert prompt.read(lambda: "Your move, 0 to 0> ") == "board"
        prompt.write_above("White sows 9 stones from pit 7.")
    assert out.getvalue() == "Your move, 0 to 0> White sows 9 stones from pit 7.\n"
