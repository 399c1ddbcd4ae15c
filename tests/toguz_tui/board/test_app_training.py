"""Pilot tests of lessons and puzzles on the board: the keys that open them, answers by digit and
Enter (a pit of either row for a question), the board and the status line showing the lesson's
position, and close back to the game as it was."""

from __future__ import annotations

import pytest

from rules import Side
from tests.toguz_tui.board.test_app_support import SIZE, MakeApp, focused_pit, make_app, said, screen_of, session_of
from tests.toguz_tui.conftest import training
from toguz_tui.training.lessons import load_lessons
from toguz_tui.training.puzzles import START_RATING, load_puzzles, next_puzzle

__all__ = ["make_app"]


async def test_j_opens_the_lessons_and_digits_and_enter_answer_them(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("j")
        await pilot.pause()
        screen = screen_of(app)
        assert said(app)[-1].startswith(f"Lesson 1 of {len(load_lessons())}: The board")
        assert screen.status.shown_text.startswith(f"Lesson 1 of {len(load_lessons())}: The board, step 1 of 4")
        assert "answer" in screen.footer.shown_text and "skip" in screen.footer.shown_text
        await pilot.press("2")  # in a lesson a digit goes to the pit and says it: no preview gives answers away
        await pilot.pause()
        assert said(app)[-1] == "Your pit 2: 9 stones."
        await pilot.press("enter")
        await pilot.pause()
        assert "Not this one." in said(app)[-1]
        await pilot.press("i")
        await pilot.pause()
        assert said(app)[-1] == load_lessons()[0].steps[0].hint
        await pilot.press("1", "enter")
        await pilot.pause()
        assert said(app)[-1].startswith("Right. You sow 9 stones from pit 1")
        bottom = screen.board.describe().splitlines()[1]
        assert bottom.startswith("pit 1 4 | pit 2 0 | pit 3 7")  # step 2's position is on the board
        assert screen.status.shown_text.endswith("step 2 of 4 | Toguz Kumalak")
        await pilot.press("backspace")
        await pilot.pause()
        assert said(app)[-1].startswith("You left the lesson; your progress is kept. Back to your game.")
        assert screen.board.describe().splitlines()[1].startswith("pit 1 9 | pit 2 9")
        assert training(session_of(app)) is None


async def test_x_opens_a_puzzle_a_wrong_then_right_answer_and_the_board_turns_for_black(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        first = next_puzzle(load_puzzles(), START_RATING, frozenset(), 0, 0)
        await pilot.press("x")
        await pilot.pause()
        screen = screen_of(app)
        assert said(app)[-1].startswith(f"Puzzle {first.number}: a position from ")
        assert screen.status.shown_text.startswith(f"Puzzle {first.number}, rating 1200, streak 0")
        assert focused_pit(app).side is first.position.to_move
        wrong = next(pit for pit in first.position.legal_moves() if pit != first.answer)
        await pilot.press(str(wrong), "enter")
        await pilot.pause()
        assert said(app)[-1].startswith(f"Not the best move. Your pit {wrong}:")
        await pilot.press(str(first.answer), "enter")
        await pilot.pause()
        assert said(app)[-1].startswith(f"Right, the best move. Your pit {first.answer}:")
        now = training(session_of(app))
        assert now is not None
        bottom = screen.board.describe().splitlines()[1]
        colour = "White" if now.side is Side.WHITE else "Black"
        assert f"|| {colour} you kazan" in bottom  # the player's row at the bottom, whichever colour
        assert focused_pit(app).side is now.side  # the focus is on the player's own row
        assert screen.focus_line.shown_text == session_of(app).output.announcer.pit(now.position, now.side, 1)
        await pilot.press("u")  # a game command: refused while training
        await pilot.pause()
        assert said(app)[-1] == "Undo is for games, not lessons or puzzles: type close to go back to your game first."


@pytest.mark.slow
async def test_where_a_stone_lands_is_answered_with_the_opponents_pit_focused(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = screen_of(app)
        screen.run_command("learn", ["2"])
        await pilot.press("3", "enter")  # step 1: play your pit 3
        await pilot.pause()
        assert "Step 2 of 4." in said(app)[-1]  # step 2: on which of their pits does your pit 7's last stone land?
        await pilot.press("up")
        for _move in range(9):
            if focused_pit(app).number == 3:
                break
            await pilot.press("left" if focused_pit(app).number < 3 else "right")
        assert (focused_pit(app).side, focused_pit(app).number) == (Side.BLACK, 3)
        await pilot.press("enter")
        await pilot.pause()
        assert said(app)[-1].startswith("Right. You sow 6 stones from pit 7")
        assert (focused_pit(app).side, focused_pit(app).number) == (Side.WHITE, 1)  # a new position: your pit 1
        await pilot.press("up", "enter")  # step 3 plays a pit: the opponent's row is not yours to play
        await pilot.pause()
        assert said(app)[-1].startswith("The opponent's pit")


async def test_a_game_dialog_key_is_refused_over_a_lesson(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("j", "n")
        await pilot.pause()
        assert said(app)[-1] == "New is for games, not lessons or puzzles: type close to go back to your game first."
        assert app.screen is screen_of(app)  # no dialog opened
