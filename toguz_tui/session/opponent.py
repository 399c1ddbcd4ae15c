"""Who plays the other side: one interface, three kinds, and the online connection's interface.

- the computer (``toguz_tui.session.opponents.ComputerOpponent``): the engine, thinking in the session's
  thinking thread when it is its turn; it owns that search and the timer that says, after a moment, that
  it is thinking;
- ``PersonOpponent``: a second person at the same keyboard (both sides are played here);
- a remote player (``toguz_tui.online.play.online_play.RemoteOpponent``): the moves come from a server, and the
  moves made here go to it, and are made here once it has taken them.

The session asks its opponent at the few points where they differ: when it may be the opponent's
turn (``your_turn``), before a move made here is made (``before_move``), for a command that ends or
changes the game off the board (``send``), and whether undo, the engine's help or a pause is allowed
(``refuses``). An opponent never calls the session: the computer is built (by
``toguz_tui.session.opponents.Opponents``) with callbacks for the move it found, for "still thinking" and
for a failure.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, Literal, Protocol

from rules import Game, Position
from rules.clock import TimeControl
from rules.engine import LEVELS
from rules.engine.levels import Level
from toguz_tui.session.output.announcement_stream import Reply
from toguz_tui.session.setup import GameSetup

OpponentKind = Literal["computer", "person", "remote"]
Refusable = Literal["undo", "engine", "pause"]


@dataclass(frozen=True)
class Turn:
    """The opponent's turn: the position to move in, the game's level and seed, the seconds it may take."""

    position: Position
    level: int
    seed: int
    time_limit: float

    @classmethod
    def of(cls, game: Game, setup: GameSetup, budget: Callable[[Position, Level], float]) -> Turn:
        """The turn in ``game``: what ``budget`` (the clocks, or the level's own limit) allows."""
        position = game.position
        limit = budget(position, LEVELS[setup.level - 1])
        return cls(position, setup.level, setup.seed + len(game.moves), limit)


class Opponent:
    """The other side. The base plays nothing by itself and refuses nothing (a person here)."""

    kind: ClassVar[OpponentKind] = "person"
    name: str = ""  # the opponent's own name ("": the computer, or White and Black between two people)

    @property
    def plays_itself(self) -> bool:
        """Whether its moves come without a key pressed here (the computer's, a remote player's)."""
        return self.kind != "person"

    @property
    def thinking(self) -> bool:
        """Whether it is looking for a move here now (the computer's search)."""
        return False

    def your_turn(self, turn: Turn) -> None:
        """It may be this opponent's turn now (a game started or taken up, a move made, an undo, the
        clocks resumed): whatever makes its move starts."""

    def before_move(self, position: Position, pit: int) -> Reply | None:
        """``pit`` about to be played here in ``position``: None to make it now, or what to say instead when
        the opponent takes it over (a server's opponent sends it, and it is made when the server has taken
        it). Only an opponent that takes a move over works out what it does (``IllegalMoveError`` for a pit
        that may not be played): a move made here is played once, by the game."""
        return None

    def send(self, command: str) -> Reply | None:
        """``resign``, ``abort``, ``draw/yes`` or ``draw/no`` done here: None to do it here now, or what to
        say when the opponent takes it over (sent to a server, whose answer ends or changes the game)."""
        return None

    def refuses(self, what: Refusable) -> str | None:
        """Why ``undo``, the engine's help or a pause of the clocks is not allowed against it, or None."""
        return None

    def clock_words(self) -> str | None:
        """The game's time in words when the opponent keeps it in its own way (a correspondence game's days
        a move at a server), or None: the session's clocks say it."""
        return None

    def stop(self) -> None:
        """Stop what it is doing for a move (a search)."""


class PersonOpponent(Opponent):
    """A second person at this keyboard: both sides' moves are typed here."""

    kind: ClassVar[OpponentKind] = "person"


class OnlineConnection(Protocol):
    """What ``toguz online`` adds to a session: the commands that go to the server."""

    signed_in: bool  # a token was given: without one only watching works
    site: str  # the server's address

    def seek(self, control: TimeControl, rated: bool, typed: str) -> Reply:
        """Look for an opponent (``typed``: the time control as the player typed it)."""
        ...

    def challenge(self, user: str, control: TimeControl, rated: bool, typed: str) -> Reply:
        """Challenge a player."""
        ...

    def answer_challenge(self, accept: bool) -> Reply:
        """Accept or decline the challenge waiting."""
        ...

    def chat(self, text: str) -> Reply:
        """Send a chat line to the opponent."""
        ...

    def draw(self) -> Reply:
        """Offer or accept a draw."""
        ...

    def abort(self) -> Reply:
        """Abort the game."""
        ...

    def challenge_by_days(self, user: str, days: str, rated: bool) -> Reply:
        """Challenge a player to a correspondence game of ``days`` (as typed) a move (refused when ``rated``:
        the server rates no such game)."""
        ...

    def list_games(self, number: int | None) -> Reply:
        """The games going on at the server (``None``), or take up game ``number``."""
        ...

    def join_tournament(self, tournament: str) -> Reply:
        """Join an arena."""
        ...

    def close(self) -> None:
        """Stop listening to the server."""
        ...

    def watch(self, what: str, once: bool) -> Reply:
        """Watch a live game: ``tv``, a player's name or a game's id (``stop`` stops); ``once``: the TV's game
        only, not the next."""
        ...
