"""Game clocks: a time control (minutes for the game, seconds added a move) and a two-sided clock.

The clock never reads the time itself: it is given a time source (``time.monotonic`` in the program, a
fake in tests), so that nothing here sleeps or depends on the machine's speed. Choices made:

- Fischer increment: a player who completes a move gets the increment added to his own clock.
- White's first move is not timed: the clocks start when it is made (Black's clock then runs). A blind
  player hears the game start before the first move; a clock that runs through that helps no one.
- A flag falls when the running side's time reaches zero; ``flagged`` says whose, and the caller ends
  the game (``Game.flag``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from rules.variant import Side

MAX_MINUTES = 600  # ten hours: longer than any tournament gives
MAX_INCREMENT = 600  # seconds
WARNINGS = (300.0, 60.0, 30.0, 10.0)  # seconds left at which a player is warned, by default
MAX_WARNINGS = 8
ON_TIME = "time forfeit"  # a record's Termination tag for a game lost on time (PGN's own words)
_CONTROL = re.compile(r"^\s*(\d{1,4}(?:\.\d{1,2})?)\s*(?:\+\s*(\d{1,4}))?\s*$")
_PGN = re.compile(r"^\s*(\d{1,6})(?:\+(\d{1,4}))?\s*$")
_SPAN = re.compile(r"^(\d{1,5}(?:\.\d{1,2})?)\s*(s|sec|secs|seconds?|m|min|mins|minutes?)?$")


class ClockError(ValueError):
    """A time control or a warning list that cannot be read; the message says why, in English (the
    program says it in the player's words from ``reason``)."""

    def __init__(self, reason: str, text: str) -> None:
        super().__init__(f"{reason}: {text!r}")
        self.reason = reason  # "form", "range", "count" (more warnings than ``MAX_WARNINGS``)
        self.text = text


@dataclass(frozen=True, slots=True)
class TimeControl:
    """Each player's time for the game (seconds) and the seconds added after each of his moves."""

    initial: float
    increment: float = 0.0

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """``MINUTES[+INCREMENT]`` as a player types it: ``60``, ``20``, ``15+10``, ``5+3``, ``0.5``
        (minutes from a tenth of a minute to ``MAX_MINUTES``, an increment in whole seconds up to
        ``MAX_INCREMENT``); ``ClockError`` otherwise."""
        found = _CONTROL.match(text)
        if found is None:
            raise ClockError("form", text[:20])
        minutes = float(found.group(1))
        increment = int(found.group(2) or 0)
        if not 0.1 <= minutes <= MAX_MINUTES or increment > MAX_INCREMENT:
            raise ClockError("range", text[:20])
        return cls(float(round(minutes * 60)), float(increment))  # whole seconds, as records keep them

    @classmethod
    def from_pgn(cls, text: str) -> TimeControl | None:
        """A record's ``TimeControl`` tag (``600``, ``900+10``: seconds), or None when it is another form
        (``-``, ``?``, moves per period) or out of range."""
        found = _PGN.match(text)
        if found is None:
            return None
        seconds, increment = int(found.group(1)), int(found.group(2) or 0)
        if not 1 <= seconds <= MAX_MINUTES * 60 or increment > MAX_INCREMENT:
            return None
        return cls(float(seconds), float(increment))

    @property
    def pgn(self) -> str:
        """As a record's ``TimeControl`` tag writes it: seconds, ``+increment`` when there is one."""
        seconds = f"{round(self.initial)}"
        return f"{seconds}+{round(self.increment)}" if self.increment else seconds

    @property
    def typed(self) -> str:
        """As a player types it: ``15+10``, ``20``."""
        minutes = self.initial / 60
        shown = f"{minutes:.2f}".rstrip("0").rstrip(".")  # parse reads it back to the same whole seconds
        return f"{shown}+{round(self.increment)}" if self.increment else shown


def parse_warnings(text: str) -> tuple[float, ...]:
    """Warning thresholds as typed: seconds or minutes, separated by spaces or commas (``5m 1m 30s 10``);
    ``none`` or ``off`` for none. Highest first, each once; ``ClockError`` when a word is not a time."""
    words = [word for word in re.split(r"[\s,;]+", text.strip().lower()) if word]
    if words in (["none"], ["off"], []):
        return ()
    found: set[float] = set()
    for word in words:
        match = _SPAN.match(word)
        if match is None:
            raise ClockError("form", word[:20])
        seconds = float(match.group(1)) * (60 if (match.group(2) or "s").startswith("m") else 1)
        if not 1 <= seconds <= MAX_MINUTES * 60:
            raise ClockError("range", word[:20])
        found.add(seconds)
    if len(found) > MAX_WARNINGS:
        raise ClockError("count", str(len(found)))
    return tuple(sorted(found, reverse=True))


def warnings_text(thresholds: Iterable[float]) -> str:
    """Thresholds written back as ``parse_warnings`` reads them (``5m 1m 30s 10s``), ``none`` for none."""
    words = [f"{round(value / 60)}m" if value >= 60 and value % 60 == 0 else f"{value:g}s" for value in thresholds]
    return " ".join(words) or "none"


class Clock:
    """Both players' remaining time; at most one side's clock runs.

    ``now`` is the time source (seconds, only differences matter). A clock starts stopped; ``start``
    runs one side's time, ``press`` ends that side's move (the increment added, the other side's time
    running), ``stop`` stops it (a pause, or the end of the game).
    """

    def __init__(self, control: TimeControl, now: Callable[[], float],
                 remaining: tuple[float, float] | None = None) -> None:
        self.control = control
        self.now = now
        self._left = list(remaining) if remaining is not None else [control.initial, control.initial]
        self.running: Side | None = None
        self._since = 0.0

    def remaining(self, side: Side) -> float:
        """``side``'s time left now, in seconds (never below zero)."""
        left = self._left[side]
        if self.running is side:
            left -= self.now() - self._since
        return max(0.0, left)

    @property
    def times(self) -> tuple[float, float]:
        """White's and Black's time left now."""
        return self.remaining(Side.WHITE), self.remaining(Side.BLACK)

    def set_times(self, times: tuple[float, float]) -> None:
        """Put both clocks at ``times`` (an undo takes them back); a running side runs on from there."""
        self._left = [max(0.0, times[0]), max(0.0, times[1])]
        if self.running is not None:
            self._since = self.now()

    def start(self, side: Side) -> None:
        """Run ``side``'s time from now (the other's stops)."""
        self.stop()
        self.running = side
        self._since = self.now()

    def stop(self) -> None:
        """Stop the running clock, keeping what it used."""
        if self.running is not None:
            self._left[self.running] = self.remaining(self.running)
            self.running = None

    def press(self, side: Side, run_next: bool = True) -> None:
        """``side`` has moved: its time stops and gains the increment; the opponent's runs (unless
        ``run_next`` is false: the game ended)."""
        if self.running is side:
            self.stop()
            self._left[side] += self.control.increment
        if run_next:
            self.start(side.opponent)

    def flagged(self) -> Side | None:
        """The running side, when its time is up."""
        side = self.running
        return side if side is not None and self.remaining(side) <= 0 else None

    def until(self, seconds_left: float) -> float | None:
        """Seconds from now until the running side has ``seconds_left`` left (0 when it already has);
        None when no clock runs."""
        side = self.running
        if side is None:
            return None
        return max(0.0, self.remaining(side) - seconds_left)


def clock_comment(seconds: float) -> str:
    """A move's clock as records keep it (lichess's form, read by PGN tools): ``[%clk 0:14:52]``."""
    whole = max(0, int(seconds))
    return f"[%clk {whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}]"


_CLK = re.compile(r"\[%clk\s+(\d{1,2}):(\d{2}):(\d{2})(?:\.\d+)?\]")


def read_clock_comment(text: str) -> float | None:
    """The seconds a ``[%clk H:MM:SS]`` comment gives, or None when ``text`` holds none."""
    found = _CLK.search(text)
    if found is None:
        return None
    hours, minutes, seconds = (int(part) for part in found.groups())
    if minutes > 59 or seconds > 59:
        return None
    return float(hours * 3600 + minutes * 60 + seconds)
