"""``Reviewer`` alone, over a fake session: a review of this game is opened (the session told to enter it), stepped
through move by move as if played, jumped in the record's numbering, refused past its ends, and closed (the
session told to go back to the game)."""

from __future__ import annotations

import threading

from tests.fakes import FakeTime
from tests.toguz_tui.session.fake_session import EndedGames, FakeSession
from toguz_tui.files.settings import Settings
from toguz_tui.session.clocks import Clocks
from toguz_tui.session.mode import Reviewing
from toguz_tui.session.output.output import Output
from toguz_tui.session.records.game_store import GameStore
from toguz_tui.session.records.reviewer import Reviewer

NOT_REVIEWING = "No review is open: type review to review this game, or open a record file."


def reviewer_over(output: Output, settings: Settings | None = None) -> tuple[Reviewer, FakeSession]:
    """A reviewer over a game two people played with pits 7, 3 and 5."""
    session = FakeSession(settings or Settings(opponent="human"))
    for pit in (7, 3, 5):
        session.game.play(pit)
    lock = threading.RLock()
    store = GameStore(session, Clocks(lock, FakeTime(), False, session, output), EndedGames(), persist=False)
    return Reviewer(lock, output, session, store), session


def test_reviewing_this_game_tells_the_session_to_enter_the_review_at_its_start(output: Output) -> None:
    names = Settings(opponent="human", white_name="Aigerim", black_name="Bolat")
    reviewer, session = reviewer_over(output, names)  # the store gives the players' names
    reply = reviewer.this_game()
    assert reply.text == ("Reviewing Aigerim (White) against Bolat (Black), 2 moves, no result. Use forward and back "
                          "to step through it, close to leave the review.")
    assert session.events() == ["enter"]
    mode = session.mode
    assert isinstance(mode, Reviewing) and mode == session.last("enter").args[0]
    assert mode.review.index == 0 and mode.review.total == 3
    assert session.game.moves == (7, 3, 5)  # the game waits, untouched


def test_a_step_forward_is_said_as_the_move_and_the_ends_refuse_to_go_further(output: Output) -> None:
    reviewer, session = reviewer_over(output)
    reviewer.this_game()
    back = reviewer.step(-1)
    assert back.kind == "error" and back.text == "That is the start of the game."
    forward = reviewer.step(1)
    assert forward.kind == "move"
    assert forward.text == ("White sows 9 stones from pit 7; the last stone falls into Black's pit 6, which now holds "
                            "10. White captures 10. White leads 10 to 0.")
    end = reviewer.go_to(None)
    assert end.text == "After move 2, White, of 2. Move 2: Black's turn. The record gives no result."
    assert reviewer.step(1).text == "That is the last move."
    mode = session.mode
    assert isinstance(mode, Reviewing) and mode.review.index == 3


def test_a_jump_goes_by_the_records_numbering_and_a_move_not_there_is_refused(output: Output) -> None:
    reviewer, session = reviewer_over(output)
    reviewer.this_game()
    assert reviewer.go_to_move(1, None).text == "After move 1, Black, of 2. Move 2: White's turn."
    mode = session.mode
    assert isinstance(mode, Reviewing) and mode.review.index == 2
    missing = reviewer.go_to_move(9, None)
    assert missing.kind == "error" and missing.text == "There is no move 9: the game has 2 moves."
    assert mode.review.index == 2  # where it was


def test_closing_tells_the_session_to_go_back_to_the_game_and_nothing_works_without_a_review(
        output: Output) -> None:
    reviewer, session = reviewer_over(output)
    for refused in (reviewer.step(1), reviewer.go_to(0), reviewer.go_to_move(1, None), reviewer.close()):
        assert refused.kind == "error" and refused.text == NOT_REVIEWING
    assert session.told == []
    reviewer.this_game()
    assert reviewer.close().text == "Review closed; back to your game."
    assert session.events() == ["enter", "back_to_game"]
    assert session.last("back_to_game").args == ("Review closed; back to your game.", False)  # no clocks said
