"""The user's own screen reader as toguz's voice: NVDA or JAWS on Windows, VoiceOver on macOS, reached
through its own interface (``speech.system.readers``): each announcement is spoken by it, cuts off the
stale one when it interrupts, and reaches the braille display where the interface sends it there.

The line to the reader is made on the voice's own thread, before the voice is handed out (so that a
reader that does not run makes ``auto`` go on to toguz's own voice), and used only there (JAWS's COM
object belongs to the thread that made it); silencing is queued to that thread too. A reader that stops
answering later (NVDA restarted and gone) is said in ``last_error``, and the next announcement tries to
reach it again. One reached that never takes the first announcement (an NVDA whose RPC server is not
there) hands the voice to toguz's own (``fallback``, given by ``auto``), which says every announcement
from then on; why is said in ``last_error``.
On Linux there is no such line: Orca, Fenrir and Speakup read the terminal (the screen-reader mode).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from speech.system.machine import machine
from speech.system.readers import (
    ReaderLink,
    ReaderUnreachable,
    end_scripts,
    link_problem,
    open_link,
    reach_asks_consent,
)
from speech.voices.base import Speaker, WorkerSpeaker
from speech.words.i18n import _
from speech.words.machine_words import unreachable_words

NAME = "screen-reader"
SILENCE = ""  # the queued request to silence the reader (an announcement is never empty)
REACH = "\x00reach"  # the queued request to reach the reader (an announcement never holds a NUL)
REACH_WAIT = 5.0  # seconds the reader has to answer when the voice starts
ASKING_AFTER = 2.0  # where the system may ask the user first (macOS): a reach this slow is that question


class ReaderNotReached(Exception):
    """The screen reader could not be reached as toguz's voice; the message says why, in the player's words."""


def problem() -> str | None:
    """Why no screen reader can be reached here, or None (then one is looked for when the voice starts)."""
    found = link_problem(machine().module)
    return None if found is None else unreachable_words(found)


class ScreenReaderSpeaker(WorkerSpeaker):
    """Hands each announcement to the screen reader's interface, on the voice's thread."""

    name = NAME

    def __init__(self, link: Callable[[], ReaderLink] = open_link, wait: float = REACH_WAIT,
                 asks: bool | None = None) -> None:
        """Reach the reader on the voice's thread before anything is said: ``ReaderNotReached`` when it
        does not answer within ``wait`` seconds, or says why it cannot be reached. Where reaching it ``asks``
        the user first (macOS's automation prompt; ``reach_asks_consent``), a reach still under way after
        ``ASKING_AFTER`` seconds is that question: the voice is handed out at once, ``last_error`` says what
        to answer, and the announcements wait in the queue until the answer (through VoiceOver once allowed,
        by toguz's own voice after a refusal)."""
        self._open = link
        self._link: ReaderLink | None = None
        self._reached = threading.Event()
        self._failure: str | None = None
        self._spoken = False  # whether the reader has taken an announcement
        self.fallback: Callable[[], Speaker] | None = None  # toguz's own voice, for a reader that never speaks
        self._own: Speaker | None = None  # that voice, once the reader has been given up
        super().__init__()
        with self._lock:
            self._queue.append((self._generation, REACH, False))
            self._lock.notify_all()
        asking = reach_asks_consent() if asks is None else asks
        if asking and not self._reached.wait(min(wait, ASKING_AFTER)):
            self.last_error = _("macOS is asking whether your terminal may control VoiceOver: answer OK (or "
                                "Allow), and toguz speaks through VoiceOver from then on")
            return
        if not self._reached.wait(wait) or self._failure is not None:
            failure = self._failure or _("the screen reader did not answer within {seconds} seconds").format(
                seconds=f"{wait:g}")
            self.close()
            raise ReaderNotReached(failure)

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

    def wait(self, timeout: float | None = None) -> bool:
        """Block until everything queued has been said, by the reader or, once it was given up, by toguz's own
        voice (its words are queued there, not said, when this queue empties); False if ``timeout`` passed."""
        began = time.monotonic()
        if not super().wait(timeout):
            return False
        wait = getattr(self._own, "wait", None)
        if not callable(wait):
            return True
        return bool(wait(None if timeout is None else max(0.0, timeout - (time.monotonic() - began))))

    def _utter(self, text: str, generation: int, interrupt: bool) -> None:
        if text == REACH:
            try:
                self._link = self._open()
            except ReaderUnreachable as error:
                self._failure = unreachable_words(error.reason)
            except Exception:  # a line that breaks while it is made: no reader to speak to
                self._failure = _("the screen reader could not be reached")
            finally:
                self._reached.set()
            return
        if text != SILENCE and self._cancelled(generation):
            return
        if self._own is not None:
            self._by_own(text, interrupt)
            return
        failure = self._failure if self._link is None else None  # refused after the voice was handed out (macOS)
        if failure is None:
            try:
                if self._link is None:
                    self._link = self._open()
                if text == SILENCE:
                    self._link.stop()
                else:
                    self._link.output(text, interrupt)
                    self._spoken = True
                return
            except ReaderUnreachable as error:
                failure = unreachable_words(error.reason)
        self._link = None
        if self._spoken or self.fallback is None or text == SILENCE:
            self.last_error = failure
            return
        self._own = self.fallback()  # a reader that never spoke: toguz's own voice from now on
        self.last_error = _("{reason}: toguz speaks with its own voice instead").format(reason=failure)
        self._by_own(text, interrupt)

    def _cancel_locked(self) -> None:
        """Also cut off the reader's run in flight, where its line can (VoiceOver's osascript)."""
        super()._cancel_locked()
        cut = getattr(self._link, "cut", None)
        if callable(cut):
            cut()

    def _by_own(self, text: str, interrupt: bool) -> None:
        """Say ``text`` (or silence) with toguz's own voice, at the rate, voice and volume set."""
        own = self._own
        assert own is not None
        if text == SILENCE:
            own.stop()
            return
        if self.rate is not None:
            own.set_rate(self.rate)
        if self.voice is not None:
            own.set_voice(self.voice)
        if self.volume is not None:
            own.set_volume(self.volume)
        own.speak(text, interrupt)

    def close(self) -> None:
        """Stop, and end the reach still under way (macOS's prompt unanswered): nothing outlives the voice."""
        if not self._reached.is_set():
            end_scripts()
        super().close()

    def _release(self) -> None:
        if self._own is not None:
            self._own.close()
