"""A position: an immutable value, the board in sowing order with kazans, tuzdyks and the turn."""

from __future__ import annotations

from dataclasses import dataclass

from rules.fen import FenParts, parse_fen, write_fen
from rules.variant import TOGUZ, Side, Variant


@dataclass(frozen=True, slots=True)
class Position:
    """Everything that decides the game from here on.

    ``board`` holds 2N counts in sowing order: White's pits 1..N, then Black's pits 1..N.
    ``tuzdyks[WHITE]`` is the number of the pit White owns on Black's row (or ``None``), and
    ``tuzdyks[BLACK]`` the one Black owns on White's row. ``move_number`` is the full-move
    number, as in FEN: it grows after each of Black's moves.
    """

    variant: Variant
    board: tuple[int, ...]
    kazans: tuple[int, int]
    tuzdyks: tuple[int | None, int | None]
    to_move: Side
    move_number: int = 1

    @classmethod
    def start(cls, variant: Variant = TOGUZ) -> Position:
        """The starting position: every pit holds the variant's stones, White to move."""
        return cls(variant, (variant.stones,) * (2 * variant.pits), (0, 0), (None, None), Side.WHITE)

    def index(self, side: Side, pit: int) -> int:
        """Where ``side``'s pit number ``pit`` (1..N) stands in ``board``."""
        return side * self.variant.pits + pit - 1

    def pit(self, side: Side, pit: int) -> int:
        """How many stones ``side``'s pit number ``pit`` holds."""
        return self.board[self.index(side, pit)]

    def row(self, side: Side) -> tuple[int, ...]:
        """``side``'s pits 1..N."""
        n = self.variant.pits
        return self.board[side * n : side * n + n]

    def tuzdyk_owner(self, side: Side, pit: int) -> Side | None:
        """Who owns ``side``'s pit ``pit`` as a tuzdyk: always the opponent of ``side``, or nobody."""
        owner = side.opponent
        return owner if self.tuzdyks[owner] == pit else None

    def legal_moves(self) -> list[int]:
        """The pits of the side to move that hold stones, ascending (whether or not the game is over)."""
        return [number for number, count in enumerate(self.row(self.to_move), 1) if count]

    def fen(self) -> str:
        """This position in PlayStrategy FEN (Black's row from pit N down to 1, ``/``, White's row
        1..N, the kazans, the side to move, the move number: see ``rules.fen``)."""
        return write_fen(FenParts(self.variant, self.board, self.kazans, self.tuzdyks, self.to_move, self.move_number))

    @classmethod
    def from_fen(cls, text: str, variant: Variant | None = None) -> Position:
        """Read a PlayStrategy FEN; the row length gives the variant unless one is passed.
        ``NotationError`` says what is wrong with a bad one."""
        parts = parse_fen(text, variant)
        return cls(parts.variant, parts.board, parts.kazans, parts.tuzdyks, parts.to_move, parts.move_number)
