"""Child processes that toguz starts (a voice speaking, the pyttsx3 worker) and stops at once when a new
announcement cuts a stale one off.

- Linux and macOS: the child starts a session of its own, so that stopping it stops what it started
  too (espeak-ng's ``aplay``, a shell's pipeline): ``SIGTERM`` to its process group, then ``SIGKILL``.
- Windows has no process groups to signal, no ``SIGKILL`` and no ``killpg``: the child starts in a new
  process group (so that Ctrl+C at the console does not reach it), and is stopped with
  ``TerminateProcess`` (``Popen.terminate``, then ``Popen.kill``, both that call there); the voices
  started there (the pyttsx3 worker, which speaks through SAPI in its own process) start nothing of their
  own to be left behind.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
from typing import Any

from speech.system import system

CREATE_NEW_PROCESS_GROUP = 0x00000200  # Windows' creation flag (subprocess.CREATE_NEW_PROCESS_GROUP there)
BELOW_NORMAL_PRIORITY_CLASS = 0x00004000  # Windows' (subprocess.BELOW_NORMAL_PRIORITY_CLASS there)
NICER = 10  # how much lower a background child runs on Linux and macOS (os.nice's step)


def detached(low_priority: bool = False) -> dict[str, Any]:
    """The ``subprocess.Popen`` arguments that start a child apart from the terminal's keys and signals:
    its own session (Linux, macOS) or its own process group (Windows); ``low_priority``: on Windows, at the
    priority below normal (on Linux and macOS the child lowers its own, ``lower_priority``)."""
    if system() == "win32":
        return {"creationflags": CREATE_NEW_PROCESS_GROUP | (BELOW_NORMAL_PRIORITY_CLASS if low_priority else 0)}
    return {"start_new_session": True}


def lower_priority() -> None:
    """Run this process at a lower priority, so that the program the player uses keeps the processor: its
    niceness raised (Linux, macOS); on Windows it was started so (``detached(low_priority=True)``)."""
    if system() == "win32":
        return
    nice = getattr(os, "nice", None)
    with contextlib.suppress(OSError):  # else kept at the priority it has
        if nice is not None:
            nice(NICER)


def stop(process: subprocess.Popen[Any], hard: bool = False) -> None:
    """Ask ``process`` (started ``detached``) and what it started to end; ``hard``: make them. A process
    that has ended already is left alone."""
    if process.poll() is not None:
        return
    if system() == "win32":
        with contextlib.suppress(OSError):
            if hard:
                process.kill()
            else:
                process.terminate()
        return
    _signal_group(process.pid, _hard_signal() if hard else signal.SIGTERM)


def _hard_signal() -> signal.Signals:
    """The signal that cannot be caught (Linux and macOS)."""
    return signal.Signals(getattr(signal, "SIGKILL", signal.SIGTERM))


def _signal_group(pid: int, number: signal.Signals) -> None:
    """Send ``number`` to the process group led by ``pid`` (Linux and macOS)."""
    killpg = getattr(os, "killpg", None)
    with contextlib.suppress(ProcessLookupError, PermissionError):
        if killpg is not None:
            killpg(pid, number)
        else:
            os.kill(pid, number)
