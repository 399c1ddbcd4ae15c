"""Regression tests for the failures found by hostile use (issue 10): one test per numbered item.

Each test does what a user did, as the user did it where that is cheap (the installed ``toguz`` with
piped input, or in tmux), else through the session and the command table, and asserts what the
user sees and what becomes of the files.
"""

from __future__ import annotations

import codecs
import errno
import functools
import json
import os
import re
import resource
import shutil
import signal
import stat
import subprocess
import threading
import time
import tracemalloc
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest

from rules import Game, Position, records
from rules.records import GameEntry, record_from_game, write_record
from speech.system.machine import FakeMachine, PlayFailure
from speech.voices import RecordingSpeaker, SilentSpeaker
from tests.fakes import HERMETIC
from tests.needs import need_program
from tests.toguz_tui.board.test_app_support import SIZE, MakeApp, make_app, said
from tests.toguz_tui.conftest import Heard, MakeSession, environment, reviewing, toguz_command
from tests.waiting import until
from toguz_tui.cli import play_parser
from toguz_tui.commands.table import run_line
from toguz_tui.files import storage
from toguz_tui.files.settings import Settings, load_settings, settings_path
from toguz_tui.session.facade import GameSession
from toguz_tui.session.output.announcement_stream import Reply
from toguz_tui.session.records import record_files
from toguz_tui.session.setup import GameSetup
from toguz_tui.start.launch import build_session
from toguz_tui.start.start_options import StartOptions

__all__ = ["make_app"]

T = TypeVar("T")

START = "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1"
README_FEN = "9S,9S,9S,9S,1,10S,10S,10S,10S/9S,9S,9S,9S,9S,1S,10S,10S,10S 10 0 N 1"
# White to move; White's only stone, in pit 9, lands in Black's pit 1 and captures 2: 82 stones, White wins.
ONE_MOVE_TO_WIN = "10S,10S,10S,10S,10S,10S,10S,10S,1S/8,1S 80 0 S 1"
INTERNAL = "went wrong inside toguz"
BAD_FENS = {
    "a 5,000-digit number": f"{START[:-1]}{'9' * 5000}",
    "a superscript digit": "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,²S 0 0 S 1",
    "a huge empty run": "500000000/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1",
}


# -- helpers ---------------------------------------------------------------------------------------
def toguz(tmp_path: Path, *args: str, lines: str = "", timeout: float = 60,
          env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """The installed ``toguz`` with private folders and piped input."""
    return subprocess.run([*toguz_command(), *args], input=lines, capture_output=True, text=True,
                          timeout=timeout, env=env or environment(tmp_path))


def line(session: GameSession, text: str) -> Reply:
    """One typed line through the command table."""
    reply = run_line(session, text)
    assert reply is not None
    return reply


def options(*args: str) -> StartOptions:
    """The command line's options, as ``toguz`` parses them."""
    return StartOptions.parsed(play_parser().parse_args(list(args)))


def promptly(work: Callable[[], T], seconds: float = 5.0) -> T:
    """``work()``'s result, failing (instead of hanging) when it does not come within ``seconds``."""
    result: list[T] = []
    thread = threading.Thread(target=lambda: result.append(work()), daemon=True)
    thread.start()
    thread.join(seconds)
    assert result, f"no answer within {seconds} s"
    return result[0]


def record_of(fen: str | None, moves: list[int], white: str = "Ana", black: str = "Bolat") -> str:
    """A real record: the game from ``fen`` (the start by default) with ``moves`` played."""
    game = Game(position=Position.from_fen(fen)) if fen else Game()
    for pit in moves:
        game.play(pit)
    return write_record(record_from_game(game, {"Event": "test", "White": white, "Black": black}))


def a_whole_game(seed: int = 3) -> str:
    """A real record of a game played to its end by random legal moves."""
    import random

    game = Game()
    chooser = random.Random(seed)
    while not game.is_over:
        game.play(chooser.choice(game.legal_moves()))
    return write_record(record_from_game(game, {"Event": "big", "White": "Ana", "Black": "Bolat"}))


def saved_moves(tmp_path: Path) -> list[int]:
    """The moves of the game in progress as saved on disk."""
    moves: list[int] = json.loads((tmp_path / "data" / "current-game.json").read_text())["moves"]
    return moves


def no_traceback(result: subprocess.CompletedProcess[str]) -> None:
    """The run ended normally and printed no traceback."""
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert result.stderr == ""


# -- tmux ------------------------------------------------------------------------------------------
class Tmux:
    """One tmux session."""

    def __init__(self, server: str, name: str) -> None:
        self.server = server
        self.name = name

    def run(self, *args: str) -> str:
        done = subprocess.run(["tmux", "-L", self.server, *args], capture_output=True, text=True, check=True,
                              timeout=10)
        return done.stdout

    def keys(self, *keys: str) -> None:
        self.run("send-keys", "-t", self.name, *keys)

    def screen(self) -> str:
        return self.run("capture-pane", "-p", "-t", self.name)

    def words(self) -> str:
        """The screen's text with its line breaks and runs of spaces made single spaces."""
        return " ".join(self.screen().split())

    def display(self, what: str) -> str:
        return self.run("display", "-p", "-t", self.name, what).strip()

    def wait(self, check: Callable[[], bool], timeout: float = 15.0) -> None:
        """Poll until ``check`` holds; fail showing the screen."""
        until(check, timeout, lambda: f"the screen:\n{self.screen()}")


@pytest.fixture
def tmux(tmp_path: Path) -> Iterator[Callable[..., Tmux]]:
    """Start a command in a fresh tmux session (``width`` by 30); every session is killed at the end."""
    need_program("tmux")
    server = f"toguz-hostile-{uuid.uuid4().hex[:8]}"  # a server of its own: no environment of another's
    names: list[str] = []

    def start(command: str, width: int = 100) -> Tmux:
        name = f"toguz-{len(names)}"
        subprocess.run(["tmux", "-L", server, "-f", "/dev/null", "new-session", "-d", "-s", name, "-x", str(width),
                        "-y", "30", command], check=True)
        names.append(name)
        return Tmux(server, name)

    yield start
    subprocess.run(["tmux", "-L", server, "kill-server"], capture_output=True)


def terminal_env(tmp_path: Path, term: str = "xterm-256color") -> str:
    """``env`` settings for a command run in tmux: private folders, the terminal type, no first-start question."""
    config = tmp_path / "config"
    config.mkdir(parents=True, exist_ok=True)
    (config / "settings.toml").write_text("screen_reader = false\n")
    python_path = f"PYTHONPATH={os.environ['PYTHONPATH']} " if os.environ.get("PYTHONPATH") else ""
    hermetic = "".join(f"{name}={value} " for name, value in HERMETIC.items())
    return (f"env -u COLUMNS -u LINES TOGUZ_DATA_DIR={tmp_path / 'data'} TOGUZ_CONFIG_DIR={config} TERM={term} "
            f"{hermetic}{python_path}PATH={os.environ.get('PATH', '')} PS1='shell$ '")


def toguz_under(pid: int) -> int:
    """The ``toguz`` process among the descendants of process ``pid``."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
    family, found = {pid}, True
    while found:
        found = False
        for child, parent in parents.items():
            if parent in family and child not in family:
                family.add(child)
                found = True
    for member in sorted(family):
        try:
            command = (Path("/proc") / str(member) / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if any(part.endswith(b"/toguz") for part in command):
            return member
    raise AssertionError(f"no toguz process under {pid}")


# -- 1 ---------------------------------------------------------------------------------------------
@pytest.mark.slow
def test_01_fen_on_the_command_line_archives_the_saved_game(tmp_path: Path) -> None:
    toguz(tmp_path, "--line", "--opponent", "human", "--speech", "off", lines="7\n5\n")
    assert saved_moves(tmp_path) == [7, 5]
    result = toguz(tmp_path, "--line", "--opponent", "human", "--speech", "off", "--fen", README_FEN,
                   lines="fen\n")
    no_traceback(result)
    kept = list((tmp_path / "data" / "games").glob("*.pgn"))
    assert len(kept) == 1 and "1. 76 55" in kept[0].read_text(), "the saved game is in the archive"
    assert f"The unfinished game was kept in the archive as {kept[0].name}." in result.stdout
    assert README_FEN in result.stdout.splitlines(), "the new game starts from the FEN"

    toguz(tmp_path, "--line", "--speech", "off", lines="7\n")  # one move in the game from the FEN
    games = tmp_path / "data" / "games"
    shutil.rmtree(games)
    games.write_text("")  # the archive cannot be written
    result = toguz(tmp_path, "--line", "--opponent", "human", "--speech", "off", "--fen", START, lines="fen\n")
    no_traceback(result)
    out = result.stdout
    assert "The game in progress could not be kept in the archive (" in out
    assert "so it stays: no new game was started." in out
    assert saved_moves(tmp_path) == [7], "the saved game goes on"
    game = Game(position=Position.from_fen(README_FEN))
    game.play(7)
    assert game.position.fen() in out.splitlines() and START not in out


# -- 2 ---------------------------------------------------------------------------------------------
def test_02_save_never_overwrites_a_file_without_being_told(make_session: MakeSession, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    session = make_session()
    line(session, "7")
    line(session, "5")
    target = tmp_path / "games.pgn"
    assert line(session, f"save {target}").text == "Game saved to games.pgn."
    before = target.read_bytes()

    reply = line(session, f"save {target}")
    assert reply.kind == "exists"
    assert reply.text == ("games.pgn already exists (it holds 1 game), so nothing was written. Type save games.pgn "
                          "append to add this game to it, or save games.pgn replace to replace it.")
    assert target.read_bytes() == before

    notes = tmp_path / "notes.txt"
    notes.write_text("my own notes\n")
    assert line(session, f"save {notes}").kind == "exists"
    assert line(session, f"save {notes} append").kind == "error"
    assert notes.read_text() == "my own notes\n", "a file that is no record is never added to"

    assert line(session, f"save {target} append").text == "The game was added to games.pgn."
    assert target.read_text().count("[Event ") == 2
    assert line(session, f"open {target} 2").text.startswith("Game 2 of 2. Reviewing White against Black")
    line(session, "close")
    assert line(session, f"save {target} replace").text == "Game saved to games.pgn."
    assert target.read_text().count("[Event ") == 1

    fifo = tmp_path / "pipe.pgn"
    os.mkfifo(fifo)
    folder = tmp_path / "folder.pgn"
    folder.mkdir()
    for path, reason in ((fifo, "it is not a regular file"), (Path("/dev/null"), "it is not a regular file"),
                         (folder, "it is a folder")):
        for mode in ("", " replace", " append"):
            reply = promptly(functools.partial(line, session, f"save {path}{mode}"))
            assert reply.kind == "error" and reason in reply.text, (path, mode, reply.text)
    assert stat.S_ISFIFO(fifo.stat().st_mode) and folder.is_dir() and not any(folder.iterdir())
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode), "/dev/null is still the device"

    link = tmp_path / "link.pgn"
    link.symlink_to(target)
    assert line(session, f"save {link} append").text == "The game was added to games.pgn."
    assert link.is_symlink() and link.resolve() == target, "the link is kept"
    assert target.read_text().count("[Event ") == 2, "the file the link names holds one game more"

    before = target.read_bytes()
    listing = sorted(os.listdir(tmp_path))

    def full_disk(handle: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    reply = line(session, f"save {target} replace")
    assert reply.text == "Could not save to games.pgn: No space left on device."
    assert target.read_bytes() == before, "a failed write leaves the old file whole"
    assert sorted(os.listdir(tmp_path)) == listing, "and no half-written file behind"


# -- 3 ---------------------------------------------------------------------------------------------
def test_03_a_new_game_is_refused_while_the_unfinished_one_cannot_be_archived(
        make_session: MakeSession, private_dirs: Path) -> None:
    session = make_session(white_name="A" * 200)
    line(session, "7")
    games = private_dirs / "data" / "games"
    games.write_text("")  # the archive cannot be written
    for command in ("new", f"fen {START}", "new bestemshe human"):
        reply = line(session, command)
        assert reply.kind == "error", command
        assert reply.text.startswith("The game in progress could not be kept in the archive ("), reply.text
        assert "so it stays: no new game was started." in reply.text
        assert session.game.moves == (7,)
    line(session, "review")
    assert line(session, "continue").text.startswith("The game in progress could not be kept in the archive (")
    line(session, "close")
    assert session.game.moves == (7,) and saved_moves(private_dirs) == [7]

    games.unlink()
    reply = line(session, "new")
    assert reply.text.startswith("The unfinished game was kept in the archive as ")
    line(session, "set black_name ../../x")
    line(session, "7")
    line(session, "new")
    kept = sorted(path.name for path in private_dirs.rglob("*.pgn"))
    assert sorted(path.name for path in games.iterdir()) == kept and len(kept) == 2, "inside data/games only"
    for name in kept:
        assert len(name) <= 70 and re.fullmatch(r"[A-Za-z0-9-]+\.pgn", name), name
    assert any(name.endswith("-x.pgn") for name in kept)


# -- 4 ---------------------------------------------------------------------------------------------
def test_04_quit_says_the_game_is_saved_only_when_it_is(make_session: MakeSession,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    def full_disk(saved: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    session = make_session()
    monkeypatch.setattr(storage, "save_current", full_disk)
    assert line(session, "7").text.endswith("Your game could not be saved: No space left on device.")
    reply = line(session, "quit")
    assert reply.quit
    assert reply.text == "Goodbye. Your game in progress is not saved."


@pytest.mark.slow
def test_04_the_goodbye_at_the_end_of_input_says_the_game_is_not_saved(tmp_path: Path) -> None:
    # Nothing can be saved: no file of toguz's may grow past 0 bytes (a data folder that is a file, the
    # way this was first tried, is now refused at the start: issue 34, item 10).
    def no_file_grows() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))

    result = subprocess.run([*toguz_command(), "--line", "--opponent", "human", "--speech", "off"], input="7\n",
                            capture_output=True, text=True, timeout=60, env=environment(tmp_path),
                            preexec_fn=no_file_grows)
    out = result.stdout.splitlines()
    assert out[1].endswith("Your game could not be saved: File too large.")
    assert "Your game is saved" not in result.stdout
    assert out[-1].startswith("Goodbye. Your game in progress is not saved")


async def test_04_the_boards_quit_question_says_the_game_is_not_saved(make_app: MakeApp,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    def full_disk(saved: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(storage, "save_current", full_disk)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("7", "enter")
        await pilot.pause()
        assert app.session.game.moves == (7,)
        await pilot.press("q")
        await pilot.pause()
        question = said(app)[-1]
        assert question.startswith("Quit toguz.")
        assert "Your game is saved" not in question


# -- 5 ---------------------------------------------------------------------------------------------
@pytest.mark.slow
def test_05_a_second_toguz_shows_the_game_read_only_and_a_killed_ones_lock_is_taken_over(
        make_session: MakeSession, tmp_path: Path) -> None:
    first = make_session()
    line(first, "7")
    line(first, "5")
    first.close()
    saved = (tmp_path / "data" / "current-game.json").read_text()

    held = storage.GameLock()  # the first toguz, still running
    assert held.take()
    second = build_session(options("--line", "--speech", "off"))
    replies = second.output.stream.said
    try:
        texts = [reply.text for reply in replies]
        assert texts[-1].startswith("Your game in progress is open in another toguz. Here it is to look at")
        review = reviewing(second)
        assert review is not None and review.index == review.total == 2
        assert line(second, "3").text == "A review is open: type close to leave it before playing."
        line(second, "close")
        assert line(second, "3").kind == "move"
        line(second, "7")
        assert line(second, "quit").text == ("Goodbye. Your game in progress is not saved: the game in progress "
                                             "is open in another toguz.")
        assert (tmp_path / "data" / "current-game.json").read_text() == saved, "the first's game is untouched"
    finally:
        second.close()
        held.release()

    process = subprocess.Popen([*toguz_command(), "--line", "--speech", "off"], stdin=subprocess.PIPE,
                               stdout=subprocess.DEVNULL, text=True, env=environment(tmp_path),
                               start_new_session=True)
    assert process.stdin is not None
    process.stdin.write("3\n")
    process.stdin.flush()
    deadline = time.monotonic() + 20
    while saved_moves(tmp_path) != [7, 5, 3]:
        assert time.monotonic() < deadline, "the first toguz did not save its move"
        time.sleep(0.05)
    os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    assert (tmp_path / "data" / "current-game.lock").exists(), "the killed toguz left its lock file"
    result = toguz(tmp_path, "--line", "--speech", "off", lines="fen\n4\n")
    no_traceback(result)
    assert result.stdout.startswith("Resuming your game from ")
    assert "another toguz" not in result.stdout
    game = Game()
    for pit in (7, 5, 3):
        game.play(pit)
    assert game.position.fen() in result.stdout.splitlines(), "the game goes on where the killed toguz left it"
    assert saved_moves(tmp_path) == [7, 5, 3, 4], "its moves are saved again"


# -- 6 ---------------------------------------------------------------------------------------------
@pytest.mark.slow
def test_06_one_bad_setting_does_not_reset_the_others_at_the_next_set(tmp_path: Path) -> None:
    config = tmp_path / "config"
    config.mkdir()
    written = ("# my settings, written by hand\n"
               'rate = "fast"   # too fast?\n'
               'verbosity = "brief"  # short, please\n'
               'white_name = "Aigerim"\n'
               "\n"
               "level = 2\n")
    (config / "settings.toml").write_text(written)
    result = toguz(tmp_path, "--line", "--speech", "off", "--opponent", "human", lines="set level 5\nquit\n")
    no_traceback(result)
    out = result.stdout.splitlines()
    assert out[0] == ("The settings file settings.toml has problems: rate must be a number, not fast; "
                      "defaults used there.")
    assert "Aigerim plays White" in out[1], "the other settings are used"
    assert "Computer level is now 5." in out
    assert (config / "settings.toml").read_text() == written.replace("level = 2", "level = 5")

    (config / "settings.toml").write_text("this is not TOML at all\n")
    result = toguz(tmp_path, "--line", "--speech", "off", "--opponent", "human", lines="quit\n")
    no_traceback(result)
    kept = list(config.glob("settings.broken-*.toml"))
    assert len(kept) == 1 and kept[0].read_text() == "this is not TOML at all\n"
    about = [text for text in result.stdout.splitlines() if "settings" in text]
    assert len(about) == 1 and about[0].startswith("The settings file settings.toml could not be read (")
    assert about[0].endswith(f"; it was moved aside as {kept[0].name} and the defaults are used.")


# -- 7 ---------------------------------------------------------------------------------------------
def test_07_a_name_with_a_control_character_is_refused(make_session: MakeSession) -> None:
    session = make_session()
    line(session, "set black_name Bolat")
    for typed, shown in (("A\x01B", "A\\x01B"), ("A\x1b[2JB", "A\\x1b[2JB"), ("A\x7fB", "A\\x7fB")):
        reply = line(session, f"set white_name {typed}")
        assert reply.kind == "error"
        assert reply.text == f"White name must be a short line of printable text, not {shown}."
    assert session.settings.white_name == ""
    settings, problem = load_settings(settings_path())
    assert problem is None, problem
    assert (settings.white_name, settings.black_name) == ("", "Bolat")


# -- 8 ---------------------------------------------------------------------------------------------
@pytest.mark.slow
def test_08_a_second_broken_autosave_does_not_overwrite_the_first_kept_one(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    for text in ("{first broken", "[second broken"):
        (data / "current-game.json").write_text(text)
        result = toguz(tmp_path, "--line", "--speech", "off", lines="quit\n")
        no_traceback(result)
        assert "is broken: not JSON" in result.stdout
    kept = sorted(data.glob("current-game.broken-*.json"))
    assert len(kept) == 2
    assert {path.read_text() for path in kept} == {"{first broken", "[second broken"}


# -- 9 ---------------------------------------------------------------------------------------------
@pytest.mark.slow
def test_09_a_finished_game_whose_archiving_failed_comes_back_finished(tmp_path: Path) -> None:
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "games").write_text("")  # the archive cannot be written
    result = toguz(tmp_path, "--line", "--opponent", "human", "--speech", "off", "--fen", ONE_MOVE_TO_WIN,
                   lines="9\n")
    no_traceback(result)
    assert "White wins 82 to 0. It could not be kept in the archive (" in result.stdout
    assert "it stays saved and will be archived at the next start." in result.stdout
    assert saved_moves(tmp_path) == [9], "saved whole, with its last move"

    result = toguz(tmp_path, "--line", "--speech", "off", lines="fen\n")
    no_traceback(result)
    out = result.stdout
    assert out.startswith("Your last game had ended: Game over: White has more than half the stones. "
                          "White wins 82 to 0. It still could not be archived (")
    assert "Resuming" not in out and "1S/8,1S" not in out
    assert START in out.splitlines(), "a new game is played instead"


@pytest.mark.slow
def test_09_a_finished_game_that_stays_saved_is_archived_once_the_archive_can_be_written(tmp_path: Path) -> None:
    (tmp_path / "data").mkdir()
    games = tmp_path / "data" / "games"
    games.write_text("")
    toguz(tmp_path, "--line", "--opponent", "human", "--speech", "off", "--fen", ONE_MOVE_TO_WIN, lines="9\n")
    second = toguz(tmp_path, "--line", "--speech", "off", lines="")
    assert "it stays saved." in second.stdout
    games.unlink()  # the folder can be written again
    third = toguz(tmp_path, "--line", "--speech", "off", lines="")
    assert third.stdout.startswith("Your last game had ended: Game over: White has more than half the stones.")
    kept = list(games.glob("*.pgn"))
    assert len(kept) == 1 and '[Result "1-0"]' in kept[0].read_text()


# -- 10 to 13: broken files of toguz's own ---------------------------------------------------------
@pytest.mark.slow
def test_10_a_deeply_nested_saved_game_is_moved_aside_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "current-game.json").write_text("[" * 100_000)
    result = toguz(tmp_path, "--line", "--speech", "off", lines="quit\n")
    no_traceback(result)
    kept = list((tmp_path / "data").glob("current-game.broken-*.json"))
    assert len(kept) == 1 and kept[0].read_text() == "[" * 100_000
    out = result.stdout.splitlines()
    assert out[0] == (f"The saved game current-game.json is broken: not a saved game: it is nested too deeply. "
                      f"It was moved aside as {kept[0].name}, so nothing is lost. A new game starts.")
    assert out[1].startswith("New game of Toguz Kumalak")


def saved_game_with(tmp_path: Path, field: str, value: object) -> None:
    """A real saved game (White played 7), with one field changed."""
    toguz(tmp_path, "--line", "--opponent", "human", "--speech", "off", lines="7\n")
    path = tmp_path / "data" / "current-game.json"
    data = json.loads(path.read_text())
    data[field] = value
    path.write_text(json.dumps(data))


@pytest.mark.slow
def test_11_a_saved_game_whose_start_fen_is_a_number_is_moved_aside(tmp_path: Path) -> None:
    saved_game_with(tmp_path, "start_fen", 12345)
    text = (tmp_path / "data" / "current-game.json").read_text()
    result = toguz(tmp_path, "--line", "--speech", "off", lines="quit\n")
    no_traceback(result)
    kept = list((tmp_path / "data").glob("current-game.broken-*.json"))
    assert len(kept) == 1 and kept[0].read_text() == text
    assert result.stdout.splitlines()[0] == (
        f"The saved game current-game.json is broken: the start position is not text. It was moved aside as "
        f"{kept[0].name}, so nothing is lost. A new game starts.")


@pytest.mark.slow
def test_12_a_saved_game_whose_date_is_a_list_is_moved_aside_and_new_and_save_work(tmp_path: Path) -> None:
    saved_game_with(tmp_path, "started", ["2024", "01"])
    result = toguz(tmp_path, "--line", "--opponent", "human", "--speech", "off",
                   lines=f"new\n7\nsave {tmp_path / 'after.pgn'}\nquit\n")
    no_traceback(result)
    out = result.stdout.splitlines()
    kept = list((tmp_path / "data").glob("current-game.broken-*.json"))
    assert len(kept) == 1
    assert out[0] == (f"The saved game current-game.json is broken: the date is not text. It was moved aside as "
                      f"{kept[0].name}, so nothing is lost. A new game starts.")
    assert "Game saved to after.pgn." in out and "1. 76" in (tmp_path / "after.pgn").read_text()
    assert out[-1] == "Goodbye. Your game is saved and will be offered next time."
    assert saved_moves(tmp_path) == [7]


@pytest.mark.slow
@pytest.mark.parametrize(("what", "text", "reason"), [
    ("nested 50,000 deep", "a = " + "[" * 50_000 + "\n", "(it is nested too deeply)"),
    ("a 5,000-digit integer", "rate = " + "1" * 5000 + "\n", "(a number in it is thousands of digits long)"),
])
def test_13_a_settings_file_nested_deeply_or_with_a_huge_number_is_one_line(tmp_path: Path, what: str, text: str,
                                                                            reason: str) -> None:
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.toml").write_text(text)
    result = toguz(tmp_path, "--line", "--speech", "off", "--opponent", "human", lines="settings\nquit\n")
    no_traceback(result)
    out = result.stdout.splitlines()
    assert out[0].startswith(f"The settings file settings.toml could not be read {reason}"), out[0][:200]
    assert out[0].endswith("and the defaults are used.") and len(out[0]) < 300
    assert out[1].startswith("New game of Toguz Kumalak for two players")
    assert "rate 180;" in out[2] and "level 3;" in out[2], "the defaults"
    kept = list((tmp_path / "config").glob("settings.broken-*.toml"))
    assert len(kept) == 1 and kept[0].read_text() == text


# -- 14 to 16: bad FENs and values -----------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("what", list(BAD_FENS))
def test_14_a_bad_fen_on_the_command_line_or_in_a_file_is_one_plain_reason(tmp_path: Path, what: str) -> None:
    fen = BAD_FENS[what]
    position_file = tmp_path / "bad.fen"
    position_file.write_text(fen + "\n")
    result = toguz(tmp_path, "--line", "--speech", "off", "--opponent", "human", "--fen", fen,
                   lines=f"open {position_file}\nquit\n")
    no_traceback(result)
    out = result.stdout.splitlines()
    assert re.match(r"(The|In the) FEN", out[0]) and len(out[0]) < 300, out[0]
    assert out[1].startswith("New game of Toguz Kumalak for two players")
    assert re.match(r"Could not open bad.fen: (the|in the) FEN", out[2]) and len(out[2]) < 300, out[2]
    assert INTERNAL not in result.stdout


def test_15_bad_values_typed_inside_the_program_are_plain_refusals(make_session: MakeSession,
                                                                   private_dirs: Path) -> None:
    session = make_session()
    typed = [f"fen {fen}" for fen in BAD_FENS.values()]
    for number, fen in enumerate(BAD_FENS.values()):
        position_file = private_dirs / f"bad{number}.fen"
        position_file.write_text(fen + "\n")
        typed.append(f"open {position_file}")
    for name in ("rate", "volume", "level"):
        typed += [f"set {name} {'9' * 5000}", f"set {name} ²", f"set {name} 1e5000", f"set {name} {'-' + '9' * 5000}"]
    typed += [f"set white_name {'A' * 5000}", f"set theme {'x' * 5000}", "set digit_plays ²", f"new {'9' * 5000}",
              f"open {private_dirs / 'bad0.fen'} {'9' * 5000}", f"play {'9' * 5000}"]
    for text in typed:
        reply = line(session, text)
        assert reply.kind == "error", (text[:40], reply.text[:200])
        assert INTERNAL not in reply.text, (text[:40], reply.text[:200])
        assert len(reply.text) < 400, (text[:40], reply.text[:200])
    assert session.game.moves == () and session.settings == Settings(opponent="human", level=1)
    assert not (private_dirs / "data" / "errors.log").exists()


def test_15_a_record_holding_a_huge_number_is_a_plain_refusal(make_session: MakeSession,
                                                              private_dirs: Path) -> None:
    session = make_session()
    huge = "9" * 5000
    for name, body in (("number.pgn", f"{huge}. 76 *"), ("capture.pgn", f"1. 76({huge}) *")):
        path = private_dirs / name
        path.write_text(f'[Event "x"]\n[White "Ana"]\n[Black "Bolat"]\n\n{body}\n')
        reply = line(session, f"open {path}")
        assert reply.kind == "error"
        assert reply.text.startswith(f"Could not open {name}: game 1 ("), reply.text[:200]
        assert INTERNAL not in reply.text


def test_15_a_huge_number_in_a_review_is_a_plain_refusal(make_session: MakeSession, private_dirs: Path) -> None:
    session = make_session()
    line(session, "7")
    line(session, "review")
    for command in ("forward", "back", "goto"):
        reply = line(session, f"{command} {'9' * 5000}")
        assert INTERNAL not in reply.text, (command, reply.text[:200])
        assert len(reply.text) < 200
    assert reviewing(session) is not None and session.game.moves == (7,)
    assert not (private_dirs / "data" / "errors.log").exists()


def test_16_a_fen_with_a_huge_empty_run_is_refused_at_once(make_session: MakeSession) -> None:
    session = make_session()
    fen = "500000000/" + ",".join(["9S"] * 9) + " 0 0 S 1"
    tracemalloc.start()
    try:
        began = time.monotonic()
        reply = line(session, f"fen {fen}")
        took = time.monotonic() - began
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert reply.kind == "error" and reply.text.startswith("In the FEN, Black's row has an unreadable pit '500000000'")
    assert took < 5.0
    assert peak < 50 * 1024 * 1024
    assert session.game.position.fen() == START


# -- 17, 18: big and strange files ----------------------------------------------------------------
def test_17_a_big_record_file_is_read_in_the_background_and_its_index_kept(
        make_session: MakeSession, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = a_whole_game().rstrip("\n") + "\n\n"
    count = 5 * 1024 * 1024 // len(game) + 1
    big = tmp_path / "big.pgn"
    big.write_text(game * count)
    assert big.stat().st_size > record_files.BIG_FILE
    session = make_session()
    events = Heard(session)

    indexed: list[int] = []
    may_go = threading.Event()
    real_index = records.index_games

    def index_games(text: str, progress: Callable[[int], None] | None = None, *limits: int | None) -> list[GameEntry]:
        indexed.append(len(text))
        assert may_go.wait(10)
        return real_index(text, progress, *limits)

    monkeypatch.setattr(record_files, "index_games", index_games)
    began = time.monotonic()
    reply = line(session, f"open {big} 3")
    assert time.monotonic() - began < 3.0
    assert reply.text == "Reading big.pgn, 5 MB; this takes a moment."
    assert reviewing(session) is None, "the reply comes before the file is read"
    may_go.set()
    session.opponents.wait(30)
    texts = [event.text for event in events]
    assert [text for text in texts if text.startswith("Read ")] == [
        "Read 25 percent of big.pgn.", "Read 50 percent of big.pgn.", "Read 75 percent of big.pgn."]
    assert texts[-1].startswith(f"Game 3 of {count}. Reviewing Ana")
    assert reviewing(session) is not None
    line(session, "close")

    events.clear()
    line(session, f"open {big} {count}")
    session.opponents.wait(30)
    texts = [event.text for event in events]
    assert len(texts) == 2 and texts[0].startswith("Reading big.pgn, 5 MB;"), "the note at once, then the game"
    assert texts[1].startswith(f"Game {count} of {count}.")
    assert len(indexed) == 1, "the kept index serves the second opening"

    huge = tmp_path / "huge.pgn"
    with huge.open("wb") as sparse:
        sparse.truncate(65 * 1024 * 1024)
    events.clear()
    refusal = "Could not open huge.pgn: it is 65 MB; toguz reads files of up to 64 MB."
    assert line(session, f"open {huge}").text == refusal
    session.opponents.wait(30)
    assert [event.text for event in events] == [  # refused at once, and nothing more said (issue 28, item 17)
        "Could not open huge.pgn: it is 65 MB; toguz reads files of up to 64 MB."]


def test_18_opening_a_fifo_or_dev_zero_answers_at_once(make_session: MakeSession, tmp_path: Path) -> None:
    session = make_session()
    fifo = tmp_path / "games.pgn"
    os.mkfifo(fifo)
    for path in (fifo, Path("/dev/zero")):
        reply = promptly(functools.partial(line, session, f"open {path}"))
        assert reply.text == f"Could not open {path.name}: it is not a regular file (a device, a pipe or a socket)."
    assert reviewing(session) is None


# -- 19 to 23 ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("fen", "said"), [
    ("9S,9S,9S,9S,9S,9S,9S,9S,9S/9 40 41 S 1", "Game over: no moves are left. You win 122 to 40."),
    ("9S,9S,9S,9S,9S,9S,9S,9S,7S/8,1S 82 0 S 1",
     "Game over: the computer has more than half the stones. The computer wins 82 to 0."),
])
def test_19_a_decided_fen_starts_as_a_finished_game(make_session: MakeSession, fen: str, said: str) -> None:
    session = make_session(opponent="computer", colour="black")  # the computer plays White, who is to move
    session.opponents.wait()
    reply = line(session, f"fen {fen}")
    events = Heard(session)
    assert reply.text.endswith(said), reply.text
    rules = Game(position=Position.from_fen(fen))
    assert session.game.is_over and session.game.outcome == rules.outcome
    assert not session.opponent.thinking
    time.sleep(0.3)
    session.opponents.wait()
    assert session.game.moves == () and events == [], "the computer did not try to move"
    assert line(session, "turn").text == said


def test_20_no_save_error_message_says_none(make_session: MakeSession, private_dirs: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    from toguz_tui.files import user_files

    session = make_session()
    line(session, "7")
    target = private_dirs / "mine.pgn"
    said = [line(session, f"save {private_dirs / 'missing' / 'mine.pgn'}").text]
    games = private_dirs / "data" / "games"
    games.write_text("")
    said.append(line(session, "save").text)
    games.unlink()
    for error in (OSError(), OSError("the disk went away"), OSError(errno.ENOSPC, "No space left on device"),
                  PermissionError(), FileExistsError()):
        def failing(*args: object, error: OSError = error, **kwargs: object) -> None:
            raise error

        monkeypatch.setattr(user_files, "write_atomically", failing)
        said.append(line(session, f"save {target}").text)
        if not isinstance(error, FileExistsError):  # the archive tries the next name then
            monkeypatch.setattr(storage, "archive_record", failing)
            said.append(line(session, "save").text)
    assert len(said) == 11
    assert all(text.startswith(("Could not save to ", "mine.pgn already exists")) for text in said), said
    for text in said:
        assert "None" not in text, text
    assert not target.exists()


def test_21_the_reviews_opening_line_says_close_leaves_it(make_session: MakeSession, tmp_path: Path) -> None:
    session = make_session()
    line(session, "7")
    record = tmp_path / "one.pgn"
    record.write_text(record_of(None, [7, 5]))
    for command in ("review", f"open {record}"):
        text = line(session, command).text
        assert text.endswith("Use forward and back to step through it, close to leave the review."), text
        assert "end to leave" not in text
        line(session, "close")


def test_22_in_a_review_undo_and_resign_are_refused_and_hint_answers_for_the_review(
        make_session: MakeSession, tmp_path: Path) -> None:
    session = make_session()
    # Black's pit 9 is empty in the game: a hint for the game could never be pit 9.
    line(session, "fen 1,18S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1")
    line(session, "1")
    record = tmp_path / "end.pgn"
    record.write_text(record_of(ONE_MOVE_TO_WIN, [9]))
    assert line(session, f"open {record}").text.startswith("Reviewing Ana")
    assert line(session, "moves").text.endswith("can play only pit 9.")
    before = session.game.position
    for command in ("undo", "resign", "resign"):
        reply = line(session, command)
        assert reply.kind == "error"
        assert reply.text.startswith(command.title()) and "not in a review" in reply.text, reply.text
    assert session.game.moves == (1,) and session.game.position == before and not session.game.is_over
    line(session, "hint")
    events = Heard(session)
    session.opponents.wait()
    assert len(events) == 1 and events[0].text.startswith("Hint: play pit 9. Pit 9: 1 stone")
    assert session.game.moves == (1,)


def test_23_a_broken_saved_game_that_cannot_be_moved_aside_stays_where_it_is(
        private_dirs: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = private_dirs / "data"
    data.mkdir()
    broken = data / "current-game.json"
    broken.write_text("{not json")

    def cannot(path: Path) -> Path:
        raise OSError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(storage, "keep_aside", cannot)
    session = build_session(options("--line", "--speech", "off", "--opponent", "human"))
    replies = session.output.stream.said
    try:
        first = replies[0].text
        assert first == ("The saved game current-game.json is broken: not JSON (Expecting property name enclosed in "
                         "double quotes at line 1). It could not be moved aside (Permission denied), so it stays as "
                         "current-game.json and this game will not be saved over it. A new game starts.")
        assert "It was kept as" not in first and "moved aside as" not in first
        line(session, "7")
        assert broken.read_text() == "{not json"
        assert line(session, "quit").text == ("Goodbye. Your game in progress is not saved: the broken "
                                              "current-game.json is kept as it is.")
    finally:
        session.close()


# -- 24, 27: voices ---------------------------------------------------------------------------------
@pytest.mark.slow
def test_24_a_sound_player_that_fails_is_said_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   machine: FakeMachine, capsys: pytest.CaptureFixture[str]) -> None:
    from speech.voices.espeak import EspeakSpeaker
    from speech.voices.pyttsx3_backend import Pyttsx3Speaker
    from speech.voices.speech_command import main as speech_main

    folder = tmp_path / "bin"
    folder.mkdir()
    player = folder / "aplay"
    player.write_text('#!/bin/sh\necho "aplay: main:831: audio open error: Device or resource busy" >&2\nexit 1\n')
    player.chmod(0o755)
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")

    class Renderer:
        def render(self, text: str, path: Path, rate: int | None = None, voice: str | None = None,
                   volume: float | None = None, timeout: float = 30.0) -> Path:
            path.write_bytes(b"RIFF")
            return path

        def voices(self) -> list[str]:
            return []

        def close(self) -> None:
            pass

    problem = "aplay failed, so nothing can be heard (aplay: main:831: audio open error: Device or resource busy)"
    for speaker in (Pyttsx3Speaker(player=["aplay", "-q"], renderer=Renderer()),  # type: ignore[arg-type]  # a fake renderer
                    EspeakSpeaker(command=str(player))):
        chosen = Settings(opponent="human")
        session = GameSession(chosen, speaker)
        try:
            session.start_game(GameSetup.from_settings(chosen, 7))
            news = []
            for typed in ("7", "5", "board", "repeat"):
                line(session, typed)
                assert speaker.wait(5.0)
                news.append(session.output.speech_news())
                assert speaker.wait(5.0)
            assert speaker.last_error == problem
            said = [reply.text for reply in news if reply is not None]
            assert said == [f"Speech is off: {problem}."], speaker.name
        finally:
            session.close()

    machine.programs |= {"espeak-ng", "aplay"}
    machine.libraries.add("espeak-ng")
    machine.modules.add("pyttsx3")
    machine.has_sound_device = True
    machine.player_error = PlayFailure("aplay", said="aplay: main:831: audio open error: Device or resource busy")
    failed = "aplay failed (aplay: main:831: audio open error: Device or resource busy)"
    assert speech_main(["--check"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"pyttsx3: not available: {failed}"
    assert out[1] == f"espeak-ng: not available: {failed}"


def test_27_the_no_audio_message_is_said_once_not_after_every_set(make_session: MakeSession,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from toguz_tui.session.output import voice
    problem = "no audio output: no sound card under /dev/snd and no PulseAudio or PipeWire server"

    def no_audio(name: str = "auto", **how: object) -> tuple[SilentSpeaker, str]:
        return SilentSpeaker(), problem

    session = make_session()
    assert isinstance(session.output.voice.speaker, RecordingSpeaker)
    monkeypatch.setattr(voice, "open_speaker", no_audio)
    replies = [line(session, typed) for typed in ("set speech espeak-ng", "set rate 200", "set speech on",
                                                  "set volume 0.5", "speech on")]
    texts = [reply.text for reply in replies]
    told = [text for text in texts if "no sound card under /dev/snd" in text]
    assert len(told) == 1 and told[0] == texts[0], texts
    assert texts[1] == "Speech rate is now 200." and texts[3] == "Volume is now 0.5."
    assert session.output.speech_news() is None


# -- 25, 26: what reaches the screen -----------------------------------------------------------------
@pytest.mark.slow
def test_25_control_characters_never_reach_the_screen_raw(tmp_path: Path) -> None:
    record = tmp_path / "evil.pgn"
    record.write_text(record_of(None, [7], white="Red\x1b[31mX\x07", black="Bolat\x1b]0;owned\x07"))
    lines = ("\x1b[31mred\n"
             "set white_name A\x1b[2JB\n"
             "set black_name Bo\x00lat\n"
             f"open {record}\n"
             "forward\n")
    result = toguz(tmp_path, "--line", "--opponent", "human", "--speech", "off", lines=lines)
    no_traceback(result)
    out = result.stdout
    assert not re.search("[\x00-\x08\x0b-\x1f\x7f]", out), "no control character printed raw"
    shown = out.splitlines()
    assert "Unknown command: \\x1b[31mred; type help." in shown
    assert "White name must be a short line of printable text, not A\\x1b[2JB." in shown
    assert "Black name must be a short line of printable text, not Bo\\x00lat." in shown
    opened = [text for text in shown if text.startswith("Reviewing ")]
    assert len(opened) == 1, shown
    assert "Red\\x1b[31mX\\x07" in opened[0] and "Bolat\\x1b]0;owned\\x07" in opened[0]
    assert any("sows 9 stones from pit 7" in text for text in shown), "the review goes on"
    assert load_settings(settings_path())[0].white_name == ""


def test_26_a_very_long_unknown_word_is_quoted_back_short(make_session: MakeSession) -> None:
    session = make_session()
    reply = line(session, "x" * 4000)
    assert reply.text == f"Unknown command: {'x' * 30}...; type help."
    assert session.game.moves == ()


def test_26_a_very_long_unknown_word_after_help_or_new_is_quoted_back_short(make_session: MakeSession) -> None:
    session = make_session()
    for command in ("help", "new"):
        reply = line(session, f"{command} {'y' * 5000}")
        assert reply.kind == "error"
        assert len(reply.text) < 200, (command, len(reply.text))


# -- 28 to 31: files and words ----------------------------------------------------------------------
def test_28_a_utf16_record_is_read_and_a_cp1251_one_is_refused_in_words(make_session: MakeSession,
                                                                        tmp_path: Path) -> None:
    session = make_session()
    text = record_of(None, [7, 5], white="Әсел", black="Болат")
    for name, data in (("le.pgn", codecs.BOM_UTF16_LE + text.encode("utf-16-le")),
                       ("be.pgn", codecs.BOM_UTF16_BE + text.encode("utf-16-be"))):
        (tmp_path / name).write_bytes(data)
        text = line(session, f"open {tmp_path / name}").text
        assert text.startswith("Reviewing Әсел") and "Болат" in text, (name, text)
        line(session, "close")
    data = record_of(None, [7, 5], white="Асель", black="Болат").encode("cp1251")
    (tmp_path / "cp.pgn").write_bytes(data)
    position = data.index(b"\xc0")
    reply = line(session, f"open {tmp_path / 'cp.pgn'}")
    assert reply.text == (f"Could not open cp.pgn: it is not UTF-8 text (byte 0xc0 at position {position}); save "
                          "it as UTF-8 and open it again.")
    assert "codec" not in reply.text and reviewing(session) is None


def test_29_a_fen_file_without_a_slash_or_with_two_fens_gets_a_fen_reason(make_session: MakeSession,
                                                                          tmp_path: Path) -> None:
    session = make_session()
    no_slash = tmp_path / "no-slash.fen"
    no_slash.write_text("9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1\n")
    assert line(session, f"open {no_slash}").text == (
        "Could not open no-slash.fen: the FEN's rows must be two, split by one '/': '9S,9S,9S,9S,9S,9S,9S,9S,9S'.")
    two = tmp_path / "two.fen"
    two.write_text(f"{START}\n{README_FEN}\n")
    assert line(session, f"open {two}").text == (
        "Could not open two.fen: it holds 2 lines; a position file holds one FEN on one line.")
    assert session.game.position.fen() == START and reviewing(session) is None


def test_30_save_takes_a_quoted_name_and_refuses_extra_words_and_missing_folders(
        make_session: MakeSession, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    session = make_session()
    line(session, "7")
    spaced = tmp_path / "with space.pgn"
    assert line(session, f'save "{spaced}"').text == "Game saved to with space.pgn."
    assert "1. 76" in spaced.read_text()
    assert not [path for path in tmp_path.rglob("*") if '"' in path.name]
    assert line(session, "save a b c").text == ('Save needs: save [FILE] [playok] [replace or append]; put quotes '
                                                'around a name with spaces: save "my game.pgn".')
    missing = tmp_path / "missing"
    assert line(session, f"save {missing / 'game.pgn'}").text == (
        f"Could not save to game.pgn: the folder {missing} does not exist.")
    assert not missing.exists()
    assert {path.name for path in tmp_path.iterdir()} <= {"config", "data", "with space.pgn"}


def test_31_new_level_without_a_number_and_play_with_two_pits_are_refused(make_session: MakeSession) -> None:
    session = make_session(opponent="computer", level=2)
    line(session, "7")
    session.opponents.wait()
    moves, setup = session.game.moves, session.setup
    assert line(session, "new level").text == (
        "New needs: new [toguz|kozdatu|bestemshe] [computer|human] [level N] [white|black] "
        "[clock MINUTES[+INCREMENT] or clock none].")
    assert line(session, "new level human").kind == "error"
    assert line(session, "play 7 8").text == "Play needs: play N, or just N."
    assert line(session, "7 8").text == "Play needs: play N, or just N."
    session.opponents.wait()
    assert session.game.moves == moves and session.setup == setup


@pytest.mark.slow
def test_31_an_empty_fen_on_the_command_line_is_refused(tmp_path: Path) -> None:
    result = toguz(tmp_path, "--line", "--opponent", "human", "--speech", "off", "--fen", "", lines="fen\n")
    no_traceback(result)
    out = result.stdout.splitlines()
    assert out[0] == "The position given is empty: give a FEN, such as the one fen says."
    assert out[1].startswith("New game of Toguz Kumalak") and START in out


@pytest.mark.slow
def test_31_an_empty_fen_on_the_command_line_changes_nothing(tmp_path: Path) -> None:
    toguz(tmp_path, "--line", "--opponent", "human", "--speech", "off", lines="7\n")
    result = toguz(tmp_path, "--line", "--speech", "off", "--fen", "", lines="fen\n")
    out = result.stdout.splitlines()
    assert out[0] == "The position given is empty: give a FEN, such as the one fen says."
    game = Game()
    game.play(7)
    assert game.position.fen() in out, "the saved game goes on"
    assert saved_moves(tmp_path) == [7]
    assert not (tmp_path / "data" / "games").exists()


# -- 32 to 34: terminals ---------------------------------------------------------------------------
@pytest.mark.slow
def test_32_a_narrow_terminal_gets_the_plain_board_and_a_dumb_one_the_line_mode(
        tmux: Callable[..., Tmux], tmp_path: Path) -> None:
    program = " ".join(toguz_command())
    term = tmux(f"{terminal_env(tmp_path)} {program} --speech off --new --opponent human --no-screen-reader",
                width=60)
    # the message and the plain board may reach the terminal in separate writes on a loaded machine
    term.wait(lambda: "The terminal is 60 columns wide" in term.words()
              and "pit 9 8 7 6 5 4 3 2 1 kazan" in term.words())
    screen = term.screen()
    assert not [char for char in screen if 0x2500 <= ord(char) <= 0x257F and char != "─"], screen
    assert "pit 9 8 7 6 5 4 3 2 1 kazan" in term.words()
    reason = ("The terminal is 60 columns wide: the board is drawn plain, without boxes (the boxed board needs 78).")
    assert term.words().count(reason) == 1

    dumb = tmux(f"{terminal_env(tmp_path / 'dumb', 'dumb')} {program} --speech off --new --opponent human; sleep 30")
    dumb.wait(lambda: "White to move, 0 to 0>" in dumb.screen())
    lines = [text for text in dumb.screen().splitlines() if text.strip()]
    assert lines[0] == "This terminal (TERM=dumb) cannot show the full-screen board, so toguz starts in the line mode."
    assert lines[1].startswith("New game of Toguz Kumalak") and len(lines) == 3
    dumb.keys("7", "Enter")
    dumb.wait(lambda: "White sows 9 stones from pit 7" in dumb.words())
    assert "\x1b" not in dumb.screen()


@pytest.mark.slow
def test_33_sigterm_leaves_the_terminal_as_it_was(tmux: Callable[..., Tmux], tmp_path: Path) -> None:
    program = " ".join(toguz_command())
    term = tmux(f"{terminal_env(tmp_path)} bash -c '{program} --speech off --new --opponent human "
                "--no-screen-reader; echo toguz ended with $?; sleep 30'")
    term.wait(lambda: "1 to 9 pits" in term.screen())
    assert term.display("#{alternate_on} #{cursor_flag}") == "1 0", "the board: alternate screen, cursor hidden"
    os.kill(toguz_under(int(term.display("#{pane_pid}"))), signal.SIGTERM)
    term.wait(lambda: "toguz ended with" in term.screen())
    assert term.display("#{alternate_on} #{cursor_flag}") == "0 1"


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["line", "board"])
def test_34_ctrl_z_suspends_the_program(tmux: Callable[..., Tmux], tmp_path: Path, mode: str) -> None:
    program = " ".join(toguz_command())
    ready = "White to move, 0 to 0>" if mode == "line" else "1 to 9 pits"
    term = tmux(f"{terminal_env(tmp_path)} bash --norc --noprofile")
    term.wait(lambda: "shell$" in term.screen())
    extra = "--line" if mode == "line" else "--no-screen-reader"
    term.keys(f"clear; {program} {extra} --speech off --new --opponent human", "Enter")
    term.wait(lambda: ready in term.screen())
    term.keys("C-z")
    term.wait(lambda: "Stopped" in term.screen() and term.screen().rstrip().endswith("shell$"))
    term.keys("clear; jobs -s", "Enter")
    term.wait(lambda: "Stopped" in term.screen() and "toguz" in term.screen())
    if mode == "board":
        assert term.display("#{alternate_on} #{cursor_flag}") == "0 1"
    term.keys("fg", "Enter")
    term.wait(lambda: ready in term.screen())
    term.keys("7", "Enter")
    term.wait(lambda: "White sows 9 stones from pit 7" in term.words())
