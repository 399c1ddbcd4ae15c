"""The user's language as the system keeps it, where the environment does not say it.

On Linux the locale variables (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``) are the system's own
word, and nothing else is asked. Windows sets none of them, and macOS's Terminal often leaves them unset:

- Windows: the user's display language, ``GetUserDefaultUILanguage`` (kernel32), a LANGID such as
  0x0419, named through ``locale.windows_locale`` (``ru_RU``).
- macOS: the languages of the user's preferences, in their order, ``defaults read -g AppleLanguages``
  (``("ru-KZ", "en-KZ")``), asked for at most ``ASK_SECONDS`` and ``MOST_BYTES`` of its answer.

Asked once for each system (the language does not change while toguz runs); ``forget`` asks again.
"""

from __future__ import annotations

import contextlib
import ctypes
import locale
import re
import subprocess
import sys
import threading
from typing import Any

from speech.system import System, system

ASK_SECONDS = 2.0  # the longest ``defaults`` may take
MOST_BYTES = 4096  # of its answer read (a few languages take some 50)
MOST_LANGUAGES = 16
_TAG = re.compile(r"[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8}){0,3}")
_asked: dict[System, list[str]] = {}


def system_languages() -> list[str]:
    """The user's languages as the system keeps them, the first preferred (``ru_RU``, ``kk-KZ``); empty on
    Linux, or where the system does not tell."""
    here = system()
    if here not in _asked:
        _asked[here] = _windows_languages() if here == "win32" else _mac_languages() if here == "darwin" else []
    return list(_asked[here])


def forget() -> None:
    """Ask the system again next time (for tests)."""
    _asked.clear()


def _windows_languages() -> list[str]:
    """The Windows user's display language (none where kernel32 cannot be asked)."""
    try:
        kernel32 = _kernel32()
        language_id = int(kernel32.GetUserDefaultUILanguage()) & 0xFFFF
    except (AttributeError, OSError, TypeError, ValueError):
        return []
    named = locale.windows_locale.get(language_id) or locale.windows_locale.get(0x400 | (language_id & 0x3FF))
    return [named] if named else []


def _kernel32() -> Any:
    """Windows' kernel32 library (what a test gives ``ctypes.windll`` elsewhere)."""
    if sys.platform == "win32":  # typed there by mypy --platform win32
        return ctypes.windll.kernel32
    return getattr(ctypes, "windll").kernel32  # noqa: B009 - only a test's fake has it here


def _mac_languages(argv: tuple[str, ...] = ("defaults", "read", "-g", "AppleLanguages")) -> list[str]:
    """The languages of the macOS user's preferences (none when ``defaults`` cannot tell in time)."""
    return mac_languages_listed(bounded_output(list(argv), ASK_SECONDS, MOST_BYTES))


def mac_languages_listed(text: str) -> list[str]:
    """The language tags in ``defaults``' answer for ``AppleLanguages`` (a property list's array: ``(`` then
    ``"ru-KZ",`` a line, then ``)``); whatever else is in it is passed over."""
    tags = []
    for item in re.split(r"[\s,()]+", text):
        tag = item.strip().strip('"').strip()
        if _TAG.fullmatch(tag):
            tags.append(tag)
    return tags[:MOST_LANGUAGES]


def bounded_output(argv: list[str], seconds: float, most: int) -> str:
    """The first ``most`` bytes that ``argv`` prints within ``seconds`` (as UTF-8); "" when it cannot run. It is
    ended once read, or once the time has passed."""
    try:
        process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    except (OSError, ValueError):
        return ""
    read: list[bytes] = []
    stdout = process.stdout
    assert stdout is not None

    def reading() -> None:
        with contextlib.suppress(OSError, ValueError):
            read.append(stdout.read(most))

    reader = threading.Thread(target=reading, name="toguz-ask-system", daemon=True)
    reader.start()
    reader.join(seconds)
    with contextlib.suppress(OSError):
        process.kill()
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        process.wait(timeout=1.0)
    reader.join(0.5)
    with contextlib.suppress(OSError):
        stdout.close()
    return read[0].decode("utf-8", "replace") if read else ""
