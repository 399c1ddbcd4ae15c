"""Endings solved exactly: the solver's results are those of a plain minimax played to the end of every
line, levels 7 and 8 never give up a win or a draw it proves, and analyse says them."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules import BESTEMSHE, KOZDATU, TOGUZ, Game, Position, Variant
from rules.engine import Engine
from rules.engine.endgame import DRAWN, ENDGAME_STONES, LOST, WON, board_stones, solve
from rules.engine.lean import DRAW, ONGOING, Cells, LeanRules

VARIANTS = [TOGUZ, KOZDATU, BESTEMSHE, TOGUZ.with_options(no_move="lose"),
            TOGUZ.with_options(stop_at_majority=False)]


def endings(variant: Variant, count: int, seed: int, stones: int = ENDGAME_STONES) -> list[Position]:
    """Positions reached by random play once the board holds ``stones`` stones or fewer."""
    rng = random.Random(seed)
    lean = LeanRules(variant)
    found: list[Position] = []
    while len(found) < count:
        game = Game(variant)
        while not game.is_over and board_stones(lean, lean.from_position(game.position)) > stones:
            game.play(rng.choice(game.legal_moves()))
        if not game.is_over:
            found.append(game.position)
    return found


class TooLong(Exception):
    """The reference went past its budget: no verdict to compare with."""


def minimax(lean: LeanRules, cells: Cells, budget: list[int], path: frozenset[tuple[int, ...]] = frozenset()) -> int:
    """The result for the side to move, every line played out (no table, no cut), within ``budget[0]``
    positions; a line that comes back to a position has no result (``TooLong`` too)."""
    result = cells[lean.result]
    if result != ONGOING:
        return DRAWN if result % 3 == DRAW else (WON if result % 3 == cells[lean.side] else LOST)
    budget[0] -= 1
    key = tuple(cells)
    if budget[0] < 0 or key in path:
        raise TooLong
    best = LOST
    for move in lean.legal(cells):
        child = cells[:]
        lean.play(child, move)
        best = max(best, -minimax(lean, child, budget, path | {key}))
    return best


def variant_id(variant: Variant) -> str:
    """A variant's name in a test's id: its name, what a side without a move does, and whether a
    majority ends the game."""
    return f"{variant.name}-{variant.no_move}-{variant.stop_at_majority}"


# The variants whose endings take over 2 s to compare (measured): in the full run only, not in make unit.
SLOW_SOLVES = {"Toguz Kumalak-collect-True", "Toguz Kumalak-collect-False", "Toguz Kumalak-lose-True",
               "Kozdatu-collect-True"}


@pytest.mark.parametrize("variant", [pytest.param(variant, marks=pytest.mark.slow) if variant_id(variant) in SLOW_SOLVES
                                     else variant for variant in VARIANTS], ids=variant_id)
def test_the_solver_finds_what_minimax_played_to_the_end_finds(variant: Variant) -> None:
    lean = LeanRules(variant)
    compared: list[int] = []
    for position in endings(variant, 60 if variant.pits == 9 else 200, seed=5, stones=6):
        cells = lean.from_position(position)
        solved = solve(lean, cells)
        if solved is None:
            continue  # a line that comes back to a position (Kozdatu's and Bestemshe's short rows)
        try:
            for move, result in solved.items():
                child = cells[:]
                lean.play(child, move)
                assert result == -minimax(lean, child, [20_000]), (position.fen(), lean.pit_number(move))
                compared.append(result)
        except TooLong:
            continue
    assert len(compared) >= 10 and {WON, LOST} <= set(compared), "enough moves, won and lost, compared"


@pytest.mark.slow
def test_some_endings_are_drawn_and_the_solver_says_which_moves_draw() -> None:
    lean = LeanRules(TOGUZ)
    drawn = [position for position in endings(TOGUZ, 100, seed=8, stones=8)
             if DRAWN in (solve(lean, lean.from_position(position)) or {}).values()]
    assert len(drawn) >= 3


def test_what_it_cannot_solve_it_leaves_to_the_search() -> None:
    lean = LeanRules(TOGUZ)
    assert solve(lean, lean.start()) is None, "the opening is no ending"
    large = [position for position in endings(TOGUZ, 30, seed=2)
             if solve(lean, lean.from_position(position), limit=20) is None]
    assert large, "some endings need more than 20 positions"
    position = endings(TOGUZ, 1, seed=3)[0]
    assert solve(lean, lean.from_position(position), stopped=lambda: True) is None, "called off"


def drawn_ending() -> tuple[Position, dict[int, int]]:
    """An ending where the best result is a draw and some move loses: its solve, by pit number."""
    lean = LeanRules(TOGUZ)
    for position in endings(TOGUZ, 300, seed=8):
        solved = solve(lean, lean.from_position(position))
        if solved is not None and max(solved.values()) == DRAWN and LOST in solved.values():
            return position, {lean.pit_number(move): result for move, result in solved.items()}
    raise AssertionError("no drawn ending with a losing move in the sample")


@pytest.mark.slow
def test_levels_7_and_8_never_give_up_the_result_the_solve_proves() -> None:
    position, results = drawn_ending()
    losing = next(pit for pit, result in results.items() if result == LOST)
    lean = LeanRules(TOGUZ)

    class BlunderingEngine(Engine):
        """The engine, its search missing the loss."""

        def _best(self, *args: Any) -> tuple[int, int, int]:
            _, score, depth = super()._best(*args)
            return lean.index(int(position.to_move), losing), score, depth  # as if the search had missed the loss

    for level in (7, 8):
        for seed in range(4):
            played = BlunderingEngine(level, seed=seed, book=False).choose(position)
            assert results[played.pit] == DRAWN and played.score == 0.0, (level, seed, played)
    assert results[BlunderingEngine(6, seed=0, book=False).choose(position).pit] == LOST, "level 6 does not solve"


@pytest.mark.slow
def test_analyse_names_each_moves_exact_result_in_a_solved_ending() -> None:
    position, results = drawn_ending()
    analysed = Engine(8, book=False).analyse(position)
    assert {item.pit: item.solved for item in analysed} == results
    order = [item.solved for item in analysed]
    assert order == sorted(order, reverse=True), "wins, then draws, then losses"  # type: ignore[type-var]  # None would not sort: a check too
    assert all(item.score == 0.0 for item in analysed if item.solved == DRAWN)
    assert all(item.solved is None for item in Engine(8, book=False).analyse(position, depth=3))


@pytest.mark.slow
def test_a_solve_never_outlasts_the_time_the_search_was_given() -> None:
    """On the clock the computer's budget covers the solve too: once the search's deadline has passed the
    solve is called off (the search's own answer stands), however quick it would have been."""
    position, results = drawn_ending()
    analysed = Engine(8, book=False).analyse(position, time_limit=1e-9)
    assert all(item.solved is None for item in analysed)
    assert {item.solved for item in Engine(8, book=False).analyse(position, time_limit=30)} == set(results.values())
