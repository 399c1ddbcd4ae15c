"""The board on the keyboards of the game's European homes (issue 54): the Czech QWERTZ digit row plays the
pits, y and z swapped on the Czech and German QWERTZ keep their letters' meaning, and the question to quit is
answered with the language's own yes (Czech ``a``, German ``j``)."""

from __future__ import annotations

import pytest

from tests.toguz_tui.board.test_app_support import SIZE, MakeApp, make_app, said, screen_of
from toguz_tui.board.screens.dialogs import ConfirmDialog
from toguz_tui.files.settings import Settings
from toguz_tui.keyboards.board_keys import keyboard
from toguz_tui.keyboards.layouts import layout_digits

__all__ = ["make_app"]  # the fixture

CZECH_DIGITS = "+ěščřžýáíé"  # the Czech QWERTZ digit row, 1 to 0


def test_each_language_chooses_its_keyboard() -> None:
    assert [Settings(language=code).keyboard_layout for code in ("cs", "de", "pl", "nl")] == [
        "czech", "german", "latin", "latin"]


def test_the_czech_digit_row_stands_for_the_digits_and_the_letters_keep_their_meaning() -> None:
    czech = keyboard("czech")
    assert [czech.latin(character) for character in CZECH_DIGITS] == list("1234567890")
    assert czech.latin(";") is None and czech.latin("z") is None and czech.latin("y") is None  # ASCII: itself
    assert czech.latin("ů") == ";"  # a letter the Latin keyboard lacks: its place
    assert layout_digits("ý", "czech") == "7" and layout_digits("íé", "czech") == "90"
    german = keyboard("german")
    assert german.latin("z") is None and german.latin("y") is None and german.latin("7") is None
    assert german.latin("ö") == ";"


@pytest.mark.parametrize(("code", "yes"), [("cs", "a"), ("de", "j")])
async def test_the_quit_question_takes_the_languages_yes(make_app: MakeApp, code: str, yes: str) -> None:
    app = make_app(language=code)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog), said(app)[-3:]
        await pilot.press(yes)
        await pilot.pause()
    assert app.return_code == 0 and not app.is_running


async def test_under_czech_the_key_of_7_then_enter_plays_pit_7(make_app: MakeApp) -> None:
    app = make_app(language="cs")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ý")  # the key of 7 on a Czech keyboard
        await pilot.pause()
        assert screen_of(app).pit_focus[1] == 7
        await pilot.press("enter")
        await pilot.pause(0.3)
        assert app.session.game.moves[:1] == (7,)
        assert any("7" in text and "kulič" in text for text in said(app)[-3:]), said(app)[-3:]
        await pilot.press("+")  # pit 1, the key of 1
        await pilot.pause()
        assert screen_of(app).pit_focus[1] == 1


async def test_under_german_the_letters_y_and_z_keep_their_meaning(make_app: MakeApp) -> None:
    app = make_app(language="de")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("7")  # the German keyboard has the digits where the Latin one has them
        await pilot.pause()
        assert screen_of(app).pit_focus[1] == 7
        await pilot.press("b")
        await pilot.pause()
        assert "9 9 9" in said(app)[-1], said(app)[-1]  # b is the board on QWERTZ too
