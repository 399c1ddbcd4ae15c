"""Calls into something of the system's that may never answer (a keyring locked behind a prompt, a sound
device whose opening blocks), made off the interface's thread and waited for a bounded time.

A ``Deadline`` stands for one such thing. Each call runs on a thread of its own and is waited for at most
``seconds``; one that runs past it leaves the thing stuck (``NoAnswer``): until that call ends, later calls
are refused at once with the same reason, never queued behind it. What the late call hands back in the end
goes to ``late`` (a device opened after all is closed there). What a call raises is raised to the caller;
what it raises that is not an ``Exception`` (``SystemExit`` or ``KeyboardInterrupt`` from a broken module's
import, which cannot be a Ctrl-C: that reaches the main thread only) comes as ``Escaped``, so that a real
Ctrl-C while waiting is the only ``KeyboardInterrupt`` the caller sees.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

Answer = TypeVar("Answer")


class NoAnswer(Exception):
    """The call did not end within its deadline, or an earlier one never ended; the message says so."""


class Escaped(Exception):
    """A call raised what is not an ``Exception`` (``SystemExit``, ``KeyboardInterrupt``, ...)."""


class Deadline:
    """Calls to one thing, each waited for at most ``seconds``; ``reason`` says in words that it did not
    answer within them."""

    def __init__(self, seconds: float, reason: Callable[[float], str]) -> None:
        self.seconds = seconds
        self._reason = reason
        self.stuck: str | None = None  # why calls are refused now (a call is still running past its deadline)
        self._lock = threading.Lock()

    def call(self, work: Callable[[], Answer], late: Callable[[Answer], None] | None = None,
             name: str = "toguz-deadline") -> Answer:
        """``work()``'s answer, made on a thread of its own; what it raised; ``NoAnswer`` when it takes
        longer than the deadline (its answer, if it ever comes, then goes to ``late``) or the thing is stuck."""
        with self._lock:
            if self.stuck is not None:
                raise NoAnswer(self.stuck)
        future: Future[Answer] = Future()
        threading.Thread(target=_run, args=(work, future), name=name, daemon=True).start()
        try:
            return future.result(timeout=self.seconds)
        except TimeoutError:  # concurrent.futures.TimeoutError is this one since Python 3.11
            pass
        reason = self._reason(self.seconds)
        with self._lock:
            self.stuck = reason
        future.add_done_callback(lambda done: self._ended(done, late))
        raise NoAnswer(reason)

    def _ended(self, done: Future[Any], late: Callable[[Any], None] | None) -> None:
        """A call that ran past its deadline has ended: the thing takes calls again; its answer to ``late``."""
        with self._lock:
            self.stuck = None
        if late is not None and done.exception() is None:
            with contextlib.suppress(Exception):  # what is handed back late is only let go of
                late(done.result())


def _run(work: Callable[[], Answer], future: Future[Answer]) -> None:
    if not future.set_running_or_notify_cancel():
        return
    try:
        answer = work()
    except Exception as error:
        future.set_exception(error)
    except BaseException as error:  # a broken module's SystemExit: never the program's end
        future.set_exception(Escaped(described(error)))
    else:
        future.set_result(answer)


def described(error: BaseException) -> str:
    """What a call raised, in a few words: its kind and message (``SystemExit: 3``); ``Escaped``'s own."""
    if isinstance(error, Escaped):
        return str(error)
    text = " ".join(str(error).split())[:200]
    return f"{type(error).__name__}: {text}" if text else type(error).__name__
