"""Level 8 as it was on 2026-11-26 (commit 7107b70, before issue 27): its evaluation and its compiled
search, frozen beside this file, for ``bench/match.py`` to measure the engine of today against.

Only ``choose`` is kept, as ``Engine.choose`` found level 8's move then: the opening book's move while
the game is in it; else the search within 1,200,000 nodes or the time given, whichever ran out first
(the best move of the deepest depth completed, or of a depth cut short where it had found a better
one); then, in an ending of few stones, a move with the best exact result (``rules.engine.endgame``,
which is exact and so needs no freezing; the book neither, it is data). It is never imported by
toguz itself.
"""

from __future__ import annotations

import contextlib
import random
import time

from bench.frozen.fast import FastSearcher
from bench.frozen.search import Iteration, SearchStopped
from rules.engine.book import book_move
from rules.engine.endgame import solve
from rules.engine.lean import LeanRules
from rules.position import Position
from rules.variant import Variant

NODES = 1_200_000  # level 8's node budget of the time
SHORT_DEPTH = 6  # the deepest look it took to choose among the moves of the best exact result


class FrozenLevel8:
    """The frozen engine: level 8 (book, node budget or clock, endgame solving; no loose moves)."""

    def __init__(self) -> None:
        self._searchers: dict[Variant, FastSearcher] = {}

    def choose(self, position: Position, seconds: float) -> int:
        """The pit it plays in ``position`` with ``seconds`` to think."""
        known = book_move(position, 8, random.Random(position.fen()))
        if known is not None:
            return known
        searcher = self._searchers.get(position.variant)
        if searcher is None:
            searcher = self._searchers[position.variant] = FastSearcher(LeanRules(position.variant))
        lean = searcher.lean
        cells = lean.from_position(position)
        started = time.perf_counter()
        found = self._search(searcher, cells, started + seconds, NODES, 1 if len(lean.legal(cells)) == 1 else 100)
        move, completed = found[-1].move, found[-1].depth
        if searcher.partial is not None and searcher.partial[0] != move:
            move = searcher.partial[0]
        deadline = started + seconds
        results = solve(lean, cells, stopped=lambda: time.perf_counter() > deadline)
        if results is not None:
            best = max(results.values())
            if results[move] != best:
                candidates = [candidate for candidate, result in results.items() if result == best]
                glance = self._search(searcher, cells, float("inf"), 1 << 62, max(1, min(completed, SHORT_DEPTH)),
                                      every_move=True)[-1].scores
                move = max(candidates, key=lambda candidate: (glance[candidate], -candidate))
        return lean.pit_number(move)

    @staticmethod
    def _search(searcher: FastSearcher, cells: list[int], deadline: float, nodes: int, depth: int,
                every_move: bool = False) -> list[Iteration]:
        searcher.reset()
        searcher.deadline = deadline
        searcher.node_limit = nodes
        found: list[Iteration] = []
        with contextlib.suppress(SearchStopped):  # the clock or the budget ran out: the depths completed count
            searcher.iterate(cells, depth, every_move, found.append)
        return found
