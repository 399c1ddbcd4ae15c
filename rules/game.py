"""``Game``: the one mutable holder of a game's history, with play, undo and the outcome."""

from __future__ import annotations

import random

from rules.errors import Fault, IllegalMoveError
from rules.move import MoveReport, Outcome, Termination, end_of_game, play_move
from rules.position import Position
from rules.variant import TOGUZ, Side, Variant


class Game:
    """A game from a starting position: the moves played, the position now, and how it ended."""

    def __init__(self, variant: Variant = TOGUZ, position: Position | None = None) -> None:
        """A game from the variant's start, or from ``position``. A position that is already decided
        (the side to move has no stone, or a kazan holds a majority) starts as a finished game, with
        the end the rules give it (the stones collected, the winner)."""
        start = position if position is not None else Position.start(variant)
        now, outcome, _ = end_of_game(start)
        self._start = start
        self._positions: list[Position] = [now]
        self._reports: list[MoveReport] = []
        self._outcome: Outcome | None = outcome
        self._initial_outcome = outcome
        self._declared: Outcome | None = None

    @classmethod
    def from_fen(cls, fen: str, variant: Variant | None = None) -> Game:
        """A game that starts from a FEN position."""
        return cls(position=Position.from_fen(fen, variant))

    @property
    def variant(self) -> Variant:
        """The variant being played."""
        return self._start.variant

    @property
    def start_position(self) -> Position:
        """Where the game began."""
        return self._start

    @property
    def position(self) -> Position:
        """The position now."""
        return self._positions[-1]

    @property
    def reports(self) -> tuple[MoveReport, ...]:
        """What each move did, first to last."""
        return tuple(self._reports)

    @property
    def moves(self) -> tuple[int, ...]:
        """The pits played, first to last."""
        return tuple(report.pit for report in self._reports)

    @property
    def last_report(self) -> MoveReport | None:
        """The last move's report, or ``None`` before the first move."""
        return self._reports[-1] if self._reports else None

    @property
    def outcome(self) -> Outcome | None:
        """``None`` while the game goes on; else who won and why."""
        return self._declared if self._declared is not None else self._outcome

    @property
    def is_over(self) -> bool:
        """True once the game has ended on the board or by a declaration."""
        return self.outcome is not None

    def legal_moves(self) -> list[int]:
        """The pits the side to move may play, ascending; empty once the game is over."""
        return [] if self.is_over else self.position.legal_moves()

    def play(self, pit: int) -> MoveReport:
        """Play ``pit`` (1..N) for the side to move and return what happened."""
        if self.is_over:
            raise IllegalMoveError(Fault.GAME_OVER)
        position, report = play_move(self.position, pit)
        self._positions.append(position)
        self._reports.append(report)
        self._outcome = report.outcome
        return report

    def undo(self) -> MoveReport:
        """Take the last move back (and any declared end); returns the report of the move undone."""
        if not self._reports:
            raise IllegalMoveError(Fault.NOTHING_TO_UNDO)
        self._positions.pop()
        self._declared = None
        report = self._reports.pop()
        self._outcome = None if self._reports else self._initial_outcome
        return report

    def resign(self, side: Side) -> Outcome:
        """``side`` resigns: the other player wins."""
        return self.decide(side.opponent, Termination.RESIGNATION)

    def agree_draw(self) -> Outcome:
        """Both players agree to a draw."""
        return self.decide(None, Termination.AGREEMENT)

    def flag(self, side: Side) -> Outcome:
        """``side`` ran out of time: the other wins, unless ``side`` already holds a majority."""
        kazans = self.position.kazans
        if kazans[side] >= self.variant.majority:
            return self.decide(side, Termination.TIME)
        return self.decide(side.opponent, Termination.TIME)

    def declare(self, outcome: Outcome) -> None:
        """Record an end that is not on the board (as read from a record's result)."""
        if self.is_over:
            raise IllegalMoveError(Fault.GAME_OVER)
        self._declared = outcome

    def decide(self, winner: Side | None, reason: Termination) -> Outcome:
        """End the game off the board with ``winner`` (None: a draw) for ``reason``, the kazans as they stand
        (a server's verdict, a resignation, a flag)."""
        outcome = Outcome(winner, reason, self.position.kazans)
        self.declare(outcome)
        return outcome


def random_positions(variant: Variant, count: int, rng: random.Random, plies: tuple[int, int]) -> list[Position]:
    """``count`` positions of ``variant`` reached by random moves (``rng``'s), each after a number of plies
    drawn from ``range(*plies)``, none of them finished (for tests, benchmarks and tools)."""
    found: list[Position] = []
    while len(found) < count:
        game = Game(variant)
        for _ply in range(rng.randrange(*plies)):
            if game.is_over:
                break
            game.play(rng.choice(game.legal_moves()))
        if not game.is_over:
            found.append(game.position)
    return found
