"""Lessons and puzzles inside a game session, through typed commands: the game waits untouched (its
clocks stopped), questions answer about the lesson's board, game commands are refused, bad words
get one sentence."""

from __future__ import annotations

import pytest

from tests.fakes import FakeTime
from tests.toguz_tui.conftest import MakeSession, reviewing, training
from tests.toguz_tui.session.test_clocks import MakeClocked, clocked, fake_time, say
from toguz_tui.commands.table import run_line
from toguz_tui.training.lessons import load_lessons

__all__ = ["clocked", "fake_time"]


def test_a_lesson_opens_over_a_game_that_waits_and_close_goes_back_to_it(make_session: MakeSession) -> None:
    session = make_session()
    say(session, "7")
    before = session.game.position
    text = say(session, "learn")
    assert text.startswith(f"Lesson 1 of {len(load_lessons())}: The board")
    assert say(session, "board").startswith("Your row from pit 1: 9 9 9, 9 9 9, 9 9 9.")  # the lesson's board
    assert say(session, "kazans") == "Tied at 0."
    assert say(session, "1").startswith("Right. You sow 9 stones from pit 1")
    assert session.game.position == before  # the game did not move
    text = say(session, "close")
    assert text == "You left the lesson; your progress is kept. Back to your game. Move 1: Black's turn."
    assert say(session, "turn") == "Move 1: Black's turn."


def test_game_commands_are_refused_while_training_and_change_nothing(make_session: MakeSession) -> None:
    session = make_session()
    say(session, "7")
    say(session, "puzzle")
    for command in ("undo", "resign", "review", "save", "history", "pause"):
        reply = run_line(session, command)
        assert reply is not None and reply.kind == "error"
        assert reply.text.endswith("is for games, not lessons or puzzles: type close to go back to your game first.")
    assert session.game.moves == (7,)
    assert training(session) is not None


def test_bad_words_get_one_sentence(make_session: MakeSession) -> None:
    session = make_session()
    assert say(session, "skip") == "There is nothing to skip: skip works in a lesson or a puzzle."
    assert say(session, "learn 99") == f"There is no lesson 99: choose 1 to {len(load_lessons())}."
    assert say(session, "puzzle 0").startswith("There is no puzzle 0: choose 1 to ")
    assert say(session, "puzzle soon") == "Puzzle needs: puzzle, or puzzle N."
    assert say(session, "learn 3 4") == "Learn needs: learn, learn N for lesson N, or learn list."
    assert training(session) is None


def test_a_lesson_stops_the_clocks_of_the_game_and_says_so_on_the_way_back(clocked: MakeClocked,
                                                                           fake_time: FakeTime) -> None:
    session = clocked("5+3")
    say(session, "7")
    say(session, "8")
    say(session, "learn")
    assert session.clocks.clock is not None and session.clocks.paused
    fake_time.advance(600)  # ten minutes of lessons cost no time
    session.clocks.tick()
    assert not session.game.is_over
    text = say(session, "close")
    assert "The clocks are paused until you press z or type resume." in text
    assert session.clocks.clock.times()[0] > 290


def test_hint_in_a_lesson_is_the_steps_hint_and_in_a_puzzle_its_theme(make_session: MakeSession) -> None:
    session = make_session()
    say(session, "learn 2")
    assert say(session, "hint") == load_lessons()[1].steps[0].hint
    say(session, "puzzle")
    assert session.output.stream.texts[-1].startswith("Puzzle ") and "" not in session.output.stream.texts  # said once
    assert say(session, "hint").startswith("The theme: ")
    assert say(session, "turn").startswith("Puzzle ")  # what is asked, again


def test_records_and_new_games_wait_until_the_lesson_is_closed(make_session: MakeSession, tmp_path: object) -> None:
    session = make_session()
    say(session, "7")
    say(session, "puzzle")
    start = "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1"
    for line in ("open nowhere.pgn", "recent 1", "new", f"fen {start}"):
        reply = run_line(session, line)
        assert reply is not None and reply.kind == "error", line
        assert reply.text.endswith("type close to go back to your game first."), line
    assert say(session, "fen").count("/") == 1  # the puzzle's position, as FEN: a question, allowed
    assert session.game.moves == (7,) and reviewing(session) is None and training(session) is not None


def test_a_puzzle_is_not_solved_for_you_by_chances_or_threats(make_session: MakeSession) -> None:
    session = make_session()
    say(session, "puzzle")
    for command in ("chances", "threats"):
        assert say(session, command).startswith("In a puzzle, what each move takes is for you to find")
    say(session, "learn")
    assert say(session, "chances").startswith("Your chances: pit 2 takes 10")  # in a lesson it teaches


def test_lessons_and_puzzles_do_not_open_over_a_review(make_session: MakeSession) -> None:
    session = make_session()
    say(session, "7")
    say(session, "review")
    assert say(session, "learn") == "Close the review first: lessons and puzzles open over your game."
    assert say(session, "puzzle") == "Close the review first: lessons and puzzles open over your game."
    assert reviewing(session) is not None and training(session) is None


def test_after_the_last_lesson_learn_starts_again_at_the_first_not_done(make_session: MakeSession) -> None:
    session = make_session()
    say(session, f"learn {len(load_lessons())}")
    for step in load_lessons()[-1].steps:
        say(session, str(step.answer[0]))
    nothing = "There is no lesson under way. Type learn and a number to take one again"
    assert say(session, "turn").startswith(nothing)
    assert say(session, "skip").startswith(nothing)
    assert say(session, "learn").startswith(f"Lesson 1 of {len(load_lessons())}: The board")


def test_a_broken_progress_file_is_said_by_lessons_too(make_session: MakeSession, private_dirs: object) -> None:
    from toguz_tui.training.progress import progress_path

    session = make_session()
    progress_path().parent.mkdir(parents=True, exist_ok=True)
    progress_path().write_text('{"version": 1, "done": ["board"], "players": {"x": {"rating": 5}}}', encoding="utf-8")
    text = say(session, "lessons")
    assert text.startswith("Your training progress could not be read (rating is not a whole number from 100 to 3500)")
    assert "Lessons: 1. The board (not done yet)" in text


def test_close_says_when_the_progress_could_not_be_saved(make_session: MakeSession, private_dirs: object,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    session = make_session()
    data = os.environ["TOGUZ_DATA_DIR"]
    blocker = f"{data}-file"
    with open(blocker, "w", encoding="utf-8") as handle:
        handle.write("not a folder")
    monkeypatch.setenv("TOGUZ_DATA_DIR", f"{blocker}/d")
    say(session, "learn")
    text = say(session, "skip")
    assert text.startswith("Lesson 1 skipped.") and "Your training progress could not be saved (" in text
    assert say(session, "close").startswith("You left; your progress could not be saved. Back to your game.")


def test_the_line_modes_prompt_says_your_move_in_a_puzzle_played_as_black(make_session: MakeSession) -> None:
    from toguz_tui.line.console import prompt_message
    from toguz_tui.training.puzzles import load_puzzles

    session = make_session(opponent="computer", colour="white")
    black = next(puzzle for puzzle in load_puzzles() if puzzle.position.to_move.key == "black")
    say(session, f"puzzle {black.number}")
    white, black_kazan = black.position.kazans
    assert prompt_message(session) == f"Your move, {white} to {black_kazan}> "
    say(session, "close")
    assert prompt_message(session) == "Your move, 0 to 0> "
