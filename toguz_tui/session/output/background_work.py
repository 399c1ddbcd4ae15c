"""Work done off the interface's thread (reading a big file): its note said at once, what it finds said
through the stream when it is done, a fault turned into one line and a log entry."""

from __future__ import annotations

import threading
from collections.abc import Callable

from speech.words import phrases
from toguz_tui.files import storage
from toguz_tui.session.output.announcement_stream import Reply, Saying


class BackgroundWork:
    """The work in the background, and the thread doing the last of it."""

    def __init__(self, saying: Saying) -> None:
        self.saying = saying
        self.thread: threading.Thread | None = None

    def later(self, note: str, work: Callable[[], Reply]) -> Reply:
        """Say ``note`` now and do ``work`` off the caller's thread; what it says comes through the stream. A
        fault becomes one line and a log entry."""
        reply = self.saying.answer(note)

        def run() -> None:
            try:
                work()
            except Exception as error:  # the last guard between a bug and the player
                where = storage.log_failure(error)
                self.saying.error(phrases.internal_error(f"{type(error).__name__}: {error}", where))

        self.thread = threading.Thread(target=run, name="toguz-background", daemon=True)
        self.thread.start()
        return reply

    def join(self, timeout: float) -> None:
        """Wait for the work under way to end, at most ``timeout`` seconds (not from its own thread)."""
        thread = self.thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)
