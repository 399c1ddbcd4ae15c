"""Requests to the server made off the interface's thread, so that a slow or silent server never holds
the board or the line mode: each request runs in its own thread (a daemon: quitting never waits for
one), says "waiting for PlayStrategy" once when it has taken over a second, and hands its result or its
failure to a callback, in that thread. The client's deadline ends every request in bounded time.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from speech.words.i18n import _
from toguz_tui.files.storage import log_failure
from toguz_tui.online.network.client import OnlineError

WAITING_SAID_AFTER = 1.0  # seconds


class Errands:
    """The requests under way; ``say`` speaks from any thread."""

    def __init__(self, say: Callable[[str], None], closed: threading.Event) -> None:
        self._say = say
        self._closed = closed
        self._lock = threading.Lock()
        self.running: set[str] = set()  # what each request under way is for ("move", "chat" ...)

    def busy(self, what: str) -> bool:
        """Whether a request for ``what`` is under way."""
        with self._lock:
            return what in self.running

    def run(self, what: str, request: Callable[[], Any], done: Callable[[Any], None],
            failed: Callable[[OnlineError], None]) -> None:
        """Make ``request`` in a thread of its own; then ``done`` with its answer, or ``failed``."""
        with self._lock:
            self.running.add(what)
        finished = threading.Event()

        def waiting() -> None:
            if not finished.wait(WAITING_SAID_AFTER) and not self._closed.is_set():
                self._say(_("Waiting for PlayStrategy…"))

        def work() -> None:
            threading.Thread(target=waiting, name="toguz-online-waiting", daemon=True).start()
            try:
                answer = request()
            except OnlineError as error:
                self._end(what, finished)
                if not self._closed.is_set():
                    failed(error)
                return
            except Exception as error:  # a fault of ours: logged, said plainly, never a traceback
                self._end(what, finished)
                log_failure(error)
                if not self._closed.is_set():
                    failed(OnlineError(None, _("toguz failed ({name}); the details are in its log").format(
                        name=type(error).__name__), delivery="unknown"))
                return
            self._end(what, finished)
            if not self._closed.is_set():
                done(answer)

        threading.Thread(target=work, name=f"toguz-online-{what}", daemon=True).start()

    def _end(self, what: str, finished: threading.Event) -> None:
        finished.set()
        with self._lock:
            self.running.discard(what)
