"""The computer's share of its clock (``thinking_time``): more in the middlegame, a forced move at once,
the lower levels within their own limits, and, played out over whole games at the tournaments' time
controls with the search running past its deadline by more than it ever does, never a flag fallen."""

from __future__ import annotations

import pytest

from rules import TOGUZ
from rules.engine import LEVELS
from rules.engine.time_use import LEAST_THINKING, thinking_time

LEVEL_8 = LEVELS[7]


def test_a_forced_move_is_played_at_once() -> None:
    assert thinking_time(600.0, 10.0, 100, 162, 1, LEVEL_8) == LEAST_THINKING


def test_the_middlegame_gets_more_than_the_opening_with_the_same_time_left() -> None:
    opening = thinking_time(300.0, 0.0, 150, 162, 9, LEVEL_8)
    middle = thinking_time(300.0, 0.0, 90, 162, 9, LEVEL_8)
    assert middle > 1.2 * opening


def test_level_8_on_a_long_clock_thinks_past_its_own_3_seconds_and_the_lower_levels_do_not() -> None:
    assert thinking_time(3600.0, 0.0, 120, 162, 9, LEVEL_8) > 60.0
    for level in LEVELS[:7]:
        assert thinking_time(3600.0, 0.0, 120, 162, 9, level) == level.time_limit


def test_never_more_than_a_quarter_of_what_is_left() -> None:
    assert thinking_time(2.0, 3.0, 100, 162, 9, LEVEL_8) == pytest.approx(0.5)


@pytest.mark.parametrize(("minutes", "increment"), [(60, 0), (15, 10), (5, 3), (1, 0)])
def test_whole_games_on_a_tournament_clock_never_lose_on_time(minutes: int, increment: int) -> None:
    """200 moves a side (the longest of the 3,140 real games has 186), the board emptying slowly, each
    search 0.02 s past its budget (twice the worst overrun ``bench/engine.py`` measures)."""
    left, lowest, spent = 60.0 * minutes, 60.0 * minutes, 0.0
    for move in range(200):
        on_board = max(0, TOGUZ.total - move)
        seconds = thinking_time(left, float(increment), on_board, TOGUZ.total, 9, LEVEL_8) + 0.02
        left -= seconds
        spent += seconds
        assert left > 0, f"flag fallen on move {move + 1}"
        left += increment
        lowest = min(lowest, left)
    if minutes >= 15:
        assert spent > 0.5 * 60 * minutes  # the time is used, not hoarded
