"""Exact sentences for every announcement, at every verbosity, from every perspective."""

from __future__ import annotations

import re

import pytest

from rules import Game, Position, Side
from speech.words.announce import VERBOSITIES, Announcer, Perspective
from speech.words.naming import Verbosity
from tests.speech.announce_cases import BOARD, MOVES, PERSPECTIVES, QUERIES
from tests.speech.announce_sentences import MOVE_SENTENCES, QUERY_SENTENCES


@pytest.mark.parametrize(("case", "perspective", "verbosity"), list(MOVE_SENTENCES),
                         ids=[" / ".join(key) for key in MOVE_SENTENCES])
def test_each_move_is_announced_in_exact_words(case: str, perspective: str, verbosity: Verbosity) -> None:
    announcer = Announcer(PERSPECTIVES[perspective], verbosity)
    assert announcer.move(MOVES[case]) == MOVE_SENTENCES[case, perspective, verbosity]


@pytest.mark.parametrize(("case", "perspective", "verbosity"), list(QUERY_SENTENCES),
                         ids=[" / ".join(key) for key in QUERY_SENTENCES])
def test_each_question_is_answered_in_exact_words(case: str, perspective: str, verbosity: Verbosity) -> None:
    announcer = Announcer(PERSPECTIVES[perspective], verbosity)
    assert QUERIES[case](announcer) == QUERY_SENTENCES[case, perspective, verbosity]


def test_every_case_is_pinned_at_every_verbosity_from_every_perspective() -> None:
    expected = {(case, p, v) for case in MOVES for p in PERSPECTIVES for v in VERBOSITIES}
    assert set(MOVE_SENTENCES) == expected
    asked = {(case, p, v) for case in QUERIES for p in PERSPECTIVES for v in VERBOSITIES}
    assert set(QUERY_SENTENCES) == asked


def test_the_brief_capture_matches_the_braille_line_example() -> None:
    report = Game().play(7)
    brief = Announcer(Perspective(you=Side.WHITE), "brief")
    assert brief.move(report) == "7 to their 6, now 10, take 10. 10 to 0."


def test_brief_moves_fit_40_cell_braille_lines_against_the_computer() -> None:
    for perspective in ("as White", "as Black"):
        announcer = Announcer(PERSPECTIVES[perspective], "brief")
        for case in ("a capture", "landing on the own row", "making a tuzdyk", "landing in a tuzdyk"):
            assert all(len(line) <= 40 for line in announcer.move(MOVES[case]).splitlines()), case


@pytest.mark.parametrize("text", sorted(set(MOVE_SENTENCES.values()) | set(QUERY_SENTENCES.values())))
def test_no_sentence_holds_symbols_a_synthesizer_reads_oddly(text: str) -> None:
    assert not re.search(r"->|[()/]|\bx\b|\d+x\b", text)


def test_names_follow_the_perspective() -> None:
    white, black = Side.WHITE, Side.BLACK
    against = Announcer(Perspective(you=black, opponent="Toguzbot"))
    assert [against.side_name(white), against.side_name(black)] == ["Toguzbot", "you"]
    assert [against.pit_name(white, 6), against.pit_name(black, 4)] == ["Toguzbot's pit 6", "your pit 4"]
    players = Announcer(Perspective(names=("Aigerim", "Bolat")))
    assert players.pit_name(black, 6) == "Bolat's pit 6"
    assert Announcer().pit_name(black, 6) == "Black's pit 6"


def test_the_front_ends_may_change_perspective_and_verbosity_in_place() -> None:
    announcer = Announcer()
    assert announcer.kazans(BOARD) == "Black leads 30 to 20."
    announcer.perspective = Perspective(you=Side.BLACK)
    announcer.verbosity = "brief"
    assert announcer.kazans(BOARD) == "30 to 20."


def test_the_preview_agrees_with_the_move_played_for_every_pit_of_a_game() -> None:
    game = Game()
    announcer = Announcer(Perspective(you=Side.WHITE))
    for pit in (7, 3, 8, 2, 9, 4, 1, 5, 6, 2, 3, 7):
        position = game.position
        if pit not in game.legal_moves():
            continue
        said = announcer.preview(position, pit)
        report = game.play(pit)
        assert announcer.pit_name(report.landing_side, report.landing_pit) in said or report.landing_tuzdyk
        assert (f"captures {report.captured}" in said) == bool(report.captured)


def test_a_position_from_fen_is_described() -> None:
    position = Position.from_fen("9S,9S,9S,9S,1,10S,10S,10S,10S/9S,9S,9S,9S,9S,1S,10S,10S,10S 10 0 N 1")
    announcer = Announcer(Perspective(you=Side.BLACK))
    assert announcer.turn(position, None) == "Move 1: your turn."
    assert announcer.pit(position, Side.BLACK, 5) == "Your pit 5: empty."
    assert announcer.pit(position, Side.WHITE, 6) == "The computer's pit 6: 1 stone."


def test_every_brief_move_of_random_games_fits_40_cell_braille_lines() -> None:
    import random

    from rules import BESTEMSHE, KOZDATU, TOGUZ

    for you in (Side.WHITE, Side.BLACK):
        announcer = Announcer(Perspective(you=you), "brief")
        for seed in range(40):
            chooser = random.Random(seed)
            game = Game(chooser.choice([TOGUZ, KOZDATU, BESTEMSHE, KOZDATU.with_options(tuzdyks=True)]))
            while not game.is_over:
                text = announcer.move(game.play(chooser.choice(game.legal_moves())))
                assert all(len(line) <= 40 for line in text.splitlines()), text
