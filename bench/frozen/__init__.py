"""Level 8 as it was before the compiled search and the work of issue 13 (commit a7505d3): its
evaluation and search, frozen, for ``bench/match.py`` to measure the engine of today against.

Only ``choose`` is kept: the best move within a time limit, as ``Engine.choose`` found it then (the
best move of the deepest depth completed, or of a depth cut short where it had found a better one).
It is never imported by toguz itself.
"""

from __future__ import annotations

import contextlib
import time

from bench.frozen.search import Iteration, Searcher, SearchStopped
from rules.engine.lean import LeanRules
from rules.position import Position
from rules.variant import Variant


class FrozenLevel8:
    """The frozen engine: level 8's search (no node budget, no loose moves) within a time limit."""

    def __init__(self) -> None:
        self._searchers: dict[Variant, Searcher] = {}

    def choose(self, position: Position, seconds: float) -> int:
        """The pit it plays in ``position`` with ``seconds`` to think."""
        searcher = self._searchers.get(position.variant)
        if searcher is None:
            searcher = self._searchers[position.variant] = Searcher(LeanRules(position.variant))
        cells = searcher.lean.from_position(position)
        searcher.reset()
        searcher.deadline = time.perf_counter() + seconds
        searcher.node_limit = 1 << 62
        found: list[Iteration] = []
        max_depth = 1 if len(searcher.lean.legal(cells)) == 1 else 100
        with contextlib.suppress(SearchStopped):  # the clock ran out: the depths completed count
            searcher.iterate(cells, max_depth, False, found.append)
        move = found[-1].move
        if searcher.partial is not None and searcher.partial[0] != move:
            move = searcher.partial[0]
        return searcher.lean.pit_number(move)
