"""The signals that stop toguz from outside, as each system has them: SIGTERM everywhere (a ``kill``, a
service manager, a shutdown); SIGHUP on Linux and macOS (the terminal closed, an ssh session dropped);
SIGBREAK on Windows (Ctrl-Break), which has no SIGHUP. A command that keeps what it did on Ctrl-C (an
export keeps the games that came, the bot says it stopped) takes these as it takes Ctrl-C.
"""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator
from types import FrameType

from speech.system import system

CTRL_C_STATUS = 128 + 2  # SIGINT's exit status, the shells' convention


def stop_signals() -> tuple[signal.Signals, ...]:
    """The signals besides Ctrl-C that ask toguz to stop, on the system it runs on."""
    names = ("SIGTERM", "SIGBREAK") if system() == "win32" else ("SIGTERM", "SIGHUP")
    return tuple(getattr(signal, name) for name in names if hasattr(signal, name))


class Stopped(KeyboardInterrupt):
    """A stop signal taken as Ctrl-C (``number``: the signal)."""

    def __init__(self, number: int) -> None:
        super().__init__(number)
        self.number = number


def exit_status(interrupt: KeyboardInterrupt) -> int:
    """The exit status of a program stopped by ``interrupt``: 128 and the signal's number (130 for Ctrl-C)."""
    return 128 + interrupt.number if isinstance(interrupt, Stopped) else CTRL_C_STATUS


def _raise_stopped(number: int, _frame: FrameType | None) -> None:
    raise Stopped(number)


@contextlib.contextmanager
def stopped_as_ctrl_c() -> Iterator[None]:
    """Inside the block, each of ``stop_signals`` raises ``Stopped`` (a ``KeyboardInterrupt``) where the main
    thread is, as Ctrl-C does; the handlers before are put back after. Off the main thread nothing changes."""
    kept = {}
    for number in stop_signals():
        with contextlib.suppress(ValueError, OSError):  # not the main thread, or a signal this system refuses
            kept[number] = signal.signal(number, _raise_stopped)
    try:
        yield
    finally:
        for number, handler in kept.items():
            with contextlib.suppress(ValueError, OSError):
                signal.signal(number, handler)
