"""The session's transactions for a game a server holds, played (``toguz_tui.online.play.game_stream``) or
watched (``toguz_tui.online.play.watched_game``): join it, make the server's moves, put the server's times on
the clocks, end it as the server says, and leave a watched game. Each takes the session's lock itself, and
each acts only while the session shows the game of the opponent it is given (the server's side of that game):
a game left for another, or ended, is never changed by a late line of its stream.

The part is built by the facade (``session.server_game``) and sees of it only ``ServedSession``.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Literal, Protocol

from rules import Position
from toguz_tui.session.clocks import Clocks
from toguz_tui.session.opponent import Opponent
from toguz_tui.session.output.announcement_stream import Reply
from toguz_tui.session.port import SessionPort
from toguz_tui.session.setup import GameSetup

Made = Literal["gone", "over", "made", "differs"]


class ServedSession(SessionPort, Protocol):
    """What the server's game needs of the session (``toguz_tui.session.facade.GameSession``): a part's port,
    and the lock, the clocks, a game started against a given opponent, a game taken as a server has it, and
    an online game gone."""

    @property
    def lock(self) -> threading.RLock:
        """The session's lock."""
        ...

    @property
    def clocks(self) -> Clocks:
        """The game's clocks."""
        ...

    def start_game(self, setup: GameSetup, start: Position | None = None, quiet: bool = False,
                   opponent: Opponent | None = None, moves: Sequence[int] = ()) -> Reply:
        """A new game against ``opponent``, ``moves`` made silently."""
        ...

    def take_moves(self, pits: Sequence[int]) -> None:
        """The game becomes the server's (nothing said)."""
        ...

    def game_gone(self, text: str) -> Reply | None:
        """The online game is gone (aborted, or left): ``text`` said; None if gone already."""
        ...


class ServerGame:
    """A server's game in the session: each method one transaction under the session's lock."""

    def __init__(self, session: ServedSession) -> None:
        self.session = session

    def shows(self, opponent: Opponent) -> bool:
        """Whether the session shows the game ``opponent`` plays."""
        return self.session.opponent is opponent

    def join(self, setup: GameSetup, start: Position | None, opponent: Opponent, moves: Sequence[int],
             joined: Callable[[], None]) -> bool:
        """Take up the server's game against ``opponent`` (``moves`` made without a word), then ``joined``
        (what is said of it, under the same lock); False when the session shows it already, or it could not
        start (said)."""
        session = self.session
        with session.lock:
            if session.opponent is opponent:
                return False
            if session.start_game(setup, start, quiet=True, opponent=opponent, moves=moves).kind == "error":
                return False
            joined()
            return True

    def moved(self, opponent: Opponent, pits: Sequence[int], position: Position | None = None) -> Made:
        """The server's moves made as the other side's (each said as a move is): ``pits`` played from
        ``position`` when the game stands there (a move the server took), else (None) ``pits`` are the whole
        game from its start, and those not made here yet are made. ``gone``: the session shows another game;
        ``over``: the game is over here, and is never taken back into play; ``differs``: the game here is not
        where the moves start (nothing made)."""
        session = self.session
        with session.lock:
            if session.opponent is not opponent:
                return "gone"
            game = session.game
            if game.is_over:
                return "over"
            if position is None:
                known = len(game.moves)
                if list(pits[:known]) != list(game.moves):
                    return "differs"
                pits = pits[known:]
            elif game.position != position:
                return "differs"
            for pit in pits:
                session.opponent_moved(None, pit)
            return "made"

    def take(self, opponent: Opponent, pits: Sequence[int], start: Position | None = None) -> bool:
        """The game made the server's, without a word: ``pits`` from the game's start, or from ``start`` (a new
        start begins the game again from there); False when the session shows another game."""
        session = self.session
        with session.lock:
            if session.opponent is not opponent:
                return False
            if start is None or _same_place(start, session.game.start_position):
                session.take_moves(pits)
            else:
                session.start_game(session.setup, start, quiet=True, opponent=opponent, moves=pits)
            return True

    def times(self, opponent: Opponent, times: tuple[float, float], from_second_ply: bool) -> None:
        """The server's times (seconds left to White and Black) on the clocks; ``from_second_ply``: the side to
        move's runs from the second ply on, as the server starts them (else they stand: the next line brings
        them)."""
        session = self.session
        with session.lock:
            if session.opponent is not opponent:
                return
            game = session.game
            running = None if not from_second_ply or game.is_over or len(game.moves) < 2 else game.position.to_move
            session.clocks.server_times(times, running)

    def end(self, opponent: Opponent, ending: Callable[[], object], gone: bool) -> bool:
        """The server's end of the game: ``ending`` ends it as the server says (under the lock), unless the
        session shows another game, or this one is over here already (but for ``gone``: aborted, taken off
        the board); whether it ran."""
        session = self.session
        with session.lock:
            if session.opponent is not opponent or (session.game.is_over and not gone):
                return False
            ending()
            return True

    def leave_watched(self, text: str) -> Reply | None:
        """A watched game still going on leaves the board (``text`` said); None when there is none."""
        session = self.session
        with session.lock:
            if session.setup.watched and not session.game.is_over:
                return session.game_gone(text)
            return None


def _same_place(one: Position, other: Position) -> bool:
    """Whether two positions are the same but for their move numbers (a stream's FEN has none)."""
    return (one.board, one.kazans, one.tuzdyks, one.to_move) == (other.board, other.kazans, other.tuzdyks,
                                                                  other.to_move)
