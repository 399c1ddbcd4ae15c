"""The board's keys by their place, in every layout the game's players use.

The board's keys are Latin letters, digits and a few signs. A player whose keyboard types Russian,
Kazakh or Kyrgyz presses the same places: under the Russian layout the key that is ``b`` on a Latin
keyboard types ``и``, and under the Kazakh one the digit row types ``"`` ``ә`` ``і`` ``ң`` ``ғ`` ``,``
``.`` ``ү`` ``ұ`` ``қ``. ``keyboards.json`` (built from the layouts' xkb definitions by
``bench/build_keyboards.py``) says, per layout, which US QWERTY character sits at each typed
character's place; the ``keyboard`` setting chooses the layout.

A typed character stands for its Latin key when it is not ASCII (a Cyrillic letter, ``ә``, ``№``),
or when its place is a digit on the Latin keyboard (the Kazakh digit row's ``"``, ``,`` and ``.``:
pits 1, 6 and 7). Every other ASCII character keeps its own meaning, so ``,``, ``.``, ``?`` and
``:`` typed with Shift on a Russian keyboard are still previous, next, help and command.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from speech.words.i18n import p_
from toguz_tui.commands.places import layout_names, places
from toguz_tui.commands.table import KEY_SIGNS, key_label

__all__ = ["Keyboard", "key_name", "keyboard", "layout_names", "places"]

LATIN = "latin"
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

    def latin(self, character: str | None) -> str | None:
        """The Latin key a typed character stands for, or None when it stands for itself."""
        return self.latin_of.get(character) if character else None

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
    return Keyboard(name, changes, frozenset(keys))
