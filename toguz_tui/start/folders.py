"""The folders toguz keeps its files in, checked once at the start: a folder the system cannot use at
all (a name longer than it allows, a file where a folder should be) is one plain line naming it and
the setting that chose it, not a fault in the middle of the first read."""

from __future__ import annotations

import os
from pathlib import Path

from speech.words import phrases
from speech.words.i18n import _
from toguz_tui.files.settings import settings_path
from toguz_tui.files.storage import current_game_path


def _problem(path: Path) -> str | None:
    """Why the system cannot look at ``path`` at all (None when it can, or when it is merely not there yet)."""
    try:
        os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as error:
        return error.strerror or str(error)
    return None


def unusable_folder() -> str | None:
    """The one line to say when the data or the settings folder cannot be used, else None."""
    for path, variable in ((current_game_path(), "TOGUZ_DATA_DIR"), (settings_path(), "TOGUZ_CONFIG_DIR")):
        problem = _problem(path)
        if problem is not None:
            return _("toguz cannot use the folder {path}: {problem}. Set {variable} to another folder.").format(
                path=phrases.clipped(str(path.parent), 80), problem=problem, variable=variable)
    return None
