"""The rules of Toguz Kumalak, Kozdatu and Bestemshe: pure, standard library only, no I/O."""

from rules.errors import IllegalMoveError, NotationError
from rules.game import Game
from rules.move import MoveReport, Outcome, Termination
from rules.position import Position
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
    "MoveReport", "NotationError", "Outcome", "Position", "Side", "Termination", "Variant",
    "variant_for_pits", "variant_named",
]
