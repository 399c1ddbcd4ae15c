"""Invariants over random games in all three variants (Hypothesis), and perft move counts."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import BESTEMSHE, KOZDATU, TOGUZ, Game, Position, Variant
from rules.move import play_move

VARIANTS = [
    TOGUZ,
    KOZDATU,
    BESTEMSHE,
    KOZDATU.with_options(tuzdyks=True),
    TOGUZ.with_options(unrestricted_tuzdyk=True),
    TOGUZ.with_options(stop_at_majority=False),
    BESTEMSHE.with_options(no_move="lose"),
]


games = st.tuples(st.sampled_from(VARIANTS), st.lists(st.integers(0, 8), min_size=1, max_size=300))


def played(variant: Variant, choices: list[int]) -> Iterator[tuple[Game, Position]]:
    """Play a random game, choosing among the legal moves with ``choices``; after each move, the game
    and the position before the move."""
    game = Game(variant)
    for choice in choices:
        moves = game.legal_moves()
        if not moves:
            return
        before = game.position
        game.play(moves[choice % len(moves)])
        yield game, before


@settings(max_examples=60, deadline=None)
@given(games)
def test_stones_are_conserved_and_kazans_never_shrink(case: tuple[Variant, list[int]]) -> None:
    variant, choices = case
    for game, before in played(variant, choices):
        position = game.position
        assert sum(position.board) + sum(position.kazans) == variant.total
        assert all(count >= 0 for count in position.board)
        assert position.kazans[0] >= before.kazans[0] and position.kazans[1] >= before.kazans[1]


@settings(max_examples=60, deadline=None)
@given(games)
def test_tuzdyks_are_at_most_one_each_never_in_the_last_pit_never_symmetric(
    case: tuple[Variant, list[int]],
) -> None:
    variant, choices = case
    for game, _ in played(variant, choices):
        white, black = game.position.tuzdyks
        if not variant.tuzdyks:
            assert (white, black) == (None, None)
        if not variant.unrestricted_tuzdyk:
            assert white != variant.pits and black != variant.pits
            assert white is None or white != black
        for owner, pit in enumerate((white, black)):
            if pit is not None:  # a tuzdyk always stands empty
                assert game.position.board[(1 - owner) * variant.pits + pit - 1] == 0


@settings(max_examples=40, deadline=None)
@given(games)
def test_undo_restores_the_exact_position(case: tuple[Variant, list[int]]) -> None:
    variant, choices = case
    game, seen = Game(variant), []
    for game, before in played(variant, choices):  # noqa: B007 - the game is used after the loop
        seen.append(before)
    while game.moves:
        game.undo()
        assert game.position == seen.pop()
        assert game.outcome is None
    assert not seen


@settings(max_examples=60, deadline=None)
@given(games)
def test_every_position_round_trips_through_fen(case: tuple[Variant, list[int]]) -> None:
    variant, choices = case
    for game, _ in played(variant, choices):
        assert Position.from_fen(game.position.fen(), variant) == game.position


def perft(position: Position, depth: int) -> int:
    """Move sequences of ``depth`` plies from ``position``; a finished game has no children."""
    total = 0
    for pit in position.legal_moves():
        after, report = play_move(position, pit)
        if depth == 1:
            total += 1
        elif report.outcome is None:
            total += perft(after, depth - 1)
    return total


@pytest.mark.parametrize(("depth", "count"), [(1, 9), (2, 73), (3, 613), (4, 5199), (5, 43184)])
def test_move_counts_from_the_toguz_start(depth: int, count: int) -> None:
    assert perft(Position.start(TOGUZ), depth) == count
