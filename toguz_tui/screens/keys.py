"""The board's key bindings and key help, generated from the one command table plus the board's own keys.

Screen readers take Escape and the function keys for themselves (Fenrir: Escape stops speech, F1
starts its tutorial), so every command has a letter as well: ``h`` or ``?`` for help, Shift+O for
the settings, Shift+R to resign, Backspace to leave a review; a dialog closes with ``q``,
Backspace or the key that opened it.
"""

from __future__ import annotations

from textual.binding import Binding

from toguz_tui.commands import COMMANDS, key_label

# Keys of the table that move the focus when no review is open.
NAVIGATION = {"forward": "right", "back": "left", "start": "home", "end": "end"}
# Commands that open a dialog in the board view instead of taking words.
DIALOGS = ("new", "save", "open", "settings", "help", "quit", "goto", "resign")

OWN_KEYS: tuple[tuple[str, str], ...] = (
    ("Left, Right", "move along a row (in a review: one move back or forward)"),
    ("Up, Down", "switch rows"),
    ("Home, End", "the first or last pit of the row (in a review: the start or the end)"),
    ("1 to 9", "jump to that pit of your row and hear where its last stone would land "
               "(with the setting digit_plays on, play it at once)"),
    ("Page Up, Page Down", "scroll the announcements (screen-reader mode: Page Down shows the rest of a "
                           "long message)"),
    ("Tab, Shift+Tab", "the next or previous control of a dialog"),
    ("y, n", "answer a yes or no question"),
    ("q, Backspace, Escape", "close a dialog or the help (the key that opened it closes it too)"),
)

FOOTER: tuple[tuple[str, str, str], ...] = (
    ("play", "enter", "play"), ("board", "b", "board"), ("new", "n", "new"), ("resign", "R", "resign"),
    ("settings", "O", "settings"), ("help", "h", "help"), ("quit", "q", "quit"),
)
REVIEW_FOOTER: tuple[tuple[str, str, str], ...] = (
    ("goto", "g", "go to"), ("continue", "C", "play on"), ("close", "backspace", "close"),
    ("help", "h", "help"), ("quit", "q", "quit"),
)


def command_bindings() -> list[Binding]:
    """One binding per key of every command; the action names the command."""
    bindings = []
    for command in COMMANDS:
        for key in command.keys:
            bindings.append(Binding(key, f"command('{command.name}')", command.help, show=False))
    return bindings


def own_bindings() -> list[Binding]:
    """The board's own keys: rows, digits and the announcement panel."""
    bindings = [
        Binding("up", "switch_row", "Switch rows", show=False),
        Binding("down", "switch_row", "Switch rows", show=False),
        Binding("pageup", "scroll_panel(-1)", "Scroll announcements up", show=False),
        Binding("pagedown", "scroll_panel(1)", "Scroll announcements down", show=False),
    ]
    bindings += [Binding(str(digit), f"digit({digit})", f"Pit {digit}", show=False) for digit in range(1, 10)]
    return bindings


def key_help_lines() -> list[str]:
    """The board's keys, each line starting with its key: the board's own keys, then every command
    that has one (its typed words after), then the commands that are typed only (in the line mode)."""
    own = [f"{keys}: {text}" for keys, text in OWN_KEYS]
    with_keys = [f"{', '.join(key_label(key) for key in command.keys)}: {command.key_help or command.help} "
                 f"(typed: {command.usage})" for command in COMMANDS if command.keys]
    typed = [f"typed only, in the line mode: {command.usage}: {command.help}" for command in COMMANDS
             if not command.keys]
    return [*own, *with_keys, *typed]


def footer_text(pits: int = 9, reviewing: bool = False) -> str:
    """The main keys in one line, short enough for 80 columns (checked against the command table):
    for play, or for a review. Letters as they are typed (``h`` help, ``O`` settings), so that a
    screen reader that takes the function keys loses none of them."""
    by_name = {command.name: command for command in COMMANDS}
    parts = ["Left Right steps" if reviewing else f"1 to {pits} pits"]
    for name, key, word in REVIEW_FOOTER if reviewing else FOOTER:
        assert key in by_name[name].keys, (name, key)
        parts.append(f"{key if len(key) == 1 else key_label(key)} {word}")
    return "  ".join(parts)
