"""The user's own screen reader as toguz's voice: NVDA or JAWS on Windows, VoiceOver on macOS, reached
through its own interface (``speech.system.readers``): each announcement is spoken by it, cuts off the
stale one when it interrupts, and reaches the braille display where the interface sends it there.

The line to the reader is made on the voice's own thread and used only there (JAWS's COM object belongs
to the thread that made it); silencing is queued to that thread too. A reader that stops answering (NVDA
restarted and gone) is said once in ``last_error``, and the next announcement tries to reach it again.
On Linux there is no such line: Orca, Fenrir and Speakup read the terminal (the screen-reader mode).
"""

from __future__ import annotations

from collections.abc import Callable

from speech.system.readers import ReaderLink, ReaderUnreachable, link_problem, open_link
from speech.voices.base import WorkerSpeaker

NAME = "screen-reader"
SILENCE = ""  # the queued request to silence the reader (an announcement is never empty)


def problem() -> str | None:
    """Why no screen reader can be reached here, or None (then one is looked for when the voice starts)."""
    return link_problem()


class ScreenReaderSpeaker(WorkerSpeaker):
    """Hands each announcement to the screen reader's interface, on the voice's thread."""

    name = NAME

    def __init__(self, link: Callable[[], ReaderLink] = open_link) -> None:
        self._open = link
        self._link: ReaderLink | None = None
        super().__init__()

    @property
    def reader(self) -> str:
        """The reader's name, once it has been reached ("" before)."""
        return self._link.name if self._link is not None else ""

    def speak(self, text: str, interrupt: bool = True) -> None:
        """Queue ``text`` for the reader (an empty text says nothing)."""
        if text.strip():
            super().speak(text, interrupt)

    def stop(self) -> None:
        """Drop the queue and silence the reader (on the voice's thread)."""
        super().stop()
        with self._lock:
            if not self._closed:
                self._queue.append((self._generation, SILENCE, True))
                self._lock.notify_all()

    def _utter(self, text: str, generation: int, interrupt: bool) -> None:
        if text != SILENCE and self._cancelled(generation):
            return
        try:
            if self._link is None:
                self._link = self._open()
            if text == SILENCE:
                self._link.stop()
            else:
                self._link.output(text, interrupt)
        except ReaderUnreachable as error:
            self._link = None
            self.last_error = str(error)
