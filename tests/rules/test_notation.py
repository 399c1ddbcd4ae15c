"""Move tokens: reading, writing and checking them against what a move did, in both styles."""

from __future__ import annotations

import pytest

from rules import (
    Game,
    MoveReport,
    MoveToken,
    NotationError,
    check_token,
    format_token,
    parse_token,
    token_mismatch,
)
from rules.notation import format_comment, format_tag, normalise_result, read_tag, wrap_pieces
from tests.rules.said import raises_saying, said

# The opening of the first PlayOK game in the collection: 1. 87(10) 87(10) 2. 22 99(22) 3. 23 12(24) 4. 68X
OPENING = (8, 8, 2, 9, 2, 1)


def play(*pits: int) -> list[MoveReport]:
    game = Game()
    return [game.play(pit) for pit in pits]


def capture() -> MoveReport:
    """White's 87 from the start: the last stone makes 10 in Black's pit 7, captured."""
    return play(8)[0]


def quiet_move() -> MoveReport:
    """White's 22 in the opening: no capture, no tuzdyk."""
    return play(*OPENING[:3])[-1]


def tuzdyk_move() -> MoveReport:
    """White's 68X in the opening: Black's pit 8 becomes White's tuzdyk."""
    return play(*OPENING, 6)[-1]


# Reading


def test_two_digits_are_the_pit_played_and_the_landing_pit() -> None:
    assert parse_token("76") == MoveToken(7, 6)


def test_latin_x_marks_a_federation_tuzdyk() -> None:
    assert parse_token("36x") == MoveToken(3, 6, tuzdyk=True, style="federation")


@pytest.mark.parametrize("text", ["36х", "36Х"])
def test_cyrillic_x_marks_a_tuzdyk(text: str) -> None:
    assert parse_token(text) == MoveToken(3, 6, tuzdyk=True, style="federation")


def test_capital_latin_x_marks_a_playok_tuzdyk() -> None:
    assert parse_token("68X") == MoveToken(6, 8, tuzdyk=True, style="playok")


def test_a_number_in_brackets_is_the_kazan_after_a_playok_capture() -> None:
    assert parse_token("87(10)") == MoveToken(8, 7, kazan_after=10, style="playok")


def test_spaces_around_a_token_are_ignored() -> None:
    assert parse_token("  76\t") == MoveToken(7, 6)


def test_a_bestemshe_token_may_use_pits_one_to_five() -> None:
    assert parse_token("55", pits=5) == MoveToken(5, 5)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "it is empty"),
        ("   ", "it is empty"),
        ("7", "two digits"),
        ("765", "two digits"),
        ("a7", "two digits"),
        ("76y", "two digits"),
        ("76(10", "two digits"),
        ("76()", "two digits"),
        ("07", "the pit must be 1 to 9, not 0"),
        ("70", "the landing pit must be 1 to 9, not 0"),
        ("36x(12)", "mixes the federation tuzdyk mark"),
        ("36Х(12)", "mixes the federation tuzdyk mark"),
        ("36X(12)", "cannot both make a tuzdyk and capture"),
    ],
)
def test_an_unreadable_token_is_refused_with_its_text_and_the_reason(text: str, reason: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_token(text)
    assert f"token {text!r}" in said(caught.value)
    assert reason in said(caught.value)


def test_a_pit_beyond_the_row_is_refused() -> None:
    with raises_saying(NotationError, r"token '64': the pit must be 1 to 5, not 6"):
        parse_token("64", pits=5)


def test_a_landing_pit_beyond_the_row_is_refused() -> None:
    with raises_saying(NotationError, r"token '48': the landing pit must be 1 to 7, not 8"):
        parse_token("48", pits=7)


# Writing


@pytest.mark.parametrize(
    ("token", "text"),
    [
        (MoveToken(7, 6), "76"),
        (MoveToken(3, 6, tuzdyk=True, style="federation"), "36x"),
        (MoveToken(3, 6, tuzdyk=True), "36x"),
        (MoveToken(6, 8, tuzdyk=True, style="playok"), "68X"),
        (MoveToken(8, 7, kazan_after=10, style="playok"), "87(10)"),
    ],
)
def test_a_token_writes_itself_in_its_own_style(token: MoveToken, text: str) -> None:
    assert token.text == text
    assert str(token) == text


def test_a_federation_token_marks_a_tuzdyk_but_not_a_capture() -> None:
    assert format_token(tuzdyk_move(), "federation") == "68x"
    assert format_token(capture(), "federation") == "87"
    assert format_token(quiet_move()) == "22"


def test_a_playok_token_marks_a_tuzdyk_and_a_capture_with_the_kazan_after() -> None:
    assert format_token(tuzdyk_move(), "playok") == "68X"
    assert format_token(capture(), "playok") == "87(10)"
    assert format_token(quiet_move(), "playok") == "22"


def test_the_playok_kazan_is_the_movers_own() -> None:
    black_capture = play(8, 8)[-1]
    assert format_token(black_capture, "playok") == "87(10)"
    assert format_token(play(*OPENING[:4])[-1], "playok") == "99(22)"


def test_a_token_made_from_a_report_reads_back_the_same() -> None:
    for report in (capture(), quiet_move(), tuzdyk_move()):
        for style in ("federation", "playok"):
            token = MoveToken.from_report(report, style)
            assert parse_token(token.text) == token
            assert token.text == format_token(report, style)


def test_an_unknown_style_is_refused() -> None:
    with pytest.raises(ValueError, match="style must be"):
        format_token(capture(), "pgn")  # type: ignore[arg-type]  # the wrong style on purpose


# Checking


def test_a_token_that_describes_the_move_has_no_mismatch() -> None:
    assert token_mismatch(parse_token("87(10)"), capture(), "playok") is None
    assert token_mismatch(parse_token("68X"), tuzdyk_move(), "playok") is None
    assert token_mismatch(parse_token("68х"), tuzdyk_move(), "federation") is None
    check_token(parse_token("22"), quiet_move(), "playok")


def test_a_wrong_landing_digit_is_a_mismatch() -> None:
    assert said(token_mismatch(parse_token("86"), capture())) == "the last stone lands in pit 7, not 6"


def test_a_wrong_pit_is_a_mismatch() -> None:
    assert said(token_mismatch(parse_token("77"), capture())) == "pit 8 was played, not 7"


def test_a_tuzdyk_without_its_mark_is_a_mismatch() -> None:
    reason = said(token_mismatch(parse_token("68"), tuzdyk_move()))
    assert reason == "the move makes a tuzdyk of pit 8, but the token has no tuzdyk mark"


def test_a_tuzdyk_mark_without_a_tuzdyk_is_a_mismatch() -> None:
    reason = said(token_mismatch(parse_token("22x"), quiet_move()))
    assert reason == "the token marks a tuzdyk, but the move makes none"


def test_a_federation_record_never_marks_captures() -> None:
    assert token_mismatch(parse_token("87"), capture(), "federation") is None


def test_a_playok_capture_without_its_total_is_a_mismatch() -> None:
    reason = said(token_mismatch(parse_token("87"), capture(), "playok"))
    assert reason == "the move captures 10, but the token has no (10)"


def test_a_playok_total_without_a_capture_is_a_mismatch() -> None:
    reason = said(token_mismatch(parse_token("22(12)"), quiet_move(), "playok"))
    assert reason == "the token says (12), but the move captures nothing"


def test_a_wrong_playok_total_is_a_mismatch() -> None:
    reason = said(token_mismatch(parse_token("87(12)"), capture(), "playok"))
    assert reason == "the mover's kazan holds 10 after the capture, not 12"


def test_check_token_raises_with_the_token_and_the_reason() -> None:
    with raises_saying(NotationError, r"^token '86': the last stone lands in pit 7, not 6$"):
        check_token(parse_token("86"), capture())


# The pieces of a record


@pytest.mark.parametrize(
    ("text", "result"),
    [("1-0", "1-0"), ("0-1", "0-1"), ("1/2-1/2", "1/2-1/2"), ("½-½", "1/2-1/2"),
     ("0,5 - 0,5", "1/2-1/2"), ("0.5-0.5", "1/2-1/2"), (" * ", "*"), ("1–0", "1-0")],
)
def test_results_are_normalised(text: str, result: str) -> None:
    assert normalise_result(text) == result


@pytest.mark.parametrize("text", ["1-1", "0-0", "2-0", "1/2-1", "draw", ""])
def test_an_impossible_result_is_refused(text: str) -> None:
    with raises_saying(NotationError, "write 1-0, 0-1, 1/2-1/2 or"):
        normalise_result(text)


def test_a_tag_with_quotes_and_backslashes_reads_back() -> None:
    value = 'Cup "A" \\ final'
    assert read_tag(format_tag("Event", value)) == ("Event", value)


def test_a_tag_value_cannot_hold_a_line_break() -> None:
    with raises_saying(NotationError, "line break"):
        format_tag("Event", "a\nb")


def test_a_tag_name_is_letters_and_digits() -> None:
    with raises_saying(NotationError, "tag name"):
        format_tag("Time Control", "600")


def test_an_unreadable_tag_is_refused() -> None:
    with raises_saying(NotationError, "unreadable tag"):
        read_tag('[Event "unclosed]')


def test_a_comment_cannot_hold_a_closing_brace() -> None:
    assert format_comment(" two\n words ") == "{two words}"
    with raises_saying(NotationError, "cannot hold"):
        format_comment("a}b")


def test_pieces_wrap_at_the_width_without_splitting_a_piece() -> None:
    assert wrap_pieces(["1. 76", "98", "2. 66", "87"], width=12) == ["1. 76 98", "2. 66 87"]
