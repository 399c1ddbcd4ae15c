"""The board's key bindings and key help, generated from the one command table plus the board's own keys.

Screen readers take Escape and the function keys for themselves (Fenrir: Escape stops speech, F1
starts its tutorial), so every command has a letter as well: ``h`` or ``?`` for help, Shift+O for
the settings, Shift+R to resign, Backspace to leave a review; a dialog closes with ``q``,
Backspace or the key that opened it.
"""

from __future__ import annotations

from typing import Literal

from textual.binding import Binding

from speech.words.i18n import N_, _, p_
from toguz_tui.commands.table import BY_WORD, COMMANDS
from toguz_tui.keyboards.board_keys import LATIN, key_label, keyboard

KeysLine = Literal["game", "training", "review"]

# The board's own keys (by their names in the command table's key_label) and what they do.
OWN_KEYS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("left", "right"), N_("move along a row (in a review: one move back or forward)")),
    (("up", "down"), N_("switch rows")),
    (("home", "end"), N_("the first or last pit of the row (in a review: the start or the end)")),
    (("1",), N_("1 to 9: jump to that pit of your row and hear where its last stone would land "
                "(with the setting digit_plays on, play it at once)")),
    (("pageup", "pagedown"), N_("scroll the announcements (screen-reader mode: Page Down shows the rest of a "
                                "long message)")),
    (("tab", "shift+tab"), N_("the next or previous control of a dialog")),
    (("y", "n"), N_("answer a yes or no question")),
    (("q", "backspace", "escape"), N_("close a dialog or the help (the key that opened it closes it too)")),
)

# The keys lines, one for a game, one for a lesson or a puzzle, one for a review: (command, key, its word
# there, its line), short words so that each line fits 80 columns (each key one of its command's keys).
# Translators: the words of the keys line (play, board, new, resign, settings, help, quit; go to,
# play on, close; answer, hint, skip) must be short: the whole line fits in 80 columns.
KEYS_LINES: tuple[tuple[str, str, str, KeysLine], ...] = (
    ("play", "enter", N_("play"), "game"), ("board", "b", N_("board"), "game"), ("new", "n", N_("new"), "game"),
    ("resign", "R", N_("resign"), "game"), ("settings", "O", N_("settings"), "game"),
    ("help", "h", N_("help"), "game"), ("quit", "q", N_("quit"), "game"),
    ("play", "enter", N_("answer"), "training"), ("hint", "i", N_("hint"), "training"),
    ("skip", "X", N_("skip"), "training"), ("close", "backspace", N_("close"), "training"),
    ("help", "h", N_("help"), "training"), ("quit", "q", N_("quit"), "training"),
    ("goto", "g", N_("go to"), "review"), ("continue", "C", N_("play on"), "review"),
    ("close", "backspace", N_("close"), "review"), ("help", "h", N_("help"), "review"),
    ("quit", "q", N_("quit"), "review"),
)


def command_bindings() -> list[Binding]:
    """One binding per key of every command; the action names the command."""
    bindings = []
    for command in COMMANDS:
        for key in command.keys:
            bindings.append(Binding(key, f"command('{command.name}')", show=False))
    return bindings


def own_bindings() -> list[Binding]:
    """The board's own keys: rows, digits and the announcement panel."""
    bindings = [
        Binding("up", "switch_row", show=False),
        Binding("down", "switch_row", show=False),
        Binding("pageup", "scroll_panel(-1)", show=False),
        Binding("pagedown", "scroll_panel(1)", show=False),
    ]
    bindings += [Binding(str(digit), f"digit({digit})", show=False) for digit in range(1, 10)]
    return bindings


def key_help_lines(layout: str = LATIN) -> list[str]:
    """The board's keys, each line starting with its key: the board's own keys, then every command
    that has one (its typed words after), then the commands that are typed only (in the line mode).
    Keys are named as the keyboard ``layout`` types them (``и`` for ``b`` on a Russian keyboard)."""
    board = keyboard(layout)
    own = [f"{', '.join(_key(key) for key in keys)}: {_(text)}" if keys != ("1",) else _(text)
           for keys, text in OWN_KEYS]  # the dialogs' letters (y, n, q) are Latin in every layout
    with_keys = [_("{keys}: {what} (typed: {usage})").format(
        keys=", ".join(board.label(key) for key in command.keys), what=command.key_help or command.help,
        usage=command.usage) for command in COMMANDS if command.keys]
    typed = [_("typed only, in the line mode: {usage}: {what}").format(usage=command.usage, what=command.help)
             for command in COMMANDS if not command.keys]
    return [*own, *with_keys, *typed]


def _key(key: str) -> str:
    """A key as help names it (``shift+tab`` too)."""
    if key == "shift+tab":
        return p_("key", "Shift+{key}").format(key=key_label("tab"))
    return key_label(key)


def footer_text(pits: int = 9, reviewing: bool = False, training: bool = False, layout: str = LATIN) -> str:
    """The main keys in one line, short enough for 80 columns (checked against the command table):
    for play, or for a review. Letters as they are typed (``h`` help, ``O`` settings; in the keyboard
    ``layout``: ``р`` help on a Russian keyboard), so that a screen reader that takes the function keys
    loses none of them."""
    board = keyboard(layout)
    line: KeysLine = "training" if training else "review" if reviewing else "game"
    if reviewing:
        parts = [_("{left} {right} steps").format(left=key_label("left"), right=key_label("right"))]
    else:
        parts = [_("1 to {pits} pits").format(pits=pits)]
    for name, key, word, shown_in in KEYS_LINES:
        if shown_in != line:
            continue
        assert key in BY_WORD[name].keys, (name, key)
        parts.append(f"{board.typed_as(key) if len(key) == 1 else key_label(key)} {_(word)}")
    return "  ".join(parts)
