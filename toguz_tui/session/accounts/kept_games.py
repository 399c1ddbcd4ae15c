"""The games kept with their accounts, as ``mistakes`` and ``account all`` look through them.

What the index knows (``toguz_tui.files.account_index``) is there at once. The account files it does not
know (new to it, or changed since) are read on the command's thread for at most ``MOMENT``; the rest in a
thread of its own, which writes what it read to the index every ``BATCH`` files (so a look cut short by
quitting is not begun again), and when it is done does what waited for it (said by whoever asked: the
mistakes are ready, ``account all`` begins). Meanwhile the program answers as ever, and a second look says
how far the reading is.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from speech.words.i18n import _, n_
from toguz_tui.files import account_index, storage
from toguz_tui.files.account_index import Entry, Stamp
from toguz_tui.session.output.announcement_stream import Reply
from toguz_tui.session.output.output import Output

MOMENT = 0.4  # seconds of reading on the command's thread; the rest is read in the background
BATCH = 100  # files read in the background between two writes of the index


@dataclass(frozen=True)
class Reading:
    """The account files the index does not know are being read in the background: ``done`` of ``count``;
    ``begun``: by this look (else one was under way)."""

    done: int
    count: int
    begun: bool


@dataclass(frozen=True)
class Unreadable:
    """The accounts folder cannot be looked through, and why."""

    reason: str


Look = list[Entry] | Reading | Unreadable


def unreadable_words(shelf: Unreadable) -> str:
    """The kept games cannot be looked through, and why."""
    return _("Your kept games cannot be looked through: {reason}.").format(reason=shelf.reason)


def reading_words(shelf: Reading, mistakes: bool) -> str:
    """The kept games are being read in the background: for the ``mistakes``, or for ``account all``."""
    if not shelf.begun:
        return _("Still looking through your kept games: {done} of {count} read.").format(done=shelf.done,
                                                                                           count=shelf.count)
    if mistakes:
        return n_("Looking through {count} kept game for your mistakes in the background; toguz says when they "
                  "are ready.",
                  "Looking through {count} kept games for your mistakes in the background; toguz says when they "
                  "are ready.", shelf.count).format(count=shelf.count)
    return n_("Looking through {count} kept game in the background first; the analysis of those that wait "
              "follows.",
              "Looking through {count} kept games in the background first; the analysis of those that wait "
              "follows.", shelf.count).format(count=shelf.count)


class KeptGames:
    """The looking through of the kept accounts, one reading in the background at a time."""

    def __init__(self, output: Output) -> None:
        self.output = output
        self._guard = threading.Lock()  # over the reading's state below
        self._reading: Reading | None = None
        self._waiting: dict[str, Callable[[], None]] = {}  # what is done when the reading ends, by who asked
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def look(self, folder: Path, asker: str, then: Callable[[], None]) -> Look:
        """The sound accounts' entries in ``folder``, newest first; or why the folder cannot be looked through;
        or how far the reading in the background is (``then`` is called when it ends, once for ``asker``)."""
        with self._guard:
            if self._reading is not None:
                self._waiting[asker] = then
                return Reading(self._reading.done, self._reading.count, begun=False)
        surveyed = account_index.survey(folder)
        if isinstance(surveyed, str):
            return Unreadable(surveyed)
        index = account_index.read_index(folder)
        unread = [(key, stamp) for key, stamp in surveyed if key not in index or index[key].stamp != stamp]
        deadline = time.monotonic() + MOMENT
        read: list[Entry] = []
        while len(read) < len(unread) and time.monotonic() < deadline:
            key, stamp = unread[len(read)]
            read.append(account_index.read_entry(folder, key, stamp))
        present = {key for key, _stamp in surveyed}
        if read or not set(index) <= present:
            account_index.remember(folder, read, present if len(read) == len(unread) else None)
        if len(read) < len(unread):
            return self._begin(folder, unread[len(read):], present, asker, then)
        index.update((entry.key, entry) for entry in read)
        return [index[key] for key, _stamp in surveyed if index[key].sound]

    def _begin(self, folder: Path, unread: list[tuple[str, Stamp]], present: set[str], asker: str,
               then: Callable[[], None]) -> Reading:
        """Read ``unread`` in the background, then call ``then``."""
        with self._guard:
            self._reading = Reading(0, len(unread), begun=True)
            self._waiting[asker] = then
            self._thread = threading.Thread(target=self._read_rest, args=(folder, unread, present),
                                            name="toguz-kept-games", daemon=True)
            self._thread.start()
            return self._reading

    def _read_rest(self, folder: Path, unread: list[tuple[str, Stamp]], present: set[str]) -> None:
        """The reading thread: every file the index does not know, the index written as it goes."""
        batch: list[Entry] = []
        failed = False
        try:
            for done, (key, stamp) in enumerate(unread, 1):
                if self._stop.is_set():
                    break
                batch.append(account_index.read_entry(folder, key, stamp))
                with self._guard:
                    self._reading = Reading(done, len(unread), begun=False)
                if len(batch) >= BATCH:
                    account_index.remember(folder, batch)
                    batch = []
            account_index.remember(folder, batch, None if self._stop.is_set() else present)
        except Exception as error:  # said in a sentence; the details go to the log
            storage.log_failure(error)
            self.output.say(Reply(_("Looking through your kept games failed: {reason}.").format(reason=error),
                                  kind="error"), interrupt=False)
            failed = True
        with self._guard:
            self._reading = None
            waiting, self._waiting = self._waiting, {}
        if not failed and not self._stop.is_set():
            for then in waiting.values():
                then()

    def close(self) -> None:
        """Stop the reading under way (what was read is kept in the index) and wait a little for it."""
        self._stop.set()
        thread = self._thread
        if thread is not None:
            thread.join(2.0)
