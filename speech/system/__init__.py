"""What differs by operating system, and what this computer has: the seam, toguz's one door to the machine.

toguz runs on Linux, Windows and macOS. Every call whose form differs between them goes through this
package, and nowhere else: stopping a voice's process and its children (``processes``), locking a file
against another copy of toguz (``locks``), finding the screen reader that runs and speaking through it
(``readers``), whether sound can be played and with what (``sound``), the terminal's own modes for
the line mode's plain input and whether it can draw (``terminal``), the signals besides Ctrl-C that ask
toguz to stop (``signals``), reading a file's bytes as they are, who may read it and how its name is
typed (``files``), and the user's language where the environment does not say it (``language``).
What is installed or running here (a program, a library, a sound card, a screen reader) is asked of
``machine.machine()``, which a test replaces with a ``FakeMachine``.
Each module has a branch for each system, chosen by ``system()``: the system toguz runs on, which a test
may fake with ``use_system`` so that the branch of another system is taken on this one (where the branch
calls only what this machine has too, it runs for real; where it needs the other system's own calls, those
are given to it, and a test gives fakes).

Why it lives here, in ``speech``: the design card fixes the top-level folders to ``rules``, ``speech`` and
``toguz_tui``. ``rules`` stays pure, with no I/O; ``speech`` is the layer beneath ``toguz_tui`` and the one
that differs most by system (voices, sound, screen readers). The seam imports nothing of ``speech``
outside itself (nor ``rules`` nor ``toguz_tui``: ``tests/test_boundaries.py`` checks), so every layer may
use it. So it words nothing either: what goes wrong comes back as a typed reason (``locks.HeldElsewhere``,
``machine.PlayFailure``, ``readers.UnreachableReader``, ``sound.NoAudio``), and ``speech.words.machine_words``
says it in the player's language.

``mypy --strict --platform win32`` and ``--platform darwin`` check the whole program against each
system's standard library (``make typecheck``).
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from typing import Literal

System = Literal["linux", "win32", "darwin"]
_faked: list[System] = []


def system() -> System:
    """The system toguz runs on: ``linux`` (and every other Unix), ``win32`` or ``darwin``; faked by
    ``use_system``."""
    return _faked[-1] if _faked else system_named(sys.platform)


def system_named(name: str) -> System:
    """The system called ``name`` (as ``sys.platform`` names it; any other Unix is ``linux``)."""
    return "win32" if name == "win32" else "darwin" if name == "darwin" else "linux"


@contextlib.contextmanager
def use_system(name: System) -> Iterator[None]:
    """Take the branches of the system ``name`` inside the block (for tests)."""
    _faked.append(name)
    try:
        yield
    finally:
        _faked.pop()
