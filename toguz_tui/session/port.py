"""What the session's parts may read of it, and what they may tell it.

The parts (the opponents, the clocks, the accounts, the store, the advisor, the reviewer, the trainer,
the record files)
never import the facade (``toguz_tui.session.facade``), and are not handed its methods one by one: each
is given the session itself, typed as one of the two narrow ports below, and sees of it only what the
port names. The facade implements both as it stands, with no method of its own for them.

- ``ReadPort``: what a part may read, never change: the view, the game, its setup, the mode, the
  opponent, the settings in force, toguz online's connection (None in toguz itself).
- ``SessionPort``: that, and the events a part tells the session: a move came without a key
  (``opponent_moved``: the computer's, found in the position it searched), the game ended off the board
  (``game_ended``: a flag fell), a mode is entered (``enter``: a review, a lesson, a puzzle), back to
  the game (``back_to_game``: a review, a lesson or the puzzles left), and a game begins from a position
  (``start_game``: a FEN file opened).

What one part tells another, it tells that part (the store tells the accounts of a game that ended,
the advisor has the opponents say that the engine failed), and what is said goes through ``Output``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from rules import Game, Outcome, Position, Side
from toguz_tui.files.settings import Settings
from toguz_tui.session.mode import Mode, View
from toguz_tui.session.opponent import OnlineConnection, Opponent
from toguz_tui.session.output.announcement_stream import Reply
from toguz_tui.session.setup import GameSetup


class ReadPort(Protocol):
    """The session as a part may read it (read only)."""

    @property
    def view(self) -> View:
        """What the person looks at now (``toguz_tui.session.mode.View``)."""
        ...

    @property
    def game(self) -> Game:
        """The game in progress."""
        ...

    @property
    def setup(self) -> GameSetup:
        """How the game in progress was set up (its sides, level, seed, clock)."""
        ...

    @property
    def mode(self) -> Mode:
        """What the player does now: play, review, a lesson or a puzzle."""
        ...

    @property
    def opponent(self) -> Opponent:
        """Who plays the other side."""
        ...

    @property
    def settings(self) -> Settings:
        """The settings in force."""
        ...

    @property
    def online(self) -> OnlineConnection | None:
        """toguz online's connection (None in toguz itself)."""
        ...


class SessionPort(ReadPort, Protocol):
    """The session as a part may read it, and the events the part tells it."""

    def opponent_moved(self, seen: Position | None, pit: int) -> Reply | None:
        """A move without a key: the computer's, found in ``seen`` (a server's: None); None when not made."""
        ...

    def game_ended(self, declare: Callable[[Game], Outcome], flagged: Side | None = None) -> Reply | None:
        """The game ended off the board (``flagged``: the side whose flag fell); None if it had ended."""
        ...

    def enter(self, mode: Mode) -> None:
        """The player now does ``mode`` (a review, a lesson or a puzzle opened)."""
        ...

    def back_to_game(self, left: str, clocks: bool) -> Reply:
        """A review, a lesson or the puzzles left: ``left`` said, and whose turn (``clocks``: and the clocks)."""
        ...

    def start_game(self, setup: GameSetup, start: Position | None = None) -> Reply:
        """A new game set up as ``setup``, from ``start`` (a FEN file opened): said, and the reply."""
        ...
