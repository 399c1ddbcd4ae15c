"""What every part of ``toguz bot`` shares: the account it plays for (``BotAccount``: the client, the
account's id and name, the engine's level, the bot's log, the stop), the wait that a 429 asks for
(``RateGate``), and how the bot keeps a stream read (``read_on``: the loop of
``toguz_tui.online.network.reconnecting`` with the bot's waits and words).

A 429 holds every request of the bot, not only the one refused: lila sends no ``Retry-After``
(github:Mind-Sports-Games/lila at 1283402, none in ``app/`` or ``modules/``), so the bot waits a full
minute, or what a proxy's ``Retry-After`` asks (``toguz_tui.online.network.answers.check`` bounds it to 1 to 600
seconds), then tries the request once more. A stream that drops is opened again after 1, 2, 4 ... 60
seconds (from 1 second again after a stream that had lasted), and the loss is logged once.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TextIO, TypeVar

from rules.engine import Engine
from speech.words.i18n import DEFAULT, _, catalogue, n_
from toguz_tui.files.storage import log_failure
from toguz_tui.online.network.answers import RETRY_AFTER
from toguz_tui.online.network.client import Client, OnlineError
from toguz_tui.online.network.reconnecting import BOT, Opener, StreamListener, follow

Answer = TypeVar("Answer")


class RateGate:
    """The time before which no request of the bot is sent, after a 429 (``now``: the clock, ``stop``: set
    when the bot stops, which ends a wait at once)."""

    def __init__(self, stop: threading.Event, now: Callable[[], float] = time.monotonic) -> None:
        self.stop = stop
        self.now = now
        self.until = 0.0
        self._lock = threading.Lock()

    def hold(self, seconds: float) -> None:
        """No request for ``seconds`` from now (a longer hold already set stands)."""
        with self._lock:
            self.until = max(self.until, self.now() + seconds)

    def wait(self) -> bool:
        """Wait until requests may be sent again; False when the bot stops meanwhile."""
        while True:
            with self._lock:
                left = self.until - self.now()
            if left <= 0:
                return not self.stop.is_set()
            if self.stop.wait(left):
                return False


@dataclass
class BotAccount:
    """The BOT account the bot plays for, and what all its parts share: the client (the Bot API's
    paths), the account's id (lower case, as the server compares) and name, the engine's level, the
    language of its chat lines, the log (``report``: a game's line on the standard output; ``note``:
    everything else, on the error output), the stop, and why it failed, when it did."""

    client: Client
    id: str
    name: str
    level: int
    chat_language: str = DEFAULT
    engines: Callable[[int], Engine] = Engine
    out: TextIO = field(default_factory=lambda: sys.stdout)
    err: TextIO = field(default_factory=lambda: sys.stderr)
    stop: threading.Event = field(default_factory=threading.Event)
    failure: str = ""
    gate: RateGate = field(init=False)

    def __post_init__(self) -> None:
        self.gate = RateGate(self.stop)
        self._log_lock = threading.Lock()

    @property
    def stopping(self) -> bool:
        """Whether the bot is stopping (Ctrl-C, SIGTERM, or a failure)."""
        return self.stop.is_set()

    def fail(self, reason: str) -> None:
        """Stop the bot for ``reason`` (said once when it has stopped)."""
        if not self.failure:
            self.failure = reason
        self.stop.set()

    def report(self, text: str) -> None:
        """One line of the bot's log on the standard output (a game played, the start)."""
        self._write(self.out, text)

    def note(self, text: str) -> None:
        """One line on the error output: what the bot did or met besides (challenges, lost streams)."""
        self._write(self.err, text)

    def _write(self, stream: TextIO, text: str) -> None:
        with self._log_lock:
            try:
                stream.write(text + "\n")
                stream.flush()
            except (OSError, ValueError):  # a closed output: the bot plays on without its log
                pass

    def request(self, call: Callable[[], Answer]) -> Answer:
        """``call`` (a request to the server) once no 429 holds the bot; after a 429, the wait it asks
        (a minute when it does not say), then once more. ``OnlineError`` when it fails, or the bot stops."""
        for attempt in range(2):
            if not self.gate.wait():
                raise OnlineError(None, _("toguz bot is stopping"), delivery="unsent")
            try:
                return call()
            except OnlineError as error:
                if error.status != 429 or attempt:
                    raise
                self.wait_as_asked(error)
        raise AssertionError("unreachable")  # the second attempt returns or raises

    def wait_as_asked(self, error: OnlineError) -> None:
        """A 429: hold every request for the time it asks (lila: a minute), and say so."""
        seconds = error.retry_after if error.retry_after is not None else RETRY_AFTER
        self.gate.hold(seconds)
        self.note(n_("PlayStrategy asks to wait {seconds} second: the bot waits.",
                     "PlayStrategy asks to wait {seconds} seconds: the bot waits.", round(seconds)).format(
            seconds=round(seconds)))

    def chat(self, game_id: str, line: tuple[str, str], **values: object) -> None:
        """Say ``line`` (a message marked with ``Np_``, in the chat's language) in the players' chat of a
        game, off the caller's thread; a line not sent is noted."""
        text = catalogue(self.chat_language).pgettext(*line).format(**values)

        def send() -> None:
            try:
                self.request(lambda: self.client.chat(game_id, text))
            except OnlineError as error:
                if not self.stopping:
                    self.note(_("Game {game}: the chat line was not sent: {reason}.").format(game=game_id,
                                                                                          reason=error))

        threading.Thread(target=send, name="toguz-bot-chat", daemon=True).start()

    def guarded(self, work: Callable[[], None], what: str) -> Callable[[], None]:
        """``work`` for a thread of its own: a fault in it is written to the error log and noted in one line,
        never as a traceback."""
        def run() -> None:
            try:
                work()
            except Exception as error:
                where = log_failure(error)
                self.note(_("toguz bot failed in {what} ({name}); details in {log}").format(
                    what=what, name=type(error).__name__, log=where))

        return run


class BotStream(StreamListener):
    """A stream of the bot's, read on (``reconnecting.follow`` with the bot's ``BOT`` patience): a 429 holds
    every request of the bot, the loss and the return are noted in the log, a refusal goes to ``refused``."""

    def __init__(self, account: BotAccount, what: str, refused: Callable[[OnlineError], None],
                 opened: Callable[[], None] | None) -> None:
        self.account, self.what, self._refused, self._opened = account, what, refused, opened

    def ended(self) -> bool:
        return self.account.stopping

    def ready(self) -> bool:
        return self.account.gate.wait()

    def wait(self, seconds: float) -> bool:
        return self.account.stop.wait(seconds)

    def opened(self) -> None:
        if self._opened is not None:
            self._opened()

    def back(self) -> None:
        self.account.note(_("Connected again to {what}.").format(what=self.what))

    def lost(self, reason: str | None, wait: float) -> None:
        self.account.note(n_("The connection to {what} was lost ({reason}); trying again in {seconds} second.",
                             "The connection to {what} was lost ({reason}); trying again in {seconds} seconds.",
                             round(wait)).format(what=self.what, reason=reason or _("the server ended it"),
                                                 seconds=round(wait)))

    def asked_to_wait(self, error: OnlineError) -> float | None:
        if error.status == 429:
            self.account.wait_as_asked(error)  # the gate holds the next attempt
        return None

    def refused(self, error: OnlineError) -> None:
        self._refused(error)

    def knocked_off(self) -> None:
        self.account.fail(_("PlayStrategy keeps closing the bot's connection to its account, as it does when "
                            "another program (another toguz bot?) reads it with the same account: stop the other "
                            "one first."))


def read_on(account: BotAccount, open_stream: Opener, handle: Callable[[dict[str, Any]], bool], what: str,
            refused: Callable[[OnlineError], None], opened: Callable[[], None] | None = None,
            events: bool = False) -> None:
    """Read a stream line by line with ``handle`` (True: the stream's work is done) until it is done or
    the bot stops (``reconnecting.follow``, with the bot's patience: waits from 1 to 60 seconds, a stream
    that had lasted 20 seconds and was ended by the server opened again at once, unsaid). The loss is noted
    once, and the return. A refusal that trying again cannot mend (400, 401, 403, 404) goes to ``refused``
    and ends the reading. ``opened`` is told each time the server answers. ``events``: the account's
    events, which the bot gives up (and stops) when the server keeps ending them at once: another program
    reads them."""
    follow(open_stream, handle, BotStream(account, what, refused, opened), BOT, events)
