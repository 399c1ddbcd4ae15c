"""Files the user names or owns: read only regular files, bounded in size; never replace one without
an explicit yes; write atomically.

- Reading opens without blocking and checks that the file is a regular file before reading a
  byte (a FIFO would block forever, ``/dev/zero`` never ends), and reads at most ``limit`` bytes.
- Text is UTF-8 (a BOM is allowed) or UTF-16 with its BOM; anything else gets a plain reason.
- Writing goes to a new file or, when the user said so, replaces or adds to a regular file: the
  text is written to a temporary file in the same folder and moved over the target in one step,
  so a crash or a full disk leaves the old file whole. A symbolic link is followed to the file it
  names; devices, FIFOs and folders are refused; a missing folder is never created silently.
"""

from __future__ import annotations

import codecs
import contextlib
import os
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from speech.system.files import binary
from speech.user_path import UnknownUser, user_path
from speech.words.i18n import _, n_

WriteMode = Literal["new", "replace", "append"]
MEGABYTE = 1 << 20


class FileProblem(Exception):
    """A file that cannot be read or written as asked, with a reason a person understands."""


@dataclass(frozen=True)
class Existing:
    """What stands at a path the user wants to write: nothing, or a regular file (its real path)."""

    path: Path
    exists: bool


def size_words(size: int) -> str:
    """``"742 bytes"``, ``"12 KB"``, ``"50 MB"``."""
    if size < 1024:
        return n_("{count} byte", "{count} bytes", size).format(count=size)
    if size < MEGABYTE:
        return _("{count} KB").format(count=size // 1024)
    return _("{count} MB").format(count=f"{size / MEGABYTE:.0f}")


def too_long_number() -> str:
    """Why a file with a number of thousands of digits cannot be read (Python's own words would name
    ``sys.set_int_max_str_digits``, no help to a player)."""
    return _("a number in it is thousands of digits long")


def folder_from(variable: str) -> Path | None:
    """The folder the environment variable ``variable`` names, ``~`` and ``~name`` expanded; None when it is
    unset or empty. A blank or relative value, or one whose ``~name`` names no user, is returned as it is:
    ``toguz_tui.start.folders`` refuses it before anything is kept there."""
    value = os.environ.get(variable)
    if not value:
        return None
    try:
        return user_path(value) if value.strip() else Path(value)
    except UnknownUser:
        return Path(value)


def read_bytes(path: Path, limit: int) -> bytes:
    """The bytes of the regular file ``path``; ``FileProblem`` for anything else or anything larger."""
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | binary())
    except FileNotFoundError:
        raise FileProblem(_("no such file")) from None
    except IsADirectoryError:
        raise FileProblem(_("it is a folder, not a file")) from None
    except OSError as error:
        raise FileProblem(error.strerror or str(error)) from None
    try:
        info = os.fstat(handle)
        if stat.S_ISDIR(info.st_mode):
            raise FileProblem(_("it is a folder, not a file"))
        if not stat.S_ISREG(info.st_mode):
            raise FileProblem(_("it is not a regular file (a device, a pipe or a socket)"))
        if info.st_size > limit:
            raise FileProblem(_("it is {size}; toguz reads files of up to {limit}").format(
                size=size_words(info.st_size), limit=size_words(limit)))
        chunks: list[bytes] = []
        total = 0
        while chunk := os.read(handle, MEGABYTE):
            total += len(chunk)
            if total > limit:
                raise FileProblem(_("it is larger than {limit}, the most toguz reads").format(limit=size_words(limit)))
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError as error:
        raise FileProblem(error.strerror or str(error)) from None
    finally:
        os.close(handle)


def decode_text(data: bytes) -> str:
    """Text from UTF-8 (with or without a BOM) or UTF-16 with a BOM; ``FileProblem`` otherwise."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            raise FileProblem(_("it starts as UTF-16 text but is not readable as such")) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise FileProblem(_("it is not UTF-8 text (byte {byte} at position {position}); save it as UTF-8 and open "
                            "it again").format(byte=f"0x{data[error.start]:02x}", position=error.start)) from None


def read_text(path: Path, limit: int) -> str:
    """The text of the regular file ``path`` (see ``read_bytes`` and ``decode_text``)."""
    return decode_text(read_bytes(path, limit))


def where_to_write(path: Path) -> Existing:
    """Where writing ``path`` would go, and whether a file is there; ``FileProblem`` when it cannot be
    written at all (a folder, a device, a missing folder)."""
    if path.is_symlink():
        try:
            path = path.resolve(strict=True)
        except (OSError, RuntimeError):
            raise FileProblem(_("it is a link to nothing")) from None
    try:
        info = path.stat()
    except FileNotFoundError:
        folder = path.parent
        if not folder.is_dir():
            raise FileProblem(_("the folder {folder} does not exist").format(folder=folder)) from None
        return Existing(path, False)
    except OSError as error:
        raise FileProblem(error.strerror or str(error)) from None
    if stat.S_ISDIR(info.st_mode):
        raise FileProblem(_("it is a folder"))
    if not stat.S_ISREG(info.st_mode):
        raise FileProblem(_("it is not a regular file (a device, a pipe or a socket)"))
    return Existing(path, True)


def write_text(path: Path, text: str, mode: WriteMode = "new", limit: int = 64 * MEGABYTE) -> Path:
    """Write ``text`` to ``path`` atomically: ``new`` refuses an existing file (``FileExistsError``),
    ``replace`` replaces it, ``append`` adds ``text`` after what it holds. The path written."""
    target = where_to_write(path)
    if target.exists and mode == "new":
        raise FileExistsError(str(target.path))
    if target.exists and read_only(target.path):
        raise FileProblem(_("it is read-only; toguz changes it only when you make it writable"))
    if target.exists and mode == "append":
        before = read_text(target.path, limit)
        text = before.rstrip("\n") + "\n\n" + text if before.strip() else text
    keep_mode = target.path.stat().st_mode & 0o7777 if target.exists else 0o666 & ~_umask()
    write_atomically(target.path, text, keep_mode, replace=mode != "new")
    return target.path


def read_only(path: Path) -> bool:
    """True when ``path`` is marked read-only (no one may write it), or this user may not write it."""
    return path.stat().st_mode & 0o222 == 0 or not os.access(path, os.W_OK)


def _umask() -> int:
    """The user's umask, which new files of theirs follow (read without changing it where the system tells)."""
    with contextlib.suppress(OSError, ValueError):
        for status_line in Path("/proc/self/status").read_text().splitlines():
            if status_line.startswith("Umask:"):
                return int(status_line.split()[1], 8)
    mask = os.umask(0o077)
    os.umask(mask)
    return mask


def write_atomically(path: Path, text: str, mode: int | None = None, replace: bool = True) -> None:
    """Write ``text`` so that a crash leaves either the old file or the new one, never a broken one.
    With ``replace`` false, a file that appeared meanwhile is not replaced (``FileExistsError``)."""
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        if mode is not None:
            os.chmod(temporary, mode)
        if replace:
            os.replace(temporary, path)
        else:
            _move_to_new_name(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _move_to_new_name(temporary: str, path: Path) -> None:
    """Give the written file its name, unless a file took that name meanwhile."""
    try:
        os.link(temporary, path)  # fails if the name was taken meanwhile
    except FileExistsError:
        raise
    except OSError:  # a file system without hard links
        if path.exists():
            raise FileExistsError(str(path)) from None
        os.replace(temporary, path)
        return
    os.unlink(temporary)
