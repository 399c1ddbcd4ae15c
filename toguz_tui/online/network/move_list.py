"""A server's list of move codes read with toguz's own rules: the one reading that a game played
(``game_stream``), a game watched (``watched_game``) and the bot's game (``bot_game``) make of the moves
a server sends.

Such a list is hostile input: a code may not be a code, may name a pit that cannot be played or a landing
the move does not make (``rules.movecode.read_move_code``), or may come after the game has ended by the
rules (a kazan past 81: the position may still have stones to sow, but the game has no move left). The
reading takes the moves up to the first such code and names it; nothing is raised.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules import Game, NotationError, Position
from rules.movecode import read_move_code
from toguz_tui.online.network.server_messages import MOST_PLIES

LONGEST_CODE = 12  # characters of a refused code kept (to be said)


@dataclass(frozen=True)
class MoveList:
    """The pits read, in order; the first code the rules refused (None when every one was taken, cut to
    ``LONGEST_CODE`` characters) and whether it came after the game's end."""

    pits: tuple[int, ...]
    refused: str | None = None
    past_end: bool = False


def read_moves(codes: Sequence[str], start: Position | None = None) -> MoveList:
    """The moves ``codes`` play from ``start`` (the usual start when None), up to the first the rules refuse
    (at most ``MOST_PLIES`` codes are read)."""
    game, pits = Game(position=start), list[int]()
    for code in codes[:MOST_PLIES]:
        if game.is_over:
            return MoveList(tuple(pits), code[:LONGEST_CODE], past_end=True)
        try:
            pit = read_move_code(game.position, code)
        except NotationError:
            return MoveList(tuple(pits), code[:LONGEST_CODE])
        game.play(pit)
        pits.append(pit)
    return MoveList(tuple(pits))
