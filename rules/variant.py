"""The three games and their options: pits, stones, tuzdyks and the rules that vary by source."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import IntEnum
from typing import Literal, get_args

NoMoveRule = Literal["collect", "lose"]
NO_MOVE_RULES: tuple[NoMoveRule, ...] = ("collect", "lose")


class Side(IntEnum):
    """A player: White moves first and owns pits 0..N-1 of the board, Black the rest."""

    WHITE = 0
    BLACK = 1

    @property
    def opponent(self) -> Side:
        """The other player."""
        return Side.BLACK if self is Side.WHITE else Side.WHITE

    @property
    def key(self) -> str:
        """``"white"`` or ``"black"``: the side as settings, options and saved games write it."""
        return self.name.lower()


WHITE = Side.WHITE
BLACK = Side.BLACK


@dataclass(frozen=True, slots=True)
class Variant:
    """One game of the family with its options: the readings of the rules on which sources differ.

    ``no_move`` is what happens when the player to move has no stones: ``"collect"`` (the other
    player collects his own row, the higher kazan wins) or ``"lose"`` (the player who cannot move
    loses). ``stop_at_majority`` ends the game as soon as a kazan holds more than half the stones.
    ``unrestricted_tuzdyk`` lifts the "not in pit N" and "not the same number" restrictions.
    """

    name: str
    pits: int
    stones: int
    tuzdyks: bool = True
    no_move: NoMoveRule = "collect"
    stop_at_majority: bool = True
    unrestricted_tuzdyk: bool = False

    def __post_init__(self) -> None:
        if not 2 <= self.pits <= 9:
            raise ValueError(f"a variant needs 2 to 9 pits a row, not {self.pits}")
        if self.stones < 1:
            raise ValueError(f"a variant needs at least 1 stone a pit, not {self.stones}")
        if self.no_move not in NO_MOVE_RULES:
            raise ValueError(f"no_move must be one of {', '.join(NO_MOVE_RULES)}, not {self.no_move!r}")

    @property
    def total(self) -> int:
        """All the stones in play: 162 in Toguz Kumalak."""
        return 2 * self.pits * self.stones

    @property
    def majority(self) -> int:
        """The smallest kazan that holds more than half of all stones: 82 in Toguz Kumalak."""
        return self.total // 2 + 1

    def with_options(
        self,
        *,
        tuzdyks: bool | None = None,
        no_move: NoMoveRule | None = None,
        stop_at_majority: bool | None = None,
        unrestricted_tuzdyk: bool | None = None,
    ) -> Variant:
        """This variant with some options changed."""
        return replace(
            self,
            tuzdyks=self.tuzdyks if tuzdyks is None else tuzdyks,
            no_move=self.no_move if no_move is None else no_move,
            stop_at_majority=self.stop_at_majority if stop_at_majority is None else stop_at_majority,
            unrestricted_tuzdyk=(
                self.unrestricted_tuzdyk if unrestricted_tuzdyk is None else unrestricted_tuzdyk
            ),
        )


TOGUZ = Variant("Toguz Kumalak", 9, 9, tuzdyks=True)
KOZDATU = Variant("Kozdatu", 7, 7, tuzdyks=False)
BESTEMSHE = Variant("Bestemshe", 5, 5, tuzdyks=False)
VARIANTS: tuple[Variant, ...] = (TOGUZ, KOZDATU, BESTEMSHE)
VariantKey = Literal["toguz", "kozdatu", "bestemshe"]
VARIANT_WORDS: tuple[VariantKey, ...] = get_args(VariantKey)
VARIANT_KEYS: dict[VariantKey, Variant] = dict(zip(VARIANT_WORDS, VARIANTS, strict=True))

_ALIASES: dict[str, Variant] = {
    **dict(VARIANT_KEYS.items()), "toguz kumalak": TOGUZ, "togyz kumalak": TOGUZ, "togyzkumalak": TOGUZ,
    "toguz korgool": TOGUZ, "togyz qumalaq": TOGUZ, "togyz": TOGUZ,
}


def variant_key(variant: Variant) -> VariantKey:
    """The word for ``variant``'s game (by its pits: options do not change the game's name)."""
    for key, standard in VARIANT_KEYS.items():
        if standard.pits == variant.pits:
            return key
    return "toguz"


def variant_named(name: str) -> Variant:
    """The variant a user or a record names ("Toguz Kumalak", "bestemshe", ...)."""
    found = _ALIASES.get(" ".join(name.lower().replace("-", " ").split()))
    if found is None:
        raise ValueError(f"unknown variant {name!r}: choose {', '.join(VARIANT_KEYS)}")
    return found


def variant_for_pits(pits: int) -> Variant:
    """The standard variant with this many pits a row (5, 7 or 9)."""
    for variant in VARIANTS:
        if variant.pits == pits:
            return variant
    raise ValueError(f"no variant has {pits} pits a row: 5, 7 and 9 are known")
