"""The player's PlayStrategy token: kept in the system keyring where one works, else in a file only the
user can read; found, for scripts, in a file named on the command line or in an environment variable.

A token is kept for one server: the one ``toguz online login`` checked it with. Another server (named by
``--server``) never gets it: it has its own, kept by its own login.

The token is never printed, logged or written into a record; the file is written atomically with mode
0600 from its creation, and read only when it is a regular file of the user's (a link's target checked as
the file itself), bounded in size.

The keyring is asked off the interface's thread, each call waited for at most ``KEYRING_WAIT`` seconds (a
locked Secret Service may never answer); one that does not answer, or whose module breaks on import, is
said once on standard error, and the file is used instead.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import stat
import sys
import urllib.parse
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from speech.system.deadline import Deadline, NoAnswer, described
from speech.system.files import binary, modes_tell_readers
from speech.words.i18n import _
from toguz_tui.files.user_files import FileProblem, read_text
from toguz_tui.online.network.client import DEFAULT_SERVER

SERVICE = "toguz-playstrategy"
ENVIRONMENT = "TOGUZ_PLAYSTRATEGY_TOKEN"
LONGEST = 200  # characters: lichess-style tokens are some 24 to 60
KEYRING_WAIT = 5.0  # seconds the system keyring has to answer (a locked one may never)

Answer = TypeVar("Answer")


class TokenProblem(Exception):
    """A token that cannot be found, kept or read; the message says why, in the player's words."""


def checked(token: str) -> str:
    """``token`` with spaces trimmed; ``TokenProblem`` when it is empty, too long or not printable ASCII."""
    token = token.strip()
    if not token or len(token) > LONGEST or not all(33 <= ord(char) < 127 for char in token):
        raise TokenProblem(_("that is not a PlayStrategy token (a line of letters, digits and signs)"))
    return token


def token_file(config: Path, server: str = DEFAULT_SERVER) -> Path:
    """Where the token for ``server`` is kept when no keyring works: a file of its own for each exact
    address. The name shows the host for the eye and ends in a digest of the whole address, so two
    addresses that differ anywhere (``lila-dev.example.org`` and ``lila.dev-example.org``, ``/a`` and
    ``.a``, a long common start) never share a file."""
    if server == DEFAULT_SERVER:
        return config / "playstrategy-token"
    host = urllib.parse.urlsplit(server).hostname or ""
    shown = "".join(char if char.isascii() and (char.isalnum() or char in ".-") else "_" for char in host)[:40]
    digest = hashlib.sha256(server.encode("utf-8", "surrogatepass")).hexdigest()[:32]
    return config / f"online-token-{shown}-{digest}"


def _key(server: str) -> str:
    """The keyring's user name for ``server``'s token."""
    return "token" if server == DEFAULT_SERVER else f"token {server}"


def _no_answer(seconds: float) -> str:
    return _("The system keyring did not answer within {seconds} seconds: toguz uses its own token file "
             "instead.").format(seconds=f"{seconds:g}")


_ASKED = Deadline(KEYRING_WAIT, _no_answer)  # every keyring call, off the interface's thread
_trouble: list[str] = []  # why the keyring could not be used, as said (said once)


def _said(reason: str) -> None:
    """Say once, on standard error, why the system keyring is not used (a token kept there is not found)."""
    if reason not in _trouble:
        _trouble.append(reason)
        print(reason, file=sys.stderr, flush=True)


def _asked(work: Callable[[], Answer]) -> Answer:
    """``work()`` (a call to the keyring) within the deadline; ``NoAnswer`` said once, then raised."""
    try:
        return _ASKED.call(work, name="toguz-keyring")
    except NoAnswer as error:
        _said(str(error))
        raise


def _found_keyring() -> object | None:
    """The keyring module when a real keyring backend works here, else None (on the keyring's thread)."""
    import keyring
    from keyring.backends import fail

    backend = keyring.get_keyring()
    if isinstance(backend, fail.Keyring) or getattr(backend, "priority", 0) <= 0:
        return None  # no keyring works here (a desktop's Secret Service, macOS Keychain, Windows)
    return keyring


def _keyring() -> object | None:
    """The keyring module when a real keyring backend works here and answers in time, else None. One that
    is not installed is simply none; one whose module breaks (whatever its import raises) or that does not
    answer is said once, and toguz's own file is used instead."""
    if _trouble:
        return None  # said already: not asked again
    try:
        return _asked(_found_keyring)
    except NoAnswer:
        return None
    except ImportError:
        return None
    except Exception as error:  # a broken keyring module or backend: anything its import raised
        _said(_("The system keyring could not be loaded ({error}): toguz uses its own token file instead.").format(
            error=described(error)))
        return None


def store(token: str, user: str, config: Path, server: str = DEFAULT_SERVER) -> str:
    """Keep ``token`` (``user``'s) for ``server``; where it was kept, in words. ``OSError`` when the
    file cannot be written."""
    token = checked(token)
    ring = _keyring()
    if ring is not None:
        try:
            _asked(lambda: ring.set_password(SERVICE, _key(server), token))  # type: ignore[attr-defined]
            return _("in the system keyring")
        except Exception:  # a keyring that refuses or does not answer: the file instead
            pass
    path = token_file(config, server)
    config.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".new")
    with contextlib.suppress(FileNotFoundError):
        temporary.unlink()
    handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | binary(), 0o600)
    with os.fdopen(handle, "w", encoding="ascii") as file:
        file.write(token + "\n")
    os.replace(temporary, path)
    return _("in {path}, readable only by you").format(path=path)


def load(config: Path, token_path: Path | None = None, server: str = DEFAULT_SERVER) -> str | None:
    """The token to use with ``server``: from ``token_path`` (``--token-file``), the environment, or the
    one kept for that server (keyring, then file), in that order; None when there is none.
    ``TokenProblem`` when one is given but unusable."""
    if token_path is not None:
        return _read(token_path)
    given = os.environ.get(ENVIRONMENT)
    if given:
        try:
            return checked(given)
        except TokenProblem:
            raise TokenProblem(_("the token in {variable} is not a PlayStrategy token (a line of letters, digits "
                                 "and signs): correct it, or unset it to use the one kept by login").format(
                variable=ENVIRONMENT)) from None
    ring = _keyring()
    if ring is not None:
        try:
            found = _asked(lambda: ring.get_password(SERVICE, _key(server)))  # type: ignore[attr-defined]
        except Exception:  # a keyring that refuses or does not answer: the file instead
            found = None
        if found:
            return checked(found)
    path = token_file(config, server)
    if path.exists() or path.is_symlink():
        return _read(path, private=True)
    return None


def remove(config: Path, server: str = DEFAULT_SERVER) -> bool:
    """Forget the token kept for ``server`` (keyring and file); whether there was one. ``TokenProblem``
    naming the file when it cannot be removed."""
    removed = False
    ring = _keyring()
    if ring is not None:
        with contextlib.suppress(Exception):  # a keyring that refuses or does not answer: the file still goes
            _asked(lambda: ring.delete_password(SERVICE, _key(server)))  # type: ignore[attr-defined]
            removed = True
    path = token_file(config, server)
    try:
        if path.is_dir() and not path.is_symlink():
            raise TokenProblem(_("{path} is a folder, not a token file: remove it yourself").format(path=path))
        if path.exists() or path.is_symlink():
            path.unlink()
            removed = True
    except OSError as error:
        raise TokenProblem(_("could not remove {path}: {reason}").format(path=path, reason=error.strerror or
                                                                         type(error).__name__)) from None
    return removed


def _read(path: Path, private: bool = False) -> str:
    """A token file's token; ``TokenProblem`` when it is not a regular file, is readable by others (when
    ``private``, where its mode says so: not on Windows), too big, or holds no token."""
    try:
        if private:
            mode = path.stat().st_mode  # a link's target: the file whose permissions matter
            if stat.S_ISREG(mode) and mode & 0o077 and modes_tell_readers():  # Windows: always 0o666 or 0o444
                raise TokenProblem(_("{path} can be read by others: remove it and log in again").format(path=path))
        text = read_text(path, 4096)
    except FileProblem as problem:
        raise TokenProblem(_("{path}: {problem}").format(path=path, problem=problem)) from None
    except OSError as error:
        raise TokenProblem(_("could not read {path}: {reason}").format(path=path, reason=error.strerror or
                                                                       type(error).__name__)) from None
    return checked(text)
