"""One test per rule of the rules reference (``../shared/RULES.md``, beside the repository, as the guide's
"Rules" in docs/playing.md says): a literal position, one move, the literal result."""

from __future__ import annotations

import pytest

from rules import BESTEMSHE, BLACK, KOZDATU, TOGUZ, WHITE, Game, IllegalMoveError, Position, Variant
from rules.move import Termination
from tests.rules.said import raises_saying


def toguz(white: list[int], black: list[int], kazans: tuple[int, int] = (0, 0),
          tuzdyks: tuple[int | None, int | None] = (None, None), to_move: int = 0,
          variant: Variant = TOGUZ) -> Game:
    """A game from rows written pit 1..N (a rule test needs no full set of stones)."""
    side = WHITE if to_move == 0 else BLACK
    return Game(position=Position(variant, tuple(white + black), kazans, tuzdyks, side))


def test_the_start_position_has_every_pit_full_and_white_to_move() -> None:
    position = Game(TOGUZ).position
    assert position.board == (9,) * 18
    assert position.kazans == (0, 0)
    assert position.to_move is WHITE
    assert Game(KOZDATU).position.board == (7,) * 14
    assert Game(BESTEMSHE).position.board == (5,) * 10


def test_a_single_stone_moves_to_the_next_pit_and_leaves_the_origin_empty() -> None:
    game = toguz([1, 0, 0, 0, 0, 0, 0, 0, 2], [0, 0, 0, 0, 0, 0, 0, 0, 3])
    report = game.play(1)
    assert game.position.row(WHITE) == (0, 1, 0, 0, 0, 0, 0, 0, 2)
    assert (report.sown, report.landing_side, report.landing_pit, report.landing_count) == (1, WHITE, 2, 1)


def test_a_single_stone_from_the_last_pit_lands_in_the_opponents_first_pit() -> None:
    game = toguz([0, 0, 0, 0, 0, 0, 0, 0, 1], [2, 0, 0, 0, 0, 0, 0, 0, 3])
    report = game.play(9)
    assert (report.landing_side, report.landing_pit, report.landing_count) == (BLACK, 1, 3)


def test_the_first_stone_of_several_goes_back_into_the_origin() -> None:
    game = toguz([3, 0, 0, 0, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0, 0, 0, 0])
    game.play(1)
    assert game.position.row(WHITE)[:4] == (1, 1, 1, 0)


def test_sowing_runs_round_the_board_without_skipping_the_origin() -> None:
    game = toguz([0, 0, 0, 0, 0, 0, 0, 0, 20], [0] * 9)
    report = game.play(9)
    # 20 stones from pit 9 go to W9, B1..B9, W1..W9 and B1: a full lap passes the origin too.
    assert report.landing_side is BLACK and report.landing_pit == 1
    assert report.landing_count == 2
    assert report.captured == 2
    assert game.position.row(WHITE) == (1, 1, 1, 1, 1, 1, 1, 1, 2)
    assert game.position.row(BLACK) == (0, 1, 1, 1, 1, 1, 1, 1, 1)


def test_an_even_count_on_the_opponents_row_is_captured() -> None:
    game = Game(TOGUZ)
    report = game.play(7)
    assert report.captured == 10
    assert game.position.kazans == (10, 0)
    assert game.position.pit(BLACK, 6) == 0


def test_an_odd_count_on_the_opponents_row_is_not_captured() -> None:
    game = toguz([0, 0, 0, 0, 0, 0, 0, 0, 2], [4, 0, 0, 0, 0, 0, 0, 0, 1])
    report = game.play(9)
    assert (report.landing_pit, report.landing_count, report.captured) == (1, 5, 0)
    assert game.position.pit(BLACK, 1) == 5


def test_an_even_count_on_the_movers_own_row_is_not_captured() -> None:
    game = toguz([3, 1, 0, 0, 0, 0, 0, 0, 0], [1] * 9)
    report = game.play(1)
    assert report.landing_side is WHITE and report.landing_count == 1
    game = toguz([2, 1, 0, 0, 0, 0, 0, 0, 0], [1] * 9)
    report = game.play(1)
    assert report.landing_count == 2 and report.captured == 0


def test_three_stones_on_the_opponents_row_make_a_tuzdyk() -> None:
    game = toguz([0, 0, 0, 0, 0, 0, 0, 4, 0], [1, 2, 0, 0, 0, 0, 0, 0, 1])
    report = game.play(8)
    assert report.tuzdyk_made == 2
    assert report.notation == "82x"
    assert game.position.tuzdyks == (2, None)
    assert game.position.pit(BLACK, 2) == 0


def test_no_tuzdyk_in_the_last_pit() -> None:
    game = toguz([0, 0, 0, 0, 0, 0, 0, 0, 10], [0, 0, 0, 0, 0, 0, 0, 0, 2])
    report = game.play(9)  # W9, B1..B9: the last makes Black's pit 9 hold 3
    assert (report.landing_side, report.landing_pit, report.landing_count) == (BLACK, 9, 3)
    assert report.tuzdyk_made is None
    assert game.position.pit(BLACK, 9) == 3
    assert game.position.tuzdyks == (None, None)


def test_no_second_tuzdyk_for_a_player_who_has_one() -> None:
    game = toguz([0, 0, 0, 0, 0, 0, 0, 4, 0], [1, 2, 0, 0, 0, 0, 0, 0, 1], tuzdyks=(5, None))
    report = game.play(8)
    assert report.tuzdyk_made is None
    assert game.position.pit(BLACK, 2) == 3
    assert game.position.tuzdyks == (5, None)


def test_no_tuzdyk_with_the_same_number_as_the_opponents() -> None:
    game = toguz([0, 0, 0, 0, 0, 0, 0, 4, 0], [1, 2, 0, 0, 0, 0, 0, 0, 1], tuzdyks=(None, 2))
    report = game.play(8)
    assert report.tuzdyk_made is None
    assert game.position.pit(BLACK, 2) == 3


def test_a_stone_falling_into_a_tuzdyk_goes_to_its_owners_kazan() -> None:
    # Black owns White's pit 3; White sows from pit 1 through it.
    game = toguz([4, 0, 0, 0, 0, 0, 0, 0, 0], [1] * 9, kazans=(0, 0), tuzdyks=(None, 3))
    before = game.position.kazans
    report = game.play(1)
    assert report.tuzdyk_income == (0, 1)
    assert game.position.kazans == (before[0], before[1] + 1)
    assert game.position.pit(WHITE, 3) == 0


def test_the_last_stone_in_a_tuzdyk_captures_nothing_more() -> None:
    game = toguz([0, 0, 0, 0, 0, 0, 0, 3, 0], [1, 1, 0, 0, 0, 0, 0, 0, 0], tuzdyks=(1, None))
    report = game.play(8)  # W8, W9, B1 (White's own tuzdyk)
    assert report.landing_tuzdyk is WHITE and report.landing_count == 0
    assert report.tuzdyk_income == (1, 0)
    assert report.captured == 0


def test_an_empty_pit_cannot_be_played() -> None:
    game = toguz([0, 1, 0, 0, 0, 0, 0, 0, 0], [1] * 9)
    with raises_saying(IllegalMoveError, "White's pit 1 is empty"):
        game.play(1)
    assert game.moves == ()


@pytest.mark.parametrize("pit", [0, 10, -1])
def test_a_pit_off_the_row_cannot_be_played(pit: int) -> None:
    with raises_saying(IllegalMoveError, f"pit {pit} does not exist: choose 1 to 9"):
        Game(TOGUZ).play(pit)


def test_the_turn_passes_and_the_move_number_grows_after_black() -> None:
    game = Game(TOGUZ)
    game.play(1)
    assert game.position.to_move is BLACK and game.position.move_number == 1
    game.play(1)
    assert game.position.to_move is WHITE and game.position.move_number == 2


def test_a_kazan_over_half_wins_at_once() -> None:
    game = toguz([0, 0, 0, 0, 0, 0, 0, 0, 2], [1, 0, 0, 0, 0, 0, 0, 0, 1], kazans=(80, 0))
    report = game.play(9)
    assert report.captured == 2
    assert game.outcome is not None
    assert game.outcome.winner is WHITE and game.outcome.reason is Termination.MAJORITY
    assert game.legal_moves() == []


def test_a_player_with_no_move_ends_the_game_and_the_other_collects_his_row() -> None:
    game = toguz([0, 0, 0, 0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0, 0, 2, 0], kazans=(70, 0))
    game.play(9)  # White 9 -> Black 1: Black can move, so the game goes on
    assert game.outcome is None
    report = game.play(1)  # Black 1 -> Black 2; White to move has no stone
    assert report.collected == (0, 3)
    assert game.position.board == (0,) * 18
    outcome = game.outcome
    assert outcome is not None and outcome.reason is Termination.NO_MOVES
    assert outcome.kazans == (70, 3) and outcome.winner is WHITE


def test_with_the_losing_option_the_player_who_cannot_move_loses() -> None:
    variant = TOGUZ.with_options(no_move="lose")
    game = toguz([0, 0, 0, 0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0, 0, 2, 0], kazans=(70, 0), variant=variant)
    game.play(9)
    game.play(1)
    outcome = game.outcome
    assert outcome is not None and outcome.reason is Termination.NO_MOVES
    assert outcome.winner is BLACK


def test_playing_on_past_a_majority_is_an_option() -> None:
    variant = TOGUZ.with_options(stop_at_majority=False)
    game = toguz([0, 0, 0, 0, 0, 0, 0, 0, 2], [1, 0, 0, 0, 0, 0, 0, 0, 1], kazans=(80, 0), variant=variant)
    game.play(9)
    assert game.position.kazans == (82, 0)
    assert game.outcome is None


def test_unrestricted_tuzdyks_may_stand_in_the_last_pit_and_opposite_the_opponents() -> None:
    variant = TOGUZ.with_options(unrestricted_tuzdyk=True)
    game = toguz([0, 0, 0, 0, 0, 0, 0, 0, 10], [0, 0, 0, 0, 0, 0, 0, 0, 2], variant=variant)
    assert game.play(9).tuzdyk_made == 9
    game = toguz([0, 0, 0, 0, 0, 0, 0, 4, 0], [1, 2, 0, 0, 0, 0, 0, 0, 1], tuzdyks=(None, 2),
                 variant=variant)
    assert game.play(8).tuzdyk_made == 2
    assert game.position.tuzdyks == (2, 2)


def test_equal_kazans_at_the_end_are_a_draw() -> None:
    position = Position(TOGUZ, (0,) * 9 + (0, 0, 0, 0, 0, 0, 0, 1, 0), (81, 80), (None, None), BLACK)
    game = Game(position=position)
    report = game.play(8)  # Black 8 -> Black 9; White has no move: Black collects 1.
    assert report.outcome is not None
    assert report.outcome.winner is None
    assert report.outcome.kazans == (81, 81)
    assert report.outcome.result == "1/2-1/2"


def test_undo_takes_back_the_last_move_and_its_ending() -> None:
    game = toguz([0, 0, 0, 0, 0, 0, 0, 0, 2], [1, 0, 0, 0, 0, 0, 0, 0, 1], kazans=(80, 0))
    before = game.position
    game.play(9)
    assert game.outcome is not None
    game.undo()
    assert game.position == before and game.outcome is None
    with raises_saying(IllegalMoveError, "no move to take back"):
        game.undo()


def test_no_move_is_played_once_the_game_is_over() -> None:
    game = Game(TOGUZ)
    game.resign(WHITE)
    with raises_saying(IllegalMoveError, "the game is over"):
        game.play(1)


def test_resignation_agreement_and_flag_end_the_game() -> None:
    game = Game(TOGUZ)
    assert game.resign(BLACK).winner is WHITE
    game = Game(TOGUZ)
    outcome = game.agree_draw()
    assert outcome.winner is None and outcome.reason is Termination.AGREEMENT
    game = Game(TOGUZ)
    assert game.flag(WHITE).winner is BLACK


def test_a_flag_falling_on_a_player_with_a_majority_still_wins_for_him() -> None:
    played_on = TOGUZ.with_options(stop_at_majority=False)  # with the default rules 85 has already won
    game = toguz([1] + [0] * 8, [1] * 9, kazans=(85, 0), variant=played_on)
    assert not game.is_over
    outcome = game.flag(WHITE)
    assert outcome.winner is WHITE and outcome.reason is Termination.TIME


def test_a_position_already_decided_starts_as_a_finished_game() -> None:
    won = toguz([1] + [0] * 8, [1] * 9, kazans=(85, 0))
    assert won.is_over and won.outcome is not None
    assert won.outcome.winner is WHITE and won.outcome.reason is Termination.MAJORITY
    assert won.legal_moves() == []
    stuck = toguz([0] * 9, [2] * 9, kazans=(70, 74), to_move=0)
    assert stuck.outcome is not None and stuck.outcome.reason is Termination.NO_MOVES
    assert stuck.position.kazans == (70, 92) and stuck.outcome.winner is BLACK, "Black collects his row"
    assert stuck.start_position.kazans == (70, 74), "the start is kept as given"


def test_bestemshe_and_kozdatu_wins_need_more_than_half() -> None:
    assert (TOGUZ.majority, KOZDATU.majority, BESTEMSHE.majority) == (82, 50, 26)
    assert (TOGUZ.total, KOZDATU.total, BESTEMSHE.total) == (162, 98, 50)


def test_kozdatu_and_bestemshe_make_no_tuzdyk_by_default() -> None:
    # Bestemshe: White's pit 4 holds 2: stones to W4, W5 -> no. Build a real 3 on Black's row.
    game = toguz([0, 0, 0, 3, 0], [2, 0, 0, 0, 0], variant=BESTEMSHE)
    report = game.play(4)  # W4, W5, B1 -> B1 holds 3
    assert (report.landing_side, report.landing_pit, report.landing_count) == (BLACK, 1, 3)
    assert report.tuzdyk_made is None
    game_on = toguz([0, 0, 0, 0, 0, 3, 0], [2, 0, 0, 0, 0, 0, 0],
                    variant=KOZDATU.with_options(tuzdyks=True))
    assert game_on.play(6).tuzdyk_made == 1
    assert toguz([0, 0, 0, 0, 0, 3, 0], [2, 0, 0, 0, 0, 0, 0], variant=KOZDATU).play(6).tuzdyk_made is None
