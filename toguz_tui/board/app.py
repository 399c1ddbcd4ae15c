"""The Textual application: a thin shell around ``GameScreen`` with themes and the visible cursor.

The app is built on a ready ``GameSession`` (tests inject one with a recording speaker). What the
session says reaches the game screen through the session's stream of announcements (the screen listens
to it and hops onto the app's thread with a message).
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from typing import ClassVar

from textual.app import App
from textual.binding import Binding, BindingType
from textual.driver import Driver
from textual.theme import Theme

from speech.words import phrases
from speech.words.i18n import _
from speech.words.vocabulary import variant_title
from toguz_tui.board.screens.dialogs import ConfirmDialog
from toguz_tui.board.screens.game_screen import GameScreen
from toguz_tui.board.screens.opening import open_dialog
from toguz_tui.files.settings import THEMES
from toguz_tui.session.facade import GameSession
from toguz_tui.session.setup import GameSetup

HIGH_CONTRAST = Theme(
    name="toguz-high-contrast",
    primary="#FFFF00",
    secondary="#00FFFF",
    accent="#FFFF00",
    foreground="#FFFFFF",
    background="#000000",
    surface="#000000",
    panel="#000000",
    success="#00FF00",
    warning="#FFFF00",
    error="#FF6060",
    dark=True,
)
TEXTUAL_THEMES = dict(zip(THEMES, ("textual-dark", HIGH_CONTRAST.name, "ansi-dark"), strict=True))
SHOW_CURSOR = "\x1b[?25h"
HIDE_CURSOR = "\x1b[?25l"


class ToguzApp(App[int], inherit_bindings=False):
    """Toguz Kumalak on one screen, for the keyboard alone."""

    CSS_PATH = "toguz.tcss"
    TITLE = "toguz"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+c", "ask_quit", show=False, priority=True),
        Binding("ctrl+z", "suspend_process", show=False, priority=True),
    ]

    def __init__(self, session: GameSession, resumed: bool = False, driver_class: type[Driver] | None = None,
                 first_start: bool = False) -> None:
        super().__init__(driver_class=driver_class)
        self.session = session
        self.resumed = resumed
        self.game_screen = GameScreen(session, self.apply_look)
        self.game_screen.pit_chosen = not first_start  # after the first start's questions: Enter waits for a pit
        self.register_theme(HIGH_CONTRAST)

    @property
    def farewell(self) -> str:
        """The goodbye said when the player quit (whether the game is saved), for the terminal once the board
        has closed; "" when the board closed otherwise."""
        return self.game_screen.farewell

    def on_mount(self) -> None:
        """Show the board; offer the saved game when one was taken up. SIGTERM and SIGHUP end the
        program as quitting does, so that the terminal gets its screen, cursor and mouse back."""
        for number in (signal.SIGTERM, getattr(signal, "SIGHUP", None)):
            if number is not None:
                with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                    asyncio.get_running_loop().add_signal_handler(number, self.exit)
        self.apply_look()
        self.push_screen(self.game_screen)
        if self.resumed:
            self.offer_resume()

    def offer_resume(self) -> None:
        """A dialog: go on with the saved game (also what Escape does: the safe choice), or start a
        new one with the settings."""
        session, view = self.session, self.game_screen.look()

        def answered(resume: bool | None) -> None:
            if resume is False:
                self.game_screen.back_from_dialog(session.start_game(GameSetup.from_settings(view.settings)))
            else:  # whose turn it is now (the computer may have moved meanwhile)
                self.game_screen.back_from_dialog(session.output.answer(self.game_screen.look().turn_words()))

        game, setup, announcer = view.game, view.setup, view.announcer
        opponent = _("against the computer at level {level}").format(level=setup.level) if setup.human is not None \
            else _("two players")
        question = _("{variant}, {opponent}. {turn} {score} Resume it, or start a new game?").format(
            variant=variant_title(game.variant), opponent=opponent, turn=announcer.turn(game.position, None),
            score=announcer.kazans(game.position))
        self.push_screen(ConfirmDialog(_("Saved game"), question, session.output.voice.speaker.speak,
                                       _("Resume"), phrases.new_game_word(),
                                       plain=view.settings.screen_reader, cancelled=True), answered)

    @property
    def braille_cells(self) -> int:
        """The width of the braille window that reads the screen-reader mode's messages (0: none)."""
        return self.game_screen.follower.cells if self.game_screen.plain else 0

    def apply_look(self) -> None:
        """The theme, the face (boxed board or screen-reader mode) and the cursor the settings ask for."""
        view = self.game_screen.look()
        settings = view.settings
        self.theme = TEXTUAL_THEMES.get(settings.theme, "textual-dark")
        self.set_class(settings.screen_reader, "-screen-reader")
        self.show_cursor(settings.screen_reader)
        if self.game_screen.is_mounted:
            self.game_screen.apply_mode(view)

    def show_cursor(self, visible: bool) -> None:
        """Show the terminal cursor (for screen readers and braille displays) or hide it again."""
        driver = self._driver
        if driver is not None and not self.is_headless:
            driver.write(SHOW_CURSOR if visible else HIDE_CURSOR)
            driver.flush()

    def on_resize(self) -> None:
        """Keep the cursor where it belongs after the terminal changes size."""
        if self.screen is self.game_screen:
            self.game_screen.place_cursor()

    def action_ask_quit(self) -> None:
        """Ctrl+C asks as the quit key does."""
        if self.screen is self.game_screen:
            open_dialog(self.game_screen, "quit")
