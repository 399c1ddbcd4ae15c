"""Regression tests for the third hostile pass (issue 34), its items on braille and the line mode's
terminal: one test or more per item, named after it.

Where the user met the fault as a process (a BRLTTY that does not answer, a write that fails), the
installed ``toguz`` runs with a stand-in ``brlapi`` module on ``PYTHONPATH`` (``stand_in/brlapi.py``);
the rest goes through the session, the board (Pilot) or a real terminal (a pty read byte by byte, and
BRLTTY 6.9 reading tmux for the first start).
"""

from __future__ import annotations

import os
import queue
import select
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from speech.system.machine import SCREEN_READER_VARIABLE, FakeMachine, use_machine
from tests.speech.test_braille import KEY_CMD_FWINRT, KEY_TYPE_CMD
from tests.toguz_tui.board.test_app_support import MakeApp, make_app, screen_of
from tests.toguz_tui.conftest import Heard, MakeSession, environment, toguz_command
from tests.toguz_tui.session.braille_faults import (
    SECONDS,
    BrokenMachine,
    FailingBrlapi,
    HangingBrlapi,
    KeylessBrlapi,
    LineProcess,
    Terminal,
    in_time,
    said_soon,
)
from toguz_tui.commands.table import run_line
from toguz_tui.files.settings import Settings, load_settings
from toguz_tui.start import first_run
from toguz_tui.start.start_options import StartOptions

__all__ = ["make_app"]  # the board's fixture


@pytest.fixture
def stuck_brltty() -> Iterator[str]:
    """The path of a Unix socket that accepts connections and never answers, as a stuck BRLTTY's."""
    folder = tempfile.mkdtemp(prefix="brl")  # short: a socket's path is at most 107 bytes
    path = os.path.join(folder, "socket")
    listening = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listening.bind(path)
    listening.listen(8)  # connections wait in the backlog: accepted by the system, never served
    yield path
    listening.close()
    os.unlink(path)
    os.rmdir(folder)


def test_3_a_brlapi_that_does_not_answer_leaves_toguz_playing_and_quit_working(tmp_path: Path,
                                                                              stuck_brltty: str) -> None:
    toguz = LineProcess(tmp_path, "stuck", STAND_IN_BRLAPI_SOCKET=stuck_brltty)
    toguz.wait_for("Braille is read from the screen: BrlAPI did not answer within 3 seconds.")
    toguz.send("7")
    toguz.wait_for("White sows 9 stones from pit 7")
    toguz.send("quit")
    toguz.wait_for("Goodbye.")
    status, errors = toguz.end()
    assert status == 0 and not errors


def test_3_a_brlapi_that_stops_answering_mid_game_never_holds_up_a_command(make_session: MakeSession,
                                                                         machine: FakeMachine) -> None:
    machine.brlapi_module = fake = HangingBrlapi(answered=1)  # the new game's message, then nothing
    try:
        session = in_time(lambda: make_session(braille=True))
        heard = Heard(session)
        move = in_time(lambda: run_line(session, "7"))
        assert move is not None and move.text.startswith("White sows 9 stones from pit 7")
        assert said_soon(heard, "Braille is now read from the screen: BrlAPI did not answer within 3 seconds.")
        assert session.output.braille.screen_cells == 40  # the screen's text, laid out in the display's windows
        goodbye = in_time(lambda: run_line(session, "quit"))
        assert goodbye is not None and goodbye.quit
    finally:
        fake.release.set()


def test_5_a_brlapi_write_that_fails_leaves_the_line_mode_playing_with_braille_read_from_the_screen(
        tmp_path: Path) -> None:
    toguz = LineProcess(tmp_path, "write-fails")
    toguz.wait_for("New game of Toguz Kumalak")
    toguz.send("7")  # its answer is the second write: BRLTTY restarts under it
    toguz.wait_for("Braille is now read from the screen: BrlAPI stopped working (ConnectionResetError: [Errno 104] "
                   "Connection reset by peer).")
    toguz.send("board")
    toguz.wait_for("White's row from pit 1: 9 9 9, 9 9 9, 1 10 10.")
    toguz.send("quit")
    toguz.wait_for("Goodbye.")
    status, errors = toguz.end()
    assert status == 0 and "something went wrong" not in errors, errors


async def test_5_a_brlapi_write_that_fails_leaves_the_board_playing(make_app: MakeApp, machine: FakeMachine) -> None:
    machine.brlapi_module = FailingBrlapi(answered=1)
    app = make_app(screen_reader=True, braille=True, opponent="human")
    notice = "Braille is now read from the screen: BrlAPI stopped working (OSError: [Errno 19] No such device)."
    async with app.run_test(size=(100, 24)) as pilot:
        heard = Heard(app.session)
        await pilot.press("7", "enter")
        deadline = time.monotonic() + SECONDS
        while not any(notice in reply.text for reply in heard):
            assert time.monotonic() < deadline, "the display's failure was never said"
            await pilot.pause(0.05)
        await pilot.press("b")
        await pilot.pause(0.2)
        assert app.is_running and app.session.output.braille.screen_cells == 40
        assert " ".join(" ".join(screen_of(app).speech.lines).split()).startswith("White's row from pit 1")


def test_5_a_broken_brlapi_module_and_failures_on_the_key_thread_are_said_and_end_nothing(
        make_session: MakeSession, machine: FakeMachine, monkeypatch: pytest.MonkeyPatch) -> None:
    faults: list[BaseException | None] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: faults.append(args.exc_value))
    session = make_session()
    with use_machine(BrokenMachine()):
        reply = run_line(session, "set braille on")
    assert reply is not None and ("Braille is read from the screen: brlapi: BrlAPI's Python module could not be "
                                  "loaded: RuntimeError: libbrlapi.so.0.8") in reply.text
    run_line(session, "set braille off")
    machine.brlapi_module = failing = FailingBrlapi(answered=0)  # a pan's write, on the key thread, fails
    run_line(session, "set braille on")
    heard = Heard(session)
    failing.keys.put(KEY_TYPE_CMD | KEY_CMD_FWINRT)
    assert said_soon(heard, "Braille is now read from the screen: BrlAPI stopped working (OSError: [Errno 19]")
    run_line(session, "set braille off")
    machine.brlapi_module = keyless = KeylessBrlapi()  # the key read itself fails
    run_line(session, "set braille on")
    heard.clear()
    keyless.gone.set()
    assert said_soon(heard, "Braille is now read from the screen: BrlAPI stopped working (ConnectionError: "
                            "Connection reset by peer).")
    assert faults == [], "a failure reached the last guard, which says the program went wrong"
    move = run_line(session, "7")
    assert move is not None and move.text.startswith("White sows")


FIRST_QUESTION = ("Welcome to toguz. BRLTTY is running. The screen-reader mode draws a plain board, writes every "
                  "message where the cursor is, and leaves speaking to your screen reader. Use the screen-reader "
                  "mode? Type y or n, then Enter (Enter alone: yes):")
BRAILLE_QUESTION = ("Screen-reader mode on. Change it any time with: set screen_reader off (or --no-screen-reader). "
                    "BRLTTY is running. Do you read toguz on a braille display? Each message then starts at the "
                    "display's first cell. Type y or n, then Enter (Enter alone: yes):")
FIRST_MESSAGE = "New game of Toguz Kumalak: you play White against the computer at level 3. Move 1: your turn."
LAST_WORDS = ("Braille on, 40 cells unless the display tells. Change it with: set braille off, set braille_cells 32. "
              "Plain input on: the line mode (toguz --line) only adds text to the screen, never redraws it. Change "
              "it with: set plain_input off.")


@pytest.mark.slow
def test_14_braille_at_the_very_start_reads_each_question_and_the_first_message_from_its_start(
        tmp_path: Path) -> None:
    from tests.toguz_tui.board.braille_window import BrailleWindow
    from tests.toguz_tui.board.test_braille_window import read_message

    env = {"TOGUZ_CONFIG_DIR": str(tmp_path / "config"), "TOGUZ_DATA_DIR": str(tmp_path / "data"),
           SCREEN_READER_VARIABLE: "BRLTTY", "LANG": "C.UTF-8"}  # no settings yet: the first start
    command = [str(Path(sys.executable).with_name("toguz")), "--language", "en", "--speech", "off", "--sounds", "off"]
    window = BrailleWindow(tmp_path, command, env, cells=40, size=(80, 24))
    try:
        read_message(window, FIRST_QUESTION)  # its start first, then panning forward to its end
        window.key("Enter")
        read_message(window, BRAILLE_QUESTION)  # what the answer did, then the next question
        window.key("Enter")
        read_message(window, FIRST_MESSAGE)  # the game's first message starts the window, as every later one
        last_words = window.read_on("off.", most=12)[1:]  # panning on: the first start's last words
        assert " ".join(" ".join(last_words).split()) == LAST_WORDS
    finally:
        window.close()
    settings = load_settings()[0]
    assert settings.screen_reader and settings.braille and settings.plain_input


@pytest.mark.parametrize("asked_by", ["the settings file", "--plain"])
def test_15_the_plain_input_at_a_terminal_only_appends_and_the_game_plays(tmp_path: Path, asked_by: str) -> None:
    config = tmp_path / "config"
    config.mkdir()
    plain = "plain_input = true\n" if asked_by == "the settings file" else ""
    (config / "settings.toml").write_text(f'screen_reader = true\nspeech = "off"\nsounds = false\n{plain}')
    face = "--line" if plain else "--plain"
    terminal = Terminal([*toguz_command(), face, "--opponent", "human", "--new", "--language", "en"],
                        {**environment(tmp_path), "TERM": "xterm-256color"})
    at = terminal.wait_for(b"White to move, 0 to 0> ")
    terminal.type("7\r")
    at = terminal.wait_for(b"White sows 9 stones from pit 7", at)
    at = terminal.wait_for(b"Black to move, 10 to 0> ", at)
    terminal.type("bo\t")  # completed by adding the letters after those typed
    at = terminal.wait_for(b"board", at)
    terminal.type("\r")
    at = terminal.wait_for(b"\r\nWhite's row from pit 1: 9 9 9, 9 9 9, 1 10 10.", at)
    at = terminal.wait_for(b"Black to move, 10 to 0> ", at)
    terminal.type("s\t")  # several choices: listed on a line of their own, the prompt written again after it
    at = terminal.wait_for(b"\r\ns   save   say   score", at)
    at = terminal.wait_for(b"\r\nBlack to move, 10 to 0> s", at)
    terminal.type("\x15\x1b[A")  # Ctrl-U: a fresh line; Up: the last line typed, recalled on a line of its own
    at = terminal.wait_for(b"Black to move, 10 to 0> \r\nboard", at)
    terminal.type("\x15quit\r")
    terminal.wait_for(b"Goodbye.", at)
    assert terminal.end() == 0
    written = terminal.output
    assert b"\x1b" not in written, "an escape sequence: the cursor hidden, text erased, or the cursor moved"
    assert b"\r" not in written.replace(b"\r\n", b"") and b"\b" not in written, "the cursor moved back"


def test_15_the_plain_input_is_a_setting_as_the_others_are(make_session: MakeSession, tmp_path: Path) -> None:
    from toguz_tui.board.screens.forms import changed_settings
    from toguz_tui.start.launch import effective_settings

    session = make_session()
    reply = run_line(session, "set plain_input on")
    assert reply is not None and reply.text == "Plain input in the line mode is now on."
    assert load_settings()[0].plain_input and session.settings.plain_input
    listing = run_line(session, "settings")
    assert listing is not None and "plain input in the line mode on" in listing.text
    helped = run_line(session, "help settings")
    assert helped is not None and "set plain_input on: the line mode only adds to the screen" in helped.text
    assert changed_settings(session.settings, {"plain_input": "off"}) == [("plain_input", "off")]  # the settings form
    assert effective_settings(StartOptions(plain_input=True), Settings()).plain_input
    told = subprocess.run([*toguz_command(), "--help"], capture_output=True, text=True, env=environment(tmp_path),
                          timeout=SECONDS)
    assert "--plain, --no-plain" in told.stdout and "never redrawn" in " ".join(told.stdout.split())


@pytest.mark.parametrize(("readers", "plain"), [(["Speakup"], True), (["BRLTTY"], True), (["Orca"], False)])
def test_15_the_first_start_chooses_the_plain_input_where_brltty_or_speakup_runs(
        monkeypatch: pytest.MonkeyPatch, machine: FakeMachine, capsys: pytest.CaptureFixture[str],
        readers: list[str], plain: bool) -> None:
    machine.readers = readers
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    monkeypatch.setattr("builtins.input", lambda _question: "")
    options = first_run.first_start(StartOptions())
    assert load_settings()[0].plain_input is plain
    said = " ".join([capsys.readouterr().out, *options.first_start_words])
    assert ("set plain_input off" in " ".join(said.split())) is plain


def test_15_what_is_said_while_a_line_is_typed_comes_on_lines_of_its_own_with_the_line_again_after() -> None:
    from prompt_toolkit.history import InMemoryHistory

    from toguz_tui.line.console import CommandCompleter
    from toguz_tui.line.plain import PlainPrompt

    master, slave = os.openpty()
    out = open(slave, "w", encoding="utf-8", closefd=False)  # noqa: SIM115 - closed below
    prompt = PlainPrompt(slave, out, CommandCompleter(), InMemoryHistory())
    lines: queue.Queue[str | int] = queue.Queue()

    def typed() -> None:
        with prompt.keys_one_by_one():
            lines.put(prompt.read(lambda: "Your move> "))

    written = b""

    def read_until(text: bytes) -> None:
        nonlocal written
        deadline = time.monotonic() + SECONDS
        while text not in written:
            assert time.monotonic() < deadline, written
            if select.select([master], [], [], 0.1)[0]:
                written += os.read(master, 4096)

    reader = threading.Thread(target=typed, daemon=True)
    try:
        reader.start()
        read_until(b"Your move> ")  # the terminal is in the input's mode: typing is echoed by toguz alone
        os.write(master, b"bo")
        read_until(b"Your move> bo")
        prompt.write_above("The computer sows 9 stones from pit 5.")
        os.write(master, b"ard\r")
        assert lines.get(timeout=SECONDS) == "board"
        reader.join(SECONDS)  # the terminal given back as it was
        read_until(b"board\r\n")
        assert written == b"Your move> bo\r\nThe computer sows 9 stones from pit 5.\r\nYour move> board\r\n"
    finally:
        out.close()
        os.close(slave)
        os.close(master)
