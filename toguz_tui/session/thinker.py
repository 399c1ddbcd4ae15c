"""The computer's thinking, in background threads: its moves, the player's hints and analyses.

A search that is cancelled (a new game, undo, quit) is stopped and its answer dropped. The engines are made
by the ``EngineFactory`` the session is given (``rules.engine.Engine`` unless a test gives its own).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any, Protocol

from rules import Position
from rules.engine import Engine
from toguz_tui.session import preparation
from toguz_tui.session.preparation import State


def prepare_engine(on_error: Callable[[Exception], object]) -> State:
    """Make the engine's compiled search ready in the background (once a process: loaded from numba's cache,
    or compiled in a process of its own while the Python search plays, ``toguz_tui.session.preparation``), so that
    nothing waits for it; ``on_error`` hears why it failed (the Python search then plays). The state it is
    in: ``compiling`` is worth a word to the player."""
    return preparation.PREPARATION.start(on_error)


class EngineFactory(Protocol):
    """What makes the engines of a session (the computer's, the advisor's): ``rules.engine.Engine`` itself,
    or, in a test, an engine of its own made the same way."""

    def __call__(self, level: int, seed: int | None = None, book: bool = True) -> Engine:
        """An engine at ``level`` whose loose choices ``seed`` makes reproducible (``book``: its opening book)."""
        ...


def choose(engine: Engine, position: Position, time_limit: float | None) -> Any:
    """The search most callers want: the engine's move (a ``SearchResult``)."""
    return engine.choose(position, time_limit=time_limit)


class Thinker:
    """Runs engine searches one at a time off the caller's thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._generation = 0
        self._thread: threading.Thread | None = None
        self._engine: Engine | None = None
        self.started = 0.0

    @property
    def busy(self) -> bool:
        """True while a search runs."""
        thread = self._thread
        return thread is not None and thread.is_alive()

    def start(self, position: Position, engine: Engine, time_limit: float | None,
              on_result: Callable[[Any], None], on_error: Callable[[Exception], None],
              search: Callable[[Engine, Position, float | None], Any] = choose) -> None:
        """Search ``position`` with ``engine`` (``search`` says how: its move by default); call
        ``on_result`` with what it found (from the worker) unless cancelled."""
        with self._lock:
            self._stop_engine()
            self._generation += 1
            generation = self._generation
            self._engine = engine
            thread = threading.Thread(target=self._run,
                                      args=(position, engine, time_limit, generation, on_result, on_error,
                                            search),
                                      name="toguz-thinking", daemon=True)
            self._thread = thread
            self.started = time.monotonic()
        thread.start()

    @property
    def seconds(self) -> float:
        """How long the search under way has been running (0 when none runs)."""
        return time.monotonic() - self.started if self.busy else 0.0

    def current(self, generation: int) -> bool:
        """True if the search numbered ``generation`` has not been cancelled."""
        return generation == self._generation

    def _run(self, position: Position, engine: Engine, time_limit: float | None, generation: int,
             on_result: Callable[[Any], None], on_error: Callable[[Exception], None],
             search: Callable[[Engine, Position, float | None], Any]) -> None:
        try:
            result = search(engine, position, time_limit)
            if self.current(generation):
                on_result(result)
        except Exception as error:  # reported to the player in words, never as a traceback
            if self.current(generation):
                on_error(error)

    def cancel(self) -> None:
        """Stop the search under way, if any, and drop its answer."""
        with self._lock:
            self._generation += 1
            self._stop_engine()

    def _stop_engine(self) -> None:
        if self._engine is not None:
            self._engine.stop()

    def wait(self, timeout: float = 60.0) -> None:
        """Block until the search under way has finished (for scripts and tests)."""
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)
