"""The speech area: the lines where each message is written for screen readers and braille.

What screen readers need (measured with Fenrir, Orca and BRLTTY; see PLATFORM.md):

- A fresh message is written in two frames: first the area is blanked (so that the whole message
  is new text, even when it differs from the last one by a digit or not at all), and about 50 ms
  later the message is written with the terminal cursor right after its last character.
- A message that follows another without a key (the computer's reply) is written below it in one
  frame, so that the one being spoken is not cut off.
- Only the lines that change are repainted: a screen reader may read a frame in pieces (Fenrir
  reads 2 KB at a time), and a piece in which the cursor passes over unchanged lines is taken for
  a cursor move, whose line is read at once, cutting off the message.
- Lines are wrapped at word boundaries one column short of the width, so that the cursor always
  has room after the last character.
- A message taller than the area is shown a page at a time; ``more`` shows the next page.

With a braille display (the ``braille`` setting), the area is laid out for its window instead: each
line is cut into windows as wide as the display (``braille_cells``), each window holding whole words
and each message starting at a window's start, and the cursor goes after the text of the message's
first window. BRLTTY shows the window that holds the cursor, so a fresh message is read from its
start, and panning forward reads the rest in order, one whole-word window at a time. Messages that
follow without a key are written below without moving the cursor (the one being read stays put);
the cursor always moves for a fresh message (BRLTTY moves its window only when the cursor moves).
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable

from rich.text import Text
from textual.geometry import Offset, Region
from textual.timer import Timer
from textual.widget import Widget

from speech.voices.braille import braille_wrap
from speech.words.i18n import _

BLANK_SECONDS = 0.05


def wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` characters, broken between words (its own line breaks kept)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        lines.extend(textwrap.wrap(paragraph, max(width, 10), break_long_words=True,
                                   break_on_hyphens=False) or [""])
    return lines


class SpeechArea(Widget):
    """Messages, newest last, with the terminal cursor after the last character written."""

    def __init__(self, id: str | None = None, more_text: Callable[[], str] | None = None) -> None:
        super().__init__(id=id, classes="speech-area")
        self.lines: list[str] = []
        self.said: list[str] = []  # the messages on show, for tests
        self.rest: list[str] = []  # lines of the last message still to show (``more``)
        self._pending: list[str] = []
        self._timer: Timer | None = None
        self._more_text = more_text or (lambda: _("More: press Page Down."))
        self.on_written: Callable[[], None] | None = None  # run with each write, in the same frame
        self._start_spot: Offset | None = None  # braille: where the cursor reads the fresh message from

    # -- what is shown -------------------------------------------------------------------------
    @property
    def text_width(self) -> int:
        """Characters a line may hold: one short of the width, to leave the cursor room."""
        width = self.content_region.width or self.app.size.width
        return max(10, width - 1)

    @property
    def braille_cells(self) -> int:
        """The braille window's width, as the app tells (0: no braille display is read)."""
        cells = getattr(self.app, "braille_cells", 0)
        return cells if isinstance(cells, int) and cells >= 2 else 0

    @property
    def capacity(self) -> int:
        """How many lines fit."""
        return max(1, self.content_region.height)

    def render(self) -> Text:
        """The lines as they are."""
        return Text("\n".join(self.lines), no_wrap=True, overflow="ignore")

    @property
    def waiting(self) -> bool:
        """True between the blank frame and the message frame."""
        return self._timer is not None

    # -- saying --------------------------------------------------------------------------------
    def say(self, text: str, follow: bool = False, wait: float | None = None) -> None:
        """Show ``text``: as a fresh message (blank first, the message ``wait`` seconds later), or below
        the one shown (``follow``)."""
        if not text:
            return
        if follow and (self.lines or self._pending):
            if self._pending:
                self._pending.append(text)
            else:
                self._append(text)
            return
        self._pending = [text]
        self._blank()
        self._timer = self.set_timer(BLANK_SECONDS if wait is None else wait, self._write_pending)

    def flush(self) -> None:
        """Write a waiting message now (for tests and before the screen changes)."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
            self._write_pending()

    def more(self) -> bool:
        """Show the next page of a long message; False when there is none."""
        if not self.rest:
            return False
        lines = self.rest
        self._pending = []
        self._blank()
        self._timer = self.set_timer(BLANK_SECONDS, lambda: self._show_page(lines))
        return True

    def _blank(self) -> None:
        """The blank frame: the lines that held text are repainted empty. The cursor stays where it
        was: moved onto a blank, Orca says "space" and Fenrir may take the next frame for typing."""
        self._repaint(0, len(self.lines))
        self.lines, self.said, self.rest = [], [], []
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def _write_pending(self) -> None:
        self._timer = None
        if not self.content_region.height:  # not laid out yet: write once it is, at its real width
            self._timer = self.set_timer(BLANK_SECONDS, self._write_pending)
            return
        pending, self._pending = self._pending, []
        if not pending:
            return
        first, *others = pending
        self._show_page(self.wrap(first), first)
        for text in others:
            self._append(text)

    def wrap(self, text: str) -> list[str]:
        """``text`` in the lines this area shows: broken between words, or into braille windows."""
        if self.braille_cells:
            return braille_wrap(text, self.text_width, self.braille_cells)
        return wrap(text, self.text_width)

    def _show_page(self, lines: list[str], text: str | None = None) -> None:
        """Show a message from the top line (a page of it, when it is taller than the area)."""
        self._timer = None
        room = self.capacity
        before = len(self.lines)
        if len(lines) > room:
            page, self.rest = lines[: room - 1], lines[room - 1:]
            page.append(self._more_text())
        else:
            page, self.rest = lines, []
        self.lines = page
        self.said = [text if text is not None else " ".join(lines)]
        self._start_spot = self._braille_start(page) if self.braille_cells else None
        self._shown(0, max(before, len(page)))

    def _braille_start(self, page: list[str]) -> Offset:
        """After the text of the first window, on the page's first line; elsewhere when the cursor is
        there already (BRLTTY brings its window back only when the cursor moves)."""
        region = self.content_region
        first = page[0][: self.braille_cells - 1].rstrip() if page else ""
        spot = Offset(region.x + len(first), region.y)
        if spot == self.app.cursor_position:
            spot = Offset(region.x + max(0, len(first) - 1), region.y) if first else Offset(region.x + 1, region.y)
        return spot

    def _append(self, text: str) -> None:
        """Write ``text`` below what is shown, never over it (the message on the screen may still be
        being read): what does not fit waits for ``more``, after the rest of a paged message."""
        lines = self.wrap(text)
        self.said.append(text)
        if self.rest:  # a page is waiting to be read: this comes after it
            self.rest.extend(lines)
            return
        first = len(self.lines)
        room = self.capacity - first
        if len(lines) > room:
            fit = max(0, room - 1)  # the last line tells that there is more
            self.rest = lines[fit:]
            lines = [*lines[:fit], self._more_text()]
        self.lines = [*self.lines, *lines]
        self._shown(first, len(self.lines))

    def _shown(self, first: int, end: int) -> None:
        """Lines ``first`` to ``end`` changed: repaint them, put the cursor after the last character,
        and let the rest of the screen follow in this same frame."""
        self._repaint(first, end)
        self._place_cursor(self.cursor_spot())
        if self.on_written is not None:
            self.on_written()

    def _repaint(self, first: int, end: int) -> None:
        if end > first:
            self.refresh(Region(0, first, max(self.size.width, 1), end - first))

    def cursor_spot(self) -> Offset:
        """Right after the last character shown (braille: after the fresh message's first window)."""
        if self._start_spot is not None:
            return self._start_spot
        region = self.content_region
        if not self.lines:
            return Offset(region.x, region.y)
        return Offset(region.x + len(self.lines[-1]), region.y + len(self.lines) - 1)

    def _place_cursor(self, spot: Offset) -> None:
        """Move the terminal cursor, once this area has its place on the active screen (before that,
        the cursor stays where it was: a cursor moved onto other text makes a screen reader read it)."""
        if self.is_attached and self.screen is self.app.screen and self.content_region.height:
            self.app.cursor_position = spot
