"""The compiled rules (``compiled_rules.FastRules``: the search's own sowing, in Toguz's copy with its constants
and in the general one) count the same move sequences as the lean rules, in every variant, from the
start and from positions well into a game; their random playouts are whole games, reproducible."""

from __future__ import annotations

import importlib.util

import pytest

from rules import Variant
from rules.engine.lean import LeanRules
from tests.needs import need
from tests.rules.test_search_exact import VARIANTS, random_positions


@pytest.fixture(autouse=True)
def numba_present() -> None:
    need(importlib.util.find_spec("numba") is not None,
         "numba is not installed (pip install numba): the compiled rules cannot be tested")


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda variant: variant.name)
def test_compiled_perft_counts_what_the_lean_rules_count(variant: Variant) -> None:
    from rules.engine.compiled_rules import FastRules

    lean = LeanRules(variant)
    rules = FastRules(lean)
    for depth in range(0, 5):
        assert rules.perft(lean.start(), depth) == lean.perft(lean.start(), depth), depth
    for position in random_positions(variant, 12, 8):
        cells = lean.from_position(position)
        assert rules.perft(cells, 3) == lean.perft(cells, 3), position.fen()


def test_compiled_perft_seven_from_the_toguz_start() -> None:
    from rules import TOGUZ
    from rules.engine.compiled_rules import FastRules

    lean = LeanRules(TOGUZ)
    assert FastRules(lean).perft(lean.start(), 7) == 3_003_052  # as the lean rules count it (bench/rules.py)


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda variant: variant.name)
def test_random_playouts_play_whole_games_and_a_seed_repeats_them(variant: Variant) -> None:
    from rules.engine.compiled_rules import FastRules

    lean = LeanRules(variant)
    rules = FastRules(lean)
    one = rules.playouts(lean.start(), 1, seed=3)
    assert rules.playouts(lean.start(), 1, seed=3) == one
    hundred = rules.playouts(lean.start(), 100, seed=3)
    assert hundred > 50 * one // 10  # a hundred games are many plies, none cut short at one move
    # A game cannot end before a side's row is empty or a kazan has a majority: never in a few plies.
    assert one >= variant.majority // (2 * variant.pits)
    assert rules.playouts(lean.start(), 100, seed=4) != hundred  # another seed, other games
