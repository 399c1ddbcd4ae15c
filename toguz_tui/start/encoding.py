"""A terminal whose encoding cannot show the language's letters (a KOI8-R or Latin-1 locale,
``PYTHONIOENCODING=latin-1``): what it cannot show is written as question marks instead of ending
the program, and the player is told so once, in words the terminal can show."""

from __future__ import annotations

import contextlib
import sys
from typing import TextIO

from speech.words.i18n import N_, _

CANNOT_SHOW = N_("This terminal's encoding ({encoding}) cannot show every letter of this language: those it cannot "
                 "show are written as question marks. Use a UTF-8 terminal, or start toguz with --language en.")
SAMPLE = N_("Move {number}: your turn.")  # a sentence said in every game, to try the encoding with


def _writes_what_it_can(stream: TextIO | None) -> None:
    """Have ``stream`` write a question mark for a character its encoding lacks, rather than fail."""
    reconfigure = getattr(stream, "reconfigure", None)
    if callable(reconfigure):
        with contextlib.suppress(ValueError, OSError):
            reconfigure(errors="replace")


def shows(text: str, stream: TextIO | None) -> bool:
    """True when ``stream``'s encoding can write ``text``."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def fit_output() -> str | None:
    """Make standard output and error write what they can; the line to say once (in words the terminal
    can show) when the language's own letters cannot be shown, else None."""
    _writes_what_it_can(sys.stdout)
    _writes_what_it_can(sys.stderr)
    alphabet = _(SAMPLE) + _(CANNOT_SHOW)
    if shows(alphabet, sys.stdout):
        return None
    encoding = getattr(sys.stdout, "encoding", None) or "?"
    note = _(CANNOT_SHOW).format(encoding=encoding)
    return note if shows(note, sys.stdout) else CANNOT_SHOW.format(encoding=encoding)
