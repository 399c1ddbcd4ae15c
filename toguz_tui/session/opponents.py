"""The computer as an opponent, and the part that makes a game's opponent.

``ComputerOpponent`` is the engine at the game's level: on its turn it searches in the session's thinking
thread, with an engine made by the session's ``EngineFactory`` (``rules.engine.Engine`` unless a test
gives its own), and owns the timer that says, after a moment, that it is thinking. ``Opponents`` builds the
opponent a setup names, loads the engine's search ahead of the computer's first move, says when the
computer thinks long or fails, and tells the session the move it found (through its ``SessionPort``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import ClassVar

from rules import Position
from rules.engine import SearchResult, engine
from rules.engine.compiled_cache import family_of
from speech.words import phrases
from speech.words.i18n import _
from toguz_tui.files import storage
from toguz_tui.session.mode import Training
from toguz_tui.session.opponent import Opponent, OpponentKind, PersonOpponent, Turn
from toguz_tui.session.output.output import Output
from toguz_tui.session.port import SessionPort
from toguz_tui.session.setup import GameSetup
from toguz_tui.session.thinker import EngineFactory, Thinker, prepare_engine

THINKING_SAID_AFTER = 1.0  # seconds: a computer that takes longer is said to be thinking


class ComputerOpponent(Opponent):
    """The engine at the game's level: on its turn it searches in the thinking thread, and hands the pit
    it found to ``moved`` with the position it searched; after ``THINKING_SAID_AFTER`` seconds still
    searching, ``still_thinking`` hears the position once."""

    kind: ClassVar[OpponentKind] = "computer"

    def __init__(self, thinker: Thinker, engines: EngineFactory, moved: Callable[[Position, int], object],
                 still_thinking: Callable[[Position], None], failed: Callable[[Exception], None]) -> None:
        self.thinker = thinker
        self._engines = engines
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

        self.thinker.start(position, self._engines(level=turn.level, seed=turn.seed), turn.time_limit, found,
                           self._failed)
        timer = threading.Timer(THINKING_SAID_AFTER, self._still_thinking, args=(position,))
        timer.daemon = True
        timer.start()

    def stop(self) -> None:
        self.thinker.cancel()


class Opponents:
    """The opponents a game can have: builds the one a setup names, loads the engine's search ahead of the
    computer's first move, says when the computer thinks long or fails, and waits for the engine's work
    (for scripts and tests)."""

    def __init__(self, lock: threading.RLock, thinker: Thinker, output: Output, port: SessionPort,
                 engines: EngineFactory) -> None:
        self.lock = lock  # the session's: "thinking" is checked and said before any move can be made
        self.thinker = thinker  # the engine's thread: the computer's moves and the player's questions
        self.output = output
        self.port = port  # what is looked at, and where the computer's move goes
        self.engines = engines  # the computer's engines
        self._compiling_said = False  # that the fast search is being prepared is said once

    def for_setup(self, setup: GameSetup) -> Opponent:
        """The opponent a setup names: the computer, or a second person at this keyboard."""
        if setup.human is None:
            return PersonOpponent()
        return ComputerOpponent(self.thinker, self.engines, self.port.opponent_moved, self._still_thinking,
                                self.failed)

    def ready_engine(self, opponent: Opponent) -> None:
        """Against the computer, load its search now, in the background, so that its first move does not
        wait for it (the faces call this once their first screen is out, and a new game does)."""
        if opponent.kind != "computer":
            return
        prepare_engine(storage.log_failure)
        if family_of(self.port.setup.variant) in engine.WAITING and not self._compiling_said:
            self._compiling_said = True  # the game's own variant waits for its compiled search: said once
            self.output.answer(phrases.fast_search_preparing(), interrupt=False)

    def _still_thinking(self, position: Position) -> None:
        """The computer has thought a moment on ``position``: say so once, after what is being said."""
        with self.lock:
            view = self.port.view
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
        self.output.background.join(timeout)
