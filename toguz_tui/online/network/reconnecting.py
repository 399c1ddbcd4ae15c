"""Reading a server's stream for as long as it is needed, the one loop of every online program: line by line,
and when it drops or fails, told once, waited for (1, 2, 4 ... seconds up to the policy's longest, or what a
429 asks) and opened again; back is told when the server answers again. A stream the server keeps ending at
once (the account's events, read by another program with the same account) or refuses for good (400, 401,
403, 404) is given up, and told so once.

The waits are a ``Patience`` (the player's ``PLAYER``, the bot's ``BOT``); what happens is told to a
``StreamListener``, which each program words its own way (``toguz_tui.online.play.online_play``,
``toguz_tui.online.bot.bot_account``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from toguz_tui.online.network.answers import OnlineError

REFUSED_FOR_GOOD = (400, 401, 403, 404)  # statuses that trying again will not mend

Opener = Callable[[Callable[[], None]], Iterator[dict[str, Any]]]


@dataclass(frozen=True)
class Patience:
    """How a stream is opened again: the first wait and the longest (seconds, doubled between), how long a
    stream must have lasted for its drop to count as a fresh one (``steady``), how soon an end counts as
    quick (``knocked_off``: the account's events ended this soon twice running are read elsewhere), and
    whether any stream that lasted and was ended by the server is opened again at once, unsaid (else only
    the account's events are)."""

    first_wait: float = 1.0
    longest_wait: float = 30.0
    steady: float = 10.0
    knocked_off: float = 5.0
    reopen_any: bool = False


PLAYER = Patience()
BOT = Patience(longest_wait=60.0, steady=20.0, reopen_any=True)


class StreamListener:
    """What becomes of a stream being read, told as it happens; a program words each its own way (this one
    says nothing, and ends with the program's stop: never, here)."""

    def ended(self) -> bool:
        """Whether the reading is to end now, unsaid (the program stops, or has left this stream)."""
        return False

    def ready(self) -> bool:
        """Whether to open the stream (again): waits as long as the program must (a 429's hold); False to end."""
        return not self.ended()

    def wait(self, seconds: float) -> bool:
        """Wait ``seconds`` before the stream is opened again; True when the reading is to end meanwhile."""
        time.sleep(seconds)
        return self.ended()

    def opened(self) -> None:
        """The server answered: the stream is open."""

    def back(self) -> None:
        """The stream is open again after it was lost."""

    def lost(self, reason: str | None, wait: float) -> None:
        """The stream was lost (``reason``: the error; None: the server ended it), opened again in ``wait``
        seconds; told once until it is back."""

    def asked_to_wait(self, error: OnlineError) -> float | None:
        """A failure (neither refused for good nor the end): the wait it asks before the next attempt, or None."""
        return None

    def refused(self, error: OnlineError) -> None:
        """The server refuses the stream for good (400, 401, 403, 404): the reading ends."""

    def knocked_off(self) -> None:
        """The account's events keep being ended at once: another program reads them; the reading ends."""

    def fault(self, error: Exception) -> None:
        """A fault of the program's own while reading (not the server's): the reading ends (raise it again to
        let it through)."""
        raise error


def follow(open_stream: Opener, handle: Callable[[dict[str, Any]], bool], listener: StreamListener,
           patience: Patience = PLAYER, events: bool = False) -> None:
    """Read a stream line by line with ``handle`` (which returns True when the stream's work is done); when it
    drops or fails, tell ``listener`` once, wait (longer each time, by ``patience``) and open it again. Back
    is told when the server answers again; the wait starts again from the first only after a stream that
    lasted. ``events``: the account's events, given up when the server keeps ending them at once."""
    wait, lost, quick_ends = patience.first_wait, False, 0
    opened_at = time.monotonic()

    def answered() -> None:
        nonlocal lost, opened_at
        opened_at = time.monotonic()
        if lost:
            lost = False
            listener.back()
        listener.opened()

    while listener.ready():
        reason: str | None = None
        try:
            for line in open_stream(answered):
                if listener.ended() or handle(line):
                    return
        except OnlineError as error:
            if listener.ended():
                return
            if error.status in REFUSED_FOR_GOOD:
                listener.refused(error)
                return
            asked = listener.asked_to_wait(error)
            if asked is not None:
                wait = asked
            reason, quick_ends = str(error), 0
        except Exception as error:  # a fault of the program's own: told, and the stream left (or let through)
            listener.fault(error)
            return
        else:
            if listener.ended():
                return
            lasted = time.monotonic() - opened_at
            quick_ends = quick_ends + 1 if lasted < patience.knocked_off else 0
            if events and quick_ends >= 2:
                listener.knocked_off()
                return
            if (events or patience.reopen_any) and lasted > patience.steady and not lost:
                wait = patience.first_wait
                continue  # a stream that had lasted, ended by the server (or a proxy): opened again at once, unsaid
        if time.monotonic() - opened_at > patience.steady:
            wait = patience.first_wait  # the stream had been working: a fresh drop
        if not lost:
            listener.lost(reason, wait)
            lost = True
        if listener.wait(wait):
            return
        wait = min(patience.longest_wait, wait * 2)
