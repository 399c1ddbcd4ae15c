"""The folders toguz keeps its files in, checked once at the start: a folder the system cannot use at
all (a name longer than it allows, a file where a folder should be) or a setting that would choose a
different folder depending on where toguz starts (a relative path, a blank) is one plain line naming
it and the setting that chose it, not a fault in the middle of the first read."""

from __future__ import annotations

import os
from pathlib import Path

from speech.words import phrases
from speech.words.i18n import _
from toguz_tui.files.settings import settings_path
from toguz_tui.files.storage import current_game_path


def _problem(path: Path) -> str | None:
    """Why the system cannot look at ``path`` at all, or why its folder is no folder (None when it can,
    or when it is merely not there yet)."""
    try:
        os.stat(path)
    except FileNotFoundError:
        return None
    except NotADirectoryError:
        if path.parent.exists() and not path.parent.is_dir():
            return _("it is a file, not a folder")
        return None
    except OSError as error:
        return error.strerror or str(error)
    return None


def _setting_problem(variable: str) -> str | None:
    """Why the folder ``variable`` names cannot be used wherever toguz starts: blank, or not a full path."""
    value = os.environ.get(variable)
    if not value:
        return None
    if not value.strip():
        return _("{variable} is blank: set it to the full path of a folder, or leave it unset.").format(
            variable=variable)
    if not Path(value).expanduser().is_absolute():
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
