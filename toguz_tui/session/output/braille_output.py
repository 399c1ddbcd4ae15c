"""The braille display the session writes to: which one, the width of brief announcements, its routing keys,
and what is done when it is lost.

With the ``braille`` setting on, toguz takes a braille display of its own through BrlAPI when one answers
(``speech.voices.braille``); otherwise the screen reader's braille reads the screen. Every announcement is
shown on it as it is said (``Output.say``), and brief announcements are cut to its width. A routing key
pressed on it is handed to the board; a fault there is said and logged, and the display keeps working. A
display that fails or stops answering is given back, the screen read from then on, and the player told why.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from speech.voices.braille import SCREEN, BrailleDisplay, BrlapiDisplay, ScreenDisplay, open_display
from speech.words import phrases
from speech.words.announce import BRAILLE_CELLS, Announcer
from speech.words.i18n import _
from toguz_tui.files import storage
from toguz_tui.files.settings import Settings
from toguz_tui.session.output.announcement_stream import Saying


class Wording(Saying, Protocol):
    """What the braille display uses of the saying: the announcers (their brief announcements are cut to its
    width), and the saying of what went wrong."""

    announcer: Announcer
    game_announcer: Announcer


class BrailleOutput:
    """The braille display in use (the screen's, unless one of its own is), and where its routing keys go."""

    def __init__(self, words: Wording) -> None:
        self.words = words
        self.display: BrailleDisplay = ScreenDisplay()  # a braille display of its own (BrlAPI), if in use
        self.on = False  # the ``braille`` setting
        self.on_route: Callable[[str, int], None] | None = None  # a routing key: the window, the cell

    def start(self, settings: Settings) -> None:
        """Take the display the settings name; say why the screen is read if BrlAPI is there but not
        answering, or broken (said once, at the start)."""
        self.apply(settings)
        trouble = self.display.trouble if isinstance(self.display, ScreenDisplay) else None
        if trouble:
            self.words.answer(_("Braille is read from the screen: {reason}.").format(reason=trouble), kind="error")

    def show(self, text: str, interrupt: bool = True) -> None:
        """Show ``text`` on the display (``interrupt``: over what it shows now)."""
        self.display.show(text, interrupt)

    def apply(self, settings: Settings) -> str | None:
        """Take a braille display of its own (BrlAPI) or give it back, as the ``braille`` setting says, and
        cut brief announcements to its width; why BrlAPI could not be used, when braille is on."""
        problem = None
        if settings.braille and not self.on:
            self.display, problem = open_display(self._routed)
            if isinstance(self.display, BrlapiDisplay):
                self.display.on_lost = self._lost
        elif not settings.braille and self.on:
            self.display.close()
            self.display = ScreenDisplay()
        self.on = settings.braille
        cells = settings.display_cells(self.display.cells) if settings.braille else BRAILLE_CELLS
        self.words.announcer.cells = self.words.game_announcer.cells = cells
        return problem

    @property
    def screen_cells(self) -> int:
        """The width of the braille window that reads the screen (0: none does; BrlAPI shows its own)."""
        return self.words.announcer.cells if self.on and self.display.name == SCREEN else 0

    def route_to(self, routed: Callable[[str, int], None]) -> None:
        """Hand a braille display's routing key (the window shown, the cell pressed) to ``routed`` (the board)."""
        self.on_route = routed

    def _routed(self, window: str, cell: int) -> None:
        """A routing key, on the display's thread: handed to the board (a fault there is ours, not the
        display's: said and logged, and the display keeps working)."""
        if self.on_route is None:
            return
        try:
            self.on_route(window, cell)
        except Exception as error:  # the last guard between a bug and the player
            where = storage.log_failure(error)
            self.words.error(phrases.internal_error(f"{type(error).__name__}: {error}", where))

    def _lost(self, reason: str) -> None:
        """The BrlAPI display failed or stopped answering (on a thread of its own): the screen is read from
        now on, at the same width, and the player is told why."""
        lost = self.display
        if not isinstance(lost, BrlapiDisplay) or lost.lost != reason:
            return  # already given back or replaced
        self.display = ScreenDisplay(lost.cells)
        self.words.answer(_("Braille is now read from the screen: {reason}.").format(reason=reason), kind="error",
                          interrupt=False)

    def close(self) -> None:
        """Give the display back."""
        self.display.close()
