"""The board screen: the board, the announcement panel and the keys of the command table.

Every key runs a command of the table (``toguz_tui.commands``) through the session, then the
screen shows what changed: the board, the status line, and the new announcements in the panel.
Moving the focus onto a pit says what it holds; the terminal cursor always sits on the focused pit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.screen import Screen

from rules import Side
from speech import phrases
from toguz_tui.commands import Focus, run
from toguz_tui.screens import keys
from toguz_tui.screens.dialogs import ConfirmDialog, FormDialog, HelpScreen
from toguz_tui.screens.forms import (
    changed_settings,
    goto_args,
    goto_dialog,
    new_game_args,
    new_game_dialog,
    open_args,
    open_dialog,
    save_args,
    save_dialog,
    settings_dialog,
)
from toguz_tui.session import GameSession, Reply
from toguz_tui.widgets.board import Board, BoardView, PitCell
from toguz_tui.widgets.panels import Announcements, FocusLine, KeyFooter, StatusLine


class GameScreen(Screen[None]):
    """The board, the status line, what the focused pit holds, the announcements and the keys."""

    AUTO_FOCUS = ""
    BINDINGS: ClassVar[list[BindingType]] = [*keys.command_bindings(), *keys.own_bindings()]

    def __init__(self, session: GameSession, on_settings: Callable[[], None]) -> None:
        super().__init__(id="game")
        self.session = session
        self.on_settings = on_settings
        self.board = Board()
        self.status = StatusLine()
        self.focus_line = FocusLine()
        self.panel = Announcements()
        self.shown = 0  # how many of the session's announcements the panel shows
        self.spoken_cell: PitCell | None = None
        self.speech_errors: set[str] = set()

    def compose(self) -> ComposeResult:
        """Status, board, focus line, panel, footer."""
        yield self.status
        yield self.board
        yield self.focus_line
        yield self.panel
        yield KeyFooter(keys.footer_text())

    def on_mount(self) -> None:
        """Show the game and put the focus on the player's row."""
        self.show_game()
        cell = self.first_cell()
        self.spoken_cell = cell
        self.set_focus(cell)
        self.place_cursor()

    # -- showing -------------------------------------------------------------------------------
    def board_view(self) -> BoardView:
        """What the board should show now."""
        session = self.session
        review = session.review
        position = session.viewed
        human = session.setup.human
        if review is not None and review.names is not None:
            bottom, names = Side.WHITE, review.names
        elif human is not None:
            bottom = human
            names = ("you", "computer") if human is Side.WHITE else ("computer", "you")
        else:
            turns = session.settings.board_turns and review is None
            bottom = position.to_move if turns else Side.WHITE
            names = (session.settings.white_name, session.settings.black_name)
        game = review.game if review is not None else session.game
        return BoardView(position, bottom, game.last_report, names, game.is_over)

    def status_text(self) -> str:
        """Whose turn (or who thinks), the game and the players, most important first."""
        session = self.session
        thinking = session.thinking and session.computer_to_move() and session.review is None
        parts = [phrases.computer_thinking() if thinking else session.turn().text]
        if session.review is not None:
            parts.insert(0, "Review: " + phrases.review_position(session.review.index, session.review.total))
        parts.append(phrases.variant_title(session.viewed.variant))
        human = session.setup.human
        if human is not None:
            parts.append(f"you play {human.title}, computer level {session.setup.level}")
        return " | ".join(parts)

    def show_game(self, reply: Reply | None = None) -> None:
        """Redraw the board and status and add new announcements (and ``reply``) to the panel."""
        with self.app.batch_update():
            self.board.show(self.board_view())
            self.status.set_text(self.status_text())
            self.sync_panel(reply)
        focused = self.focused
        if isinstance(focused, PitCell) and not focused.display:
            self.set_focus(self.first_cell())
        focused = self.focused
        if isinstance(focused, PitCell):  # the line under the board tells what the pit holds now
            self.focus_line.set_text(self.session.announcer.pit(self.session.viewed, focused.side, focused.number))
        self.place_cursor()

    def sync_panel(self, reply: Reply | None = None) -> None:
        """Show the announcements made since the last time; a reply not kept in the history too."""
        said = self.session.announcements
        new = said[self.shown:]
        self.shown = len(said)
        for index, text in enumerate(new):
            kind = reply.kind if reply is not None and index == len(new) - 1 else "info"
            self.panel.add(text, kind)
        if not new and reply is not None and reply.text:
            self.panel.add(reply.text, reply.kind)
        self.report_speech_error()

    def report_speech_error(self) -> None:
        """A voice that failed is reported once in the panel, in words."""
        error = getattr(self.session.speaker, "last_error", None)
        if isinstance(error, str) and error and error not in self.speech_errors:
            self.speech_errors.add(error)
            self.panel.add(phrases.speech_problem(error), "error")

    def after(self, reply: Reply | None) -> None:
        """Show what a command did; leave when it says so."""
        self.follow_turn(reply)
        self.show_game(reply)
        if reply is not None and reply.quit:
            self.app.exit(0)

    def follow_turn(self, reply: Reply | None) -> None:
        """Between two players, after a move the focus goes to the same pit of the row to move
        (silently: the move itself is being announced)."""
        session = self.session
        if reply is None or reply.kind != "move" or session.setup.human is not None or session.review:
            return
        focus = self.focused_pit()
        to_move = session.viewed.to_move
        if focus is not None and focus[0] is not to_move:
            cell = self.board.cell(to_move, focus[1])
            self.set_focus(cell)
            self.spoken_cell = cell

    # -- focus and the cursor ------------------------------------------------------------------
    def first_cell(self) -> PitCell:
        """The player's pit 1."""
        return self.board.shown_cells(1)[0]

    def focused_pit(self) -> Focus:
        """The side and number of the focused pit."""
        focused = self.focused
        return (focused.side, focused.number) if isinstance(focused, PitCell) else None

    def place_cursor(self) -> None:
        """After the next repaint, put the terminal cursor on the focused pit."""
        self.call_after_refresh(self._set_cursor)

    def _set_cursor(self) -> None:
        focused = self.focused
        if isinstance(focused, PitCell) and self.app.screen is self:
            self.app.cursor_position = focused.cursor_offset()
            self.app.refresh()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """A pit reached some other way (Tab) is spoken too; the cursor follows."""
        widget = event.widget
        if isinstance(widget, PitCell) and widget is not self.spoken_cell:
            self.speak_pit(widget)
        self.place_cursor()

    def move_to(self, cell: PitCell, text: str | None = None) -> None:
        """Focus ``cell`` at once and say what it holds (or ``text``)."""
        self.speak_pit(cell, text)
        self.set_focus(cell)
        self.place_cursor()

    def speak_pit(self, cell: PitCell, text: str | None = None) -> None:
        """Say and show what a pit holds."""
        self.spoken_cell = cell
        if text is None:
            text = self.session.announcer.pit(self.session.viewed, cell.side, cell.number)
        self.session.speaker.speak(text)
        self.focus_line.set_text(text)

    def current_cell(self) -> PitCell:
        """The focused pit, or the player's pit 1."""
        focused = self.focused
        return focused if isinstance(focused, PitCell) else self.first_cell()

    def navigate(self, key: str) -> None:
        """Left, Right, Home or End along the focused row."""
        cell = self.current_cell()
        row = self.board.shown_cells(cell.row)
        index = row.index(cell)
        target = {"left": index - 1, "right": index + 1, "home": 0, "end": len(row) - 1}[key]
        self.move_to(row[max(0, min(len(row) - 1, target))])

    def action_switch_row(self) -> None:
        """Up or Down: the pit across the board (the same column)."""
        cell = self.current_cell()
        other = self.board.shown_cells(1 - cell.row)
        self.move_to(other[min(cell.slot, len(other) - 1)])

    def action_digit(self, number: int) -> None:
        """Jump to the player's pit ``number`` (between two players: the side to move's); say where its
        last stone would land, or play it."""
        session = self.session
        pits = session.viewed.variant.pits
        if number > pits:
            self.after(session.error(session.announcer.illegal(session.viewed, number)))
            return
        cell = self.board.cell(session.my_side(), number)
        if session.settings.digit_plays and session.review is None:
            self.move_to(cell, "")
            self.run_command("play")
            return
        position = session.viewed
        mine = cell.side is position.to_move and not session.computer_to_move()
        text = None
        if mine and not session.game.is_over:
            text = session.announcer.preview(position, number)
        self.move_to(cell, text)

    def action_scroll_panel(self, direction: int) -> None:
        """Page Up or Page Down in the announcements."""
        if direction < 0:
            self.panel.scroll_page_up(animate=False)
        else:
            self.panel.scroll_page_down(animate=False)

    # -- commands ------------------------------------------------------------------------------
    def action_command(self, name: str) -> None:
        """Run the command ``name`` of the table, through a dialog when it needs words."""
        if name in keys.NAVIGATION and self.session.review is None:
            self.navigate(keys.NAVIGATION[name])
        elif name in keys.DIALOGS:
            self.open_dialog(name)
        else:
            self.run_command(name)

    def run_command(self, name: str, args: list[str] | None = None) -> None:
        """Carry out a command with the focused pit (thinking ones answer later, through the session)."""
        focus = self.focused_pit()
        if name == "play" and focus is not None and focus[0] is not self.session.viewed.to_move:
            self.after(self.not_yours(focus))
            return
        self.after(run(self.session, name, focus, args or []))

    def not_yours(self, focus: tuple[Side, int]) -> Reply:
        """Enter on a pit of the other row."""
        return self.session.error(phrases.not_on_the_row_to_move(self.session.announcer.pit_name(*focus)))

    def session_event(self, reply: Reply) -> None:
        """Something happened without a key (the computer moved): show it."""
        self.after(reply)

    def open_dialog(self, name: str) -> None:
        """The dialog standing in for a command's words."""
        session, speak = self.session, self.session.speaker.speak
        if name == "help":
            self.app.push_screen(HelpScreen(keys.key_help_lines(), speak))
        elif name == "quit":
            self.confirm("Quit toguz", self.quit_question(), "quit", yes="Quit", no="Stay")
        elif name == "resign":
            self.confirm("Resign", "Give up this game?", "resign", yes="Resign", no="Play on")
        elif name == "new":
            self.form(new_game_dialog(session, speak), lambda values: run(
                session, "new", None, new_game_args(values)))
        elif name == "save":
            self.form(save_dialog(speak), lambda values: run(session, "save", None, save_args(values)))
        elif name == "open":
            self.form(open_dialog(speak), lambda values: run(session, "open", None, open_args(values)))
        elif name == "goto":
            if session.review is None:
                self.run_command("goto")
                return
            self.form(goto_dialog(speak, session.review.total),
                      lambda values: run(session, "goto", None, goto_args(values)))
        elif name == "settings":
            self.form(settings_dialog(session, speak), self.apply_settings)

    def quit_question(self) -> str:
        """What quitting will do to the game."""
        session = self.session
        if session.game.is_over and not session.finished_saved:
            return "This finished game was not kept. Quit anyway?"
        return phrases.goodbye(not session.game.is_over and bool(session.game.moves)).replace(
            "Goodbye. ", "") + " Quit now?"

    def confirm(self, title: str, question: str, command: str, yes: str, no: str) -> None:
        """Ask, then run ``command`` on yes."""
        def answered(yes_pressed: bool | None) -> None:
            if not yes_pressed:
                self.after(self.session.answer(phrases.cancelled(title)))
                return
            reply = run(self.session, command)
            if command == "quit" and not reply.quit:
                reply = run(self.session, command)  # the dialog already asked
            self.after(reply)

        self.app.push_screen(ConfirmDialog(title, question, self.session.speaker.speak, yes, no), answered)

    def form(self, dialog: FormDialog, done: Callable[[dict[str, str]], Reply | None]) -> None:
        """Show a form; on OK, ``done`` runs with its values."""
        def closed(values: dict[str, str] | None) -> None:
            if values is None:
                self.after(self.session.answer(phrases.cancelled(dialog.title_text)))
                return
            self.after(done(values))

        self.app.push_screen(dialog, closed)

    def apply_settings(self, values: dict[str, str]) -> Reply | None:
        """Change each setting the dialog changed, then let the app apply the look."""
        reply: Reply | None = None
        changes = changed_settings(self.session, values)
        for name, value in changes:
            reply = run(self.session, "settings", None, [name, value])
        self.on_settings()
        return reply if changes else self.session.answer(phrases.settings_unchanged())
