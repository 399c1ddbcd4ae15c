"""Move codes as PlayStrategy (lila's server, strategygames' togyzkumalak) writes them: ``<orig><dest>``.

Squares are named as the first player (White) sees the board: his pits 1 to N are ``a1`` to ``i1``
(file ``a`` at his left), the second player's pits 1 to N are ``i2`` down to ``a2`` (his pit 1 lies
across from White's pit N). ``orig`` is the pit played, ``dest`` the pit where the last stone lands, on
either row. strategygames' test game opens ``f1e2 d2e1 i1a2``: White's pit 6 to Black's pit 5, Black's
pit 6 to White's pit 5, White's pit 9 to Black's pit 9.

Reading a code checks it against the rules: the square played must be the mover's, and the last stone
of that pit must land where the code says.
"""

from __future__ import annotations

import re

from rules.errors import Fault, NotationError
from rules.move import MoveReport, play_move
from rules.position import Position
from rules.variant import Side

FILES = "abcdefghi"
_CODE = re.compile(r"^([a-i])([12])([a-i])([12])$")


def square(side: Side, pit: int, pits: int) -> str:
    """The square of ``side``'s pit ``pit`` on a board of ``pits`` a row."""
    if not 1 <= pit <= pits <= len(FILES):
        raise ValueError(f"no pit {pit} on a board of {pits}")
    if side is Side.WHITE:
        return f"{FILES[pit - 1]}1"
    return f"{FILES[pits - pit]}2"


def pit_of(text: str, pits: int) -> tuple[Side, int]:
    """The side and pit a square names; ``NotationError`` for a square not on the board."""
    if len(text) != 2 or text[0] not in FILES[:pits] or text[1] not in "12":
        raise NotationError(Fault.MOVE_CODE, text=text)
    column = FILES.index(text[0])
    if text[1] == "1":
        return Side.WHITE, column + 1
    return Side.BLACK, pits - column


def move_code(report: MoveReport, pits: int) -> str:
    """The code of a move played: the pit played, then where its last stone landed."""
    return square(report.mover, report.pit, pits) + square(report.landing_side, report.landing_pit, pits)


def read_move_code(position: Position, code: str) -> int:
    """The pit ``code`` plays in ``position`` (for the side to move), checked with the rules:
    ``NotationError`` when it is not a code, names another side's pit or an empty one, or when the last
    stone would land elsewhere than the code says."""
    pits = position.variant.pits
    found = _CODE.match(code.strip().lower())
    if found is None:
        raise NotationError(Fault.MOVE_CODE, text=code[:12])
    try:
        side, pit = pit_of(found.group(1) + found.group(2), pits)
        landing = pit_of(found.group(3) + found.group(4), pits)
    except NotationError:
        raise NotationError(Fault.MOVE_CODE, text=code[:12]) from None
    if side is not position.to_move or pit not in position.legal_moves():
        raise NotationError(Fault.MOVE_CODE_PIT, text=code[:12])
    _after, report = play_move(position, pit)
    if (report.landing_side, report.landing_pit) != landing:
        raise NotationError(Fault.MOVE_CODE_LANDING, text=code[:12], actual=move_code(report, pits))
    return pit
