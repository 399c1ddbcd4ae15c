"""A game's clocks as the session keeps them: the times after every move, warnings, pauses, the computer's
budget, and the watcher thread that lets a warning or a flag fall come on time.

``Clocks`` is the session's part: it owns the game's ``GameClock`` (None without a time control) and the
watcher. It reads the game and the people's sides through the session's ``SessionPort``, and tells it of a
flag that fell, as lichess's clock controller has ``onFlag`` (the session ends the game on time); a
warning due it says itself, with the low-time cue.

Choices made (docs/clocks-and-sounds.md says them too):

- Undo puts the clocks back as they stood after the move that is then the last (the times are kept
  after every move); the message of the undo says the clocks.
- Each warning threshold is said once a game per side, only for a person's clock (never the
  computer's); when one wait crosses several, the lowest is said.
- A paused game refuses moves until it is resumed; a game taken up at the next start comes back paused.
- The computer's share of its time on a move is ``rules.engine.time_use.thinking_time``'s (more in the
  middlegame, a forced move at once, never more than a quarter of what it has), through
  ``GameClock.budget`` in ``toguz_tui.session.game_clock``, with the times of one game.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from rules import MoveReport, Position, Side
from rules.clock import WARNINGS, TimeControl
from rules.engine.levels import Level
from speech.words.announce import Announcer
from toguz_tui.session.game_clock import GameClock
from toguz_tui.session.output.announcement_stream import Reply
from toguz_tui.session.output.output import Output
from toguz_tui.session.port import SessionPort

WATCH_STEP = 1.0  # seconds: the watcher looks at least this often while a clock runs


class ClockWatch:
    """A thread that calls ``tick`` when the running clock reaches a warning or its flag (and at least
    every ``WATCH_STEP`` seconds while one runs); ``poke`` after any change to the clocks."""

    def __init__(self, tick: Callable[[], None], next_event_in: Callable[[], float | None]) -> None:
        self._tick = tick
        self._next = next_event_in
        self._changed = threading.Event()
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="toguz-clock", daemon=True)
        self._thread.start()

    def poke(self) -> None:
        """The clocks changed: look again now."""
        self._changed.set()

    def close(self) -> None:
        """Stop watching."""
        self._closed = True
        self._changed.set()

    def _run(self) -> None:
        while not self._closed:
            try:
                wait = self._next()
            except Exception as error:  # a fault is logged; the clocks go on being watched
                self._log(error)
                wait = WATCH_STEP
            self._changed.wait(None if wait is None else min(WATCH_STEP, wait + 0.005))
            self._changed.clear()
            if not self._closed:
                try:
                    self._tick()
                except Exception as error:
                    self._log(error)

    @staticmethod
    def _log(error: Exception) -> None:
        from toguz_tui.files.storage import log_failure

        log_failure(error)


class Clocks:
    """The clocks of the game in progress, and the thread that watches them."""

    def __init__(self, lock: threading.RLock, now: Callable[[], float], watch: bool, port: SessionPort,
                 output: Output, thresholds: tuple[float, ...] = WARNINGS) -> None:
        self.lock = lock  # the session's: the watcher's thread takes it too
        self.now = now  # the time source (a fake one in tests)
        self.clock: GameClock | None = None
        self.thresholds = thresholds  # the warnings, for new games and this game's clocks
        self.port = port  # the game, the people's sides; told of a flag that fell
        self.output = output  # a warning is said
        self._watching = watch  # whether a thread watches the clocks (tests call tick themselves)
        self._watch: ClockWatch | None = None

    def start(self, control: TimeControl | None, remote: bool = False) -> None:
        """A new game's clocks (none without a time control); ``remote``: the server keeps the time."""
        self.clock = None if control is None else GameClock(control, self.now, self.thresholds, remote=remote)
        self._poke()

    def restore(self, saved: dict[str, Any] | None) -> None:
        """A saved game's clocks, paused (none when it had none)."""
        self.clock = None if saved is None else GameClock.from_saved(saved, self.now)
        if self.clock is not None:
            self.clock.thresholds = self.thresholds
            self._poke()

    def warn_at(self, thresholds: tuple[float, ...]) -> None:
        """The warning thresholds, for new games and this game's clocks."""
        self.thresholds = thresholds
        if self.clock is not None:
            self.clock.thresholds = thresholds

    def moved(self, report: MoveReport) -> None:
        """A move was made: press its player's clock (the other's runs, unless the game is over)."""
        if self.clock is not None:
            self.clock.moved(report.mover, report.outcome is not None)
            self._poke()

    def taken_back(self, moves_left: int, to_move: Side) -> None:
        """Moves were undone: the clocks as they stood after the last move kept."""
        if self.clock is not None:
            self.clock.taken_back(moves_left, to_move)
            self._poke()

    def pause(self) -> None:
        """Stop the clocks (a pause: the side to move keeps what it had)."""
        if self.clock is not None:
            self.clock.pause()

    def hold(self, over: bool, moves: int) -> bool:
        """The game waits under a lesson: its running clocks stop (True: they did, save the game)."""
        if self.clock is None or over or self.clock.paused or not moves:
            return False
        self.clock.pause()
        return True

    def stop(self, drop: bool = False) -> None:
        """The game is over: no clock runs (``drop``: the game had none after all, an aborted online game)."""
        if self.clock is not None:
            self.clock.stop()
        if drop:
            self.clock = None

    def budget(self, position: Position, level: Level) -> float:
        """The seconds the computer may think on its move in ``position`` (its level's limit without a clock)."""
        return level.time_limit if self.clock is None else self.clock.budget(position.to_move, position, level)

    def resume(self, to_move: Side, moves: int) -> None:
        """Run the side to move's clock again."""
        if self.clock is not None:
            self.clock.resume(to_move, moves)
            self._poke()

    @property
    def paused(self) -> bool:
        """Whether the game has clocks and they are stopped by a pause."""
        return self.clock is not None and self.clock.paused

    def fallen(self) -> Reply | None:
        """If the running side's time is up (and the game goes on), the game ends on time: what the
        session said of it. None while time is left."""
        clock = self.clock
        if clock is None or self.port.game.is_over:
            return None
        side = clock.flagged()
        if side is None:
            return None
        clock.stop()
        return self.port.game_ended(lambda game: game.flag(side), side)

    def tick(self) -> None:
        """Look at the clocks now: a flag that fell ends the game, a threshold reached is said. The
        watcher calls this; tests call it with a fake time."""
        with self.lock:
            clock = self.clock
            if clock is None or self.port.game.is_over or clock.paused:
                return
            if self.fallen() is None:
                for side, seconds in clock.due_warnings(self.port.view.seat.people):
                    self._warn(side, seconds)

    def _warn(self, side: Side, seconds: float) -> None:
        """A clock reached a warning threshold: the low-time cue, and the words (from the game's point of
        view) after what is being said, never over a move."""
        output = self.output
        output.sounds.low_time()
        output.answer(output.game_announcer.time_warning(side, seconds), interrupt=False)

    def server_times(self, times: tuple[float, float], running: Side | None) -> None:
        """The server's times (seconds left to White and Black) and whose clock runs, as a remote game's
        server says them; nothing without a clock."""
        with self.lock:
            if self.clock is not None:
                self.clock.server_times(times, running)

    def words(self, announcer: Announcer, paused: bool | None = None) -> str:
        """Both clocks in words, the listener's first (and whether they are paused, unless ``paused`` says)."""
        assert self.clock is not None
        paused = self.clock.paused if paused is None else paused
        return announcer.clocks(self.clock.times(), self.clock.running, paused)

    def _next_event(self) -> float | None:
        """Seconds until the watcher should look again (None: no clock runs)."""
        with self.lock:
            clock = self.clock
            if clock is None or self.port.game.is_over or clock.paused:
                return None
            return clock.next_event_in(self.port.view.seat.people)

    def _poke(self) -> None:
        """The clocks changed: the watcher looks again (started with the first game that has clocks)."""
        if not self._watching:
            return
        if self._watch is None:
            self._watch = ClockWatch(self.tick, self._next_event)
        self._watch.poke()

    def close(self) -> None:
        """Stop watching."""
        if self._watch is not None:
            self._watch.close()
