"""``Trainer`` alone, over a fake session: a lesson or a puzzle opened over the game (the session told to enter
it), a pit played answered right or wrong, progress kept in the test's private data folder, game commands
refused meanwhile, and closing (the session told to go back to the game, its clocks said)."""

from __future__ import annotations

import json
import threading

from rules import Game
from tests.toguz_tui.session.fake_session import FakeSession, cues
from toguz_tui.files.settings import Settings
from toguz_tui.session.accounts.kept_games import KeptGames
from toguz_tui.session.mode import Reviewing, Training
from toguz_tui.session.output.output import Output
from toguz_tui.session.records.review import Review
from toguz_tui.session.trainer import Trainer
from toguz_tui.training.coach import LessonCoach, PuzzleCoach
from toguz_tui.training.lessons import load_lessons
from toguz_tui.training.progress import progress_path


def trainer_over(output: Output) -> tuple[Trainer, FakeSession]:
    session = FakeSession(Settings(opponent="human"))
    return Trainer(threading.RLock(), output, session, KeptGames(output)), session


def test_a_lesson_opens_over_the_game_answers_a_pit_and_keeps_the_progress(output: Output) -> None:
    trainer, session = trainer_over(output)
    opened = trainer.open_lessons()
    assert opened.text.startswith(f"Lesson 1 of {len(load_lessons())}: The board")
    assert session.events() == ["enter"]
    mode = session.mode
    assert isinstance(mode, Training) and isinstance(mode.coach, LessonCoach) and trainer.coach is mode.coach
    right = trainer.answer(1)
    assert right.kind == "info" and right.text.startswith("Right. White sows 9 stones from pit 1")
    assert session.game.moves == ()  # the game waits, untouched
    assert json.loads(progress_path().read_text(encoding="utf-8"))  # the step done is kept
    closed = trainer.close()
    assert closed.text == "You left the lesson; your progress is kept. Back to your game."
    assert session.last("back_to_game").args == (closed.text, True)  # the clocks are said on the way back
    assert trainer.coach is None


def test_a_wrong_answer_to_a_puzzle_is_said_as_an_error_with_its_cue(output: Output) -> None:
    trainer, session = trainer_over(output)
    trainer.open_puzzles(1)
    coach = trainer.coach
    assert isinstance(coach, PuzzleCoach)
    assert output.stream.texts[-1].startswith("Puzzle 1: a position from ")
    wrong = next(pit for pit in coach.position.legal_moves() if pit != coach.puzzle.answer)
    reply = trainer.answer(wrong)
    assert reply.kind == "error"
    assert cues(output) == ["illegal"]
    assert session.events() == ["enter", "enter"]  # the next puzzle may be played by the other side
    solver = trainer.blocked("where", game_only=False, solver=True)
    assert solver is not None and solver.text.startswith("In a puzzle, what each move takes is for you to find")
    skipped = trainer.skip()
    assert skipped.text.startswith("Skipped. The best move was pit ")
    closed = trainer.close()
    assert closed.text.startswith("You left the puzzles. Puzzles: ") and closed.text.endswith(" Back to your game.")


def test_game_commands_are_refused_only_while_training(output: Output) -> None:
    trainer, _session = trainer_over(output)
    assert trainer.blocked("undo", game_only=True, solver=False) is None
    skip = trainer.skip()
    assert skip.kind == "error" and skip.text == "There is nothing to skip: skip works in a lesson or a puzzle."
    trainer.open_lessons()
    refused = trainer.blocked("undo", game_only=True, solver=False)
    assert refused is not None and refused.kind == "error"
    assert refused.text == "Undo is for games, not lessons or puzzles: type close to go back to your game first."
    assert trainer.blocked("where", game_only=False, solver=True) is None  # a lesson may show it


def test_no_training_opens_over_a_review(output: Output) -> None:
    trainer, session = trainer_over(output)
    session.mode = Reviewing(Review.of_game(Game()))
    for reply in (trainer.open_lessons(), trainer.open_puzzles(), trainer.open_mistakes()):
        assert reply.kind == "error"
        assert reply.text == "Close the review first: lessons and puzzles open over your game."
    assert session.told == []


def test_mistakes_without_any_game_kept_say_how_to_find_them(output: Output) -> None:
    trainer, session = trainer_over(output)
    reply = trainer.open_mistakes()
    assert reply.text == "You have no mistakes to play again: after a game, type account to find them."
    assert session.told == [] and trainer.coach is None
