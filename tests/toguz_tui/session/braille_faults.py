"""Helpers of ``test_hostile_third_braille.py``: BrlAPIs that misbehave (stuck, failing, keyless), a machine
whose ``brlapi`` is broken, ``toguz --line`` run with the stand-in ``brlapi`` module (``stand_in/brlapi.py``),
and a program on a pseudo-terminal read byte by byte."""

from __future__ import annotations

import os
import queue
import select
import subprocess
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from speech.system.machine import FakeMachine
from tests.speech.test_braille import FakeBrlapi, FakeConnection
from tests.toguz_tui.conftest import Heard, environment, toguz_command

STAND_IN = Path(__file__).resolve().parents[1] / "stand_in"
SECONDS = 30.0  # how long anything here may take before it counts as frozen (toguz's deadline is 3 s)
BRAILLE_ON = 'screen_reader = true\nbraille = true\nspeech = "off"\nsounds = false\n'
Answer = TypeVar("Answer")


def in_time(work: Callable[[], Answer]) -> Answer:
    """``work()``'s answer, made on another thread; fails when it has not come within ``SECONDS``."""
    answers: queue.Queue[Answer] = queue.Queue()
    threading.Thread(target=lambda: answers.put(work()), daemon=True).start()
    try:
        return answers.get(timeout=SECONDS)
    except queue.Empty:
        raise AssertionError(f"frozen: no answer in {SECONDS} seconds") from None


def said_soon(heard: Heard, text: str) -> bool:
    """Whether ``text`` is said within ``SECONDS`` (it may come from another thread)."""
    deadline = time.monotonic() + SECONDS
    while time.monotonic() < deadline:
        if any(text in reply.text for reply in heard):
            return True
        time.sleep(0.05)
    return False


class LineProcess:
    """The installed ``toguz --line`` with piped input, braille on and the stand-in BrlAPI: lines are sent
    one at a time and its output read as it comes."""

    def __init__(self, tmp_path: Path, mode: str, **env: str) -> None:
        config = tmp_path / "config"
        config.mkdir(exist_ok=True)
        (config / "settings.toml").write_text(BRAILLE_ON, encoding="utf-8")
        paths = [str(STAND_IN), *filter(None, [os.environ.get("PYTHONPATH")])]
        variables = {**environment(tmp_path), "PYTHONPATH": os.pathsep.join(paths), "STAND_IN_BRLAPI": mode, **env}
        self.process = subprocess.Popen([*toguz_command(), "--line", "--opponent", "human", "--new"], env=variables,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        text=True)
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line)

    def send(self, line: str) -> None:
        """Type ``line``."""
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def wait_for(self, text: str) -> None:
        """Read on until a line holds ``text``; fails with what was printed after ``SECONDS``."""
        deadline = time.monotonic() + SECONDS
        while not any(text in line for line in self.seen):
            try:
                self.seen.append(self.lines.get(timeout=max(0.0, deadline - time.monotonic())))
            except queue.Empty:
                raise AssertionError(f"never printed {text!r}; printed: {self.seen!r}") from None

    def end(self) -> tuple[int, str]:
        """The exit status and standard error, once the input has ended."""
        assert self.process.stdin is not None
        self.process.stdin.close()
        try:
            status = self.process.wait(timeout=SECONDS)
        finally:
            self.process.kill()
        assert self.process.stderr is not None
        return status, self.process.stderr.read()


class HangingConnection(FakeConnection):
    """A connection whose writes stop returning after the module's ``answered`` ones (BRLTTY stuck)."""

    def writeText(self, text: str, cursor: int = 0) -> None:
        module = self.module
        assert isinstance(module, HangingBrlapi)
        if len(module.written) >= module.answered:
            module.release.wait()  # until the test ends
        super().writeText(text, cursor)


class HangingBrlapi(FakeBrlapi):
    """A BrlAPI whose BRLTTY stops answering after ``answered`` writes."""

    def __init__(self, answered: int) -> None:
        super().__init__()
        self.answered = answered
        self.release = threading.Event()

    def Connection(self) -> FakeConnection:
        return HangingConnection(self)


class FailingConnection(FakeConnection):
    """A connection whose writes fail after the module's ``answered`` ones (a display unplugged)."""

    def writeText(self, text: str, cursor: int = 0) -> None:
        module = self.module
        assert isinstance(module, FailingBrlapi)
        if len(module.written) >= module.answered:
            raise OSError(19, "No such device")
        super().writeText(text, cursor)


class FailingBrlapi(FakeBrlapi):
    """A BrlAPI whose display goes away after ``answered`` writes."""

    def __init__(self, answered: int) -> None:
        super().__init__()
        self.answered = answered

    def Connection(self) -> FakeConnection:
        return FailingConnection(self)


class BrokenMachine(FakeMachine):
    """A machine whose ``brlapi`` module is there but broken: importing it raises."""

    def brlapi(self) -> Any:
        raise RuntimeError("libbrlapi.so.0.8: cannot open shared object file")


class KeylessConnection(FakeConnection):
    """A connection whose key reads fail once the module says so (BRLTTY restarting)."""

    def readKeyWithTimeout(self, timeout_ms: int = -1) -> int | None:
        module = self.module
        assert isinstance(module, KeylessBrlapi)
        if module.gone.is_set():
            raise module.ConnectionError("Connection reset by peer")
        return super().readKeyWithTimeout(timeout_ms)


class KeylessBrlapi(FakeBrlapi):
    """A BrlAPI whose key reads start failing when ``gone`` is set."""

    def __init__(self) -> None:
        super().__init__()
        self.gone = threading.Event()

    def Connection(self) -> FakeConnection:
        return KeylessConnection(self)


class Terminal:
    """A program on a pseudo-terminal of 100 by 30, its output read byte by byte as it comes."""

    def __init__(self, command: list[str], env: dict[str, str]) -> None:
        import fcntl
        import struct
        import termios

        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        self.process = subprocess.Popen(command, stdin=slave, stdout=slave, stderr=slave, env=env,
                                        start_new_session=True)
        os.close(slave)
        self.output = b""

    def wait_for(self, text: bytes, after: int = 0) -> int:
        """Read until ``text`` has come after byte ``after``; where it ends."""
        deadline = time.monotonic() + SECONDS
        while (found := self.output.find(text, after)) < 0:
            assert time.monotonic() < deadline, f"never wrote {text!r}; it wrote {self.output!r}"
            if select.select([self.master], [], [], 0.1)[0]:
                try:
                    self.output += os.read(self.master, 4096)
                except OSError:  # the program ended and its side of the terminal closed
                    continue
        return found + len(text)

    def type(self, keys: str) -> None:
        """Keys, as the terminal sends them."""
        os.write(self.master, keys.encode())

    def end(self) -> int:
        """The exit status."""
        try:
            return self.process.wait(timeout=SECONDS)
        finally:
            self.process.kill()
            os.close(self.master)
