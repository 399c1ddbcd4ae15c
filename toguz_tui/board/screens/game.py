"""The board screen: the board, what was said, and the keys of the command table.

Every key runs a command of the table (``toguz_tui.commands.table``) through the session, then the
screen shows what changed. The focused pit is one index held here (``pit_focus``), never Textual's
focus, so that moving it repaints nothing but attributes.

Two faces, chosen by the ``screen_reader`` setting:

- the boxed board: a status line, the board, a line saying what the focused pit holds, a log of
  the announcements; the terminal cursor sits on the focused pit's count;
- the screen-reader mode: one speech area above a plain board. Each key's message is written there
  (a blank frame, then the message with the cursor after its last character), and the board
  changes in that same frame, below it: a screen reader reads the message first (Orca reads
  nothing below the cursor at all), and nothing that follows can cut it off.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.timer import Timer

from rules import Side
from speech.words import phrases
from speech.words.i18n import _, p_
from speech.words.vocabulary import variant_title
from toguz_tui.board.screens import keys
from toguz_tui.board.screens.opening import open_dialog
from toguz_tui.board.widgets.board import Board, BoardView, boxed_width, plain_width, score_mark
from toguz_tui.board.widgets.panels import Announcements, FocusLine, KeyFooter, StatusLine
from toguz_tui.board.widgets.speech_area import SpeechArea
from toguz_tui.commands.table import run
from toguz_tui.session import reviewer as reviewing
from toguz_tui.session import trainer as coaching
from toguz_tui.session.facade import GameSession, Reply

BOARD_AFTER = 0.1  # seconds between a message and the board's change, in the screen-reader mode


class GameScreen(Screen[None]):
    """The status line, the board, what was said, and the keys."""

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
        self.speech = SpeechArea(id="speech")
        self.speech.on_written = self.board_follows
        self.footer = KeyFooter("")
        self.shown = 0  # how many of the session's announcements have been shown
        self.pit_focus: tuple[Side, int] = (Side.WHITE, 1)
        self.width_state = ""  # "", "plain" or "hidden": what the terminal's width does to the board
        self.board_timer: Timer | None = None
        self.game_seen: tuple[object, ...] = (session.game, None, None)

    def compose(self) -> ComposeResult:
        """Status, the speech area (screen-reader mode), board, focus line and announcements (boxed
        board), keys."""
        yield self.status
        yield self.speech
        yield self.board
        yield self.focus_line
        yield self.panel
        yield self.footer

    @property
    def plain(self) -> bool:
        """True in the screen-reader mode."""
        return self.session.settings.screen_reader

    def on_mount(self) -> None:
        """Show the game with the focus on the player's pit 1, and what was said so far."""
        self.pit_focus = (self.session.my_side(), 1)
        self.apply_mode()
        self.refresh_view()
        self.after(None)
        self.check_width()
        self.call_after_refresh(self.session.ready_engine)  # once the board is out, not before
        self.set_interval(1.0, self.tick_clock)

    def on_resize(self) -> None:
        """The board's drawing follows the terminal's width."""
        self.refresh_view()
        self.check_width()

    def apply_mode(self) -> None:
        """Show the parts of the chosen face and the keys for it."""
        plain = self.plain
        self.focus_line.display = not plain
        self.panel.display = not plain
        self.speech.display = plain
        self.board.display = not plain or self.session.settings.reader_board
        if self.is_mounted:
            self.refresh_view()

    # -- showing -------------------------------------------------------------------------------
    def board_view(self) -> BoardView:
        """What the board should show now."""
        session = self.session
        review = session.review
        position = session.viewed
        human = session.setup.human
        training = session.training
        if training is not None:
            bottom = training.side
            you, other = p_("board", "you"), p_("board", "opponent")
            names = (you, other) if bottom is Side.WHITE else (other, you)
        elif review is not None and review.names is not None:
            bottom, names = Side.WHITE, review.names
        elif human is not None:
            bottom = human
            you, computer = p_("board", "you"), p_("board", "computer")
            if session.opponent.name:
                computer = phrases.visible(session.opponent.name)
            names = (you, computer) if human is Side.WHITE else (computer, you)
        else:
            turns = session.settings.board_turns and review is None
            bottom = position.to_move if turns else Side.WHITE
            names = (session.settings.white_name, session.settings.black_name)
        game = review.game if review is not None else session.game
        names = (phrases.visible(names[0]), phrases.visible(names[1]))
        analysis = session.analysis
        scores = tuple((pit, score_mark(score, plies, solved)) for pit, score, plies, solved in analysis[1]) \
            if analysis is not None and analysis[0] == position else ()
        if training is not None:
            return BoardView(position, bottom, None, names, False, self.pit_focus,  # a new position: no move marks
                             self.plain or self.narrow, ())
        return BoardView(position, bottom, game.last_report, names, game.is_over, self.pit_focus,
                         self.plain or self.narrow, scores)

    @property
    def narrow(self) -> bool:
        """True when the terminal is narrower than the boxed board: it is drawn plain instead."""
        return self.app.size.width < boxed_width(self.session.viewed.variant.pits)

    def check_width(self) -> None:
        """Say once, when the width changes it, that the board is drawn plain or partly hidden."""
        pits = self.session.viewed.variant.pits
        width = self.app.size.width
        state = "hidden" if width < plain_width(pits) else "plain" if self.narrow and not self.plain else ""
        if state == self.width_state:
            return
        self.width_state = state
        if state == "hidden":
            self.present(phrases.too_narrow(width, plain_width(pits)), "error")
        elif state == "plain":
            self.present(phrases.narrow_terminal(width, boxed_width(pits)))

    def status_text(self) -> str:
        """The game and the players; on the boxed board also whose turn it is (or who thinks).
        The screen-reader mode keeps it the same from move to move: turns are said, not redrawn."""
        session = self.session
        parts = [variant_title(session.viewed.variant)]
        if session.training is not None:  # the screen-reader mode keeps it the same from step to step
            where = session.training.status() if not self.plain else \
                _("Lessons") if session.training.kind == "lesson" else _("Puzzles")
            return " | ".join((where, *parts))
        human = session.setup.human
        if human is not None:
            parts.append(phrases.status_players(human, session.setup.level, session.opponent.name))
        if session.review is not None:
            parts.insert(0, phrases.review_word())
            if not self.plain:
                parts.insert(1, reviewing.where(session.review))
        if not self.plain and session.review is None:
            thinking = session.thinking and session.opponent_to_move()
            parts.insert(0, phrases.computer_thinking() if thinking else session.turn().text)
            clocks = session.clocks
            if clocks is not None:
                parts.append(session.announcer.clocks(clocks.times(), clocks.running, clocks.paused, brief=True))
        return " | ".join(parts)

    def tick_clock(self) -> None:
        """Once a second, on the boxed board, the running clock's new time (the screen-reader mode never
        repaints for a clock: its clocks are said, with c and the warnings; nothing changes while no clock
        runs)."""
        clocks = self.session.clocks
        if self.plain or clocks is None or clocks.running is None or self.app.screen is not self:
            return
        self.status.set_text(self.status_text())
        self.place_cursor()

    def refresh_view(self) -> None:
        """Draw the board and the status as the game stands; the cursor where it belongs."""
        if self.pit_focus[1] > self.session.viewed.variant.pits:
            self.pit_focus = (self.pit_focus[0], 1)
        self.board.show(self.board_view())
        self.status.set_text(self.status_text())
        self.footer.set_text(keys.footer_text(self.session.viewed.variant.pits, self.session.review is not None,
                                              self.session.training is not None))
        self.place_cursor()

    def board_follows(self) -> None:
        """After a message in the screen-reader mode, the board changes in a later frame: a screen
        reader then takes the message as the answer to the key (Orca reads a key's answer only when it
        ends at the cursor), and the board's digits, if read at all, come after it."""
        if self.board_timer is not None:
            self.board_timer.stop()
        self.board_timer = self.set_timer(BOARD_AFTER, self.refresh_view)

    def place_cursor(self) -> None:
        """On the boxed board, the terminal cursor goes onto the focused pit's count (in this same
        frame); in the screen-reader mode the speech area keeps it after its last character."""
        if not self.plain and self.app.screen is self and self.board.current is not None:
            self.app.cursor_position = self.board.count_spot(*self.pit_focus)

    def present(self, text: str, kind: str = "info", follow: bool = False) -> None:
        """Show ``text``: in the speech area (screen-reader mode), or on the focus line or in the log."""
        if not text:
            return
        if self.plain:
            self.speech.say(text, follow)
        elif kind == "focus":
            self.focus_line.set_text(text)
        else:
            self.panel.add(text, kind)

    def after(self, reply: Reply | None, follow: bool = False) -> None:
        """Show what a command (or the computer) did, then the board; leave when it says so."""
        training = self.session.training
        seen = (self.session.game, training, training.position if training is not None else None)
        if seen != self.game_seen:  # a new game, lesson step or puzzle: the focus goes to the player's pit 1
            self.game_seen = seen
            self.pit_focus = (self.session.my_side(), 1)
            if not self.plain:  # the focus line follows, silently (the new position is being announced)
                self.focus_line.set_text(self.session.announcer.pit(self.session.viewed, *self.pit_focus))
        self.follow_turn(reply)
        said = self.session.announcements
        new = said[self.shown:]
        self.shown = len(said)
        texts = [(text, reply.kind if reply is not None and index == len(new) - 1 else "info")
                 for index, text in enumerate(new)]
        if not new and reply is not None and reply.text:
            texts.append((reply.text, reply.kind))
        news = self.session.speech_news()
        if news is not None:
            self.shown = len(self.session.announcements)
            texts.append((news.text, "error"))
        for index, (text, kind) in enumerate(texts):
            self.present(text, kind, follow=follow or index > 0)
        if not self.plain or not texts:
            self.refresh_view()
        if reply is not None and reply.quit:
            self.app.exit(0)

    def follow_turn(self, reply: Reply | None) -> None:
        """Between two players, after a move the focus goes to the same pit of the row to move
        (silently: the move itself is being announced)."""
        session = self.session
        if reply is None or reply.kind != "move" or session.setup.human is not None or session.review:
            return
        to_move = session.viewed.to_move
        if self.pit_focus[0] is not to_move:
            self.pit_focus = (to_move, self.pit_focus[1])

    # -- the focus -----------------------------------------------------------------------------
    def move_to(self, focus: tuple[Side, int], text: str | None = None) -> None:
        """Put the focus on a pit and say what it holds (or ``text``); in the screen-reader mode the
        board shows the new focus with the message, in its frame."""
        self.pit_focus = focus
        if text is None:
            text = self.session.announcer.pit(self.session.viewed, *focus)
        if not self.plain:
            self.board.show(self.board_view())
        self.session.speaker.speak(text)
        self.present(text, "focus")
        self.place_cursor()

    def navigate(self, key: str) -> None:
        """Left, Right, Home or End along the focused row."""
        row, slot = self.board.place(*self.pit_focus)
        last = len(self.board.numbers(row)) - 1
        target = {"left": slot - 1, "right": slot + 1, "home": 0, "end": last}[key]
        if not 0 <= target <= last:  # already at the row's end: a knock there, and the pit said again
            session = self.session
            self.session.sounds.edge(*self.pit_focus, session.viewed.variant.pits, self.board_view().bottom)
        self.move_to(self.board.at(row, max(0, min(last, target))))

    def action_switch_row(self) -> None:
        """Up or Down: the pit across the board (the same column)."""
        row, slot = self.board.place(*self.pit_focus)
        self.move_to(self.board.at(1 - row, slot))

    def action_digit(self, number: int) -> None:
        """Jump to the player's pit ``number`` (between two players: the side to move's); say where its
        last stone would land, or play it."""
        session = self.session
        if number > session.viewed.variant.pits:
            self.after(session.error(session.announcer.illegal(session.viewed, number)))
            return
        focus = (session.my_side(), number)
        if session.settings.digit_plays and session.review is None and session.training is None:
            self.pit_focus = focus
            self.run_command("play")
            return
        if session.training is not None:  # a lesson's question may be where it lands: the pit only
            self.move_to(focus)
            return
        position = session.viewed
        mine = focus[0] is position.to_move and not session.opponent_to_move()
        text = session.announcer.preview(position, number) if mine and not session.game.is_over else None
        self.move_to(focus, text)

    def on_key(self, event: events.Key) -> None:
        """A printable key the board does not use: one short message and the error cue, nothing else."""
        if not event.is_printable or event.character is None or event.key in self.bound_keys:
            return
        self.after(self.session.error(phrases.unbound_key(phrases.clipped(event.character, 3))))

    @property
    def bound_keys(self) -> set[str]:
        """Every key the board answers."""
        return {binding.key for binding in self.BINDINGS if isinstance(binding, Binding)}

    def action_scroll_panel(self, direction: int) -> None:
        """Page Down shows the rest of a long message (screen-reader mode); Page Up and Page Down
        scroll the log."""
        if self.plain:
            if direction > 0 and not self.speech.more():
                self.present(phrases.nothing_more())
            return
        if direction < 0:
            self.panel.scroll_page_up(animate=False)
        else:
            self.panel.scroll_page_down(animate=False)

    # -- commands ------------------------------------------------------------------------------
    def action_command(self, name: str) -> None:
        """Run the command ``name`` of the table, through a dialog when it needs words."""
        refused = coaching.blocked(self.session, name, []) if name in keys.DIALOGS else None
        if refused is not None:  # a dialog for a game (new, open, save, resign): not over a lesson
            self.after(refused)
        elif name in keys.NAVIGATION and self.session.review is None:
            self.navigate(keys.NAVIGATION[name])
        elif name in keys.DIALOGS:
            open_dialog(self, name)
        else:
            self.run_command(name)

    def run_command(self, name: str, args: list[str] | None = None) -> None:
        """Carry out a command with the focused pit (thinking ones answer later, through the session)."""
        focus = self.pit_focus
        training = self.session.training
        if name == "play" and training is not None and training.names_a_pit:
            focus = (self.session.viewed.to_move, focus[1])  # where a stone lands: a pit of either row, by number
        elif name == "play" and focus[0] is not self.session.viewed.to_move:
            self.after(self.session.error(phrases.not_on_the_row_to_move(self.session.announcer.pit_name(*focus))))
            return
        self.after(run(self.session, name, focus, args or []))

    def session_event(self, reply: Reply) -> None:
        """Something happened without a key (the computer moved): show it after what is being said."""
        self.after(reply, follow=True)

    def back_from_dialog(self, reply: Reply | None) -> None:
        """A dialog closed: say what it did (a fresh message, the cursor back on this screen)."""
        self.after(reply)
        if reply is None:
            self.move_to(self.pit_focus)
