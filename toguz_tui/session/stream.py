"""The one stream of announcements: everything the session says, in order, typed by its kind.

Every part of the session speaks through ``Output.say``, which adds the announcement here; each face
(the board, the line mode) keeps how many it has shown and takes the rest with ``since``. A face is
woken by ``listen``'s callback from whichever thread spoke (the computer's, a server's, the clocks'):
the board turns the wake-up into a Textual message, the line mode's printer prints. ``repeat``,
``previous`` and ``next`` walk the same history.

Commands return a ``Reply``: the announcement they made (or a text shown and not kept, such as the
goodbye) and whether the program should end; the faces act on nothing else of it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

# info: an answer; move: a move announced; error: a refusal; end: the game's end; exists: a file
# that is there already (the board asks whether to replace it); focus: a pit's count as the focus moves.
Kind = Literal["info", "move", "error", "end", "exists", "focus"]


@dataclass(frozen=True)
class Reply:
    """What was said or is to be shown: text to show, the words to say (default: the text), its kind."""

    text: str
    spoken: str | None = None
    kind: Kind = "info"
    quit: bool = False

    @property
    def speech(self) -> str:
        """The words to speak."""
        return self.text if self.spoken is None else self.spoken


class AnnouncementStream:
    """What was said, oldest first, with a cursor for stepping back and forth, and who to wake."""

    def __init__(self) -> None:
        self.said: list[Reply] = []
        self.cursor = 0
        self._listeners: list[Callable[[], None]] = []
        self._lock = threading.Lock()

    def add(self, reply: Reply) -> None:
        """Keep ``reply``; the cursor moves to it; every face is woken (on this thread)."""
        with self._lock:
            self.said.append(reply)
            self.cursor = len(self.said) - 1
            listeners = list(self._listeners)
        for wake in listeners:
            wake()

    def listen(self, wake: Callable[[], None]) -> None:
        """Call ``wake`` after each announcement, from the thread that made it."""
        with self._lock:
            self._listeners.append(wake)

    def since(self, shown: int) -> list[Reply]:
        """The announcements after the first ``shown``."""
        with self._lock:
            return self.said[shown:]

    def __len__(self) -> int:
        with self._lock:
            return len(self.said)

    @property
    def texts(self) -> list[str]:
        """Everything said so far, oldest first."""
        with self._lock:
            return [reply.text for reply in self.said]

    def last(self) -> str | None:
        """The newest announcement (the cursor moves to it), or None before the first."""
        with self._lock:
            if not self.said:
                return None
            self.cursor = len(self.said) - 1
            return self.said[-1].text

    def step(self, step: int) -> str | None:
        """The announcement ``step`` places from the cursor (kept within the history), or None when empty."""
        with self._lock:
            if not self.said:
                return None
            self.cursor = max(0, min(len(self.said) - 1, self.cursor + step))
            return self.said[self.cursor].text
