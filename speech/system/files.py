"""Files on each system: opened for their bytes as they are, who may read them, and how a file's name is
typed on a command line.

- Windows' C runtime opens a file in text mode unless told ``O_BINARY``: it then turns CRLF into LF and
  stops reading at the byte 0x1A (Ctrl-Z), the first byte of a capital Ka (U+041A) in UTF-16. Python's
  own ``open`` asks for binary itself; ``os.open`` does not (CPython's ``os_open_impl`` hands the flags to
  ``_wopen`` as they are). ``binary()`` is that flag there, and nothing elsewhere.
- A file's mode says who may read it on Linux and macOS; on Windows ``st_mode`` is always 0o666 or 0o444
  (read-only), whoever may read it, so it says nothing (``modes_tell_readers``).
- A typed file name: a POSIX shell's backslash escapes the next character, Windows' is the path's
  separator (``C:\\games\\Aliya\\game.pgn``) and cmd groups words with double quotes only
  (``split_typed``).
"""

from __future__ import annotations

import os
import shlex

from speech.system import system


def binary() -> int:
    """The flag ``os.open`` needs to read or write a file's bytes as they are: ``O_BINARY`` on Windows, 0 on
    the systems that have no text mode (read when called, so that a test can give ``os`` Windows' flag)."""
    return int(getattr(os, "O_BINARY", 0))


def modes_tell_readers() -> bool:
    """Whether a file's mode says who may read it (Linux, macOS; not Windows)."""
    return system() != "win32"


def backslash_escapes() -> bool:
    """Whether a backslash typed in a line escapes the next character, as in a POSIX shell (Linux, macOS),
    rather than being a path's separator (Windows)."""
    return system() != "win32"


def split_typed(text: str) -> list[str]:
    """The words of ``text`` as this system's shell splits them: a POSIX shell's way on Linux and macOS
    (``shlex``: quotes group, a backslash escapes); cmd's way on Windows: blanks separate, double quotes group
    and are dropped (no Windows name holds one), and every other character is a letter, a backslash and an
    apostrophe (``Aliya's game.pgn``) too. ``ValueError`` when a quote is not closed."""
    if backslash_escapes():
        return shlex.split(text)
    words: list[str] = []
    word: list[str] = []
    started = quoted = False
    for char in text:
        if char == '"':
            quoted, started = not quoted, True
        elif char.isspace() and not quoted:
            if started:
                words.append("".join(word))
            word, started = [], False
        else:
            word.append(char)
            started = True
    if quoted:
        raise ValueError(text)  # a quote not closed (said as such by the line mode)
    if started:
        words.append("".join(word))
    return words
