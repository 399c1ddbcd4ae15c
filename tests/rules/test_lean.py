"""The lean rules form agrees with ``Game``/``play_move`` exactly, in every variant and option."""

from __future__ import annotations

import itertools
import random
from typing import get_args

import pytest

from rules import BESTEMSHE, KOZDATU, TOGUZ, Game, Position, Side, Variant
from rules.engine.lean import LeanRules
from rules.variant import NoMoveRule

NO_MOVE_RULES: tuple[NoMoveRule, ...] = get_args(NoMoveRule)  # collect, lose
OPTIONS = [
    variant.with_options(tuzdyks=tuzdyks, no_move=no_move, stop_at_majority=stop, unrestricted_tuzdyk=free)
    for variant, tuzdyks, no_move, stop, free in itertools.product(
        (TOGUZ, KOZDATU, BESTEMSHE), (True, False), NO_MOVE_RULES, (True, False), (True, False)
    )
    if tuzdyks or not free
]


def _same(lean: LeanRules, cells: list[int], game: Game) -> None:
    position = game.position
    assert lean.to_position(cells, position.move_number) == position
    assert lean.outcome(cells) == game.outcome
    assert [lean.pit_number(index) for index in lean.legal(cells)] == game.legal_moves()


def _random_game(variant: Variant, rng: random.Random, start: Position | None = None) -> None:
    lean = LeanRules(variant)
    game = Game(variant, start)
    cells = lean.from_position(game.position)
    _same(lean, cells, game)
    while not game.is_over:
        pit = rng.choice(game.legal_moves())
        report = game.play(pit)
        captured = lean.play_pit(cells, pit)
        assert captured == report.captured + (3 if report.tuzdyk_made is not None else 0)
        _same(lean, cells, game)


@pytest.mark.parametrize("variant", OPTIONS, ids=lambda v: f"{v.name}-{v.tuzdyks}-{v.no_move}-"
                         f"{v.stop_at_majority}-{v.unrestricted_tuzdyk}")
def test_lean_rules_agree_with_game_over_random_games(variant: Variant) -> None:
    rng = random.Random(f"lean {variant}")
    for _ in range(25):
        _random_game(variant, rng)


def test_lean_rules_agree_with_game_from_crowded_positions() -> None:
    """Big piles sow whole laps; tuzdyks on both sides catch stones of every lap."""
    rng = random.Random(7)
    for base in (TOGUZ, KOZDATU, BESTEMSHE):
        variant = base.with_options(tuzdyks=True, stop_at_majority=False)
        n = variant.pits
        for _ in range(40):
            board = [rng.randrange(0, 3 * n) for _ in range(2 * n)]
            white, black = rng.randrange(1, n), rng.randrange(1, n)
            board[n + white - 1] = board[black - 1] = 0
            rest = variant.total - sum(board)
            if rest >= 0:
                kazans = (rest // 2, rest - rest // 2)
                start = Position(variant, tuple(board), kazans, (white, black), Side(rng.randrange(2)))
                _random_game(variant, rng, start)


def test_a_finished_position_converts_with_its_outcome() -> None:
    position = Position(BESTEMSHE, (0,) * 5 + (1, 0, 0, 0, 2), (20, 27), (None, None), Side.WHITE)
    lean = LeanRules(BESTEMSHE)
    cells = lean.from_position(position)
    assert lean.legal(cells) == []
    outcome = lean.outcome(cells)
    assert outcome is not None and outcome.winner is Side.BLACK


def test_conversion_round_trips_tuzdyks() -> None:
    position = Position.from_fen("9S,9S,t,9S,9S,9S,9S,9S,9S/9S,t,9S,9S,9S,9S,9S,9S,9S 9 9 N 4")
    lean = LeanRules(TOGUZ)
    assert lean.to_position(lean.from_position(position), 4) == position


@pytest.mark.parametrize(("depth", "nodes"), [(1, 9), (2, 73), (3, 613), (4, 5199), (5, 43184), (6, 360035)])
def test_perft_from_the_toguz_start(depth: int, nodes: int) -> None:
    lean = LeanRules(TOGUZ)
    assert lean.perft(lean.start(), depth) == nodes


def test_perft_of_a_finished_position_has_no_children() -> None:
    position = Position(TOGUZ, (1,) + (0,) * 17, (82, 79), (None, None), Side.BLACK)
    lean = LeanRules(TOGUZ)
    assert lean.perft(lean.from_position(position), 1) == 0
    assert lean.perft(lean.from_position(position), 0) == 1
