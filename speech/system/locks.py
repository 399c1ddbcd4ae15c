"""Locks on files that two copies of toguz share, through the ``filelock`` library on every system:
``flock`` on Linux and macOS, ``LockFileEx`` on Windows. Both are let go by the system when the process
ends, however it ends (a crash, a kill), so a lock never outlives its holder.

- ``FileLock``: taken at once or not at all and held for as long as needed (the game in progress: one
  toguz at a time owns it; a game being analysed: one copy analyses it);
- ``locked``: held for one read and one write of a file both copies change (the training progress, the
  mistakes' record, the accounts' index), so that each copy's change is merged into the other's instead
  of replacing it; waited for, at most ``MERGE_WAIT`` seconds, or as long as the caller can wait (the
  interface's thread only a moment: ``LockHeld`` then, and the write is left for later).

``LockHeld`` carries why (``HeldElsewhere``: the lock's file and the seconds waited), never words:
``speech.words.machine_words`` says it.

Where the lock file cannot be made (a folder that cannot be written), nothing is held and the write that
follows says why; the lock is never silently skipped on a system that can lock.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import filelock

from speech.system import system

MERGE_WAIT = 10.0  # seconds to wait for the other copy's one read and one write


@dataclass(frozen=True)
class HeldElsewhere:
    """Another toguz held the lock ``path`` past the ``seconds`` waited for it."""

    path: Path
    seconds: float


class LockHeld(TimeoutError):
    """Another holder kept the lock for longer than was waited: ``held`` says which lock, and how long."""

    def __init__(self, held: HeldElsewhere) -> None:
        super().__init__(held)
        self.held = held


def lock_type() -> type[filelock.BaseFileLock]:
    """The library's lock for this system: ``LockFileEx`` on Windows, ``flock`` elsewhere."""
    return filelock.WindowsFileLock if system() == "win32" else filelock.UnixFileLock


def _lock(path: Path) -> filelock.BaseFileLock:
    """A lock on ``path`` that only the system's own locking holds (never a lock file's mere presence,
    which a crash would leave behind), the file kept between holders."""
    return lock_type()(path, fallback_to_soft=False, preserve_lock_file=True, thread_local=False)


class FileLock:
    """A lock on the file ``path`` (made when missing), held by this process from ``take`` to ``release``
    or its end."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock: filelock.BaseFileLock | None = None

    @property
    def held(self) -> bool:
        """True while this process holds the lock."""
        return self._lock is not None

    def take(self, wait: bool, patience: float = MERGE_WAIT) -> bool:
        """Take the lock: at once or not at all, or (``wait``) once its holder lets go, for at most
        ``patience`` seconds (``LockHeld``, a ``TimeoutError``, then). False only when another holds it and
        not ``wait``.
        Where the lock file cannot be made, nothing is held and True is returned: the write that follows
        says why it fails."""
        if self._lock is not None:
            return True
        lock = _lock(self.path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            lock.acquire(timeout=patience if wait else 0)
        except filelock.Timeout:
            if wait:
                raise LockHeld(HeldElsewhere(self.path, patience)) from None
            return False
        except OSError:
            return True
        self._lock = lock
        return True

    def release(self) -> None:
        """Let go of the lock (nothing when it is not held)."""
        if self._lock is not None:
            self._lock.release(force=True)
            self._lock = None

    def release_and_remove(self) -> None:
        """Let go of the lock and remove its file, as each system allows: while it is held on Linux and macOS
        (no other holder has it open to wait on then); once let go on Windows, where the library's own handle
        forbids it (opened without delete sharing: filelock's ``_windows/_handles.py``), and another's open
        handle makes it fail, harmlessly: that other holder keeps the file."""
        if self._lock is None:
            return
        if system() != "win32":
            with contextlib.suppress(OSError):
                self.path.unlink()
        self.release()
        if system() == "win32":
            with contextlib.suppress(OSError):
                self.path.unlink()


@contextlib.contextmanager
def locked(path: Path, patience: float = MERGE_WAIT) -> Iterator[None]:
    """Hold the lock ``path`` for the block, waiting at most ``patience`` seconds for another holder to let
    go first (a holder keeps it only for one read and one write); ``LockHeld`` past them."""
    lock = FileLock(path)
    lock.take(wait=True, patience=patience)
    try:
        yield
    finally:
        lock.release()
