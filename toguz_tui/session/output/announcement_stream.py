"""The one stream of announcements: everything the session says, in order, typed by its kind.

Every part of the session speaks through ``Output.say``, which adds the announcement here; each face
(the board, the line mode) keeps how many it has shown and takes the rest with ``since``. A face is
woken by ``listen``'s callback from whichever thread spoke (the computer's, a server's, the clocks'):
the board turns the wake-up into a Textual message, the line mode's printer prints. ``repeat``,
``previous`` and ``next`` walk the same history.

The history is bounded (``MOST_KEPT`` announcements): a flood of events (a server gone wild, a
script) cannot bury the game or fill the memory. The oldest are let go; a face that had not shown
them yet gets one line saying how many it missed (``news``), then the newest.

Commands return a ``Reply``: the announcement they made (or a text shown and not kept, such as the
goodbye) and whether the program should end; the faces act on nothing else of it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, Protocol

from speech.words.i18n import n_

# info: an answer; move: a move announced; error: a refusal; end: the game's end; exists: a file
# that is there already (the board asks whether to replace it); focus: a pit's count as the focus moves.
AnnouncementKind = Literal["info", "move", "error", "end", "exists", "focus"]


@dataclass(frozen=True)
class Reply:
    """What was said or is to be shown: text to show, the words to say (default: the text), its kind."""

    text: str
    spoken: str | None = None
    kind: AnnouncementKind = "info"
    quit: bool = False

    @property
    def speech(self) -> str:
        """The words to speak."""
        return self.text if self.spoken is None else self.spoken


MOST_KEPT = 1000  # announcements kept for repeat, previous and the faces; older ones are let go


class Saying(Protocol):
    """What says a reply (``toguz_tui.session.output.output.Output``), as the parts of the output that say things
    of their own (a braille display lost, work in the background that failed) see it."""

    def answer(self, text: str, kind: AnnouncementKind = "info", interrupt: bool = True) -> Reply:
        """Say ``text`` (``interrupt=False``: after what is being said)."""
        ...

    def error(self, text: str) -> Reply:
        """Say a complaint, with the error cue."""
        ...


def dropped_line(count: int) -> Reply:
    """The one line that stands for ``count`` announcements let go before a face showed them."""
    return Reply(n_("{count} earlier announcement was dropped: too many came at once.",
                    "{count} earlier announcements were dropped: too many came at once.", count).format(count=count))


class AnnouncementStream:
    """What was said, oldest first, with a cursor for stepping back and forth, and who to wake. Counts
    (``len``, ``since``'s ``shown``) are of everything ever said, the announcements let go included."""

    def __init__(self, most: int = MOST_KEPT) -> None:
        self.said: list[Reply] = []  # the announcements kept, oldest first
        self.cursor = 0
        self.dropped = 0  # how many of the oldest were let go
        self._most = most
        self._listeners: list[Callable[[], None]] = []
        self._lock = threading.Lock()

    def add(self, reply: Reply) -> None:
        """Keep ``reply``; the cursor moves to it; every face is woken (on this thread)."""
        with self._lock:
            self.said.append(reply)
            if len(self.said) > self._most + self._most // 10:  # let the oldest go, a tenth at a time
                extra = len(self.said) - self._most
                del self.said[:extra]
                self.dropped += extra
            self.cursor = len(self.said) - 1
            listeners = list(self._listeners)
        for wake in listeners:
            wake()

    def listen(self, wake: Callable[[], None]) -> None:
        """Call ``wake`` after each announcement, from the thread that made it."""
        with self._lock:
            self._listeners.append(wake)

    def since(self, shown: int) -> list[Reply]:
        """The announcements after the first ``shown`` (those let go meanwhile folded into one line)."""
        return self.news(shown)[0]

    def news(self, shown: int) -> tuple[list[Reply], int]:
        """The announcements after the first ``shown``, those let go meanwhile folded into one line first,
        and the count to give next time."""
        with self._lock:
            missed = self.dropped - shown
            kept = self.said[max(0, -missed):]
            return ([dropped_line(missed), *kept] if missed > 0 else kept), self.dropped + len(self.said)

    def __len__(self) -> int:
        with self._lock:
            return self.dropped + len(self.said)

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
