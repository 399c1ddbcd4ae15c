"""The board screen: the board, what was said, and the keys of the command table.

Every key runs a command of the table (``toguz_tui.commands.table``) through the session, then the
screen shows what changed. The focused pit is one index held here (``pit_focus``), never Textual's
focus, so that moving it repaints nothing but attributes.

What the screen shows comes from one snapshot of the session (``View``) a time: a key takes one when it
needs to decide (the row to move, the pit under a digit), a render takes one to draw what a command did,
and each passes it down (the last one taken is ``view``). What the session says comes through its
follower (``GameSession.follow``), by the same rule as in the line mode.

Two faces, chosen by the ``screen_reader`` setting:

- the boxed board: a status line, the board, a line saying what the focused pit holds, a log of
  the announcements; the terminal cursor sits on the focused pit's count;
- the screen-reader mode: one speech area above a plain board. Each key's message is written there
  (a blank frame, then the message with the cursor after its last character), and the board
  changes in that same frame, below it: a screen reader reads the message first (Orca reads
  nothing below the cursor at all), and nothing that follows can cut it off.

``GameScreen`` has more than 25 methods (and the module some 400 lines): Textual binds a screen's actions
(``action_*``) and handlers (``on_*``) by their names, so the keys' actions are methods of the screen itself.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.message import Message
from textual.screen import Screen
from textual.timer import Timer

from rules import Side
from speech.voices.braille import pit_at
from speech.words import first_steps, online_wording, phrases
from speech.words.i18n import _
from speech.words.vocabulary import variant_title
from toguz_tui.board.screens import keys
from toguz_tui.board.screens.opening import open_dialog
from toguz_tui.board.widgets.board import Board, BoardView, boxed_width, plain_width, score_mark
from toguz_tui.board.widgets.course_chart import CourseChart
from toguz_tui.board.widgets.panels import Announcements, FocusLine, KeyFooter, StatusLine
from toguz_tui.board.widgets.speech_area import SpeechArea
from toguz_tui.commands.online_commands import without_game
from toguz_tui.commands.table import BY_WORD, refusal, run
from toguz_tui.keyboards.board_keys import LayoutSeen, key_name, keyboard
from toguz_tui.session.facade import GameSession
from toguz_tui.session.mode import Playing, Reviewing, Training, View
from toguz_tui.session.output.announcement_stream import Reply
from toguz_tui.session.records.reviewer import where

CHART_BESIDE = 16  # columns the course's chart needs beside the board (else it goes below)
CHART_HEIGHT = 10
BOARD_AFTER = 0.1  # seconds between a message and the board's change, in the screen-reader mode


class GameScreen(Screen[None]):
    """The status line, the board, what was said, and the keys."""

    class News(Message):
        """Something was said without a key here (the computer's move, a server's, a clock's warning, a
        background result): posted from any thread, shown on the screen's."""

    AUTO_FOCUS = ""
    BINDINGS: ClassVar[list[BindingType]] = [*keys.command_bindings(), *keys.own_bindings()]

    def __init__(self, session: GameSession, on_settings: Callable[[], None]) -> None:
        super().__init__(id="game")
        self.session = session
        self.on_settings = on_settings
        self.board = Board()
        self.chart = CourseChart()
        self.status = StatusLine()
        self.focus_line = FocusLine()
        self.panel = Announcements()
        self.speech = SpeechArea(id="speech")
        self.speech.on_written = self.board_follows
        self.footer = KeyFooter("")
        self.pit_focus: tuple[Side, int] = (Side.WHITE, 1)
        self.layout_seen = LayoutSeen()  # whether the keys typed show the chosen layout in use (Kazakh's . is 7)
        self.width_state = ""  # "", "plain" or "hidden": what the terminal's width does to the board
        self.board_timer: Timer | None = None
        self.view = session.view  # the last look taken: each key that decides by it and each render takes one
        self.seen: View | None = None  # the look the last answer was shown with (a new position moves the focus)
        self.pit_chosen = True  # False after the first start's questions, until a key chooses a pit: Enter waits
        self.farewell = ""  # the goodbye, once the player has quit
        self.follower = session.follow(self.wake, self.routed)

    def compose(self) -> ComposeResult:
        """Status, the speech area (screen-reader mode), board, focus line and announcements (boxed
        board), keys."""
        yield self.status
        yield self.speech
        with Horizontal(id="board-row"):
            yield self.board
            yield self.chart
        yield self.focus_line
        yield self.panel
        yield self.footer

    @property
    def plain(self) -> bool:
        """True in the screen-reader mode (as the last look has it: settings change by a command, after which the
        screen looks again)."""
        return self.view.settings.screen_reader

    def look(self) -> View:
        """What is looked at now (the session's ``View``), taken by a key or a render and passed down; kept."""
        self.view = self.session.view
        return self.view

    def on_mount(self) -> None:
        """Show the game with the focus on the player's pit 1, and what was said so far."""
        view = self.look()
        self.pit_focus = (view.seat.mine, 1)
        self.apply_mode(view)
        self.refresh_view(view)
        self.after(None, view=view)
        self.check_width(view)
        self.call_after_refresh(self.follower.ready)  # the computer's search loads once the board is out
        self.call_after_refresh(self.wake)  # what was said while mounting, before the stream could wake it
        self.set_interval(1.0, self.tick_clock)

    def on_resize(self) -> None:
        """The board's drawing follows the terminal's width."""
        view = self.look()
        self.refresh_view(view)
        self.check_width(view)

    def apply_mode(self, view: View) -> None:
        """Show the parts of the chosen face and the keys for it."""
        plain = view.settings.screen_reader
        self.focus_line.display = not plain
        self.panel.display = not plain
        self.speech.display = plain
        self.board.display = not plain or view.settings.reader_board
        if self.is_mounted:
            self.refresh_view(view)

    # -- showing -------------------------------------------------------------------------------
    def board_view(self, view: View) -> BoardView:
        """What the board should show of ``view``."""
        position, bottom, analysis = view.position, view.seat.bottom, view.analysis
        scores = tuple((pit, score_mark(score, plies, solved)) for pit, score, plies, solved in analysis[1]) \
            if analysis is not None and analysis[0] == position else ()
        if isinstance(view.mode, Training):
            return BoardView(position, bottom, None, view.players, False, self.pit_focus,  # a new position: no marks
                             self.plain or self.narrow(view), ())
        game = view.shown
        return BoardView(position, bottom, game.last_report, view.players, game.is_over, self.pit_focus,
                         self.plain or self.narrow(view), scores)

    def narrow(self, view: View) -> bool:
        """True when the terminal is narrower than the boxed board: it is drawn plain instead."""
        return self.app.size.width < boxed_width(view.position.variant.pits)

    def check_width(self, view: View) -> None:
        """Say once, when the width changes it, that the board is drawn plain or partly hidden."""
        pits = view.position.variant.pits
        width = self.app.size.width
        state = "hidden" if width < plain_width(pits) else "plain" if self.narrow(view) and not self.plain else ""
        if state == self.width_state:
            return
        self.width_state = state
        if state == "hidden":
            self.present(_("The terminal is {columns} columns wide and the board needs {needed}: part of it is hidden. "
                           "Make the terminal wider, or use toguz --line.").format(columns=width,
                                                                                   needed=plain_width(pits)), "error")
        elif state == "plain":
            self.present(_("The terminal is {columns} columns wide: the board is drawn plain, without boxes "
                           "(the boxed board needs {needed}).").format(columns=width, needed=boxed_width(pits)))

    def status_text(self, view: View) -> str:
        """The game and the players; on the boxed board also whose turn it is (or who thinks).
        The screen-reader mode keeps it the same from move to move: turns are said, not redrawn."""
        parts = [variant_title(view.position.variant)]
        if isinstance(view.mode, Training):  # the screen-reader mode keeps it the same from step to step
            coach = view.mode.coach
            lessons = {"lesson": _("Lessons"), "mistakes": _("Mistakes")}.get(coach.kind, _("Puzzles"))
            return " | ".join((coach.status() if not self.plain else lessons, *parts))
        human = view.setup.human
        no_game = without_game(self.session)  # toguz online before any game: no computer, no turn to say
        if no_game:
            parts.append(online_wording.no_game_title())
        elif human is not None:
            parts.append(phrases.status_players(human, view.setup.level, view.opponent))
        if isinstance(view.mode, Reviewing):
            parts.insert(0, _("Review"))
            if not self.plain:
                parts.insert(1, where(view.mode.review))
        if not self.plain and isinstance(view.mode, Playing) and not no_game:
            thinking = view.thinking is not None and view.opponent_to_move
            parts.insert(0, phrases.computer_thinking() if thinking else view.turn_words())
            clock = view.clock
            if clock is not None:
                parts.append(view.announcer.clocks(clock.times(), clock.running, clock.paused, brief=True))
        return " | ".join(parts)

    def tick_clock(self) -> None:
        """Once a second, on the boxed board, the running clock's new time (the screen-reader mode never
        repaints for a clock: its clocks are said, with c and the warnings; nothing changes while no clock
        runs; the game's clock is the last look's: a new one comes with a new game, which is drawn)."""
        clock = self.view.clock
        if self.plain or clock is None or clock.running is None or self.app.screen is not self:
            return
        self.status.set_text(self.status_text(self.look()))
        self.place_cursor()

    def refresh_view(self, view: View | None = None) -> None:
        """Draw the board and the status as ``view`` has them (else as a fresh look does); the cursor where it
        belongs."""
        view = view or self.look()
        if self.pit_focus[1] > view.position.variant.pits:
            self.pit_focus = (self.pit_focus[0], 1)
        self.board.show(self.board_view(view))
        self.draw_course(view)
        self.status.set_text(self.status_text(view))
        self.footer.set_text(keys.footer_text(view.position.variant.pits, isinstance(view.mode, Reviewing),
                                              isinstance(view.mode, Training), view.settings.keyboard_layout))
        self.place_cursor()

    def draw_course(self, view: View) -> None:
        """On the boxed board, once the game looked at has been analysed, its course beside the pits (below
        them when the terminal leaves too little room beside)."""
        analysis = None if self.plain else self.session.accounts.chart()
        narrow, boxed = self.narrow(view), boxed_width(view.position.variant.pits)
        spare = self.app.size.width - boxed - 2
        self.chart.display = analysis is not None and not narrow
        if analysis is None or narrow:
            return
        beside = spare >= CHART_BESIDE
        row = self.query_one("#board-row", Horizontal)
        row.styles.layout = "horizontal" if beside else "vertical"
        width, height = (spare, CHART_HEIGHT) if beside else (boxed, 5)
        self.chart.draw(analysis, view.seat.you or Side.WHITE, width, height)

    def board_follows(self) -> None:
        """After a message in the screen-reader mode, the board changes in a later frame: a screen
        reader then takes the message as the answer to the key (Orca reads a key's answer only when it
        ends at the cursor), and the board's digits, if read at all, come after it."""
        if self.board_timer is not None:
            self.board_timer.stop()

        def due() -> None:
            self.board_timer = None  # None again once the board has changed
            self.refresh_view()

        self.board_timer = self.set_timer(BOARD_AFTER, due)

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

    def after(self, reply: Reply | None, follow: bool = False, view: View | None = None) -> None:
        """Show what a command (or the computer) did, then the board; leave when it says so. ``view``: the key's
        own look, when the key ran no command (the screen refused it), else a fresh one."""
        view = view or self.look()
        if view.anew(self.seen):  # a new game, lesson step or puzzle: the focus goes to the player's pit 1
            self.pit_focus = (view.seat.mine, 1)
            if not self.plain:  # the focus line follows, silently (the new position is being announced)
                self.focus_line.set_text(view.announcer.pit(view.position, *self.pit_focus))
        self.seen = view
        shown = self.follower.news(reply)  # what was said since, then the reply if it was not said
        self.follow_turn(view, shown[-1] if shown else reply)
        for index, said in enumerate(shown):
            self.present(said.text, said.kind, follow=follow or index > 0)
        if not self.plain or not shown:
            self.refresh_view(view)
        if reply is not None and reply.quit:
            self.farewell = reply.text
            self.app.exit(0)

    def follow_turn(self, view: View, reply: Reply | None) -> None:
        """Between two players, after a move the focus goes to the same pit of the row to move
        (silently: the move itself is being announced)."""
        if reply is None or reply.kind != "move" or view.setup.human is not None or isinstance(view.mode, Reviewing):
            return
        to_move = view.position.to_move
        if self.pit_focus[0] is not to_move:
            self.pit_focus = (to_move, self.pit_focus[1])

    # -- the focus -----------------------------------------------------------------------------
    def move_to(self, focus: tuple[Side, int], text: str | None = None, view: View | None = None) -> None:
        """Put the focus on a pit and say what it holds (or ``text``); in the screen-reader mode the
        board shows the new focus with the message, in its frame. ``view``: the key's look, else a fresh one."""
        view = view or self.look()
        self.pit_focus, self.pit_chosen = focus, True
        if text is None:
            text = view.announcer.pit(view.position, *focus)
        if not self.plain:
            self.board.show(self.board_view(view))
        self.session.output.utter(text)
        self.present(text, "focus")
        self.place_cursor()

    def routed(self, window: str, cell: int) -> None:
        """A braille display's routing key over ``cell`` of ``window``: a pit named there gets the focus
        (on the focused row). Called from the display's thread."""
        with contextlib.suppress(RuntimeError):  # the app is closing
            self.app.call_from_thread(self.route_to, window, cell)

    def route_to(self, window: str, cell: int) -> None:
        """Focus the pit named under ``cell`` of ``window``, if one is."""
        view = self.look()
        pit = pit_at(window, cell, view.position.variant.pits)
        if pit is not None:
            self.move_to((self.pit_focus[0], pit), view=view)

    def navigate(self, key: str, view: View) -> None:
        """Left, Right, Home or End along the focused row."""
        row, slot = self.board.place(*self.pit_focus)
        last = len(self.board.numbers(row)) - 1
        target = {"left": slot - 1, "right": slot + 1, "home": 0, "end": last}[key]
        if not 0 <= target <= last:  # already at the row's end: a knock there, and the pit said again
            self.session.output.sounds.edge(*self.pit_focus, view.position.variant.pits, view.seat.bottom)
        self.move_to(self.board.at(row, max(0, min(last, target))), view=view)

    def action_switch_row(self) -> None:
        """Up or Down: the pit across the board (the same column)."""
        row, slot = self.board.place(*self.pit_focus)
        self.move_to(self.board.at(1 - row, slot))

    def action_digit(self, number: int) -> None:
        """Jump to the player's pit ``number`` (between two players: the side to move's); say where its
        last stone would land, or play it."""
        view = self.look()
        position = view.position
        if number > position.variant.pits:
            self.after(self.session.output.error(view.announcer.illegal(position, number)), view=view)
            return
        focus = (view.seat.mine, number)
        if view.settings.digit_plays and isinstance(view.mode, Playing):
            self.pit_focus, self.pit_chosen = focus, True
            self.run_command("play", view=view)
            return
        if isinstance(view.mode, Training):  # a lesson's question may be where it lands: the pit only
            self.move_to(focus, view=view)
            return
        mine = focus[0] is position.to_move and not view.opponent_to_move
        text = view.announcer.preview(position, number) if mine and not view.game.is_over else None
        self.move_to(focus, text, view)

    async def on_key(self, event: events.Key) -> None:
        """A key typed in another keyboard layout acts as the Latin key at its place (``и`` is ``b`` on
        a Russian keyboard, ``.`` is 7 on a Kazakh one once a Kazakh letter shows that layout in use), before
        the bindings see it; a printable key the board does not use: one short message and the error cue,
        nothing else."""
        board = keyboard(self.view.settings.keyboard_layout)  # the last look's: changed by a command, then looked at
        self.layout_seen.saw(event.character, board)
        latin = board.latin(event.character, self.layout_seen.in_use)
        action = self.bound_actions.get(key_name(latin)) if latin is not None else None
        if action is not None:
            event.stop()
            event.prevent_default()
            await self.run_action(action)
            return
        if not event.is_printable or event.character is None or event.key in self.bound_keys:
            return
        self.after(self.session.output.error(_("The key {key} does nothing here; press h for the keys.").format(
            key=phrases.clipped(event.character, 3))))

    @property
    def bound_keys(self) -> set[str]:
        """Every key the board answers."""
        return {binding.key for binding in self.BINDINGS if isinstance(binding, Binding)}

    @property
    def bound_actions(self) -> dict[str, str]:
        """Each key the board answers, and its action."""
        return {binding.key: binding.action for binding in self.BINDINGS if isinstance(binding, Binding)}

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
        command = BY_WORD[name]
        refused = refusal(self.session, command, []) if command.dialog else None
        if refused is not None:  # a dialog for a game (new, open, save, resign): not over a lesson
            self.after(refused)
        elif command.navigation and not isinstance((view := self.look()).mode, Reviewing):
            self.navigate(command.navigation, view)
        elif command.dialog:
            open_dialog(self, name)
        else:
            self.run_command(name)

    def run_command(self, name: str, args: list[str] | None = None, view: View | None = None) -> None:
        """Carry out a command with the focused pit (thinking ones answer later, through the session); ``play``
        looks first (``view``: the key's look), for the board's one rule: the focused pit on the row to move."""
        focus = self.pit_focus
        if name == "play":
            view = view or self.look()
            if isinstance(view.mode, Training) and view.mode.coach.names_a_pit:
                focus = (view.position.to_move, focus[1])  # where a stone lands: a pit of either row, by number
            elif not self.pit_chosen and isinstance(view.mode, Playing):  # an Enter typed for a first-start question
                self.after(self.session.output.error(first_steps.pit_not_chosen(view.position.variant.pits)), view=view)
                return
            elif focus[0] is not view.position.to_move:
                announcer = view.announcer
                self.after(self.session.output.error(phrases.not_on_the_row_to_move(announcer.pit_name(*focus))),
                           view=view)
                return
        self.after(run(self.session, name, focus, args or []))

    def wake(self) -> None:
        """Called from any thread after each announcement: a message for the screen's own thread (before
        the screen is mounted, nothing: mounting shows what was said, and looks again once it is done)."""
        if self.is_mounted:
            with contextlib.suppress(RuntimeError):  # the app is closing
                self.post_message(self.News())

    def on_game_screen_news(self, message: News) -> None:
        """Something was said without a key (the computer moved): shown after what is being said (and
        nothing at all when a key's answer has shown it already)."""
        if self.follower.waiting:
            self.after(None, follow=True)

    def back_from_dialog(self, reply: Reply | None) -> None:
        """A dialog closed: say what it did (a fresh message, the cursor back on this screen)."""
        self.after(reply)
        if reply is None:
            self.move_to(self.pit_focus, view=self.view)  # the look that showed it
