"""The errors the rules raise: typed, without wording (``speech.words.problems`` words them).

Each error carries a ``Fault`` (what is wrong), its ``details`` (the numbers and texts a sentence
about it needs) and a ``context`` (where it was found: the file, the game, the line, the move, the
token), which the readers of records add as the error passes outward. Both classes are
``ValueError``, so callers may catch either. ``str(error)`` is a plain technical form for logs.
"""

from __future__ import annotations

from enum import StrEnum, auto
from typing import Self

Detail = str | int | None


class Fault(StrEnum):
    """What is wrong; the details each fault carries are listed with it."""

    # Moves (IllegalMoveError)
    NO_PIT = auto()  # pit, pits
    EMPTY_PIT = auto()  # side, pit
    GAME_OVER = auto()
    NOTHING_TO_UNDO = auto()
    # FEN
    FEN_TOO_LONG = auto()  # length, limit, text
    FEN_FIELDS = auto()  # found, text
    FEN_ROWS = auto()  # text
    FEN_ROW_LENGTHS = auto()  # black, white, text
    FEN_PIT = auto()  # side, part, text
    FEN_PIT_STONES = auto()  # side, stones, limit, text
    FEN_EMPTY_RUN = auto()  # side, run, text
    FEN_ROW_TOO_LONG = auto()  # side, limit, text
    FEN_PITS = auto()  # pits, text
    FEN_PITS_VARIANT = auto()  # pits, variant, variant_pits, text
    FEN_NO_TUZDYKS = auto()  # variant, text
    FEN_KAZAN = auto()  # side, limit, value
    FEN_MOVE_NUMBER = auto()  # limit, value
    FEN_SIDE = auto()  # value
    FEN_TUZDYKS = auto()  # side, count, text
    FEN_TUZDYK_LAST = auto()  # side, pit, text
    FEN_TUZDYK_SAME = auto()  # pit, text
    FEN_STONES = auto()  # stones, variant, total, text
    # Move tokens
    TOKEN_EMPTY = auto()
    TOKEN_SHAPE = auto()
    TOKEN_DIGIT = auto()  # which ("pit" or "landing"), pits, digit
    TOKEN_MIXED_MARK = auto()  # mark
    TOKEN_TUZDYK_AND_CAPTURE = auto()
    # A token that does not describe its move
    WRONG_PIT = auto()  # played, written
    WRONG_LANDING = auto()  # landing, written
    MISSING_TUZDYK_MARK = auto()  # pit
    EXTRA_TUZDYK_MARK = auto()
    MISSING_TOTAL = auto()  # captured, kazan
    TOTAL_WITHOUT_CAPTURE = auto()  # written
    WRONG_TOTAL = auto()  # kazan, written
    # Records
    RESULT = auto()  # text
    TAG = auto()  # text
    TAG_NAME = auto()  # name
    TAG_LINE_BREAK = auto()  # name
    COMMENT_BRACE = auto()  # text
    COMMENT_OPEN = auto()  # text
    STRAY = auto()  # text
    MOVE_CODE = auto()  # text
    MOVE_CODE_PIT = auto()  # text
    MOVE_CODE_LANDING = auto()  # text, actual
    TAG_TWICE = auto()  # name
    OPTION = auto()  # tag, part, known
    MIXED_MARKS = auto()  # playok, playok_line, federation, federation_line
    MOVE_NUMBER = auto()  # written
    RESULT_TAG_MOVES = auto()  # tagged, written
    RESULT_BOARD = auto()  # reason, white, black, result, given
    RESULT_ENDED = auto()  # result, asked
    VARIANT_UNKNOWN = auto()  # name, known
    VARIANT_PITS = auto()  # pits
    GAMES_NOT_ONE = auto()  # count
    NOT_UTF8 = auto()
    GAME_APART = auto()
    CANNOT_RECORD = auto()  # pits, stones
    RECORD_LINE_TOO_LONG = auto()  # length, limit (and the line, in the context)
    RECORD_TOO_MANY_GAMES = auto()  # limit
    RECORD_GAME_TOO_LONG = auto()  # length, limit


class RulesError(ValueError):
    """A typed error of the rules: ``fault``, ``details`` and where it was found (``context``)."""

    def __init__(self, fault: Fault, **details: Detail) -> None:
        self.fault = fault
        self.details: dict[str, Detail] = details
        self.context: dict[str, Detail] = {}
        super().__init__(fault)

    def within(self, **context: Detail) -> Self:
        """This error, said to have been found within ``context`` (what is already known stays)."""
        for key, value in context.items():
            self.context.setdefault(key, value)
        return self

    def __str__(self) -> str:
        parts = [f"{key}={value!r}" for key, value in {**self.context, **self.details}.items()]
        return f"{self.fault.value} ({', '.join(parts)})" if parts else self.fault.value


class IllegalMoveError(RulesError):
    """A move that cannot be played here: an empty pit, a pit off the row, a finished game."""


class NotationError(RulesError):
    """Text that is not a valid move token, record or FEN, or that disagrees with the rules."""
