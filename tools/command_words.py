"""Prints the guide's table of the commands' words in each language, from the catalogue
(``python tools/command_words.py``; a test checks that docs/languages-and-keyboards.md holds what it prints),
or some topics' and commands' (``python tools/command_words.py online games``: the README's table of the
online commands, checked by a test too)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the project, before bench's speech.py

from speech.words.i18n import LANGUAGES
from toguz_tui.commands.lexicon import COMMAND, words_in
from toguz_tui.commands.table import COMMANDS

SHIPPED = [code for code in LANGUAGES if code != "en"]


def table(*chosen: str) -> str:
    """The Markdown table: each command's English words, then each language's (only the commands of the
    help topics or with the names ``chosen``, when any are)."""
    head = ["| command | " + " | ".join(LANGUAGES[code].name for code in SHIPPED) + " |",
            "| --- |" + " --- |" * len(SHIPPED)]
    rows = [f"| {command.name} | " + " | ".join(", ".join(words_in(code, COMMAND, command.name))
                                                 for code in SHIPPED) + " |" for command in COMMANDS
            if not chosen or command.group in chosen or command.name in chosen]
    return "\n".join([*head, *rows])


if __name__ == "__main__":
    print(table(*sys.argv[1:]))
