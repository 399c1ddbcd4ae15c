"""Lessons and puzzles inside a game session, through typed commands: the game waits untouched (its
clocks stopped), questions answer about the lesson's board, game commands are refused, bad words
get one sentence."""

from __future__ import annotations

from tests.fakes import FakeTime
from tests.tui.conftest import MakeSession
from tests.tui.test_clocks import MakeClocked, clocked, fake_time, say
from toguz_tui.commands import run_line
from toguz_tui.training.lessons import load as lessons

__all__ = ["clocked", "fake_time"]


def test_a_lesson_opens_over_a_game_that_waits_and_close_goes_back_to_it(make_session: MakeSession) -> None:
    session = make_session()
    say(session, "7")
    before = session.game.position
    text = say(session, "learn")
    assert text.startswith(f"Lesson 1 of {len(lessons())}: The board")
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
    assert session.training is not None


def test_bad_words_get_one_sentence(make_session: MakeSession) -> None:
    session = make_session()
    assert say(session, "skip") == "There is nothing to skip: skip works in a lesson or a puzzle."
    assert say(session, "learn 99") == f"There is no lesson 99: choose 1 to {len(lessons())}."
    assert say(session, "puzzle 0").startswith("There is no puzzle 0: choose 1 to ")
    assert say(session, "puzzle soon") == "Puzzle needs: puzzle, or puzzle N."
    assert say(session, "learn 3 4") == "Learn needs: learn, learn N for lesson N, or learn list."
    assert session.training is None


def test_a_lesson_stops_the_clocks_of_the_game_and_says_so_on_the_way_back(clocked: MakeClocked,
                                                                           fake_time: FakeTime) -> None:
    session = clocked("5+3")
    say(session, "7")
    say(session, "8")
    say(session, "learn")
    assert session.clocks is not None and session.clocks.paused
    fake_time.advance(600)  # ten minutes of lessons cost no time
    session.tick()
    assert not session.game.is_over
    text = say(session, "close")
    assert "The clocks are paused until you press z or type resume." in text
    assert session.clocks.times()[0] > 290


def test_hint_in_a_lesson_is_the_steps_hint_and_in_a_puzzle_its_theme(make_session: MakeSession) -> None:
    session = make_session()
    say(session, "learn 2")
    assert say(session, "hint") == lessons()[1].steps[0].hint
    say(session, "puzzle")
    assert say(session, "hint").startswith("The theme: ")
    assert say(session, "turn").startswith("Puzzle ")  # what is asked, again
