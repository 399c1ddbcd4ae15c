"""The rules of Toguz Kumalak, Kozdatu and Bestemshe: pure, standard library only, no I/O."""

from rules.errors import IllegalMoveError, NotationError
from rules.game import Game
from rules.move import MoveReport, Outcome, Termination
from rules.notation import (
    MoveToken,
    TokenStyle,
    check_token,
    format_token,
    normalise_result,
    parse_token,
    token_mismatch,
)
from rules.position import Position
from rules.records import (
    Record,
    read_record,
    read_record_file,
    read_records,
    record_from_game,
    write_record,
    write_records,
)
from rules.variant import (
    BESTEMSHE,
    BLACK,
    KOZDATU,
    TOGUZ,
    VARIANTS,
    WHITE,
    Side,
    Variant,
    variant_for_pits,
    variant_named,
)

__all__ = [
    "BESTEMSHE", "BLACK", "KOZDATU", "TOGUZ", "VARIANTS", "WHITE", "Game", "IllegalMoveError",
    "MoveReport", "MoveToken", "NotationError", "Outcome", "Position", "Record", "Side", "Termination",
    "TokenStyle", "Variant", "check_token", "format_token", "normalise_result", "parse_token",
    "read_record", "read_record_file", "read_records", "record_from_game", "token_mismatch",
    "variant_for_pits", "variant_named", "write_record", "write_records",
]
