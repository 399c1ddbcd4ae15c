"""The terminal, on each system: whether it says it cannot draw a full-screen program (``TERM``), and its
own modes, where the system has them (Linux, macOS): keys handed over one by one, and whether more of a
key's escape sequence is waiting. Windows has no such modes: there the console's own line input is used
(``toguz_tui.line.plain``), and they are never asked for."""

from __future__ import annotations

import contextlib
import select
from typing import IO, Any

from speech.system import system


def terminal_modes() -> bool:
    """Whether the terminal's modes can be set here (not on Windows)."""
    return system() != "win32"


def says_it_cannot_draw(term: str) -> bool:
    """Whether a terminal whose ``TERM`` is ``term`` ("" when unset) says it cannot draw a full-screen
    program: ``dumb``, ``unknown``, or (but on Windows) none at all. Windows' consoles set no ``TERM``
    (cmd, PowerShell, conhost, Windows Terminal: microsoft/terminal#9402, "We don't set TERM, WSL does"),
    and Textual's Windows driver turns on their escape processing itself."""
    if not term:
        return system() != "win32"
    return term in ("dumb", "unknown")


LONGEST_TYPED_AHEAD = 4096  # keys of the Windows console dropped at most


def drop_typed_ahead(stream: IO[str]) -> None:
    """Forget what was typed at the terminal ``stream`` reads and not read yet (keys typed ahead, blind, before
    what reads them next is there): the terminal's input queue flushed (Linux, macOS), or the console's keys
    read and dropped (Windows: the console's own). Input that is no terminal is left as it is."""
    try:
        if not stream.isatty():
            return
        fd = stream.fileno()
    except (OSError, ValueError):  # closed, or no file at all (a test's stand-in)
        return
    if system() == "win32":
        console = _console_keys()
        for _key in range(LONGEST_TYPED_AHEAD):  # bounded: a key held down cannot keep it here
            if not console.kbhit():
                return
            console.getwch()
        return
    termios = TerminalMode._termios()
    with contextlib.suppress(termios.error, OSError):  # a terminal gone meanwhile: nothing waits there
        termios.tcflush(fd, termios.TCIFLUSH)


def _console_keys() -> Any:
    """The Windows console's keys."""
    import msvcrt  # Windows only

    return msvcrt


def keys_waiting(fd: int, seconds: float) -> bool:
    """Whether the terminal on ``fd`` has sent something, waiting at most ``seconds``."""
    return bool(select.select([fd], [], [], seconds)[0])


class TerminalMode:
    """The terminal's keys handed over one by one, unechoed and unread by the system (no line editing,
    no signals from Ctrl-C or Ctrl-Z), and given back as they were."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.saved: list[Any] = []
        if terminal_modes():
            self.saved = self._termios().tcgetattr(fd)

    @staticmethod
    def _termios() -> Any:
        import termios  # Linux and macOS only

        return termios

    def apply(self) -> None:
        """Keys one by one."""
        if not terminal_modes():
            return
        termios = self._termios()
        mode = termios.tcgetattr(self.fd)
        mode[3] &= ~(termios.ECHO | termios.ICANON | termios.ISIG | termios.IEXTEN)
        mode[6][termios.VMIN], mode[6][termios.VTIME] = 1, 0
        termios.tcsetattr(self.fd, termios.TCSANOW, mode)

    def restore(self) -> None:
        """The terminal as it was."""
        if terminal_modes():
            termios = self._termios()
            termios.tcsetattr(self.fd, termios.TCSADRAIN, self.saved)
