"""Reviewing a game move by move: opening a review, stepping through it, leaving it.

Each step forward is announced as if the move were being played (White and Black by colour, or
you and the computer in your own game: the players' names are said once, when a record opens,
and by ``players``); jumps say where the review stands in the record's own numbering ("move 11,
Black"); the end says the game's result. The reviewer reads the mode and the game through the session's
``SessionPort`` and tells it of a review opened (``enter``) and left (``back_to_game``); the store gives
this game's players' names.
"""

from __future__ import annotations

import threading

from rules import Side
from speech.words import phrases
from speech.words.i18n import _, n_
from toguz_tui.session.mode import Reviewing
from toguz_tui.session.output.announcement_stream import Reply
from toguz_tui.session.output.output import Output
from toguz_tui.session.port import SessionPort
from toguz_tui.session.records.game_store import GameStore
from toguz_tui.session.records.review import Review


def where(review: Review) -> str:
    """Where the review stands: the start, or after which move of which side."""
    report = review.last_report
    if report is None:
        return n_("Start of the game, {count} move to go.", "Start of the game, {count} moves to go.",
                  review.moves).format(count=review.moves)
    return phrases.review_after(report.move_number, report.mover, review.moves)


def result_words(review: Review) -> str:
    """The result a record gives for a game that did not end on the board."""
    return phrases.record_result(review.result)


class Reviewer:
    """The review of a record or of this game."""

    def __init__(self, lock: threading.RLock, output: Output, port: SessionPort, store: GameStore) -> None:
        self.lock = lock
        self.output = output
        self.port = port  # the mode, the game; told of a review opened and left
        self.store = store  # this game's players' names

    def open(self, review: Review, text: str) -> Reply:
        """Start reviewing ``review`` (a record opened from a file, or this game) and say ``text``."""
        with self.lock:
            self.port.enter(Reviewing(review))
            return self.output.answer(text)

    def this_game(self) -> Reply:
        """Review the game being played, from its start, as you and the computer (or by colour)."""
        game, (white, black) = self.port.game, self.store.names()
        review = Review.of_game(game, result=game.outcome.result if game.outcome else "*")
        return self.open(review, phrases.opened_record(white, black, review.moves, review.result))

    def _review(self) -> Review | None:
        mode = self.port.mode
        return mode.review if isinstance(mode, Reviewing) else None

    def step(self, step: int) -> Reply:
        """Step ``step`` moves forward (positive) or back (negative)."""
        review = self._review()
        if review is None:
            return self.output.error(phrases.not_reviewing())
        target = review.index + step
        if not 0 <= target <= review.total:
            return self.output.error(phrases.review_edge(at_end=step > 0))
        return self.go_to(target)

    def go_to(self, index: int | None) -> Reply:
        """Go to the position after ``index`` of the game's plies (``None``: the end)."""
        review = self._review()
        if review is None:
            return self.output.error(phrases.not_reviewing())
        announcer = self.output.announcer
        before = review.index
        played = review.go_to(review.total if index is None else index)
        at_end = review.index == review.total
        if len(played) == 1 and before + 1 == review.index:
            text = announcer.move(played[0])
            if at_end and review.game.outcome is None:
                text = f"{text} {result_words(review)}"
            return self.output.say(Reply(text, kind="move"))
        text = f"{where(review)} {announcer.turn(review.position, review.game.outcome)}"
        if at_end and review.game.outcome is None:
            text = f"{text} {result_words(review)}"
        return self.output.answer(text)

    def go_to_move(self, number: int, side: Side | None) -> Reply:
        """Go to just after move ``number`` (of ``side``, or of both), as the record numbers them."""
        review = self._review()
        if review is None:
            return self.output.error(phrases.not_reviewing())
        index = review.index_after(number, side)
        if index is None:
            return self.output.error(n_("There is no move {number}: the game has {count} move.",
                                        "There is no move {number}: the game has {count} moves.", review.moves).format(
                number=number, count=review.moves))
        return self.go_to(index)

    def close(self) -> Reply:
        """Leave the review, back to the game in progress (the computer moves if it is its turn)."""
        if self._review() is None:
            return self.output.error(phrases.not_reviewing())
        return self.port.back_to_game(_("Review closed; back to your game."), False)
