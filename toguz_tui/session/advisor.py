"""The engine's help to the player: a hint, an analysis of every pit, the line it expects.

Each question goes to the strongest level about the position looked at (the game's, the review's): it is
said at once that the answer is coming, the search runs in the thinking thread, and the answer is said
after what is being said, unless the position looked at changed meanwhile. The advisor reads what it must
know of the game through the session's ``ReadPort`` (the view, the opponent, who may refuse help, the game's
seed), makes its engines with the session's ``EngineFactory``, and has the opponents say a failure.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from rules import Position
from rules.engine import Engine, SearchResult
from rules.engine.engine import plies_to_end
from speech.words import phrases
from speech.words.i18n import _
from toguz_tui.session.mode import View
from toguz_tui.session.opponent import Opponent
from toguz_tui.session.opponents import Opponents
from toguz_tui.session.output.announcement_stream import Reply
from toguz_tui.session.output.output import Output
from toguz_tui.session.port import ReadPort
from toguz_tui.session.thinker import EngineFactory, Thinker, choose

# An analysis: each legal pit, its score in stones, the plies to a forced end (None: an estimate), and
# the result of an ending solved (1 won, 0 drawn, -1 lost; None: not solved).
Analysis = tuple[tuple[int, float, int | None, int | None], ...]
HINT_SECONDS = 1.0
ANALYSIS_SECONDS = 3.0  # level 8 searches for all of it (depth 17 or so with the compiled search)


class Advisor:
    """Answers hint, analyse and line, and keeps the last analysis (the board shows it beside the pits)."""

    def __init__(self, lock: threading.RLock, output: Output, thinker: Thinker, port: ReadPort,
                 opponents: Opponents, engines: EngineFactory) -> None:
        self.lock = lock  # the session's
        self.output = output
        self.thinker = thinker
        self.port = port  # the view, the opponent, the game's seed
        self.opponents = opponents  # they say that the engine failed
        self.engines = engines
        self.analysis: tuple[Position, Analysis] | None = None  # the last analysis and its position

    def hint(self) -> Reply:
        """The engine's best pit for the side to move, with what it does."""

        def words(position: Position, result: SearchResult) -> str:
            return _("Hint: play pit {pit}. {preview}").format(
                pit=result.pit, preview=self.output.announcer.preview(position, result.pit))

        return self._ask(words, _("Thinking about a hint."), choose, HINT_SECONDS, book=True)

    def analyse(self) -> Reply:
        """Every legal pit's score, said in words later."""

        def search(engine: Engine, position: Position, time_limit: float | None) -> Analysis:
            return tuple((item.pit, item.score, plies_to_end(item.score), item.solved)
                         for item in engine.analyse(position, time_limit=time_limit))

        def words(position: Position, found: Analysis) -> str:
            self.analysis = (position, found)
            return self.output.announcer.analysis(position, found)

        return self._ask(words, _("Analysing every move."), search, ANALYSIS_SECONDS)

    def expected_line(self) -> Reply:
        """The moves the engine expects from the position looked at, said in words later."""

        def search(engine: Engine, position: Position, time_limit: float | None) -> tuple[int, ...]:
            best = engine.analyse(position, time_limit=time_limit)[0].pit  # the best pit analyse names
            return engine.expected_line(position, best, time_limit)

        return self._ask(lambda position, found: self.output.announcer.expected_line(position, found),
                         _("Looking for the best line."), search, ANALYSIS_SECONDS)

    def _refusal(self, view: View, opponent: Opponent) -> str | None:
        """Why the engine cannot be asked about ``view`` now (online, the game looked at over, the computer
        thinking), or None."""
        refusal = opponent.refuses("engine") if not view.game.is_over else None
        if refusal is not None:
            return refusal
        if view.over:
            return self.output.announcer.illegal(view.position, 1, True)
        if view.opponent_to_move and opponent.thinking:  # its search would be stopped, in a review too
            return phrases.not_your_turn()
        return None

    def _ask(self, words: Callable[[Position, Any], str], coming: str,
             search: Callable[[Engine, Position, float | None], Any], seconds: float, book: bool = False) -> Reply:
        """A question to the strongest level about the position looked at (the opening book only for a
        hint): said at once that it is coming, then what it found, unless the position changed meanwhile."""
        with self.lock:
            view = self.port.view
            refusal = self._refusal(view, self.port.opponent)
            if refusal is not None:
                return self.output.error(refusal)
            position = view.position

        def answer(found: Any) -> None:
            with self.lock:
                if self.port.view.position == position:
                    self.output.answer(words(position, found), interrupt=False)

        reply = self.output.answer(coming)  # said before the answer can come
        self.thinker.start(position, self.engines(level=8, seed=self.port.setup.seed, book=book), seconds, answer,
                           self.opponents.failed, search)
        return reply
