"""What differs by operating system: the one seam.

toguz runs on Linux, Windows and macOS. Every call whose form differs between them goes through this
package, and nowhere else: stopping a voice's process and its children (``processes``), locking a file
against another copy of toguz (``locks``), finding the screen reader that runs and speaking through it
(``readers``), whether sound can be played and with what (``sound``), the terminal's own modes for
the line mode's plain input and whether it can draw (``terminal``), the signals besides Ctrl-C that ask
toguz to stop (``signals``), reading a file's bytes as they are, who may read it and how its name is
typed (``files``), and the user's language where the environment does not say it (``language``).
Each module has a branch for each system, chosen by ``system()``: the system toguz runs on, which a test
may fake with ``use_system`` so that the branch of another system is taken on this one (where the branch
calls only what this machine has too, it runs for real; where it needs the other system's own calls, those
are given to it, and a test gives fakes).

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
