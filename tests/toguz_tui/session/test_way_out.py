"""One way out (issue 36, item 2): each key and each render of a face takes one snapshot of the session (its
``View``); both faces take what the session says by one rule; ``quit`` and the board's quit question read
one answer about leaving.

The snapshots are counted by a session that notes which file asked for each (``CountingSession``): the
faces' own (``toguz_tui/board``, ``toguz_tui/line``) are counted apart from the session's (its guards, the
opponent's turn) and the commands'.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from rules import Side
from speech.voices import RecordingSpeaker
from speech.words import phrases
from tests.toguz_tui.board.test_app_support import SIZE, screen_of
from tests.toguz_tui.line.test_prompt import KeepingPrinter
from toguz_tui.board.app import ToguzApp
from toguz_tui.board.screens.opening import quit_question
from toguz_tui.commands.table import run_line
from toguz_tui.files.settings import Settings
from toguz_tui.line.console import Printer, plain_input_loop
from toguz_tui.line.plain import ConsolePrompt
from toguz_tui.session.facade import GameSession
from toguz_tui.session.mode import View
from toguz_tui.session.records.leaving import Leaving
from toguz_tui.session.setup import GameSetup

FACES = ("toguz_tui/board/", "toguz_tui/line/")


class CountingSession(GameSession):
    """A session that notes the file of the code that takes each snapshot (``view``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.takers: list[str] = []
        super().__init__(*args, **kwargs)

    @property
    def view(self) -> View:
        self.takers.append(Path(sys._getframe(1).f_code.co_filename).as_posix())
        return super().view

    def taken_by_faces(self) -> int:
        """How many snapshots the faces took since the count was last cleared."""
        return sum(any(face in taker for face in FACES) for taker in self.takers)


MakeCounting = Callable[..., CountingSession]


@pytest.fixture
def counting() -> Iterator[MakeCounting]:
    """Counting sessions with a recording speaker, a game begun; closed at the end."""
    made: list[CountingSession] = []

    def make(**settings: Any) -> CountingSession:
        chosen = Settings(opponent="human", **settings)
        session = CountingSession(chosen, RecordingSpeaker())
        session.start_game(GameSetup.from_settings(chosen, 7))
        made.append(session)
        return session

    yield make
    for session in made:
        session.close()


async def test_enter_on_a_focused_pit_takes_one_view_for_the_key_and_one_for_the_board_drawn_after(
        counting: MakeCounting) -> None:
    session = counting()
    app = ToguzApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("right")
        await pilot.pause()
        session.takers.clear()
        await pilot.press("enter")
        await pilot.pause()
        assert session.game.moves == (2,)
        assert session.taken_by_faces() == 2, session.takers  # the row to move, checked; the board after the move


async def test_an_arrow_takes_one_view(counting: MakeCounting) -> None:
    session = counting()
    app = ToguzApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        session.takers.clear()
        await pilot.press("right")
        await pilot.pause()
        assert screen_of(app).pit_focus == (Side.WHITE, 2)
        assert session.taken_by_faces() == 1, session.takers


class ScriptedPrompt(ConsolePrompt):
    """The plain input with its lines typed beforehand: each read writes the prompt once."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__(io.StringIO())
        self.lines = lines
        self.prompts: list[str] = []

    def read(self, prompt: Callable[[], str]) -> str | int:
        self.prompts.append(prompt())
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)


def test_each_typed_line_takes_one_view_for_the_prompt_written_after_it(counting: MakeCounting) -> None:
    session = counting(plain_input=True)
    printer = Printer()
    printer.follow(session)
    prompt = ScriptedPrompt(["7", "kazans", "where 3"])
    session.takers.clear()
    assert plain_input_loop(session, printer, prompt)
    assert session.game.moves == (7,)
    assert len(prompt.prompts) == 4  # three lines, then the end of input
    assert session.taken_by_faces() == len(prompt.prompts), session.takers


async def test_a_repeat_that_meets_an_answer_from_the_background_shows_both_on_the_board(
        counting: MakeCounting) -> None:
    app = ToguzApp(counting())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        session, screen = app.session, screen_of(app)
        # said from the background (a clock's warning): the screen is not woken yet
        session.output.answer(session.output.game_announcer.time_warning(Side.WHITE, 30.0), interrupt=False)
        warning = session.output.stream.texts[-1]
        screen.action_command("repeat")  # r, before that
        await pilot.pause()
        assert screen.panel.texts[-2:] == [warning, warning]  # the warning as it came, then repeated


def test_a_repeat_that_meets_an_answer_from_the_background_prints_both_in_the_line_mode(
        counting: MakeCounting) -> None:
    session = counting()
    printer = KeepingPrinter()
    printer.follow(session)
    printer.hold()  # repeat is typed
    # said from the background meanwhile (a clock's warning)
    session.output.answer(session.output.game_announcer.time_warning(Side.WHITE, 30.0), interrupt=False)
    warning = session.output.stream.texts[-1]
    printer.lines.clear()
    printer.release(run_line(session, "repeat"))
    assert printer.lines == [warning, warning]  # the warning as it came, then repeated


def test_quit_and_the_boards_quit_question_read_one_answer_about_leaving(counting: MakeCounting) -> None:
    session = counting()
    assert session.view.leaving == Leaving("nothing")
    assert quit_question(session.view.leaving) == phrases.quit_question(False)
    session.play(7)
    assert session.view.leaving == Leaving("saved")
    assert quit_question(session.view.leaving) == phrases.quit_question(True)
    session.store.stop_saving("the disk is full")
    assert session.view.leaving == Leaving("unsaved", "the disk is full")
    assert quit_question(session.view.leaving) == phrases.quit_not_saved_question("the disk is full")
    assert session.quit().text == phrases.goodbye_not_saved("the disk is full")
