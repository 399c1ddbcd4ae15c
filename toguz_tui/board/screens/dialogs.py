"""Keyboard-only dialogs that speak, for sight and for screen readers.

Every dialog covers whole lines at the bottom of the screen (so the text behind it never shares a
line with its question) and closes with Escape or a letter alternative (``q``, Backspace, or the key
that opened it), because screen readers take Escape and the function keys for themselves.

- ``ConfirmDialog``: a question answered with ``y`` or ``n`` (or Left and Right, then Enter).
- ``FormDialog``: choices (``Choice``) and text fields (``TextField``); Enter gives their values.
- ``HelpScreen``: every key and command, one line at a time.

In the screen-reader mode a dialog shows its title and one speech area: its question, then the
focused choice, is written there with the cursor after the last character (see ``SpeechArea``);
a form asks one question at a time. On the boxed board the dialog shows all its controls and
the cursor sits on the focused one.

Its size (past 400 lines): every dialog shares the docked layout, the spoken first line and the closing
keys of ``SpeakingScreen``; they are read together.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Input, Label, OptionList

from speech.words import phrases
from speech.words.i18n import _
from toguz_tui.board.widgets.choice import Choice, PlainButton
from toguz_tui.board.widgets.speech_area import SpeechArea
from toguz_tui.commands.lexicon import typed_answer

Speak = Callable[[str], None]
CLOSING = ("escape", "q", "backspace")
CHOICE_STEPS = {"left": -1, "right": 1, "space": 1, "pageup": -10, "pagedown": 10}  # keys that change a choice
OPENING_WAIT = 0.15  # seconds: a dialog's first words wait until the screen it covers is drawn


def describe(widget: Widget) -> str:
    """What a control is and holds, in words."""
    if isinstance(widget, Choice | PlainButton):
        return widget.spoken
    if isinstance(widget, TextField):
        return phrases.text_field(widget.label, widget.value)
    return ""


class TextField(Input):
    """A text field that does not blink; Backspace in an empty field closes its dialog."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("backspace", "backspace_or_close", show=False)]

    class Close(Message):
        """Backspace in an empty field."""

    def __init__(self, label: str, name: str, value: str = "", placeholder: str = "") -> None:
        super().__init__(value=value, placeholder=placeholder, name=name, select_on_focus=False)
        self.label = label
        self.cursor_blink = False

    def action_backspace_or_close(self) -> None:
        """Delete to the left, or close the dialog when there is nothing to delete."""
        if self.value:
            self.action_delete_left()
        else:
            self.post_message(self.Close())


def text_field(label: str, name: str, value: str = "", placeholder: str = "") -> TextField:
    """A text field for a form: ``label`` says what it asks, ``name`` keys its value."""
    return TextField(label, name, value, placeholder)


class SpeakingScreen(ModalScreen[Any]):
    """A modal screen that says what it is, and closes with Escape or a letter alternative."""

    AUTO_FOCUS = ""
    dialog_classes = "dialog"

    def __init__(self, title: str, speak: Speak, plain: bool = False, close_keys: Iterable[str] = ()) -> None:
        super().__init__()
        self.title_text = title
        self.speak = speak
        self.plain = plain
        self.close_keys = {*CLOSING, *close_keys}
        self.speech = SpeechArea(id="dialog-speech")
        self.opened = False

    def compose(self) -> ComposeResult:
        """The title, the dialog's own parts, and the speech area."""
        with Vertical(classes=self.dialog_classes + (" plain" if self.plain else "")):
            yield Label(self.title_text, classes="dialog-title")
            yield from self.body()
            yield self.speech

    def body(self) -> ComposeResult:
        """The dialog's own parts (none here)."""
        yield from ()

    def on_mount(self) -> None:
        """Only the parts of this face are shown: in the screen-reader mode the title is said in
        the speech area, not drawn above it (text that is drawn is read)."""
        self.speech.display = self.plain
        self.query_one(".dialog-title").display = not self.plain

    def say(self, text: str) -> None:
        """Speak ``text`` and, in the screen-reader mode, write it in the speech area (the first
        words a little later, once the dialog is on the screen whole)."""
        self.speak(text)
        if self.plain:
            self.speech.say(text, wait=None if self.opened else OPENING_WAIT)
            self.opened = True

    def place_cursor(self, widget: Widget | None) -> None:
        """On the boxed board the terminal cursor goes onto the focused control, in this frame."""
        if self.plain or widget is None or self.app.screen is not self:
            return
        if isinstance(widget, Input):
            self.app.cursor_position = widget.cursor_screen_offset
        elif isinstance(widget, Choice | PlainButton):
            self.app.cursor_position = widget.cursor_offset()

    def closing_key(self, event: events.Key) -> bool:
        """Whether ``event`` closes the dialog (a text field keeps its letters and Backspace)."""
        if event.key not in self.close_keys and not ("q" in self.close_keys and typed_answer(event.character) == "q"):
            return False
        return not (isinstance(self.focused, Input) and (event.is_printable or event.key == "backspace"))

    def on_key(self, event: events.Key) -> None:
        """Escape or a letter alternative closes the dialog."""
        if self.closing_key(event):
            event.stop()
            event.prevent_default()
            self.action_cancel()

    @on(TextField.Close)
    def field_closed(self) -> None:
        """Backspace in an empty field."""
        self.action_cancel()

    def action_cancel(self) -> None:
        """Close without doing anything."""
        self.dismiss(None)


class AnswersDialog(SpeakingScreen):
    """A question and its answers in a row of buttons, one of them selected (the confirming and the choosing
    dialogs' common part)."""

    def __init__(self, title: str, message: str, speak: Speak, answers: Sequence[str], buttons: Sequence[PlainButton],
                 *, plain: bool, close_keys: Iterable[str], selected: int = 0) -> None:
        super().__init__(title, speak, plain, close_keys)
        self.message = message
        self.answers = tuple(answers)
        self.buttons = tuple(buttons)
        self.selected = selected

    def body(self) -> ComposeResult:
        """The question and the answers."""
        yield Label(self.message, classes="dialog-message")
        with Horizontal(classes="buttons"):
            yield from self.buttons

    def show_answers(self) -> PlainButton:
        """Draw the question and the answers on the boxed board (not in the screen-reader mode), the selected
        answer focused there; its button."""
        for part in self.query(".dialog-message, .buttons"):
            part.display = not self.plain
        button = self.buttons[self.selected]
        if not self.plain:
            self.set_focus(button)
        return button

    def select(self, index: int) -> None:
        """Mark answer ``index`` and say so."""
        self.selected = index
        button = self.buttons[index]
        if not self.plain:
            self.set_focus(button)
            self.place_cursor(button)
        self.say(phrases.answer_selected(self.answers[index]))

    def typed(self, event: events.Key) -> object | None:
        """What the key typed answers (None: no answer)."""
        return None

    def result(self, index: int) -> object:
        """What the dialog gives for answer ``index``."""
        return self.answers[index]

    def on_key(self, event: events.Key) -> None:
        """An answer's key answers; Left, Right, Up, Down and Tab choose; Enter and Space give the chosen one."""
        key = event.key
        given = self.typed(event)
        if given is None and key in ("enter", "space"):
            given = self.result(self.selected)
        if given is not None:
            event.stop()
            event.prevent_default()
            self.dismiss(given)
        elif key in ("left", "right", "up", "down", "tab", "shift+tab"):
            event.stop()
            event.prevent_default()
            step = -1 if key in ("left", "up", "shift+tab") else 1
            self.select((self.selected + step) % len(self.answers))
        else:
            super().on_key(event)


class ConfirmDialog(AnswersDialog):
    """A question with two answers; returns ``True`` for the first. ``cancelled`` is what closing
    it without an answer means (``False``: the safe "no"; ``True`` where the first is the safe one)."""

    def __init__(self, title: str, message: str, speak: Speak, yes: str = "", no: str = "", *,
                 plain: bool = False, close_keys: Iterable[str] = (), cancelled: bool = False,
                 selected: int = 0) -> None:
        yes, no = yes or _("Yes"), no or _("No")
        super().__init__(title, message, speak, (yes, no), (PlainButton(yes, id="yes"), PlainButton(no, id="no")),
                         plain=plain, close_keys=close_keys, selected=selected)
        self.cancelled = cancelled

    def on_mount(self) -> None:
        """Say the question, how to answer, and which answer is selected."""
        super().on_mount()
        button = self.show_answers()
        yes, no = self.answers
        self.say(phrases.confirm_question(self.title_text, self.message, yes, no, self.answers[self.selected]))
        self.place_cursor(button)

    def typed(self, event: events.Key) -> bool | None:
        """y and n (as the keyboard's layout types them too) answer."""
        return {"y": True, "n": False}.get(typed_answer(event.character) or event.key)

    def result(self, index: int) -> bool:
        """True for the first answer."""
        return index == 0

    @on(PlainButton.Pressed)
    def pressed(self, event: PlainButton.Pressed) -> None:
        """A button pressed (Enter or Space on it)."""
        self.dismiss(event.button.id == "yes")

    def action_cancel(self) -> None:
        """Closing without an answer."""
        self.dismiss(self.cancelled)


class ChoiceDialog(AnswersDialog):
    """A question with a few answers, each chosen by its first letter (or Left and Right, then Enter);
    returns the answer chosen, or None when closed without one."""

    def __init__(self, title: str, message: str, speak: Speak, answers: Sequence[str], *, plain: bool = False,
                 close_keys: Iterable[str] = ()) -> None:
        super().__init__(title, message, speak, answers,
                         [PlainButton(answer, id=f"answer-{index}") for index, answer in enumerate(answers)],
                         plain=plain, close_keys=close_keys)
        self.letters: dict[str, str] = {}  # each answer's first letter (the first answer keeps a shared one)
        for answer in reversed(self.answers):
            self.letters[answer[0].lower()] = answer

    def on_mount(self) -> None:
        """Say the question, the answers with their letters, and which is selected."""
        super().on_mount()
        button = self.show_answers()
        self.say(phrases.choice_question(self.title_text, self.message, self.answers))
        self.place_cursor(button)

    def typed(self, event: events.Key) -> str | None:
        """An answer's first letter answers (a key that closes the dialog does not)."""
        return self.letters.get(event.key) if event.key not in self.close_keys else None

    @on(PlainButton.Pressed)
    def pressed(self, event: PlainButton.Pressed) -> None:
        """A button pressed (Enter or Space on it)."""
        self.dismiss(str(event.button.label))


class FormDialog(SpeakingScreen):
    """A title, a few choices and text fields, and OK / Cancel; returns ``{name: value}``.

    In the screen-reader mode one question is shown at a time: Up and Down (or Tab) go between
    them, Left and Right change a choice, Enter gives the answers.
    """

    def __init__(self, title: str, speak: Speak, fields: Sequence[Widget], ok: str = "", *,
                 plain: bool = False, close_keys: Iterable[str] = (),
                 relevant: Callable[[Widget, dict[str, str]], bool] | None = None) -> None:
        super().__init__(title, speak, plain, close_keys)
        self.fields = list(fields)
        self.ok = ok or _("OK")
        self.current = 0
        self.relevant = relevant or (lambda field, values: True)  # a question that does not apply is left out
        self.described: Widget | None = None  # the control last said, on the boxed board

    def body(self) -> ComposeResult:
        """The fields and the buttons."""
        yield from self.fields
        with Horizontal(classes="buttons"):
            yield PlainButton(self.ok, id="ok")
            yield PlainButton(phrases.cancel_word(), id="cancel")

    def on_mount(self) -> None:
        """Show the first question (screen-reader mode) or every control, and say the title."""
        super().on_mount()
        self.query_one(".buttons").display = not self.plain
        if self.plain:
            self.show_field(0, opening=True)
            return
        values = self.values()
        for field in self.fields:
            field.display = self.relevant(field, values)
        first = self.fields[0] if self.fields else self.query_one("#ok")
        self.described = first
        self.set_focus(first)
        self.say(f"{self.title_text}. {describe(first)}")
        self.place_cursor(first)

    # -- one question at a time (screen-reader mode) -------------------------------------------
    def asked(self) -> list[Widget]:
        """The fields that apply, given the answers so far."""
        values = self.values()
        return [field for field in self.fields if self.relevant(field, values)]

    def show_field(self, index: int, opening: bool = False) -> None:
        """Make field ``index`` (of those that apply) the current question: only a text field is drawn,
        to type in."""
        fields = self.asked()
        self.current = index % len(fields)
        field = fields[self.current]
        for other in self.fields:
            other.display = other is field and isinstance(field, Input)
        if isinstance(field, Input):
            self.set_focus(field)
        else:
            self.set_focus(None)
        text = describe(field)
        if opening:
            typed = any(isinstance(each, Input) for each in fields)
            text = phrases.form_opening(self.title_text, len(fields), self.ok, text, typed)
        self.say(text)

    def on_key(self, event: events.Key) -> None:
        """Keys of the one-question form; on the boxed board Up and Down move between controls."""
        if self.closing_key(event):
            super().on_key(event)
            return
        key = event.key
        if not self.plain:
            if key in ("up", "down") and not isinstance(self.focused, OptionList):
                event.stop()
                self.focus_next() if key == "down" else self.focus_previous()
            return
        field = self.asked()[self.current]
        handled = True
        if key in ("down", "tab"):
            self.show_field(self.current + 1)
        elif key in ("up", "shift+tab"):
            self.show_field(self.current - 1)
        elif key == "enter":
            self.dismiss(self.values())
        elif isinstance(field, Choice) and key in (*CHOICE_STEPS, "home", "end"):
            if key == "home":
                field.action_first()
            elif key == "end":
                field.action_last()
            else:
                field.action_step(CHOICE_STEPS[key])
        else:
            handled = False
        if handled:
            event.stop()
            event.prevent_default()

    # -- values and events ---------------------------------------------------------------------
    def values(self) -> dict[str, str]:
        """Every field's value by name."""
        found: dict[str, str] = {}
        for widget in self.fields:
            if isinstance(widget, Choice | Input) and widget.name:
                found[widget.name] = widget.value
        return found

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """On the boxed board, say the control reached and put the cursor on it."""
        if self.plain:
            return
        if event.widget is not self.described:
            self.described = event.widget
            self.say(describe(event.widget))
        self.place_cursor(event.widget)

    def key_enter(self, event: events.Key) -> None:
        """Enter on a choice submits the form (buttons and fields handle their own Enter)."""
        if isinstance(self.focused, Choice):
            event.stop()
            self.dismiss(self.values())

    @on(Input.Submitted)
    def submitted(self) -> None:
        """Enter in a text field submits the form."""
        self.dismiss(self.values())

    @on(Choice.Changed)
    def changed(self, message: Choice.Changed) -> None:
        """Say the new value; on the boxed board, show only the fields that now apply."""
        self.say(message.choice.spoken)
        if not self.plain:
            values = self.values()
            for field in self.fields:
                field.display = self.relevant(field, values)

    @on(PlainButton.Pressed)
    def pressed(self, event: PlainButton.Pressed) -> None:
        """OK returns the values, Cancel nothing."""
        self.dismiss(self.values() if event.button.id == "ok" else None)


class HelpScreen(SpeakingScreen):
    """Every key and command, one line at a time: Up and Down read them; q, Escape or h closes."""

    dialog_classes = "dialog help"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "step(-1)", show=False), Binding("down", "step(1)", show=False),
        Binding("pageup", "step(-10)", show=False), Binding("pagedown", "step(10)", show=False),
        Binding("home", "step(-10000)", show=False), Binding("end", "step(10000)", show=False),
    ]

    def __init__(self, lines: Sequence[str], speak: Speak, *, plain: bool = False,
                 close_keys: Iterable[str] = ()) -> None:
        super().__init__(_("Help: Up and Down read the keys one by one; q, h or Escape closes."), speak, plain,
                         close_keys)
        self.lines = list(lines)
        self.index = 0
        self.listing = OptionList(*self.lines, id="help-list")
        self.listing.can_focus = False

    def body(self) -> ComposeResult:
        """The list of keys (on the boxed board)."""
        yield self.listing

    def on_mount(self) -> None:
        """Say the title and the first line."""
        super().on_mount()
        self.listing.display = not self.plain
        self.listing.highlighted = 0
        self.say(f"{self.title_text} {self.line_text()}")
        self.place_listing_cursor()

    def line_text(self) -> str:
        """The current line, with where it stands in the screen-reader mode."""
        line = self.lines[self.index]
        return _("{number} of {total}: {line}").format(
            number=self.index + 1, total=len(self.lines), line=line) if self.plain else line

    def action_step(self, step: int) -> None:
        """Move through the lines and say the one reached."""
        self.index = max(0, min(len(self.lines) - 1, self.index + step))
        self.listing.highlighted = self.index
        self.say(self.line_text())
        self.place_listing_cursor()

    def place_listing_cursor(self) -> None:
        """On the boxed board, the cursor on the highlighted line."""
        if self.plain or self.app.screen is not self:
            return
        from textual.geometry import Offset

        region = self.listing.content_region
        row = self.index - round(self.listing.scroll_y)
        self.app.cursor_position = Offset(region.x, region.y + max(0, min(region.height - 1, row)))
