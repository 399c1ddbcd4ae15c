"""Naming for the announcements: who "you" are, how players, pits and the score are called.

The base of ``speech.announce.Announcer``; pure, no I/O, all words from ``speech.wording``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rules import Position, Side
from speech import wording as w
from speech.wording import capitalised

Verbosity = Literal["brief", "normal", "full"]
VERBOSITIES: tuple[Verbosity, ...] = ("brief", "normal", "full")


@dataclass(frozen=True)
class Perspective:
    """Who the listener is: ``you`` is the human's side against the computer, ``None`` for two players."""

    you: Side | None = None
    names: tuple[str, str] = ("White", "Black")
    opponent: str = "the computer"


class Namer:
    """Names sides, pits and the score for one perspective and verbosity."""

    def __init__(self, perspective: Perspective = Perspective(), verbosity: Verbosity = "normal") -> None:
        self.perspective = perspective
        self.verbosity: Verbosity = verbosity

    # Names -------------------------------------------------------------------------------------

    def _cap(self, text: str) -> str:
        """``text`` as a sentence starts, leaving a player's own name as he writes it ("maks95")."""
        if self.perspective.you is None and any(text.startswith(name) for name in self.perspective.names):
            return text
        return capitalised(text)

    def side_name(self, side: Side) -> str:
        """``"you"``, ``"the computer"`` (the opponent's name) or a player's name."""
        you = self.perspective.you
        if you is None:
            return self.perspective.names[side]
        return w.YOU if side is you else self.perspective.opponent

    def _owner(self, side: Side) -> str:
        """``"your"``, ``"the computer's"``, ``"White's"``."""
        if side is self.perspective.you:
            return w.YOUR
        return w.POSSESSIVE.format(name=self.side_name(side))

    def _verb(self, side: Side, verb: tuple[str, str]) -> str:
        return verb[0] if side is self.perspective.you else verb[1]

    def _short(self, side: Side) -> str:
        """A row in brief: ``"your"`` / ``"their"`` against the computer, else the player's name."""
        you = self.perspective.you
        if you is None:
            return self.perspective.names[side]
        return w.YOUR if side is you else w.THEIR

    def _short_who(self, side: Side) -> str:
        """A player in brief: ``"you"`` / ``"them"`` against the computer, else the player's name."""
        you = self.perspective.you
        if you is None:
            return self.perspective.names[side]
        return w.YOU if side is you else w.THEM

    def _order(self) -> tuple[Side, Side]:
        """The listener's side first; White first between two players."""
        you = self.perspective.you
        return (Side.WHITE, Side.BLACK) if you is None else (you, you.opponent)

    def pit_name(self, side: Side, pit: int) -> str:
        """``"your pit 4"``, ``"the computer's pit 6"``, ``"Black's pit 6"``."""
        return f"{self._owner(side)} pit {pit}"

    # The score ---------------------------------------------------------------------------------

    def _score(self, kazans: tuple[int, int]) -> str:
        first, second = self._order()
        if kazans[first] == kazans[second]:
            return w.SCORE_LEVEL.format(count=kazans[first])
        leader = first if kazans[first] > kazans[second] else second
        return w.SCORE_LEAD.format(
            Who=self._cap(self.side_name(leader)), lead=self._verb(leader, w.LEAD),
            high=kazans[leader], low=kazans[leader.opponent],
        )

    def _score_brief(self, kazans: tuple[int, int]) -> str:
        first, second = self._order()
        return w.SCORE_BRIEF.format(first=kazans[first], second=kazans[second])

    def kazans(self, position: Position) -> str:
        """The score: who leads, and by how much."""
        if self.verbosity == "brief":
            return self._score_brief(position.kazans)
        text = self._score(position.kazans)
        if self.verbosity == "full":
            text = f"{text} {w.SCORE_NEEDED.format(count=position.variant.majority)}"
        return text
