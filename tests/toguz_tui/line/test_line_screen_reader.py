"""The line mode for screen readers, the first start's question, and finding a running screen reader.

The line mode is read line by line: replies wrap between words to the terminal's width, one taller
than the terminal comes a page at a time, the reply to a command is out before the next prompt,
and the prompt never asks the terminal where its cursor is (the answer arrives as input, and a
screen reader stops speaking at any input).
"""

from __future__ import annotations

import fcntl
import io
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output

from speech.system.machine import AUDIO_VARIABLE, SCREEN_READER_VARIABLE, FakeMachine, Machine
from tests.toguz_tui.conftest import MakeSession, environment, toguz_command
from toguz_tui.commands.table import HELP_TOPICS, run_line
from toguz_tui.files.settings import load_settings
from toguz_tui.line.console import Printer, interactive_loop
from toguz_tui.session.output.announcement_stream import Reply
from toguz_tui.start import first_run
from toguz_tui.start.start_options import StartOptions

LONG = " ".join(f"word{number}" for number in range(200))


def drain(fd: int) -> bytes:
    """Everything waiting on a file descriptor."""
    fcntl.fcntl(fd, fcntl.F_SETFL, os.O_NONBLOCK)
    data = b""
    try:
        while chunk := os.read(fd, 65536):
            data += chunk
    except BlockingIOError:
        pass
    return data


def run_on_a_terminal(session: object, keys: list[str]) -> str:
    """Run the interactive line mode on a pseudo-terminal; everything it wrote there."""
    master, slave = os.openpty()
    terminal = open(slave, "w", encoding="utf-8", closefd=False)  # noqa: SIM115 - closed below
    output = Vt100_Output.from_pty(terminal, term="xterm")
    output.enable_cpr = True  # as prompt-toolkit makes it: the line mode must turn it off itself
    printer = Printer(paged=True, terminal=terminal)
    try:
        with create_pipe_input() as pipe, create_app_session(input=pipe, output=output):
            worker = threading.Thread(target=interactive_loop, args=(session, printer, pipe, output))
            worker.start()
            for key in keys:
                pipe.send_text(key)
                worker.join(0.3)
            worker.join(10)
            assert not worker.is_alive(), "the prompt did not end"
        return drain(master).decode("utf-8", "replace")
    finally:
        terminal.close()
        os.close(slave)
        os.close(master)


def test_the_prompt_never_asks_the_terminal_where_its_cursor_is(make_session: MakeSession) -> None:
    written = run_on_a_terminal(make_session(), ["7\r", "kazans\r", "\x04"])
    assert "White sows 9 stones from pit 7" in written
    assert "\x1b[6n" not in written, "a cursor position request would come back as input"


def test_the_reply_to_a_command_is_out_before_the_next_prompt(make_session: MakeSession) -> None:
    written = run_on_a_terminal(make_session(), ["7\r", "\x04"])
    reply = written.index("White sows 9 stones from pit 7")
    assert written.index("Black to move") > reply, "the prompt for Black is drawn after White's move is said"


def test_a_long_reply_comes_a_page_at_a_time_wrapped_between_words(machine: FakeMachine) -> None:
    machine.terminal = (40, 10)
    out = io.StringIO()
    printer = Printer(paged=True, terminal=out)
    printer.show(Reply(LONG), direct=True)
    lines = out.getvalue().splitlines()
    assert len(lines) == 8 and all(len(line) <= 39 for line in lines)
    assert lines[-1].startswith("-- ") and lines[-1].endswith(" more lines: type more --")
    assert all(part.startswith("word") for line in lines[:-1] for part in line.split())
    out.truncate(0)
    out.seek(0)
    while printer.rest:
        printer.more()
    words = " ".join(line for line in (lines[:-1] + out.getvalue().splitlines()) if not line.startswith("-- "))
    assert words.split() == LONG.split(), "every word comes, once, in order"
    out.truncate(0)
    out.seek(0)
    printer.more()
    assert out.getvalue() == "That is all of it.\n"


def test_piped_replies_are_printed_as_they_are(machine: FakeMachine, capsys: pytest.CaptureFixture[str]) -> None:
    machine.terminal = (40, 10)
    Printer(paged=False).show(Reply(LONG))
    assert capsys.readouterr().out == LONG + "\n"


def test_help_comes_in_topics_that_fit_a_screen(make_session: MakeSession) -> None:
    session = make_session()
    overview = run_line(session, "help")
    assert overview is not None and len(overview.text.splitlines()) <= 10
    for topic in HELP_TOPICS:
        assert f"help {topic}:" in overview.text
        reply = run_line(session, f"help {topic}")
        assert reply is not None and reply.kind == "info"
        assert 2 <= len(reply.text.splitlines()) <= 20, topic
    board = run_line(session, "help board")
    assert board is not None and "kazans: the score" in board.text and "undo" not in board.text
    where = run_line(session, "help where")
    assert where is not None and where.text.startswith("where N, or where their N: where the last stone")


def test_the_first_start_question_takes_the_answer_or_the_default() -> None:
    said: list[str] = []
    answers = iter(["maybe", "Y"])
    assert first_run.ask_screen_reader([], lambda _: next(answers), said.append) is True
    assert said == ["Please type y for yes or n for no."]
    assert first_run.ask_screen_reader(["Orca"], lambda _: "", said.append) is True, "Enter: yes when one runs"
    assert first_run.ask_screen_reader([], lambda _: "", said.append) is False, "Enter: no when none runs"
    assert first_run.ask_screen_reader(["Orca"], lambda _: "n", said.append) is False

    def ended(_: str) -> str:
        raise EOFError

    assert first_run.ask_screen_reader(["Fenrir"], ended, said.append) is True
    assert said[-1] == "Taking yes."


def test_the_first_start_question_names_the_screen_reader_running() -> None:
    questions: list[str] = []

    def ask(text: str) -> str:
        questions.append(text)
        return "y"

    first_run.ask_screen_reader(["Orca", "BRLTTY"], ask, print)
    assert questions[0].startswith("Welcome to toguz. Orca and BRLTTY are running.")
    assert "Use the screen-reader mode? Type y or n, then Enter (Enter alone: yes): " in questions[0]


def test_the_first_start_asks_once_and_keeps_the_answer(monkeypatch: pytest.MonkeyPatch, machine: FakeMachine,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    machine.readers = ["Fenrir"]
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    monkeypatch.setattr("builtins.input", lambda _: "")
    assert first_run.should_ask(StartOptions())
    options = first_run.first_start(StartOptions())
    assert options.screen_reader is True
    assert load_settings()[0].screen_reader is True
    assert "Screen-reader mode on." in capsys.readouterr().out
    assert not first_run.should_ask(StartOptions()), "asked once"
    assert not first_run.should_ask(StartOptions(screen_reader=False)), "the command line says"


@pytest.mark.usefixtures("machine_looks")
def test_running_screen_readers_are_found_where_the_system_tells(tmp_path: Path) -> None:
    proc, sys_path = tmp_path / "proc", tmp_path / "sys"
    for pid, name in [("1", "systemd"), ("412", "orca"), ("977", "brltty"), ("self", "python3")]:
        (proc / pid).mkdir(parents=True)
        (proc / pid / "comm").write_text(name + "\n")
    assert Machine().screen_readers(proc, sys_path) == ["Orca", "BRLTTY"]
    (sys_path / "accessibility" / "speakup").mkdir(parents=True)
    (proc / "978").mkdir()
    (proc / "978" / "comm").write_text("fenrir\n")
    assert Machine().screen_readers(proc, sys_path) == ["Speakup", "Orca", "BRLTTY", "Fenrir"]
    assert Machine().screen_readers(tmp_path / "nothing", tmp_path / "nothing") == []


def test_the_environment_names_the_screen_readers_instead_of_the_system(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    proc = tmp_path / "proc"
    (proc / "412").mkdir(parents=True)
    (proc / "412" / "comm").write_text("orca\n")
    for value, readers in [("Fenrir", ["Fenrir"]), ("fenrir, ORCA,speakup", ["Fenrir", "Orca", "Speakup"]),
                           ("none", []), ("NONE", []), ("Screenie", ["Screenie"]), ("", ["Orca"]), (" ", ["Orca"])]:
        monkeypatch.setenv(SCREEN_READER_VARIABLE, value)
        assert Machine().screen_readers(proc, tmp_path / "sys") == readers, value
    monkeypatch.delenv(SCREEN_READER_VARIABLE)
    assert Machine().screen_readers(proc, tmp_path / "sys") == ["Orca"]


def test_the_environment_says_which_audio_outputs_there_are(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    snd = tmp_path / "snd"
    snd.mkdir()
    (snd / "pcmC0D0p").touch()
    monkeypatch.setenv("PULSE_SERVER", "unix:/run/pulse")
    for value, device, server in [("none", False, False), ("device", True, False), ("server", False, True),
                                  ("Device,Server", True, True), ("", True, True)]:
        monkeypatch.setenv(AUDIO_VARIABLE, value)
        assert (Machine().sound_device(snd), Machine().sound_server()) == (device, server), value


def test_a_toguz_process_hears_of_a_screen_reader_from_the_environment_only(tmp_path: Path) -> None:
    hint = "Fenrir is running: the screen-reader mode may suit you"
    for reader, said in (("Fenrir", True), ("none", False)):
        env = {**environment(tmp_path / reader), SCREEN_READER_VARIABLE: reader}
        done = subprocess.run([*toguz_command(), "play", "--line", "--speech", "off", "--new", "--opponent", "human"],
                              input="quit\n", capture_output=True, text=True, timeout=120, env=env)
        assert done.returncode == 0 and done.stderr == "", done.stderr
        assert (hint in done.stdout) is said, done.stdout
