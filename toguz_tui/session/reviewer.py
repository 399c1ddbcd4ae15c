"""Reviewing a game move by move: opening a review, stepping through it, leaving it.

Each step forward is announced as if the move were being played (White and Black by colour, or
you and the computer in your own game: the players' names are said once, when a record opens,
and by ``players``); jumps say where the review stands in the record's own numbering ("move 11,
Black"); the end says the game's result.
"""

from __future__ import annotations

from rules import Side
from speech.words import phrases
from toguz_tui.session.facade import GameSession, Reply
from toguz_tui.session.review import Review


def open_review(session: GameSession, review: Review, text: str) -> Reply:
    """Start reviewing ``review`` (a record opened from a file, or this game)."""
    with session.lock:
        session.review = review
        session.view_changed()
        return session.answer(text)


def review_game(session: GameSession) -> Reply:
    """Review the game being played, from its start, as you and the computer (or by colour)."""
    game = session.game
    review = Review.of_game(game, result=game.outcome.result if game.outcome else "*")
    white, black = session.names_for_record()
    return open_review(session, review, phrases.opened_record(white, black, review.moves, review.result))


def where(review: Review) -> str:
    """Where the review stands: the start, or after which move of which side."""
    report = review.last_report
    if report is None:
        return phrases.review_at_start(review.moves)
    return phrases.review_after(report.move_number, report.mover, review.moves)


def review_step(session: GameSession, step: int) -> Reply:
    """Step ``step`` moves forward (positive) or back (negative)."""
    review = session.review
    if review is None:
        return session.error(phrases.not_reviewing())
    target = review.index + step
    if not 0 <= target <= review.total:
        return session.error(phrases.review_edge(at_end=step > 0))
    return review_goto(session, target)


def review_goto(session: GameSession, index: int | None) -> Reply:
    """Go to the position after ``index`` of the game's plies (``None``: the end)."""
    review = session.review
    if review is None:
        return session.error(phrases.not_reviewing())
    before = review.index
    played = review.go_to(review.total if index is None else index)
    at_end = review.index == review.total
    if len(played) == 1 and before + 1 == review.index:
        text = session.announcer.move(played[0])
        if at_end and review.game.outcome is None:
            text = f"{text} {result_words(review)}"
        return session.say(Reply(text, kind="move"))
    text = f"{where(review)} {session.announcer.turn(review.position, review.game.outcome)}"
    if at_end and review.game.outcome is None:
        text = f"{text} {result_words(review)}"
    return session.answer(text)


def review_goto_move(session: GameSession, number: int, side: Side | None) -> Reply:
    """Go to just after move ``number`` (of ``side``, or of both), as the record numbers them."""
    review = session.review
    if review is None:
        return session.error(phrases.not_reviewing())
    index = review.index_after(number, side)
    if index is None:
        return session.error(phrases.no_such_move(number, review.moves))
    return review_goto(session, index)


def result_words(review: Review) -> str:
    """The result a record gives for a game that did not end on the board."""
    return phrases.record_result(review.result)


def close_review(session: GameSession) -> Reply:
    """Leave the review, back to the game in progress (the computer moves if it is its turn)."""
    if session.review is None:
        return session.error(phrases.not_reviewing())
    session.review = None
    session.view_changed()
    reply = session.answer(f"{phrases.review_left()} {session.turn().text}")
    session.let_opponent_move()
    return reply
