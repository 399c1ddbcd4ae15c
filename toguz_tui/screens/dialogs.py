"""Keyboard-only dialogs: each speaks its title and the focused control, and Escape closes it.

``FormDialog`` holds choices (``Choice``) and text fields (``Input``) and returns their values by
name; ``ConfirmDialog`` returns ``True`` or ``False``; ``HelpScreen`` lists the keys line by line.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.geometry import Offset
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, OptionList

from toguz_tui.widgets.choice import Choice

Speak = Callable[[str], None]


def describe(widget: Widget) -> str:
    """What a control is and holds, in words."""
    if isinstance(widget, Choice):
        return widget.spoken
    if isinstance(widget, Button):
        return f"{widget.label}, button."
    if isinstance(widget, Input):
        return f"{widget.name or 'text'}: {widget.value or 'empty'}, text field."
    if isinstance(widget, OptionList):
        index = widget.highlighted
        if index is None:
            return ""
        prompt = widget.get_option_at_index(index).prompt
        return f"{prompt}"
    return ""


def cursor_spot(widget: Widget) -> Offset:
    """Where the terminal cursor belongs on a control."""
    if isinstance(widget, Input):
        return widget.cursor_screen_offset
    if isinstance(widget, Choice):
        return widget.cursor_offset()
    if isinstance(widget, OptionList):
        index = widget.highlighted or 0
        region = widget.content_region
        return Offset(region.x, region.y + max(0, min(region.height - 1, index - round(widget.scroll_y))))
    return widget.content_region.offset


class SpeakingScreen(ModalScreen[Any]):
    """A modal screen that says its title and every control focused, and keeps the cursor on it."""

    AUTO_FOCUS = ""
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Close", show=False)]

    def __init__(self, title: str, speak: Speak) -> None:
        super().__init__()
        self.title_text = title
        self.speak = speak
        self.said_title = False
        self.described: Widget | None = None  # the control last spoken

    def on_mount(self) -> None:
        """Say the title with the control that has the focus (Textual runs this after a subclass's
        own ``on_mount``, which focuses the first control)."""
        self.call_after_refresh(self._announce_title)

    def _announce_title(self) -> None:
        focused = self.focused
        extra = describe(focused) if focused is not None else ""
        self.said_title = True
        self.described = focused
        self.speak(f"{self.title_text}. {extra}".strip())
        if focused is not None:
            self.place_cursor(focused)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """Say the control and put the cursor on it."""
        if self.said_title and event.widget is not self.described:
            self.described = event.widget
            self.speak(describe(event.widget))
        self.place_cursor(event.widget)

    def place_cursor(self, widget: Widget) -> None:
        """After the next repaint, the terminal cursor goes onto ``widget``."""
        def place() -> None:
            if self.app.screen is self:
                self.app.cursor_position = cursor_spot(widget)
                self.app.refresh()
        self.call_after_refresh(place)

    def action_cancel(self) -> None:
        """Close without doing anything."""
        self.dismiss(None)


class FormDialog(SpeakingScreen):
    """A title, a few choices and text fields, and OK / Cancel; returns ``{name: value}``."""

    def __init__(self, title: str, speak: Speak, fields: Sequence[Widget], ok: str = "OK") -> None:
        super().__init__(title, speak)
        self.fields = list(fields)
        self.ok = ok

    def compose(self) -> ComposeResult:
        """The title, the fields, the buttons."""
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title")
            yield from self.fields
            with Horizontal(classes="buttons"):
                yield Button(self.ok, id="ok", variant="primary")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        """Focus the first field, then say the title."""
        self.set_focus(self.fields[0] if self.fields else self.query_one("#ok"))

    def values(self) -> dict[str, str]:
        """Every field's value by name."""
        found: dict[str, str] = {}
        for widget in self.fields:
            if isinstance(widget, Choice | Input) and widget.name:
                found[widget.name] = widget.value
        return found

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
        """Say the new value."""
        self.speak(message.choice.spoken)

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        """OK returns the values, Cancel nothing."""
        self.dismiss(self.values() if event.button.id == "ok" else None)


class ConfirmDialog(SpeakingScreen):
    """A question with two buttons; returns ``True`` for the first."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("left,up", "app.focus_previous", show=False),
                Binding("right,down", "app.focus_next", show=False)]

    def __init__(self, title: str, message: str, speak: Speak, yes: str = "Yes", no: str = "No") -> None:
        super().__init__(title, speak)
        self.message = message
        self.yes, self.no = yes, no

    def compose(self) -> ComposeResult:
        """The question and the two buttons."""
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title")
            yield Label(self.message, classes="dialog-message")
            with Horizontal(classes="buttons"):
                yield Button(self.yes, id="yes", variant="primary")
                yield Button(self.no, id="no")

    def on_mount(self) -> None:
        """Focus the first button, then say the title and the question."""
        self.set_focus(self.query_one("#yes"))
        self.title_text = f"{self.title_text}. {self.message.rstrip('.')}"

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        """Which button was pressed."""
        self.dismiss(event.button.id == "yes")

    def action_cancel(self) -> None:
        """Escape means no."""
        self.dismiss(False)


class HelpScreen(SpeakingScreen):
    """Every key and command, one line at a time: Up and Down read them, Escape closes."""

    def __init__(self, lines: Sequence[str], speak: Speak) -> None:
        super().__init__("Help: Up and Down read the keys one by one, Escape closes", speak)
        self.lines = list(lines)

    def compose(self) -> ComposeResult:
        """The title and the list."""
        with Vertical(classes="dialog help"):
            yield Label(self.title_text, classes="dialog-title")
            yield OptionList(*self.lines, id="help-list")

    def on_mount(self) -> None:
        """Focus the list on its first line."""
        help_list = self.query_one(OptionList)
        help_list.highlighted = 0
        self.set_focus(help_list)

    @on(OptionList.OptionHighlighted)
    def highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """Say the line and move the cursor onto it."""
        if self.said_title:
            self.speak(str(event.option.prompt))
        self.place_cursor(event.option_list)


def text_field(name: str, value: str = "", placeholder: str = "") -> Input:
    """A text field that does not blink."""
    field = Input(value=value, placeholder=placeholder, name=name, select_on_focus=False)
    field.cursor_blink = False
    return field
