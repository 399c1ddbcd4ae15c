"""Lines of one kind said at most a few at a time (a game's chat, a watched game set as the server has it):
past ``most`` within ``window`` seconds they are counted, not said, and the count is said once, when the
window has passed. A hostile server sending thousands of the same event is heard in a few lines."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

MOST = 5  # lines said within WINDOW seconds; more are folded into one
WINDOW = 10.0


class Fold:
    """One kind of line: ``take`` says whether the next may be said now; the lines folded are told to
    ``say_folded`` (their count, and the key they were taken with: a chat line's sender) from a timer thread
    once ``window`` seconds have passed."""

    def __init__(self, say_folded: Callable[[int, str], None], most: int = MOST, window: float = WINDOW) -> None:
        self._say_folded = say_folded
        self._most, self._window = most, window
        self._times: list[float] = []
        self._folded: dict[str, int] = {}  # by key, in the order first folded
        self._timer: threading.Timer | None = None
        self._lock = threading.Lock()

    def take(self, key: str = "") -> bool:
        """Whether a line may be said now (else it is counted under ``key``, to be said with the others
        folded)."""
        now = time.monotonic()
        with self._lock:
            self._times = [at for at in self._times if now - at < self._window]
            if len(self._times) < self._most:
                self._times.append(now)
                return True
            self._folded[key] = self._folded.get(key, 0) + 1
            if self._timer is None:
                self._timer = threading.Timer(self._window, self._flush)
                self._timer.daemon = True
                self._timer.start()
            return False

    def _flush(self) -> None:
        with self._lock:
            folded, self._folded, self._timer, self._times = self._folded, {}, None, []
        for key, count in folded.items():
            self._say_folded(count, key)

    def close(self) -> None:
        """No more: the lines folded and not yet said are dropped."""
        with self._lock:
            if self._timer is not None:
                self._timer.cancel()
            self._timer, self._folded = None, {}
