"""Where ``toguz speech --wav`` and ``toguz sounds --wav`` may write a WAV file, and writing it there.

The files are the user's: a path is written only when it is new, or a regular file the user asked to
replace (``--replace``). A link is never written through, and a folder, a pipe or a device is refused
before anything is made (a pipe would block forever). The sound is made in a private folder beside
the target and then takes its place in one step, so a failed or cut write leaves the old file whole,
and "wrote" is said only of a file that holds sound.
"""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path

from speech.words.i18n import _


def target_problem(path: Path, replace: bool) -> str | None:
    """Why a WAV file may not be written at ``path`` (None when it may)."""
    if path.is_symlink():
        return _("{path} is a link; toguz does not write through links: name the file itself").format(path=path)
    try:
        found = path.stat()
    except FileNotFoundError:
        return None
    except OSError as error:
        return _("cannot write {path}: {reason}").format(path=path, reason=error.strerror or error)
    if stat.S_ISDIR(found.st_mode):
        return _("{path} is a folder, not a sound file").format(path=path)
    if not stat.S_ISREG(found.st_mode):
        return _("{path} is not a regular file (it is a device or a pipe): name a new file").format(path=path)
    if not replace:
        return _("{path} already exists; add --replace to replace it").format(path=path)
    return None


def write_in_place(path: Path, replace: bool, write: Callable[[Path], object]) -> None:
    """Have ``write`` make the sound in a private folder beside ``path``, then put it at ``path`` in
    one step. ``RuntimeError`` with a plain reason when it may not or did not happen, ``OSError``
    when the folder cannot be written."""
    problem = target_problem(path, replace)
    if problem is not None:
        raise RuntimeError(problem)
    folder = Path(tempfile.mkdtemp(prefix=".toguz-", dir=path.parent))
    try:
        made = folder / "sound.wav"
        write(made)
        if not made.is_file() or made.stat().st_size <= 44:  # a WAV header alone holds no sound
            raise RuntimeError(_("nothing was written to {path}").format(path=path))
        problem = target_problem(path, replace)  # again: something may have appeared meanwhile
        if problem is not None:
            raise RuntimeError(problem)
        if replace:
            os.replace(made, path)
        else:
            try:
                os.link(made, path)  # fails, rather than replaces, when a file appeared after all
            except FileExistsError:
                raise RuntimeError(_("{path} already exists; add --replace to replace it").format(path=path)) from None
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def ready_folder(folder: Path) -> None:
    """Make ``folder`` (and its parents) if needed and check that a file can be written in it, before any
    long work is done for it. ``RuntimeError`` with a plain reason when something else is in its place (a
    link to nothing, a file, a pipe or a device); ``OSError`` when it cannot be made or written."""
    if folder.is_symlink() and not folder.exists():
        raise RuntimeError(_("{path} is a link to something that is not there: name a folder").format(path=folder))
    if folder.exists() and not folder.is_dir():
        if folder.is_file():
            raise RuntimeError(_("{path} is a file, not a folder").format(path=folder))
        raise RuntimeError(_("{path} is not a folder (it is a device, a pipe or a socket)").format(path=folder))
    folder.mkdir(parents=True, exist_ok=True)
    handle, probe = tempfile.mkstemp(prefix=".toguz-", dir=folder)
    os.close(handle)
    os.unlink(probe)
