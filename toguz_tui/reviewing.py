"""Reviewing a game move by move: opening a review, stepping through it, leaving it.

Each step forward is announced as if the move were being played; jumps say where the review stands.
"""

from __future__ import annotations

from speech import phrases
from toguz_tui.review import Review
from toguz_tui.session import GameSession, Reply


def open_review(session: GameSession, review: Review, text: str) -> Reply:
    """Start reviewing ``review`` (a record opened from a file, or this game)."""
    with session.lock:
        session.review = review
        session.view_changed()
        return session.answer(text)


def review_game(session: GameSession) -> Reply:
    """Review the game being played, from its start."""
    game = session.game
    review = Review.of_game(game, result=game.outcome.result if game.outcome else "*")
    white, black = session.names_for_record()
    return open_review(session, review, phrases.opened_record(white, black, review.total, review.result))


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
    """Go to the position after move ``index`` (``None``: the end)."""
    review = session.review
    if review is None:
        return session.error(phrases.not_reviewing())
    before = review.index
    played = review.go_to(review.total if index is None else index)
    if len(played) == 1 and before + 1 == review.index:
        return session.say(Reply(session.announcer.move(played[0]), kind="move"))
    where = phrases.review_position(review.index, review.total)
    return session.answer(f"{where} {session.announcer.turn(review.position, review.game.outcome)}")


def close_review(session: GameSession) -> Reply:
    """Leave the review, back to the game in progress (the computer moves if it is its turn)."""
    if session.review is None:
        return session.error(phrases.not_reviewing())
    session.review = None
    session.view_changed()
    reply = session.answer(f"{phrases.review_left()} {session.turn().text}")
    session.let_computer_move()
    return reply
