"""PlayStrategy FEN: reading with a clear reason for every fault, and writing that round-trips.

Both work on plain parts (``FenParts``: variant, board in sowing order, kazans, tuzdyks, side to
move, move number), not on ``Position``, which builds on this module and not the reverse.

Reading never trusts a number: every field is checked to be ASCII digits of a bounded length, and
bounded in value (a pit or a kazan holds at most the largest variant's 162 stones, an empty run
covers at most a row), before it is used or expanded, so no text can make the program build a
huge board or a huge number. An error carries the FEN; its wording quotes at most the start of a long one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules.errors import Fault, NotationError
from rules.variant import VARIANTS, Side, Variant, variant_for_pits

MAX_LENGTH = 400  # characters: the longest real FEN is under 80
MAX_STONES = max(variant.total for variant in VARIANTS)  # no pit or kazan holds more
MAX_PITS = max(variant.pits for variant in VARIANTS)
MAX_MOVE_NUMBER = 9999

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


def write_fen(parts: FenParts) -> str:
    """Black's row from pit N down to 1, ``/``, White's row 1..N, kazans, side to move, move number."""
    n = parts.variant.pits
    black = [_cell(parts, Side.BLACK, pit) for pit in range(n, 0, -1)]
    white = [_cell(parts, Side.WHITE, pit) for pit in range(1, n + 1)]
    side = "S" if parts.to_move is Side.WHITE else "N"
    white_kazan, black_kazan = parts.kazans
    return f"{_join(black)}/{_join(white)} {white_kazan} {black_kazan} {side} {parts.move_number}"


def _cell(parts: FenParts, side: Side, pit: int) -> str:
    """``t`` for a tuzdyk (owned by the player across the board), ``kS`` for k stones, ``""`` if empty."""
    if parts.tuzdyks[side.opponent] == pit:
        return "t"
    count = parts.board[side * parts.variant.pits + pit - 1]
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
        raise NotationError(Fault.FEN_TOO_LONG, length=len(text), limit=MAX_LENGTH, text=text)
    fields = text.strip().split()
    if len(fields) != 5:
        raise NotationError(Fault.FEN_FIELDS, found=len(fields), text=text)
    rows, white_kazan, black_kazan, side_text, number = fields
    if rows.count("/") != 1:
        raise NotationError(Fault.FEN_ROWS, text=rows)
    black_text, white_text = rows.split("/")
    black_cells = _read_row(black_text, Side.BLACK)
    white_cells = _read_row(white_text, Side.WHITE)
    if len(black_cells) != len(white_cells):
        raise NotationError(Fault.FEN_ROW_LENGTHS, black=len(black_cells), white=len(white_cells), text=text)
    n = len(white_cells)
    tuzdyk_seen = "t" in black_cells or "t" in white_cells
    variant = _choose_variant(n, variant, tuzdyk_seen, text)
    black_cells.reverse()  # now pit 1..N
    kazans = (_kazan(white_kazan, Side.WHITE), _kazan(black_kazan, Side.BLACK))
    if side_text not in ("S", "N"):
        raise NotationError(Fault.FEN_SIDE, value=side_text)
    if not _NUMBER.match(number) or not 1 <= int(number) <= MAX_MOVE_NUMBER:
        raise NotationError(Fault.FEN_MOVE_NUMBER, limit=MAX_MOVE_NUMBER, value=number)
    move_number = int(number)
    tuzdyks = (_tuzdyk(black_cells, Side.WHITE, text), _tuzdyk(white_cells, Side.BLACK, text))
    _check_tuzdyks(variant, tuzdyks, text)
    board = tuple(0 if cell == "t" else int(cell) for cell in white_cells + black_cells)
    stones = sum(board) + sum(kazans)
    if stones != variant.total:
        raise NotationError(Fault.FEN_STONES, stones=stones, variant=variant.pits, total=variant.total, text=text)
    side = Side.WHITE if side_text == "S" else Side.BLACK
    return FenParts(variant, board, kazans, tuzdyks, side, move_number)


def _read_row(text: str, owner: Side) -> list[str]:
    """The cells of one row: a count as digits, ``"t"`` for a tuzdyk; never longer than a row."""
    cells: list[str] = []
    for part in text.split(","):
        match = _PIT.match(part.strip())
        if match is None:
            raise NotationError(Fault.FEN_PIT, side=owner, part=part, text=text)
        stones, empty, tuzdyk = match.groups()
        if tuzdyk:
            cells.append("t")
        elif stones is not None:
            if int(stones) > MAX_STONES:
                raise NotationError(Fault.FEN_PIT_STONES, side=owner, stones=int(stones), limit=MAX_STONES, text=text)
            cells.append(str(int(stones)))
        else:
            run = int(empty)
            if not 1 <= run <= MAX_PITS:
                raise NotationError(Fault.FEN_EMPTY_RUN, side=owner, run=run, text=text)
            cells.extend(["0"] * run)
        if len(cells) > MAX_PITS:
            raise NotationError(Fault.FEN_ROW_TOO_LONG, side=owner, limit=MAX_PITS, text=text)
    return cells


def _choose_variant(n: int, variant: Variant | None, tuzdyk_seen: bool, text: str) -> Variant:
    if variant is None:
        try:
            variant = variant_for_pits(n)
        except ValueError:
            raise NotationError(Fault.FEN_PITS, pits=n, text=text) from None
        if tuzdyk_seen and not variant.tuzdyks and variant.pits == 7:
            variant = variant.with_options(tuzdyks=True)  # Kozdatu with its optional tuzdyks
    elif variant.pits != n:
        raise NotationError(Fault.FEN_PITS_VARIANT, pits=n, variant=variant.pits, text=text)
    if tuzdyk_seen and not variant.tuzdyks:
        raise NotationError(Fault.FEN_NO_TUZDYKS, variant=variant.pits, text=text)
    return variant


def _kazan(field: str, side: Side) -> int:
    if not _NUMBER.match(field) or int(field) > MAX_STONES:
        raise NotationError(Fault.FEN_KAZAN, side=side, limit=MAX_STONES, value=field)
    return int(field)


def _tuzdyk(cells: list[str], owner: Side, text: str) -> int | None:
    places = [pit for pit, cell in enumerate(cells, 1) if cell == "t"]
    if len(places) > 1:
        raise NotationError(Fault.FEN_TUZDYKS, side=owner, count=len(places), text=text)
    return places[0] if places else None


def _check_tuzdyks(variant: Variant, tuzdyks: tuple[int | None, int | None], text: str) -> None:
    if variant.unrestricted_tuzdyk:
        return
    for owner, pit in zip(Side, tuzdyks, strict=True):
        if pit == variant.pits:
            raise NotationError(Fault.FEN_TUZDYK_LAST, side=owner, pit=pit, text=text)
    if tuzdyks[0] is not None and tuzdyks[0] == tuzdyks[1]:
        raise NotationError(Fault.FEN_TUZDYK_SAME, pit=tuzdyks[0], text=text)
