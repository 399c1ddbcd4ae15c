"""The keyboard layouts' places: per layout, each character it types and the US QWERTY character of
the same key (``keyboards.json``, built from the layouts' xkb definitions by ``tools/build_keyboards.py``).
The board's keys (``toguz_tui.keyboards.board_keys``), the line mode's words (``layouts``) and the typed
answers to a yes-or-no question (``toguz_tui.commands.lexicon.typed_answer``) read them."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources


@cache
def _layouts() -> dict[str, dict[str, str]]:
    text = resources.files("toguz_tui.keyboards").joinpath("keyboards.json").read_text(encoding="utf-8")
    return {name: layout["keys"] for name, layout in json.loads(text)["layouts"].items()}


def places(name: str) -> dict[str, str]:
    """Every character the layout ``name`` types, to the US QWERTY character at its place (empty for Latin)."""
    return dict(_layouts().get(name, {}))


def layout_names() -> tuple[str, ...]:
    """The layouts the file knows (besides Latin)."""
    return tuple(_layouts())
