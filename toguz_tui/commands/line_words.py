"""The words of a typed line, split as a shell splits them, file names as the system types them.

Every line is split as a POSIX shell splits it (quotes keep a name with spaces in one word, a backslash
escapes), except where a command takes a file's name on Windows: there a backslash is the path's
separator, so ``open C:\\games\\Aliya\\game.pgn`` keeps it, and a name is typed as cmd takes it
(``speech.system.files.split_typed``). Without double quotes the rest of such a line is one name, its
spaces kept (``save C:\\games\\my game.pgn``), less the command's own words at its end (``save NAME
replace``, ``open NAME 2``); with them, the quotes say where the name ends (``save "C:\\my game.pgn"``).
``command WORDS`` splits its words as the line they make.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from pathlib import Path

from speech.system.files import backslash_escapes, split_typed
from toguz_tui.commands.arguments import game_number
from toguz_tui.commands.command import Command
from toguz_tui.commands.game_commands import SAVE_WORDS
from toguz_tui.commands.lexicon import english_word

_HEAD = re.compile(r"\s*(\S+)\s*(.*?)\s*", re.DOTALL)
_LAST_WORD = re.compile(r"(.*\S)\s+(\S+)", re.DOTALL)


def line_words(line: str, find: Callable[[str], Command | None]) -> list[str]:
    """The words of ``line`` (``find``: the command a word names); ``ValueError`` when a quote is not closed."""
    parts = _HEAD.fullmatch(line)
    command = find(parts.group(1)) if parts is not None else None
    if parts is None or command is None:
        return shlex.split(line)
    head, rest = parts.group(1), parts.group(2)
    if command.name == "command":
        return [head, *line_words(rest, find)]
    if backslash_escapes() or not command.file_words:
        return shlex.split(line)
    if command.file_words == "name" and '"' not in rest:
        return [head, *_one_name(command, rest)]
    return [head, *split_typed(rest)]


def _one_name(command: Command, rest: str) -> list[str]:
    """``rest`` (a line's words after ``command``, no quotes in them) as one file's name and the command's own
    words after it: ``save``'s playok, replace, append (and their other words), ``open``'s game number. A
    whole ``rest`` that names a file is that file."""
    name, own = rest, list[str]()
    while not _exists(name):
        parts = _LAST_WORD.fullmatch(name)
        if parts is None or not _own_word(command, parts.group(2), own):
            break
        name = parts.group(1)
        own.insert(0, parts.group(2))
    return [name, *own] if name else own


def _exists(name: str) -> bool:
    """Whether ``name`` names a file or folder there is (never for a name the system cannot look up)."""
    try:
        return bool(name) and Path(name).exists()
    except (OSError, ValueError):
        return False


def _own_word(command: Command, word: str, after: list[str]) -> bool:
    """Whether ``word``, before ``after``, is one of ``command``'s own words, not part of a name."""
    if command.name == "save":
        return word.lower() in SAVE_WORDS or english_word(word) in (*command.arguments, *command.completions)
    return command.name == "open" and not after and game_number(word) is not None
