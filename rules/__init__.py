"""The rules of Toguz Kumalak, Kozdatu and Bestemshe: positions, moves, games, FEN and game records.

Never prints and has no user interface. Standard library only and no I/O, except:

- ``read_record_file`` reads the UTF-8 record file it is given (every other reader takes text);
- ``rules.engine``, the computer opponent (not imported by this package), reads its opening book
  ``rules/engine/book.json`` (shipped with the package), the ``TOGUZ_ENGINE`` variable and the
  clock (a search stops at its time limit); its compiled search, ``rules.engine.fast``, imports
  numba and numpy (at the first search) and keeps numba's compiled code in a cache on disk.
"""

from rules.errors import Fault, IllegalMoveError, NotationError, RulesError
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
    VARIANT_KEYS,
    VARIANT_WORDS,
    VARIANTS,
    WHITE,
    Side,
    Variant,
    VariantKey,
    variant_for_pits,
    variant_key,
    variant_named,
)

__all__ = [
    "BESTEMSHE",
    "BLACK",
    "KOZDATU",
    "TOGUZ",
    "VARIANTS",
    "VARIANT_KEYS",
    "VARIANT_WORDS",
    "WHITE",
    "Fault",
    "Game",
    "IllegalMoveError",
    "MoveReport",
    "MoveToken",
    "NotationError",
    "Outcome",
    "Position",
    "Record",
    "RulesError",
    "Side",
    "Termination",
    "TokenStyle",
    "Variant",
    "VariantKey",
    "check_token",
    "format_token",
    "normalise_result",
    "parse_token",
    "read_record",
    "read_record_file",
    "read_records",
    "record_from_game",
    "token_mismatch",
    "variant_for_pits",
    "variant_key",
    "variant_named",
    "write_record",
    "write_records",
]
