"""The compiled search's transposition table: a search longer than the table holds (a second a move and
more, at ten million positions a second) gives up the shallowest entries of a full bucket, one at a time,
and never forgets all it learned in the middle of a search; whatever it gives up, a search to a depth
still finds the minimax value; and looking up a line changes nothing."""

from __future__ import annotations

import importlib.util

import numpy as np
import pytest

from rules import TOGUZ
from rules.engine.engine import AnySearcher
from rules.engine.lean import LeanRules
from rules.engine.search import Iteration, Searcher
from tests.needs import need
from tests.rules.test_compiled_search import searched
from tests.rules.test_search_exact import random_positions


@pytest.fixture(autouse=True)
def numba_present() -> None:
    need(importlib.util.find_spec("numba") is not None,
         "numba is not installed (pip install numba): only the pure-Python search can be tested")


def search(searcher: AnySearcher, cells: list[int], depth: int) -> Iteration:
    """The last depth of a search to ``depth`` from a reset searcher."""
    return searched(searcher, cells, depth, False)[0]


def test_a_table_far_too_small_still_gives_the_minimax_value() -> None:
    """With 64 slots for hundreds and thousands of positions, entries are given up all the time, and every depth still
    finds the score the Python search (whose table holds them all) finds."""
    from rules.engine.fast import BUCKET, S_GENERATION, S_REPLACED, FastSearcher

    lean = LeanRules(TOGUZ)
    small, python = FastSearcher(lean), Searcher(lean)
    small.data = np.zeros((64, 4), dtype=np.int64)
    assert 64 % BUCKET == 0
    for position in random_positions(TOGUZ, 6, 41):
        cells = lean.from_position(position)
        for depth in (5, 7):
            generation = small.state[S_GENERATION]
            found = search(small, cells, depth)
            assert small.state[S_GENERATION] == generation + 1  # the new search's, not one more since
            assert small.state[S_REPLACED] > 0
            wanted = search(python, cells, depth)
            assert found.score == wanted.score, (position.fen(), depth)
            assert found.scores[found.move] == wanted.scores[wanted.move]


def test_a_full_bucket_gives_up_its_shallowest_entry() -> None:
    from rules.engine.fast import BUCKET, GENERATION, MARK, PACKED, S_GENERATION, S_REPLACED, FastSearcher, _find, _keep

    searcher = FastSearcher(LeanRules(TOGUZ))
    data = np.zeros((BUCKET * 4, 4), dtype=np.int64)
    state = searcher.state
    generation = int(state[S_GENERATION])
    # The bucket is the hash's bits 20 and 21 here (4 buckets): hashes that differ only above them share it.
    hashes = [(k << 23) + 12345 for k in range(BUCKET + 1)]  # all in bucket 0
    depths = [7, 3, 9, 5]
    for hashed, depth in zip(hashes, depths, strict=False):
        slot = _find(data, hashed, generation, state)
        _keep(data, slot, hashed, generation, depth, 0, 100 * depth, 1, 0, state)
    assert sorted(data[:BUCKET, PACKED] >> 16) == sorted(depths)
    assert state[S_REPLACED] == 0
    slot = _find(data, hashes[BUCKET], generation, state)
    assert slot == 1  # where depth 3 was
    assert state[S_REPLACED] == 1
    assert data[slot, GENERATION] != generation  # nothing to read there before the new result is kept
    assert data[slot, MARK] == hashes[BUCKET] >> 1
    for hashed, depth in zip(hashes, depths, strict=False):
        if depth != 3:  # the others stay
            assert data[_find(data, hashed, generation, state), PACKED] >> 16 == depth
    assert state[S_REPLACED] == 1


def test_looking_up_a_line_changes_nothing() -> None:
    from rules.engine.fast import FastSearcher

    lean = LeanRules(TOGUZ)
    searcher = FastSearcher(lean)
    searcher.data = np.zeros((64, 4), dtype=np.int64)
    cells = lean.from_position(random_positions(TOGUZ, 1, 43)[0])
    found = search(searcher, cells, 6)
    before = searcher.data.copy()
    searcher.principal_line(cells, found.move, 20)
    assert (searcher.data == before).all()
