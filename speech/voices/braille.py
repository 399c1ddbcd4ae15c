"""Braille displays: where each message is written for a reader of braille, tried in order like the voices.

- ``brlapi``: BRLTTY's own interface (Debian's ``python3-brlapi``, which Orca uses too). toguz takes
  the display while it runs: each message is cut into windows of whole words as wide as the display,
  the first is shown, the display's panning keys show the next or the previous one, and a routing key
  over a pit's number focuses that pit. A message that follows without a key (the computer's move)
  is added after the windows of the one being read, never over it.
- ``screen``: no interface of its own: the screen reader (BRLTTY reading the terminal, Orca's braille)
  shows the terminal's text around the cursor, and the screen-reader mode lays its message lines out
  in windows of the display's width (``toguz_tui.board.widgets.speech_area``).

``open_display`` tries ``brlapi`` and falls back to ``screen`` with the reason it could not be used.
Every BrlAPI call runs on the thread of a ``BrlapiLink`` (``speech.voices.braille_link``), never the
caller's: opening waits a few seconds at most, writing not at all. A BRLTTY that stops answering, or
fails a write or a key read (restarting, a display unplugged), loses toguz the display: it is closed,
and the screen is read from then on.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from rules.notation import wrap_pieces
from speech.system.machine import machine
from speech.voices.braille_link import DEADLINE, BrlapiLink, BrlapiTimeout
from speech.words.i18n import _

BRLAPI, SCREEN = "brlapi", "screen"
WAIT_MS = 250  # how long the key reader waits for a key before it looks whether it should stop

Route = Callable[[str, int], None]  # told the window shown and the cell a routing key was pressed over


class BrailleDisplay(Protocol):
    """Where messages are shown in braille."""

    name: str
    cells: int | None  # the display's width, when it tells

    def show(self, text: str, interrupt: bool = True) -> None:
        """Show ``text`` from its start (``interrupt``), or after what is shown (not ``interrupt``)."""

    def close(self) -> None:
        """Give the display back."""


class ScreenDisplay:
    """The terminal's own text, read by the screen reader: nothing to write here."""

    name = SCREEN

    def __init__(self, cells: int | None = None, trouble: str | None = None) -> None:
        self.cells = cells
        self.trouble = trouble  # why BrlAPI, there, could not be used: worth saying at the start

    def show(self, text: str, interrupt: bool = True) -> None:
        """The screen shows it."""

    def close(self) -> None:
        """Nothing to give back."""


def windows(text: str, cells: int) -> list[str]:
    """``text`` cut into windows of at most ``cells`` characters of whole words (a word longer than a
    window is cut), each of the text's own lines starting a window."""
    found: list[str] = []
    for paragraph in text.split("\n"):
        pieces = [word[start:start + cells] for word in paragraph.split() for start in range(0, len(word), cells)]
        found.extend(wrap_pieces(pieces, cells))
    return found or [""]


def window_sizes(width: int, cells: int) -> list[int]:
    """How many characters each braille window of a line holds: one short of the display's width (a
    blank cell between windows, room for the cursor), the last window cut at the line's width."""
    sizes = [min(cells - 1, width - start) for start in range(0, width, cells)]
    return [size for index, size in enumerate(sizes) if index == 0 or size >= min(8, cells - 1)]


def braille_wrap(text: str, width: int, cells: int, room: int = 0) -> list[str]:
    """``text`` in lines of ``width`` characters made of windows of ``cells`` cells: whole words in each
    window, each of the text's own lines (a brief announcement's) starting a window of its own. The first
    window leaves ``room`` cells more blank after its text (for an answer typed there)."""
    sizes = window_sizes(width, cells)
    pieces: list[str] = []  # one per window, in reading order
    for paragraph in text.split("\n"):
        current: list[str] = []
        for word in paragraph.split():
            while word:
                size = sizes[len(pieces) % len(sizes)] - (0 if pieces else min(room, cells // 2))
                line = " ".join([*current, word])
                if len(line) <= size:
                    current.append(word)
                    word = ""
                elif current:
                    pieces.append(" ".join(current))
                    current = []
                else:  # a word longer than a window: cut
                    pieces.append(word[:size])
                    word = word[size:]
        pieces.append(" ".join(current))
    lines = []
    for start in range(0, len(pieces), len(sizes)):
        row = pieces[start:start + len(sizes)]
        lines.append("".join(piece.ljust(cells) for piece in row[:-1]) + row[-1])
    return [line.rstrip() for line in lines]


def pit_at(text: str, index: int, pits: int) -> int | None:
    """The pit named by the number under character ``index`` of a window: its place in a row of
    ``pits`` counts ("9 9 9, 9 9 9, 9 9 9": the fifth count is pit 5), else the number itself
    ("pit 2", "7 to their 6"), if it is a pit's; None elsewhere."""
    if not 0 <= index < len(text) or not text[index].isdigit():
        return None
    numbers: list[tuple[int, int, int]] = []  # (start, end, value) of each number of the window
    start = None
    for place, character in enumerate(f"{text} "):
        if character.isdigit() and start is None:
            start = place
        elif not character.isdigit() and start is not None:
            numbers.append((start, place, int(text[start:place])))
            start = None
    under = next(number for number in numbers if number[0] <= index < number[1])
    run = _row_around(text, numbers, numbers.index(under))
    if len(run) == pits:
        return run.index(under) + 1
    if len(run) > 1:  # a part of a row (cut between windows): which pit is not known
        return None
    return under[2] if 1 <= under[2] <= pits else None


def _row_around(text: str, numbers: list[tuple[int, int, int]], at: int) -> list[tuple[int, int, int]]:
    """The numbers next to ``numbers[at]`` with only spaces and commas between them (a row's counts)."""
    first = last = at
    while first > 0 and not text[numbers[first - 1][1]:numbers[first][0]].strip(" ,"):
        first -= 1
    while last + 1 < len(numbers) and not text[numbers[last][1]:numbers[last + 1][0]].strip(" ,"):
        last += 1
    return numbers[first:last + 1]


class BrlapiDisplay:
    """A braille display through BrlAPI: messages in windows, written by the link's thread (never the
    caller's), panning and routing keys read on a thread of their own. A write or a key read that fails or
    does not end in time gives the display up: ``on_lost`` is told why, once, on a thread of its own."""

    name = BRLAPI

    def __init__(self, link: BrlapiLink, module: Any, connection: Any, cells: int, route: Route | None = None) -> None:
        self._brlapi = module
        self._link = link
        self._connection = connection
        self.cells: int | None = cells
        self.route = route
        self.on_lost: Callable[[str], None] | None = None
        self.lost: str | None = None  # why the display was given up
        self.shown: list[str] = []  # the windows of the messages on show
        self.at = 0  # the window on the display
        self._lock = threading.Lock()
        self._closed = threading.Event()
        link.on_failure = lambda error: self._lose(_("BrlAPI stopped working ({error})").format(error=error))
        self._reader = threading.Thread(target=self._read_keys, name="toguz-braille", daemon=True)
        self._reader.start()

    def show(self, text: str, interrupt: bool = True) -> None:
        """Show ``text``'s first window (``interrupt``), or keep its windows after those shown."""
        found = windows(text, self.cells or 40)
        with self._lock:
            if interrupt or not self.shown:
                self.shown, self.at = found, 0
            else:
                self.shown = [*self.shown, *found]
        self._write()

    def pan(self, step: int) -> None:
        """The next (+1) or previous (-1) window, staying at the first or the last."""
        with self._lock:
            self.at = max(0, min(len(self.shown) - 1, self.at + step))
        self._write()

    def press(self, code: int) -> None:
        """A key from the display: panning or routing (others are left to BRLTTY)."""
        key = self._brlapi.expandKeyCode(code)
        command, argument = key["command"], key["argument"]
        if command == self._brlapi.KEY_CMD_FWINRT:
            self.pan(1)
        elif command == self._brlapi.KEY_CMD_FWINLT:
            self.pan(-1)
        elif command == self._brlapi.KEY_CMD_ROUTE and self.route is not None:
            with self._lock:
                window = self.shown[self.at] if self.shown else ""
            self.route(window, argument)

    def _write(self) -> None:
        """Hand the window on show to the link's thread (BrlAPI's ``writeText``), never waiting for it."""
        with self._lock:
            window = self.shown[self.at] if self.shown else ""
        if self._closed.is_set():
            return
        try:
            self._link.post(lambda: self._connection.writeText(window, self._brlapi.CURSOR_OFF))
        except BrlapiTimeout as error:  # an earlier write never ended
            self._lose(str(error))

    def _read_keys(self) -> None:
        """Read the display's keys until closed; watch that the writes end in time."""
        while not self._closed.is_set():
            try:
                self._link.check()
                code = self._connection.readKeyWithTimeout(WAIT_MS)
                if code is not None and code is not False and not self._closed.is_set():
                    self.press(int(code))
            except BrlapiTimeout as error:
                self._lose(str(error))
            except Exception as error:  # BRLTTY went away, the display was unplugged: read from the screen
                self._lose(_("BrlAPI stopped working ({error})").format(error=f"{type(error).__name__}: {error}"))

    def _lose(self, reason: str) -> None:
        """Give the display up (once): stop reading keys, close the connection if BRLTTY still answers, and
        tell ``on_lost`` why, on a thread of its own (never inside the caller's ``show``)."""
        with self._lock:
            if self._closed.is_set():
                return
            self._closed.set()
            self.lost = reason
        with contextlib.suppress(BrlapiTimeout):  # a stuck BRLTTY: the connection ends with toguz
            self._link.post(self._connection.closeConnection)
        self._link.close()
        told = self.on_lost
        if told is not None:
            threading.Thread(target=told, args=(reason,), name="toguz-braille-lost", daemon=True).start()

    def close(self) -> None:
        """Stop reading keys and give the display back to BRLTTY (waiting for it at most the link's deadline)."""
        with self._lock:
            if self._closed.is_set():
                return
            self._closed.set()
        self._reader.join(timeout=2 * WAIT_MS / 1000)
        with contextlib.suppress(Exception):  # already gone, or not answering: nothing more to give back
            self._link.call(self._give_back)
        self._link.close()

    def _give_back(self) -> None:
        """Leave the terminal and close the connection (on the link's thread)."""
        try:
            self._connection.leaveTtyMode()
        finally:
            self._connection.closeConnection()


def take_display(module: Any) -> tuple[Any, int]:
    """A BrlAPI connection holding the display while toguz's terminal is shown, with the panning and routing
    keys, and the display's width (on the link's thread). A connection that fails on the way is closed."""
    connection = module.Connection()
    try:
        cells = int(connection.displaySize[0])
        enter_tty(connection)
        connection.ignoreAllKeys()
        connection.acceptKeys(module.rangeType_command,
                              [module.KEY_TYPE_CMD | command for command in
                               (module.KEY_CMD_FWINLT, module.KEY_CMD_FWINRT, module.KEY_CMD_ROUTE)])
    except Exception:
        connection.closeConnection()  # the display stays BRLTTY's
        raise
    return connection, cells


def enter_tty(connection: Any) -> None:
    """Take the display while toguz's terminal is the one shown: the terminal BrlAPI finds (a console, an
    xterm's WINDOWID), else the virtual console the session names (``WINDOWPATH``, ``XDG_VTNR``: a terminal
    inside tmux or a desktop's)."""
    try:
        connection.enterTtyMode()
    except Exception:  # BrlAPI's OperationError: "Can't determine tty number"
        named = os.environ.get("WINDOWPATH", "").split(":")[0] or os.environ.get("XDG_VTNR", "")
        if not named.isdigit():
            raise
        connection.enterTtyMode(int(named))


def brlapi_problem(module: Any) -> str | None:
    """Why BrlAPI cannot be used (its Python module is missing), and how this system gets it; or None."""
    if module is None:
        here = machine().platform
        if here == "win32":
            return _("BrlAPI's Python module is missing: install BRLTTY for Windows and its Python module (brlapi) "
                     "in the Python that runs toguz, or leave braille to NVDA or JAWS, which show toguz's messages")
        if here == "darwin":
            return _("BrlAPI's Python module is missing: BRLTTY is for Linux and Windows; on macOS VoiceOver "
                     "shows the terminal on your braille display")
        return _("BrlAPI's Python module is missing (sudo apt install python3-brlapi, in the Python that runs "
                 "toguz)")
    return None


def found_cells(link: BrlapiLink | None = None) -> int | None:
    """The braille display's width as BRLTTY tells it through BrlAPI, or None where it cannot (in time)."""
    own = link is None
    link = link or BrlapiLink()
    try:
        module = link.call(machine().brlapi)
        return None if module is None else link.call(lambda: _cells_told(module))
    except Exception:  # no module, no BRLTTY that answers, a display that does not tell: nothing is told
        return None
    finally:
        if own:
            link.close()


def _cells_told(module: Any) -> int | None:
    connection = module.Connection()
    try:
        return int(connection.displaySize[0]) or None
    finally:
        connection.closeConnection()


def open_display(route: Route | None = None, order: Sequence[str] = (BRLAPI, SCREEN),
                 deadline: float = DEADLINE) -> tuple[BrailleDisplay, str | None]:
    """The first display of ``order`` that starts, and why those before it did not (None: the first
    did). Never raises, and never waits for BrlAPI longer than ``deadline`` a call: ``screen`` always
    starts. A BrlAPI that did not answer, or whose module would not load, is the screen display's
    ``trouble``, worth saying at the start."""
    reasons: list[str] = []
    trouble: str | None = None
    link = BrlapiLink(deadline)
    for name in order:
        if name == SCREEN:
            cells = None if link.broken else found_cells(link)
            link.close()
            return ScreenDisplay(cells, trouble), "; ".join(reasons) or None
        problem, trouble = _brlapi_display(link, route)
        if isinstance(problem, BrlapiDisplay):
            return problem, None
        reasons.append(f"{name}: {problem}")
    link.close()
    return ScreenDisplay(None, trouble), "; ".join(reasons) or None


def _brlapi_display(link: BrlapiLink, route: Route | None) -> tuple[BrlapiDisplay | str, str | None]:
    """The display through BrlAPI, or why not and whether that is trouble (a module that would not load, a
    BRLTTY that did not answer in time)."""
    try:
        module = link.call(machine().brlapi)
    except BrlapiTimeout as error:
        return str(error), str(error)
    except Exception as error:  # a module that is there but broken: anything its import raised
        broken = _("BrlAPI's Python module could not be loaded: {error}").format(
            error=f"{type(error).__name__}: {error}")
        return broken, broken
    missing = brlapi_problem(module)
    if missing is not None:
        return missing, None
    try:
        connection, cells = link.call(lambda: take_display(module))
    except BrlapiTimeout as error:
        return str(error), str(error)
    except Exception as error:  # no BRLTTY to talk to, no display, no terminal it knows
        return _("BrlAPI could not take the display: {error}").format(error=f"{type(error).__name__}: {error}"), None
    return BrlapiDisplay(link, module, connection, cells, route), None
