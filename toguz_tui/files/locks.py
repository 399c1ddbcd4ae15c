"""Locks between copies of toguz: the one place that asks the system for a lock (``flock``).

A lock is a file of its own beside what it guards; the system lets go of it when its holder closes it
or ends, however it ends, so a killed copy leaves no stale lock behind. Where the system has no such
lock (Windows), or the folder cannot be written, nothing is held and every taker goes ahead: the
writes that follow then say why they fail, if they do.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO


class FileLock:
    """A lock on the file ``path`` (made when missing), held by this process from ``take`` to ``release``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._handle: IO[bytes] | None = None

    @property
    def held(self) -> bool:
        """True while this process holds the lock."""
        return self._handle is not None

    def take(self, wait: bool) -> bool:
        """Take the lock, waiting for its holder to let go (``wait``) or not; False only when another holds
        it and ``wait`` is false. Where nothing can be locked, nothing is held and True is returned."""
        if self._handle is not None:
            return True
        try:
            import fcntl
        except ImportError:  # no flock here: the copies are the user's to keep apart
            return True
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            handle = open(self.path, "ab")  # noqa: SIM115 - held until ``release``
        except OSError:
            return True
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX if wait else fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            return False
        self._handle = handle
        return True

    def release(self) -> None:
        """Let go of the lock (nothing when it is not held)."""
        if self._handle is not None:
            self._handle.close()
            self._handle = None


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold the lock ``path`` for the block, waiting for another holder to let go first (a holder keeps it
    only for one read and one write)."""
    lock = FileLock(path)
    lock.take(wait=True)
    try:
        yield
    finally:
        lock.release()
