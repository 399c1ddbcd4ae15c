"""The announcement panel (the same text that is spoken), the status line and the footer of keys."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import RichLog, Static


class Announcements(RichLog):
    """The latest announcements, newest at the bottom; scrolled with Page Up and Page Down."""

    can_focus = False

    def __init__(self) -> None:
        # min_width: RichLog would otherwise render every line 78 cells wide, cutting text at 80 columns
        super().__init__(id="announcements", wrap=True, markup=False, highlight=False, auto_scroll=True,
                         max_lines=500, min_width=20)
        self.texts: list[str] = []

    def add(self, text: str, kind: str = "info") -> None:
        """Show one announcement (several lines are kept as they are)."""
        if not text:
            return
        self.texts.append(text)
        style = "bold" if kind in ("move", "end") else ""
        prefix = "! " if kind == "error" else ""
        self.write(Text(prefix + text, style=style), scroll_end=True, animate=False)

    @property
    def last(self) -> str:
        """The newest announcement shown, or an empty string."""
        return self.texts[-1] if self.texts else ""


class StatusLine(Static):
    """One line: the game, the players and whose turn it is (no clock)."""

    def __init__(self, id: str = "status") -> None:
        super().__init__("", id=id, markup=False)
        self.shown_text = ""

    def set_text(self, text: str) -> None:
        """Show ``text`` (repaints only when it changed)."""
        if text != self.shown_text:
            self.shown_text = text
            self.update(text)


class FocusLine(StatusLine):
    """One line under the board: what the focused pit holds, as last spoken."""

    def __init__(self) -> None:
        super().__init__("focus-line")


class KeyFooter(StatusLine):
    """The main keys in one line."""

    def __init__(self, text: str) -> None:
        super().__init__("keys")
        self.set_text(text)
