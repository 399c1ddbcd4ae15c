"""The selective search (level 8's playing search) prunes: a null-window node two or three plies from the
horizon standing more than ``PRUNE_MARGIN`` a ply above beta fails high without its moves searched, so
the same depth takes fewer positions; a search asked for a depth never prunes, its result the minimax
value (``test_search_exact``)."""

from __future__ import annotations

import pytest

from rules import TOGUZ
from rules.engine import search
from rules.engine.lean import LeanRules
from rules.engine.search import Iteration, Searcher
from tests.rules.test_search_exact import random_positions


def selective_nodes(cells: list[int], depth: int) -> tuple[int, Iteration]:
    searcher = Searcher(LeanRules(TOGUZ))
    searcher.selective = True
    found: list[Iteration] = []
    searcher.iterate(cells, depth, False, found.append)
    return searcher.nodes, found[-1]


def test_pruning_spares_positions_at_the_same_depth(monkeypatch: pytest.MonkeyPatch) -> None:
    lean = LeanRules(TOGUZ)
    pruned, whole = 0, 0
    for position in random_positions(TOGUZ, 6, 21):
        cells = lean.from_position(position)
        pruned += selective_nodes(cells, 6)[0]
        with monkeypatch.context() as patch:
            patch.setattr(search, "PRUNE_DEPTH", 0)
            whole += selective_nodes(cells, 6)[0]
    assert pruned < 0.9 * whole, (pruned, whole)


def test_a_depth_asked_for_is_not_pruned(monkeypatch: pytest.MonkeyPatch) -> None:
    lean = LeanRules(TOGUZ)
    cells = lean.from_position(random_positions(TOGUZ, 1, 22)[0])
    counts = []
    for prune_depth in (search.PRUNE_DEPTH, 0):
        monkeypatch.setattr(search, "PRUNE_DEPTH", prune_depth)
        searcher = Searcher(lean)
        searcher.iterate(cells, 5, False, lambda _iteration: None)
        counts.append(searcher.nodes)
    assert counts[0] == counts[1]
