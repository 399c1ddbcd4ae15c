"""The worked examples of the rules reference (``../shared/RULES.md``, beside the repository, as the
guide's "Rules" in docs/playing.md says), each as written there."""

from __future__ import annotations

import pytest

from rules import BESTEMSHE, BLACK, KOZDATU, TOGUZ, WHITE, Game, Position, Variant
from rules.move import landing_by_counting, landing_index


def test_example_1_toguz_start_white_plays_pit_7() -> None:
    game = Game(TOGUZ)
    report = game.play(7)
    assert game.position.row(WHITE) == (9, 9, 9, 9, 9, 9, 1, 10, 10)
    assert game.position.row(BLACK) == (10, 10, 10, 10, 10, 0, 9, 9, 9)
    assert (report.landing_side, report.landing_pit, report.captured) == (BLACK, 6, 10)
    assert game.position.kazans[WHITE] == 10
    assert (report.notation, report.playok) == ("76", "76(10)")


def test_example_2_bestemshe_start_white_plays_pit_3() -> None:
    game = Game(BESTEMSHE)
    report = game.play(3)
    assert game.position.row(WHITE) == (5, 5, 1, 6, 6)
    assert game.position.row(BLACK) == (6, 0, 5, 5, 5)
    assert report.captured == 6 and game.position.kazans[WHITE] == 6
    assert report.notation == "32"


def test_example_3_bestemshe_twelve_stones_from_pit_4_land_on_whites_own_pit_5() -> None:
    position = Position(BESTEMSHE, (0, 0, 0, 12, 0, 0, 0, 0, 0, 0), (20, 18), (None, None), WHITE)
    game = Game(position=position)
    report = game.play(4)
    assert game.position.row(WHITE) == (1, 1, 1, 2, 2)
    assert game.position.row(BLACK) == (1, 1, 1, 1, 1)
    assert report.captured == 0 and report.landing_side is WHITE
    assert report.notation == "45"


def test_example_4_thirty_two_stones_from_pit_4_land_in_blacks_pit_8_after_two_laps() -> None:
    board = [0] * 18
    board[3] = 32
    position = Position(TOGUZ, tuple(board), (65, 65), (None, None), WHITE)
    last = landing_index(TOGUZ, 3, 32)
    assert (last // 9, last % 9 + 1) == (BLACK, 8)
    assert landing_by_counting(9, 4, 32) == 8  # the Czech federation's method
    report = Game(position=position).play(4)
    assert (report.landing_side, report.landing_pit, report.landing_count) == (BLACK, 8, 2)


def test_example_5_three_stones_in_blacks_pit_2_make_whites_tuzdyk() -> None:
    board = [1, 1, 1, 1, 1, 1, 1, 4, 0] + [1, 2, 1, 1, 1, 1, 1, 1, 1]
    position = Position(TOGUZ, tuple(board), (70, 66), (None, None), WHITE)
    game = Game(position=position)
    report = game.play(8)
    assert report.tuzdyk_made == 2 and report.notation == "82x"
    assert game.position.kazans[WHITE] == 73


def test_example_5_without_the_tuzdyk_when_black_owns_whites_pit_2() -> None:
    board = [1, 0, 1, 1, 1, 1, 1, 4, 0] + [1, 2, 1, 1, 1, 1, 1, 1, 1]
    position = Position(TOGUZ, tuple(board), (70, 67), (None, 2), WHITE)
    game = Game(position=position)
    report = game.play(8)
    assert report.tuzdyk_made is None
    assert game.position.pit(BLACK, 2) == 3


def test_example_5_without_the_tuzdyk_when_white_already_owns_one() -> None:
    board = [1, 1, 1, 1, 1, 1, 1, 4, 0] + [1, 2, 1, 1, 0, 1, 1, 1, 1]
    position = Position(TOGUZ, tuple(board), (71, 66), (5, None), WHITE)
    game = Game(position=position)
    report = game.play(8)
    assert report.tuzdyk_made is None
    assert game.position.pit(BLACK, 2) == 3


def test_the_czech_mental_method_agrees_with_sowing_for_every_pit_and_count() -> None:
    for pit in range(1, 10):
        for stones in range(2, 60):
            number = stones + pit - 1
            crossed = 0
            while number > 9:
                number -= 9
                crossed += 1
            last = landing_index(TOGUZ, pit - 1, stones)
            assert last % 9 + 1 == number
            assert last // 9 == crossed % 2


@pytest.mark.parametrize("variant", [TOGUZ, KOZDATU, BESTEMSHE])
def test_the_counting_method_finds_the_landing_pit_the_sowing_reaches(variant: Variant) -> None:
    n = variant.pits
    for pit in range(1, n + 1):
        for stones in range(1, variant.total + 1):
            last = landing_index(variant, pit - 1, stones)
            assert landing_by_counting(n, pit, stones) == last % n + 1, (pit, stones)
