"""Positions and calls for the exact-sentence tests of ``speech.words.announce``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from rules import BESTEMSHE, TOGUZ, Game, MoveReport, Outcome, Position, Side, Termination
from rules.move import play_move
from speech.words.announce import Announcer, Perspective

W, B = Side.WHITE, Side.BLACK

PERSPECTIVES = {
    "as White": Perspective(you=W),
    "as Black": Perspective(you=B),
    "two players": Perspective(names=("Aigerim", "Bolat")),
}


def position(white: list[int], black: list[int], kazans: tuple[int, int] = (0, 0),
             tuzdyks: tuple[int | None, int | None] = (None, None), to_move: Side = W) -> Position:
    """A Toguz position from White's and Black's rows (pits 1 to 9), White to move by default."""
    return Position(TOGUZ, (*white, *black), kazans, tuzdyks, to_move, 14)


def report(start: Position, pit: int) -> MoveReport:
    """What playing ``pit`` from ``start`` does."""
    return play_move(start, pit)[1]


MOVES: dict[str, MoveReport] = {
    "a capture": report(Position.start(), 7),
    "landing on the own row": report(Position.start(), 1),
    "making a tuzdyk": report(
        position([1, 1, 1, 1, 1, 1, 1, 4, 1], [5, 2, 5, 5, 5, 5, 5, 5, 5], (20, 30)), 8,
    ),
    "landing in a tuzdyk": report(
        position([1, 1, 1, 1, 1, 1, 1, 4, 1], [5, 0, 5, 5, 5, 5, 5, 5, 5], (20, 30), (2, None)), 8,
    ),
    "tuzdyk income and a capture": report(
        position([1, 1, 1, 1, 1, 1, 4, 1, 0], [5, 5, 5, 5, 5, 5, 5, 5, 5], (20, 30), (None, 9)), 7,
    ),
    "winning by majority": report(replace(Position.start(), kazans=(75, 50)), 7),
    "ending with no moves": report(position([2, 0, 0, 0, 3, 0, 0, 0, 0], [0] * 9, (70, 80)), 1),
}

MAKER = position([1, 1, 1, 1, 1, 1, 1, 4, 1], [5, 2, 5, 5, 5, 5, 5, 5, 5], (20, 30))
BOARD = position([1, 0, 1, 12, 1, 1, 0, 4, 1], [4, 0, 5, 5, 5, 5, 0, 5, 5], (20, 30), (2, 7))
LAST_PIT_THREE = position([0, 0, 0, 0, 0, 0, 0, 0, 10], [5, 5, 5, 5, 5, 5, 5, 5, 2], (30, 32))


def _game() -> Game:
    game = Game()
    for pit in (7, 3, 8):
        game.play(pit)
    return game


GAME = _game()

QUERIES: dict[str, Callable[[Announcer], str]] = {
    "a pit with stones": lambda a: a.pit(BOARD, W, 4),
    "an empty pit": lambda a: a.pit(BOARD, W, 2),
    "a pit that is a tuzdyk": lambda a: a.pit(BOARD, B, 2),
    "White's row": lambda a: a.row(BOARD, W),
    "the board": lambda a: a.board(BOARD),
    "the kazans": lambda a: a.kazans(BOARD),
    "the tuzdyks": lambda a: a.tuzdyks(BOARD),
    "no tuzdyks yet": lambda a: a.tuzdyks(Position.start()),
    "a game without tuzdyks": lambda a: a.tuzdyks(Position.start(BESTEMSHE)),
    "whose turn": lambda a: a.turn(BOARD, None),
    "the legal moves": lambda a: a.legal_moves(BOARD, BOARD.legal_moves()),
    "one legal move": lambda a: a.legal_moves(BOARD, [4]),
    "no legal move": lambda a: a.legal_moves(BOARD, []),
    "no last move": lambda a: a.last_move(None),
    "the last move": lambda a: a.last_move(GAME.last_report),
    "preview landing on the own row": lambda a: a.preview(BOARD, 1),
    "preview of a capture with tuzdyk income": lambda a: a.preview(BOARD, 4),
    "preview of an odd count": lambda a: a.preview(BOARD, 9),
    "preview of the opponent's tuzdyk": lambda a: a.preview(BOARD, 7),
    "preview of an empty pit": lambda a: a.preview(BOARD, 2),
    "preview of a pit that does not exist": lambda a: a.preview(BOARD, 0),
    "preview landing in a tuzdyk": lambda a: a.preview(BOARD, 8),
    "preview making a tuzdyk": lambda a: a.preview(MAKER, 8),
    "an empty pit played": lambda a: a.illegal(BOARD, 2),
    "the opponent's tuzdyk played": lambda a: a.illegal(BOARD, 7),
    "a pit off the row": lambda a: a.illegal(BOARD, 10),
    "a move after the end": lambda a: a.illegal(BOARD, 4, game_over=True),
    "an unknown command": lambda a: a.unknown_command("foo"),
    "the history": lambda a: a.history(GAME.reports),
    "an empty history": lambda a: a.history([]),
    "the end by majority": lambda a: a.outcome(Outcome(W, Termination.MAJORITY, (82, 40))),
    "the end with no moves": lambda a: a.outcome(Outcome(B, Termination.NO_MOVES, (70, 92))),
    "a draw": lambda a: a.outcome(Outcome(None, Termination.NO_MOVES, (81, 81))),
    "the end by resignation": lambda a: a.outcome(Outcome(B, Termination.RESIGNATION, (50, 30))),
    "a draw by agreement": lambda a: a.outcome(Outcome(None, Termination.AGREEMENT, (60, 62))),
    "the end on time": lambda a: a.outcome(Outcome(W, Termination.TIME, (70, 60))),
    "the turn after the end": lambda a: a.turn(BOARD, Outcome(W, Termination.RESIGNATION, (20, 30))),
    "the compact board": lambda a: a.compact(BOARD),
    "the compact start": lambda a: a.compact(Position.start()),
    "Black's threats": lambda a: a.threats(BOARD, B),
    "White's chances": lambda a: a.chances(BOARD, W),
    "no chances": lambda a: a.chances(LAST_PIT_THREE, B),
    "preview of Black's pit": lambda a: a.preview(BOARD, 3, B),
    "preview making 3 in the last pit": lambda a: a.preview(LAST_PIT_THREE, 9),
}
