"""PlayStrategy FEN: the example of the rules reference (``../shared/RULES.md``, beside the repository; the
guide's "Records and positions" in docs/files-and-records.md quotes it), round trips, and every kind of
malformed FEN."""

from __future__ import annotations

import pytest

from rules import BESTEMSHE, BLACK, KOZDATU, TOGUZ, WHITE, Game, NotationError, Position
from tests.rules.said import raises_saying

START = "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1"
AFTER_6 = "9S,9S,9S,9S,1,10S,10S,10S,10S/9S,9S,9S,9S,9S,1S,10S,10S,10S 10 0 N 1"


def test_the_start_position_is_written_as_in_rules_md() -> None:
    assert Position.start(TOGUZ).fen() == START


def test_the_example_after_white_plays_pit_6_is_written_as_in_rules_md() -> None:
    game = Game(TOGUZ)
    game.play(6)
    assert game.position.fen() == AFTER_6


def test_the_example_reads_back_to_the_same_position() -> None:
    game = Game(TOGUZ)
    game.play(6)
    assert Position.from_fen(AFTER_6) == game.position


def test_the_pit_count_gives_the_variant() -> None:
    assert Position.from_fen(Position.start(BESTEMSHE).fen()).variant == BESTEMSHE
    assert Position.from_fen(Position.start(KOZDATU).fen()).variant == KOZDATU


def test_runs_of_empty_pits_and_tuzdyks_round_trip() -> None:
    board = (0, 0, 0, 5, 0, 7, 0, 0, 1) + (0, 0, 3, 0, 0, 0, 0, 0, 0)
    position = Position(TOGUZ, board, (80, 66), (4, 2), BLACK, 31)
    text = position.fen()
    assert text == "5,t,3S,2/1,t,1,5S,1,7S,2,1S 80 66 N 31"
    assert Position.from_fen(text) == position


def test_a_tuzdyk_is_written_t_on_the_row_where_it_stands() -> None:
    position = Position(TOGUZ, (9,) * 8 + (0,) + (9, 0) + (9,) * 7, (9, 0), (2, None), WHITE)
    black_row = position.fen().split("/")[0].split(",")
    assert black_row[-2] == "t"  # Black's pit 2, written second from the right


def test_a_kozdatu_fen_with_a_tuzdyk_switches_its_tuzdyks_on() -> None:
    text = "7S,7S,7S,7S,7S,t,7S/7S,7S,7S,7S,7S,7S,7S 7 0 S 1"
    position = Position.from_fen(text)
    assert position.variant.tuzdyks and position.tuzdyks == (2, None)
    assert position.fen() == text


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("9S,9S/9S,9S 0 0 S", "5 fields"),
        ("9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1", "split by one '/'"),
        ("9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 9 S 1", "rows differ in length"),
        ("9S,9S,9S,9S/9S,9S,9S,9S 0 0 S 1", "4 pits"),
        ("9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9Q 0 0 S 1", "unreadable pit '9Q'"),
        ("9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,-9S 0 0 S 1", "unreadable pit"),
        ("9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 1 0 S 1", "163 stones"),
        ("9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S x 0 S 1", "White's kazan"),
        ("9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 W 1", "S (White) or N (Black)"),
        ("9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 0", "move number"),
        ("9S,9S,9S,t,9S,9S,9S,t,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 18 0 S 1", "2 tuzdyks"),
        ("t,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 9 0 S 1", "pit 9, the last pit"),
        ("9S,9S,9S,9S,9S,9S,9S,t,9S/9S,t,9S,9S,9S,9S,9S,9S,9S 9 9 S 1", "both players a tuzdyk in pit 2"),
        ("5S,5S,5S,t,5S/5S,5S,5S,5S,5S 5 0 S 1", "without them"),
        ("9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,0 9 0 S 1", "empty run of 0"),
    ],
)
def test_a_malformed_fen_says_what_is_wrong(text: str, reason: str) -> None:
    with raises_saying(NotationError, reason.replace("(", r"\(").replace(")", r"\)")):
        Position.from_fen(text)


def test_a_game_can_start_from_a_fen() -> None:
    game = Game.from_fen(AFTER_6)
    assert game.position.to_move is BLACK
    assert game.legal_moves() == [1, 2, 3, 4, 6, 7, 8, 9]  # Black's pit 5 was captured
