"""Naming for the announcements: who "you" are, how players, pits and the score are called.

The base of ``speech.words.announce.Announcer``; pure, no I/O. Every word comes from the catalogue
(``speech.words.i18n``), looked up when a sentence is made, so a change of language takes effect at once.

A sentence about a player is chosen by the player's grammar (``Party.kind``): ``you`` (the listener,
against the computer), ``one`` (the computer, a player by his own name) or ``side`` (White or Black,
which some languages treat apart: Russian says "белые" in the plural). The other words about a
player come with it, in the forms a translation needs: ``who`` (the subject), ``whose`` (the owner:
"the computer's", Russian "компьютера") and ``to_whom``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from rules import Position, Side
from speech.words.i18n import _, p_

Verbosity = Literal["brief", "normal", "full"]
VERBOSITIES: tuple[Verbosity, ...] = get_args(Verbosity)
Kind = Literal["you", "one", "side"]
Role = Literal["pit", "into", "from", "made"]


@dataclass(frozen=True)
class Perspective:
    """Who the listener is: ``you`` is the human's side against the computer, ``None`` for two players.
    ``names`` are the players' own names ("" for White and Black), ``opponent`` the opponent's own
    name against you ("" for the computer)."""

    you: Side | None = None
    names: tuple[str, str] = ("", "")
    opponent: str = ""
    trainer: bool = False  # a lesson or a puzzle: the other side is "the opponent"


@dataclass(frozen=True)
class Party:
    """A player as a sentence names him (see the module's docstring)."""

    kind: Kind
    who: str
    whose: str
    to_whom: str


def capitalised(text: str) -> str:
    """``text`` with its first letter in capitals, as a sentence starts."""
    return text[:1].upper() + text[1:]


class Namer:
    """Names sides, pits and the score for one perspective and verbosity."""

    def __init__(self, perspective: Perspective = Perspective(), verbosity: Verbosity = "normal") -> None:
        self.perspective = perspective
        self.verbosity: Verbosity = verbosity

    # Names -------------------------------------------------------------------------------------

    def _own_names(self) -> list[str]:
        """The names players gave themselves: written as they write them, never capitalised."""
        return [name for name in (*self.perspective.names, self.perspective.opponent) if name]

    def _cap(self, text: str) -> str:
        """``text`` as a sentence starts, leaving a player's own name as he writes it ("maks95")."""
        if any(text.startswith(name) for name in self._own_names()):
            return text
        return capitalised(text)

    def party(self, side: Side) -> Party:
        """``side`` as the sentences of this perspective name it."""
        you = self.perspective.you
        if side is you:
            # Translators: a player in three forms, by context: "who" is the subject of a sentence ("the
            # computer sows"), "whose" the owner ("the computer's pit 6": in Russian "лунка 6 компьютера",
            # the genitive; in Kazakh "компьютердің"), "to whom" the one something goes to (the dative).
            return Party("you", p_("who", "you"), p_("whose", "your"), p_("to whom", "you"))
        name = self.perspective.opponent if you is not None else self.perspective.names[side]
        if name:
            # Translators: a player's own name, as typed (it cannot be declined): "{name}'s" may be
            # written "of the player {name}" (Russian "игрока {name}").
            return Party("one", p_("who", "{name}").format(name=name), p_("whose", "{name}'s").format(name=name),
                         p_("to whom", "{name}").format(name=name))
        if you is not None and self.perspective.trainer:
            return Party("one", p_("who", "the opponent"), p_("whose", "the opponent's"),
                         p_("to whom", "the opponent"))
        if you is not None:
            return Party("one", p_("who", "the computer"), p_("whose", "the computer's"),
                         p_("to whom", "the computer"))
        if side is Side.WHITE:
            return Party("side", p_("who", "White"), p_("whose", "White's"), p_("to whom", "White"))
        return Party("side", p_("who", "Black"), p_("whose", "Black's"), p_("to whom", "Black"))

    def side_name(self, side: Side) -> str:
        """``"you"``, ``"the computer"`` (the opponent's name) or a player's name."""
        return self.party(side).who

    @staticmethod
    def _pick(party: Party, you: str, one: str, side: str) -> str:
        """The sentence for ``party``'s grammar, of three given: for "you", for one player (context
        "one": the computer or a player's own name, singular) and for a side (context "side": White
        or Black, which Russian makes plural, "белые сеют")."""
        return you if party.kind == "you" else one if party.kind == "one" else side

    def pit_name(self, side: Side, pit: int, role: Role = "pit") -> str:
        """``"your pit 4"``, ``"the computer's pit 6"``, ``"Black's pit 6"``: as the subject, or in the
        form a sentence needs after "into", "from" or "makes ... a tuzdyk" (the same in English)."""
        party = self.party(side)
        if party.kind == "you":
            # Translators: a pit named with its owner, in the form each sentence needs: context "pit" as
            # the subject ("Your pit 4: 12 stones"), "into" after "falls into" / "lands in", "from" after
            # "takes 12 from", "made a tuzdyk" after "makes ... a tuzdyk". In English all four are alike.
            text = {"pit": p_("pit", "your pit {pit}"), "into": p_("into", "your pit {pit}"),
                    "from": p_("from", "your pit {pit}"), "made": p_("made a tuzdyk", "your pit {pit}")}[role]
        else:
            text = {"pit": p_("pit", "{whose} pit {pit}"), "into": p_("into", "{whose} pit {pit}"),
                    "from": p_("from", "{whose} pit {pit}"),
                    "made": p_("made a tuzdyk", "{whose} pit {pit}")}[role]
        return text.format(whose=party.whose, pit=pit)

    def _order(self) -> tuple[Side, Side]:
        """The listener's side first; White first between two players."""
        you = self.perspective.you
        return (Side.WHITE, Side.BLACK) if you is None else (you, you.opponent)

    # Short names, for brief sentences (a braille line) ------------------------------------------

    def _short(self, side: Side) -> str:
        """A row in brief: ``"your"`` / ``"their"`` against the computer, else the player's name."""
        you = self.perspective.you
        if you is None:
            return self.party(side).who
        return p_("brief", "your") if side is you else p_("brief", "their")

    def _short_who(self, side: Side) -> str:
        """A player in brief: ``"you"`` / ``"them"`` against the computer, else the player's name."""
        you = self.perspective.you
        if you is None:
            return self.party(side).who
        return p_("brief", "you") if side is you else p_("brief", "them")

    def _short_rows(self, side: Side) -> str:
        """A row as a heading in brief: ``"Yours"`` / ``"Theirs"``, else the player's name."""
        you = self.perspective.you
        if you is None:
            return self.party(side).who
        return p_("brief", "Yours") if side is you else p_("brief", "Theirs")

    # The score ---------------------------------------------------------------------------------

    def _score(self, kazans: tuple[int, int]) -> str:
        first, second = self._order()
        if kazans[first] == kazans[second]:
            return _("Tied at {count}.").format(count=kazans[first])
        leader = first if kazans[first] > kazans[second] else second
        party = self.party(leader)
        template = self._pick(party, _("You lead {high} to {low}."), p_("one", "{who} leads {high} to {low}."),
                              p_("side", "{who} leads {high} to {low}."))
        return self._cap(template.format(who=party.who, high=kazans[leader], low=kazans[leader.opponent]))

    def _score_brief(self, kazans: tuple[int, int]) -> str:
        first, second = self._order()
        return _("{first} to {second}.").format(first=kazans[first], second=kazans[second])

    def kazans(self, position: Position) -> str:
        """The score: who leads, and by how much."""
        if self.verbosity == "brief":
            return self._score_brief(position.kazans)
        text = self._score(position.kazans)
        if self.verbosity == "full":
            needed = _("It takes {count} to win.").format(count=position.variant.majority)
            text = f"{text} {needed}"
        return text
