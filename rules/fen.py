"""PlayStrategy FEN: reading with a clear reason for every fault, and writing that round-trips.

Reading never trusts a number: every field is checked to be ASCII digits of a bounded length, and
bounded in value (a pit or a kazan holds at most the largest variant's 162 stones, an empty run
covers at most a row), before it is used or expanded, so no text can make the program build a
huge board or a huge number. An error quotes at most the start of a long FEN.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules.errors import NotationError
from rules.variant import VARIANTS, Side, Variant, variant_for_pits

if TYPE_CHECKING:
    from rules.position import Position

MAX_LENGTH = 400  # characters: the longest real FEN is under 80
MAX_STONES = max(variant.total for variant in VARIANTS)  # no pit or kazan holds more
MAX_PITS = max(variant.pits for variant in VARIANTS)
MAX_MOVE_NUMBER = 9999
QUOTE = 60  # characters of a bad FEN quoted in an error

_PIT = re.compile(r"^(?:([0-9]{1,3})[Ss]|([0-9]{1,2})|([tT]))$")
_NUMBER = re.compile(r"^[0-9]{1,4}$")


@dataclass(frozen=True, slots=True)
class FenParts:
    """What a FEN says, checked: the variant, the board in sowing order, kazans, tuzdyks, turn, number."""

    variant: Variant
    board: tuple[int, ...]
    kazans: tuple[int, int]
    tuzdyks: tuple[int | None, int | None]
    to_move: Side
    move_number: int


def quoted(text: str) -> str:
    """``text`` quoted for an error message, cut to its first characters when long."""
    if len(text) <= QUOTE:
        return repr(text)
    return repr(text[:QUOTE]) + f"... ({len(text)} characters)"


def shortened(text: str) -> str:
    """``text`` cut to its first characters when long (for a name in a message)."""
    return text if len(text) <= QUOTE else text[:QUOTE] + "..."


def position_to_fen(position: Position) -> str:
    """Black's row from pit N down to 1, ``/``, White's row 1..N, kazans, side to move, move number."""
    n = position.variant.pits
    black = [_cell(position, Side.BLACK, pit) for pit in range(n, 0, -1)]
    white = [_cell(position, Side.WHITE, pit) for pit in range(1, n + 1)]
    side = "S" if position.to_move is Side.WHITE else "N"
    white_kazan, black_kazan = position.kazans
    return (
        f"{_join(black)}/{_join(white)} {white_kazan} {black_kazan} {side} {position.move_number}"
    )


def _cell(position: Position, side: Side, pit: int) -> str:
    if position.tuzdyk_owner(side, pit) is not None:
        return "t"
    count = position.pit(side, pit)
    return f"{count}S" if count else ""


def _join(cells: list[str]) -> str:
    """Join cells with commas, runs of empty pits written as their length."""
    parts: list[str] = []
    empty = 0
    for cell in cells:
        if cell == "":
            empty += 1
            continue
        if empty:
            parts.append(str(empty))
            empty = 0
        parts.append(cell)
    if empty:
        parts.append(str(empty))
    return ",".join(parts)


def parse_fen(text: str, variant: Variant | None = None) -> FenParts:
    """Read a FEN; raise ``NotationError`` saying what is wrong with it."""
    if len(text) > MAX_LENGTH:
        raise NotationError(f"FEN is {len(text)} characters long; a position takes at most {MAX_LENGTH}: "
                            f"{quoted(text)}")
    fields = text.strip().split()
    if len(fields) != 5:
        raise NotationError(
            f"FEN needs 5 fields (rows, White's kazan, Black's kazan, side, move number), "
            f"found {len(fields)}: {quoted(text)}"
        )
    rows, white_kazan, black_kazan, side_text, number = fields
    if rows.count("/") != 1:
        raise NotationError(f"FEN rows must be two, split by one '/': {quoted(rows)}")
    black_text, white_text = rows.split("/")
    black_cells = _read_row(black_text, "Black")
    white_cells = _read_row(white_text, "White")
    if len(black_cells) != len(white_cells):
        raise NotationError(
            f"FEN rows differ in length: Black's has {len(black_cells)} pits, "
            f"White's {len(white_cells)}: {quoted(text)}"
        )
    n = len(white_cells)
    tuzdyk_seen = "t" in black_cells or "t" in white_cells
    variant = _choose_variant(n, variant, tuzdyk_seen, text)
    black_cells.reverse()  # now pit 1..N
    kazans = (_number(white_kazan, "White's kazan", text, MAX_STONES),
              _number(black_kazan, "Black's kazan", text, MAX_STONES))
    if side_text not in ("S", "N"):
        raise NotationError(f"FEN side to move must be S (White) or N (Black), not {quoted(side_text)}")
    move_number = _number(number, "the move number", text, MAX_MOVE_NUMBER)
    if move_number < 1:
        raise NotationError(f"FEN move number must be 1 or more, not {move_number}")
    tuzdyks = (_tuzdyk(black_cells, "White", text), _tuzdyk(white_cells, "Black", text))
    _check_tuzdyks(variant, tuzdyks, text)
    board = tuple(0 if cell == "t" else int(cell) for cell in white_cells + black_cells)
    stones = sum(board) + sum(kazans)
    if stones != variant.total:
        raise NotationError(
            f"FEN holds {stones} stones but {variant.name} is played with {variant.total}: {quoted(text)}"
        )
    side = Side.WHITE if side_text == "S" else Side.BLACK
    return FenParts(variant, board, kazans, tuzdyks, side, move_number)


def _read_row(text: str, owner: str) -> list[str]:
    """The cells of one row: a count as digits, ``"t"`` for a tuzdyk; never longer than a row."""
    cells: list[str] = []
    for part in text.split(","):
        match = _PIT.match(part.strip())
        if match is None:
            raise NotationError(f"FEN: {owner}'s row has an unreadable pit {quoted(part)} in {quoted(text)}")
        stones, empty, tuzdyk = match.groups()
        if tuzdyk:
            cells.append("t")
        elif stones is not None:
            if int(stones) > MAX_STONES:
                raise NotationError(f"FEN: {owner}'s row has a pit of {int(stones)} stones; no game has more "
                                    f"than {MAX_STONES}: {quoted(text)}")
            cells.append(str(int(stones)))
        else:
            run = int(empty)
            if not 1 <= run <= MAX_PITS:
                raise NotationError(f"FEN: {owner}'s row has an empty run of {run} pits in {quoted(text)}")
            cells.extend(["0"] * run)
        if len(cells) > MAX_PITS:
            raise NotationError(f"FEN: {owner}'s row has more than {MAX_PITS} pits: {quoted(text)}")
    return cells


def _choose_variant(n: int, variant: Variant | None, tuzdyk_seen: bool, text: str) -> Variant:
    if variant is None:
        try:
            variant = variant_for_pits(n)
        except ValueError:
            raise NotationError(f"FEN rows have {n} pits: 5, 7 or 9 are known: {quoted(text)}") from None
        if tuzdyk_seen and not variant.tuzdyks and variant.pits == 7:
            variant = variant.with_options(tuzdyks=True)  # Kozdatu with its optional tuzdyks
    elif variant.pits != n:
        raise NotationError(f"FEN rows have {n} pits but {variant.name} has {variant.pits}: {quoted(text)}")
    if tuzdyk_seen and not variant.tuzdyks:
        raise NotationError(f"FEN has a tuzdyk but {variant.name} is played without them: {quoted(text)}")
    return variant


def _number(field: str, what: str, text: str, largest: int) -> int:
    if not _NUMBER.match(field) or int(field) > largest:
        raise NotationError(f"FEN: {what} must be a whole number from 0 to {largest}, not {quoted(field)}")
    return int(field)


def _tuzdyk(cells: list[str], owner: str, text: str) -> int | None:
    places = [pit for pit, cell in enumerate(cells, 1) if cell == "t"]
    if len(places) > 1:
        raise NotationError(f"FEN gives {owner} {len(places)} tuzdyks; a player has at most one: {quoted(text)}")
    return places[0] if places else None


def _check_tuzdyks(variant: Variant, tuzdyks: tuple[int | None, int | None], text: str) -> None:
    if variant.unrestricted_tuzdyk:
        return
    for owner, pit in zip(("White", "Black"), tuzdyks, strict=True):
        if pit == variant.pits:
            raise NotationError(
                f"FEN puts {owner}'s tuzdyk in pit {pit}, the last pit, where none may stand: {quoted(text)}"
            )
    if tuzdyks[0] is not None and tuzdyks[0] == tuzdyks[1]:
        raise NotationError(
            f"FEN gives both players a tuzdyk in pit {tuzdyks[0]}, which the rules forbid: {quoted(text)}"
        )
