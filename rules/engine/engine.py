"""``Engine``: the computer opponent, choosing and analysing moves at one of eight levels."""

from __future__ import annotations

import importlib.util
import os
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Union

from rules.engine.book import book_move
from rules.engine.compiled_cache import Family, family_of
from rules.engine.endgame import DRAWN, solve
from rules.engine.evaluate import SCALE
from rules.engine.lean import ONGOING, LeanRules
from rules.engine.levels import Level, level_numbered
from rules.engine.search import MAX_PLY, NO_NODE_LIMIT, WIN_UNITS, Iteration, Searcher, SearchStopped
from rules.move import play_move
from rules.position import Position
from rules.variant import Variant

if TYPE_CHECKING:
    from rules.engine.fast import FastSearcher

AnySearcher = Union[Searcher, "FastSearcher"]

WIN = 10_000.0  # the score of a won game, in stones, less the plies it takes


def to_stones(units: int) -> float:
    """A search score in stones; a proven win is ``WIN`` less the plies to it (a loss the negative)."""
    if units >= WIN_UNITS - MAX_PLY:
        return WIN - (WIN_UNITS - units)
    if units <= MAX_PLY - WIN_UNITS:
        return -WIN + (WIN_UNITS + units)
    return units / SCALE


def is_proven(score: float) -> bool:
    """True when ``score`` is a proven result (a forced win or loss), not an estimate."""
    return abs(score) >= WIN - MAX_PLY


def plies_to_end(score: float) -> int | None:
    """For a proven score, how many plies until the game is decided; else ``None``."""
    return round(WIN - abs(score)) if is_proven(score) else None


def compiled() -> bool:
    """Whether the compiled search is used: numba is installed and ``TOGUZ_ENGINE`` is not ``python``."""
    if os.environ.get("TOGUZ_ENGINE", "").lower() == "python" or COMPILED_FAILED:
        return False
    return importlib.util.find_spec("numba") is not None  # found, not imported: that takes half a second


COMPILED_FAILED: list[Exception] = []  # why the compiled search could not load, if it could not
# The families of the compiled search another process is compiling for this one (``toguz_tui.session.preparation``):
# the Python search plays their variants meanwhile.
WAITING: set[Family] = set()


def make_searcher(lean: LeanRules) -> AnySearcher:
    """The compiled searcher where numba is installed, else the pure-Python one: the same moves. A
    compiled search that fails to load (a broken numba) leaves the Python one to play, never no one; while
    the variant's is being compiled in another process (``WAITING``), the Python one plays too."""
    if compiled() and family_of(lean.variant) not in WAITING:
        try:
            from rules.engine.fast import FastSearcher

            return FastSearcher(lean)
        except Exception as error:  # whatever broke, the Python search still plays
            COMPILED_FAILED.append(error)
    return Searcher(lean)


def prepare(family: Family | None = None) -> None:
    """Make the compiled search of ``family`` (of both, when none is named) ready now, in the caller's thread
    (it loads in under a second, once a process), so that the first move searched starts at once; nothing to
    do without numba. Raises what broke if it cannot load (the searches then fall back to Python)."""
    if compiled():
        try:
            from rules.engine.fast import warm

            warm(family)
        except Exception as error:
            COMPILED_FAILED.append(error)
            raise


@dataclass(frozen=True, slots=True)
class SearchResult:
    """The move chosen, its score in stones for the side to move, and how the search went."""

    pit: int
    score: float
    depth: int
    nodes: int
    principal_line: tuple[int, ...]
    seconds: float

    @property
    def proven(self) -> bool:
        """True when the score is a proven win or loss."""
        return is_proven(self.score)


@dataclass(frozen=True, slots=True)
class PitScore:
    """One legal pit and its score in stones for the side to move; ``solved``, in an ending solved to
    the end, its exact result (``endgame.WON``, ``DRAWN`` or ``LOST``)."""

    pit: int
    score: float
    solved: int | None = None


class Engine:
    """The computer opponent at ``level`` 1..8; ``seed`` makes its loose choices reproducible.

    ``reproducible`` keeps a level that plays by the clock (level 8) to its node budget, so that its
    moves do not depend on the machine's speed or load (tests and tools that must replay them)."""

    def __init__(self, level: int = 5, seed: int | None = None, book: bool = True,
                 reproducible: bool = False) -> None:
        self.level: Level = level_numbered(level)
        self.reproducible = reproducible
        self.book = book  # levels 5 to 8 play the opening book's moves while the game is in it
        self.seed = seed if seed is not None else int.from_bytes(os.urandom(8), "big")
        self._searchers: dict[Variant, AnySearcher] = {}
        self._current: AnySearcher | None = None
        self._stop_asked = threading.Event()
        self._stopped = False  # whether the last search was told to stop

    def stop(self) -> None:
        """Ask a running ``choose`` or ``analyse`` (in another thread) to return what it has now: its
        first depth at least. Asked before a search has begun (while it prepares), it applies to that
        search; each search ends by forgetting it."""
        self._stop_asked.set()
        searcher = self._current
        if searcher is not None:
            searcher.stop_requested = True

    def choose(self, position: Position, time_limit: float | None = None,
               depth: int | None = None, nodes: int | None = None) -> SearchResult:
        """The move to play in ``position``, within ``time_limit`` s, ``depth`` plies, ``nodes`` nodes.

        Without a time or depth, the level's own depth and suggested time apply. Without
        ``nodes``, the level's node budget applies unless ``depth`` was given or the level plays by
        the clock (level 8, unless the engine is ``reproducible``). Whatever stops the
        search first wins; a search stopped by depth or nodes, not time, is reproducible. While the
        game is in the opening book, levels 5 to 8 play its move at once (depth 0, no node searched)
        unless a depth or a node budget is asked for. ``ValueError`` if the game is over.
        """
        rng = random.Random(f"{self.seed}|{self.level.number}|{position.fen()}")
        if self.book and depth is None and nodes is None:
            known = book_move(position, self.level.number, rng)
            if known is not None:
                self._stop_asked.clear()  # as a search ends: a stop asked for applied to this move
                return SearchResult(known, 0.0, 0, 0, (known,), 0.0)
        searcher, cells = self._prepare(position)
        started = time.perf_counter()
        if self.level.looseness > 0 and rng.random() < self.level.looseness:
            # A loose move this time: every root move needs an exact score (a costlier search).
            scores, completed = self._scores(searcher, cells, time_limit, depth, nodes, started)
            best = max(scores, key=lambda move: scores[move])
            move = self._loose_choice(rng, scores, best)
            score = scores[move]
        else:
            move, score, completed = self._best(searcher, cells, time_limit, depth, nodes, started)
        if self.level.guard is not None and depth is None:
            move, score = self._guarded(searcher, cells, move, score, started)
        if self.level.solves and depth is None:
            move, score = self._solved(searcher, cells, move, score, completed, started)
        line = searcher.principal_line(cells, move, max(completed, 1))
        lean = searcher.lean
        return SearchResult(
            lean.pit_number(move), to_stones(score), completed, searcher.nodes,
            tuple(lean.pit_number(index) for index in line), time.perf_counter() - started,
        )

    def analyse(self, position: Position, time_limit: float | None = None,
                depth: int | None = None, nodes: int | None = None) -> tuple[PitScore, ...]:
        """Every legal pit with its score in stones, best first (ties by pit number); in an ending the
        level solves (levels 7 and 8, no depth asked for), each with its exact result too, and the
        wins first, then the draws, then the losses."""
        searcher, cells = self._prepare(position)
        scores, _ = self._scores(searcher, cells, time_limit, depth, nodes, time.perf_counter())
        lean = searcher.lean
        solved = self._solve(searcher, cells) if self.level.solves and depth is None else None
        if solved is None:
            ranked = sorted(scores.items(), key=lambda item: (-item[1], item[0]))
            return tuple(PitScore(lean.pit_number(move), to_stones(score)) for move, score in ranked)
        for move, result in solved.items():
            if result == DRAWN:
                scores[move] = 0  # exactly even: a draw
        ranked = sorted(scores.items(), key=lambda item: (-solved[item[0]], -item[1], item[0]))
        return tuple(PitScore(lean.pit_number(move), to_stones(score), solved[move]) for move, score in ranked)

    def expected_line(self, position: Position, pit: int, time_limit: float | None = None,
                      length: int = 8) -> tuple[int, ...]:
        """The pits expected to be played from ``position`` when ``pit`` is played first: ``pit``, then
        the line the level's search finds from the position after it, carried on to ``length`` moves (or
        the end of the game) by short searches where the search's table no longer holds it."""
        line = [pit]
        after, report = play_move(position, pit)
        if report.outcome is None:
            found = self.choose(after, time_limit=time_limit)
            line.extend(found.principal_line)
            depth = max(2, found.depth - len(found.principal_line))
            for played in found.principal_line:
                after, report = play_move(after, played)
            while report.outcome is None and len(line) < length:
                step = self.choose(after, depth=depth).pit
                line.append(step)
                after, report = play_move(after, step)
        return tuple(line[:length])

    # -- internals ---------------------------------------------------------------------------

    def _prepare(self, position: Position) -> tuple[AnySearcher, list[int]]:
        searcher = self._searchers.get(position.variant)
        if searcher is None:
            searcher = self._searchers[position.variant] = make_searcher(LeanRules(position.variant))
        cells = searcher.lean.from_position(position)
        if cells[searcher.lean.result] != ONGOING:
            raise ValueError(f"the game is over: no move to choose in {position.fen()}")
        searcher.reset()
        self._current = searcher
        searcher.stop_requested = self._stop_asked.is_set()  # after _current: a stop is never lost
        return searcher, cells

    def _limits(self, searcher: AnySearcher, time_limit: float | None, depth: int | None,
                nodes: int | None, started: float) -> int:
        """Set the deadline and the node budget; return the depth to search to."""
        if nodes is None and depth is None and (self.reproducible or not self.level.timed):
            nodes = self.level.nodes  # a level that plays by the clock searches for all the time given
        if time_limit is None and depth is None:
            time_limit = self.level.time_limit
        max_depth = depth if depth is not None else self.level.depth
        searcher.deadline = started + time_limit if time_limit is not None else float("inf")
        searcher.node_limit = nodes if nodes is not None else NO_NODE_LIMIT
        return max(1, min(max_depth, MAX_PLY - 1))

    def _run(self, searcher: AnySearcher, cells: list[int], max_depth: int, every_move: bool,
             report: Callable[[Iteration], None]) -> None:
        try:
            searcher.iterate(cells, max_depth, every_move, report)
        except SearchStopped:
            pass
        finally:
            self._current = None
            self._stopped = self._stop_asked.is_set()  # told to stop: no endgame solving after it either
            self._stop_asked.clear()

    def _best(self, searcher: AnySearcher, cells: list[int], time_limit: float | None,
              depth: int | None, nodes: int | None, started: float) -> tuple[int, int, int]:
        """Best move, its score and the depth completed."""
        max_depth = self._limits(searcher, time_limit, depth, nodes, started)
        # The playing search of a level that plays by the clock reduces late quiet moves; a depth asked
        # for is searched exactly (its score is the minimax value).
        searcher.selective = self.level.timed and depth is None
        if len(searcher.lean.legal(cells)) == 1 and depth is None:
            max_depth = 1  # a forced move is played at once; a depth asked for is searched
        found: list[Iteration] = []
        self._run(searcher, cells, max_depth, False, found.append)
        last = found[-1]
        partial = searcher.partial  # the best root move of a depth cut short, if any
        if partial is not None and partial[0] != last.move:
            return partial[0], partial[1], last.depth
        return last.move, last.score, last.depth

    def _scores(self, searcher: AnySearcher, cells: list[int], time_limit: float | None,
                depth: int | None, nodes: int | None, started: float) -> tuple[dict[int, int], int]:
        """An exact score for every root move at the deepest depth finished, and that depth."""
        max_depth = self._limits(searcher, time_limit, depth, nodes, started)
        searcher.selective = False  # every move's score exact at its depth
        found: list[Iteration] = []
        self._run(searcher, cells, max_depth, True, found.append)
        return found[-1].scores, found[-1].depth

    def _guarded(self, searcher: AnySearcher, cells: list[int], move: int, score: int,
                 started: float) -> tuple[int, int]:
        """``move``, unless a two-ply look shows it handing over more than the level's guard in stones
        beyond the best there: then that look's best (a beginner's oversight stays, a blunder that a
        glance at the reply shows does not). A proven score keeps its move."""
        if abs(score) >= WIN_UNITS - MAX_PLY:
            return move, score
        glance, _ = self._scores(searcher, cells, None, 2, None, started)
        best = max(glance, key=lambda candidate: glance[candidate])
        guard = self.level.guard or 0.0
        if glance[move] >= glance[best] - int(guard * SCALE):
            return move, score
        return best, glance[best]

    def _solved(self, searcher: AnySearcher, cells: list[int], move: int, score: int, completed: int,
                started: float) -> tuple[int, int]:
        """In an ending ``endgame.solve`` can solve, a move with the best result there is (the search's
        ``move`` when it has it, else the one of them a short search likes best); a drawn result scores
        0. Elsewhere ``move`` and ``score`` as they are."""
        results = self._solve(searcher, cells)
        if results is None:
            return move, score
        best = max(results.values())
        if results[move] != best:
            candidates = [candidate for candidate, result in results.items() if result == best]
            glance, _ = self._scores(searcher, cells, None, max(1, min(completed, 6)), None, started)
            move = max(candidates, key=lambda candidate: (glance[candidate], -candidate))
            score = glance[move]
        if best == DRAWN:
            score = 0
        return move, score

    def _solve(self, searcher: AnySearcher, cells: list[int]) -> dict[int, int] | None:
        """``endgame.solve`` after a search, unless that search was told to stop; a stop asked for
        during the solve calls it off and applies to this search only."""
        if self._stopped:
            return None
        deadline = searcher.deadline  # a clock's budget covers the solve too

        def stopped() -> bool:
            return self._stop_asked.is_set() or time.perf_counter() > deadline

        results = solve(searcher.lean, cells, stopped=stopped)
        self._stop_asked.clear()
        return results

    def _loose_choice(self, rng: random.Random, scores: dict[int, int], best: int) -> int:
        """A loose pick: any move scoring at most the level's slack below ``best`` (never a proven loss
        when ``best`` is not one). A proven result is played out exactly: no hastened loss, no slower win."""
        if abs(scores[best]) >= WIN_UNITS - MAX_PLY:
            return best
        floor = scores[best] - int(self.level.slack * SCALE)
        if scores[best] > MAX_PLY - WIN_UNITS:
            floor = max(floor, MAX_PLY - WIN_UNITS + 1)
        candidates = sorted(move for move, score in scores.items() if score >= floor)
        return rng.choice(candidates)
