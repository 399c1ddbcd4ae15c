"""Regression tests for the second hostile pass (issue 28): one test per numbered item, named after it.

Each test does what a user did, as the user did it where that is cheap (the installed ``toguz`` with
piped input), else through the session, the command table or the module the user's command runs,
and asserts what the user sees and what becomes of the files.
"""

from __future__ import annotations

from pathlib import Path

from speech.words.announce import Announcer, Perspective
from toguz_tui.training.coach import LessonCoach, PuzzleCoach
from toguz_tui.training.lessons import load as load_lessons
from toguz_tui.training.progress import load_progress
from toguz_tui.training.puzzles import load as load_puzzles


def puzzle_coach(player: str) -> tuple[PuzzleCoach, Announcer]:
    """``toguz puzzles --player NAME`` as it starts: the progress read once, then kept by its coach."""
    coach = PuzzleCoach(load_puzzles(), load_progress()[0], player, 0)
    return coach, Announcer(Perspective(you=coach.side, trainer=True), "normal")


def test_1_two_copies_of_puzzles_keep_both_players_and_learn_keeps_its_step(tmp_path: Path) -> None:
    alice, alice_words = puzzle_coach("Alice")
    bob, bob_words = puzzle_coach("Bob")  # started before Alice answered: Bob's copy has no Alice
    lessons = LessonCoach(load_lessons(), load_progress()[0])
    lessons.open(2)
    alice.answer(alice_words, alice.puzzle.answer)
    lessons.answer(Announcer(Perspective(you=lessons.side, trainer=True), "normal"), lessons.step.answer[0])
    wrong = next(pit for pit in bob.puzzle.position.legal_moves() if pit != bob.puzzle.answer)
    bob.answer(bob_words, wrong)
    saved = load_progress()[0]
    assert (saved.players["Alice"].solved, saved.players["Alice"].rating) == (1, alice.score.rating)
    assert saved.players["Bob"].tried == 1 and saved.players["Bob"].solved == 0
    assert (saved.lesson, saved.step) == (lessons.lesson.key, 1)  # the lessons' step survived Bob's save
