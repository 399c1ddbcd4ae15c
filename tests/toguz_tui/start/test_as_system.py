"""The real ``toguz`` started as Windows and macOS start it (``tools/as_system.py``): the board with no
``TERM``, typed Windows paths, the screen reader found and spoken to, toguz's own voice, the system's
language. What the fakes were told is read from their log.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.needs import REPO, need_program
from tests.waiting import until

pytestmark = pytest.mark.slow

RUNNER = REPO / "tools" / "as_system.py"
SOCKET = f"toguz-as-system-{os.getpid()}"
FAKES = REPO / "tools" / "as_system_fakes"
sys.path.insert(0, str(FAKES))
from as_fake_common import sound_format  # type: ignore[import-not-found]  # noqa: E402


def events(state: Path) -> list[dict[str, Any]]:
    """What the fakes were told, in order."""
    log = state / "log.jsonl"
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()] if log.is_file() else []


def runner(tmp_path: Path, system: str, *options: str) -> list[str]:
    """The runner's command line, up to ``--``."""
    return [sys.executable, str(RUNNER), system, "--state", str(tmp_path / "fakes"), *options]


def private(tmp_path: Path, settings: str | None = "screen_reader = true\n") -> dict[str, str]:
    """This environment with private directories (a settings file unless None: the first start)."""
    config = tmp_path / "config"
    config.mkdir(exist_ok=True)
    if settings is not None:
        (config / "settings.toml").write_text(settings, encoding="utf-8")
    return dict(os.environ, TOGUZ_DATA_DIR=str(tmp_path / "data"), TOGUZ_CONFIG_DIR=str(config))


def line_mode(tmp_path: Path, system: str, typed: str, *options: str, args: tuple[str, ...] = (),
              timeout: float = 90) -> subprocess.CompletedProcess[str]:
    """``toguz --line`` as ``system`` with ``typed`` piped in, in ``tmp_path/cwd``."""
    cwd = tmp_path / "cwd"
    cwd.mkdir(exist_ok=True)
    return subprocess.run([*runner(tmp_path, system, *options), "--", "toguz", "--line", *args], input=typed,
                          capture_output=True, text=True, env=private(tmp_path), cwd=cwd, timeout=timeout)


def open_line_mode(tmp_path: Path, system: str, *options: str, args: tuple[str, ...] = ()) -> subprocess.Popen[str]:
    """``toguz --line`` as ``system``, its input kept open: a player typing, not a script that quits at once."""
    cwd = tmp_path / "cwd"
    cwd.mkdir(exist_ok=True)
    return subprocess.Popen([*runner(tmp_path, system, *options), "--", "toguz", "--line", *args], text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env=private(tmp_path), cwd=cwd)


def typed(player: subprocess.Popen[str], line: str) -> None:
    assert player.stdin is not None
    player.stdin.write(line + "\n")
    player.stdin.flush()


def quit_line_mode(player: subprocess.Popen[str]) -> None:
    typed(player, "quit")
    assert player.wait(timeout=60) == 0


class Screen:
    """One tmux session running the runner."""

    def __init__(self, name: str) -> None:
        self.name = name

    def tmux(self, *args: str) -> str:
        return subprocess.run(["tmux", "-L", SOCKET, *args], capture_output=True, text=True, check=True,
                              timeout=10).stdout

    def keys(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", self.name, *keys)

    def text(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", self.name)

    def shows(self, part: str, timeout: float = 30) -> None:
        until(lambda: part in " ".join(self.text().split()), timeout, self.text)


@pytest.fixture
def screen(tmp_path: Path) -> Iterator[Callable[..., Screen]]:
    """Start the runner in a fresh 100x30 tmux session; killed at the end."""
    tmux = need_program("tmux")
    names: list[str] = []

    def start(command: list[str], settings: str | None = "screen_reader = true\n") -> Screen:
        name = f"as-{uuid.uuid4().hex[:8]}"
        env = private(tmp_path, settings)
        line = " ".join(["exec", *(f"'{word}'" for word in command)])
        subprocess.run([tmux, "-L", SOCKET, "new-session", "-d", "-s", name, "-x", "100", "-y", "30", line],
                       env={key: value for key, value in env.items() if key not in ("COLUMNS", "LINES")},
                       check=True, timeout=10)
        names.append(name)
        return Screen(name)

    yield start
    for name in names:
        subprocess.run(["tmux", "-L", SOCKET, "kill-session", "-t", name], capture_output=True)


def test_win32_the_board_comes_up_with_no_term_and_7_enter_plays_pit_7(
        tmp_path: Path, screen: Callable[..., Screen]) -> None:
    term = screen([*runner(tmp_path, "win32"), "--", "toguz", "--new", "--opponent", "human", "--speech", "off",
                   "--screen-reader"])
    until(lambda: "kazan" in term.text() or "line mode" in term.text(), 40, term.text)
    assert "cannot show the full-screen board" not in term.text(), term.text()
    term.shows("kazan")
    term.keys("7", "Enter")
    term.shows("White sows 9 stones from pit 7")


HOME = "C:\\" + "Users\\Aliya"  # a Windows profile's folder, written in two parts (tests/test_portable.py)


@pytest.mark.parametrize("typed_path, file_name", [
    (HOME + "\\game.pgn", HOME + "\\game.pgn"),
    ('"' + HOME + '\\My Games\\first game.pgn"', HOME + "\\My Games\\first game.pgn"),
])
def test_win32_the_line_mode_saves_and_opens_a_record_by_a_typed_windows_path(
        tmp_path: Path, typed_path: str, file_name: str) -> None:
    # The drive: on this machine a Windows path is one file name, backslashes and all, in toguz's current
    # folder (``tmp_path/cwd``), which stands for drive C; a path split or stripped of its backslashes
    # names another file there (``C:UsersAliyagame.pgn``).
    saved = line_mode(tmp_path, "win32", f"7\nsave {typed_path}\nquit\n", args=("--new", "--opponent", "human"))
    target = tmp_path / "cwd" / file_name
    listing = sorted(path.name for path in (tmp_path / "cwd").iterdir())
    assert target.is_file(), f"{saved.stdout[-1500:]}\n{listing}"
    assert listing == [file_name]
    opened = line_mode(tmp_path, "win32", f"open {typed_path}\nquit\n")
    assert "Reviewing" in opened.stdout, opened.stdout[-1500:]
    assert "does not exist" not in opened.stdout


@pytest.mark.parametrize("system, reader", [("win32", "NVDA"), ("win32", "JAWS"), ("darwin", "VoiceOver")])
def test_the_first_start_names_the_screen_reader_found(
        tmp_path: Path, screen: Callable[..., Screen], system: str, reader: str) -> None:
    term = screen([*runner(tmp_path, system, "--reader", reader), "--", "toguz", "--line", "--speech", "off"],
                  settings=None)
    term.shows(f"{reader} is running. toguz speaks every message through {reader} itself.", timeout=40)


@pytest.mark.parametrize("reader", ["NVDA", "JAWS"])
def test_win32_an_announcement_reaches_the_reader_as_speech_and_braille_once(tmp_path: Path, reader: str) -> None:
    said = "White sows 9 stones from pit 7"

    def told(call: str) -> list[dict[str, Any]]:
        return [event for event in events(tmp_path / "fakes") if event["fake"] == reader
                and event.get("call") == call and said in event["text"]]

    player = open_line_mode(tmp_path, "win32", "--reader", reader,
                            args=("--new", "--opponent", "human", "--speech", "auto"))
    try:
        typed(player, "7")
        until(lambda: bool(told("speak") and told("braille")), 60, lambda: str(events(tmp_path / "fakes")))
    finally:
        quit_line_mode(player)
    assert len(told("speak")) == 1 and len(told("braille")) == 1, events(tmp_path / "fakes")


def test_win32_a_new_announcement_cuts_the_stale_one_off_at_the_reader(tmp_path: Path) -> None:
    player = open_line_mode(tmp_path, "win32", "--reader", "NVDA",
                            args=("--new", "--opponent", "human", "--speech", "auto"))
    def spoken(words: str) -> bool:
        return any(event.get("call") == "speak" and words in event["text"] for event in events(tmp_path / "fakes"))

    try:
        typed(player, "7")
        until(lambda: spoken("White sows 9 stones from pit 7"), 60, lambda: str(events(tmp_path / "fakes")))
        typed(player, "board")  # a new announcement: NVDA is told to stop the one it may still be saying
        until(lambda: spoken("White's row from pit 1"), 60, lambda: str(events(tmp_path / "fakes")))
    finally:
        quit_line_mode(player)
    calls = [(event.get("call"), event.get("text", "")) for event in events(tmp_path / "fakes")
             if event["fake"] == "NVDA"]
    board = next(number for number, (call, text) in enumerate(calls)
                 if call == "speak" and "White's row from pit 1" in text)
    move = next(number for number, (call, text) in enumerate(calls)
                if call == "speak" and "White sows 9 stones from pit 7" in text)
    assert move < board and ("cancel", "") in calls[move + 1:board], calls


def test_win32_with_no_reader_toguz_own_voice_renders_sound(tmp_path: Path) -> None:
    player = open_line_mode(tmp_path, "win32", args=("--new", "--opponent", "human", "--speech", "on",
                                                     "--no-screen-reader"))
    try:
        typed(player, "7")
        until(lambda: any(event["fake"] == "speakers" and event["frames"] > 0 for event in events(tmp_path / "fakes")),
              60, lambda: str(events(tmp_path / "fakes")))
    finally:
        quit_line_mode(player)


def test_darwin_speech_wav_writes_sound(tmp_path: Path) -> None:
    out = tmp_path / "said.wav"
    done = subprocess.run([*runner(tmp_path, "darwin"), "--", "toguz", "speech", "--wav", str(out), "Pit seven"],
                          capture_output=True, text=True, env=private(tmp_path), timeout=90)
    assert done.returncode == 0, done.stdout + done.stderr
    container, frames = sound_format(out)
    assert container in ("WAV", "AIFF") and frames > 0, (container, frames)


def test_darwin_the_first_announcement_reaches_voiceover_after_late_consent(tmp_path: Path) -> None:
    said = "White sows 9 stones from pit 7"

    def heard() -> list[dict[str, Any]]:
        return [event for event in events(tmp_path / "fakes") if event["fake"] == "VoiceOver"
                and event.get("call") == "output" and said in event["text"]]

    player = open_line_mode(tmp_path, "darwin", "--reader", "VoiceOver", "--consent-after", "10",
                            args=("--new", "--opponent", "human", "--speech", "auto"))
    try:
        typed(player, "7")  # played while macOS still asks: said once the player allows it, 10 s later
        until(lambda: len(heard()) > 0, 60, lambda: str(events(tmp_path / "fakes")))
    finally:
        quit_line_mode(player)
    assert len(heard()) == 1, events(tmp_path / "fakes")


@pytest.mark.parametrize("system", ["win32", "darwin"])
def test_a_russian_users_system_gives_the_russian_interface(tmp_path: Path, system: str) -> None:
    done = line_mode(tmp_path, system, "7\nquit\n", "--language", "ru-RU",
                     args=("--new", "--opponent", "human", "--speech", "off"))
    assert any("а" <= char <= "я" for char in done.stdout.lower()), done.stdout[-800:]


def test_win32_a_russian_voice_where_one_is_installed(tmp_path: Path) -> None:
    line_mode(tmp_path, "win32", "7\nquit\n", "--language", "ru-RU", "--voices", "en-US,ru-RU",
              args=("--new", "--opponent", "human", "--speech", "on", "--no-screen-reader"))
    told = events(tmp_path / "fakes")
    rendered = [event for event in told if event["fake"] == "SAPI" and "rendered" in event]
    assert rendered and all("RU-RU" in event["voice"] for event in rendered), told
    assert not [event for event in told if "refused_voice" in event], told


# A European player's system: its language gives the interface, and the system's own voice of that language
# reads it (Microsoft Jakub, Hedda, Paulina, Frank; Apple's Zuzana, Anna, Zosia, Xander).
EUROPEAN = {"cs-CZ": "kuliče", "de-DE": "Steine", "pl-PL": "kamieni", "nl-NL": "kralen"}


@pytest.mark.parametrize("system", ["win32", "darwin"])
@pytest.mark.parametrize("tag", sorted(EUROPEAN))
def test_a_european_users_system_gives_its_language_and_its_voice(tmp_path: Path, system: str, tag: str) -> None:
    done = line_mode(tmp_path, system, "7\nquit\n", "--language", tag, "--voices", f"en-US,{tag}",
                     args=("--new", "--opponent", "human", "--speech", "on", "--no-screen-reader"))
    assert EUROPEAN[tag] in done.stdout, done.stdout[-800:]
    told = events(tmp_path / "fakes")
    fake = "SAPI" if system == "win32" else "NSSpeechSynthesizer"
    rendered = [event for event in told if event["fake"] == fake and "rendered" in event]
    assert rendered and all(tag.lower() in event["voice"].lower() for event in rendered), told
    assert not [event for event in told if "refused_voice" in event], told
