"""Windows and macOS as they really start a program, not only as their calls look: the environment they
give (native Windows sets no ``TERM`` and no ``LANG``/``LC_*``/``LANGUAGE``; Terminal.app often no
``LANG``), the calls they answer (``GetUserDefaultUILanguage``, ``defaults read -g AppleLanguages``), and
what their libraries do (SAPI keeping its default voice for a name it does not have, the C runtime's text
mode stopping at 0x1A, Windows' ``st_mode`` and file sharing). The system's branches are taken with
``use_machine(FakeMachine(system=...))``; each fake says where the behaviour it copies is written."""

from __future__ import annotations

import json
import os
import stat
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from speech.system import System, language, processes
from speech.system.files import split_typed
from speech.system.machine import FakeMachine, use_machine
from speech.voices import audio, braille
from speech.voices.installed_voices import installed_voice
from speech.voices.pyttsx3_backend import Pyttsx3Speaker
from tests.toguz_tui.conftest import MakeSession, reviewing
from toguz_tui import cli
from toguz_tui.commands.table import run_line
from toguz_tui.files.settings import Settings
from toguz_tui.files.user_files import read_text
from toguz_tui.online.network import token_store
from toguz_tui.session.accounts.account_line import claim_of, let_go
from toguz_tui.session.output.announcement_stream import Reply

# What a native Windows console's environment holds of what matters here (cmd, PowerShell, Windows
# Terminal: no TERM, microsoft/terminal#9402; no locale variables: Windows keeps the language elsewhere).
PROFILE = "C:\\" + "Users\\Aliya"  # written in two, so that the project names no one machine's folder
WINDOWS_ENVIRONMENT = {"USERPROFILE": PROFILE, "APPDATA": PROFILE + r"\AppData\Roaming",
                       "LOCALAPPDATA": PROFILE + r"\AppData\Local", "OS": "Windows_NT",
                       "PATHEXT": ".COM;.EXE;.BAT;.CMD;.VBS;.JS;.WSH;.MSC;.PY;.PYW",
                       "COMSPEC": r"C:\Windows\system32\cmd.exe"}
# Terminal.app's, with "Set locale environment variables on startup" off: TERM, but no LANG.
MAC_ENVIRONMENT = {"TERM_PROGRAM": "Apple_Terminal", "TERM": "xterm-256color", "HOME": "/" + "Users/aliya"}


def as_started_on(monkeypatch: pytest.MonkeyPatch, name: System) -> Iterator[FakeMachine]:
    """The environment of a program started on ``name``, and that system's branches of the seam."""
    for variable in [variable for variable in os.environ if variable.startswith("LC_")]:
        monkeypatch.delenv(variable)
    for variable in ("TERM", "LANG", "LANGUAGE"):
        monkeypatch.delenv(variable, raising=False)
    for variable, value in (WINDOWS_ENVIRONMENT if name == "win32" else MAC_ENVIRONMENT).items():
        monkeypatch.setenv(variable, value)
    language.forget()
    try:
        with use_machine(FakeMachine(system=name)) as fake:
            assert isinstance(fake, FakeMachine)
            yield fake
    finally:
        language.forget()


@pytest.fixture
def windows(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeMachine]:
    """A program started in a Windows console."""
    yield from as_started_on(monkeypatch, "win32")


@pytest.fixture
def macos(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeMachine]:
    """A program started in macOS's Terminal."""
    yield from as_started_on(monkeypatch, "darwin")


def in_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Standard input and output are a console (a terminal), as when the player starts toguz."""
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)


# -- 1. the board comes up in a Windows console ---------------------------------------------------------------

def test_a_windows_console_sets_no_term_and_shows_the_board(
        windows: FakeMachine, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    in_a_terminal(monkeypatch)
    assert "TERM" not in os.environ
    assert cli._no_board_here() is False
    assert capsys.readouterr().out == ""
    monkeypatch.setenv("TERM", "dumb")  # a terminal that says it cannot draw still cannot, there too
    assert cli._no_board_here() is True


def test_elsewhere_a_terminal_without_term_still_cannot_draw(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    in_a_terminal(monkeypatch)
    monkeypatch.delenv("TERM", raising=False)
    assert cli._no_board_here() is True
    assert "This terminal (TERM=) cannot show the full-screen board" in capsys.readouterr().out


# -- 4. Windows paths typed in the line mode ----------------------------------------------------------------------

def said(session: Any, line: str) -> Reply:
    reply = run_line(session, line)
    assert reply is not None
    return reply


def test_windows_paths_keep_their_backslashes_with_and_without_spaces_and_quotes(
        windows: FakeMachine, make_session: MakeSession, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # This machine's files stand for Windows' ones: a name with backslashes is one file here, so what the
    # commands were handed is the file's whole name, as typed.
    monkeypatch.chdir(tmp_path)
    session = make_session()
    said(session, "7")
    said(session, r"save C:\games\my game.pgn")
    assert (tmp_path / r"C:\games\my game.pgn").is_file()
    said(session, r"save C:\Aliya\Documents\game.pgn playok")
    assert "76(10)" in (tmp_path / r"C:\Aliya\Documents\game.pgn").read_text(encoding="utf-8")
    said(session, r'save "C:\games\quoted game.pgn" replace')
    assert (tmp_path / r"C:\games\quoted game.pgn").is_file()
    said(session, r"command save C:\games\Aliya's game.pgn")  # command WORDS reads its words as that line
    assert (tmp_path / r"C:\games\Aliya's game.pgn").is_file()
    assert said(session, r"open C:\Aliya\Documents\game.pgn").text.startswith("Reviewing White against Black, 1 move")
    assert reviewing(session) is not None
    said(session, "close")
    assert said(session, r"open C:\games\my game.pgn 1").text.startswith("Reviewing")
    said(session, "close")
    assert "my game.pgn" in said(session, r"games C:\games\my game.pgn").text
    assert said(session, r'save "C:\games\open quote.pgn').kind == "error"  # a quote not closed: nothing done
    assert not list(tmp_path.glob("*open quote*"))
    said(session, "set voice " + IRINA_ID)  # a SAPI voice's id is a registry path
    assert session.settings.voice == IRINA_ID


def test_windows_splits_only_the_file_commands_its_way_and_linux_keeps_the_shells(
        make_session: MakeSession, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    session = make_session()
    said(session, r"save my\ game.pgn")  # a POSIX shell's escaped blank
    assert (tmp_path / "my game.pgn").is_file()
    assert split_typed(r"say 'two words' C:\x") == ["say", "two words", "C:x"]
    with use_machine(FakeMachine(system="win32")):
        assert split_typed(r'say "two words" C:\x Aliya\'s') == ["say", "two words", r"C:\x", r"Aliya\'s"]
        assert "save [FILE]" in said(session, "help 'save'").text  # any other command: a POSIX shell's quotes


# -- 5. the system's language, and a voice that speaks it ---------------------------------------------------------

class Kernel32:
    """Windows' kernel32 as far as toguz asks it: ``GetUserDefaultUILanguage`` answers the user's display
    language as a LANGID (winnls.h; 0x0419 Russian, 0x043F Kazakh, 0x0440 Kyrgyz, 0x0405 Czech, 0x0407
    German, 0x0415 Polish, 0x0413 Dutch)."""

    def __init__(self, language_id: int) -> None:
        self.language_id = language_id

    def GetUserDefaultUILanguage(self) -> int:
        return self.language_id


class WinDLL:
    def __init__(self, language_id: int) -> None:
        self.kernel32 = Kernel32(language_id)


@pytest.mark.parametrize("language_id, code", [(0x0419, "ru"), (0x043F, "kk"), (0x0440, "ky"), (0x0409, "en"),
                                               (0x0405, "cs"), (0x0407, "de"), (0x0415, "pl"), (0x0413, "nl"),
                                               (0x0C07, "de"), (0x0813, "nl"), (0x040C, "en")])
def test_windows_speaks_the_users_display_language(windows: FakeMachine, monkeypatch: pytest.MonkeyPatch,
                                                   language_id: int, code: str) -> None:
    import ctypes

    monkeypatch.setattr(ctypes, "windll", WinDLL(language_id), raising=False)
    assert Settings().language_code == code
    monkeypatch.setenv("LANG", "en_US.UTF-8")  # where the environment says it (Git Bash), that decides
    assert Settings().language_code == "en"


def test_windows_without_its_calls_speaks_english(windows: FakeMachine, monkeypatch: pytest.MonkeyPatch) -> None:
    import ctypes

    monkeypatch.delattr(ctypes, "windll", raising=False)
    assert Settings().language_code == "en"


def fake_defaults(folder: Path, script: str) -> None:
    """A ``defaults`` program on PATH: macOS's answers ``defaults read -g AppleLanguages`` with the user's
    languages as an old-style property list array, one quoted tag a line (defaults(1))."""
    folder.mkdir(exist_ok=True)
    program = folder / "defaults"
    program.write_text(f"#!{sys.executable}\n" + textwrap.dedent(script), encoding="utf-8")
    program.chmod(0o755)


def test_macos_speaks_the_first_of_the_users_languages_that_toguz_has(
        macos: FakeMachine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_defaults(tmp_path / "bin", """
        import sys
        assert sys.argv[1:] == ["read", "-g", "AppleLanguages"], sys.argv
        print('(\\n    "fr-KZ",\\n    "kk-KZ",\\n    "ru-KZ"\\n)')
        """)
    monkeypatch.setenv("PATH", f"{tmp_path / 'bin'}{os.pathsep}{os.environ['PATH']}")
    assert Settings().language_code == "kk"


def test_a_defaults_that_never_ends_or_floods_is_cut_short(
        macos: FakeMachine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_defaults(tmp_path / "bin", """
        import sys, time
        sys.stdout.write('(\\n    "ru-RU",' + ' ' * 10_000_000)
        sys.stdout.flush()
        time.sleep(60)
        """)
    monkeypatch.setenv("PATH", f"{tmp_path / 'bin'}{os.pathsep}{os.environ['PATH']}")
    started = time.monotonic()
    assert Settings().language_code == "ru"  # its first 4096 bytes, read at once
    assert time.monotonic() - started < language.ASK_SECONDS + 2
    fake_defaults(tmp_path / "bin", "import time\ntime.sleep(60)\n")
    language.forget()
    started = time.monotonic()
    assert Settings().language_code == "en"
    assert time.monotonic() - started < language.ASK_SECONDS + 2


# A pyttsx3 whose voices are SAPI's: what pyttsx3 2.99's sapi5 driver and its DriverProxy do with them.
FAKE_SAPI = '''
"""pyttsx3 on Windows, as its sapi5 driver behaves: voices with SAPI token ids and the languages their
LCID names (sapi5.py _toVoice); setting a voice id that is not installed raises in _tokenFromId
(sapi5.py:123-129), which DriverProxy._pump (driver.py:76-84) only sends as an "error" notification:
the voice stays what it was. save_to_file writes a WAV (an SpFileStream). Logs the voice each file is
spoken with to FAKE_SAPI_LOG."""
import json, os, wave

class Voice:
    def __init__(self, id, name, languages):
        self.id, self.name, self.languages = id, name, languages

VOICES = [Voice(*voice) for voice in json.loads(os.environ["FAKE_SAPI_VOICES"])]

class Engine:
    def __init__(self):
        self.voice, self.pending = VOICES[0].id, None
    def getProperty(self, name):
        return {"voices": VOICES, "voice": self.voice}.get(name)
    def setProperty(self, name, value):
        if name == "voice" and value in [voice.id for voice in VOICES]:
            self.voice = value
    def save_to_file(self, text, path):
        self.pending = path
    def runAndWait(self):
        with wave.open(self.pending, "wb") as out:
            out.setnchannels(1); out.setsampwidth(2); out.setframerate(22050)
            out.writeframes(b"\\x01\\x00" * 2205)
        with open(os.environ["FAKE_SAPI_LOG"], "a", encoding="utf-8") as log:
            log.write(self.voice + "\\n")

def init():
    return Engine()
'''
TOKENS = "HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Speech\\Voices\\Tokens\\"
ZIRA = [TOKENS + "TTS_MS_EN-US_ZIRA_11.0", "Microsoft Zira Desktop", ["en-US"]]
IRINA = [TOKENS + "TTS_MS_RU-RU_IRINA_11.0", "Microsoft Irina Desktop", ["ru-RU"]]
IRINA_ID = TOKENS + "TTS_MS_RU-RU_IRINA_11.0"


def sapi_voice_heard(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, voices: list[Any],
                     wanted: str) -> tuple[list[str], str | None]:
    """The voices SAPI spoke with for one announcement in ``wanted``, and what the speaker noted."""
    (tmp_path / "fake" / "pyttsx3").mkdir(parents=True)
    (tmp_path / "fake" / "pyttsx3" / "__init__.py").write_text(FAKE_SAPI, encoding="utf-8")
    log = tmp_path / "sapi.log"
    monkeypatch.setenv("PYTHONPATH", str(tmp_path / "fake"))
    monkeypatch.setenv("FAKE_SAPI_VOICES", json.dumps(voices))
    monkeypatch.setenv("FAKE_SAPI_LOG", str(log))
    monkeypatch.setattr(processes, "detached", lambda: {})  # Popen's creationflags exist on Windows only
    speaker = Pyttsx3Speaker(player=[sys.executable, "-c", "pass"])
    try:
        speaker.set_voice(wanted)
        speaker.speak("Сәлем")
        assert speaker.wait(30)
        assert speaker.last_error is None
        return log.read_text(encoding="utf-8").split(), getattr(speaker, "note", None)
    finally:
        speaker.close()


def test_windows_hands_sapi_the_installed_voice_of_the_language(
        windows: FakeMachine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert sapi_voice_heard(tmp_path, monkeypatch, [ZIRA, IRINA], "ru") == ([IRINA[0]], None)


def test_where_no_voice_speaks_the_language_it_is_said_once_and_the_default_reads(
        windows: FakeMachine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    heard, note = sapi_voice_heard(tmp_path, monkeypatch, [ZIRA], "kk")
    assert heard == [ZIRA[0]]
    assert note == "No voice installed here speaks Kazakh; the system's default voice reads it."


def test_the_voice_of_a_language_is_found_by_its_languages_or_its_id() -> None:
    mac = [("com.apple.voice.compact.en-US.Samantha", ["en_US"]), ("com.apple.voice.compact.ru-RU.Milena", ["ru_RU"])]
    assert installed_voice("ru", mac) == "com.apple.voice.compact.ru-RU.Milena"
    assert installed_voice("ru", [(IRINA_ID, [])]) == IRINA_ID  # a driver that names no language: its id
    assert installed_voice(IRINA_ID.lower(), [(IRINA_ID, ["ru-RU"])]) == IRINA_ID
    assert installed_voice("kk", mac) is None
    assert installed_voice("ky", [("com.example.sky-KY", [])]) is None  # "sky" is no Kyrgyz


def test_a_voice_note_is_said_once_and_speech_stays_on(make_session: MakeSession) -> None:
    session = make_session()
    speaker = session.output.voice.speaker
    speaker.note = "No voice installed here speaks Russian; the system's default voice reads it."  # type: ignore[attr-defined]
    reply = session.output.speech_news()
    assert reply is not None and reply.text == speaker.note and reply.kind != "error"  # type: ignore[attr-defined]
    assert session.output.speech_news() is None


# -- 6. files read whole, as Windows' C runtime reads them ---------------------------------------------------------

O_BINARY = 0x8000  # Windows' fcntl.h


def windows_crt(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """``os.open`` and ``os.read`` as on Windows: ``os.open`` hands its flags to the C runtime's ``_wopen``
    as they are (CPython's ``os_open_impl``), and a file opened without ``O_BINARY`` is in text mode, whose
    ``_read`` turns CRLF into LF and ends the file at the byte 0x1A (Ctrl-Z). The flags asked for are kept."""
    real_open, real_read, real_close = os.open, os.read, os.close
    text_mode: dict[int, bool] = {}  # descriptor: whether its Ctrl-Z was read
    asked: list[int] = []

    def crt_open(path: Any, flags: int, mode: int = 0o777, *, dir_fd: int | None = None) -> int:
        asked.append(flags)
        handle = real_open(path, flags & ~O_BINARY, mode, dir_fd=dir_fd)
        if not flags & O_BINARY:
            text_mode[handle] = False
        return handle

    def crt_read(handle: int, count: int) -> bytes:
        if text_mode.get(handle):
            return b""
        data = real_read(handle, count)
        if handle in text_mode:
            if b"\x1a" in data:
                data, text_mode[handle] = data[:data.index(b"\x1a")], True
            data = data.replace(b"\r\n", b"\n")
        return data

    def crt_close(handle: int) -> None:
        text_mode.pop(handle, None)
        real_close(handle)

    monkeypatch.setattr(os, "O_BINARY", O_BINARY, raising=False)
    monkeypatch.setattr(os, "open", crt_open)
    monkeypatch.setattr(os, "read", crt_read)
    monkeypatch.setattr(os, "close", crt_close)
    return asked


def test_a_notepad_utf16_file_is_read_past_its_first_capital_ka(
        windows: FakeMachine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = '[White "Қайрат"]\r\n[Black "Кенже"]\r\n\r\n1. 76 99 2. 11 22\r\n'
    record = tmp_path / "game.pgn"
    record.write_bytes(b"\xff\xfe" + text.encode("utf-16-le"))  # Notepad's "UTF-16 LE"
    assert "Кенже".encode("utf-16-le")[:2] == b"\x1a\x04"
    asked = windows_crt(monkeypatch)
    assert read_text(record, 1 << 20) == text
    assert asked and all(flags & O_BINARY for flags in asked)


def test_the_course_reads_a_record_whole(windows: FakeMachine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from speech.sounds.course_cli import read_record_text

    text = '[White "a"]\r\n[Black "b"]\r\n{\x1a}\r\n1. 76 99\r\n'
    record = tmp_path / "game.pgn"
    record.write_bytes(text.encode("utf-8"))
    asked = windows_crt(monkeypatch)
    assert read_record_text(record) == text
    assert asked and all(flags & O_BINARY for flags in asked)


# -- 9. the token file, claims, advice ----------------------------------------------------------------------------

def test_on_windows_the_token_file_is_read_whatever_its_mode_says(windows: FakeMachine, tmp_path: Path) -> None:
    config = tmp_path / "config"
    token_store.store("lip_abc123", "aliya", config)
    token_store.token_file(config).chmod(0o666)  # what Windows' stat gives every file that is not read-only
    assert stat.S_IMODE(token_store.token_file(config).stat().st_mode) == 0o666
    assert token_store.load(config) == "lip_abc123"


def test_elsewhere_a_token_file_others_can_read_is_still_refused(tmp_path: Path) -> None:
    config = tmp_path / "config"
    token_store.store("lip_abc123", "aliya", config)
    token_store.token_file(config).chmod(0o644)
    with pytest.raises(token_store.TokenProblem, match="can be read by others"):
        token_store.load(config)


def test_on_windows_a_claim_file_goes_once_it_is_let_go(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    claim = claim_of(tmp_path, "game1")
    assert claim.take(wait=False)  # this machine's lock stands for LockFileEx
    real_unlink = Path.unlink

    def windows_unlink(path: Path, missing_ok: bool = False) -> None:
        # filelock opens the lock file with FILE_SHARE_READ | FILE_SHARE_WRITE, no FILE_SHARE_DELETE
        # (filelock/_filesystem/_windows/_handles.py): removing it while open is a sharing violation
        if path == claim.path and claim.held:
            raise PermissionError(32, "The process cannot access the file because it is being used by another "
                                      "process", str(path))
        real_unlink(path, missing_ok)

    monkeypatch.setattr(Path, "unlink", windows_unlink)
    with use_machine(FakeMachine(system="win32")):
        let_go(claim, complete=True)
    assert not claim.held and not claim.path.exists()


@pytest.mark.parametrize("name, espeak, braille_advice", [
    ("darwin", "brew install espeak-ng", "on macOS VoiceOver shows the terminal on your braille display"),
    ("win32", "toguz's own voice needs nothing more on Windows", "install BRLTTY for Windows"),
])
def test_each_system_gets_its_own_advice(name: System, espeak: str, braille_advice: str) -> None:
    with use_machine(FakeMachine(system=name)):
        for advice in (audio.fix_espeak_ng(), audio.fix_spd_say(), braille.brlapi_problem(None) or ""):
            assert "apt" not in advice and "python3-brlapi" not in advice
        assert espeak in audio.fix_espeak_ng()
        assert braille_advice in (braille.brlapi_problem(None) or "")
    assert "sudo apt install espeak-ng" in audio.fix_espeak_ng()
