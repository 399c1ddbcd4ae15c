"""Game records: reading with every tolerance and every check, building, writing, round trips."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import (
    BESTEMSHE,
    BLACK,
    KOZDATU,
    TOGUZ,
    WHITE,
    Game,
    NotationError,
    Position,
    Record,
    TokenStyle,
    Variant,
    read_record,
    read_record_file,
    read_records,
    record_from_game,
    write_record,
    write_records,
)
from rules.notation import STYLES
from tests.rules.said import raises_saying, said

TAGS = '[Event "Cup"]\n[White "A"]\n[Black "B"]\n'
OPENING = "1. 87 87 2. 22 99 3. 23 12 4. 68x 25"
OPENING_PLAYOK = "1. 87(10) 87(10) 2. 22 99(22) 3. 23 12(24) 4. 68X 25"
OPENING_PITS = (8, 8, 2, 9, 2, 1, 6, 2)
AFTER_TUZDYK = "2S,t,2S,12S,12S,12S,12S,13S,2S/12S,1,13S,12S,12S,1S,3S,4S,1S 13 24 N 4"


def one(moves: str, tags: str = TAGS) -> Record:
    return read_record(f"{tags}\n{moves}\n")


def finished(variant: Variant = BESTEMSHE) -> Game:
    """A game played to its end on the board, always from the lowest pit."""
    game = Game(variant)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    return game


def refused(text: str, *parts: str) -> None:
    with pytest.raises(NotationError) as caught:
        read_records(text)
    for part in parts:
        assert part in said(caught.value)


# Reading


def test_a_record_gives_its_tags_moves_result_and_style() -> None:
    record = one(f"{OPENING} 1-0", TAGS + '[Result "1-0"]\n')
    assert record.tags == {"Event": "Cup", "White": "A", "Black": "B", "Result": "1-0"}
    assert record.moves == OPENING_PITS
    assert record.result == "1-0"
    assert record.style == "federation"
    assert record.variant == TOGUZ
    assert (record.number, record.line) == (1, 1)


def test_playok_marks_make_a_playok_record() -> None:
    assert one(OPENING_PLAYOK).style == "playok"
    with raises_saying(NotationError, r"token '87': the move captures 10, but the token has no \(10\)"):
        one("1. 87 87 2. 22 99 3. 23 12 4. 68X")


def test_a_record_without_marks_is_playok_only_on_the_playok_site() -> None:
    assert one("1. 19 *", TAGS + '[Site "PlayOK"]\n').style == "playok"
    assert one("1. 19 *").style == "federation"


def test_captures_without_totals_make_a_federation_record_even_on_the_playok_site() -> None:
    assert one("1. 87 87 *", TAGS + '[Site "PlayOK"]\n').style == "federation"


def test_cyrillic_x_marks_a_tuzdyk_in_a_record() -> None:
    for mark in "хХ":
        record = one(OPENING.replace("x", mark))
        assert record.style == "federation"
        assert record.game.position.tuzdyks == (8, None)


@pytest.mark.parametrize("written", ["1/2-1/2", "½-½", "0,5 - 0,5", "0.5-0.5"])
def test_a_draw_is_read_however_it_is_written(written: str) -> None:
    record = one(f"{OPENING} {written}", TAGS + f'[Result "{written}"]\n')
    assert record.result == record.tags["Result"] == "1/2-1/2"


def test_a_result_without_a_board_ending_is_kept_and_the_game_left_undeclared() -> None:
    record = one(f"{OPENING} 0-1")
    assert record.result == record.tags["Result"] == "0-1"
    assert record.game.outcome is None
    assert not record.ended_on_board


def test_a_record_without_a_result_has_an_unknown_one() -> None:
    assert one(OPENING).result == "*"


def test_comments_may_stand_anywhere_and_span_lines() -> None:
    record = one("{before} 1. 87 {a long\n  comment} 87 2. 22 99 {end} 1-0 {zero}")
    assert record.moves == (8, 8, 2, 9)
    assert record.move_comments == ((0, "before"), (1, "a long comment"), (4, "end"))
    assert record.comments == ("zero",)
    assert record.write().endswith("{end} 1-0 {zero}\n"), "each comment is written back where it stood"


def test_a_move_number_may_end_a_line_with_its_moves_on_the_next() -> None:
    assert one("1. 87 87 2.\n22 99 3.\n23 12").moves == OPENING_PITS[:6]


@pytest.mark.parametrize("black", ["1...", "1.", "1…"])
def test_blacks_move_may_carry_its_own_number(black: str) -> None:
    assert one(f"1. 87 {black} 87 2. 22").moves == (8, 8, 2)


def test_a_number_written_against_its_move_is_read() -> None:
    assert one("1.87 87 2.22").moves == (8, 8, 2)


def test_windows_line_ends_a_bom_trailing_spaces_and_no_final_newline_are_read() -> None:
    text = "\ufeff" + (TAGS + "\n" + OPENING + "   \n1-0").replace("\n", "\r\n")
    record = read_record(text)
    assert record.tags["Event"] == "Cup"
    assert record.moves == OPENING_PITS
    assert record.result == "1-0"


def test_line_numbers_count_windows_line_ends_once() -> None:
    text = (TAGS + "\n1. 87 87\n2. 22 98\n").replace("\n", "\r\n")
    refused(text, "line 6): move 2 for Black, token '98'")


def test_several_games_are_read_in_order() -> None:
    text = f'[Event "One"]\n\n{OPENING} 1-0\n\n[Event "Two"]\n\n1. 21 0-1\n[Event "Three"]\n1. 87 *'
    records = read_records(text)
    assert [record.tags["Event"] for record in records] == ["One", "Two", "Three"]
    assert [record.number for record in records] == [1, 2, 3]
    assert [record.line for record in records] == [1, 5, 8]


def test_an_empty_text_holds_no_games() -> None:
    assert read_records("") == []
    assert read_records("\n  \n{just a note}\n") == []


def test_a_record_may_start_from_a_fen() -> None:
    record = one("4... 25 5. 14 37", TAGS + f'[FEN "{AFTER_TUZDYK}"]\n')
    assert record.game.start_position == Position.from_fen(AFTER_TUZDYK)
    assert record.moves == (2, 1, 3)


def test_the_fen_row_length_gives_the_variant() -> None:
    kozdatu = "7S,7S,7S,7S,7S,7S,7S/7S,7S,7S,7S,7S,7S,7S 0 0 S 1"
    assert one("1. 32 11", TAGS + f'[FEN "{kozdatu}"]\n').variant == KOZDATU


def test_a_variant_tag_names_the_game() -> None:
    record = one("1. 32 11 2. 55 23", TAGS + '[Variant "Bestemshe"]\n')
    assert record.variant == BESTEMSHE
    assert record.game.position.kazans == (6, 6)


def test_a_record_may_have_no_tags() -> None:
    assert read_record("1. 87 87 1-0").result == "1-0"


# Checking


def test_a_wrong_landing_digit_names_the_game_the_line_the_move_and_the_token() -> None:
    with pytest.raises(NotationError) as caught:
        one("1. 87 87 2. 22 98")
    assert said(caught.value) == (
        "game 1 (Event \"Cup\", White \"A\", Black \"B\", line 5): move 2 for Black, token '98': "
        "the last stone lands in pit 9, not 8"
    )


def test_an_error_in_a_later_game_names_that_game_and_the_source() -> None:
    text = f'[Event "One"]\n\n{OPENING}\n\n[Event "Two"]\n\n1. 87 87 2. 22 99 3. 23 13'
    with pytest.raises(NotationError) as caught:
        read_records(text, source="cup.pgn")
    message = said(caught.value)
    assert message.startswith("cup.pgn: game 2 (Event \"Two\", line 7): move 3 for Black, token '13'")


@pytest.mark.parametrize(
    ("moves", "move", "reason"),
    [
        (OPENING.replace("x", ""), "move 4 for White, token '68'", "no tuzdyk mark"),
        ("1. 87 87x", "move 1 for Black, token '87x'", "the move makes none"),
        (OPENING_PLAYOK.replace("99(22)", "99"), "move 2 for Black, token '99'", "has no (22)"),
        (OPENING_PLAYOK.replace("22", "22(10)", 1), "move 2 for White, token '22(10)'", "captures nothing"),
        (OPENING_PLAYOK.replace("12(24)", "12(25)"), "move 3 for Black, token '12(25)'", "not 25"),
        ("1. 87 87 2. 22 99 3. 23 12 4. 21", "move 4 for White, token '21'", "White's pit 2 is empty"),
        ("1. 87 8", "move 1 for Black, token '8'", "two digits"),
    ],
)
def test_a_token_the_rules_disagree_with_is_an_error(moves: str, move: str, reason: str) -> None:
    refused(f"{TAGS}\n{moves}", 'game 1 (Event "Cup", White "A", Black "B", line 5): ' + move, reason)


def test_a_pit_beyond_the_variants_row_is_an_error() -> None:
    refused('[Variant "Bestemshe"]\n\n1. 64', "move 1 for White, token '64'", "1 to 5")


def test_a_move_after_the_end_on_the_board_is_an_error() -> None:
    text = write_record(finished()).replace(" 0-1", " 51. 11 0-1")
    refused(text, "move 51 for White, token '11'", "the game is over")


def test_a_result_that_contradicts_the_board_is_an_error() -> None:
    text = write_record(finished()).replace("0-1", "1-0")
    refused(text, "game 1 (Event \"?\", White \"?\", Black \"?\", line 1)", "ended on the board", "says 1-0")


def test_a_result_missing_after_an_end_on_the_board_comes_from_the_board() -> None:
    text = write_record(finished()).replace("0-1", "*")
    assert read_record(text).result == "0-1"


def test_a_result_tag_that_contradicts_the_moves_is_an_error() -> None:
    refused(TAGS + '[Result "1-0"]\n\n1. 87 0-1', "the Result tag says 1-0 but the moves end with 0-1")


def test_an_unreadable_result_is_an_error() -> None:
    refused(TAGS + '[Result "win"]\n\n1. 87', "the Result tag", "'win'")
    refused(TAGS + "\n1. 87 1-1", "line 5", "result '1-1'")


def test_a_wrong_move_number_is_an_error() -> None:
    refused(TAGS + "\n1. 87 87 3. 22", "move number '3.' where move 2 for White is due")
    refused(TAGS + "\n1... 87", "move number '1...' where move 1 for White is due")


def test_a_record_that_mixes_the_styles_is_an_error() -> None:
    mixed = OPENING.replace("87 87", "87(10) 87")
    refused(TAGS + "\n" + mixed, "PlayOK marks (token '87(10)', line 5)", "federation marks (token '68x'")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ('[Event "A"]\n[Event "B"]\n\n1. 87', "the tag Event is given twice"),
        ('[Event "A\n\n1. 87', "unreadable tag"),
        ("1. 87 {never closed\n87", "never closed"),
        ("1. 87 ] 87", "stray ']'"),
        ('[Variant "Chess"]\n\n1. 87', "unknown game 'Chess'"),
        ('[FEN "9S/9S 0 0 S 1"]\n\n1. 87', "FEN"),
        ('[FEN "7S,7S,7S,7S,7S,7S,7S/7S,7S,7S,7S,7S,7S,7S 0 0 S 1"]\n[Variant "Bestemshe"]',
         "the FEN's rows have 7 pits but Bestemshe has 5"),
        ('[VariantOptions "tuzdyks=maybe"]\n\n1. 87', "unknown option 'tuzdyks=maybe'"),
    ],
)
def test_an_unreadable_record_is_an_error_naming_the_game(text: str, reason: str) -> None:
    refused(text, "game 1 (", reason)


def test_read_record_wants_exactly_one_game() -> None:
    with raises_saying(NotationError, "holds 2 games"):
        read_record("1. 87 1-0\n\n1. 87 0-1")


def test_a_record_file_is_read_from_its_path(tmp_path: Path) -> None:
    path = tmp_path / "games.pgn"
    path.write_bytes(("\ufeff" + TAGS + "\n" + OPENING + "\r\n").encode("utf-8").replace(b"\n", b"\r\n"))
    assert [record.moves for record in read_record_file(path)] == [OPENING_PITS]
    path.write_bytes(TAGS.encode("cp1251") + b'[Site "\xc0\xc1"]\n')
    with raises_saying(NotationError, "not UTF-8"):
        read_record_file(path)


# Building and writing


def test_a_record_is_written_with_the_roster_first_then_the_moves_and_the_result() -> None:
    game = Game()
    for pit in OPENING_PITS:
        game.play(pit)
    tags = {"TimeControl": "600", "White": "Ana", "Black": "Bek", "Event": "Cup", "Date": "2025.01.02"}
    text = write_record(record_from_game(game, tags))
    assert text == (
        '[Event "Cup"]\n[Site "?"]\n[Date "2025.01.02"]\n[Round "?"]\n[White "Ana"]\n[Black "Bek"]\n'
        '[Result "*"]\n[TimeControl "600"]\n\n' + OPENING + " *\n"
    )
    assert write_record(game, "playok").endswith("\n\n" + OPENING_PLAYOK + " *\n")


def test_long_move_text_is_wrapped_at_80_columns() -> None:
    text = write_record(finished(TOGUZ), "playok")
    moves = text.split("\n\n", 1)[1].splitlines()
    assert len(moves) > 3
    assert all(len(line) <= 80 for line in moves)


def test_a_game_over_on_the_board_takes_its_result_from_the_board() -> None:
    assert record_from_game(finished()).result == "0-1"
    assert record_from_game(finished(), {"Result": "0-1"}).tags["Result"] == "0-1"
    with raises_saying(NotationError, "ended in 0-1, not 1-0"):
        record_from_game(finished(), {"Result": "1-0"})


def test_a_declared_end_gives_the_result() -> None:
    game = Game()
    game.play(7)
    game.resign(BLACK)
    record = read_record(write_record(game))
    assert record.result == "1-0"
    assert record.game.outcome is None


def test_a_variant_gets_a_variant_tag_and_toguz_none() -> None:
    assert "Variant" not in record_from_game(Game()).tags
    assert record_from_game(Game(BESTEMSHE)).tags["Variant"] == "Bestemshe"
    assert record_from_game(Game(KOZDATU)).tags["Variant"] == "Kozdatu"


def test_options_that_differ_from_the_variants_defaults_get_a_tag_of_their_own() -> None:
    variant = KOZDATU.with_options(tuzdyks=True, no_move="lose", stop_at_majority=False)
    record = record_from_game(Game(variant))
    assert record.tags["VariantOptions"] == "tuzdyks=yes no_move=lose stop_at_majority=no"
    assert read_record(write_record(record)).variant == variant
    toguz = TOGUZ.with_options(unrestricted_tuzdyk=True)
    assert read_record(write_record(Game(toguz))).variant == toguz


def test_a_variant_without_a_record_format_is_refused() -> None:
    with raises_saying(NotationError, "cannot be recorded"):
        record_from_game(Game(Variant("Six", 6, 6)))


def test_a_game_from_a_fen_is_written_with_the_fen_and_blacks_move_number() -> None:
    game = Game.from_fen(AFTER_TUZDYK)
    for pit in (2, 1, 3):
        game.play(pit)
    text = write_record(game)
    assert f'[FEN "{AFTER_TUZDYK}"]' in text
    assert "\n\n4... 25 5. 14 37 *\n" in text
    assert read_record(text).game.position == game.position


def test_comments_between_moves_are_written_where_they_stood() -> None:
    record = one("1. 87 {think} 87 2. 22 1-0 {zero}")
    text = write_record(record)
    assert text.endswith("\n\n1. 87 {think} 1... 87 2. 22 1-0 {zero}\n")
    assert read_record(text).move_comments == ((1, "think"),)


def test_tags_are_given_with_a_game_not_a_record() -> None:
    with pytest.raises(ValueError, match="tags are given with a Game"):
        write_record(one(OPENING), tags={"White": "X"})


def test_a_read_record_written_again_is_the_same_text() -> None:
    text = TAGS + '[Result "1-0"]\n\n' + OPENING_PLAYOK + " 1-0 {zero}\n"
    record = read_record(text)
    assert write_record(record) == text


def test_several_records_are_written_with_blank_lines_between() -> None:
    text = write_records([Game(), finished()])
    assert [record.variant for record in read_records(text)] == [TOGUZ, BESTEMSHE]


# Round trips over random games

ROUND_TRIP_VARIANTS = (TOGUZ, KOZDATU, BESTEMSHE, KOZDATU.with_options(tuzdyks=True))


@st.composite
def random_games(draw: st.DrawFn) -> Game:
    """A random game in one of the variants, sometimes from a FEN start, sometimes ended by a
    resignation or an agreed draw."""
    variant = draw(st.sampled_from(ROUND_TRIP_VARIANTS))
    chooser = draw(st.randoms(use_true_random=False))
    length = draw(st.integers(min_value=0, max_value=300))
    cut = draw(st.integers(min_value=0, max_value=length))
    game = Game(variant)
    for index in range(length):
        if index == cut and not game.is_over:
            game = Game(position=game.position)
        legal = game.legal_moves()
        if not legal:
            break
        game.play(chooser.choice(legal))
    ending = draw(st.sampled_from(["none", "White resigns", "Black resigns", "draw agreed"]))
    if not game.is_over and ending != "none":
        if ending == "draw agreed":
            game.agree_draw()
        else:
            game.resign(WHITE if ending.startswith("White") else BLACK)
    return game


TAG_TEXT = st.text(st.characters(exclude_categories=("Cs", "Cc")), max_size=12)


@settings(max_examples=150, deadline=None)
@given(random_games(), st.sampled_from(STYLES), TAG_TEXT, TAG_TEXT)
def test_random_games_round_trip_in_both_styles(
    game: Game, style: TokenStyle, white: str, event: str
) -> None:
    record = record_from_game(game, {"White": white, "Event": event, "TimeControl": "300"}, style=style)
    back = read_record(write_record(record))
    assert back.moves == game.moves
    assert back.tags == record.tags
    assert back.result == record.result
    assert back.variant == game.variant
    assert back.game.start_position == game.start_position
    assert back.game.position == game.position
    if any(report.captured or report.tuzdyk_made for report in game.reports):
        assert back.style == style
