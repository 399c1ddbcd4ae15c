"""A braille display read headlessly: BRLTTY 6.9 reading a tmux pane, its window written to another pane.

BRLTTY's Tmux screen driver (``-x tx``, new in 6.9) follows a tmux session through tmux's control mode,
as BRLTTY follows a console; its TTY braille driver (``-b tt``) writes the braille window, as text and
as dots, to a terminal instead of a display: here the pty of a second tmux session, whose keys pan the
window (Right: forward, Left: back). ``capture-pane`` of that session is what a reader's fingers find.

BRLTTY is looked for in ``TOGUZ_BRLTTY`` (a ``brltty`` program, as ``.ci/brltty.sh`` builds it; the
tables beside its build tree are used), then on PATH; one without the Tmux screen driver (Debian's 6.5)
does not do.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

from tests.needs import need, need_program

DISPLAY_SECONDS = 10.0  # how long a change of the window may take to show
STARTUP_SECONDS = 30.0  # how long toguz may take to draw its first screen before BRLTTY starts
STARTS = 4  # times BRLTTY is started at most when its Tmux driver loses the pane (see BrailleWindow._lost)
PAN_SECONDS = 2.0  # how long a pan may take to show (a pan onto an equal window shows no change)


def find_brltty() -> tuple[str, Path | None]:
    """The ``brltty`` program with the Tmux screen driver and its tables folder (None: its own), or skip
    (fail on CI) saying how to get one."""
    told = os.environ.get("TOGUZ_BRLTTY", "")
    program = told or shutil.which("brltty") or ""
    usable = bool(program) and Path(program).is_file() and tmux_driver(program)
    need(usable, "BRLTTY 6.9 with its Tmux screen driver is not here (build it with .ci/brltty.sh and set "
                 "TOGUZ_BRLTTY to the brltty it prints; Debian's brltty 6.5 has no Tmux driver)")
    tables = Path(program).resolve().parent.parent / "Tables"
    return program, tables if tables.is_dir() else None


def tmux_driver(program: str) -> bool:
    """Whether ``program`` (a brltty) offers the Tmux screen driver."""
    try:
        done = subprocess.run([program, "-h"], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return any("--screen-driver" in line and "tx" in line for line in done.stdout.splitlines())


class BrailleWindow:
    """toguz in one tmux session, BRLTTY reading it, its braille window in another."""

    def __init__(self, folder: Path, command: list[str], env: dict[str, str], cells: int = 40,
                 size: tuple[int, int] = (100, 30)) -> None:
        self.tmux = need_program("tmux")
        program, tables = find_brltty()
        self.folder = folder
        self.socket = str(folder / "tmux.sock")
        quoted = " ".join(f"{name}={shlex.quote(value)}" for name, value in env.items())
        self._tmux("new-session", "-d", "-s", "game", "-x", str(size[0]), "-y", str(size[1]),
                   f"env {quoted} {shlex.join(command)}")
        self._tmux("new-session", "-d", "-s", "display", "-x", "90", "-y", "4", "sleep 100000")
        # BRLTTY starts once toguz has drawn: a Tmux driver started on a pane still starting may find "no
        # current client" and show nothing (seen once on a loaded CI run)
        deadline = time.monotonic() + STARTUP_SECONDS
        while not self.screen().strip() and time.monotonic() < deadline:
            time.sleep(0.1)
        pty = self._tmux("display", "-p", "-t", "display", "#{pane_tty}").strip()
        self.arguments = [program, "-n", "-e", "-N", "-z", "-q", "-f", "/dev/null", "-b", "tt",
                          "-B", f"columns={cells},lines=1", "-d", f"serial:{pty}", "-x", "tx",
                          "-X", f"socket={self.socket},session=game", "-W", str(folder), "-U", str(folder),
                          "-P", str(folder / "brltty.pid")]
        if tables is not None:
            self.arguments += ["-T", str(tables)]
        # the driver's tmux, its commands held back until it has attached (tests/toguz_tui/board/tmux_attached.py)
        wrapper = folder / "bin" / "tmux"
        wrapper.parent.mkdir(exist_ok=True)
        wrapper.write_text(f"#!/bin/sh\nexec {shlex.quote(sys.executable)} "
                           f"{shlex.quote(str(Path(__file__).with_name('tmux_attached.py')))} "
                           f"{shlex.quote(self.tmux)} \"$@\"\n")
        wrapper.chmod(0o755)
        self.arguments += ["-Z", f"path={wrapper.parent}:/usr/bin:/bin"]  # BRLTTY sets its own PATH
        self.starts = 0
        self._start_brltty()
        self._settle()

    def _start_brltty(self) -> None:
        self.starts += 1
        self.log = (self.folder / "brltty.log").open("w")
        self.brltty = subprocess.Popen(self.arguments, stdout=self.log, stderr=subprocess.STDOUT,
                                       stdin=subprocess.DEVNULL)

    def _restart_brltty(self) -> None:
        self._stop_brltty()
        self._tmux("send-keys", "-R", "-t", "display")  # the display blank again, as a new one's is
        self._start_brltty()

    def _lost(self) -> bool:
        """Whether BRLTTY's Tmux driver has lost the pane. Its control client attaches while it already
        asks for the pane: on a loaded machine a question can come first, tmux answers "no current
        client", and the driver then waits for an answer that never comes and shows nothing more for
        good, at its start or after its first window (both seen on loaded runs: about one run in three
        at twice as many busy processes as cores). Started again, it attaches in time."""
        return "no current client" in self.log_text()

    def _showing(self) -> bool:
        """Wait until the display shows toguz's screen; False when BRLTTY's Tmux driver lost the pane."""
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            if self._lost():
                return False
            if self.window():
                return True
            time.sleep(0.1)
        return True  # showing nothing, but not for that reason: the test says what it sees

    def _recovered(self) -> bool:
        """When the driver has lost the pane (``_lost``) and may start again: started again, showing
        the screen as it is now; whether it was."""
        if not self._lost() or self.starts >= STARTS:
            return False
        self._restart_brltty()
        self._settle()
        return True

    def _settle(self) -> None:
        """Wait until BRLTTY shows the screen, starting it again while its driver loses the pane (at most
        ``STARTS`` starts in all)."""
        while not self._showing() and self.starts < STARTS:
            self._restart_brltty()

    def log_text(self) -> str:
        """What BRLTTY has logged since its last start."""
        return (self.folder / "brltty.log").read_text(errors="replace")

    def _stop_brltty(self) -> None:
        self.brltty.terminate()
        try:
            self.brltty.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.brltty.kill()
            self.brltty.wait()
        self.log.close()

    def _tmux(self, *arguments: str) -> str:
        done = subprocess.run([self.tmux, "-S", self.socket, "-f", "/dev/null", *arguments],
                              capture_output=True, text=True, timeout=10)
        assert done.returncode == 0, done.stderr
        return done.stdout

    def window(self) -> str:
        """The text of the braille window, as the display shows it."""
        return self._tmux("capture-pane", "-p", "-t", "display").split("\n")[0].strip()

    def screen(self) -> str:
        """toguz's screen, as text."""
        return self._tmux("capture-pane", "-p", "-t", "game")

    def wait_for(self, start: str, seconds: float = DISPLAY_SECONDS) -> str:
        """The window, once it starts with ``start``; fails with what it showed."""
        deadline = time.monotonic() + seconds
        shown = self.window()
        while not shown.startswith(start):
            if self._recovered():
                deadline = time.monotonic() + seconds
            assert time.monotonic() < deadline, (f"the window never started with {start!r}; it shows {shown!r}; "
                                                 f"the screen:\n{self.screen()}\nthe display:\n"
                                                 f"{self._tmux('capture-pane', '-p', '-t', 'display')}\n"
                                                 f"BRLTTY's log:\n{self.log_text()}")
            time.sleep(0.1)
            shown = self.window()
        return shown

    def key(self, *keys: str) -> None:
        """Keys typed to toguz."""
        self._tmux("send-keys", "-t", "game", *keys)

    def pan(self, key: str = "Right") -> str:
        """Pan the window (Right: forward, Left: back); the window after it."""
        before = self.window()
        self._tmux("send-keys", "-t", "display", key)
        deadline = time.monotonic() + PAN_SECONDS
        shown = self.window()
        while shown == before and time.monotonic() < deadline:
            time.sleep(0.1)
            shown = self.window()
        return shown

    def read_on(self, end: str, most: int = 10) -> list[str]:
        """The windows from the one shown, panning forward until one ends with ``end`` (blank ones
        left out); fails after ``most`` pans."""
        windows = [self.window()]
        for _pan in range(most):
            if windows[-1].endswith(end):
                return [window for window in windows if window]
            windows.append(self.pan())
        raise AssertionError(f"panning never reached {end!r}; the windows: {windows!r}")

    def close(self) -> None:
        """Stop BRLTTY and the tmux server."""
        self._stop_brltty()
        subprocess.run([self.tmux, "-S", self.socket, "kill-server"], capture_output=True, timeout=10)
