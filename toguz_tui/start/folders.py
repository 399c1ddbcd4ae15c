"""The folders toguz keeps its files in, checked once at the start: a folder the system cannot use at
all (a name longer than it allows, a file where a folder should be, a link to nothing, a folder of the
system's own such as ``/proc/self`` where no file can be made) or a setting that would choose a different
folder depending on where toguz starts (a relative path, a blank) or names a user who is not there
(``~nosuchuser/toguz``) is one plain line naming it and the setting that chose it, not a fault in the
middle of the first read, nor a game said to be "open in another toguz"."""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

from speech.user_path import UnknownUser, user_path
from speech.words import phrases
from speech.words.i18n import _
from toguz_tui.files.settings import settings_path
from toguz_tui.files.storage import current_game_path


def _problem(path: Path) -> str | None:
    """Why the system cannot look at ``path`` at all, why its folder is no folder, or why the folder it is
    missing from cannot hold it (a link to nothing, a folder where no file can be made); None when it can,
    or when it is merely not there yet."""
    try:
        os.stat(path)
    except FileNotFoundError:
        return _dangling(path.parent) or _unwritable(path.parent)
    except NotADirectoryError:
        if path.parent.exists() and not path.parent.is_dir():
            return _("it is a file, not a folder")
        return None
    except OSError as error:
        return error.strerror or str(error)
    return None


def _dangling(folder: Path) -> str | None:
    """Why ``folder`` cannot be made: it, or the nearest of its parents that is there, is a link to
    something that is not there (None when there is no such link)."""
    for step in (folder, *folder.parents):
        try:
            if step.is_symlink() and not step.exists():
                target = phrases.clipped(os.readlink(step), 80)
                if step == folder:
                    return _("it is a link to {target}, which is not there").format(target=target)
                return _("{link} is a link to {target}, which is not there").format(
                    link=phrases.clipped(str(step), 80), target=target)
            if step.exists():
                return None
        except OSError:
            return None
    return None


def _unwritable(folder: Path) -> str | None:
    """Why no file at all can be made in ``folder``, which is there (a folder of the system's own, such as
    ``/proc/self``); None when one can, when the folder is not there yet (it is made), or when only this user
    may not write there or the disk is read-only (each save then says so, and the game can still be played)."""
    if not folder.is_dir():
        return None
    try:
        handle, probe = tempfile.mkstemp(prefix=".toguz-", dir=folder)
    except OSError as error:
        if isinstance(error, PermissionError) or error.errno == errno.EROFS:
            return None
        return _("no file can be made in it ({reason})").format(reason=error.strerror or error)
    os.close(handle)
    os.unlink(probe)
    return None


def _setting_problem(variable: str) -> str | None:
    """Why the folder ``variable`` names cannot be used wherever toguz starts: blank, a ``~name`` of a user
    who is not there, or not a full path."""
    value = os.environ.get(variable)
    if not value:
        return None
    if not value.strip():
        return _("{variable} is blank: set it to the full path of a folder, or leave it unset.").format(
            variable=variable)
    try:
        expanded = user_path(value)
    except UnknownUser as error:
        return _("{variable} is {value}: {reason}. Set it to the full path of a folder, or leave it unset.").format(
            variable=variable, value=phrases.clipped(value, 80), reason=error)
    if not expanded.is_absolute():
        return _("{variable} is {value}, not a full path: toguz would keep its files in another folder whenever it "
                 "starts in another one. Set it to a full path (such as {example}), or leave it unset.").format(
            variable=variable, value=phrases.clipped(value, 80), example=Path.home() / "toguz")
    return None


def unusable_folder() -> str | None:
    """The one line to say when the data or the settings folder cannot be used, else None."""
    for path, variable in ((current_game_path(), "TOGUZ_DATA_DIR"), (settings_path(), "TOGUZ_CONFIG_DIR")):
        problem = _setting_problem(variable)
        if problem is not None:
            return problem
        problem = _problem(path)
        if problem is not None:
            return _("toguz cannot use the folder {path}: {problem}. Set {variable} to another folder.").format(
                path=phrases.clipped(str(path.parent), 80), problem=problem, variable=variable)
    return None
