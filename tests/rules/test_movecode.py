"""PlayStrategy's move codes (``<orig><dest>``, squares as the first player sees the board), both ways."""

from __future__ import annotations

import pytest

from rules import BESTEMSHE, KOZDATU, TOGUZ, Game, NotationError, Position, Side, read_record_file
from rules.movecode import move_code, pit_of, read_move_code, square
from tests.needs import SHARED_DATA, need_shared_data


def test_strategygames_test_opening_reads_as_the_rules_play_it() -> None:
    game = Game()
    for code, pit in (("f1e2", 6), ("d2e1", 6), ("i1a2", 9)):
        assert read_move_code(game.position, code) == pit
        report = game.play(pit)
        assert move_code(report, 9) == code


def test_squares_are_named_as_the_first_player_sees_the_board() -> None:
    assert [square(Side.WHITE, pit, 9) for pit in (1, 9)] == ["a1", "i1"]
    assert [square(Side.BLACK, pit, 9) for pit in (1, 9)] == ["i2", "a2"]
    assert [square(Side.BLACK, pit, 5) for pit in (1, 5)] == ["e2", "a2"]
    for pits in (5, 7, 9):
        for side in Side:
            for pit in range(1, pits + 1):
                assert pit_of(square(side, pit, pits), pits) == (side, pit)


@pytest.mark.parametrize(("code", "why"), [
    ("f1", "is not a move code"), ("z1e2", "is not a move code"), ("f3e2", "is not a move code"),
    ("d2e1", "plays a pit the side to move cannot play"),
    ("f1e1", "says where its last stone lands wrongly: it is f1e2"),
])
def test_a_wrong_code_is_refused_with_the_reason(code: str, why: str) -> None:
    from speech.words.problems import described

    with pytest.raises(NotationError) as caught:
        read_move_code(Position.start(TOGUZ), code)
    assert why in described(caught.value)


def test_the_small_boards_have_their_own_squares() -> None:
    for variant in (KOZDATU, BESTEMSHE):
        game = Game(variant)
        while not game.is_over and len(game.moves) < 40:
            pit = game.legal_moves()[len(game.moves) % len(game.legal_moves())]
            position = game.position
            report = game.play(pit)
            assert read_move_code(position, move_code(report, variant.pits)) == pit


@pytest.mark.slow
def test_every_move_of_the_3140_real_games_goes_to_a_code_and_back() -> None:
    need_shared_data()
    games = moves = 0
    for path in sorted(SHARED_DATA.glob("*.pgn")):
        for record in read_record_file(path):
            game = Game(position=record.game.start_position)
            for report in record.game.reports:
                code = move_code(report, record.variant.pits)
                assert read_move_code(game.position, code) == report.pit, (path.name, record.number, code)
                game.play(report.pit)
                moves += 1
            games += 1
    assert games == 3140
    assert moves > 200_000
