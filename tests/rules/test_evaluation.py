"""What the evaluation knows of the end by the no-move rule: a player whose opponent's row is empty,
who has a quiet move and whose kazan and row make a majority, has as good as won; the compiled
evaluation knows the same."""

from __future__ import annotations

import pytest

from rules import TOGUZ, Position, Variant
from rules.engine.evaluate import DECIDED
from rules.engine.lean import LeanRules
from rules.engine.search import Searcher

# White to move, Black's row empty; White's kazan 80 and row 5: pit 1 (2 stones) stays on White's row.
DECIDED_FEN = "9/2S,7,3S 80 77 S 40"
# The same but White's only move (pit 9) sows into Black's row: Black gets a move.
NO_QUIET_MOVE = "9/8,5S 80 77 S 40"
# A quiet move, but White's kazan and row make 75: the collection would not win.
SHORT_OF_MAJORITY = "9/2S,7,3S 70 87 S 40"


def evaluations(fen: str, variant: Variant = TOGUZ) -> list[int]:
    """The evaluation of ``fen`` by the Python search and by the compiled one (where numba is)."""
    position = Position.from_fen(fen, variant)
    lean = LeanRules(variant)
    cells = lean.from_position(position)
    found = [Searcher(lean).evaluate(cells)]
    try:
        from rules.engine.fast import FastSearcher
    except ImportError:
        return found
    found.append(FastSearcher(lean).evaluate(cells))
    return found


def test_a_game_the_no_move_rule_decides_is_scored_as_won() -> None:
    decided = evaluations(DECIDED_FEN)
    assert all(value >= DECIDED for value in decided), decided
    assert len(set(decided)) == 1


@pytest.mark.parametrize("fen", [NO_QUIET_MOVE, SHORT_OF_MAJORITY])
def test_without_a_quiet_move_or_a_majority_nothing_is_decided(fen: str) -> None:
    values = evaluations(fen)
    assert all(value < DECIDED // 2 for value in values), values
    assert len(set(values)) == 1


def test_where_a_player_without_a_move_loses_a_quiet_move_is_enough() -> None:
    values = evaluations(SHORT_OF_MAJORITY, TOGUZ.with_options(no_move="lose"))
    assert all(value >= DECIDED // 2 for value in values), values
