"""The order a node's moves are searched in: the table's move, then captures (and tuzdyks) by the stones
they take, then the killers, then the quiet moves by their history. The compiled search orders them the
same way (``test_compiled_search`` holds the two searches to the same positions counted)."""

from __future__ import annotations

from rules import TOGUZ
from rules.engine.lean import LeanRules
from rules.engine.search import QUIET, Searcher
from tests.rules.test_search_exact import random_positions

PLY = 3


def test_captures_come_before_the_killers_and_the_killers_before_other_quiet_moves() -> None:
    lean = LeanRules(TOGUZ)
    checked = 0
    for position in random_positions(TOGUZ, 60, 41):
        cells = lean.from_position(position)
        searcher = Searcher(lean)
        gains = {move: searcher.gain(cells, move) for move in lean.legal(cells)}
        captures = sorted((move for move, stones in gains.items() if stones), key=lambda move: -gains[move])
        quiet = [move for move, stones in gains.items() if not stones]
        if not captures or len(quiet) < 3:
            continue
        killer, favoured, *others = quiet
        searcher.killers[PLY] = [killer, -1]
        searcher.history[favoured] = 500
        moves, keys = searcher.ordered(cells, -1, PLY)
        assert [gains[move] for move in moves[:len(captures)]] == [gains[move] for move in captures]
        assert moves[len(captures)] == killer
        assert moves[len(captures) + 1] == favoured
        assert set(moves[len(captures) + 2:]) == set(others)
        # Captures and killers are never reduced as late quiet moves; the other quiet moves may be.
        assert all(key >= QUIET for key in keys[:len(captures) + 1])
        assert all(key < QUIET for key in keys[len(captures) + 1:])
        checked += 1
    assert checked >= 10, checked


def test_the_tables_move_comes_first_even_before_the_biggest_capture() -> None:
    lean = LeanRules(TOGUZ)
    for position in random_positions(TOGUZ, 60, 42):
        cells = lean.from_position(position)
        searcher = Searcher(lean)
        legal = lean.legal(cells)
        quiet = [move for move in legal if not searcher.gain(cells, move)]
        if len(quiet) == len(legal) or not quiet:
            continue
        moves, _keys = searcher.ordered(cells, quiet[-1], PLY)
        assert moves[0] == quiet[-1]
        assert searcher.gain(cells, moves[1]) > 0
        return
    raise AssertionError("no position with both a capture and a quiet move")
