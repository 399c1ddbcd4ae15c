"""The dialogs that stand in for a command's words on the board, and what happens when they close.

Each dialog closes with Escape, ``q``, Backspace or the key that opened it; what it did is said
on the board screen afterwards as a fresh message, with the cursor back there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol

from textual.app import App

from rules import Side
from speech.user_path import UnknownUser, user_path
from speech.words import phrases
from speech.words.i18n import _, p_
from toguz_tui.board.screens import keys
from toguz_tui.board.screens.dialogs import CLOSING, ChoiceDialog, ConfirmDialog, FormDialog, HelpScreen, Speak
from toguz_tui.board.screens.forms import (
    changed_settings,
    command_dialog,
    game_dialog,
    goto_args,
    goto_dialog,
    new_game_args,
    new_game_dialog,
    open_dialog_form,
    open_path_chosen,
    save_args,
    save_dialog,
    settings_dialog,
)
from toguz_tui.commands.table import BY_WORD, run, run_line
from toguz_tui.files import storage
from toguz_tui.keyboards.board_keys import keyboard
from toguz_tui.session.facade import GameSession
from toguz_tui.session.mode import Reviewing, View
from toguz_tui.session.output.announcement_stream import Reply
from toguz_tui.session.records.leaving import Leaving
from toguz_tui.session.records.record_files import BIG_FILE, game_label


class DialogHost(Protocol):
    """The screen a dialog opens over (the game screen): where it runs commands and says what they did."""

    session: GameSession
    pit_focus: tuple[Side, int]
    on_settings: Callable[[], None]  # the settings changed: the look follows

    @property
    def plain(self) -> bool:
        """Whether the screen-reader mode is on."""
        ...

    @property
    def app(self) -> App[Any]:
        """The application, which shows the dialogs."""
        ...

    def look(self) -> View:
        """What is looked at now (one look for the key that opens the dialog)."""
        ...

    def run_command(self, name: str, args: list[str] | None = None) -> None:
        """Carry out a command of the table with the focused pit."""
        ...

    def back_from_dialog(self, reply: Reply | None) -> None:
        """A dialog closed: say what it did."""
        ...


def opening_keys(name: str) -> tuple[str, ...]:
    """The keys of command ``name``, which also close the dialog it opened."""
    return BY_WORD[name].keys


@dataclass(frozen=True, slots=True)
class Opening:
    """What a dialog opens with: the screen it opens over, the look of the key that opened it, the voice it
    speaks with, whether the screen-reader mode is on, and the keys that close it (its command's own)."""

    screen: DialogHost
    view: View
    speak: Speak
    plain: bool
    closers: tuple[str, ...]


def open_dialog(screen: DialogHost, name: str) -> None:
    """Open the dialog standing in for command ``name``'s words (a command the table marks ``dialog``). The table
    of openers is this function's own: a list of commands at a module's top would be a second way into them."""
    openers: dict[str, Callable[[Opening], None]] = {
        "help": open_help, "quit": confirm_quit, "resign": confirm_resign, "new": open_new_game, "save": open_save,
        "open": open_record, "goto": open_goto, "settings": open_settings, "command": open_command_line,
    }
    speak = screen.session.output.voice.speaker.speak
    openers[name](Opening(screen, screen.look(), speak, screen.plain, opening_keys(name)))


def open_help(opening: Opening) -> None:
    """The keys' help, which closes with the keys as the keyboard's layout types them too."""
    screen = opening.screen
    layout = opening.view.settings.keyboard_layout
    closers = (*opening.closers, *keyboard(layout).typed_keys((*opening.closers, *CLOSING)))
    screen.app.push_screen(HelpScreen(keys.key_help_lines(layout), opening.speak, plain=opening.plain,
                                      close_keys=closers), lambda _: screen.back_from_dialog(None))


def confirm_quit(opening: Opening) -> None:
    """Whether to quit, saying what quitting does to the game."""
    confirm(opening.screen, _("Quit toguz"), quit_question(opening.view.leaving), "quit", _("Quit"), _("Stay"))


def confirm_resign(opening: Opening) -> None:
    """Whether to resign; a reflexive Enter plays on."""
    confirm(opening.screen, _("Resign"), _("Give up this game?"), "resign", p_("answer", "Resign"), _("Play on"),
            selected=1)


def open_new_game(opening: Opening) -> None:
    """The new game's form, the setup of this one (with the clock of the next) first."""
    view, session = opening.view, opening.screen.session
    form(opening.screen, new_game_dialog(replace(view.setup, clock=view.next_clock), opening.speak, opening.plain,
                                         opening.closers),
         lambda values: run(session, "new", None, new_game_args(values)))


def open_save(opening: Opening) -> None:
    """The form of the file to save to."""
    screen = opening.screen
    form(screen, save_dialog(opening.speak, opening.plain, opening.closers),
         lambda values: save_asking(screen, save_args(values)))


def open_record(opening: Opening) -> None:
    """The form of the record to open, the ones opened lately offered."""
    screen = opening.screen
    form(screen, open_dialog_form(opening.speak, storage.recent_records(), opening.plain, opening.closers),
         lambda values: open_chosen(screen, open_path_chosen(values)))


def open_goto(opening: Opening) -> None:
    """The form of the move to go to in a review; outside one, the command says why not."""
    screen, mode = opening.screen, opening.view.mode
    if not isinstance(mode, Reviewing):
        screen.run_command("goto")
        return
    form(screen, goto_dialog(opening.speak, mode.review.total, opening.plain, opening.closers),
         lambda values: run(screen.session, "goto", None, goto_args(values)))


def open_settings(opening: Opening) -> None:
    """The settings' form, each setting as the look has it."""
    screen, view = opening.screen, opening.view
    form(screen, settings_dialog(view.settings, screen.session.output.voice.speaker.voices(), opening.speak,
                                 opening.plain, opening.closers),
         lambda values: apply_settings(screen, view, values))


def open_command_line(opening: Opening) -> None:
    """A line to type, run as the line mode runs it."""
    screen = opening.screen
    session = screen.session
    form(screen, command_dialog(opening.speak, opening.plain, opening.closers),
         lambda values: run_line(session, values.get("line", ""), screen.pit_focus) or
         session.output.error(phrases.usage_error("command", _("type a command, such as say thanks or seek 15+10"))))


def quit_question(leaving: Leaving) -> str:
    """What quitting will do to the game, asked before (the session's answer, ``Leaving``, that ``quit`` reads too)."""
    match leaving.state:
        case "online":
            return _("Your game goes on at PlayStrategy and its clock runs; toguz online takes it up again. Quit "
                     "anyway?")
        case "unkept":
            return _("This finished game was not kept. Quit anyway?")
        case "unsaved":  # the game in progress, as it stands, is not kept on disk
            return phrases.quit_not_saved_question(leaving.why_not)
    return phrases.quit_question(leaving.state == "saved")


def confirm(screen: DialogHost, title: str, question: str, command: str, yes: str, no: str,
            selected: int = 0) -> None:
    """Ask, then run ``command`` on yes."""
    session = screen.session

    def answered(yes_pressed: bool | None) -> None:
        if not yes_pressed:
            screen.back_from_dialog(session.output.answer(phrases.cancelled(title)))
            return
        reply = run(session, command, args=["now"] if command == "resign" else [])  # the dialog asked
        if command == "quit" and not reply.quit:
            reply = run(session, command)  # the dialog already asked
        screen.back_from_dialog(reply)

    screen.app.push_screen(ConfirmDialog(title, question, session.output.voice.speaker.speak, yes, no,
                                         plain=screen.plain, close_keys=opening_keys(command), selected=selected),
                           answered)


def form(screen: DialogHost, dialog: FormDialog, done: Callable[[dict[str, str]], Reply | None]) -> None:
    """Show a form; with its values, ``done`` runs."""
    def closed(values: dict[str, str] | None) -> None:
        if values is None:
            screen.back_from_dialog(screen.session.output.answer(phrases.cancelled(dialog.title_text)))
            return
        screen.back_from_dialog(done(values))

    screen.app.push_screen(dialog, closed)


def open_chosen(screen: DialogHost, chosen: str) -> Reply | None:
    """Open the file chosen; a collection of several games (small enough to list at once) asks which."""
    session = screen.session
    if not chosen:
        return session.output.error(phrases.usage_error("open",
                                                        _("choose a record opened lately, or type a file name")))
    try:
        path = user_path(chosen)
    except UnknownUser:
        return run(session, "open", None, [chosen])  # which says why
    big = path.is_file() and path.stat().st_size > BIG_FILE
    entries = [] if big else session.record_files.game_list(path)
    if isinstance(entries, str) or len(entries) <= 1:
        return run(session, "open", None, [chosen])
    labels = [game_label(entry) for entry in entries]

    def picked(values: dict[str, str]) -> Reply | None:
        return run(session, "open", None, [chosen, values["game"]])

    speak = session.output.voice.speaker.speak
    form(screen, game_dialog(speak, path.name, labels, screen.plain, opening_keys("open")), picked)
    return None


def save_asking(screen: DialogHost, args: list[str]) -> Reply | None:
    """Save; when the file exists, ask whether to add the game to it or replace it (nothing is
    written without a yes)."""
    session = screen.session
    reply = run(session, "save", None, args)
    if reply.kind != "exists":
        return reply
    add, replace, cancel = _("Add to it"), _("Replace it"), phrases.cancel_word()
    name = Path(args[0]).name

    def answered(answer: str | None) -> None:
        if answer in (add, replace):
            screen.back_from_dialog(run(session, "save", None, [*args, "append" if answer == add else "replace"]))
        else:
            screen.back_from_dialog(session.output.answer(
                _("Nothing was written; {name} is as it was.").format(name=name)))

    question = _("{name} already exists. Add this game to it, or replace it?").format(name=name)
    screen.app.push_screen(ChoiceDialog(_("The file exists"), question, session.output.voice.speaker.speak,
                                        [add, replace, cancel], plain=screen.plain, close_keys=opening_keys("save")),
                           answered)
    return None


def apply_settings(screen: DialogHost, view: View, values: dict[str, str]) -> Reply | None:
    """Change each setting the dialog (opened with ``view``) changed, then let the app apply the look."""
    session = screen.session
    reply: Reply | None = None
    changes = changed_settings(view.settings, values)
    for name, value in changes:
        reply = run(session, "settings", None, [name, value])
    screen.on_settings()
    return reply if changes else session.output.answer(_("Settings unchanged."))
