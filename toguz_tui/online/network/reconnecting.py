"""Reading a server's stream for as long as it is needed: line by line, and when it drops or fails, said
once, waited for (1, 2, 4 ... 30 seconds, or what a 429 asks) and opened again; back is said when the
server answers again. A stream the server keeps ending at once (the account's events, read by another
program with the same account) or refuses for good (400, 401, 403, 404) is given up, and said so once.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any, Protocol

from speech.words import online_wording
from speech.words.i18n import _
from toguz_tui.files.storage import log_failure
from toguz_tui.online.network.answers import OnlineError
from toguz_tui.session.output.announcement_stream import AnnouncementKind

LONGEST_WAIT = 30.0  # seconds between two attempts to reconnect, at most
STEADY = 10.0  # seconds a stream must have lasted for a drop to count as a fresh one
KNOCKED_OFF = 5.0  # seconds: an event stream the server ends this soon, twice running, is read elsewhere


class Listener(Protocol):
    """What reading needs of the connection (``toguz_tui.online.play.online_play.OnlinePlay``)."""

    @property
    def closed(self) -> threading.Event:
        """Set when the connection is closed: every stream ends."""
        ...

    def say(self, text: str, kind: AnnouncementKind = "info") -> None:
        """Say ``text`` after what is being said."""
        ...

    def give_up(self, events: bool, text: str) -> None:
        """A stream that will not work again: said once (``events``: the account's events)."""
        ...


def follow(open_stream: Callable[[Callable[[], None]], Iterator[dict[str, Any]]],
           handle: Callable[[dict[str, Any]], bool], what: str, listener: Listener, events: bool = False,
           left: Callable[[], bool] = lambda: False) -> None:
    """Read a stream line by line with ``handle`` (which returns True when the stream's work is done);
    when it drops or fails, say so once, wait (longer each time) and open it again. Back is said when
    the server answers again; the wait starts again from a second only after a stream that lasted.
    ``events``: the account's events, given up when the server keeps ending them at once; ``left``:
    whether the player has left this stream's game for another (then it ends unsaid)."""
    closed = listener.closed
    wait = 1.0
    lost = False
    quick_ends = 0
    opened_at = [0.0]

    def opened() -> None:
        nonlocal lost
        opened_at[0] = time.monotonic()
        if lost:
            lost = False
            listener.say(_("Connected again to {what}.").format(what=what))

    while not closed.is_set() and not left():
        try:
            for line in open_stream(opened):
                if left() or handle(line):
                    return
        except OnlineError as error:
            if closed.is_set() or left():
                return
            if error.status in (400, 401, 403, 404):  # this will not get better by trying again
                listener.give_up(events, online_wording.online_failed(str(error)))
                return
            if error.retry_after is not None:
                wait = error.retry_after
            if not lost:
                listener.say(online_wording.online_lost(what, str(error)), "error")
            lost = True
        except Exception as error:  # a fault here is logged and said; the stream is left
            log_failure(error)
            listener.give_up(events, online_wording.online_failed(_("toguz failed ({name}); the details are in its "
                                                          "log").format(name=type(error).__name__)))
            return
        else:
            if closed.is_set() or left():
                return
            quick_ends = quick_ends + 1 if time.monotonic() - opened_at[0] < KNOCKED_OFF else 0
            if events and quick_ends >= 2:
                listener.give_up(events, _("PlayStrategy keeps closing this toguz's connection to your account, "
                                        "as it does when another program (another toguz?) reads it with the "
                                        "same account: this one no longer hears games and challenges. Quit the "
                                        "other one, then start this again."))
                return
            if events and time.monotonic() - opened_at[0] > STEADY and not lost:
                continue  # the account's events, ended by the server after a while: opened again at once, unsaid
            if not lost:
                listener.say(online_wording.online_lost(what, _("the server ended the stream")), "error")
            lost = True
        if time.monotonic() - opened_at[0] > STEADY:
            wait = 1.0  # the stream had been working: a fresh drop
        if closed.wait(wait):
            return
        wait = min(LONGEST_WAIT, wait * 2)
