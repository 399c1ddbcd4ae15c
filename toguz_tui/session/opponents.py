"""Who plays the other side: one interface, three kinds, and the online connection's interface.

- ``ComputerOpponent``: the engine, thinking in the session's thinking thread when it is its turn; it
  owns that search and the timer that says, after a moment, that it is thinking;
- ``PersonOpponent``: a second person at the same keyboard (both sides are played here);
- a remote player (``toguz_tui.online.play.RemoteOpponent``): the moves come from a server, and the
  moves made here go to it, and are made here once it has taken them.

The session asks its opponent at the few points where they differ: when it may be the opponent's
turn (``your_turn``), before a move made here is made (``before_move``), for a command that ends or
changes the game off the board (``send``), and whether undo, the engine's help or a pause is allowed
(``refuses``). An opponent never calls the session: the computer is built with callbacks for the
move it found, for "still thinking" and for a failure.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, Literal, Protocol

from rules import Game, Position, Side
from rules.clock import TimeControl
from rules.engine import LEVELS, Engine, SearchResult
from speech.words import phrases
from speech.words.i18n import _
from toguz_tui.files import storage
from toguz_tui.session.mode import Training, View
from toguz_tui.session.output import Output
from toguz_tui.session.setup import GameSetup
from toguz_tui.session.stream import Reply
from toguz_tui.session.thinker import Thinker, prepare_engine

Kind = Literal["computer", "person", "remote"]
Refusable = Literal["undo", "engine", "pause"]
THINKING_SAID_AFTER = 1.0  # seconds: a computer that takes longer is said to be thinking


@dataclass(frozen=True)
class Turn:
    """The opponent's turn: the position to move in, the game's level and seed, the seconds it may take."""

    position: Position
    level: int
    seed: int
    time_limit: float

    @classmethod
    def of(cls, game: Game, setup: GameSetup, budget: Callable[[Side, float], float]) -> Turn:
        """The turn in ``game``: the level's time limit, or what ``budget`` (the clocks) allows of it."""
        position = game.position
        limit = budget(position.to_move, LEVELS[setup.level - 1].time_limit)
        return cls(position, setup.level, setup.seed + len(game.moves), limit)


class Opponent:
    """The other side. The base plays nothing by itself and refuses nothing (a person here)."""

    kind: ClassVar[Kind] = "person"
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

    def stop(self) -> None:
        """Stop what it is doing for a move (a search)."""


class PersonOpponent(Opponent):
    """A second person at this keyboard: both sides' moves are typed here."""

    kind: ClassVar[Kind] = "person"


class ComputerOpponent(Opponent):
    """The engine at the game's level: on its turn it searches in the thinking thread, and hands the pit
    it found to ``moved`` with the position it searched; after ``THINKING_SAID_AFTER`` seconds still
    searching, ``still_thinking`` hears the position once."""

    kind: ClassVar[Kind] = "computer"

    def __init__(self, thinker: Thinker, moved: Callable[[Position, int], object],
                 still_thinking: Callable[[Position], None], failed: Callable[[Exception], None]) -> None:
        self.thinker = thinker
        self._moved = moved
        self._still_thinking = still_thinking
        self._failed = failed

    @property
    def thinking(self) -> bool:
        return self.thinker.busy

    def your_turn(self, turn: Turn) -> None:
        position = turn.position

        def found(result: SearchResult) -> None:
            self._moved(position, result.pit)

        self.thinker.start(position, Engine(level=turn.level, seed=turn.seed), turn.time_limit, found, self._failed)
        timer = threading.Timer(THINKING_SAID_AFTER, self._still_thinking, args=(position,))
        timer.daemon = True
        timer.start()

    def stop(self) -> None:
        self.thinker.cancel()


class Opponents:
    """The opponents a game can have: builds the one a setup names with its callbacks, loads the engine's
    search ahead of the computer's first move, says when the computer thinks long or fails, and waits
    for the engine's work (for scripts and tests)."""

    def __init__(self, lock: threading.RLock, thinker: Thinker, output: Output, view: Callable[[], View],
                 moved: Callable[[Position, int], object]) -> None:
        self.lock = lock  # the session's: "thinking" is checked and said before any move can be made
        self.thinker = thinker  # the engine's thread: the computer's moves and the player's questions
        self.output = output
        self._view = view
        self._moved = moved

    def for_setup(self, setup: GameSetup) -> Opponent:
        """The opponent a setup names: the computer, or a second person at this keyboard."""
        if setup.human is None:
            return PersonOpponent()
        return ComputerOpponent(self.thinker, self._moved, self._still_thinking, self.failed)

    def ready_engine(self, opponent: Opponent) -> None:
        """Against the computer, load its search now, in the background, so that its first move does not
        wait for it (the faces call this once their first screen is out, and a new game does)."""
        if opponent.kind == "computer":
            prepare_engine(storage.log_failure)

    def _still_thinking(self, position: Position) -> None:
        """The computer has thought a moment on ``position``: say so once, after what is being said."""
        with self.lock:
            view = self._view()
            if self.thinker.busy and view.opponent_to_move and view.game.position == position \
                    and not isinstance(view.mode, Training):
                self.output.answer(phrases.computer_thinking(), interrupt=False)

    def failed(self, error: Exception) -> None:
        """The engine failed: logged, and said in one line."""
        storage.log_failure(error)
        self.output.error(_("The computer could not think of a move: {reason}. Type undo or new to go on.").format(
            reason=f"{type(error).__name__}: {error}"))

    def wait(self, timeout: float = 60.0) -> None:
        """Block until the computer's move or the engine's answer, and any work in the background, has
        come (for scripts and tests)."""
        self.thinker.wait(timeout)
        background = self.output.background
        if background is not None and background is not threading.current_thread():
            background.join(timeout)


class OnlineConnection(Protocol):
    """What ``toguz online`` adds to a session: the commands that go to the server."""

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

    def close(self) -> None:
        """Stop listening to the server."""
        ...
