"""The board's keys by their place, in every layout the game's players use.

The board's keys are Latin letters, digits and a few signs. A player whose keyboard types Russian,
Kazakh or Kyrgyz presses the same places: under the Russian layout the key that is ``b`` on a Latin
keyboard types ``и``, and under the Kazakh one the digit row types ``"`` ``ә`` ``і`` ``ң`` ``ғ`` ``,``
``.`` ``ү`` ``ұ`` ``қ``. ``keyboards.json`` (built from the layouts' xkb definitions by
``tools/build_keyboards.py``) says, per layout, which US QWERTY character sits at each typed
character's place; the ``keyboard`` setting chooses the layout.

A typed character stands for its Latin key when it is not ASCII (a Cyrillic letter, ``ә``, ``№``),
or when its place is a digit on the Latin keyboard (the Kazakh digit row's ``"``, ``,`` and ``.``:
pits 1, 6 and 7). Every other ASCII character keeps its own meaning, so ``,``, ``.``, ``?`` and
``:`` typed with Shift on a Russian keyboard are still previous, next, help and command.

``,`` and ``.`` are keys of the board themselves (previous and next announcement), and a player whose
language is Kazakh often types with the Latin layout active: they stand for pits 6 and 7 only once the
keys typed show the Kazakh layout in use (``LayoutSeen``): a letter only it types (``ә``, ``қ``, ``ө``;
the other pits of its digit row are such letters) shows it, a Latin letter or a digit shows another.

How a key is written for a person (``key_label``: ``Enter``, ``Ctrl+Q``, ``,``) is here too, for the help, the
footer and every layout's labels.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from speech.words.i18n import p_
from toguz_tui.keyboards.places import layout_names, places

__all__ = ["KEY_SIGNS", "Keyboard", "LayoutSeen", "key_label", "key_name", "key_names", "keyboard", "layout_names",
           "places"]

LATIN = "latin"
KEY_SIGNS = {"comma": ",", "full_stop": ".", "question_mark": "?", "colon": ":"}


def key_names() -> dict[str, str]:
    """The keys with names, as people call them in the language spoken now."""
    return {"space": p_("key", "Space"), "enter": p_("key", "Enter"), "escape": p_("key", "Escape"),
            "right": p_("key", "Right"), "left": p_("key", "Left"), "up": p_("key", "Up"), "down": p_("key", "Down"),
            "home": p_("key", "Home"), "end": p_("key", "End"), "backspace": p_("key", "Backspace"),
            "pageup": p_("key", "Page Up"), "pagedown": p_("key", "Page Down"), "tab": p_("key", "Tab")}


def key_label(key: str) -> str:
    """How a key is written for a person."""
    if key in KEY_SIGNS:
        return KEY_SIGNS[key]
    names = key_names()
    if key in names:
        return names[key]
    if key.startswith("ctrl+"):
        return p_("key", "Ctrl+{key}").format(key=key[5:].upper())
    if len(key) == 1 and key.isupper():
        return p_("key", "Shift+{key}").format(key=key.lower())
    return key.upper() if key.startswith("f") and key[1:].isdigit() else key


KEY_NAMES = {sign: name for name, sign in KEY_SIGNS.items()}  # "," -> "comma", as Textual names the keys


def key_name(character: str) -> str:
    """A Latin key's name as Textual's bindings know it (``b``, ``B``, ``7``, ``comma``)."""
    return KEY_NAMES.get(character, character)


@dataclass(frozen=True)
class Keyboard:
    """One layout: what its typed characters stand for on the board, and how its keys are named."""

    name: str
    latin_of: dict[str, str]  # a typed character -> the Latin key at its place (only those that change)
    typed: frozenset[str]  # every character the layout types
    own_keys: frozenset[str] = frozenset()  # typed characters that are keys of the board themselves (, and .)
    marks: frozenset[str] = frozenset()  # characters only this layout types (ә, қ): it is the one in use

    def latin(self, character: str | None, in_use: bool = True) -> str | None:
        """The Latin key a typed character stands for, or None when it stands for itself. A character that
        is a board key itself (``.`` on the Kazakh digit row) stands for its place only when the layout is
        seen ``in_use``."""
        if not character or (character in self.own_keys and not in_use):
            return None
        return self.latin_of.get(character)

    def typed_as(self, key: str) -> str:
        """The character that types the Latin key ``key`` (one character) in this layout."""
        if key in self.typed and key not in self.latin_of:
            return key
        return next((typed for typed, latin in self.latin_of.items() if latin == key), key)

    def typed_keys(self, keys: tuple[str, ...]) -> tuple[str, ...]:
        """The letters this layout types for Latin keys (by their Textual names), where they differ."""
        typed = (self.typed_as(KEY_SIGNS.get(key, key)) for key in keys if len(KEY_SIGNS.get(key, key)) == 1)
        return tuple(character for character in typed if character.isalpha() and not character.isascii())

    def label(self, key: str) -> str:
        """A key of the board (a Textual key name or a character) as this layout's player types it:
        ``b`` is ``и`` on a Russian keyboard, ``B`` is Shift+и."""
        key = KEY_SIGNS.get(key, key)
        if len(key) != 1 or self.name == LATIN:
            return key_label(key)
        if key.isalpha() and key.isupper():
            lower = self.typed_as(key.lower())
            if lower != key.lower():
                return p_("key", "Shift+{key}").format(key=lower)
        typed = self.typed_as(key)
        return typed if typed != key else key_label(key)


@cache
def keyboard(name: str) -> Keyboard:
    """The keyboard called ``name`` (``latin`` or one of the file's layouts; an unknown name is Latin)."""
    keys = places(name)
    if not keys:
        return Keyboard(LATIN, {}, frozenset())
    changes = {typed: latin for typed, latin in keys.items()
               if typed != latin and (not typed.isascii() or latin.isdigit())}
    own = frozenset(typed for typed, latin in changes.items() if typed in KEY_SIGNS.values() and latin.isdigit())
    # what every layout without signs on its digit row types too (the Cyrillic letters the Russian and the
    # Kyrgyz layouts share) shows nothing; the rest of what this one types, beyond ASCII, shows it in use
    common = [set(places(other)) for other in layout_names() if other != name and not _shares_digits(other)]
    shared = set.intersection(*common) if common else set()
    marks = frozenset(typed for typed in keys if not typed.isascii() and typed not in shared) if own else frozenset()
    return Keyboard(name, changes, frozenset(keys), own, marks)


def _shares_digits(name: str) -> bool:
    """Whether the layout ``name`` types signs on the digit row too (the Kazakh ones)."""
    return any(latin.isdigit() and not typed.isdigit() and typed.isascii() for typed, latin in places(name).items())


class LayoutSeen:
    """What the keys typed so far show of the layout in use: whether it is the chosen one (say, Kazakh), so
    that its digit row's ``,`` and ``.`` play pits 6 and 7, or another (the Latin one), so that they keep
    their own meaning. Nothing typed yet shows nothing: they keep their own meaning."""

    def __init__(self) -> None:
        self.in_use = False

    def saw(self, character: str | None, board: Keyboard) -> None:
        """Take one typed character into account."""
        if not character or len(character) != 1:
            return
        if character in board.marks:
            self.in_use = True
        elif character.isascii() and character.isalnum() and character not in board.typed:
            self.in_use = False  # a Latin letter the layout does not type, or a digit: another layout
