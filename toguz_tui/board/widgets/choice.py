"""A keyboard-only choice among a few values: Left and Right (or Space) change it, and it says so; and the plain
button beside it, both marked ``>`` while focused."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.geometry import Offset
from textual.message import Message
from textual.widget import Widget

from speech.words.i18n import _


class FocusMarked(Widget, can_focus=True):
    """A control marked ``>`` while focused, as well as styled (never by colour alone), and redrawn as the focus
    comes and goes."""

    @property
    def marker(self) -> str:
        """``"> "`` while focused, else two spaces."""
        return "> " if self.has_focus else "  "

    def on_focus(self) -> None:
        """Redraw with the focus mark."""
        self.refresh()

    def on_blur(self) -> None:
        """Redraw without the focus mark."""
        self.refresh()


class Choice(FocusMarked, can_focus=True):
    """``Label: < value >``; each change is posted as ``Choice.Changed`` and described by ``spoken``."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", show=False),
        Binding("right", "step(1)", show=False),
        Binding("space", "step(1)", show=False),
        Binding("home", "first", show=False),
        Binding("end", "last", show=False),
        Binding("pageup", "step(-10)", show=False),
        Binding("pagedown", "step(10)", show=False),
    ]

    class Changed(Message):
        """The choice now shows another value."""

        def __init__(self, choice: Choice) -> None:
            super().__init__()
            self.choice = choice

    def __init__(self, label: str, values: Sequence[str], value: str, *, name: str,
                 shown: Sequence[str] | None = None) -> None:
        super().__init__(name=name, classes="choice")
        self.label = label
        self.values = list(values)
        self.shown = list(shown) if shown is not None else list(values)
        self.index = self.values.index(value) if value in self.values else 0

    @property
    def value(self) -> str:
        """The value chosen."""
        return self.values[self.index]

    @property
    def spoken(self) -> str:
        """``"Variant: Bestemshe, 3 of 3. Left and Right change it."``"""
        return _("{label}: {value}, {number} of {total}. Left and Right change it.").format(
            label=self.label, value=self.shown[self.index], number=self.index + 1, total=len(self.values))

    def render(self) -> Text:
        """One line; the focused choice is marked ``>`` as well as styled, never by colour alone."""
        return Text(f"{self.marker}{self.label}: < {self.shown[self.index]} >", no_wrap=True)

    def cursor_offset(self) -> Offset:
        """On the value."""
        region = self.content_region
        return Offset(region.x + len(self.marker) + len(self.label) + 4, region.y)

    def _go(self, index: int) -> None:
        self.index = index % len(self.values)
        self.refresh()
        self.post_message(self.Changed(self))

    def action_step(self, step: int) -> None:
        """The next or previous value, round and round (ten at a time: up to the first or last)."""
        if abs(step) > 1:
            self._go(max(0, min(len(self.values) - 1, self.index + step)))
            return
        self._go(self.index + step)

    def action_first(self) -> None:
        """The first value."""
        self._go(0)

    def action_last(self) -> None:
        """The last value."""
        self._go(len(self.values) - 1)


class PlainButton(FocusMarked, can_focus=True):
    """``[ OK ]``: a button drawn in plain characters (Textual's buttons draw block borders that a
    speech engine may read); the focused one is marked ``>`` as well as styled."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "press", show=False),
        Binding("space", "press", show=False),
    ]

    class Pressed(Message):
        """The button was pressed."""

        def __init__(self, button: PlainButton) -> None:
            super().__init__()
            self.button = button

    def __init__(self, label: str, *, id: str) -> None:
        super().__init__(id=id, classes="plain-button")
        self.label = label

    @property
    def spoken(self) -> str:
        """``"OK, button."``"""
        return _("{label}, button.").format(label=self.label)

    def render(self) -> Text:
        """``> [ OK ]`` while focused, else ``  [ OK ]``."""
        return Text(f"{self.marker}[ {self.label} ]", no_wrap=True)

    def cursor_offset(self) -> Offset:
        """On the label."""
        region = self.content_region
        return Offset(region.x + 4, region.y)

    def action_press(self) -> None:
        """Tell the dialog."""
        self.post_message(self.Pressed(self))
