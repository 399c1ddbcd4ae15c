"""Reviewing a game move by move: a finished record, or the game being played."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules import Game, MoveReport, Position, Record, Side
from rules.clock import TimeControl, read_clock_comment
from speech.words.announce import Announcer
from speech.words.i18n import _


@dataclass
class Review:
    """A cursor over a game's moves: ``index`` moves have been played out of ``len(reports)``."""

    start: Position
    reports: tuple[MoveReport, ...]
    tags: dict[str, str] = field(default_factory=dict)
    names: tuple[str, str] | None = None  # the players' names for a record; None: this game's own view
    result: str = "*"
    index: int = 0
    clocks: dict[int, float] = field(default_factory=dict)  # the mover's clock after move N, from the record
    game: Game = field(init=False)

    def __post_init__(self) -> None:
        self.game = Game(position=self.start)

    @classmethod
    def of_game(cls, game: Game, tags: dict[str, str] | None = None, result: str = "*",
                names: tuple[str, str] | None = None) -> Review:
        """A review of ``game``'s moves, standing at the start."""
        return cls(game.start_position, game.reports, dict(tags or {}), names, result)

    @property
    def total(self) -> int:
        """How many moves the game has."""
        return len(self.reports)

    @property
    def position(self) -> Position:
        """The position at the cursor."""
        return self.game.position

    def go_to(self, index: int) -> list[MoveReport]:
        """Move the cursor to ``index`` (clamped); the reports of the moves played forward, if any."""
        index = max(0, min(self.total, index))
        played: list[MoveReport] = []
        while self.index > index:
            self.game.undo()
            self.index -= 1
        while self.index < index:
            played.append(self.game.play(self.reports[self.index].pit))
            self.index += 1
        return played

    def clock_times(self) -> tuple[float | None, float | None]:
        """White's and Black's clocks at the cursor, as the record's clock comments give them (the last
        each player's own move left; None where the record says nothing)."""
        times: list[float | None] = [None, None]
        for index in range(self.index, 0, -1):
            mover = self.reports[index - 1].mover
            if times[mover] is None and index in self.clocks:
                times[mover] = self.clocks[index]
        return times[0], times[1]

    def clock_words(self, announcer: Announcer) -> str:
        """The clocks the record gives at the cursor (the time control's start before a player's first
        move), or that it gives none."""
        if not self.clocks:
            return _("This record keeps no clock times.")
        control = TimeControl.from_pgn(self.tags.get("TimeControl", ""))
        start = control.initial if control is not None else None
        white, black = self.clock_times()
        times = (start if white is None else white, start if black is None else black)
        return announcer.clocks(times, None, False)

    @property
    def last_report(self) -> MoveReport | None:
        """The move that led to the cursor's position."""
        return self.game.last_report

    @property
    def moves(self) -> int:
        """How many moves the game has, as records number them (a move is White's and Black's)."""
        return self.reports[-1].move_number if self.reports else 0

    def index_after(self, number: int, side: Side | None = None) -> int | None:
        """The cursor just after move ``number`` (of ``side``, or of both): None when there is none."""
        found = None
        for index, report in enumerate(self.reports, 1):
            if report.move_number == number and (side is None or report.mover is side):
                found = index
        if found is None and number == 0:
            return 0
        return found


def record_clocks(record: Record) -> dict[int, float]:
    """The clocks a record's comments give (``[%clk H:MM:SS]`` after a move): the move's number among
    all moves (1 for the first) and the mover's time left."""
    found: dict[int, float] = {}
    total = len(record.moves)
    for after, text in record.move_comments:
        seconds = read_clock_comment(text)
        if seconds is not None and 1 <= after <= total:
            found[after] = seconds
    return found
