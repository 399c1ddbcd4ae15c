"""What the evaluation knows of the end by the no-move rule: a player whose opponent's row is empty,
who has a quiet move and whose kazan and row make a majority, has as good as won; the compiled
evaluation knows the same."""

from __future__ import annotations

import pytest

from rules import TOGUZ, Position, Variant
from rules.engine.evaluate import DECIDED, SCALE
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


# The starving game of issue 27 (ply 78): White leads 80-39 on kazans and needs two stones, but holds 6
# stones on its row against Black's 37; Black starved White and won 82-80.
STARVING_FEN = "3S,4S,3S,4S,5S,3S,6S,4S,5S/1S,1,2S,1,1S,1,2S,2 80 39 S 40"
# The same kazans with the rows the other way round: White's row rich, Black's starving.
FEEDING_FEN = "2,2S,1,1S,1,2S,1,1S/5S,4S,6S,3S,5S,4S,3S,4S,3S 80 39 S 40"


def test_a_big_kazan_lead_with_a_starving_row_is_not_scored_as_a_big_win() -> None:
    values = evaluations(STARVING_FEN)
    assert len(set(values)) == 1
    assert values[0] < 10 * SCALE, values  # the kazans alone say +41


def test_a_big_kazan_lead_with_the_richer_row_is_a_big_win() -> None:
    values = evaluations(FEEDING_FEN)
    assert len(set(values)) == 1
    assert values[0] > 60 * SCALE, values


def test_row_stones_weigh_more_as_the_kazans_fill() -> None:
    # White's row holds 20 stones more than Black's, the kazans even: early (10 in) and late (110 in).
    early = evaluations("6S,7S,7S,7S,7S,8S,8S,8S,8S/10S,10S,10S,10S,10S,9S,9S,9S,9S 5 5 S 10")
    late = evaluations("1S,1S,2S,2S,2S,2S,2S,2S,2S/4S,4S,4S,4S,4S,4S,4S,4S,4S 55 55 S 40")
    assert len(set(early)) == 1 and len(set(late)) == 1
    assert late[0] > early[0] + 3 * SCALE, (early, late)


def test_a_tuzdyk_made_early_is_worth_the_stones_it_will_bring_in() -> None:
    # White owns a tuzdyk in Black's pit 5, made at once; otherwise the position is even.
    with_tuzdyk = evaluations("9S,9S,9S,9S,t,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 9 0 N 5")
    without = evaluations("9S,9S,9S,9S,1,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 9 0 N 5")
    assert len(set(with_tuzdyk)) == 1 and len(set(without)) == 1
    assert without[0] - with_tuzdyk[0] >= 15 * SCALE, (with_tuzdyk, without)  # Black to move: White's gain
