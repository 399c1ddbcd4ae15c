"""``Questions`` alone: what waits for a yes (``resign`` asks once; ``resign`` again gives the game up; anything
else in between drops the question)."""

from __future__ import annotations

from toguz_tui.session.questions import Questions


def test_a_question_asked_waits_until_it_is_answered_once() -> None:
    questions = Questions()
    assert not questions.waiting("resign")
    questions.ask("resign")
    assert questions.waiting("resign")
    assert questions.answered("resign")  # the yes
    assert not questions.waiting("resign")
    assert not questions.answered("resign")  # answered once: a second yes finds nothing asked


def test_a_question_never_asked_is_never_answered() -> None:
    questions = Questions()
    questions.ask("resign")
    assert not questions.answered("abort")
    assert questions.waiting("resign")  # the other question still waits


def test_anything_else_done_drops_every_question() -> None:
    questions = Questions()
    questions.ask("resign")
    questions.ask("abort")
    questions.drop()
    assert not questions.waiting("resign") and not questions.waiting("abort")
    assert not questions.answered("resign")
