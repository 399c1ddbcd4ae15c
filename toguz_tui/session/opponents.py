"""Who plays the other side: one interface, three kinds.

- ``ComputerOpponent``: the engine, thinking in a background thread when it is its turn;
- ``PersonOpponent``: a second person at the same keyboard (both sides are played here);
- a remote player (``toguz_tui.online.play.RemoteOpponent``): the moves come from a server, and the
  moves made here go to it before they are made.

The session asks its opponent at the few points where they differ: when it may be the opponent's
turn (``your_turn``), before a move made here is made (``before_move``), for a command that ends or
changes the game off the board (``send``), and whether undo or the engine's help is allowed
(``refuses``). Everything else (the game, saving, speech, clocks) is the session's and the same for all
three.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Literal

if TYPE_CHECKING:
    from rules import MoveReport
    from toguz_tui.session.facade import GameSession

Kind = Literal["computer", "person", "remote"]
Refusable = Literal["undo", "engine", "pause"]


class Opponent:
    """The other side. The base plays nothing by itself and refuses nothing (a person here)."""

    kind: ClassVar[Kind] = "person"
    name: str = ""  # the opponent's own name ("": the computer, or White and Black between two people)

    @property
    def plays_itself(self) -> bool:
        """Whether its moves come without a key pressed here (the computer's, a remote player's)."""
        return self.kind != "person"

    def your_turn(self, session: GameSession) -> None:
        """It may be this opponent's turn now (a game started or taken up, a move made, an undo, the
        clocks resumed): whatever makes its move starts."""

    def before_move(self, report: MoveReport) -> str | None:
        """A move made here, before it is made: None to go ahead, or why it cannot be made."""
        return None

    def send(self, command: str) -> str | None:
        """``resign``, ``abort``, ``draw/yes`` or ``draw/no`` done here: None, or why it failed."""
        return None

    def refuses(self, what: Refusable) -> str | None:
        """Why ``undo``, the engine's help or a pause of the clocks is not allowed against it, or None."""
        return None

    def stop(self) -> None:
        """Stop what it is doing for a move (a search)."""


class PersonOpponent(Opponent):
    """A second person at this keyboard: both sides' moves are typed here."""

    kind: ClassVar[Kind] = "person"


class ComputerOpponent(Opponent):
    """The engine at the game's level: on its turn it thinks in the session's thinking thread."""

    kind: ClassVar[Kind] = "computer"

    def __init__(self) -> None:
        self.session: GameSession | None = None

    def your_turn(self, session: GameSession) -> None:
        self.session = session
        session.computer_thinks()

    def stop(self) -> None:
        if self.session is not None:
            self.session.thinker.cancel()
