"""Pilot tests of the dialogs: each speaks its title and focused control, works by keys, closes with Escape."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.screen import Screen
from textual.widgets import Input

from rules import Side
from tests.toguz_tui.board.test_app_support import SIZE, MakeApp, make_app, said, screen_of, written
from tests.toguz_tui.conftest import reviewing
from toguz_tui.board.app import ToguzApp
from toguz_tui.board.screens.dialogs import ConfirmDialog, FormDialog, HelpScreen
from toguz_tui.board.widgets.choice import Choice


def showing(app: ToguzApp) -> Screen[Any]:
    """The screen on top (read afresh: a dialog's key may have closed it)."""
    return app.screen

__all__ = ["make_app"]


async def test_help_lists_the_keys_line_by_line_and_escape_closes(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert said(app)[-1].startswith("Help: Up and Down read the keys") and "Left, Right" in said(app)[-1]
        await pilot.press("down")
        assert said(app)[-1].startswith("Up, Down: switch rows")
        await pilot.press("escape")
        assert showing(app) is screen_of(app)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)


async def test_the_new_game_dialog_starts_the_game_chosen(make_app: MakeApp) -> None:
    app = make_app(opponent="computer")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, FormDialog)
        assert said(app)[-1] == "New game. Game: Toguz Kumalak, 1 of 3. Left and Right change it."
        await pilot.press("left")
        assert said(app)[-1].startswith("Game: Bestemshe, 3 of 3")
        await pilot.press("tab")
        assert said(app)[-1].startswith("Opponent: the computer")
        await pilot.press("right", "enter")
        await pilot.pause()
        assert showing(app) is screen_of(app)
        session = app.session
        assert session.game.variant.pits == 5 and session.setup.human is None
        assert screen_of(app).panel.last.startswith("New game of Bestemshe for two players")
        assert screen_of(app).board.describe().count("pit ") == 10


async def test_the_new_game_dialog_offers_the_clock_set_since_the_game_began(make_app: MakeApp) -> None:
    app = make_app(opponent="computer")
    async with app.run_test(size=SIZE) as pilot:
        app.session.change_setting("clock", "5+3")
        assert app.session.setup.clock is None  # the game being played keeps its own (none)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, FormDialog)
        await pilot.press("enter")  # Start, every choice as offered
        await pilot.pause()
        assert showing(app) is screen_of(app)
        assert app.session.setup.clock is not None and app.session.setup.clock.typed == "5+3"


async def test_escape_cancels_a_dialog_and_says_so(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("7", "enter", "n")
        await pilot.pause()
        await pilot.press("escape")
        assert showing(app) is screen_of(app)
        assert app.session.game.moves == (7,)
        assert screen_of(app).panel.last == "New game: cancelled."


@pytest.mark.slow
async def test_the_settings_dialog_changes_the_theme_and_saves_it(make_app: MakeApp, private_dirs: Path) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        assert said(app)[-1].startswith("Settings. Language: as the system")
        await pilot.press("tab", "tab", "tab", "tab", "tab", "tab")
        assert said(app)[-1].startswith("Theme: default")
        await pilot.press("right")
        assert said(app)[-1].startswith("Theme: high contrast")
        await pilot.press("tab", "right", "enter")
        await pilot.pause()
        assert app.theme == "toguz-high-contrast"
        assert app.session.settings.screen_reader is True
        await written(pilot, app)
        assert screen_of(app).speech.said == ["Theme is now high contrast.", "Screen-reader mode is now on."], \
            "the screen-reader face took over"
        assert not screen_of(app).panel.display and screen_of(app).speech.display
        text = (private_dirs / "config" / "settings.toml").read_text()
        assert 'theme = "high-contrast"' in text and "screen_reader = true" in text


@pytest.mark.slow
async def test_save_writes_the_record_and_open_reviews_it(make_app: MakeApp, tmp_path: Path) -> None:
    app = make_app()
    target = tmp_path / "mine.pgn"
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("7", "enter", "ctrl+s")
        await pilot.pause()
        assert said(app)[-1].startswith("Save the game as a record. File name, empty for the archive: empty")
        assert isinstance(app.screen.focused, Input)
        assert app.cursor_position == app.screen.focused.cursor_screen_offset
        await pilot.press(*str(target), "enter")
        await pilot.pause()
        assert target.exists() and "76" in target.read_text()
        assert screen_of(app).panel.last == "Game saved to mine.pgn."
        await pilot.press("ctrl+o")
        await pilot.pause()
        await pilot.press(*str(target), "enter")
        await pilot.pause()
        review = reviewing(app.session)
        assert review is not None and review.total == 1
        await pilot.press("right")
        assert said(app)[-1].startswith("White sows 9 stones from pit 7")


async def test_quit_asks_first_and_stay_keeps_playing(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("7", "enter", "q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert said(app)[-1].startswith("Quit toguz. Your game is saved")
        assert said(app)[-1].endswith("Press y for quit, n for stay. Quit is selected.")
        await pilot.press("right")
        assert said(app)[-1] == "Stay is selected."
        await pilot.press("enter")
        await pilot.pause()
        assert app.is_running and showing(app) is screen_of(app)
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
    assert app.return_code == 0


async def test_resign_asks_then_ends_the_game(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert said(app)[-1].endswith("Play on is selected."), "a reflexive Enter does not give the game up"
        await pilot.press("enter")
        await pilot.pause()
        assert not app.session.game.is_over
        await pilot.press("R")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert app.session.game.is_over
        assert "to move" not in screen_of(app).board.describe()


async def test_a_resumed_game_is_offered_and_new_game_starts_afresh(make_app: MakeApp) -> None:
    app = make_app(opponent="computer", resumed=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert said(app)[-1].startswith("Saved game.")
        await pilot.press("tab", "enter")
        await pilot.pause()
        assert showing(app) is screen_of(app)
        assert screen_of(app).panel.last.startswith("New game of Toguz Kumalak")
        assert app.session.setup.human is Side.WHITE


async def test_escape_on_the_saved_game_question_resumes_it(make_app: MakeApp) -> None:
    app = make_app(opponent="human", variant="kozdatu", resumed=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        moves_before = app.session.game.moves
        assert said(app)[-1].startswith("Saved game. Kozdatu, two players. Move 1: White's turn.")
        await pilot.press("escape")
        await pilot.pause()
        assert showing(app) is screen_of(app)
        assert app.session.game.moves == moves_before
        assert screen_of(app).panel.last == "Move 1: White's turn."


async def test_the_cursor_sits_on_the_focused_choice(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        await pilot.press("tab")
        await pilot.pause()
        focused = app.screen.focused
        assert isinstance(focused, Choice)
        assert focused.region.contains_point(app.cursor_position)


async def test_the_focused_choice_is_marked_in_text_not_by_colour_alone(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("tab")
        await pilot.pause()
        choices = [widget for widget in app.screen.query(Choice)]
        marked = [str(choice.render()) for choice in choices if str(choice.render()).startswith("> ")]
        focused = app.screen.focused
        assert focused is not None
        assert marked == [str(focused.render())]
        assert marked[0].startswith("> Opponent:")
