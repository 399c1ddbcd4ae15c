"""``toguz`` in the line mode as a subprocess, as a person at a terminal meets it: lines typed, lines read
as they come, each awaited with a time limit."""

from __future__ import annotations

import queue
import subprocess
import threading
import time
from pathlib import Path

from tests.toguz_tui.conftest import environment, toguz_command


class LinePlayer:
    """``toguz ARGS`` (a line mode) with private folders; ``timeout`` is how long ``hear`` waits by default."""

    def __init__(self, tmp_path: Path, args: list[str], timeout: float = 15.0) -> None:
        self.process = subprocess.Popen([*toguz_command(), *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True, env=environment(tmp_path), bufsize=1)
        self.timeout = timeout
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        stdout = self.process.stdout
        assert stdout is not None

        def read() -> None:
            for line in stdout:
                self.lines.put(line.rstrip("\n"))

        threading.Thread(target=read, daemon=True).start()

    def type(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def hear(self, start: str, timeout: float | None = None, anywhere: bool = False) -> str:
        """The next line that starts with ``start`` (``anywhere``: that holds it); earlier ones are kept in
        ``seen``."""
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while True:
            try:
                line = self.lines.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"never heard {start!r}; heard:\n" + "\n".join(self.seen[-40:])) from None
            self.seen.append(line)
            if line.startswith(start) or (anywhere and start in line):
                return line

    def quit(self) -> tuple[int, str]:
        """End the input; the exit status and what went to the error output."""
        assert self.process.stdin is not None
        self.process.stdin.close()
        code = self.process.wait(30)
        assert self.process.stderr is not None
        return code, self.process.stderr.read()
