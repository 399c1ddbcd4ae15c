"""The one thread through which toguz talks to BrlAPI, every call bounded in time.

A BRLTTY that is stuck, or restarting, while its socket still accepts, answers no BrlAPI call: the
call never returns. So no BrlAPI call runs on the interface's thread. Each runs here, in the order
given: ``call`` waits for its answer at most ``deadline`` seconds, ``post`` does not wait at all. A
call that runs past the deadline breaks the link (``BrlapiTimeout``): it takes no more calls, and its
thread is left to the call that never ended.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

from speech.words.i18n import _

DEADLINE = 3.0  # seconds BRLTTY has to answer a call (it answers in milliseconds when it works)

Answer = TypeVar("Answer")


class BrlapiTimeout(Exception):
    """BrlAPI did not answer in time, or an earlier call never ended: the link takes no more calls."""


def timeout_reason(seconds: float) -> str:
    """Why the link broke, in words."""
    return _("BrlAPI did not answer within {seconds} seconds").format(seconds=f"{seconds:g}")


class BrlapiLink:
    """A thread that makes BrlAPI's calls one after another; the caller waits a bounded time or not at all."""

    def __init__(self, deadline: float = DEADLINE) -> None:
        self.deadline = deadline
        self.broken: str | None = None  # why the link takes no more calls
        self.on_failure: Callable[[str], None] | None = None  # told why a call handed over by ``post`` failed
        self._calls: queue.Queue[tuple[Callable[[], Any], Future[Any]] | None] = queue.Queue()
        self._busy_since: float | None = None  # when the call running now began
        self._thread = threading.Thread(target=self._run, name="toguz-brlapi", daemon=True)
        self._thread.start()

    def call(self, work: Callable[[], Answer]) -> Answer:
        """``work()``'s answer, made on the link's thread; its exception; ``BrlapiTimeout`` when it takes
        longer than the deadline (the link is then broken)."""
        future = self._submit(work)
        try:
            return future.result(timeout=self.deadline)
        except TimeoutError:  # concurrent.futures.TimeoutError is this one since Python 3.11
            raise BrlapiTimeout(self._break()) from None

    def post(self, work: Callable[[], object]) -> None:
        """Make ``work()`` on the link's thread, after the calls before it, without waiting; why it failed
        goes to ``on_failure``. ``BrlapiTimeout`` when the link is broken."""
        self.check()
        self._submit(work).add_done_callback(self._told)

    def check(self) -> None:
        """Break the link when the call it is making has run past the deadline; ``BrlapiTimeout`` then."""
        began = self._busy_since
        if self.broken is None and began is not None and time.monotonic() - began > self.deadline:
            self._break()
        if self.broken is not None:
            raise BrlapiTimeout(self.broken)

    def close(self) -> None:
        """Let the thread end once the calls handed over are made."""
        self._calls.put(None)

    def _submit(self, work: Callable[[], Answer]) -> Future[Answer]:
        if self.broken is not None:
            raise BrlapiTimeout(self.broken)
        future: Future[Answer] = Future()
        self._calls.put((work, future))
        return future

    def _break(self) -> str:
        if self.broken is None:
            self.broken = timeout_reason(self.deadline)
        return self.broken

    def _told(self, future: Future[Any]) -> None:
        error = future.exception()
        if error is not None and self.on_failure is not None:
            self.on_failure(f"{type(error).__name__}: {error}")

    def _run(self) -> None:
        while (item := self._calls.get()) is not None:
            work, future = item
            if not future.set_running_or_notify_cancel():
                continue
            self._busy_since = time.monotonic()
            try:
                answer = work()
            except Exception as error:  # BrlAPI's own errors, OSError: handed to whoever waits or listens
                future.set_exception(error)
            else:
                future.set_result(answer)
            finally:
                self._busy_since = None
