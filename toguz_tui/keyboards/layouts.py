"""Words typed in the wrong keyboard layout, read as what the player meant.

Under the Kazakh layout the digit row types ``"`` ``ә`` ``і`` ``ң`` ``ғ`` ``,`` ``.`` ``ү`` ``ұ`` ``қ``: a
word of those is the pit number at their places (``.`` is 7). A command word typed with the other
layout active (``ищфкв``, the Latin ``board`` typed on a Russian keyboard; ``ljcrf``, the Russian
``доска`` typed on a Latin one) is found by mapping its characters through the layouts' places, so
that the player can be told what they meant. The tables are the board's (``places``).
"""

from __future__ import annotations

from collections.abc import Callable

from toguz_tui.keyboards.places import places


def layout_digits(word: str, layout: str) -> str:
    """``word`` as digits when every character of it sits on a digit's place in ``layout``; else itself."""
    table = places(layout)
    latin = [table.get(character, "") for character in word]
    if word and latin != list(word) and all(key.isdigit() for key in latin):
        return "".join(latin)
    return word


def _retyped(word: str, table: dict[str, str]) -> str | None:
    characters = [table.get(character) for character in word]
    if any(character is None for character in characters):
        return None
    return "".join(character for character in characters if character is not None)


def meant_word(word: str, layouts: tuple[str, ...], is_word: Callable[[str], bool]) -> str | None:
    """The word ``word`` would be in another layout (the Latin one or one of ``layouts``), when that is
    a word ``is_word`` knows and ``word`` is not; else None."""
    typed = word.lower()
    if not typed or is_word(typed):
        return None
    for layout in layouts:
        table = places(layout)
        latin = _retyped(typed, {key: value.lower() for key, value in table.items()})
        if latin is not None and latin != typed and is_word(latin):
            return latin
        back = {latin: key for key, latin in table.items() if key == key.lower() and key != latin}
        native = _retyped(typed, {**{key: key for key in table.values() if not key.isalpha()}, **back})
        if native is not None and native != typed and is_word(native):
            return native
    return None

