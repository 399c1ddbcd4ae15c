"""The clocks of one game (``GameClock``): the clock itself, the times after every move, the warnings said,
a pause, the computer's share of its time, and their form in a saved game. The session's part that keeps
them, says their warnings and watches them is ``toguz_tui.session.clocks.Clocks``.

The computer's share of its time on a move is ``rules.engine.time_use.thinking_time``'s: more in the
middlegame, a forced move at once, never more than a quarter of what it has (nor than its level's own
limit, below level 8).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules import Position, Side
from rules.clock import WARNINGS, Clock, TimeControl
from rules.engine.levels import Level
from rules.engine.time_use import thinking_time


@dataclass
class GameClock:
    """The clocks of one game: the clock itself, the times after each move, warnings said, a pause."""

    control: TimeControl
    now: Callable[[], float] = time.monotonic
    thresholds: tuple[float, ...] = WARNINGS
    clock: Clock = field(init=False)
    after: list[tuple[float, float]] = field(default_factory=list)  # both times after each move
    warned: set[tuple[int, float]] = field(default_factory=set)  # (side, threshold) already said
    paused: bool = False
    remote: bool = False  # an online game's: the server keeps the time and lets flags fall

    def __post_init__(self) -> None:
        self.clock = Clock(self.control, self.now)

    def times(self) -> tuple[float, float]:
        """White's and Black's time left now."""
        return self.clock.times

    @property
    def running(self) -> Side | None:
        """The side whose clock runs."""
        return self.clock.running

    def moved(self, mover: Side, over: bool) -> None:
        """``mover`` has played: its clock stops (the increment added), the other's runs unless the game
        is over or paused; the times are kept for an undo and the record."""
        self.clock.press(mover, run_next=not over and not self.paused)
        self.after.append(self.clock.times)

    def taken_back(self, moves_left: int, to_move: Side) -> None:
        """Moves were undone and ``moves_left`` remain: the clocks as they stood after the last of them
        (the full time before the first), the side to move's running (none before the first move)."""
        del self.after[moves_left:]
        self.clock.stop()
        self.clock.set_times(self.after[-1] if self.after else (self.control.initial, self.control.initial))
        if moves_left and not self.paused:
            self.clock.start(to_move)

    def pause(self) -> None:
        """Stop the clocks (the side to move keeps what it had)."""
        self.clock.stop()
        self.paused = True

    def resume(self, to_move: Side, moves: int) -> None:
        """Run the side to move's clock again (none before the first move)."""
        self.paused = False
        if moves:
            self.clock.start(to_move)

    def stop(self) -> None:
        """The game is over: no clock runs."""
        self.clock.stop()

    def flagged(self) -> Side | None:
        """The side whose time is up, if any (never in an online game: the server says when a flag falls)."""
        return None if self.remote else self.clock.flagged()

    def server_times(self, times: tuple[float, float], running: Side | None) -> None:
        """An online game's clocks as the server gives them, the side to move's running."""
        self.clock.stop()
        self.clock.set_times(times)
        if running is not None and not self.paused:
            self.clock.start(running)

    def _thresholds(self) -> tuple[float, ...]:
        """The thresholds that can be crossed: below the time each player starts with."""
        return tuple(limit for limit in self.thresholds if limit < self.control.initial)

    def due_warnings(self, sides: Sequence[Side]) -> list[tuple[Side, float]]:
        """The warning to say now, if the running side is one of ``sides`` (the people's) and has newly
        reached a threshold: its lowest one newly reached (every one reached is marked said)."""
        side = self.clock.running
        if side is None or side not in sides:
            return []
        left = self.clock.remaining(side)
        reached = [limit for limit in self._thresholds() if left <= limit and (int(side), limit) not in self.warned]
        if not reached or left <= 0:
            return []
        self.warned.update((int(side), limit) for limit in reached)
        lowest = min(reached)
        return [(side, lowest if left > lowest - 1 else float(round(left)))]  # the time left, if well below

    def next_event_in(self, sides: Sequence[Side]) -> float | None:
        """Seconds until the running clock next reaches a threshold not yet said (for ``sides``, the
        people's), or zero (its flag); None while no clock runs."""
        side = self.clock.running
        if side is None:
            return None
        limits = (*self._thresholds(), 0.0) if side in sides else (0.0,)
        waits = [wait for limit in limits
                 if (int(side), limit) not in self.warned and (wait := self.clock.until(limit)) is not None]
        return min(waits) if waits else None

    def budget(self, side: Side, position: Position, level: Level) -> float:
        """The seconds the computer (``side``, at ``level``) may think on a move in ``position``: its share
        of what it has left and of its increment (``thinking_time``)."""
        on_board = sum(position.board)
        return thinking_time(self.clock.remaining(side), self.control.increment, on_board,
                             position.variant.total, len(position.legal_moves()), level)

    def to_saved(self) -> dict[str, Any]:
        """What the saved game keeps of the clocks (the times as they stand now)."""
        return {"control": self.control.pgn, "times": [round(value, 3) for value in self.times()],
                "after": [[round(white, 3), round(black, 3)] for white, black in self.after],
                "warnings": list(self.thresholds),
                "warned": sorted([side, limit] for side, limit in self.warned)}

    @classmethod
    def from_saved(cls, data: dict[str, Any], now: Callable[[], float] = time.monotonic) -> GameClock:
        """The clocks of a saved game (checked by ``storage``), paused."""
        control = TimeControl.from_pgn(data["control"])
        if control is None:
            raise ValueError(data["control"])  # storage checked it: a programming mistake
        clock = cls(control, now, tuple(data["warnings"]))
        clock.after = [(float(white), float(black)) for white, black in data["after"]]
        clock.warned = {(int(side), float(limit)) for side, limit in data["warned"]}
        clock.clock.set_times((float(data["times"][0]), float(data["times"][1])))
        clock.paused = True
        return clock
