"""The compiled search made ready without ever freezing a game: loaded from numba's cache where it is there,
else compiled in a process of its own while the Python search plays.

A fresh install has no compiled search: numba compiles it at its first use, tens of seconds (``bench/engine.py
--compile`` measures it), and in the program's own process that would hold the interpreter's lock and leave
every answer waiting. So ``Preparation.start`` (once a process, from a program that plays) looks at the cache
(``compiled_cache.ready``, without importing numba): where the search is kept, a thread loads it (tenths of a
second, as ``engine.prepare``); where it is not, a child process compiles it into the shared cache (``compile_here``:
one at a time, under a file lock, at a low priority), the engine's ``make_searcher`` hands out the Python search
(the same algorithm, proved node for node) meanwhile, and once the child is done a thread loads what it kept and
the next search is the compiled one. The child is left to finish if the program ends first, so that the next start
finds the search ready. A child that fails leaves the Python search to play, its reason logged.
"""

from __future__ import annotations

import contextlib
import functools
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Literal

from rules.engine import engine
from rules.engine.compiled_cache import FAMILIES, Family, cache_dir, ready
from speech.system import processes

State = Literal["none", "loading", "compiling", "ready", "failed"]
WATCHING = 0.25  # seconds between looks at the cache while the child compiles
ERROR_TAIL = 4000  # the last bytes of a failed child's standard error kept for the log
COMPILE_COMMAND = "from toguz_tui.session.preparation import compile_here; compile_here()"


class CompileFailed(RuntimeError):
    """The child process that compiles the search ended without the search kept: its exit status and the last
    of what it wrote to standard error (for the log)."""

    def __init__(self, status: int | None, errors: str) -> None:
        super().__init__(status, errors)
        self.status, self.errors = status, errors

    def __str__(self) -> str:
        return f"{self.status}: {self.errors}"


class Preparation:
    """Where this process stands with the compiled search: ``state`` is ``none`` (none is used: numba is not
    installed, or ``TOGUZ_ENGINE=python``), ``loading``, ``compiling`` (a child process at it), ``ready``, or
    ``failed`` (the Python search plays)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.state: State = "none"
        self.thread: threading.Thread | None = None
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, on_error: Callable[[Exception], object]) -> State:
        """Make the compiled search ready in the background, once a process; the state it is in now (``compiling``:
        a player should be told that the computer plays its slower search for a while). ``on_error`` hears why
        it could not be made ready."""
        with self._lock:
            if self.thread is not None or not engine.compiled():
                return self.state
            folder = cache_dir()
            missing = [family for family in FAMILIES if not ready(folder, family)]
            if missing:
                try:
                    self.process = compiling_process()
                except OSError as error:  # no child to be had: the Python search plays
                    self.state = "failed"
                    on_error(error)
                    return self.state
                engine.WAITING.update(missing)  # the Python search plays their variants until they are kept
                self.state = "compiling"
            else:
                self.state = "loading"
            begun = self.state  # what it is now: the thread may be done before it is said
            self.thread = threading.Thread(target=functools.partial(self._follow, missing, on_error),
                                           name="toguz-engine-preparing", daemon=True)
            self.thread.start()
            return begun

    def _follow(self, missing: list[Family], on_error: Callable[[Exception], object]) -> None:
        """Load each family kept in the cache, as soon as it is (Toguz's first), while the child compiles the rest."""
        for family in FAMILIES:
            if family not in missing and not self._load(family, on_error):
                return
        process = self.process
        while missing:
            done = process is None or process.poll() is not None
            for family in [family for family in missing if ready(cache_dir(), family)]:
                missing.remove(family)
                if not self._load(family, on_error):
                    return
            if missing and done:
                status = process.returncode if process is not None else None
                self._fail(CompileFailed(status, last_words(error_log())), on_error)
                return
            if missing and process is not None:
                with contextlib.suppress(subprocess.TimeoutExpired):
                    process.wait(timeout=WATCHING)
        self.state = "ready"

    def _load(self, family: Family, on_error: Callable[[Exception], object]) -> bool:
        """Load ``family``'s compiled search from the cache into this process; whether it loaded."""
        try:
            engine.prepare(family)
        except Exception as error:  # the searches fall back to Python (``engine.COMPILED_FAILED``)
            self._fail(error, on_error)
            return False
        engine.WAITING.discard(family)
        return True

    def _fail(self, error: Exception, on_error: Callable[[Exception], object]) -> None:
        self.state = "failed"
        engine.COMPILED_FAILED.append(error)
        engine.WAITING.clear()
        on_error(error)

    def join(self, timeout: float | None = None) -> None:
        """Wait for the preparation to end (for scripts and tests)."""
        thread = self.thread
        if thread is not None:
            thread.join(timeout)


def compiling_process() -> subprocess.Popen[bytes]:
    """A child process that compiles the search into the shared cache (``compile_here``), in a session of
    its own (a process group on Windows: a terminal's hang-up or Ctrl+C leaves it to finish), at a low priority.
    What it writes to
    standard error goes to ``error_log`` (a file, not a pipe: it may outlive this process)."""
    log = error_log()
    log.parent.mkdir(parents=True, exist_ok=True)
    with log.open("wb") as errors:
        return subprocess.Popen([sys.executable, "-c", COMPILE_COMMAND], stdin=subprocess.DEVNULL,
                                stdout=subprocess.DEVNULL, stderr=errors, **processes.detached(low_priority=True))


def error_log() -> Path:
    """Where the child compiling the search writes its standard error: in the cache folder (which goes with
    the sources it was compiled from)."""
    return cache_dir() / "compiling.log"


def last_words(log: Path) -> str:
    """The last ``ERROR_TAIL`` bytes of ``log``, as text (nothing where it cannot be read)."""
    try:
        with log.open("rb") as read:
            read.seek(max(0, log.stat().st_size - ERROR_TAIL))
            return read.read(ERROR_TAIL).decode("utf-8", "replace").strip()
    except OSError:
        return ""


def compile_here() -> None:
    """Compile the search into numba's cache and mark it ready, one process at a time (a second waits for
    the first and finds it ready); at a low priority where the system has one."""
    from filelock import FileLock

    processes.lower_priority()
    folder = cache_dir()
    folder.mkdir(parents=True, exist_ok=True)
    with FileLock(str(folder / "compiling.lock")):
        from rules.engine.fast import warm

        for family in FAMILIES:  # Toguz's first: the parent loads it as soon as it is kept
            if not ready(folder, family):
                warm(family)


PREPARATION = Preparation()  # the process's one
