"""The screen-reader face of the board, with Pilot: what is written where, in which frame, and the keys.

What a real screen reader makes of it is tested in ``test_screen_readers.py``; these tests pin the
mechanics that make it work: a blank frame, then the message with the cursor right after it; the
computer's reply below the player's move; no box-drawing character anywhere; dialogs answered and
closed with letters.
"""

from __future__ import annotations

import pytest
from textual.geometry import Offset

from rules import Side
from tests.toguz_tui.board.test_app_support import MakeApp, make_app, said, screen_of, settle, written
from toguz_tui.board.app import ToguzApp
from toguz_tui.board.screens.dialogs import ConfirmDialog, FormDialog, HelpScreen
from toguz_tui.board.widgets import speech_area
from toguz_tui.board.widgets.speech_area import SpeechArea, wrap
from toguz_tui.files.settings import Settings

__all__ = ["make_app"]
SIZE = (80, 24)
BOX_DRAWING = range(0x2500, 0x25A0)


def end_of(area: SpeechArea) -> Offset:
    """Right after the last character of the speech area."""
    region = area.content_region
    return Offset(region.x + len(area.lines[-1]), region.y + len(area.lines) - 1)


def visible_text(app: ToguzApp) -> str:
    """Every character the board screen shows."""
    screen = screen_of(app)
    return "\n".join([screen.status.shown_text, screen.board.plain_text().plain, *screen.speech.lines,
                      screen.footer.shown_text])


async def test_a_message_comes_after_a_blank_frame_with_the_cursor_right_after_it(
        make_app: MakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(screen_reader=True)
    async with app.run_test(size=SIZE) as pilot:
        await written(pilot, app)
        speech = screen_of(app).speech
        monkeypatch.setattr(speech_area, "BLANK_SECONDS", 30.0)  # hold the blank frame to look at it
        before = app.cursor_position
        await pilot.press("right")
        assert speech.lines == [] and speech.waiting, "the area is blank first, so the whole message is new"
        assert app.cursor_position == before, "the cursor stays put in the blank frame (Orca would say space)"
        speech.flush()
        await pilot.pause()
        assert speech.lines == ["White's pit 2: 9 stones."]
        monkeypatch.setattr(speech_area, "BLANK_SECONDS", 0.05)
        assert app.cursor_position == end_of(speech)
        await pilot.press("right", "left")
        await written(pilot, app)
        assert speech.lines == ["White's pit 2: 9 stones."], "the same text again is written again"


async def test_the_plain_board_is_words_and_numbers_with_no_box_drawing(make_app: MakeApp) -> None:
    app = make_app(screen_reader=True, fen="9S,9S,9S,9S,9S,t,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 9 0 S 1")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("7", "enter")
        await written(pilot, app)
        text = visible_text(app)
        assert not [char for char in text if ord(char) in BOX_DRAWING]
        position = app.session.game.position
        lines = screen_of(app).board.plain_text().plain.splitlines()
        # The counts are digits only (Orca reads a changed line that brings a word); the last column
        # says where each row's tuzdyk stands.
        assert lines[0] == "Black" and lines[5] == "White"
        assert lines[1].split() == ["pit", *map(str, range(9, 0, -1)), "kazan", "tuzdyk"]
        black = [str(position.pit(Side.BLACK, pit)) for pit in range(9, 0, -1)]
        assert position.pit(Side.BLACK, 4) == 0
        assert lines[2].split() == [*black, str(position.kazans[Side.BLACK]), "4"]
        white = [str(position.pit(Side.WHITE, pit)) for pit in range(1, 10)]
        assert lines[3].split() == [*white, str(position.kazans[Side.WHITE])]
        assert lines[4].split() == ["pit", *map(str, range(1, 10)), "kazan", "tuzdyk"]


async def test_the_computer_replies_below_the_players_move_and_the_board_changes_with_the_message(
        make_app: MakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(screen_reader=True, opponent="computer", level=1)
    async with app.run_test(size=SIZE) as pilot:
        await written(pilot, app)
        screen = screen_of(app)
        monkeypatch.setattr(speech_area, "BLANK_SECONDS", 30.0)  # hold the blank frame to look at it
        await pilot.press("7", "enter")
        assert screen.board.plain_text().plain.splitlines()[3].split()[:9] == ["9"] * 9, \
            "in the blank frame the board is still the one before the move"
        await settle(pilot, app)
        screen.speech.flush()
        await written(pilot, app)
        first, second = screen.speech.said
        assert first.startswith("You sow 9 stones from pit 7") and second.startswith("The computer sows")
        assert app.cursor_position == end_of(screen.speech)
        assert screen.speech.lines == [*wrap(first, 79), *wrap(second, 79)]
        assert screen.board.current is not None and screen.board.current.position == app.session.game.position


async def test_a_message_taller_than_the_area_is_shown_a_page_at_a_time(make_app: MakeApp) -> None:
    app = make_app(screen_reader=True, verbosity="full")
    async with app.run_test(size=(60, 12)) as pilot:
        await pilot.press(*"1234567", "enter")
        await pilot.press("b")
        await written(pilot, app)
        speech = screen_of(app).speech
        assert speech.lines[-1] == "More: press Page Down." and speech.rest
        shown = " ".join(speech.lines[:-1])
        await pilot.press("pagedown")
        await written(pilot, app)
        assert " ".join([shown, *speech.lines]).startswith(" ".join(wrap(said(app)[-1], 59))[:200])
        await pilot.press("pagedown")
        await written(pilot, app)
        assert speech.lines == ["That is all of it."]


async def test_a_yes_or_no_question_is_answered_with_y_or_n(make_app: MakeApp) -> None:
    app = make_app(screen_reader=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("7", "enter", "q")
        await written(pilot, app)
        dialog = app.screen
        assert isinstance(dialog, ConfirmDialog)
        assert dialog.speech.said == [
            "Quit toguz. Your game is saved and will be offered next time. Quit now? Press y for quit, "
            "n for stay. Quit is selected."]
        assert app.cursor_position == end_of(dialog.speech)
        await pilot.press("n")
        await written(pilot, app)
        assert app.screen is screen_of(app)
        assert screen_of(app).speech.said == ["Quit toguz: cancelled."]
        assert app.cursor_position == end_of(screen_of(app).speech), "the cursor is back on the board screen"
        await pilot.press("q", "y")
        await pilot.pause()
    assert app.return_code == 0


@pytest.mark.slow
async def test_every_dialog_closes_with_a_letter_or_the_key_that_opened_it(make_app: MakeApp) -> None:
    app = make_app(screen_reader=True)
    async with app.run_test(size=SIZE) as pilot:
        for opening, closing, kind in [("h", "q", HelpScreen), ("h", "h", HelpScreen), ("question_mark", "backspace",
                                       HelpScreen), ("O", "q", FormDialog), ("O", "O", FormDialog),
                                       ("n", "backspace", FormDialog), ("R", "q", ConfirmDialog),
                                       ("q", "q", ConfirmDialog)]:
            await pilot.press(opening)
            await pilot.pause(0.1)
            assert isinstance(app.screen, kind), opening
            await pilot.press(closing)
            await pilot.pause(0.1)
            assert app.screen is screen_of(app), (opening, closing)
        assert app.is_running and not app.session.game.is_over


async def test_a_form_asks_one_question_at_a_time(make_app: MakeApp) -> None:
    app = make_app(screen_reader=True, opponent="computer")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await written(pilot, app)
        dialog = app.screen
        assert isinstance(dialog, FormDialog)
        assert dialog.speech.said[0].startswith("New game, 5 questions: Up and Down go between them")
        assert dialog.speech.said[0].endswith("Game: Toguz Kumalak, 1 of 3. Left and Right change it.")
        await pilot.press("left")
        await written(pilot, app)
        assert dialog.speech.said == ["Game: Bestemshe, 3 of 3. Left and Right change it."]
        await pilot.press("down", "right")
        await written(pilot, app)
        assert dialog.speech.said == ["Opponent: a second player here, 2 of 2. Left and Right change it."]
        await pilot.press("enter")
        await written(pilot, app)
        assert app.session.game.variant.pits == 5 and app.session.setup.human is None


async def test_help_reads_one_line_at_a_time_with_where_it_stands(make_app: MakeApp) -> None:
    app = make_app(screen_reader=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        await written(pilot, app)
        dialog = app.screen
        assert isinstance(dialog, HelpScreen)
        total = len(dialog.lines)
        await pilot.press("down")
        await written(pilot, app)
        assert dialog.speech.said == [f"2 of {total}: Up, Down: switch rows"]
        assert app.cursor_position == end_of(dialog.speech)


def test_the_own_voice_is_off_in_the_screen_reader_mode_unless_asked_for() -> None:
    assert Settings().voice_backend == "auto"
    assert Settings(screen_reader=True).voice_backend == "silent"
    assert Settings(screen_reader=True, speech="on").voice_backend == "auto"
    assert Settings(screen_reader=True, speech="espeak-ng").voice_backend == "espeak-ng"
    assert Settings(speech="off").voice_backend == "silent"


async def test_between_two_players_the_focus_follows_the_turn_in_words(make_app: MakeApp) -> None:
    app = make_app(screen_reader=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("4", "enter")
        await written(pilot, app)
        assert screen_of(app).pit_focus == (Side.BLACK, 4)
        await pilot.press("right")
        await written(pilot, app)
        assert screen_of(app).speech.said == ["Black's pit 3: empty."]
