"""Paths a user gives (an option, a word of a command, an environment variable), with ``~`` and ``~name``
expanded as a shell expands them, in one place for every part of toguz (``speech`` and ``toguz_tui`` alike).

A ``~name`` that names no user of this system (or a ``~`` whose home folder the system cannot tell) is
``UnknownUser``, whose words say so ("no user called nosuchuser"): never Python's "Could not determine
home directory" (a fault, to a player), and never a folder called ``~nosuchuser`` made in the folder toguz
happens to start in.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from speech.words import phrases
from speech.words.i18n import _


class UnknownUser(ValueError):
    """A path beginning ``~name`` where the system has no user called ``name`` (``name`` is "" for a ``~``
    alone whose home folder cannot be found); its text is the reason, in the player's language."""

    def __init__(self, name: str) -> None:
        self.name = name
        if name:
            reason = _("no user called {name}").format(name=phrases.clipped(name, 40))
        else:
            reason = _("the system does not say which folder is your home (~)")
        super().__init__(reason)


def user_path(given: str | os.PathLike[str]) -> Path:
    """``given`` as a path, ``~`` and ``~name`` at its start expanded; ``UnknownUser`` when the user it
    names is not there (the path is then neither used nor made)."""
    path = Path(given)
    try:
        return path.expanduser()
    except (RuntimeError, ValueError, OSError):  # RuntimeError: no such user; ValueError: a name with a NUL
        first = path.parts[0] if path.parts else "~"
        raise UnknownUser(first[1:]) from None



def cannot_use(given: str, error: UnknownUser) -> str:
    """The line that says the path ``given`` cannot be used, and why: "cannot use ~nosuchuser/x: no user
    called nosuchuser"."""
    return _("cannot use {path}: {reason}").format(path=phrases.clipped(given, 80), reason=error)


def option_path(given: str, program: str) -> Path:
    """``user_path(given)`` for a path given on the command line of ``program`` (``toguz online``): when its
    user is not there, one line on standard error ("toguz bot: cannot use ~nosuchuser/token: no user called
    nosuchuser") and exit status 2, before anything is read, written or asked."""
    try:
        return user_path(given)
    except UnknownUser as error:
        print(f"{program}: {cannot_use(given, error)}", file=sys.stderr, flush=True)
        raise SystemExit(2) from None
